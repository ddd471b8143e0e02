"""The `rfl` pattern of rcases/obtain/rintro: substitute the equation it matches away.

`_rcases` records a matched equation as an inaccessible hypothesis named `RFL_MARK`; `settle_rfl` then
substitutes each one, like Lean's `subst`: a side that is a local variable not occurring in the other
side is replaced everywhere (the right side first, as `subst` does), and the variable and the equation
leave the context. An equation with no such side fails as in Lean.
"""

from __future__ import annotations

from minilean.goals import Goal, Hyp, TacticFail
from minilean.syntax import EVar, PRel, SyntaxErr, expr_vars, prop_vars, show_prop, subst_prop

RFL_MARK = "rfl"  # the name of the inaccessible placeholder hypothesis


def _subst_one(g: Goal, h: Hyp) -> Goal:
    eq = h.ty
    if not (isinstance(eq, PRel) and eq.op == "="):
        raise TacticFail(f"rcases: the `rfl` pattern needs an equation, got\n  {show_prop(eq)}")  # type: ignore[arg-type]
    for var_side, other in ((eq.rhs, eq.lhs), (eq.lhs, eq.rhs)):
        if not isinstance(var_side, EVar) or var_side.name in expr_vars(other, set()):
            continue
        vh = next((k for k in g.hyps if k.is_var and k.accessible and k.name == var_side.name), None)
        if vh is None:
            continue
        try:
            kept: list[Hyp] = []
            moved: list[Hyp] = []
            for k in g.hyps:
                if k is h or k is vh:
                    continue
                if k.is_var or vh.name not in prop_vars(k.ty):  # type: ignore[arg-type]
                    kept.append(k)
                else:
                    # Like `subst`, hypotheses depending on the variable are reverted and reintroduced,
                    # so they come after every variable the substituted side mentions.
                    moved.append(Hyp(k.name, subst_prop(k.ty, vh.name, other), k.accessible))  # type: ignore[arg-type]
            return Goal(tuple(kept + moved), subst_prop(g.target, vh.name, other), g.tag)
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None
    raise TacticFail(f"rcases: cannot substitute: neither side is a free variable\n  {show_prop(eq)}")


def settle_rfl(goals: list[Goal]) -> list[Goal]:
    out = []
    for g in goals:
        while True:
            mark = next((h for h in g.hyps if not h.accessible and h.name == RFL_MARK and not h.is_var), None)
            if mark is None:
                break
            g = _subst_one(g, mark)
        out.append(g)
    return out


__all__ = ["RFL_MARK", "settle_rfl"]
