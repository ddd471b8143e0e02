# ruff: noqa: E501
"""`norm_cast` (`norm_cast0 <;> try trivial`) closing a goal: the goal's casts are lifted (ℕ → ℤ/ℝ
embeddings), then a hypothesis that is the lifted goal closes it. minilean supports only this closing use."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(m : ℕ) (hm : m > 0) : (m : ℝ) > 0 := by norm_cast",
        "(m : ℕ) (hm : 0 < m) : (0 : ℝ) < m := by norm_cast",
        "(a b : ℕ) (h : a ^ 3 = b) : (a : ℤ) ^ 3 = (b : ℤ) := by norm_cast",
        "(k : ℕ) (h : (3 + k) * k = 40) : ((3 : ℤ) + (k : ℤ)) * (k : ℤ) = 40 := by norm_cast",
        "(a b : ℕ) (h : a + 2 ≤ b) : (a : ℝ) + 2 ≤ b := by\n  have h2 : (a : ℝ) + 2 ≤ (b : ℝ) := by norm_cast\n  exact h2",
        "(a : ℕ) : ((a + 1 : ℕ) : ℤ) = (a : ℤ) + 1 := by norm_cast",
    ],
)
def test_norm_cast_closes_with_a_hypothesis(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false variants: the lifted goal is not a hypothesis
        "(m : ℕ) (hm : m > 0) : (m : ℝ) > 1 := by norm_cast",
        "(a b : ℕ) (h : a ^ 3 = b) : (a : ℤ) ^ 2 = (b : ℤ) := by norm_cast",
        # ℕ subtraction does not commute with the cast: norm_cast cannot lift it
        "(a b : ℕ) (h : a - b = 2) : (a : ℤ) - (b : ℤ) = 2 := by norm_cast",
        # norm_cast does no arithmetic reasoning beyond the cast lemmas
        "(m : ℕ) (hm : m > 2) : (m : ℝ) > 0 := by norm_cast",
    ],
)
def test_norm_cast_refuses_what_it_cannot_close(src: str) -> None:
    assert not _accepts(src)
