"""Big operators `∑ k ∈ s, f k` and `∏ k ∈ s, f k` over `Finset.range n` and `Finset.Icc a b`.

Elaboration follows Lean: the index type is fixed by the index set (`Finset.range n` ranges over ℕ;
`Finset.Icc a b` over the type of its bounds); the summand is elaborated with the index in scope and its
type is the type of the sum. When nothing fixes the index type (`Finset.Icc 1 9`), Lean infers it from
the summand; minilean accepts that case only when the summand uses the index at ℕ (as an ℕ leaf, an
exponent or an ℕ argument) and refuses otherwise rather than guess. Summands that are bare numerals
(their type comes from the context) are refused for the same reason. Finset.Icc over ℚ/ℝ is not a
finite set in Mathlib (no LocallyFiniteOrder) and is refused.
"""

from __future__ import annotations

from minilean.syntax import (
    _NAME_OK,
    INT,
    NAT,
    NUMERIC,
    EApp,
    EBin,
    ECast,
    ENeg,
    ENum,
    ESum,
    EVar,
    Expr,
    Node,
    Prop,
    SyntaxErr,
    _has_typed_leaf,
    _tree_leaves,
    _Typer,
    register_hook,
    sort_of_node,
    subst_prop,
    to_prop,
)

MAX_TERMS = 1000  # closed evaluation of a sum gives up beyond this many terms


_DIVISORS = {"Nat.divisors": "divisors", "Nat.properDivisors": "properDivisors"}


def _domain(dom: Node) -> tuple[str, Node | None, Node, tuple[str, Node] | None]:
    """(kind, lo, hi, filter) of an index set; filter = (lambda variable, predicate node)."""
    if dom[0] == "app" and dom[1][0] == "id":
        name, args = dom[1][1], dom[2]
        if name == "Finset.range" and len(args) == 1:
            return "range", None, args[0], None
        if name == "Finset.Icc" and len(args) == 2:
            return "Icc", args[0], args[1], None
        if name in _DIVISORS and len(args) == 1:
            return _DIVISORS[name], None, args[0], None
        if name == "Finset.filter" and len(args) == 2:
            fn = args[0]
            if fn[0] == "fun" and len(fn[1]) == 1 and fn[1][0][1] is None:
                kind, lo, hi, inner = _domain(args[1])
                if inner is None:
                    return kind, lo, hi, (fn[1][0][0], fn[2])
    raise SyntaxErr(
        "minilean: big operators are supported over Finset.range n, Finset.Icc a b, Nat.divisors n, "
        "Nat.properDivisors n and Finset.filter (fun x => p x) of those only"
    )


def _bound_type(typer: _Typer, node: Node) -> str | None:
    return typer.tree(node, None)[1] if _has_typed_leaf(node) else None


def elab_card(typer: _Typer, dom: Node) -> tuple[ESum, str]:
    """`Finset.card s`: the number of elements, a sum of 1 over `s` (ℕ)."""
    filt = _domain(dom)[3]
    return elab_bigop(typer, ("bigop", "card", filt[0] if filt else "i", dom, ("num", 1)), NAT)


def elab_bigop(typer: _Typer, node: Node, expected: str | None = None) -> tuple[ESum, str]:
    """`expected`: the type of the surrounding tree, for a summand whose own leaves fix no type (such a
    summand, like a numeral, takes the tree's type: `(∑ k ∈ Finset.range 3, 2 ^ k : ℝ)`)."""
    _, op, var, dom, body = node
    if not _NAME_OK.match(var):
        raise SyntaxErr(f"invalid binder name '{var}'")
    kind, lo_node, hi_node, filt = _domain(dom)
    if kind in ("range", *_DIVISORS.values()):
        ity = NAT
        lo: Expr = ENum(0 if kind == "range" else 1)
        hi = typer.tree(hi_node, NAT)[0]
    else:
        assert lo_node is not None
        lt, ht = _bound_type(typer, lo_node), _bound_type(typer, hi_node)
        if lt is not None and ht is not None and lt != ht:
            raise SyntaxErr(f"minilean: Finset.Icc bounds of different types ({lt}, {ht})")
        ity = lt or ht or NAT
        if ity not in (NAT, INT):
            raise SyntaxErr(f"failed to synthesize\n  LocallyFiniteOrder {ity}")
        if lt is None and ht is None:
            _check_nat_index(var, body, typer.ctx)
            if filt is not None:
                _check_nat_index(filt[0], filt[1], typer.ctx)
        lo, hi = typer.tree(lo_node, ity)[0], typer.tree(hi_node, ity)[0]
    guard = None
    if filt is not None:
        if not _NAME_OK.match(filt[0]):
            raise SyntaxErr(f"invalid binder name '{filt[0]}'")
        pred = to_prop(filt[1], {**typer.ctx, filt[0]: ity})
        guard = subst_prop(pred, filt[0], EVar(var)) if filt[0] != var else pred
    inner = _Typer({**typer.ctx, var: ity})
    if expected is None and not _has_typed_leaf(body):
        raise SyntaxErr("minilean: cannot infer the type of the summand (give it a type ascription)")
    e, ty = inner.tree(body, expected)
    return ESum(op, var, ity, kind, lo, hi, e, ty, guard), ty


