# ruff: noqa: E501
"""Batch 9 of the z3-checked lemma table (`lemmas.py`): lemmas the public proofs name as terms after
round 9 (round 10).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Mathlib's (or Lean core's)
statements, binder kinds and order; each instance is checked valid by z3 (or, for `PROOFS`, by a proof
in minilean) before it is admitted, as every table row.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Algebra/Order/Ring/Lemmas, 2024; `@[simp]`, `[LinearOrderedSemiring R] {a b : R} {n : ℕ}`).
    # Deprecated on 2024-11-12 for `pow_left_inj₀` with the same statement; the exponent is read off `hn`
    # (`lemmas._infer_exponents`) and must be a numeral, whose instance z3 checks.
    ("pow_left_inj", "NZQR", "{a b : α} {n : exp} (ha : 0 ≤ a) (hb : 0 ≤ b) (hn : n ≠ 0)", "a ^ n = b ^ n ↔ a = b"),
    # Mathlib (Data/Nat/ModEq.lean): `variable {m n a b c d : ℕ}`, `protected theorem ModEq.mul_left (c : ℕ)
    # (h : a ≡ b [MOD n]) : c * a ≡ c * b [MOD n]` (and `mul_right`, `mul`). The modulus is implicit, fixed
    # by `h`; z3 checks the instance with it a numeral (`NUMERAL_ARGS`).
    ("Nat.ModEq.mul_left", "N", "{n a b : α} (c : α) (h : a ≡ b [MOD n])", "c * a ≡ c * b [MOD n]"),
    ("Nat.ModEq.mul_right", "N", "{n a b : α} (c : α) (h : a ≡ b [MOD n])", "a * c ≡ b * c [MOD n]"),
    ("Nat.ModEq.mul", "N", "{n a b c d : α} (h₁ : a ≡ b [MOD n]) (h₂ : c ≡ d [MOD n])", "a * c ≡ b * d [MOD n]"),
    # Mathlib (Data/Nat/GCD/Basic.lean): `theorem Coprime.dvd_mul_left {m n k : ℕ} (H : Coprime k m) :
    # k ∣ m * n ↔ k ∣ n` and `dvd_mul_right (H : Coprime k n) : k ∣ m * n ↔ k ∣ m`; admitted with the
    # coprime pair numerals (`NUMERAL_ARGS`: z3 does not prove the schema, it does each such instance)
    ("Nat.Coprime.dvd_mul_left", "N", "{m n k : α} (H : Nat.Coprime k m)", "k ∣ m * n ↔ k ∣ n"),
    ("Nat.Coprime.dvd_mul_right", "N", "{m n k : α} (H : Nat.Coprime k n)", "k ∣ m * n ↔ k ∣ m"),
    # Mathlib (Algebra/Group/Basic.lean): `alias dvd_of_mul_right_eq := Dvd.intro`, i.e. `{a b : α} (c : α)
    # (h : a * c = b) : a ∣ b` (`Dvd.intro` itself is a `lemma_table2` row)
    ("dvd_of_mul_right_eq", "NZ", "{a b : α} (k : α) (h : a * k = b)", "a ∣ b"),
    # Lean core: `protected theorem Nat.ne_of_gt {a b : ℕ} (h : b < a) : a ≠ b`
    ("Nat.ne_of_gt", "N", "{a b : α} (h : b < a)", "a ≠ b"),
)

PROOFS: dict[str, str] = {}

# as `lemma_table8.NUMERAL_ARGS`: implicit variables a use must fix to numerals through its arguments (or
# the expected type); that instance alone is checked and admitted, a variable there is refused (weaker)
NUMERAL_ARGS: dict[str, tuple[str, ...]] = {
    "Nat.ModEq.mul_left": ("n",),
    "Nat.ModEq.mul_right": ("n",),
    "Nat.ModEq.mul": ("n",),
    "Nat.Coprime.dvd_mul_left": ("k", "m"),
    "Nat.Coprime.dvd_mul_right": ("k", "n"),
}

__all__ = ["NUMERAL_ARGS", "PROOFS", "ROWS"]
