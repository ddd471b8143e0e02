"""`apply Eq.refl` / `apply rfl`: Lean's `MVarId.apply` unifies `?a = ?a` with the goal, so the goal closes
exactly when its two sides are definitionally equal (the check the `rfl` tactic makes on an equation).
Found by the first measurement on public proofs of MiniF2F *valid* theorems (docs/MINILEAN_CONFORMANCE.md),
where it is how aesop-style scripts end."""

from __future__ import annotations

import pytest

from minilean.engine import TacticError, apply_tactic, elaborate, initial_env


def _root(stmt: str):  # type: ignore[no-untyped-def]
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, res.messages
    return res.sorries[0]


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize("tac", ["apply Eq.refl", "apply rfl"])
@pytest.mark.parametrize(
    "stmt",
    [": 2004 % 12 = 0", ": Nat.gcd 6432 132 + 11 = 23", ": (∑ k in Finset.range 11, k) % 9 = 1"],
)
def test_closes_closed_nat_equations(tac: str, stmt: str) -> None:
    assert apply_tactic(_root(stmt), tac) == []


@pytest.mark.parametrize("tac", ["apply Eq.refl", "apply rfl"])
@pytest.mark.parametrize(
    "stmt",
    [
        ": 2004 % 12 = 1",  # false
        ": Nat.gcd 6432 132 + 11 = 24",  # false
        ": (∑ k in Finset.range 11, k) % 9 = 2",  # false
        "(x y : ℕ) (h : x = y) : x = y",  # true, but not by definition: apply does not use `h`
        ": (2 : ℝ) + 2 = 4",  # true, but ℝ arithmetic does not compute
        "(x : ℝ) : x ≤ x",  # not an equation: `?a = ?a` does not unify with `≤`
    ],
)
def test_refuses_what_is_not_a_definitional_equation(tac: str, stmt: str) -> None:
    with pytest.raises(TacticError, match="apply"):
        apply_tactic(_root(stmt), tac)


def test_whole_proof_path_agrees() -> None:
    assert _accepts("theorem t : (∑ k in Finset.range 11, k) % 9 = 1 := by\n  apply Eq.refl")
    assert not _accepts("theorem t : (∑ k in Finset.range 11, k) % 9 = 5 := by\n  apply Eq.refl")


def test_a_local_named_rfl_is_applied_as_itself() -> None:
    # a hypothesis called `rfl` shadows the constant: `apply rfl` uses the hypothesis, not `Eq.refl`
    src = "theorem t (x : ℕ) (rfl : x = 3) : x = 3 := by\n  apply rfl"
    assert _accepts(src)
    src_false = "theorem t (x : ℕ) (rfl : x = 3) : x = 4 := by\n  apply rfl"
    assert not _accepts(src_false)
