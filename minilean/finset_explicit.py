"""Explicit arguments of the big-operator lemmas in `rw` (`rw [Finset.sum_range_succ (fun k => k) m]`).

What Lean does (read in Lean core): `rw [e]` elaborates `e` and takes its type with `inferType`, whose
`inferAppType` instantiates the lemma's binders with `instantiateBetaRevRange` (the same in every Lean 4
version read, 2021-2025): an explicit `f := fun k => body` is substituted *and beta-reduced*, so the
pattern of `Finset.sum_range_succ (fun k => body) n` is `∑ x ∈ range (n + 1), body[x]` and its right side
`∑ x ∈ range n, body[x] + body[n]`, exactly the instance the implicit form would produce. kabstract then
abstracts the first subterm (pre-order) that is defeq to the pattern: with the arguments given, only
instances whose summand is that body (up to the binder's name) and whose bound is `n + 1` qualify.

So an explicit argument is modelled as a constraint on the implicit matcher's instance:

* `f` (a `fun x => body` or `fun x : ℕ => body`, or a local function name): the body is elaborated with
  `x : ℕ` and no expected type, as Lean elaborates it (its leaves fix its type); the candidate's summand
  must be the same term after renaming the index, and its type the body's type. A body whose leaves fix
  no type (`fun _ => 1`: Lean postpones the numeral's type until the rewrite unifies it) is refused.
* `n` (range lemmas) / `a`, `b`, `M` (`…_Icc_succ_top`, named): the candidate's bound(s) must be those terms
  (syntactically, after elaboration at ℕ; a bound equal only up to arithmetic, `5 + 2` for `n := 6`, is
  refused: weaker than Lean's offset unifier, never stronger).
* `_` leaves that argument to the unifier.

Named arguments other than the lemma's binder names, more positional arguments than binders, and any
other form are refused with a message (weaker than Lean).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from minilean.bigops import subst_expr
from minilean.goals import TacticFail
from minilean.range_simp import _pred
from minilean.syntax import NAT, ESum, EVar, Expr, SyntaxErr, _has_typed_leaf, _Typer, sort_of_node

Matcher = Callable[[Expr, str | None], tuple[Expr, Expr] | None]

_FRESH = "x✝explicit"  # not a user-writable name, so renaming to it captures nothing

# lemma -> its explicit binders in order (Mathlib's statements, see finset_lemmas / finset_succ_top)
_RANGE = ("f", "n")  # Finset.sum_range_succ (f : ℕ → M) (n : ℕ)
_SUCC_TOP = ("hab", "f")  # Finset.prod_Icc_succ_top {a b : ℕ} (hab : a ≤ b + 1) (f : ℕ → M)
_IMPLICIT_SUCC_TOP = ("a", "b", "M")


def _refuse(name: str, why: str) -> TacticFail:
    return TacticFail(f"minilean: `{name}` with these explicit arguments is not supported in rw ({why})")


def _fun_body(name: str, arg: tuple, ctx: Mapping[str, str]) -> tuple[Expr, str]:
    """The beta-reduced summand `f x` (index renamed to `_FRESH`) and its type."""
    if arg[0] == "fun" and len(arg[1]) == 1:
        var, ann = arg[1][0]
        if ann is not None and sort_of_node(ann) != NAT:
            raise _refuse(name, "the function's binder must be ℕ")
        body = arg[2]
    elif arg[0] == "id" and arg[1] in ctx:  # a local function f: `f` is `fun x => f x` up to eta
        var, body = _FRESH, ("app", arg, (("id", _FRESH),))
    else:
        raise _refuse(name, "the function must be a `fun x => …` or a local function")
    if not _has_typed_leaf(body):  # Lean would postpone the body's type to the unifier
        raise _refuse(name, "the function's body does not fix its type")
    try:
        e, ty = _Typer({**ctx, var: NAT}).tree(body, None)
    except SyntaxErr as err:
        raise TacticFail(str(err)) from err
    return subst_expr(e, var, EVar(_FRESH)), ty


def _nat(name: str, arg: tuple, ctx: Mapping[str, str]) -> Expr:
    try:
        e, ty = _Typer(dict(ctx)).tree(arg, NAT)
    except SyntaxErr as err:
        raise TacticFail(str(err)) from err
    if ty != NAT:
        raise _refuse(name, "a bound must be a natural number")
    return e


def _bind(name: str, node: tuple, explicit: tuple[str, ...], implicit: tuple[str, ...]) -> dict[str, tuple]:
    """Lean's application: named arguments fill their binders, positional ones the remaining explicit
    binders in order; `_` arguments are dropped (left to the unifier)."""
    if node[0] == "id":
        return {}
    if node[0] != "app" or node[1] != ("id", name):
        raise _refuse(name, "unexpected form")
    out: dict[str, tuple] = {}
    positional: list[tuple] = []
    for a in node[2]:
        if a[0] == "named":
            if a[1] not in explicit + implicit or a[1] in out:
                raise _refuse(name, f"argument `({a[1]} := …)`")
            out[a[1]] = a[2]
        else:
            positional.append(a)
    free = [b for b in explicit if b not in out]
    if len(positional) > len(free):
        raise _refuse(name, "too many arguments")
    out.update(zip(free, positional, strict=False))
    if out.get("hab", ("",))[0] == "wild":  # whether `_` becomes a new goal there was not settled
        raise _refuse(name, "`_` for the hypothesis")
    return {k: v for k, v in out.items() if v[0] != "wild"}


def _summand_ok(e: ESum, f: tuple[Expr, str] | None) -> bool:
    if f is None:
        return True
    body, ty = f
    return e.ty == ty and subst_expr(e.body, e.var, EVar(_FRESH)) == body


def constrain(
    name: str, node: tuple, ctx: Mapping[str, str], base: Matcher, succ_top: bool
) -> tuple[Matcher, tuple | None]:
    """The matcher `base` restricted to the instances the explicit arguments of `node` allow, and the
    hypothesis argument (succ_top lemmas; None when omitted). Raises TacticFail on unmodelled forms."""
    if succ_top:
        args = _bind(name, node, _SUCC_TOP, _IMPLICIT_SUCC_TOP)
    else:
        args = _bind(name, node, _RANGE, ())
    f = _fun_body(name, args["f"], ctx) if "f" in args else None
    n = _nat(name, args["n"], ctx) if "n" in args else None
    a = _nat(name, args["a"], ctx) if "a" in args else None
    b = _nat(name, args["b"], ctx) if "b" in args else None
    m_sort = sort_of_node(args["M"]) if "M" in args else None
    if "M" in args and m_sort is None:
        raise _refuse(name, "`M` must name ℕ, ℤ, ℚ or ℝ")
    top = b if succ_top else n

    def match(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
        if not isinstance(e, ESum) or not _summand_ok(e, f):
            return None
        if m_sort is not None and e.ty != m_sort:
            return None
        if a is not None and e.lo != a:
            return None
        if top is not None and _pred(e.hi, "ESum" in repr(e.body)) != top:
            return None
        return base(e, ty)

    return match, args.get("hab")


__all__ = ["constrain"]
