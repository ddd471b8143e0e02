"""`ring_nf` evaluates the inverse of a numeral in a field (round 18c).

Mathlib's `ring` works in commutative (semi)rings and, over a `DivisionRing`, inverts numeral constants
(`Mathlib.Tactic.Ring`: a constant's inverse is computed as a rational numeral), so `2⁻¹ ^ 2` is the
constant `1/4`, printed by ring_nf's cleanup lemma `rat_rawCast_pos` as `1 / 4`. minilean's normalizer
already reads `1 / 2` as a constant; `c⁻¹` (the parser's `Inv.inv c`) was an atom. Only closed numeral
arguments with a non-zero value are turned into constants; `x⁻¹` of an atom and `0⁻¹` stay atoms
(Lean's `ring` has rules for those too; not modelled: weaker)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from minilean.simp import mk_numeral, numeral
from minilean.syntax import COMPLEX, RAT, REAL, EApp, Expr

_FIELDS = (RAT, REAL, COMPLEX)


def constant_inverse(e: Expr, ty: str, normal: Callable[[Expr, str], Expr]) -> Expr | None:
    """`c⁻¹` with `c` a closed numeral expression of non-zero value, at ℚ ℝ ℂ: the numeral `1 / c`
    (its normal form, e.g. `1 / 4`, `-(1 / 3)`, `2`); None otherwise. `normal` is ring_nf's normalizer
    (passed in: normal_forms imports this module)."""
    # the parser names ℚ's and ℂ's inverse `Inv.inv@ℚ` / `Inv.inv@ℂ` (libfuns.py), ℝ's `Inv.inv`
    if not (isinstance(e, EApp) and e.fn in ("Inv.inv", f"Inv.inv@{ty}") and len(e.args) == 1):
        return None
    if ty not in _FIELDS:
        return None
    v = numeral(normal(e.args[0], ty))
    if v is None or v == 0:
        return None
    return mk_numeral(Fraction(1) / v)


__all__ = ["constant_inverse"]
