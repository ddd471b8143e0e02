"""Opening `∀` binders into metavariables, shared by `rw` rules (rewrite.py) and simp rules (simp.py);
in its own module because rewrite.py builds on simp.py."""

from __future__ import annotations

from minilean.goals import TacticFail
from minilean.syntax import EMeta, PQuant, Prop, SyntaxErr, subst_prop


def open_foralls(p: Prop, start: int) -> tuple[Prop, int]:
    """`∀ x y, body` -> body with metavariables for x, y."""
    n = start
    while isinstance(p, PQuant) and p.q == "∀":
        n += 1
        try:
            p = subst_prop(p.body, p.var, EMeta(n, p.sort))
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None
    return p, n


__all__ = ["open_foralls"]
