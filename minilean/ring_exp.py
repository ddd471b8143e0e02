"""Powers with a non-numeral exponent, as Mathlib's `ring` normalizes them (round 22c).

Source read: `Mathlib/Tactic/Ring/Basic.lean` (`evalPow`, `evalPow₁`, `evalPowProd`, `evalPowAtom`,
`ExProd.evalPos`). There a monomial is a product of factors `x ^ e` times a rational coefficient, where
`x` is an atom or a whole sum (`ExBase.sum`) and `e` is a *monomial* over ℕ (with its own numeral
coefficient). `a ^ b` is computed as follows (`b` normalized as a ℕ polynomial first):

* `a ^ 0 = 1`, `a ^ (b₁ + b₂) = a ^ b₁ * a ^ b₂` (one factor per monomial of the exponent);
* per exponent monomial `e = m * k` (`m` monic, `k` its numeral coefficient):
  - `e` a numeral: the ordinary power (expanded);
  - `a = 0`: `0` when `e` is provably positive (every factor of `m` is a power of a positive base),
    else the factor `0 ^ e`;
  - `a` a single monomial `c * ∏ xᵢ ^ eᵢ`: `∏ xᵢ ^ (eᵢ * e)` times `c ^ e`, where a numeral `c ≠ 1` is
    kept as the base of its own factor (`(2 * x) ^ n = x ^ n * 2 ^ n`; `2 ^ n` is never evaluated, so
    `4 ^ n` and `2 ^ (2 * n)` stay different: ring does not prove `4 ^ n = 2 ^ (2 * n)`);
  - otherwise (a sum of several monomials) the factor `a ^ e` with `a` in normal form, so
    `(x + 1) ^ n = (1 + x) ^ n` and `(x + 1) ^ (2 * n) = ((x + 1) ^ n) ^ 2`.
* Factors with the same base and exponents that differ only in their numeral coefficient merge
  (`x ^ n * x ^ n = x ^ (n * 2)`); `x * x ^ n` stays two factors (exponents `1` and `n`).

In minilean's polynomials (`linarith.Poly`, a monomial is a tuple of (atom, power)) the factor
`x ^ (m * k)` is the atom `x ^ m` (an `EBin("^")` whose exponent is the canonical expression of `m`) to
the power `k`, so merging is the ordinary addition of powers. Bases are canonical expressions too
(an atom as written, a numeral, or a sum printed in a fixed order), so equal bases give equal atoms.

Knowingly different: Mathlib builds `(x * x ^ m) ^ n` as `x ^ n * x ^ (m * n)` without re-sorting the
two factors of the same base; whether its later comparisons then succeed depends on atom numbering.
minilean refuses (NotLinear) whenever raising a monomial to a symbolic power yields two factors of
one base, so it never proves more than Mathlib there (it proves less where Mathlib's order happens to
come out sorted).
"""

from __future__ import annotations

from fractions import Fraction

from minilean.linarith import Normalizer, NotLinear, Poly, _const, _mul, _mul_mono, partition_of
from minilean.simp import mk_numeral
from minilean.syntax import NAT, EApp, EBin, ECast, ENeg, ENum, Expr

_MAX_EXPANSION = 12  # numeral powers of a non-constant polynomial (the limit linarith's normalizer uses)


def is_pow_atom(a: object) -> bool:
    """Is this atom a power with a non-numeral exponent (made by `pow_atom`)?"""
    return isinstance(a, EBin) and a.op == "^" and not isinstance(a.rhs, ENum)


def pow_atom(base: Expr, mono: tuple) -> Expr:
    """The atom `base ^ m` for a monic ℕ monomial `m` (a non-empty tuple of (atom, power))."""
    return EBin("^", base, mono_expr(mono))


def mono_expr(mono: tuple) -> Expr:
    """A monic monomial as an expression, factors in the monomial's own (canonical) order."""
    out: Expr | None = None
    for a, p in mono:
        f = a if p == 1 else EBin("^", a, ENum(p))
        out = f if out is None else EBin("*", out, f)
    assert out is not None
    return out


def poly_expr(poly: Poly) -> Expr:
    """A polynomial as an expression in a fixed order (monomials sorted by their repr): the base of a
    power atom, so that two equal sums give the same atom whatever the order they were written in."""
    out: Expr | None = None
    for mono in sorted(poly, key=repr):
        c = poly[mono]
        t = mk_numeral(c) if mono == () else EBin("*", mono_expr(mono), mk_numeral(c))
        out = t if out is None else EBin("+", out, t)
    return ENum(0) if out is None else out


def numeral_power(base: Poly, n: int) -> Poly:
    """`base ^ n` for a numeral `n ≥ 0` (what `evalPowNat`/`evalPowProd` compute)."""
    if set(base) <= {()}:  # a numeral power is a number (`2 ^ 2014`), however large
        c = base.get((), Fraction(0))
        if max(c.numerator.bit_length(), c.denominator.bit_length()) * n > 1 << 16:
            raise NotLinear("numeral too large")
        return _const(c**n)
    if n > _MAX_EXPANSION and len(base) > 1:
        raise NotLinear("exponent too large")
    if len(base) == 1:  # a single monomial: its powers multiply (no expansion)
        ((mono, c),) = base.items()
        if max(c.numerator.bit_length(), c.denominator.bit_length()) * n > 1 << 16:
            raise NotLinear("numeral too large")
        return {tuple((a, p * n) for a, p in mono): c**n} if n else _const(1)
    out = _const(1)
    for _ in range(n):
        out = _mul(out, base)
    return out


