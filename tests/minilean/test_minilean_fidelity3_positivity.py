# ruff: noqa: E501
"""`positivity` knows Mathlib's extensions for `Real.sqrt` (positive when its argument is, else
nonnegative) and `Real.exp` (always positive); it still cannot prove what needs a sign it does not see."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        ": (0:ℝ) ≤ Real.sqrt 5 := by positivity",
        ": (0:ℝ) < Real.sqrt 7 := by positivity",
        ": Real.sqrt 3 ≠ 0 := by positivity",
        "(y : ℝ) : 0 ≤ Real.sqrt (y - 4) := by positivity",
        "(m : ℕ) : 0 ≤ Real.sqrt (m : ℝ) := by positivity",
        "(y : ℝ) (hy : 0 < y) : 0 < Real.sqrt y + 1 := by positivity",
        "(y : ℝ) (hy : 1 < y) : 0 < Real.sqrt y * 2 := by positivity",
        "(y : ℝ) : 0 < Real.exp y := by positivity",
        "(y : ℝ) : 0 < Real.exp (y - 3) + Real.sqrt y := by positivity",
        "(u : ℝ) (h : Real.sqrt 11 > 0 → u = 1) : u = 1 := by\n  have h2 : Real.sqrt 11 > 0 := by positivity\n  exact h h2",
    ],
)
def test_positivity_sqrt_exp(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # √y is 0 for y ≤ 0: positivity gives only `0 ≤ √y` without a sign for `y`
        "(y : ℝ) : 0 < Real.sqrt y := by positivity",
        "(y : ℝ) : Real.sqrt y ≠ 0 := by positivity",
        "(y : ℝ) (hy : 0 ≤ y) : 0 < Real.sqrt y := by positivity",
        # not a sign goal / false
        "(y : ℝ) : 0 ≤ Real.sqrt y - 1 := by positivity",
        "(y : ℝ) : 0 ≤ -Real.exp y := by positivity",
        ": (0:ℝ) < Real.sqrt 0 := by positivity",
    ],
)
def test_positivity_sqrt_exp_refusals(src: str) -> None:
    assert not _accepts(src)
