"""Round tacfix: `apply` leaves the arguments its unification does not fix as goals sharing a metavariable
(Lean's `MVarId.apply`, `Lean/Meta/Tactic/Apply.lean`); `exact h` on the first assigns it for the others."""

from __future__ import annotations

import pytest

from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env


def _errors(stmt: str, proof: str) -> list[str]:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {proof}")
    return [m.data for m in res.messages if m.severity == "error"] + (["sorry"] if res.sorries else [])


_STMT = "(a : ℕ) (h : 6 * 9 = a * 9) (h9 : 0 < 9) : 6 = a"


@pytest.mark.parametrize(
    "proof",
    [
        "apply Nat.eq_of_mul_eq_mul_right\n  exact h9\n  exact h",
        "apply Nat.eq_of_mul_eq_mul_right\n  · exact h9\n  · exact h",
        "apply Nat.eq_of_mul_eq_mul_right\n  exact h9; exact h",
    ],
)
def test_apply_leaves_shared_metavariable_goals(proof: str) -> None:
    assert _errors(_STMT, proof) == []


@pytest.mark.parametrize(
    ("stmt", "proof", "why"),
    [
        # the first `exact` fixes ?m := 3, so the second goal is `6 * 3 = a * 3`
        ("(a : ℕ) (h : 6 * 9 = a * 9) (h3 : 0 < 3) : 6 = a",
         "apply Nat.eq_of_mul_eq_mul_right\n  · exact h3\n  · exact h", "type mismatch"),
        # `exact h` first: `6 * 9 = a * 9` is no proof of `0 < ?m`
        (_STMT, "apply Nat.eq_of_mul_eq_mul_right\n  exact h\n  exact h9", "metavariable"),
        # false: the sides are multiplied by different numbers
        ("(a : ℕ) (h : 6 * 9 = a * 8) (h9 : 0 < 9) : 6 = a",
         "apply Nat.eq_of_mul_eq_mul_right\n  exact h9\n  exact h", "type mismatch"),
        # other tactics on a goal with a metavariable, and combinators over such goals: not modelled
        (_STMT, "apply Nat.eq_of_mul_eq_mul_right\n  norm_num\n  exact h", "metavariable"),
        (_STMT, "apply Nat.eq_of_mul_eq_mul_right <;> assumption", "metavariable"),
        (_STMT, "apply Nat.eq_of_mul_eq_mul_right\n  all_goals assumption", "metavariable"),
        (_STMT, "apply Nat.eq_of_mul_eq_mul_right\n  exact h9", "unsolved goals"),
    ],
)
def test_apply_metavariable_refusals(stmt: str, proof: str, why: str) -> None:
    errors = _errors(stmt, proof)
    assert errors and why in errors[0]


def test_goal_by_goal_protocol_keeps_refusing() -> None:
    # each goal is its own proof state there, so an assignment could not reach the sibling goal
    res = elaborate(initial_env(), f"theorem t {_STMT} := by\n  sorry")
    state: ProofState = res.sorries[0]
    with pytest.raises(TacticError, match="synthesize implicit argument"):
        apply_tactic(state, "apply Nat.eq_of_mul_eq_mul_right")
