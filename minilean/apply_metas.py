"""`apply` leaving unassigned arguments as goals that share a metavariable (Lean's `MVarId.apply`).

Read in `Lean/Meta/Tactic/Apply.lean`: after unifying the conclusion with the goal, every argument
metavariable still unassigned becomes a new goal, non-dependent ones first (`nonDependentFirst`), so
`apply Nat.eq_of_mul_eq_mul_right` on `70 = n` leaves `0 < ?m`, `70 * ?m = n * ?m` and then `?m : ℕ`. The
next `exact h` with `h : 0 < 40` assigns `?m := 40` for every goal that mentions it, and the `?m` goal,
now assigned, is dropped from the goal list.

minilean models a narrow part of that, in whole-source elaboration only (`scope`, entered by the engine;
the goal-by-goal protocol hands each goal out as its own proof state, so an assignment could not reach
the others: there `apply` keeps refusing):
* only term metavariables (ℕ ℤ ℚ ℝ values), each occurring in some premise goal (else Lean would leave the
  bare `?m : ℕ` goal for the proof to fill, which is not modelled);
* the metavariables get indices no other elaboration step uses, so an assignment can be applied to any
  goal at any time;
* a goal that mentions one accepts `exact e` only: `e`'s type must match the goal and fix all its
  metavariables; the assignment is recorded and applied to every other goal (also after a `·` block);
  every other tactic, and every combinator over goals that mention one, is refused (weaker, never wrong).
The `?m : ℕ` goals themselves are not listed: each is assigned by the time its premises are closed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from minilean.goals import Goal, TacticFail, instantiate, match, metas
from minilean.syntax import EMeta, Expr, Prop

_FRESH = itertools.count(50_000_000)  # far above the elaborator's own metavariable counters


class _State:
    """One source's record: the assignments made so far, and whether `apply` made any metavariable goal
    (the fast path of has_metas). A mutable object, so a step run in a copied context still sees it."""

    def __init__(self) -> None:
        self.assigned: dict[int, Expr] = {}
        self.created = False


_STATE: ContextVar[_State | None] = ContextVar("apply_metas_state", default=None)

REFUSED = "minilean: this goal has a metavariable left by `apply`; only `exact e` is modelled on it"


@contextmanager
def scope() -> Iterator[None]:
    """One source's elaboration: metavariables left by `apply` may live across its tactic steps."""
    token = _STATE.set(_State())
    try:
        yield
    finally:
        _STATE.reset(token)


def active() -> bool:
    return _STATE.get() is not None


def has_metas(g: Goal) -> bool:
    """Does `g` mention a metavariable `apply` left? (False at once while this source made none.)"""
    st = _STATE.get()
    return st is not None and st.created and bool(metas(g.target))


def fresh_goals(goals: list[Goal]) -> list[Goal]:
    """The premise goals with their metavariables renamed, consistently, to indices no other step uses."""
    st = _STATE.get()
    if st is None:
        raise TacticFail("minilean: internal error: apply's metavariable goals outside a source scope")
    st.created = True
    ids: dict[int, Expr] = {}
    for g in goals:
        for i in sorted(metas(g.target)):
            if i not in ids:
                ids[i] = EMeta(next(_FRESH), _sort_of(g.target, i))
    return [Goal(g.hyps, instantiate(g.target, ids), g.tag) for g in goals]  # type: ignore[arg-type]


def _sort_of(p: object, idx: int) -> str:
    if isinstance(p, EMeta) and p.idx == idx:
        return p.ty
    if isinstance(p, tuple):
        for x in p:
            if (s := _sort_of(x, idx)) is not None:
                return s
    elif hasattr(p, "__dataclass_fields__"):
        for name in p.__dataclass_fields__:  # type: ignore[attr-defined]
            if (s := _sort_of(getattr(p, name), idx)) is not None:
                return s
    return None  # type: ignore[return-value]


def admissible(premises: list[Prop], open_metas: set[int]) -> bool:
    """Only term metavariables, each in some premise (so closing the premises assigns it)."""
    if not active() or not open_metas:
        return False
    seen: set[int] = set()
    for p in premises:
        for i in metas(p):
            if _sort_of(p, i) is None:
                return False  # a proposition metavariable
            seen.add(i)
    return seen >= open_metas


def instantiate_goal(g: Goal) -> Goal:
    """`g` with every recorded assignment applied (unchanged outside a scope or without metavariables)."""
    st = _STATE.get()
    assigned = st.assigned if st is not None else None
    if not assigned or not has_metas(g):
        return g
    return Goal(g.hyps, instantiate(g.target, assigned), g.tag)  # type: ignore[arg-type]


def assign_by_exact(g: Goal, term_type: Prop) -> Goal:
    """Unify the goal (with metavariables) with the type of `exact`'s term; record the assignment and
    return the goal instantiated, for `exact` to check as usual."""
    st = _STATE.get()
    if st is None:
        raise TacticFail(REFUSED)
    assigned = st.assigned
    s = match(g.target, term_type, {})
    if s is None or not metas(g.target) <= set(s):
        raise TacticFail(f"{REFUSED} (the term's type does not fix it)\n{g.render()}")
    for i in metas(g.target):
        if i in assigned and assigned[i] != s[i]:
            raise TacticFail(f"{REFUSED} (already assigned)")  # instantiate_goal runs first: cannot happen
        assigned[i] = s[i]  # type: ignore[assignment]
    return instantiate_goal(g)


__all__ = [
    "REFUSED",
    "active",
    "admissible",
    "assign_by_exact",
    "fresh_goals",
    "has_metas",
    "instantiate_goal",
    "metas",
    "scope",
]
