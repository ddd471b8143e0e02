# ruff: noqa: E501
"""Power laws with a symbolic exponent, proved in minilean for every exponent (round 13).

The table's power rows (`pow_pos`, `pow_add`, `mul_pow`, … in `lemmas.py` / `lemma_table2-4.py`) bind
their exponent as `(n : exp)`: z3 checks each instance with a numeral exponent, and cannot prove them
for a variable one (`a ^ n` is a recursive function to z3, which it unfolds but cannot do induction on).
Here each such row gets a proof, by induction over the ℕ exponent, of its statement with every `exp`
binder read as an ℕ variable: the proof goes through minilean's own elaborator (as `lemma_table10`'s
Bernoulli does), using only `pow_succ` (z3-checked: one unfolding of `Monoid.npow`) and `ring`/`nlinarith`
for the step. Once proved, the ∀-statement is a theorem, so any instance of it (a variable exponent in
`pow_pos h n`, the exponent a `rw [pow_add]` match gives) holds by substitution: no per-instance check.

A row without a proof here keeps the numeral-only rule; a proof that fails (a wrong statement) leaves
the row numeral-only too, so nothing is admitted on trust.
"""

from __future__ import annotations

# proofs of the `exp` rows with the exponent(s) as ℕ variables (`α` is the instance type)
PROOFS: dict[str, str] = {
    # `theorem pow_pos [StrictOrderedSemiring R] (H : 0 < a) (n : ℕ) : 0 < a ^ n`
    "pow_pos": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [pow_succ]\n    exact mul_pos ih H"
    ),
    # `theorem pow_nonneg [OrderedSemiring R] (H : 0 ≤ a) (n : ℕ) : 0 ≤ a ^ n`
    "pow_nonneg": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [pow_succ]\n    exact mul_nonneg ih H"
    ),
    # `theorem pow_add (a : M) (m n : ℕ) : a ^ (m + n) = a ^ m * a ^ n`
    "pow_add": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [← add_assoc, pow_succ, pow_succ, ih, mul_assoc]"
    ),
    # `theorem pow_mul (a : M) (m n : ℕ) : a ^ (m * n) = (a ^ m) ^ n` (uses the proved `pow_add`)
    "pow_mul": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n"
        "    rw [show m * (k + 1) = m * k + m by ring, pow_add, pow_succ, ih]"
    ),
    # `theorem mul_pow [CommMonoid M] (a b : M) (n : ℕ) : (a * b) ^ n = a ^ n * b ^ n`
    "mul_pow": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [pow_succ, pow_succ, pow_succ, ih]\n    ring"
    ),
    # core: `protected theorem Nat.mul_pow (a b n : Nat) : (a * b) ^ n = a ^ n * b ^ n`
    "Nat.mul_pow": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [pow_succ, pow_succ, pow_succ, ih]\n    ring"
    ),
    # `theorem pow_le_pow_left (ha : 0 ≤ a) (hab : a ≤ b) (n : ℕ) : a ^ n ≤ b ^ n`
    "pow_le_pow_left": (
        "have key : ∀ k : ℕ, 0 ≤ a ^ k ∧ a ^ k ≤ b ^ k := by\n"
        "    intro k\n    induction k with\n    | zero => simp\n    | succ k ih =>\n"
        "      obtain ⟨h1, h2⟩ := ih\n      rw [pow_succ, pow_succ]\n      constructor <;> nlinarith\n"
        "  exact (key n).2"
    ),
    # Mathlib (2024): `Nat.pow_le_pow_of_le_left {m n : ℕ} (h : m ≤ n) (i : ℕ) : m ^ i ≤ n ^ i`
    "Nat.pow_le_pow_of_le_left": (
        "induction i with\n  | zero => simp\n  | succ k ih =>\n    rw [pow_succ, pow_succ]\n"
        "    nlinarith [Nat.zero_le (m ^ k), Nat.zero_le m]"
    ),
}

__all__ = ["PROOFS"]
