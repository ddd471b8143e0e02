"""Batch 5 of the z3-checked lemma table (`lemmas.py`): big-operator and natural-number lemmas that
competition proofs name as terms.

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Mathlib's (or Lean core's)
statements. `PER_INSTANCE` names rows z3 cannot prove as schemas (a sum over a symbolic range): only their
ground instances are admitted, each checked by z3 (`rw [Finset.sum_range_id]` checks the instance its
match gives).
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Algebra/BigOperators/Intervals.lean): the Gauss sum, with ℕ subtraction and division
    ("Finset.sum_range_id", "N", "(n : α)", "∑ i ∈ Finset.range n, i = n * (n - 1) / 2"),
    # Lean core (`Nat/Basic.lean`): cancelling a nonzero right factor; distributing over truncated `-`
    ("Nat.mul_left_inj", "N", "{a b c : α} (ha : a ≠ 0)", "b * a = c * a ↔ b = c"),
    ("Nat.mul_sub_left_distrib", "N", "(n m k : α)", "n * (m - k) = n * m - n * k"),
    # Lean core: `Nat.mul_add` / `Nat.add_mul` abbreviate `Nat.left_distrib` / `Nat.right_distrib`
    ("Nat.left_distrib", "N", "(n m k : α)", "n * (m + k) = n * m + n * k"),
    ("Nat.right_distrib", "N", "(n m k : α)", "(n + m) * k = n * k + m * k"),
    ("Nat.mul_add", "N", "(n m k : α)", "n * (m + k) = n * m + n * k"),
    ("Nat.add_mul", "N", "(n m k : α)", "(n + m) * k = n * k + m * k"),
    ("Nat.mul_le_mul_left", "N", "{m n : α} (k : α) (h : m ≤ n)", "k * m ≤ k * n"),
    ("Nat.mul_le_mul_right", "N", "{m n : α} (k : α) (h : m ≤ n)", "m * k ≤ n * k"),
    # Mathlib (Analysis/SpecialFunctions/Log/Base.lean), checked against `logb b x = log x / log b`
    ("Real.inv_logb", "R", "(a b : α)", "(Real.logb a b)⁻¹ = Real.logb b a"),
    # additive groups (Mathlib, Algebra/Group/Basic.lean)
    ("sub_eq_iff_eq_add", "ZQR", "{a b c : α}", "a - b = c ↔ a = c + b"),
    ("eq_sub_iff_add_eq", "ZQR", "{a b c : α}", "a = b - c ↔ a + c = b"),
    # integers: Mathlib `Int.pos_iff_one_le` (deprecated 2024-09, still present), Lean core's order lemma;
    # `Nat.cast_dvd_cast` holds in any semiring, minilean's `∣` is stated at ℤ here
    ("Int.pos_iff_one_le", "Z", "{a : α}", "0 < a ↔ 1 ≤ a"),
    ("Int.mul_le_mul_of_nonneg_left", "Z", "{a b c : α} (h₁ : a ≤ b) (h₂ : 0 ≤ c)", "c * a ≤ c * b"),
    ("Nat.cast_dvd_cast", "Z", "{m n : ℕ} (h : m ∣ n)", "(m : ℤ) ∣ (n : ℤ)"),
    # Lean core (`Int/Order.lean`, `Int/Lemmas.lean`, `Nat/Basic.lean`)
    ("Int.not_lt", "Z", "{a b : α}", "¬a < b ↔ b ≤ a"),
    ("Int.not_le", "Z", "{a b : α}", "¬a ≤ b ↔ b < a"),
    ("Int.neg_sub", "Z", "(a b : α)", "-(a - b) = b - a"),
    ("Int.dvd_neg", "Z", "{a b : α}", "a ∣ -b ↔ a ∣ b"),
    ("Int.lt_iff_le_and_ne", "Z", "{a b : α}", "a < b ↔ a ≤ b ∧ a ≠ b"),
    ("Int.emod_eq_zero_of_dvd", "Z", "{a b : α} (h : a ∣ b)", "b % a = 0"),
    # per instance, as `Nat.add_mod` / `Nat.mul_mod` (nonlinear with a variable modulus)
    ("Int.add_emod", "Z", "(a b n : α)", "(a + b) % n = (a % n + b % n) % n"),
    ("Int.mul_emod", "Z", "(a b n : α)", "a * b % n = a % n * (b % n) % n"),
    # primality of 0 and 1 (Mathlib `Nat.not_prime_zero/one`): z3 has no `Nat.Prime`; admitted by a proof
    # in minilean (`PROOFS`: its `norm_num` decides primality of literals)
    ("Nat.not_prime_zero", "N", "", "¬Nat.Prime 0"),
    ("Nat.not_prime_one", "N", "", "¬Nat.Prime 1"),
    # propositional logic (Mathlib `Mathlib/Logic/Basic.lean` / core `iff_true_left`); one instance
    ("iff_true_left", "N", "{a b : Prop} (ha : a)", "(a ↔ b) ↔ b"),
    ("iff_true_right", "N", "{a b : Prop} (ha : a)", "(b ↔ a) ↔ b"),
    # Mathlib (Algebra/GroupWithZero/Basic.lean): `MonoidWithZero` + `NoZeroDivisors`; the implicit exponent
    # is read off the argument (`lemmas._infer_exponents`) and must be a numeral
    ("pow_eq_zero", "NZQR", "{x : α} {n : exp} (H : x ^ n = 0)", "x = 0"),
    # Mathlib (Analysis/SpecialFunctions/Sqrt.lean), `{x y : ℝ}` (`Real.sqrt_lt'` is in batch 2)
    ("Real.sqrt_lt", "R", "{x y : α} (hx : 0 ≤ x) (hy : 0 ≤ y)", "Real.sqrt x < y ↔ x < y ^ 2"),
    # Mathlib (Data/Nat/ModEq.lean, Data/Int/ModEq.lean): congruence is an equivalence; `Nat.ModEq` is
    # `a % n = b % n` for z3. The congruence rules with products or sums (`Nat.ModEq.add/mul/mul_left`,
    # `Int.modEq_iff_dvd`) are nonlinear with a variable modulus: z3 does not prove them, so not admitted
    ("Nat.ModEq.refl", "N", "{n : α} (a : α)", "a ≡ a [MOD n]"),
    ("Nat.ModEq.rfl", "N", "{n a : α}", "a ≡ a [MOD n]"),
    ("Nat.ModEq.symm", "N", "{n a b : α} (h : a ≡ b [MOD n])", "b ≡ a [MOD n]"),
    ("Nat.ModEq.trans", "N", "{n a b c : α} (h₁ : a ≡ b [MOD n]) (h₂ : b ≡ c [MOD n])", "a ≡ c [MOD n]"),
    ("Int.ModEq.refl", "Z", "{n : α} (a : α)", "a ≡ a [ZMOD n]"),
    ("Int.ModEq.rfl", "Z", "{n a : α}", "a ≡ a [ZMOD n]"),
    ("Int.ModEq.symm", "Z", "{n a b : α} (h : a ≡ b [ZMOD n])", "b ≡ a [ZMOD n]"),
    ("Int.ModEq.trans", "Z", "{n a b c : α} (h₁ : a ≡ b [ZMOD n]) (h₂ : b ≡ c [ZMOD n])", "a ≡ c [ZMOD n]"),
)

# rows z3 cannot prove as schemas (induction; nonlinear `%`): admitted per instance, the listed variables
# given as numerals (or fixed by the goal: `apply Int.add_emod`, see `lemmas._goal_instance`)
PER_INSTANCE: dict[str, list[str]] = {
    "Finset.sum_range_id": ["n"],
    "Int.add_emod": ["n"],
    "Int.mul_emod": ["n"],
}

# rows admitted by a proof in minilean instead of z3 (as `lemma_table3.PROOFS`)
PROOFS: dict[str, str] = {"Nat.not_prime_zero": "norm_num", "Nat.not_prime_one": "norm_num"}

__all__ = ["PER_INSTANCE", "PROOFS", "ROWS"]
