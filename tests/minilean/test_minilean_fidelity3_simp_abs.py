"""`simp`'s default set knows Mathlib's @[simp] facts about `|a|`: `abs_nonneg` (`0 ≤ |a|` is True),
`abs_pos` (`0 < |a| ↔ a ≠ 0`) and `abs_eq_zero`; `simp only []` does not."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(y : ℝ) : 0 ≤ |y| := by simp",
        "(y : ℤ) : |y - 3| ≥ 0 := by simp",
        "(y : ℝ) (hy : y ≠ 0) : 0 < |y| := by simp [hy]",
        "(y : ℝ) (hy : y = 0) : |y| = 0 := by simp [hy]",
        "(y : ℝ) (h : |y| = 0) : y = 0 := by simpa using h",
        "(y z : ℝ) : 0 ≤ |y| ∧ 0 ≤ |z| := by simp",
    ],
)
def test_simp_abs_facts(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(y : ℝ) : 0 < |y| := by simp",  # false at y = 0: simp leaves `¬y = 0`
        "(y : ℝ) : 1 ≤ |y| := by simp",
        "(y : ℝ) : |y| ≤ 0 := by simp",
        "(y : ℝ) : 0 ≤ |y| := by simp only []",
        "(y : ℝ) : |y| = 0 := by simp",
    ],
)
def test_simp_abs_refusals(src: str) -> None:
    assert not _accepts(src)
