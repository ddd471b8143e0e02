"""Universally quantified local hypotheses used by `rw` and `apply`.

`rw [h]` with `h : ∀ x y, l x y = r x y` rewrites with the instance found first in the target (Lean's
`kabstract` order: subterms before the terms containing them, left to right), then every occurrence
of that instance. `apply h` with `h : ∀ x, P x → Q x` unifies `Q ?x` with the goal. Conditional
equations (`∀ x, P x → l = r`) are refused by `rw` here, and a bare variable on the left is refused
as in Lean (the pattern would match anything).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from minilean.goals import TacticFail, instantiate_expr, match_expr
from minilean.syntax import (
    EApp,
    EBin,
    ECast,
    EMeta,
    ENeg,
    Expr,
    PBin,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    SyntaxErr,
    fun_sort,
    show_prop,
    subst_prop,
)


def open_foralls(ty: Prop, fresh: Callable[[], int]) -> tuple[Prop, list[int]]:
    """Replace the leading `∀` binders of `ty` by fresh metavariables."""
    metas: list[int] = []
    while isinstance(ty, PQuant) and ty.q == "∀":
        idx = fresh()
        metas.append(idx)
        try:
            ty = subst_prop(ty.body, ty.var, EMeta(idx, ty.sort))
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None
    return ty, metas


@dataclass(frozen=True)
class OpenRule:
    """An equation with metavariables, from a `∀`-hypothesis (`rev`: used right to left)."""

    eq: PRel
    metas: tuple[int, ...]

    @staticmethod
    def of(ty: Prop, rev: bool) -> OpenRule | None:
        if not (isinstance(ty, PQuant) and ty.q == "∀"):
            return None
        counter = iter(range(10**6, 2 * 10**6))
        body, metas = open_foralls(ty, lambda: next(counter))
        if not (isinstance(body, PRel) and body.op == "="):
            raise TacticFail(f"minilean: rw expects (∀-quantified) equations, got\n  {show_prop(ty)}")
        eq = PRel("=", body.rhs, body.lhs, body.ty) if rev else body
        if isinstance(eq.lhs, EMeta):
            raise TacticFail("motive is not type correct: the pattern is a bare variable")
        return OpenRule(eq, tuple(metas))

    def instantiate(self, p: Prop, sorts: dict[str, str]) -> PRel | None:
        """The first instance of the left side in `p`, as a closed equation (None: no instance)."""
        for e, ty in _subterms(p, sorts):
            if ty != self.eq.ty:
                continue
            s = match_expr(self.eq.lhs, e, {}, ty)
            if s is not None and all(m in s for m in self.metas):
                return PRel("=", instantiate_expr(self.eq.lhs, s), instantiate_expr(self.eq.rhs, s), ty)
        return None


def _expr_subterms(e: Expr, ty: str | None, sorts: dict[str, str]) -> Iterator[tuple[Expr, str | None]]:
    if isinstance(e, EBin):
        yield from _expr_subterms(e.lhs, ty, sorts)
        yield from _expr_subterms(e.rhs, ty if e.op != "^" else None, sorts)
    elif isinstance(e, ENeg):
        yield from _expr_subterms(e.arg, ty, sorts)
    elif isinstance(e, ECast):
        yield from _expr_subterms(e.arg, e.src, sorts)
    elif isinstance(e, EApp):
        fs = fun_sort(sorts.get(e.fn, ""))
        doms = fs[0] if fs else [None] * len(e.args)
        for a, d in zip(e.args, doms, strict=False):
            yield from _expr_subterms(a, d, sorts)
    yield e, ty


def _subterms(p: Prop, sorts: dict[str, str]) -> Iterator[tuple[Expr, str | None]]:
    if isinstance(p, PRel):
        yield from _expr_subterms(p.lhs, p.ty, sorts)
        yield from _expr_subterms(p.rhs, p.ty, sorts)
    elif isinstance(p, PPred):
        yield from _expr_subterms(p.arg, p.ty, sorts)
    elif isinstance(p, PNot):
        yield from _subterms(p.arg, sorts)
    elif isinstance(p, PBin):
        yield from _subterms(p.lhs, sorts)
        yield from _subterms(p.rhs, sorts)
    # under a binder the bound variable would escape: rw cannot rewrite there (motive errors in Lean)


__all__ = ["OpenRule", "open_foralls"]
