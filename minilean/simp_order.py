"""Mathlib `@[simp]` lemmas about `≤`/`<`/`=` that the default simp set applies to a relation (simp.py's
`_rel` calls `order_simp` after its own rules). Each entry names the Mathlib lemma (checked in Mathlib's
source: `Mathlib/Algebra/Order/Monoid/Unbundled/Basic.lean`, `Order/Group/Unbundled/Basic.lean`,
`Algebra/Order/Group/Abs.lean`, `Algebra/Order/Sub/Defs.lean`,
`Analysis/SpecialFunctions/Log/Basic.lean`); the order ones are
equivalences valid in ℕ, ℤ, ℚ and ℝ (ordered cancellative additive monoids; `sub_*` only where `-` is
the ring subtraction, not ℕ's truncated one); `Real.log_eq_zero` is about ℝ.
"""

from __future__ import annotations

from minilean.syntax import NAT, RAT, REAL, EApp, EBin, ENeg, ENum, Expr, PBin, PRel, Prop

_ZERO = ENum(0)


def _other(s: Expr, a: Expr) -> tuple[Expr, str] | None:
    """`s` is `a + c` (→ (c, "right")) or `c + a` (→ (c, "left"))."""
    if isinstance(s, EBin) and s.op == "+":
        if s.lhs == a:
            return s.rhs, "right"
        if s.rhs == a:
            return s.lhs, "left"
    return None


def _tsub_le_applies(a: Expr, b: Expr, ty: str) -> bool:
    """`a` is `x - y` and `tsub_le_iff_right` is the only @[simp] lemma we know of that fires on `x - y ≤ b`.
    Only ℚ and ℝ: in ℕ and ℤ core's own simp lemmas about `-` may fire first (not settled). Left out where
    another @[simp] lemma matches the same relation and which one Lean's simp tries first was not settled:
    `b = 0` (sub_nonpos), `b = x` (sub_le_self_iff), `b` a subtraction (sub_le_sub_iff_left/right)."""
    if ty not in (RAT, REAL) or not (isinstance(a, EBin) and a.op == "-"):
        return False
    if b == _ZERO or b == a.lhs:
        return False
    return not (isinstance(b, EBin) and b.op == "-")


def order_simp(op: str, a: Expr, b: Expr, ty: str) -> Prop | None:
    """One simp step on `a op b` (op already normalised to `=`, `≤`, `<`), or None."""
    if op in ("≤", "<"):
        c = _other(b, a)
        if c is not None:
            # le_add_iff_nonneg_right/left, lt_add_iff_pos_right/left: `a ≤ a + c ↔ 0 ≤ c`
            return PRel(op, _ZERO, c[0], ty)
        c = _other(a, b)
        if c is not None:
            # add_le_iff_nonpos_right/left, add_lt_iff_neg_left/right: `a + c ≤ a ↔ c ≤ 0`
            return PRel(op, c[0], _ZERO, ty)
        if a == _ZERO and isinstance(b, EBin) and b.op == "-" and ty != NAT:
            return PRel(op, b.rhs, b.lhs, ty)  # sub_nonneg / sub_pos: `0 ≤ x - y ↔ y ≤ x`
        if op == "≤" and ty == NAT and b == _ZERO and a != _ZERO:
            return PRel("=", a, _ZERO, ty)  # nonpos_iff_eq_zero (canonically ordered)
        if op == "≤" and _tsub_le_applies(a, b, ty):
            # tsub_le_iff_right (@[simp], Order/Sub/Defs.lean): `a - b ≤ c ↔ a ≤ c + b`
            return PRel("≤", a.lhs, EBin("+", b, a.rhs), ty)  # type: ignore[union-attr]
    if op == "=" and b == _ZERO and isinstance(a, EApp) and a.fn == "Real.log" and len(a.args) == 1:
        x = a.args[0]  # Real.log_eq_zero (@[simp]): `log x = 0 ↔ x = 0 ∨ x = 1 ∨ x = -1`
        return PBin("∨", PRel("=", x, _ZERO, ty), PBin("∨", PRel("=", x, ENum(1), ty),
                                                       PRel("=", x, ENeg(ENum(1)), ty)))
    if op == "=" and isinstance(a, EApp) and a.fn == "abs" and len(a.args) == 1 and ty != NAT:
        x = a.args[0]
        if b == x:
            return PRel("≤", _ZERO, x, ty)  # abs_eq_self: `|x| = x ↔ 0 ≤ x`
        if b == ENeg(x):
            return PRel("≤", x, _ZERO, ty)  # abs_eq_neg_self: `|x| = -x ↔ x ≤ 0`
    return None


__all__ = ["order_simp"]
