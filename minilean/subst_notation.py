"""`h ▸ e` with Lean's meaning (Lean core's `elabSubst`), for `h : a = b`.

* With an expected type `E`: the instances of `b` in `E` are abstracted (kabstract), and `e` must prove
  `E[b := a]`; when `E` has no instance of `b`, the same with `a` (the equation used right to left),
  and when it has neither it is an error. If `e` does not have that type, Lean tries once more with
  `b` rewritten to `a` in `e`'s own type, which must then be definitionally equal to `E[b := a]`.
* Without an expected type: `e`'s type with the instances of `a` replaced by `b`.

Every step replaces a term by one the equation says is equal, so the result follows from `e` and `h`
(the rewriting is rewrite.abstract_everywhere, the one `rw` uses: instances mentioning a bound
variable are left alone). A chain `h₁ ▸ h₂ ▸ e` is refused by the parser.
"""

from __future__ import annotations

from typing import Any

from minilean.goals import TacticFail
from minilean.syntax import PRel, Prop, show_prop


def _equation(el: Any, h: tuple) -> PRel:
    ty = el.synth(h)
    if not (isinstance(ty, PRel) and ty.op == "="):
        raise TacticFail(f"invalid `▸` notation, argument has type\n  {show_prop(ty)}\nequality expected")
    return ty


def _abstract(p: Prop, old: object, new: object, ty: str, sorts: dict) -> tuple[Prop, int]:
    from minilean.rewrite import abstract_everywhere

    return abstract_everywhere(p, old, new, ty, sorts)  # type: ignore[arg-type]


def check_subst(el: Any, h: tuple, e: tuple, expected: Prop) -> None:
    eq = _equation(el, h)
    sorts = el._sorts()
    lhs, rhs = eq.lhs, eq.rhs
    need, n = _abstract(expected, rhs, lhs, eq.ty, sorts)
    if n == 0:
        need, n = _abstract(expected, lhs, rhs, eq.ty, sorts)
        if n == 0:
            raise TacticFail(
                f"invalid `▸` notation, expected result type of cast is\n  {show_prop(expected)}\nhowever, "
                f"the equality\n  {show_prop(eq)}\ndoes not contain the expected result type on either the "
                "left or the right hand side"
            )
        lhs, rhs = rhs, lhs
    try:
        el.check(e, need)
        return
    except TacticFail as first:
        # Lean's second chance: rewrite `rhs` to `lhs` in e's own type, then compare with `need`
        try:
            got = el.synth(e)
        except TacticFail:
            raise first from None
        moved, m = _abstract(got, rhs, lhs, eq.ty, sorts)
        if m == 0 or not el._defeq(moved, need):
            raise first from None


def synth_subst(el: Any, h: tuple, e: tuple) -> Prop:
    eq = _equation(el, h)
    got = el.synth(e)
    return _abstract(got, eq.lhs, eq.rhs, eq.ty, el._sorts())[0]


__all__ = ["check_subst", "synth_subst"]
