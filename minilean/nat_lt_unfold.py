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


__all__ = ["unfold_nat_lt"]
