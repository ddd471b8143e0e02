"""`rfl` and `congr` on closed ℕ equations with long sums: `Eq.refl` at default transparency.

Lean's `rfl` tactic (and the `Eq.refl` attempt `congr` makes before splitting) checks `lhs =?= rhs` with
`isDefEq` at default transparency. On closed ℕ terms that unfolds `Finset.sum` over `Finset.range n` /
`Finset.Icc a b` (lists built by structural recursion) and computes the literal arithmetic (Nat literals
are binary, `Nat.add`/`mul`/`mod`/`pow` on literals are evaluated natively). The closed evaluation the rest
of minilean uses stops at `libsem.DECIDE_TERMS` (100) terms; Lean-verified proofs close `(∑ k ∈ Icc 2010
4018, k) % 2009 = 0` by `rfl` and `(∑ k ∈ range 101, 2 ^ k) % 7 = 3` by `congr`, so for these two tactics
longer sums are folded to their value first, up to `RFL_TERMS` terms.

Only guard-free sums over ℕ indices with ℕ summands: a `Finset.filter` with `Nat.Prime` needs Mathlib's
`Nat.decidablePrime` (`minFac`, well-founded recursion, irreducible in newer Lean), whose reduction by
`rfl` differs between Lean versions; ℤ intervals and divisors were not checked. Those stay at the old cap
(refused beyond it: weaker than the Lean version that evaluates them).
"""

from __future__ import annotations

from dataclasses import replace

from minilean.bigops import indices
from minilean.goals import expr_defeq
from minilean.libsem import DECIDE_TERMS
from minilean.syntax import (
    MAX_BITS,
    NAT,
    EApp,
    EBin,
    ECast,
    ENeg,
    ENum,
    ESum,
    Expr,
    NotEvaluable,
    PRel,
    Prop,
    eval_int,
)

RFL_TERMS = 2500  # the Lean-verified evidence goes to 2009 terms; beyond, refused


def _sum_value(e: ESum) -> int | None:
    """The value of a long guard-free ℕ sum/product with closed bounds, else None."""
    if e.guard is not None or e.ity != NAT or e.ty != NAT or e.kind not in ("range", "Icc"):
        return None
    if e.op not in ("∑", "∏"):
        return None
    try:
        lo, hi = eval_int(e.lo, {}), eval_int(e.hi, {})
        idx = indices(e, lo, hi, RFL_TERMS)
        if len(idx) <= DECIDE_TERMS:
            return None  # the ordinary closed evaluation handles it
        acc = 0 if e.op == "∑" else 1
        for i in idx:
            v = eval_int(e.body, {e.var: i})
            acc = acc + v if e.op == "∑" else acc * v
            if acc.bit_length() > MAX_BITS:
                return None
        return acc
    except (NotEvaluable, ValueError):
        return None


def fold_long_sums(e: Expr) -> Expr:
    """`e` with every long closed ℕ sum (see `_sum_value`) replaced by its literal value."""
    if isinstance(e, ESum):
        v = _sum_value(e)
        return ENum(v) if v is not None else e
    if isinstance(e, EBin):
        return replace(e, lhs=fold_long_sums(e.lhs), rhs=fold_long_sums(e.rhs))
    if isinstance(e, ENeg | ECast):
        return replace(e, arg=fold_long_sums(e.arg))
    if isinstance(e, EApp):
        return replace(e, args=tuple(fold_long_sums(a) for a in e.args))
    return e


def rfl_closes_long_sums(t: Prop) -> bool:
    """`Eq.refl` closes the ℕ equation `t` once its long closed sums are evaluated."""
    if not (isinstance(t, PRel) and t.op == "=" and t.ty == NAT):
        return False
    lhs, rhs = fold_long_sums(t.lhs), fold_long_sums(t.rhs)
    if (lhs, rhs) == (t.lhs, t.rhs):
        return False
    return expr_defeq(lhs, rhs, t.ty)


__all__ = ["RFL_TERMS", "fold_long_sums", "rfl_closes_long_sums"]
