"""Repeated hypothesis names in a statement: the later binder shadows the earlier one, as in Lean."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env

STMT = "theorem t (a : ℕ) (h₀ : 0 < a) (h₀ : a < 5) : {goal} := by\n  {tac}"


def _ok(goal: str, tac: str) -> bool:
    return not elaborate(initial_env(), STMT.format(goal=goal, tac=tac)).has_errors


def test_the_earlier_hypothesis_becomes_inaccessible() -> None:
    res = elaborate(initial_env(), STMT.format(goal="a < 6", tac="sorry"))
    assert not res.has_errors
    assert res.sorries[0].render().splitlines()[1:3] == ["h₀✝ : 0 < a", "h₀ : a < 5"]
    assert _ok("a < 5", "exact h₀") and not _ok("0 < a", "exact h₀")  # the name means the later one
    assert _ok("0 < a ∧ a < 5", "omega")  # automation still sees both
    assert not _ok("a < 4", "omega")


def test_variables_are_not_shadowed() -> None:
    stmts = ("(a : ℕ) (a : ℕ) : a = a", "(a : ℕ) (h : 0 < a) (h : ℕ) : 0 < h", "(h : True) (h : ℕ) : h = h")
    for stmt in stmts:
        assert elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry").has_errors, stmt
