"""Default simp lemmas on one-element big operators: `Finset.Icc_self` (`Icc a a = {a}`),
`Finset.range_one` (`range 1 = {0}`), then `Finset.sum_singleton` / `Finset.prod_singleton`
(`∑ x ∈ {a}, f x = f a`). All four are `@[simp]` in Mathlib, so plain `simp` / `norm_num` use them, never
`simp only [...]` without them. Bounds are compared after closed evaluation, as simp's numeral simprocs
(`Nat.reduceAdd`, …) first turn `0 + 1` into `1`; a filtered set is another set and is left alone."""

from __future__ import annotations

from minilean.bigops import subst_expr
from minilean.syntax import ENum, ESum, Expr, NotEvaluable, expr_vars


def _value(e: Expr, ty: str) -> int | None:
    from minilean.closers import eval_num

    if expr_vars(e, set()):
        return None
    try:
        v = eval_num(e, ty)
    except NotEvaluable:
        return None
    return int(v) if v.denominator == 1 else None


def singleton_step(e: ESum, defaults: bool) -> Expr | None:
    """`e` over a one-element `Icc a a` / `range 1` rewritten to its only term; None: no such rewrite."""
    if not defaults or e.guard is not None or e.op not in ("∑", "∏"):
        return None
    point: Expr | None = None
    if e.kind == "Icc":
        lo, hi = _value(e.lo, e.ity), _value(e.hi, e.ity)
        if lo is not None and lo == hi:
            point = ENum(lo) if lo >= 0 else None  # a negative ℤ numeral is left to the general case
        elif e.lo == e.hi and "ESum" not in repr(e.body):  # a symbolic point under no further binder
            point = e.lo
    elif e.kind == "range" and _value(e.hi, e.ity) == 1:
        point = ENum(0)
    return None if point is None else subst_expr(e.body, e.var, point)
