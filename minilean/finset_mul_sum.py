"""`rw [Finset.mul_sum]` and `rw [← Finset.mul_sum]` (round 18f), as matchers for `finset_lemmas.py`.

Mathlib (`Algebra/BigOperators/Ring.lean`; at the Seed-Prover pin and now, `[NonUnitalNonAssocSemiring α]`):
`Finset.mul_sum (s : Finset ι) (f : ι → α) (b : α) : b * ∑ i ∈ s, f i = ∑ i ∈ s, b * f i` (older
versions had the same equation with implicit arguments). Distributivity over a finite sum: every
instance below is that equation at s := the sum's index set (filter included), f := fun i => body, b.

- forward: the first `b * ∑ i ∈ s, body` (pre-order); `b` moves under the binder, so a `b` that mentions
  the index name is refused (Lean would rename the binder; minilean does not).
- `←`: the first `∑ i ∈ s, b * body` whose summand's top `*` has a left factor free of the index (the
  higher-order pattern `?b * ?f i`: `?b` is outside the binder, so it cannot mention `i`).
"""

from __future__ import annotations

from dataclasses import replace

from minilean.syntax import EBin, ESum, Expr, expr_vars


def mul_sum(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
    """`b * ∑ i ∈ s, f i` ↦ `∑ i ∈ s, b * f i`."""
    if not (isinstance(e, EBin) and e.op == "*" and isinstance(e.rhs, ESum) and e.rhs.op == "∑"):
        return None
    s, b = e.rhs, e.lhs
    if s.var in expr_vars(b, set()):
        return None
    return e, replace(s, body=EBin("*", b, s.body))


def mul_sum_rev(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
    """`∑ i ∈ s, b * f i` ↦ `b * ∑ i ∈ s, f i` (`← Finset.mul_sum`)."""
    if not (isinstance(e, ESum) and e.op == "∑" and isinstance(e.body, EBin) and e.body.op == "*"):
        return None
    b = e.body.lhs
    if e.var in expr_vars(b, set()):
        return None
    return e, EBin("*", b, replace(e, body=e.body.rhs))


def sum_mul(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
    """`(∑ i ∈ s, f i) * b` ↦ `∑ i ∈ s, f i * b` (round 22a). Mathlib (`Algebra/BigOperators/Ring.lean`,
    `[NonUnitalNonAssocSemiring α]`): `Finset.sum_mul (s : Finset ι) (f : ι → α) (b : α) : (∑ i ∈ s, f i) *
    b = ∑ i ∈ s, f i * b` (2023 versions: the same equation, arguments implicit). As `mul_sum`: `b` moves
    under the binder, so a `b` that mentions the index name is refused."""
    if not (isinstance(e, EBin) and e.op == "*" and isinstance(e.lhs, ESum) and e.lhs.op == "∑"):
        return None
    s, b = e.lhs, e.rhs
    if s.var in expr_vars(b, set()):
        return None
    return e, replace(s, body=EBin("*", s.body, b))


def sum_mul_rev(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
    """`∑ i ∈ s, f i * b` ↦ `(∑ i ∈ s, f i) * b` (`← Finset.sum_mul`): the summand's top `*` with a right
    factor free of the index (the pattern `?f i * ?b`)."""
    if not (isinstance(e, ESum) and e.op == "∑" and isinstance(e.body, EBin) and e.body.op == "*"):
        return None
    b = e.body.rhs
    if e.var in expr_vars(b, set()):
        return None
    return e, EBin("*", replace(e, body=e.body.lhs), b)


__all__ = ["mul_sum", "mul_sum_rev", "sum_mul", "sum_mul_rev"]
