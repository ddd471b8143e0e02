# ruff: noqa: E501
"""Mathlib's `Real.sqrt` lemmas in the z3-checked table (√ is 0 on negatives, so a lemma that forgets its
`0 ≤ x` premise is refused), and numerals given to a one-type lemma take that type (`Real.sqrt_nonneg 22`)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.lemmas import NotAdmitted, _s, check_schema


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    ("binders", "concl"),
    [
        ("{a : α}", "Real.sqrt a ^ 2 = a"),  # false for a < 0
        ("{x y : α} (hy : 0 ≤ y)", "y ≤ Real.sqrt x ↔ y ^ 2 ≤ x"),  # false at y = 0, x < 0
        ("{x y : α}", "Real.sqrt x = Real.sqrt y ↔ x = y"),  # false for two negatives
    ],
)
def test_sqrt_lemmas_without_their_premises_are_refused(binders: str, concl: str) -> None:
    with pytest.raises(NotAdmitted):
        check_schema(_s("bogus_sqrt", "R", binders, concl), _s("bogus_sqrt", "R", binders, concl).types[0], {})


@pytest.mark.parametrize(
    "src",
    [
        ": (0:ℝ) ≤ Real.sqrt 7 := Real.sqrt_nonneg 7",
        "(y : ℝ) (h₀ : 0 ≤ y) (h : Real.sqrt y = 5) : y = 25 := by\n"
        "  have h2 := Real.sq_sqrt h₀\n  rw [h] at h2\n  linarith",
        "(y : ℝ) (h : y ≤ -1) : Real.sqrt y = 0 := Real.sqrt_eq_zero_of_nonpos (by linarith)",
        "(u v : ℝ) (hu : 0 ≤ u) (h : Real.sqrt u < Real.sqrt v) : u < v := (Real.sqrt_lt_sqrt_iff hu).mp h",
        "(u : ℝ) : 0 ≤ Real.sqrt u + 1 := by nlinarith [Real.sqrt_nonneg u]",
    ],
)
def test_sqrt_lemmas_by_name(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize(
    "src",
    [
        ": (0:ℝ) ≤ Real.sqrt 7 := Real.sqrt_nonneg 8",
        # `Real.sq_sqrt` needs `0 ≤ y`; `y ≤ y` is not that
        "(y : ℝ) (h : Real.sqrt y = 5) : y = 25 := by\n  have h2 := Real.sq_sqrt (le_refl y)\n  rw [h] at h2\n  linarith",
        # `Nat.add_one_sub_one` is about ℕ: a real argument is a type error
        "(x : ℝ) : x + 1 - 1 = x := Nat.add_one_sub_one x",
        "(y : ℝ) (h : y ≤ 1) : Real.sqrt y = 0 := Real.sqrt_eq_zero_of_nonpos h",
    ],
)
def test_refused(src: str) -> None:
    assert not _accepts(src), src