def power(base: Poly, expo: Poly) -> Poly:
    """`base ^ expo` with `expo` a ℕ polynomial (Mathlib's `evalPow`)."""
    out = _const(1)
    for mono, k in sorted(expo.items(), key=lambda x: repr(x[0])):
        if k.denominator != 1 or k < 0:
            raise NotLinear("exponent is not a natural number")
        if mono == ():
            out = _mul(out, numeral_power(base, int(k)))
        else:
            out = _mul(out, _power_monomial(base, mono, int(k)))
    return out


def _power_monomial(base: Poly, mono: tuple, k: int) -> Poly:
    """`base ^ (m * k)` for a monic ℕ monomial `m` (Mathlib's `evalPow₁` on a non-numeral exponent)."""
    if not base:  # `0 ^ e`: zero when `e` is positive (`ExProd.evalPos`), else a factor
        return {} if _positive(mono) else {((pow_atom(ENum(0), mono), k),): Fraction(1)}
    if len(base) > 1:  # a sum of several monomials stays the base of a power
        return {((pow_atom(poly_expr(base), mono), k),): Fraction(1)}
    ((bmono, c),) = base.items()  # a single monomial: the exponent goes to each factor (`mul_pow`)
    factors: list[tuple[Expr, int]] = []
    for a, p in bmono:
        if is_pow_atom(a):  # (y ^ m') ^ (m * k) = y ^ (m' * m) ^ k
            inner = _monic_of(a.rhs)  # type: ignore[union-attr]
            factors.append((pow_atom(a.lhs, _mul_mono(inner, mono)), p * k))  # type: ignore[union-attr]
        else:
            factors.append((pow_atom(a, mono), p * k))
    if c != 1:  # the numeral coefficient becomes the base of its own factor (`2 ^ n` is not evaluated)
        factors.append((pow_atom(mk_numeral(c), mono), k))
    bases = [f.lhs for f, _ in factors]  # type: ignore[attr-defined]
    if len(set(bases)) != len(bases):
        raise NotLinear("ring: a power of a product with two factors of one base is not modelled")
    out: Poly = _const(1)
    for f, p in factors:
        out = _mul(out, {((f, p),): Fraction(1)})
    return out


def _monic_of(e: Expr) -> tuple:
    """The monic monomial a power atom's exponent expression stands for (the inverse of `mono_expr`)."""
    p = RingNormalizer("int", push_casts=False).poly(e, NAT)
    ((mono, _),) = p.items()
    return mono


def _positive(mono: tuple) -> bool:
    """`ExProd.evalPos` over ℕ: a monomial is positive when every factor is a power (of any exponent)
    of a positive base: a positive numeral or a sum with a positive monomial; a bare atom is not."""
    for a, _ in mono:
        if not is_pow_atom(a):
            return False
        try:
            bp = RingNormalizer("int", push_casts=False).poly(a.lhs, NAT)  # type: ignore[attr-defined]
        except NotLinear:
            return False
        if not any((m == () and c > 0) or (m != () and _positive(m)) for m, c in bp.items()):
            return False
    return True


class RingNormalizer(Normalizer):
    """`ring`'s normal form: linarith's polynomials, except that a power keeps its exponent as ring's
    `ExProd` does (`X ^ 13` is a monomial, not an expansion) and a symbolic exponent is normalized
    (`x ^ (n + 2)` is `x ^ n * x ^ 2`; linarith keeps such a power an atom)."""

    def _numeral_power(self, base: Poly, n: int) -> Poly:
        return numeral_power(base, n)

    def _sym_pow(self, e: EBin, ty: str) -> Poly | None:
        """`b ^ e` with a non-numeral exponent: the exponent normalized as a polynomial over ℕ, the
        power computed by `power` (pow_add, pow_mul, mul_pow on a single monomial)."""
        expo = RingNormalizer("int", push_casts=False).poly(e.rhs, NAT)
        return power(self.poly(e.lhs, ty), expo)


def ring_equal(lhs: Expr, rhs: Expr, ty: str) -> bool:
    """Does `ring` prove `lhs = rhs`? Commutative-ring normal forms over atoms (casts, ∸ ÷ %, division by
    a non-numeral and functions are atoms; division by a numeral is a rational coefficient in ℚ/ℝ)."""
    norm = RingNormalizer(partition_of(ty), push_casts=False)
    return norm.poly(cast_numerals(lhs), ty) == norm.poly(cast_numerals(rhs), ty)


def cast_numerals(e: Expr) -> Expr:
    """A cast of a numeral is that numeral (`ring` hands such atoms to norm_num, which evaluates them:
    `((5 : ℕ) : ℤ)` is 5); every other cast stays an atom."""
    if isinstance(e, ECast):
        arg = cast_numerals(e.arg)
        if isinstance(arg, ENum) or (isinstance(arg, ENeg) and isinstance(arg.arg, ENum)):
            return arg
        return ECast(arg, e.src, e.dst)
    if isinstance(e, EBin):
        return EBin(e.op, cast_numerals(e.lhs), cast_numerals(e.rhs))
    if isinstance(e, ENeg):
        return ENeg(cast_numerals(e.arg))
    if isinstance(e, EApp):
        return EApp(e.fn, tuple(cast_numerals(a) for a in e.args))
    return e


__all__ = [
    "RingNormalizer",
    "cast_numerals",
    "is_pow_atom",
    "mono_expr",
    "numeral_power",
    "poly_expr",
    "pow_atom",
    "power",
    "ring_equal",
]
