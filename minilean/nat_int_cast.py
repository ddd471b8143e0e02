"""The cast ℕ → ℤ commutes with `+`, `*` and numeral powers by definition (used by `terms.Elaborator._defeq`).

Lean core: `instance : NatCast Int := ⟨Int.ofNat⟩`, `Int.ofNat` is a constructor, and `Int.add` / `Int.mul`
are defined by matching on constructors (`| ofNat m, ofNat n => ofNat (m + n)`, `ofNat (m * n)`); numerals
are `instOfNat : OfNat Int n := ⟨Int.ofNat n⟩`. So at default transparency (the elaborator's check of a term
against its expected type: `exact`, `have … := term`) `((a + b : ℕ) : ℤ)` and `(a : ℤ) + (b : ℤ)` are the
same term, and `((2 : ℕ) : ℤ)` is `(2 : ℤ)`: whnf of the right side reaches `Int.ofNat (a + b)`.

`+`, `*`, numerals, and (round 22d) powers with a numeral exponent: core `Int.pow m (n + 1) = Int.pow m n * m`
and `Nat.pow` recurse on the exponent, and Mathlib's `Monoid ℤ` takes `npow n x := x ^ n`, so on a literal
exponent both sides unfold to `ofNat` of the same product (a public proof Lean checked uses
`Nat.cast_pow k 2 : ↑(k ^ 2) = ↑k ^ 2` as a proof of `↑k ^ 2 = ↑(k ^ 2)`). ℕ's truncated `-` and `/`, `%`
and variable exponents are left as they are (`Int.sub` gives `a + -b`, which does not reduce to `ofNat` on
variables; `Int.pow` is stuck on a variable exponent), which only refuses more. Casts into ℚ/ℝ are not
definitional (`Nat.cast` there is a recursive `Nat.unaryCast`/binary cast whose unfolding Lean does not
perform on variables) and stay as written.
"""

from __future__ import annotations

from minilean.syntax import INT, NAT, EApp, EBin, ECast, ENeg, ENum, Expr, PBin, PNot, PQuant, PRel, Prop


def _expr(e: Expr) -> Expr:
    if isinstance(e, ECast):
        a = _expr(e.arg)
        if e.src == NAT and e.dst == INT:
            if isinstance(a, ENum):
                return a
            if isinstance(a, EBin) and a.op in ("+", "*"):
                return EBin(a.op, _expr(ECast(a.lhs, NAT, INT)), _expr(ECast(a.rhs, NAT, INT)))
            if isinstance(a, EBin) and a.op == "^" and isinstance(a.rhs, ENum):
                # a numeral exponent: `Int.pow` and `Nat.pow` recurse on it (round 22d)
                return EBin("^", _expr(ECast(a.lhs, NAT, INT)), a.rhs)
        return ECast(a, e.src, e.dst)
    if isinstance(e, EBin):
        return EBin(e.op, _expr(e.lhs), _expr(e.rhs))
    if isinstance(e, ENeg):
        return ENeg(_expr(e.arg))
    if isinstance(e, EApp):
        return EApp(e.fn, tuple(_expr(a) for a in e.args))
    return e  # big operators are left alone (their bodies live under a binder)


def push_nat_int_casts(p: Prop) -> Prop:
    """`p` with every `((a + b : ℕ) : ℤ)`, `((a * b : ℕ) : ℤ)` and `((n : ℕ) : ℤ)` unfolded."""
    if isinstance(p, PRel):
        return PRel(p.op, _expr(p.lhs), _expr(p.rhs), p.ty)
    if isinstance(p, PNot):
        return PNot(push_nat_int_casts(p.arg))
    if isinstance(p, PBin):
        return PBin(p.op, push_nat_int_casts(p.lhs), push_nat_int_casts(p.rhs))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, push_nat_int_casts(p.body), p.implicit)
    return p


__all__ = ["push_nat_int_casts"]
