"""Mathlib @[simp] lemmas added to the default simp set: `mul_div_cancel_left₀` / `mul_div_cancel_right₀`
(side condition `b ≠ 0` by the discharger; fields, ℕ and ℤ have `MulDivCancelClass`), `sub_neg_eq_add`,
`add_sub_sub_cancel`, `neg_add_cancel` / `add_neg_cancel`, `abs_neg`, `abs_zero`, `abs_one`."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(x : ℝ) (h : 3 * x / 3 = 5) : x = 5 := by\n  simp at h\n  exact h",
        "(x : ℝ) (h : x * 5 / 5 = 2) : x = 2 := by\n  simp at h\n  exact h",
        "(n : ℕ) (h : 4 * n / 4 = 7) : n = 7 := by\n  simp at h\n  exact h",
        "(n : ℤ) (h : 4 * (n + 1) / 4 = 7) : n + 1 = 7 := by\n  simp at h\n  exact h",
        # a variable divisor needs its `≠ 0` among the simp arguments
        "(x y : ℝ) (hy : y ≠ 0) (h : x * y / y = 2) : x = 2 := by\n  simp [hy] at h\n  exact h",
        # `a + b - (a - c)` is `b + c`, `a - -b` is `a + b`; simp does not add real numerals
        "(x y : ℝ) (h : x + 2 * y - (x - y) = 4 - -2) : 2 * y + y = 4 + 2 := by\n  simp at h\n  exact h",
        # abs_neg, neg_add_cancel, abs_zero, add_zero
        "(x : ℝ) (h : |-x| + |(-1 : ℝ) + 1| = 3) : |x| = 3 := by\n  simp at h\n  exact h",
        "(x : ℝ) (h : x + -x + |(1 : ℝ)| = x) : 1 = x := by\n  simp at h\n  exact h",
    ],
)
def test_simp_lemmas(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false variants
        "(x : ℝ) (h : 3 * x / 3 = 5) : x = 6 := by\n  simp at h\n  exact h",
        "(n : ℕ) (h : 4 * n / 4 = 7) : n = 8 := by\n  simp at h\n  exact h",
        # no `y ≠ 0` available: simp cannot cancel
        "(x y : ℝ) (h : x * y / y = 2) : x = 2 := by\n  simp at h\n  exact h",
        # the numerals are not added by simp over ℂ (nor ℝ): `1 + 1` stays
        "(x y : ℂ) (h : x + y - (x - y) = 1 - -1) : y + y = 2 := by\n  simp at h\n  exact h",
        # add_sub_sub_cancel needs the same first summand
        "(x y : ℝ) (h : x + y - (y - x) = 2) : y + x = 2 := by\n  simp at h\n  exact h",
    ],
)
def test_simp_refusals(src: str) -> None:
    assert not _accepts(src)
