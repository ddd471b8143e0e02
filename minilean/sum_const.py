"""The default simp lemmas on a big operator whose summand does not mention its index:
`Finset.sum_const` (`∑ _x ∈ s, c = s.card • c`) and `Finset.prod_const` (`∏ _x ∈ s, c = c ^ s.card`),
both `@[simp]` (`Mathlib/Algebra/BigOperators/Basic.lean`), followed by the @[simp] card lemmas
`Finset.card_range` (`(range n).card = n`) and `Nat.card_Icc` (`(Icc a b).card = b + 1 - a`) and by
`smul_eq_mul` / `nsmul_eq_mul` (`n • c = ↑n * c`, @[simp]): simp reaches `↑n * c` through the `•` form,
which minilean's terms cannot state, so the chain is taken as one step. `Nat.cast_ofNat` then turns
`↑98` into `98` as usual. Plain `simp` / `norm_num` only (never `simp only [...]`), not on filtered sets,
and not when `Finset.sum_range_succ` is named (which of the two rewrites Lean's simp tries first on a
`range (n + 1)` was not settled, and they end in different shapes)."""

from __future__ import annotations

from minilean.syntax import NAT, EBin, ECast, ENum, ESum, Expr, expr_vars


def _card(e: ESum) -> Expr | None:
    if e.kind == "range":
        return e.hi
    if e.kind == "Icc" and e.ity == NAT:
        return EBin("∸", EBin("+", e.hi, ENum(1)), e.lo)
    return None  # ℤ intervals (`Int.card_Icc` gives a `toNat`), divisors: left


def const_step(e: ESum, defaults: bool, named_ranges: bool) -> Expr | None:
    """`e` rewritten by `sum_const` / `prod_const` / `card_*` when its body is constant; else None."""
    if not defaults or named_ranges or e.guard is not None:
        return None
    card = _card(e)
    if card is None:
        return None
    if e.op == "card":
        return card
    if e.op not in ("∑", "∏") or e.var in expr_vars(e.body, set()) or "ESum" in repr(e.body):
        return None
    if e.op == "∏":
        return EBin("^", e.body, card)
    return EBin("*", card if e.ty == NAT else ECast(card, NAT, e.ty), e.body)
