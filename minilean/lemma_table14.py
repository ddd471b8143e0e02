# ruff: noqa: E501
"""Batch 14 of the lemma table (`lemmas.py`): monotonicity of powers in a symbolic exponent (round 13).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`. The exponent is an ℕ variable
(not an `exp` numeral), so z3 cannot check the statement (it does not do induction over `Monoid.npow`):
every row is admitted only through its proof below, by induction over the exponent, checked by
minilean's own elaborator for every exponent (as `lemma_table10`'s Bernoulli row). A wrong row is refused.

Statements are Mathlib's of mid-2024 (the pinned mathlib4 f0957a7 of the Seed-Prover runtime), where
these names are not deprecated yet; in Nov 2024 Mathlib moved the ordered-semiring ones to `…₀` names
with the same shape (`pow_le_pow_right₀`, `one_lt_pow₀`, `pow_lt_pow_left₀`), not stated here. A
`∀ {n : ℕ}, n ≠ 0 → …` conclusion is written as an implicit `{n : ℕ}` and a named hypothesis, the same
positional shape (only a named argument could tell, and Mathlib's hypothesis is anonymous there).
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Lean core (Nat/Basic.lean): `protected theorem Nat.pow_le_pow_left {n m : Nat} (h : n ≤ m) :
    # ∀ (i : Nat), n ^ i ≤ m ^ i`
    ("Nat.pow_le_pow_left", "N", "{n m : α} (h : n ≤ m) (i : ℕ)", "n ^ i ≤ m ^ i"),
    # Lean core: `protected theorem Nat.pow_le_pow_right {n : Nat} (hx : n > 0) {m : Nat} : ∀ {k},
    # m ≤ k → n ^ m ≤ n ^ k`; `Nat.pow_le_pow_of_le_right` is the same statement under its older name
    ("Nat.pow_le_pow_right", "N", "{n : α} (hx : n > 0) {m k : ℕ} (h : m ≤ k)", "n ^ m ≤ n ^ k"),
    ("Nat.pow_le_pow_of_le_right", "N", "{n : α} (hx : n > 0) {m k : ℕ} (h : m ≤ k)", "n ^ m ≤ n ^ k"),
    # Mathlib (Algebra/Order/Monoid/Lemmas / GroupPower/Order, `[OrderedSemiring R] {a : R} {n m : ℕ}`):
    # `theorem pow_le_pow_right (ha : 1 ≤ a) (h : n ≤ m) : a ^ n ≤ a ^ m`
    ("pow_le_pow_right", "NZQR", "{a : α} {n m : ℕ} (ha : 1 ≤ a) (h : n ≤ m)", "a ^ n ≤ a ^ m"),
    # `theorem one_lt_pow (ha : 1 < a) : ∀ {n : ℕ} (_ : n ≠ 0), 1 < a ^ n` (`[StrictOrderedSemiring R]`)
    ("one_lt_pow", "NZQR", "{a : α} (ha : 1 < a) {n : ℕ} (hn : n ≠ 0)", "1 < a ^ n"),
    # `theorem pow_lt_pow_left (h : x < y) (hx : 0 ≤ x) : ∀ {n : ℕ}, n ≠ 0 → x ^ n < y ^ n`
    # Mathlib (Algebra/Group/Defs, since 2024): `theorem pow_succ' (a : M) (n : ℕ) : a ^ (n + 1) = a * a ^ n`
    # (z3-checked, one unfolding of `Monoid.npow` as for `pow_succ`)
    ("pow_succ'", "NZQR", "(a : α) (n : ℕ)", "a ^ (n + 1) = a * a ^ n"),
    # Lean core: `protected theorem Nat.mul_pow (a b n : Nat) : (a * b) ^ n = a ^ n * b ^ n`; a numeral
    # exponent is z3-checked, a variable one admitted by `pow_laws.PROOFS` (induction)
    ("Nat.mul_pow", "N", "(a b : α) (n : exp)", "(a * b) ^ n = a ^ n * b ^ n"),
    ("pow_lt_pow_left", "NZQR", "{x y : α} (h : x < y) (hx : 0 ≤ x) {n : ℕ} (hn : n ≠ 0)", "x ^ n < y ^ n"),
)

# `k ≥ m` is written `k = m + d`, then induction on `d`; the step is `pow_succ` (z3-checked) and nlinarith
_RIGHT = (
    "have key : ∀ d : ℕ, n ^ m ≤ n ^ (m + d) := by\n"
    "    intro d\n    induction d with\n    | zero => simp\n    | succ d ih =>\n"
    "      rw [← add_assoc, pow_succ]\n      nlinarith [Nat.zero_le (n ^ (m + d))]\n"
    "  have hd : k = m + (k - m) := by omega\n"
    "  rw [hd]\n  exact key (k - m)"
)

PROOFS: dict[str, str] = {
    "Nat.pow_le_pow_left": (
        "induction i with\n  | zero => simp\n  | succ k ih =>\n    rw [pow_succ, pow_succ]\n"
        "    nlinarith [Nat.zero_le (n ^ k), Nat.zero_le n]"
    ),
    "Nat.pow_le_pow_right": _RIGHT,
    "Nat.pow_le_pow_of_le_right": _RIGHT,
    # `1 ≤ a ^ d` for every `d` first (the step needs the power nonnegative), then as `_RIGHT`
    "pow_le_pow_right": (
        "have one : ∀ d : ℕ, 1 ≤ a ^ d := by\n"
        "    intro d\n    induction d with\n    | zero => simp\n    | succ d ih =>\n"
        "      rw [pow_succ]\n      nlinarith\n"
        "  have key : ∀ d : ℕ, a ^ n ≤ a ^ (n + d) := by\n"
        "    intro d\n    induction d with\n    | zero => simp\n    | succ d ih =>\n"
        "      rw [← add_assoc, pow_succ]\n      nlinarith [one (n + d)]\n"
        "  have hd : m = n + (m - n) := by omega\n"
        "  rw [hd]\n  exact key (m - n)"
    ),
    # `n ≠ 0` is `n = d + 1`; induction on `d`
    "one_lt_pow": (
        "have key : ∀ d : ℕ, 1 < a ^ (d + 1) := by\n"
        "    intro d\n    induction d with\n    | zero =>\n      norm_num\n      linarith\n    | succ d ih =>\n"
        "      rw [pow_succ]\n      nlinarith\n"
        "  have hd : n = (n - 1) + 1 := by omega\n"
        "  rw [hd]\n  exact key (n - 1)"
    ),
    "pow_lt_pow_left": (
        "have key : ∀ d : ℕ, 0 ≤ x ^ (d + 1) ∧ x ^ (d + 1) < y ^ (d + 1) := by\n"
        "    intro d\n    induction d with\n    | zero =>\n      constructor <;> norm_num <;> linarith\n    | succ d ih =>\n"
        "      obtain ⟨h1, h2⟩ := ih\n      rw [pow_succ x (d + 1), pow_succ y (d + 1)]\n      constructor <;> nlinarith\n"
        "  have hd : n = (n - 1) + 1 := by omega\n"
        "  rw [hd]\n  exact (key (n - 1)).2"
    ),
}

__all__ = ["PROOFS", "ROWS"]