def _check_nat_index(var: str, body: Node, ctx: dict) -> None:
    """The index of `Finset.Icc 1 9` gets its type from the summand: accept only uses that make it ℕ."""
    typer = _Typer({**ctx, var: NAT})
    x = ("id", var)

    def refuse() -> None:
        raise SyntaxErr(f"minilean: cannot infer the type of the index '{var}' (annotate the bounds)")

    def mentions(n: object) -> bool:
        if n == x:
            return True
        return isinstance(n, tuple) and any(mentions(c) for c in n[1:] if isinstance(c, tuple))

    def tree(n: Node) -> None:  # n is the root of an arithmetic tree
        if x in _tree_leaves(n, []) and typer.tree_type([n], None) != NAT:
            refuse()
        inside(n)

    def inside(n: Node) -> None:
        kind = n[0]
        if kind == "bin" and n[1] == "^":
            inside(n[2])
            tree(n[3])  # the exponent is its own ℕ tree
        elif kind == "bin":
            inside(n[2])
            inside(n[3])
        elif kind == "neg":
            inside(n[1])
        elif kind == "app":
            for a in n[2]:
                tree(a)
        elif kind == "ascr" and sort_of_node(n[2]) in NUMERIC:
            # `(2 ^ k : ℚ)`: the ascribed tree is elaborated at its type, so the index may sit in it only
            # where ℕ is forced (an exponent, a ℕ argument), unless the ascription is ℕ itself
            if x in _tree_leaves(n[1], []) and sort_of_node(n[2]) != NAT:
                refuse()
            inside(n[1])
        elif kind in ("coe", "ascr", "bigop", "quant", "fun") and mentions(n):
            refuse()

    def prop(n: Node) -> None:  # a filter predicate: its relations are trees
        kind = n[0]
        if kind == "bin" and n[1] in ("∧", "∨", "→", "↔"):
            prop(n[2])
            prop(n[3])
        elif kind == "not":
            prop(n[1])
        elif kind == "bin" or (kind == "app" and _is_prop_node(n)):
            for c in (n[2], n[3]) if kind == "bin" else n[2]:
                tree(c)
        elif mentions(n):
            refuse()

    if _is_prop_node(body):
        prop(body)
    else:
        tree(body)


_PROP_OPS = ("∧", "∨", "→", "↔", "=", "≠", "<", ">", "≤", "≥", "∣")


def _is_prop_node(n: Node) -> bool:
    if n[0] == "not" or (n[0] == "bin" and n[1] in _PROP_OPS):
        return True
    return n[0] == "app" and n[1][0] == "id" and n[1][1] in ("Even", "Odd", "Nat.Prime")


def subst_expr(e: Expr, name: str, value: Expr) -> Expr:
    """Replace the free variable `name` by the closed `value`."""
    if isinstance(e, EVar):
        return value if e.name == name else e
    if isinstance(e, EBin):
        return EBin(e.op, subst_expr(e.lhs, name, value), subst_expr(e.rhs, name, value))
    if isinstance(e, ENeg):
        return ENeg(subst_expr(e.arg, name, value))
    if isinstance(e, ECast):
        return ECast(subst_expr(e.arg, name, value), e.src, e.dst)
    if isinstance(e, EApp):
        return EApp(e.fn, tuple(subst_expr(a, name, value) for a in e.args))
    if isinstance(e, ESum):
        body = e.body if e.var == name else subst_expr(e.body, name, value)
        guard = e.guard if e.var == name or e.guard is None else subst_prop(e.guard, name, value)
        lo, hi = subst_expr(e.lo, name, value), subst_expr(e.hi, name, value)
        return ESum(e.op, e.var, e.ity, e.kind, lo, hi, body, e.ty, guard)
    return e


def literal(i: int) -> Expr:
    return ENum(i) if i >= 0 else ENeg(ENum(-i))


def indices(e: ESum, lo: int, hi: int, limit: int = MAX_TERMS) -> list[int]:
    """The index values of the sum given its evaluated bounds (range n = {0, …, n-1}, Icc inclusive,
    divisors of hi), before the filter."""
    if e.kind == "range":
        r = range(0, max(hi, 0))
    elif e.kind == "Icc":
        r = range(lo, hi + 1)
    else:  # divisors / properDivisors of hi (none of 0)
        r = range(1, hi + 1 if e.kind == "divisors" else hi)
    if len(r) > limit:
        raise ValueError("too many terms")
    if e.kind in ("divisors", "properDivisors"):
        return [d for d in r if hi % d == 0]
    return list(r)


def terms(e: ESum, lo: int, hi: int, limit: int = MAX_TERMS) -> list[tuple[Prop | None, Expr]]:
    """(guard, summand) per index value, the index replaced by the value (guard None: no filter)."""
    out = []
    for i in indices(e, lo, hi, limit):
        v = literal(i)
        guard = subst_prop(e.guard, e.var, v) if e.guard is not None else None
        out.append((guard, subst_expr(e.body, e.var, v)))
    return out


__all__ = ["MAX_TERMS", "elab_bigop", "indices", "literal", "subst_expr", "terms"]

register_hook("elab_bigop", elab_bigop)
register_hook("elab_card", elab_card)
