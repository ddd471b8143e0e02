"""ℕ offset terms identified as Lean's `isDefEq` identifies them (`Lean.Meta.isDefEqOffset`, read in
`Lean/Meta/Offset.lean`): `e + k₁ + k₂` with closed ℕ numerals `kᵢ` is the offset `(e, k₁ + k₂)`, and two
offsets with the same `k` are defeq when their bases are. This check runs inside every `isDefEq`, at any
transparency, so linarith's atom comparison (reducible `isDefEq`) sees `↑(n + 1 + 1)` and `↑(n + 2)` as one
atom. Only the shape Lean's `getOffset` accepts is folded: a `+` whose right operand is not a closed
numeral expression anywhere in the chain (`1 + n + 1`) makes the whole chain no offset, as in Lean."""

from __future__ import annotations

from minilean.syntax import NAT, EApp, EBin, ECast, ENeg, ENum, Expr


def _eval_nat(e: Expr) -> int | None:
    """Lean's `evalNat` on minilean's shapes: numerals and `+ ∸ *` of numerals (`∸`: ℕ's `-`)."""
    if isinstance(e, ENum):
        return e.n if isinstance(e.n, int) and e.n >= 0 else None
    if isinstance(e, EBin) and e.op in ("+", "∸", "*"):
        a, b = _eval_nat(e.lhs), _eval_nat(e.rhs)
        if a is None or b is None:
            return None
        return a + b if e.op == "+" else a * b if e.op == "*" else max(a - b, 0)
    return None


def _offset(e: Expr, top: bool) -> tuple[Expr, int] | None:
    """Lean's `getOffsetAux`: `None` is its failure (the chain is no offset)."""
    if isinstance(e, EBin) and e.op == "+":
        k = _eval_nat(e.rhs)
        if k is None:
            return None
        inner = _offset(e.lhs, False)
        if inner is None:
            return None
        return inner[0], inner[1] + k
    return None if top else (e, 0)


def canonical_offset(e: Expr) -> Expr:
    """A ℕ term with each offset chain written `base + k` (one numeral), bases canonical too."""
    off = _offset(e, True)
    if off is not None and _eval_nat(off[0]) is None:
        base, k = off
        return EBin("+", canonical_offset(base), ENum(k)) if k else canonical_offset(base)
    if isinstance(e, EBin):
        return EBin(e.op, canonical_offset(e.lhs), canonical_offset(e.rhs))
    return e


def canonical_cast_atom(e: Expr) -> Expr:
    """Every cast from ℕ inside an atom (through `+ - * / ^`, negation, casts and function arguments)
    with its argument's offsets canonical; big operators are left as written."""
    if isinstance(e, ECast):
        if e.src == NAT:
            return ECast(canonical_offset(e.arg), e.src, e.dst)
        return ECast(canonical_cast_atom(e.arg), e.src, e.dst)
    if isinstance(e, EBin):
        return EBin(e.op, canonical_cast_atom(e.lhs), canonical_cast_atom(e.rhs))
    if isinstance(e, ENeg):
        return ENeg(canonical_cast_atom(e.arg))
    if isinstance(e, EApp):
        return EApp(e.fn, tuple(canonical_cast_atom(a) for a in e.args))
    return e
