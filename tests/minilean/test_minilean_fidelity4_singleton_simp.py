"""Default simp lemmas `Finset.Icc_self` / `Finset.range_one` with `sum_singleton` / `prod_singleton`:
a big operator over one element is its only term under `simp` / `norm_num`, never under `simp only []`."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        ": (∏ k ∈ Finset.Icc (1 : ℕ) (0 + 1), (1 + (1 : ℝ) / k ^ 3)) ≤ 3 - 1 / ((0 + 1 : ℕ) : ℝ) := by\n"
        "  norm_num",
        "(f : ℕ → ℕ) : (∑ k ∈ Finset.range 1, f k) = f 0 := by\n  simp",
        "(f : ℕ → ℕ) (n : ℕ) : (∑ k ∈ Finset.Icc n n, f k) = f n := by\n  simp",
        "(f : ℕ → ℝ) : (∏ k ∈ Finset.Icc (3 : ℕ) 3, f k) = f 3 := by\n  simp",
    ],
)
def test_singleton_big_operators(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false variants
        ": (∏ k ∈ Finset.Icc (1 : ℕ) (0 + 1), (1 + (1 : ℝ) / k ^ 3)) < 3 - 1 / ((0 + 1 : ℕ) : ℝ) := by\n"
        "  norm_num",
        "(f : ℕ → ℕ) (h : f 0 ≠ f 1) : (∑ k ∈ Finset.range 1, f k) = f 1 := by\n  simp",
        # `simp only []` does not use the default simp set
        "(f : ℕ → ℕ) : (∑ k ∈ Finset.range 1, f k) = f 0 := by\n  simp only []",
    ],
)
def test_singleton_big_operators_refuse(src: str) -> None:
    assert not _accepts(src)
