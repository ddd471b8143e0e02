"""Batch 8 of the z3-checked lemma table (`lemmas.py`): lemmas the public proofs name as terms after
round 8 (round 9).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Mathlib's (or Lean core's)
statements, binder kinds and order; each instance is checked valid by z3 (or, for `PROOFS`, by a proof
in minilean) before it is admitted, as every table row.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Data/Nat/Defs.lean): `{a b c : ℕ} (h : c < b)`
    ("Nat.mul_add_mod_of_lt", "N", "{a b c : α} (h : c < b)", "(a * b + c) % b = c"),
    # Lean core (`Nat/Basic.lean`), explicit arguments; `Nat.sub_self : ∀ (n : Nat), n - n = 0`
    ("Nat.add_sub_cancel_right", "N", "(n m : α)", "n + m - m = n"),
    ("Nat.sub_self", "N", "(n : α)", "n - n = 0"),
    # Lean core (`Nat/Basic.lean`): `protected theorem Nat.mul_sub (n m k : Nat)` (= `mul_sub_left_distrib`)
    ("Nat.mul_sub", "N", "(n m k : α)", "n * (m - k) = n * m - n * k"),
    ("Nat.sub_mul", "N", "(n m k : α)", "(n - m) * k = n * k - m * k"),
    ("Nat.sub_sub", "N", "(n m k : α)", "n - m - k = n - (m + k)"),
    # Mathlib (Algebra/Order/Monoid/Canonical/Defs.lean): canonically ordered, so ℕ only (false in ℤ)
    ("pos_iff_ne_zero", "N", "{a : α}", "0 < a ↔ a ≠ 0"),
    ("Nat.mul_eq_zero", "N", "{m n : α}", "m * n = 0 ↔ m = 0 ∨ n = 0"),
    ("Nat.eq_zero_of_mul_eq_zero", "N", "{n m : α} (h : n * m = 0)", "n = 0 ∨ m = 0"),
    ("Nat.sub_eq_zero_iff_le", "N", "{n m : α}", "n - m = 0 ↔ n ≤ m"),
    # Lean core: `protected theorem Nat.le_sub_iff_add_le {n : Nat} (h : k ≤ m) : n ≤ m - k ↔ n + k ≤ m`
    ("Nat.le_sub_iff_add_le", "N", "{k m n : α} (h : k ≤ m)", "n ≤ m - k ↔ n + k ≤ m"),
    # Lean core (`Nat/Gcd.lean`): `theorem Nat.dvd_gcd : k ∣ m → k ∣ n → k ∣ gcd m n`; admitted only with
    # `m`, `n` numerals its arguments fix (`NUMERAL_ARGS`): z3 proves such an instance, not the schema
    ("Nat.dvd_gcd", "N", "{k m n : α} (h₁ : k ∣ m) (h₂ : k ∣ n)", "k ∣ Nat.gcd m n"),
    # Mathlib (Data/Nat/GCD/Basic.lean): `Nat.coprime_iff_gcd_eq_one : Coprime m n ↔ gcd m n = 1` (`Iff.rfl`)
    ("Nat.coprime_iff_gcd_eq_one", "N", "{m n : α}", "Nat.Coprime m n ↔ Nat.gcd m n = 1"),
    # Mathlib (Algebra/Order/Field/Basic.lean), `LinearOrderedField`, `{a b : α}`
    ("div_neg_iff", "QR", "{a b : α}", "a / b < 0 ↔ 0 < a ∧ b < 0 ∨ a < 0 ∧ 0 < b"),
    ("div_pos_iff", "QR", "{a b : α}", "0 < a / b ↔ 0 < a ∧ 0 < b ∨ a < 0 ∧ b < 0"),
    # Mathlib (Algebra/Order/Ring/Lemmas.lean): `[PosMulStrictMono α] [MulPosStrictMono α]`, `{a b : α}`
    ("mul_nonneg_iff_left_nonneg_of_pos", "NZQR", "{a b : α} (hb : 0 < b)", "0 ≤ a * b ↔ 0 ≤ a"),
    ("mul_nonneg_iff_right_nonneg_of_pos", "NZQR", "{a b : α} (ha : 0 < a)", "0 ≤ a * b ↔ 0 ≤ b"),
    # Mathlib (Algebra/Order/GroupWithZero/Unbundled.lean): `(a0 : 0 < a)` with `{a b c : α}`
    ("mul_le_mul_iff_of_pos_right", "NZQR", "{a b c : α} (a0 : 0 < a)", "b * a ≤ c * a ↔ b ≤ c"),
    ("mul_le_mul_iff_of_pos_left", "NZQR", "{a b c : α} (a0 : 0 < a)", "a * b ≤ a * c ↔ b ≤ c"),
    # Mathlib (Data/Finset/Range… `Finset.mem_range_succ_iff {a b : ℕ} : a ∈ Finset.range b.succ ↔ a ≤ b`)
    ("Finset.mem_range_succ_iff", "N", "{a b : α}", "a ∈ Finset.range (Nat.succ b) ↔ a ≤ b"),
)

PROOFS: dict[str, str] = {}

# implicit variables a use must fix to numerals through its arguments (a trial elaboration reads them
# off, as implicit exponents, `lemmas._infer_exponents`); that instance alone is checked and admitted.
# With a variable there, the use is refused (Lean accepts it: weaker).
NUMERAL_ARGS: dict[str, tuple[str, ...]] = {"Nat.dvd_gcd": ("m", "n")}
