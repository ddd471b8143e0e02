# ruff: noqa: E501
"""More named facts in the z3-checked table: `Eq.symm`, `div_eq_div_iff`, `Nat.mul_left_cancel`,
`Int.eq_zero_or_eq_zero_of_mul_eq_zero`, `Nat.pow_le_pow_of_le_left`, `nonneg_le_nonneg_of_sq_le_sq`
(Mathlib's binders); premises a lemma needs cannot be dropped."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.lemmas import NotAdmitted, _s, check_schema


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(u v : ℚ) (h : u = v + 1) : v + 1 = u := Eq.symm h",
        "(p q r s : ℝ) (hq : q ≠ 0) (hs : s ≠ 0) (h : p / q = r / s) : p * s = r * q := (div_eq_div_iff hq hs).mp h",
        "(u w : ℕ) (h : 7 * u = 7 * w) : u = w := Nat.mul_left_cancel (by norm_num) h",
        "(u w : ℤ) (h : u * w = 0) : u = 0 ∨ w = 0 := Int.eq_zero_or_eq_zero_of_mul_eq_zero h",
        "(u w : ℕ) (h : u ≤ w) : u ^ 4 ≤ w ^ 4 := Nat.pow_le_pow_of_le_left h 4",
        "(u w : ℝ) (hw : 0 ≤ w) (h : u * u ≤ w * w) : u ≤ w := nonneg_le_nonneg_of_sq_le_sq hw h",
    ],
)
def test_more_lemmas(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(u v : ℚ) (h : u = v + 1) : v = u := Eq.symm h",
        "(u w : ℕ) (h : 0 * u = 0 * w) : u = w := Nat.mul_left_cancel (by norm_num) h",
        "(u w : ℕ) (h : u ≤ w) : u ^ 4 ≤ w ^ 3 := Nat.pow_le_pow_of_le_left h 4",
        "(u w : ℝ) (h : u * u ≤ w * w) : u ≤ w := nonneg_le_nonneg_of_sq_le_sq h",
    ],
)
def test_more_lemmas_refusals(src: str) -> None:
    assert not _accepts(src)


@pytest.mark.parametrize(
    ("binders", "concl", "types"),
    [
        ("{n m k : α} (h : n * m = n * k)", "m = k", "N"),  # false at n = 0
        ("{a b c d : α}", "a / b = c / d ↔ a * d = c * b", "R"),  # false when b = 0
        ("{a b : α} (h : a * a ≤ b * b)", "a ≤ b", "R"),  # false at b < 0
    ],
)
def test_lemmas_without_premises_are_refused(binders: str, concl: str, types: str) -> None:
    bogus = _s("bogus", types, binders, concl)
    with pytest.raises(NotAdmitted):
        check_schema(bogus, bogus.types[0], {})


@pytest.mark.parametrize(
    "src",
    [
        "(k : ℕ) (h : 0 < k) : (0 : ℝ) < (k : ℝ) := by\n  rw [Nat.cast_pos]\n  exact h",
        "(k j : ℕ) (h : k < j) : (k : ℚ) < (j : ℚ) := by\n  rw [Nat.cast_lt]\n  exact h",
        "(u : ℕ) (h : u < 9) : u % 9 = u := Nat.mod_eq_of_lt h",
        "(u w : ℚ) (h : -u = w) : u = -w := neg_eq_iff_eq_neg.mp h",
        "(u w : ℤ) : (u * w) ^ 5 = u ^ 5 * w ^ 5 := mul_pow u w 5",
        "(x : ℝ) (hx : 0 ≤ x) (h : x ≠ 0) : Real.sqrt x ≠ 0 := (Real.sqrt_ne_zero hx).mpr h",
        "(k : ℕ) (h : k ≤ 1) : k = 0 ∨ k = 1 := Nat.le_one_iff_eq_zero_or_eq_one.mp h",
    ],
)
def test_more_lemmas_batch2(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(k : ℕ) (h : 1 < k) : (2 : ℝ) < (k : ℝ) := by\n  rw [Nat.cast_pos]\n  exact h",
        "(u : ℕ) (h : u < 10) : u % 9 = u := Nat.mod_eq_of_lt h",
        "(u w : ℤ) : (u * w) ^ 5 = u ^ 5 * w ^ 4 := mul_pow u w 5",
        "(x : ℝ) (h : x ≠ 0) : Real.sqrt x ≠ 0 := (Real.sqrt_ne_zero (le_refl x)).mpr h",
        "(k : ℕ) (h : k ≤ 2) : k = 0 ∨ k = 1 := Nat.le_one_iff_eq_zero_or_eq_one.mp h",
    ],
)
def test_more_lemmas_batch2_refusals(src: str) -> None:
    assert not _accepts(src)


def test_div_pow() -> None:
    assert _accepts("(u w : ℝ) : (u / w) ^ 3 = u ^ 3 / w ^ 3 := div_pow u w 3")
    assert not _accepts("(u w : ℝ) : (u / w) ^ 3 = u ^ 3 / w ^ 2 := div_pow u w 3")
