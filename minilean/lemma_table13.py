"""Batch 13 of the lemma table (`lemmas.py`): ℕ lemmas the near-miss public proofs name as terms
(round 13: `Nat.add_left_cancel`, `Nat.mod_mul_mod`, `Finset.mem_Icc` as a term).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: the statement, binder kinds
and order as Lean core / Mathlib state them; every instance is checked valid by z3 before it is admitted.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Lean core (`Init/Data/Nat/Basic.lean`, the same in the Lean 3 core and every Lean 4 version read):
    # `protected theorem Nat.add_left_cancel {n m k : Nat} : n + m = n + k → m = k`. All three numbers
    # are implicit, the premise is an anonymous arrow (the row names it `h`; only `(h := …)` could tell).
    # Protected: `open Nat` does not make `add_left_cancel` (a separate, group row) ambiguous.
    ("Nat.add_left_cancel", "N", "{n m k : α} (h : n + m = n + k)", "m = k"),
    # Mathlib `Data/Nat/Defs.lean` (mid-2024, the Seed-Prover pin, still with `#align`):
    # `@[simp] lemma mod_mul_mod (a b c : ℕ) : (a % c * b) % c = a * b % c`; the same explicit
    # `(a b c)` order in the later core statement. Nonlinear with a variable modulus, so admitted per
    # instance (the modulus `c` given as a numeral), as `Nat.mul_mod`.
    ("Nat.mod_mul_mod", "N", "(a b c : α)", "a % c * b % c = a * b % c"),
    # Mathlib (`Order/Interval/Finset/Defs.lean`, `Finset.Icc` of a locally finite order): `@[simp] theorem
    # mem_Icc : a ∈ Icc b c ↔ b ≤ a ∧ a ≤ c`, every variable implicit (section `{a b c : α}`), so the
    # binder names below cannot be told apart by a use. ℕ ℤ only: ℚ ℝ are not locally finite orders.
    # Used as a term (`Finset.mem_Icc.mpr ⟨h₁, h₂⟩`); the simp-set use is `mem_lemmas.py`'s.
    ("Finset.mem_Icc", "NZ", "{a b x : α}", "x ∈ Finset.Icc a b ↔ a ≤ x ∧ x ≤ b"),
)

# rows z3 cannot prove as schemas (a variable modulus): the listed variables must be numerals
PER_INSTANCE: dict[str, list[str]] = {"Nat.mod_mul_mod": ["c"]}

__all__ = ["PER_INSTANCE", "ROWS"]
