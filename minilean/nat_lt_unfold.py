"""`<` on ℕ is, by definition, `+ 1` then `≤` (round 13).

Lean core: `protected def Nat.lt (n m : Nat) : Prop := Nat.le (n + 1) m` and `instLTNat := ⟨Nat.lt⟩`,
so at default transparency (the elaborator's check of a term against its expected type: `exact h`,
`have h' : 1 ≤ m := h`) `a < b` and `a + 1 ≤ b` are the same proposition; core's own
`Nat.succ_le_of_lt (h : n < m) : succ n ≤ m := h` is proved by exactly this. `>`/`≥` are reducible
notations for the swapped `<`/`≤`. With a numeral `a`, `a + 1` then folds by Nat literal arithmetic
(`0 < m` is `1 ≤ m`), which the caller's offset check (`kmatch`) provides.

Only ℕ: ℤ's `Int.lt` is also `(m + 1) ≤ n`, but whether its literal sums fold the same way in the
elaborator was not checked, so ℤ stays refused (weaker); ℚ ℝ have no such definition (`0 < x` is not
`1 ≤ x` there, and false in general). Only the top-level relation is unfolded.
"""

from __future__ import annotations

from minilean.goals import Subst
from minilean.syntax import NAT, EBin, ENum, PRel, Prop


def unfold_nat_lt(p: Prop) -> Prop | None:
    """`a < b` / `b > a` over ℕ as `a + 1 ≤ b`, `b ≥ a` as `a ≤ b`; None for anything else."""
    if not isinstance(p, PRel) or p.ty != NAT:
        return None
    if p.op == "<":
        return PRel("≤", EBin("+", p.lhs, ENum(1)), p.rhs, NAT)
    if p.op == ">":
        return PRel("≤", EBin("+", p.rhs, ENum(1)), p.lhs, NAT)
    if p.op == "≥":
        return PRel("≤", p.rhs, p.lhs, NAT)
    return None


_LT, _LE = ("<", ">"), ("≤", "≥")


def match_nat_lt(pat: Prop, ty: Prop, s: Subst, sorts: dict) -> Subst | None:
    """Unify a binder type `pat` (with metavariables) with an argument's type `ty` when one is a ℕ `<`/`>`
    and the other a ℕ `≤`/`≥` (round 22d). Lean's `isDefEq` meets `LE.le` against `LT.lt`, unfolds the
    instances and `Nat.lt`, and compares `Nat.le (?a + 1) ?b` with `Nat.le 2 d`; `isDefEqOffsetNat`
    then gives `?a := 1` (`kmatch`'s offset unification). The other way, `h : 1 < d` against
    `?n ≤ ?m` assigns `?n := 1 + 1`, the term `Nat.lt`'s body has. Only the top-level relation, only ℕ."""
    if not (isinstance(pat, PRel) and isinstance(ty, PRel) and pat.ty == NAT and ty.ty == NAT):
        return None
    if not ((pat.op in _LT and ty.op in _LE) or (pat.op in _LE and ty.op in _LT)):
        return None
    from minilean.kmatch import pmatch

    return pmatch(unfold_nat_lt(pat) or pat, unfold_nat_lt(ty) or ty, s, sorts)


__all__ = ["match_nat_lt", "unfold_nat_lt"]
