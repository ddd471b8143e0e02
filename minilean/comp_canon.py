"""Statements up to alpha-equivalence: the key of a statement with its binder, bound-variable and
hypothesis names normalised, so a renamed copy of a statement (of MiniF2F's in particular) is recognised.

The key comes from minilean's elaborated root goal, not the text: variables are renamed `v0, v1, …` in
declaration order, bound variables (∀/∃/∑ binders) `b0, b1, …` in order of first appearance, hypothesis
names are dropped and the hypotheses sorted (their order carries no meaning). Statements minilean cannot
state have no key.
"""

from __future__ import annotations

from functools import cache

from minilean import minif2f
from minilean.engine import elaborate, initial_env
from minilean.goals import Goal
from minilean.recheck import uniform_goal
from minilean.syntax import (
    EApp,
    EBin,
    ECast,
    ENeg,
    ESum,
    Expr,
    PBin,
    PCoprime,
    PMem,
    PModEq,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    show_prop,
)


def _bound_expr(e: Expr, out: list[str]) -> None:
    if isinstance(e, EBin):
        _bound_expr(e.lhs, out)
        _bound_expr(e.rhs, out)
    elif isinstance(e, (ENeg, ECast)):
        _bound_expr(e.arg, out)
    elif isinstance(e, EApp):
        for a in e.args:
            _bound_expr(a, out)
    elif isinstance(e, ESum):
        out.append(e.var)
        for sub in (e.lo, e.hi, e.body):
            _bound_expr(sub, out)
        if e.guard is not None:
            _bound_prop(e.guard, out)


def _bound_prop(p: Prop, out: list[str]) -> None:
    if isinstance(p, PNot):
        _bound_prop(p.arg, out)
    elif isinstance(p, PBin):
        _bound_prop(p.lhs, out)
        _bound_prop(p.rhs, out)
    elif isinstance(p, PRel):
        _bound_expr(p.lhs, out)
        _bound_expr(p.rhs, out)
    elif isinstance(p, PPred):
        _bound_expr(p.arg, out)
    elif isinstance(p, PModEq):
        for e in (p.n, p.lhs, p.rhs):
            _bound_expr(e, out)
    elif isinstance(p, PCoprime | PMem):
        for e in (p.a, p.b) if isinstance(p, PCoprime) else p.terms():
            _bound_expr(e, out)
    elif isinstance(p, PQuant):
        out.append(p.var)
        _bound_prop(p.body, out)


def goal_key(g: Goal) -> str:
    """The alpha-normal key of a root goal."""
    free = [h.name for h in g.hyps if h.is_var]
    mapping = {n: f"v{i}" for i, n in enumerate(free)}
    bound: list[str] = []
    for p in (*(h.ty for h in g.hyps if not h.is_var), g.target):
        _bound_prop(p, bound)  # type: ignore[arg-type]
    for n in bound:
        if n not in mapping:
            mapping[n] = f"b{len(mapping) - len(free)}"
    # rename through fresh intermediates so `x ↦ v0` cannot meet a user variable already called `v0`
    step = {n: f"ʳ{i}" for i, n in enumerate(mapping)}
    g = uniform_goal(uniform_goal(g, step), {step[n]: new for n, new in mapping.items()})
    sorts = [f"{h.name}:{h.ty}" for h in g.hyps if h.is_var]
    hyps = sorted(show_prop(h.ty) for h in g.hyps if not h.is_var)  # type: ignore[arg-type]
    return " ; ".join(sorts) + " | " + " ; ".join(hyps) + " ⊢ " + show_prop(g.target)


def statement_key(statement: str, header: str = "") -> str | None:
    """Key of a `theorem … := by sorry` source (after an optional header of options and opens)."""
    src = (header.rstrip("\n") + "\n" if header else "") + statement
    try:
        res = elaborate(initial_env(), src)
    except RecursionError:
        return None
    if res.has_errors or len(res.sorries) != 1 or not res.sorries[0].goals:
        return None
    return goal_key(res.sorries[0].goals[0])


def key_of(binders: str, goal: str) -> str | None:
    return statement_key(f"example {binders} : {goal} := by\n  sorry")


@cache
def minif2f_keys() -> frozenset[str]:
    """Keys of every MiniF2F statement (valid and test) minilean can state."""
    keys = set()
    for split in minif2f.SPLITS:
        for r in minif2f.load(split):
            k = statement_key(r["statement"], r["header"])
            if k is not None:
                keys.add(k)
    return frozenset(keys)


__all__ = ["goal_key", "key_of", "minif2f_keys", "statement_key"]
