"""`use` runs Mathlib's `use_discharger` under `with_reducible`: `rfl` closes closed ℕ arithmetic, so a
tactic after it meets "no goals"; over ℤ (operations not reducible) the goal stays for `norm_num`."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _errors(goal: str, *tactics: str) -> list[str]:
    body = "\n".join(f"  {t}" for t in tactics)
    res = elaborate(initial_env(), f"theorem t : {goal} := by\n{body}\n")
    return [str(m.data) for m in res.messages if m.severity == "error"]


@pytest.mark.parametrize("goal, use", [
    ("∃ x : ℕ, x + 2 = 5", "use 3"),
    ("∃ x : ℕ, 3 * x + 4 = 19", "use 5"),
    ("∃ x y : ℕ, x + y = 7 ∧ x - y = 1", "use 4, 3"),
    ("∃ x : ℕ, x ^ 2 % 7 = 2", "use 3"),
])
def test_use_alone_closes_closed_nat_equations(goal: str, use: str) -> None:
    assert _errors(goal, use) == []


@pytest.mark.parametrize("goal, use", [
    ("∃ x : ℕ, x + 2 = 5", "use 3"),
    ("∃ x y : ℕ, x + y = 7 ∧ x - y = 1", "use 4, 3"),
])
def test_a_tactic_after_a_closing_use_meets_no_goals(goal: str, use: str) -> None:
    errs = _errors(goal, use, "norm_num")
    assert errs and "no goals" in errs[0]


@pytest.mark.parametrize("goal, use", [
    ("∃ x : ℤ, x + 2 = 5", "use 3"),  # Int.add is not reducible: with_reducible rfl fails
    ("∃ x : ℤ, x ^ 2 = 9 ∧ x < 0", "use -3"),
    ("∃ x : ℝ, 2 * x = 6", "use 3"),
    ("∃ x : ℕ, x + 2 = 5 ∧ x < 4", "use 3"),  # `x < 4` is not an equation: the whole ∧ stays
])
def test_use_leaves_what_reducible_rfl_cannot_close(goal: str, use: str) -> None:
    assert _errors(goal, use)  # unsolved goals
    assert _errors(goal, use, "norm_num") == []


def test_a_wrong_witness_is_not_closed() -> None:
    assert _errors("∃ x : ℕ, x + 2 = 5", "use 4")
    assert _errors("∃ x : ℕ, x + 2 = 5", "use 4", "norm_num")
