"""experiments.short_scripts: the ≤ 2-line script ceiling, built from the statement, checked by minilean."""

from __future__ import annotations

import pytest

from experiments.short_scripts import shortest
from minilean.baseline import TACTICS


def _thm(binders: str, goal: str) -> str:
    return f"theorem t {binders} : {goal} := by\n  sorry"


def test_a_complex_identity_needs_ring_not_automation() -> None:
    script = shortest(_thm("(u : ℂ)", "(u - 4) * (u + 6) = u ^ 2 + 2 * u - 24"))
    assert script == ["ring"]


def test_automation_comes_first_when_it_closes_the_goal() -> None:
    script = shortest(_thm("(x y : ℝ) (h₀ : x + y = 5) (h₁ : x - y = 1)", "x = 3"))
    assert script is not None and len(script) == 1 and script[0] in TACTICS


def test_a_conjunction_takes_a_preparing_line_then_a_closer_per_goal() -> None:
    script = shortest(_thm("(x y : ℝ) (h₀ : x + y = 5) (h₁ : x - y = 1)", "x = 3 ∧ y = 2"))
    assert script is not None and script[0] == "constructor" and len(script) == 3


def test_a_false_statement_has_no_script() -> None:
    assert shortest(_thm("(u : ℂ)", "(u - 4) * (u + 6) = u ^ 2 + 2 * u - 23")) is None
    assert shortest(_thm("(x y : ℝ) (h₀ : x + y = 5) (h₁ : x - y = 1)", "x = 3 ∧ y = 3")) is None


def test_an_unstatable_statement_is_an_error() -> None:
    with pytest.raises(ValueError):
        shortest(_thm("(s : Set ℕ)", "s = s"))
