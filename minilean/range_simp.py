"""The simp lemmas `Finset.sum_range_succ` / `Finset.prod_range_succ` and `…_range_zero` on minilean's
big operators:

* `∑ x ∈ range (n + 1), f x = ∑ x ∈ range n, f x + f n` (`∏ … = (∏ …) * f n`), used only when named
  (`simp [Finset.sum_range_succ]`), as in Mathlib where it is not a simp lemma; the bound unifies with
  `?n + 1` as Lean's unifier does: a literal `k ≥ 1` (`?n := k - 1`) or a term `e + k` with `k ≥ 1`;
* `∑ x ∈ range 0, f x = 0` (`∏ … = 1`), a default simp lemma in Mathlib, so also used by plain `simp`;
* `∑ x ∈ Icc a a, f x = f a` for a numeral `a` (`Finset.Icc_self`, then `sum_singleton` /
  `prod_singleton` / `card_singleton`, all @[simp]): default set only.

A filtered sum (`Finset.filter`) is another set and is left alone."""

from __future__ import annotations

from minilean.bigops import subst_expr
from minilean.singleton_simp import singleton_step
from minilean.syntax import EBin, ENum, ESum, Expr

# simp argument names -> (operator, rule)
RANGE_LEMMAS: dict[str, tuple[str, str]] = {
    "Finset.sum_range_succ": ("∑", "succ"),
    "Finset.prod_range_succ": ("∏", "succ"),
    "Finset.sum_range_zero": ("∑", "zero"),
    "Finset.prod_range_zero": ("∏", "zero"),
}


def _pred(hi: Expr, body_has_binders: bool) -> Expr | None:
    """`n` with `hi` = `n + 1` in Lean's unifier, or None."""
    if isinstance(hi, ENum):
        return ENum(hi.n - 1) if hi.n >= 1 else None
    if body_has_binders:  # a symbolic index substituted under another binder could be captured
        return None
    if isinstance(hi, EBin) and hi.op == "+" and isinstance(hi.rhs, ENum) and hi.rhs.n >= 1:
        return hi.lhs if hi.rhs.n == 1 else EBin("+", hi.lhs, ENum(hi.rhs.n - 1))
    return None


def range_step(e: ESum, rules: frozenset[tuple[str, str]], defaults: bool) -> Expr | None:
    """One rewrite of `e` by the range lemmas in `rules` (`zero` also when the default simp set is on)."""
    if (single := singleton_step(e, defaults)) is not None:  # Icc_self / range_one (singleton_simp.py)
        return single
    if (defaults and e.kind == "Icc" and e.guard is None and isinstance(e.lo, ENum) and e.lo == e.hi
            and e.op in ("∑", "∏", "card")):
        # `Finset.Icc_self` (Icc a a = {a}) then `Finset.sum_singleton` / `prod_singleton` /
        # `card_singleton`, all @[simp]: the summand at `a`
        return subst_expr(e.body, e.var, e.lo)
    if e.kind != "range" or e.guard is not None or e.op not in ("∑", "∏"):
        return None
    if e.hi == ENum(0) and ((e.op, "zero") in rules or defaults):
        return ENum(0 if e.op == "∑" else 1)
    if (e.op, "succ") not in rules:
        return None
    n = _pred(e.hi, "ESum" in repr(e.body))
    if n is None:
        return None
    rest = ESum(e.op, e.var, e.ity, e.kind, e.lo, n, e.body, e.ty, e.guard)
    return EBin("+" if e.op == "∑" else "*", rest, subst_expr(e.body, e.var, n))


__all__ = ["RANGE_LEMMAS", "range_step"]
