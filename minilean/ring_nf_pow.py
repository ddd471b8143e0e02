"""How `ring_nf` prints a power with a non-numeral exponent (round 22c; the semantics are `ring_exp.py`).

Mathlib's `ring_nf` (`Mathlib/Tactic/Ring/RingNF.lean`, SOP mode) turns ring's internal monomial
`x ^ e₁ * (y ^ e₂ * c)` into `x ^ e₁ * y ^ e₂ * c` with the cleanup lemmas `mul_assoc_rev`, `pow_one`,
`mul_one` and the numeral casts; the exponent is itself a ℕ monomial printed the same way. So
`x ^ (2 * n)` prints `x ^ (n * 2)` (coefficient on the right), `x ^ (n + 1)` prints `x * x ^ n`,
`2 ^ (n + 1)` prints `2 ^ n * 2`, a sum base prints in normal form: `(1 + x) ^ n`.

Order. `Mathlib/Tactic/Ring/Basic.lean` keeps the monomials of a sum sorted by `ExProd.cmp` (used by
`evalAdd`) and the factors of a monomial by `ExBase.cmp` then the exponent's `ExProd.cmp` (used by
`evalMulProd`): factor by factor, an atom base (by first appearance) before a sum or numeral base, a
numeral exponent before a symbolic one (`.const` < `.mul`), a monomial that is a prefix of another first.
`mathlib_key` is that comparison as a Python sort key; ring_nf uses it for a side that has a symbolic
power. A side without one keeps minilean's earlier rule (constant first, then by degree), which agrees
with `ExProd.cmp` on one atom (`1 + x * 2 + x ^ 2`) but not on several: read from the source, Mathlib
prints `(a + b) ^ 2` as `a * b * 2 + a ^ 2 + b ^ 2` where minilean prints `a ^ 2 + a * b * 2 + b ^ 2`
(not changed this round: it touches every ring_nf output). Atom numbering is the goal's first-appearance
order (`normal_forms._atoms_in_order`, exponents included), Mathlib's only where its traversal agrees.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from minilean.linarith import NotLinear, partition_of
from minilean.ring_exp import RingNormalizer, is_pow_atom
from minilean.syntax import NAT, EBin, ENum, Expr

Normal = Callable[[Expr, str, list], Expr]
def mathlib_key(mono: tuple, coeff: Fraction, order: list, ty: str) -> list:
    """`ExProd.cmp` as a key: the factors in ring's order, then the coefficient (`(-1, c)` sorts
    before every factor `(0, …)`: a monomial that is a prefix of another comes first)."""
    factors = sorted(mono, key=lambda ap: factor_key(ap[0], order, ty, ap[1]))
    return [factor_key(a, order, ty, p) for a, p in factors] + [(-1, coeff)]


def factor_key(a: Expr, order: list, ty: str, p: int = 1) -> tuple:
    """Sort key of the factor `a ^ p` inside a monomial (`ExBase.cmp`, then the exponent's `ExProd.cmp`;
    a numeral exponent, `(0, p)`, before a symbolic one)."""
    if is_pow_atom(a):
        return (0, _base_key(a.lhs, order, ty), _expo_key(a.rhs, p, order))  # type: ignore[union-attr]
    return (0, _base_key(a, order, ty), (0, p))


def _base_key(b: Expr, order: list, ty: str) -> tuple:
    """`ExBase.cmp`: atoms by index before sums (a numeral base is the one-monomial sum `c`)."""
    if b in order:
        return (0, order.index(b), "")
    try:  # a numeral or a sum: compare its monomials (ExSum.cmp)
        poly = RingNormalizer(partition_of(ty), push_casts=False).poly(b, ty)
    except NotLinear:
        return (2, len(order), repr(b))
    if set(poly) == {()} or len(poly) > 1:
        return (1, sorted(mathlib_key(m, c, order, ty) for m, c in poly.items()), repr(b))
    return (0, len(order), repr(b))  # an atom outside the goal's order (inside a function argument)


def _expo_key(mono: Expr, p: int, order: list) -> tuple:
    """The symbolic exponent `m * p` (monic `m`, over ℕ) as an `ExProd` key."""
    poly = RingNormalizer("int", push_casts=False).poly(EBin("*", mono, ENum(p)), NAT)
    ((m, c),) = poly.items()
    return (1, mathlib_key(m, c, order, NAT))


def atom_index(a: Expr, order: list) -> int:
    """An atom's place for minilean's degree order: a power atom takes its base's place."""
    if is_pow_atom(a):
        a = a.lhs  # type: ignore[union-attr]
    return order.index(a) if a in order else len(order)


def factor_expr(a: Expr, p: int, ty: str, order: list, normal: Normal) -> Expr:
    """The printed factor `a ^ p`; for a power atom `b ^ m` it is `b ^ (m * p)`, base and exponent
    printed in ring_nf's form (the exponent as a ℕ monomial with its coefficient on the right)."""
    if not is_pow_atom(a):
        return a if p == 1 else EBin("^", a, ENum(p))
    base, mono = a.lhs, a.rhs  # type: ignore[union-attr]
    expo = mono if p == 1 else EBin("*", mono, ENum(p))
    return EBin("^", normal(base, ty, order), normal(expo, NAT, order))


def has_pow_atom(poly: dict) -> bool:
    return any(is_pow_atom(a) for mono in poly for a, _ in mono)


__all__ = ["atom_index", "factor_expr", "factor_key", "has_pow_atom", "mathlib_key"]
