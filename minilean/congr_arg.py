"""`congr_arg (fun z => e) h` / `congrArg …` with `h : a = b`: the proof of `e[a/z] = e[b/z]`.

Lean's `congr_arg {α β} {a₁ a₂ : α} (f : α → β) (h : a₁ = a₂) : f a₁ = f a₂` takes a function, which
minilean's declarations cannot (`terms.start_app` refuses function-typed binders). For a `fun` literal
over a number type the instance is built here as a declaration with the function already applied:
`{a₁ a₂ : α} (h : a₁ = a₂) : e[a₁/z] = e[a₂/z]`. Lean's type keeps the redexes `(fun z => …) a₁`
(round 13: verified public proofs need a `dsimp`/`simp` at the hypothesis to reduce them); minilean shows
the substituted body and `beta_pending` lets the first `dsimp`/`simp` there count as progress. Anything
else (a named function, several binders, a `Prop`-valued body) is left to the caller's error."""

from __future__ import annotations

from collections.abc import Mapping

from minilean.bigops import subst_expr
from minilean.decls import Binder, Decl
from minilean.goals import TacticFail
from minilean.syntax import NUMERIC, ESum, EVar, Expr, PRel, SyntaxErr, _Typer

NAMES = frozenset({"congr_arg", "congrArg"})
_A1, _A2 = "a₁✝congr", "a₂✝congr"  # binder names no user variable can have


def _sum_vars(e: object) -> set[str]:
    """The bound variables of big operators inside `e` (a substituted variable must not be captured)."""
    out: set[str] = set()
    if isinstance(e, ESum):
        out.add(e.var)
    for f in getattr(e, "__dataclass_fields__", {}):
        v = getattr(e, f)
        if isinstance(v, tuple):
            for x in v:
                out |= _sum_vars(x)
        elif hasattr(v, "__dataclass_fields__"):
            out |= _sum_vars(v)
    return out


def congr_arg_decl(fun: tuple, h_type: object, sorts: Mapping[str, str]) -> Decl:
    """The declaration `{a₁ a₂ : α} (h : a₁ = a₂) : f a₁ = f a₂` for the literal `fun` (`h_type`: the
    type of the equation argument, which fixes α when the binder is not annotated)."""
    binders = fun[1]
    if len(binders) != 1:
        raise TacticFail("minilean: congr_arg is supported with a one-variable `fun` only")
    name, ann = binders[0]
    if not (isinstance(h_type, PRel) and h_type.op == "="):
        raise TacticFail("minilean: congr_arg needs an equation between numbers")
    alpha = h_type.ty
    if ann is not None:
        if not (ann[0] == "id" and ann[1] in NUMERIC):
            raise TacticFail("minilean: congr_arg is supported for functions between number types only")
        alpha = ann[1]
    try:
        body, beta = _Typer({**sorts, name: alpha}).tree(fun[2], None)
    except SyntaxErr as e:
        raise TacticFail(str(e)) from None
    if _sum_vars(body) & {name, _A1, _A2}:
        raise TacticFail("minilean: congr_arg under a big operator binding the same name is not supported")
    lhs: Expr = subst_expr(body, name, EVar(_A1))
    rhs: Expr = subst_expr(body, name, EVar(_A2))
    hyp = PRel("=", EVar(_A1), EVar(_A2), alpha)
    decl_binders = (Binder(_A1, alpha, implicit=True), Binder(_A2, alpha, implicit=True), Binder("h", hyp))
    return Decl("congr_arg", decl_binders, PRel("=", lhs, rhs, beta))


__all__ = ["NAMES", "congr_arg_decl"]
