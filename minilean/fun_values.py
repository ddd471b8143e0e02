"""Values of let-bound functions (`let f (x : ℕ) := e`, `let f := fun x => e`) and their unfolding.

In Lean such an `f` is a local definition `f : ℕ → ℝ := fun x => e`. Definitional checks (`rfl`, `exact`,
`show`, the unifier) and the tactics that are told to (`simp [f]`, `dsimp [f]`, `unfold_let f`) replace
`f a` by `e[x := a]` (zeta-delta, then beta); every other tactic sees `f a` as an opaque application.
minilean keeps the value here, on the variable's hypothesis, and `beta` does that replacement."""

from __future__ import annotations

from dataclasses import dataclass

from minilean.syntax import (
    EApp,
    EBin,
    ECast,
    ENeg,
    ESum,
    EVar,
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
    SyntaxErr,
    expr_vars,
    subst_prop,
)


@dataclass(frozen=True, slots=True)
class FunValue:
    """`fun (p₁ : s₁) … => body` with `body : cod`; the parameters are bound in `body`."""

    params: tuple[str, ...]
    sorts: tuple[str, ...]
    body: Expr
    cod: str

    def free_vars(self) -> set[str]:
        return expr_vars(self.body, set()) - set(self.params)


def _subst_expr(e: Expr, name: str, value: Expr, ty: str) -> Expr:
    out = subst_prop(PRel("=", e, e, ty), name, value)
    assert isinstance(out, PRel)
    return out.lhs


def beta(fv: FunValue, args: tuple[Expr, ...]) -> Expr:
    """`body[params := args]`, simultaneously (a parameter first becomes a fresh name, so an argument that
    mentions another parameter's name is not substituted twice). SyntaxErr when an argument would be
    captured by a binder of the body."""
    if len(args) != len(fv.params):
        raise SyntaxErr("minilean: a let-bound function applied to the wrong number of arguments")
    body = fv.body
    tmps = [f"{p}✝β{i}" for i, p in enumerate(fv.params)]
    for p, t in zip(fv.params, tmps, strict=True):
        body = _subst_expr(body, p, EVar(t), fv.cod)
    for t, a in zip(tmps, args, strict=True):
        body = _subst_expr(body, t, a, fv.cod)
    return body


def unfold_apps(p: Prop, name: str, fv: FunValue) -> Prop:
    """`p` with every application `name a…` replaced by its beta-reduced body. SyntaxErr when a free
    variable of the body would be captured by a binder of `p` (or an argument by one of the body)."""
    free = fv.free_vars()

    def ex(e: Expr, bound: frozenset[str]) -> Expr:
        if isinstance(e, EApp):
            args = tuple(ex(a, bound) for a in e.args)
            if e.fn != name:
                return EApp(e.fn, args)
            if free & bound:
                raise SyntaxErr(f"minilean: unfolding '{name}' would capture a bound variable")
            return beta(fv, args)
        if isinstance(e, EBin):
            return EBin(e.op, ex(e.lhs, bound), ex(e.rhs, bound))
        if isinstance(e, ENeg):
            return ENeg(ex(e.arg, bound))
        if isinstance(e, ECast):
            return ECast(ex(e.arg, bound), e.src, e.dst)
        if isinstance(e, ESum):
            inner = bound | {e.var}
            guard = go(e.guard, inner) if e.guard is not None else None
            return ESum(e.op, e.var, e.ity, e.kind, ex(e.lo, bound), ex(e.hi, bound), ex(e.body, inner), e.ty,
                        guard)
        return e

    def go(q: Prop, bound: frozenset[str]) -> Prop:
        if isinstance(q, PNot):
            return PNot(go(q.arg, bound))
        if isinstance(q, PBin):
            return PBin(q.op, go(q.lhs, bound), go(q.rhs, bound))
        if isinstance(q, PRel):
            return PRel(q.op, ex(q.lhs, bound), ex(q.rhs, bound), q.ty)
        if isinstance(q, PPred):
            return PPred(q.name, ex(q.arg, bound), q.ty)
        if isinstance(q, PModEq | PCoprime | PMem):
            return q.map(lambda e: ex(e, bound))
        if isinstance(q, PQuant):
            if q.var == name:
                return q  # shadowed
            return PQuant(q.q, q.var, q.sort, go(q.body, bound | {q.var}))
        return q

    return go(p, frozenset())


def let_equation(name: str, value: Expr | FunValue, sort: str) -> Prop:
    """The equation `simp [x]` rewrites with for a let-bound `x`: `x = v`, or for a function
    `∀ p…, f p… = body` (simp unfolds `f` applied to anything, then beta-reduces)."""
    if not isinstance(value, FunValue):
        return PRel("=", EVar(name), value, sort)
    out: Prop = PRel("=", EApp(name, tuple(EVar(p) for p in value.params)), value.body, value.cod)
    for p, s in reversed(list(zip(value.params, value.sorts, strict=True))):
        out = PQuant("∀", p, s, out)
    return out


__all__ = ["FunValue", "beta", "let_equation", "unfold_apps"]
