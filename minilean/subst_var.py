"""`subst x` with `x` a variable (Lean core `Lean.MVarId.subst`, `Meta/Tactic/Subst.lean`).

When the named local is not an equation, Lean refuses a let-bound variable ("is a let-declaration"),
then takes the FIRST declaration of the local context (in context order) whose type is `lhs = rhs` with
`rhs` exactly the variable and `lhs` free of it (symm), or else `lhs` exactly the variable and `rhs`
free of it; both sides are tried on one declaration before the next. No such declaration: "did not find
equation for eliminating 'x'". The variable itself is what gets eliminated (never the other side, even
when that is a variable too).
"""

from __future__ import annotations

from minilean.goals import Goal, Hyp
from minilean.syntax import EVar, PRel, expr_vars


class SubstVarFail(Exception):
    """Lean's error for this form (the caller turns it into a tactic failure)."""


def find_equation(g: Goal, x: str) -> tuple[Hyp, bool]:
    """The equation `subst x` uses and whether `x` is its right side (Lean's `symm`)."""
    vh = g.lookup(x)
    if vh is None or not vh.is_var:
        raise SubstVarFail(f"unknown hypothesis '{x}'")
    if vh.value is not None:
        raise SubstVarFail(f"tactic 'subst' failed, variable '{x}' is a let-declaration")
    if sum(1 for h in g.hyps if h.is_var and h.name == x) > 1:
        # a shadowed variable of that name: which one an equation's `x` means is not tracked (weaker)
        raise SubstVarFail(f"minilean: 'subst {x}' with a shadowed variable '{x}' is not modelled")
    for h in g.hyps:  # inaccessible hypotheses count too (Lean skips only auxiliary declarations)
        if h.is_var:
            continue
        ty = h.ty
        if not isinstance(ty, PRel) or ty.op != "=":
            continue
        if isinstance(ty.rhs, EVar) and ty.rhs.name == x and x not in expr_vars(ty.lhs, set()):
            return h, True
        if isinstance(ty.lhs, EVar) and ty.lhs.name == x and x not in expr_vars(ty.rhs, set()):
            return h, False
    raise SubstVarFail(f"tactic 'subst' failed, did not find equation for eliminating '{x}'")


__all__ = ["SubstVarFail", "find_equation"]
