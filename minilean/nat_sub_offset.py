"""Lean core's ℕ offset simprocs `Nat.reduceSubDiff`, `Nat.reduceEqDiff` and `Nat.reduceLeDiff`
(`Lean/Meta/Tactic/Simp/BuiltinSimprocs/Nat.lean`), as `simp` and `norm_num` (both run the default
simprocs; `simp only` runs none) apply them to ℕ's truncated `-`, to `=` and to `≤`.

Each side is read as Lean's `NatOffset`: a raw numeral literal is a constant; `b + k₁ + … + kₙ` whose
right operands are numeral literals (not closed expressions: `getNatValue?` reads literals only) is the
offset `(b, k₁ + … + kₙ)`; anything else makes the simproc step aside. Then, with `p - q`:

* `(b + m) - n`: `b + (m - n)` when `m > n`, `b` when `m = n`, `b - (n - m)` when `m < n`;
* `m - (b + n)`: `(m - n) - b` (truncated `m - n`, as Lean's `toExpr (po - nn)`);
* `(a + m) - (b + n)`: `a - (b + (n - m))` (just `a - b` when `m = n`) when `m ≤ n`, else `(a + (m - n)) - b`.

Every result is an instance of a valid ℕ identity (`Nat.add_sub_assoc`, `Nat.Simproc.add_sub_le`,
`sub_add_eq_comm`, `add_sub_add_le/ge`), so the rewrite is sound. Literal minus literal is the ordinary
`Nat.reduceSub` fold and is left to the caller.

The relations, with offsets or literals on both sides (a side that is neither: the simproc steps aside):

* `b + m = n`: `b = n - m` when `m ≤ n`, else False; `m = b + n` likewise; `a + m = b + n`: `a = b + (n - m)`
  when `m ≤ n` (`a = b` when equal), else `a + (m - n) = b`;
* `b + m ≤ n`: `b ≤ n - m` when `m ≤ n`, else False; `m ≤ b + n`: True when `m ≤ n`, else `m - n ≤ b`;
  `a + m ≤ b + n`: as for `=`. Only `≤` (the version read registers no `<` form; `≥` meets it after
  `ge_iff_le`). Two literals are the caller's literal comparison.
"""

from __future__ import annotations

from minilean.syntax import EBin, ENum, Expr


def _offset(e: Expr) -> tuple[Expr, int] | None:
    """`NatOffset.fromExprAux`: the base and the summed literal offset of `e`, or None (no offset)."""
    base, k = e, 0
    while isinstance(base, EBin) and base.op == "+" and isinstance(base.rhs, ENum):
        k += base.rhs.n
        base = base.lhs
    return (base, k) if k else None


def _side(e: Expr) -> tuple[Expr | None, int] | None:
    """A constant `(None, n)` or an offset `(b, k)`; None when neither."""
    if isinstance(e, ENum):
        return None, e.n
    return _offset(e)


def _add(b: Expr, k: int) -> Expr:
    return EBin("+", b, ENum(k))


def reduce_sub_diff(e: Expr) -> Expr | None:
    """What `Nat.reduceSubDiff` makes of the ℕ term `e` (an `∸` node), or None where it does not fire."""
    if not (isinstance(e, EBin) and e.op == "∸"):
        return None
    p, q = _side(e.lhs), _side(e.rhs)
    if p is None or q is None:
        return None
    (pb, pn), (qb, qn) = p, q
    if pb is None and qb is None:
        return None  # two literals: `Nat.reduceSub`, the caller's literal fold
    if qb is None:  # (pb + pn) - qn
        assert pb is not None
        if pn > qn:
            return _add(pb, pn - qn)
        return pb if pn == qn else EBin("∸", pb, ENum(qn - pn))
    if pb is None:  # pn - (qb + qn)
        return EBin("∸", ENum(max(pn - qn, 0)), qb)
    if pn <= qn:
        return EBin("∸", pb, qb if pn == qn else _add(qb, qn - pn))
    return EBin("∸", _add(pb, pn - qn), qb)


def reduce_rel_diff(op: str, a: Expr, b: Expr) -> tuple[str, Expr, Expr] | bool | None:
    """What `Nat.reduceEqDiff` (`op` "=") / `Nat.reduceLeDiff` (`op` "≤") make of the ℕ relation `a op b`:
    the new relation, True/False, or None where the simproc does not fire."""
    if op not in ("=", "≤"):
        return None
    x, y = _side(a), _side(b)
    if x is None or y is None:
        return None
    (xb, xn), (yb, yn) = x, y
    if xb is None and yb is None:
        return None  # two literals: the literal comparison
    if yb is None:  # (xb + xn) op yn
        assert xb is not None
        return (op, xb, ENum(yn - xn)) if xn <= yn else False
    if xb is None:  # xn op (yb + yn)
        if op == "=":
            return ("=", yb, ENum(xn - yn)) if yn <= xn else False
        return True if xn <= yn else ("≤", ENum(xn - yn), yb)
    if xn <= yn:
        return (op, xb, yb if xn == yn else _add(yb, yn - xn))
    return (op, _add(xb, xn - yn), yb)
