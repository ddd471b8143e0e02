# ruff: noqa: E501
"""`simp` rewrites under the binder of `∑`/`∏` with a `∀`-hypothesis (the index stays abstract), but
cannot use a conditional rule there (its side condition about the index would need `Finset.sum_congr`),
and a hypothesis about an outer variable named like the index does not apply to the index."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(g : ℕ → ℕ) (hg : ∀ y, g y = y + 1) : ∑ j in Finset.range 5, g j = ∑ j in Finset.range 5, (j + 1) := by\n  simp only [hg]",
        "(g : ℕ → ℕ) (hg : ∀ y, g y = 3 * y) : ∑ j in Finset.range 4, g j = 18 := by\n  simp only [hg]\n  decide",
        "(g : ℕ → ℤ) (hg : ∀ y, g y = y + 2) : ∏ j in Finset.range 3, g j = ∏ j in Finset.range 3, ((j : ℤ) + 2) := by\n  simp only [hg]",
        "(g : ℕ → ℕ) (hg : ∀ y, g y = y) : ∑ j in Finset.Icc 1 4, g j = 10 := by\n  simp only [hg]\n  decide",
    ],
)
def test_simp_under_sum_binder(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false variant
        "(g : ℕ → ℕ) (hg : ∀ y, g y = 3 * y) : ∑ j in Finset.range 4, g j = 19 := by\n  simp only [hg]\n  decide",
        # a fact about an outer `j` says nothing about the bound index
        "(g : ℕ → ℕ) (j : ℕ) (hj : g j = 0) : ∑ j in Finset.range 4, g j = 0 := by\n  simp only [hj]",
        # a conditional rule is not used under the binder
        "(g : ℕ → ℕ) (hg : ∀ y, 0 < y → g y = 1) : ∑ j in Finset.Icc 1 4, g j = 4 := by\n  simp only [hg]\n  decide",
    ],
)
def test_simp_under_sum_binder_refusals(src: str) -> None:
    assert not _accepts(src)
