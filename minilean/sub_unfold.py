"""Ring subtraction on ℝ and ℤ is, by definition, adding the negation (round 21a).

Mathlib `Data/Real/Basic.lean` (the 2023 port, the Seed-Prover pin f0957a7 and today alike):
`instance : Sub ℝ := ⟨fun a b => a + -b⟩`. Lean core `Int.sub` (`Init/Data/Int/Basic.lean`, every 4.x
version): `protected def Int.sub (m n : @& Int) : Int := m + (- n)` with `instance : Sub Int := ⟨Int.sub⟩`.
Instances are reducible and `Int.sub` is a plain `def`, so at default transparency (the elaborator's check
of a term against its expected type: `exact`, a `have … := term`) `a - b` and `a + -b` are the same term;
isDefEq reaches it by lazy delta reduction (unfold `HSub.hSub`, `Sub.sub`, the instance, beta).

Not ℚ (`Rat.sub` normalises a fraction, it is not `a + -b` syntactically) and not ℕ (truncated `∸`). Only
subterms whose type is known to be ℝ/ℤ are rewritten: the sides of a relation at that type and their
`+ - * / ^`-children and negations; casts, function applications and big operators are left alone (their
arguments may have another type), which can only refuse more.
"""

from __future__ import annotations

from minilean.syntax import INT, REAL, EBin, ENeg, Expr, PBin, PNot, PQuant, PRel, Prop

_TYPES = (REAL, INT)


def _expr(e: Expr) -> Expr:
    if isinstance(e, EBin):
        lhs = _expr(e.lhs)
        rhs = e.rhs if e.op == "^" else _expr(e.rhs)  # the exponent is a ℕ literal
        if e.op == "-":
            return EBin("+", lhs, ENeg(rhs))
        return EBin(e.op, lhs, rhs)
    if isinstance(e, ENeg):
        return ENeg(_expr(e.arg))
    return e


def unfold_sub(p: Prop) -> Prop:
    """`p` with every ℝ/ℤ `a - b` in a known-typed position written `a + -b`."""
    if isinstance(p, PRel):
        if p.ty in _TYPES:
            return PRel(p.op, _expr(p.lhs), _expr(p.rhs), p.ty)
        return p
    if isinstance(p, PNot):
        return PNot(unfold_sub(p.arg))
    if isinstance(p, PBin):
        return PBin(p.op, unfold_sub(p.lhs), unfold_sub(p.rhs))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, unfold_sub(p.body), p.implicit)
    return p


__all__ = ["unfold_sub"]
