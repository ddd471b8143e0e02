# ruff: noqa: E501
"""`(lemma args).mp h` and `apply (lemma args).mpr`: the arguments after the projection fix the implicit
arguments the ones before it leave open, as Lean's postponed elaboration does."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(p q : ℕ) (h₁ : 6 ∣ p) (h₂ : p / 6 = q) : p = q * 6 := (Nat.div_eq_iff_eq_mul_left (by norm_num : 0 < 6) h₁).mp h₂",
        "(u w : ℝ) (h : (7:ℝ) ≠ 0) (h2 : u * 7 = w) : u = w / 7 := by\n  apply (eq_div_iff_mul_eq h).mpr\n  exact h2",
        "(u w : ℝ) (h : (7:ℝ) ≠ 0) (h2 : u = w / 7) : u * 7 = w := (eq_div_iff_mul_eq h).mp h2",
        "(c v : ℝ) (hc : 0 < c) (h : 0 ≤ c * v) : 0 ≤ v := (mul_nonneg_iff_of_pos_left hc).mp h",
        "(c v : ℝ) (hc : 0 < c) (h : 0 ≤ v) : 0 ≤ c * v := (mul_nonneg_iff_of_pos_left hc).2 h",
    ],
)
def test_applied_iff_directions(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize(
    "src",
    [
        # the hypothesis does not have the shape of the chosen side
        "(p q : ℕ) (h₁ : 6 ∣ p) (h₂ : p / 6 = q) : p = q * 7 := (Nat.div_eq_iff_eq_mul_left (by norm_num : 0 < 6) h₁).mp h₂",
        # the wrong direction
        "(u w : ℝ) (h : (7:ℝ) ≠ 0) (h2 : u * 7 = w) : u = w / 7 := (eq_div_iff_mul_eq h).mp h2",
        # the premise the lemma needs is missing (c ≠ 0 is not 0 < c)
        "(c v : ℝ) (hc : c ≠ 0) (h : 0 ≤ c * v) : 0 ≤ v := (mul_nonneg_iff_of_pos_left hc).mp h",
        # a false conclusion
        "(c v : ℝ) (hc : 0 < c) (h : 0 ≤ c * v) : 0 < v := (mul_nonneg_iff_of_pos_left hc).mp h",
    ],
)
def test_misapplied_iff_is_refused(src: str) -> None:
    assert not _accepts(src), src
