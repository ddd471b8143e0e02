"""field_simp on a product of reciprocal quotients, `a / b * (b / a)`.

Mathlib's `field_simp` (the Seed-Prover pin, `Tactic/FieldSimp.lean`) is `simp` with the `field_simps` set
tried before the default set (`simpTheorems := #[thms1, thms0]`), subterms first. On `a / b * (c / d)` two
`field_simps` lemmas match and which one Lean tries first was not settled (`div_mul_div_comm` is no
`field_simps` and no simp lemma, so it does not fire):

- `div_mul_eq_mul_div`: `a * (c / d) / b`, then `mul_div_assoc'` gives `a * c / d / b`; when `a` is `d`,
  `mul_div_cancel_left₀` (@[simp], `d ≠ 0` discharged) leaves `c / b`;
- `mul_div_assoc'`: `a / b * c / d`, then `div_mul_eq_mul_div` gives `a * c / b / d`; when `c` is `b`,
  `mul_div_cancel_right₀` leaves `a / d`.

Only when both hold (`a = d`, `c = b`) do the two orders agree: each ends in `x / x`, which `div_self` turns
into `1`. So exactly that shape is simplified to `1`, with both denominators already proved non-zero by the
caller and no division inside `a` or `b` (inner divisions are rewritten first and change the shape). Any
other product of quotients keeps minilean's earlier model (weaker where Lean's order would matter).
"""

from __future__ import annotations

from minilean.syntax import EApp, EBin, ECast, ENeg, Expr


def has_div(e: Expr) -> bool:
    """A division or an inverse occurs somewhere in ``e``."""
    if isinstance(e, EBin):
        return e.op == "/" or has_div(e.lhs) or has_div(e.rhs)
    if isinstance(e, ENeg | ECast):
        return has_div(e.arg)
    if isinstance(e, EApp):
        return e.fn == "Inv.inv" or any(has_div(a) for a in e.args)
    return False


def reciprocal_product(e: Expr) -> bool:
    """`e` is `a / b * (b / a)` with `a`, `b` free of divisions (denominators checked by the caller)."""
    if not (isinstance(e, EBin) and e.op == "*"):
        return False
    left, right = e.lhs, e.rhs
    if not (isinstance(left, EBin) and left.op == "/" and isinstance(right, EBin) and right.op == "/"):
        return False
    if left.lhs != right.rhs or left.rhs != right.lhs:
        return False
    return not (has_div(left.lhs) or has_div(left.rhs))


__all__ = ["has_div", "reciprocal_product"]
