# ruff: noqa: E501
"""Lemmas about propositions (`not_and_or`) apply whatever numbers the propositions mention, and the case
splits competition proofs take from the table (`abs_cases`, `mul_eq_zero`)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(r : ℝ) (h : ¬ (1 ≤ r ∧ r ≤ 2)) : ¬ 1 ≤ r ∨ ¬ r ≤ 2 := not_and_or.mp h",
        "(r : ℤ) (h : ¬ (r = 1 ∨ r = 2)) : ¬ r = 1 ∧ ¬ r = 2 := not_or.mp h",
        "(p q : ℝ) (h : p * q = 0) (hp : p ≠ 0) : q = 0 := by\n"
        "  rcases mul_eq_zero.1 h with h1 | h1\n  · exact absurd h1 hp\n  · exact h1",
        "(r : ℝ) : 0 ≤ |r - 3| := by\n  rcases abs_cases (r - 3) with ⟨h1, h2⟩ | ⟨h1, h2⟩ <;> linarith",
    ],
)
def test_accepted(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize(
    "src",
    [
        "(r : ℝ) (h : ¬ (1 ≤ r ∧ r ≤ 2)) : ¬ 1 ≤ r ∧ ¬ r ≤ 2 := not_and_or.mp h",
        "(p q : ℝ) (h : p * q = 0) : q = 0 := by\n  rcases mul_eq_zero.1 h with h1 | h1\n  · exact h1\n  · exact h1",
        "(r : ℝ) : 1 ≤ |r - 3| := by\n  rcases abs_cases (r - 3) with ⟨h1, h2⟩ | ⟨h1, h2⟩ <;> linarith",
    ],
)
def test_refused(src: str) -> None:
    assert not _accepts(src), src
