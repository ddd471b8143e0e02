"""`congr` without arguments closing a goal: when Lean's congruence step does not apply (the two sides
have different heads) it falls back to `Eq.refl` at default transparency and `assumption`. Splitting an
equation into argument goals is not modelled, so minilean refuses those uses (weaker, never stronger)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        ": (∑ i ∈ Finset.Icc 1 10, i) % 6 = 1 := by congr",
        ": ∑ i ∈ Finset.filter (λ x => 5∣x) (Finset.Icc 1 30), (i % 7) = 21 := by congr",
        ": Finset.card (Finset.filter (λ x => 7∣x) (Finset.Icc 10 50)) = 6 := by congr",
        "(a b : ℕ) (h : a = b) : a = b := by congr",
        "(a : ℤ) : a * 3 = a * 3 := by congr",
    ],
)
def test_congr_closes(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false closed equations
        ": (∑ i ∈ Finset.Icc 1 10, i) % 6 = 2 := by congr",
        ": Finset.card (Finset.filter (λ x => 7∣x) (Finset.Icc 10 50)) = 5 := by congr",
        # different variables with no hypothesis
        "(a b : ℕ) : a = b := by congr",
        # same head: Lean splits off `a = b`, which stays open
        "(a b : ℕ) : a + 1 = b + 1 := by congr",
        # not an equation
        "(a : ℕ) : a ≤ a + 1 := by congr",
    ],
)
def test_congr_refusals(src: str) -> None:
    assert not _accepts(src)
