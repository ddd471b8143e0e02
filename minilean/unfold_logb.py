"""`unfold Real.logb [at h …]`: Mathlib defines `Real.logb b x := Real.log x / Real.log b` (a plain
noncomputable def), so Lean's `unfold` rewrites every application with its equation lemma, under binders
too, in each location named. A location with no `Real.logb` is an error, as for the other `unfold`s here
(modeq.py): Lean's `unfold` reports a location it could not unfold. Only the fully applied form exists in
minilean's terms, so no eta-expansion question arises.
"""

from __future__ import annotations

from dataclasses import replace

from minilean.goals import Goal, Hyp, TacticFail
from minilean.syntax import EApp, EBin, ECast, ENeg, ESum, Expr, Prop

NAME = "Real.logb"


def _expr(e: Expr, hits: list[int]) -> Expr:
    if isinstance(e, EApp):
        args = tuple(_expr(a, hits) for a in e.args)
        if e.fn == NAME and len(args) == 2:
            hits[0] += 1
            b, x = args
            return EBin("/", EApp("Real.log", (x,)), EApp("Real.log", (b,)))
        return EApp(e.fn, args)
    if isinstance(e, EBin):
        return EBin(e.op, _expr(e.lhs, hits), _expr(e.rhs, hits))
    if isinstance(e, ENeg):
        return ENeg(_expr(e.arg, hits))
    if isinstance(e, ECast):
        return ECast(_expr(e.arg, hits), e.src, e.dst)
    if isinstance(e, ESum):
        guard = _prop(e.guard, hits) if e.guard is not None else None
        return replace(e, lo=_expr(e.lo, hits), hi=_expr(e.hi, hits), body=_expr(e.body, hits), guard=guard)
    return e


def _prop(p: Prop, hits: list[int]) -> Prop:
    from minilean.syntax import PBin, PCoprime, PMem, PModEq, PNot, PPred, PQuant, PRel

    if isinstance(p, PNot):
        return PNot(_prop(p.arg, hits))
    if isinstance(p, PBin):
        return PBin(p.op, _prop(p.lhs, hits), _prop(p.rhs, hits))
    if isinstance(p, PRel):
        return PRel(p.op, _expr(p.lhs, hits), _expr(p.rhs, hits), p.ty)
    if isinstance(p, PPred):
        return PPred(p.name, _expr(p.arg, hits), p.ty)
    if isinstance(p, PModEq | PCoprime | PMem):
        return p.map(lambda e: _expr(e, hits))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, _prop(p.body, hits))
    return p


def unfold_all(p: Prop) -> tuple[Prop, int]:
    """`p` with every `Real.logb b x` replaced by `Real.log x / Real.log b`, and how many there were."""
    hits = [0]
    return _prop(p, hits), hits[0]


def is_logb_unfold(rest: str, g: Goal) -> bool:
    """`unfold Real.logb …` naming only `Real.logb` (not shadowed by a local `Real`)."""
    words = rest.split()
    names = words[: words.index("at")] if "at" in words else words
    return names == [NAME] and g.lookup("Real") is None


def unfold_tactic(g: Goal, rest: str) -> Goal:
    words = rest.split()
    locs = words[words.index("at") + 1 :] if "at" in words else ["⊢"]
    if not locs:
        raise TacticFail("unexpected end of input; expected location")
    hyps, target = list(g.hyps), g.target
    for loc in locs:
        if loc == "⊢":
            target, count = unfold_all(target)
            if count == 0:
                raise TacticFail(f"unfold failed to unfold '{NAME}' at\n  the goal")
            continue
        h = g.lookup(loc)
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{loc}'")
        ty_h, count = unfold_all(h.ty)  # type: ignore[arg-type]
        if count == 0:
            raise TacticFail(f"unfold failed to unfold '{NAME}' at\n  {loc}")
        hyps = [Hyp(x.name, ty_h, x.accessible, x.value) if x is h else x for x in hyps]
    return Goal(tuple(hyps), target, g.tag)


__all__ = ["NAME", "is_logb_unfold", "unfold_all", "unfold_tactic"]
