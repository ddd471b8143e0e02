"""`norm_num` on a real power with a numeral exponent: `(3 : ℝ) ^ (3 : ℝ) = 27`.

Mathlib's norm_num extension for `Real.rpow` (`Mathlib/Analysis/SpecialFunctions/Pow/Real.lean`, section
"Tactic extensions for real powers": `isNat_rpow_pos`/`isInt_rpow_neg`…, in the 2024 file and, renamed
`IsNat.rpow_eq_pow`/`IsInt.rpow_eq_inv_pow`, in the 2025 one; MathlibTest checks `(2 : ℝ) ^ (3 : ℝ) = 8`
and `(1/2 : ℝ) ^ (-3 : ℝ) = 8` by `norm_num1`) evaluates `a ^ b` when `b` evaluates to an integer
numeral: `a ^ n` (the monoid power) for `b = n ≥ 0`, `(a ^ n)⁻¹` for `b = -n`, `a` any rational numeral
(`0⁻¹ = 0`). An exponent that is not an integer (`2 ^ (1/2 : ℝ)`) is left alone, as the extension fails
on it. Only this is modelled (not the `@[simp]` lemma `Real.rpow_ofNat` on a symbolic base).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from minilean.syntax import REAL, EApp, Expr, NotEvaluable

MAX_BITS = 4096  # as closers.eval_num: a power whose value would be larger is not evaluated


def evaluate(e: EApp, eval_num: Callable[[Expr, str], Fraction]) -> Fraction:
    """The exact value of the closed `Real.rpow a b`, or NotEvaluable."""
    b = eval_num(e.args[1], REAL)
    if b.denominator != 1:
        raise NotEvaluable("a real power with a non-integer exponent")
    a = eval_num(e.args[0], REAL)
    n = abs(int(b))
    if max(a.numerator.bit_length(), a.denominator.bit_length()) * n > MAX_BITS:
        raise NotEvaluable("too large")
    v = a**n
    if b < 0:
        return 1 / v if v else Fraction(0)
    return v


__all__ = ["evaluate"]
