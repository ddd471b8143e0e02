"""Batch 7 of the z3-checked lemma table (`lemmas.py`): lemmas the public proofs name as terms after
round 7 (round 8).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Mathlib's (or Lean core's)
statements, binder kinds and order; each instance is checked valid by z3 (or, for `PROOFS`, by a proof
in minilean) before it is admitted, as every table row.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Algebra/GroupWithZero/Defs.lean): `MulZeroClass` + `NoZeroDivisors`
    ("eq_zero_or_eq_zero_of_mul_eq_zero", "NZQR", "{a b : α} (h : a * b = 0)", "a = 0 ∨ b = 0"),
    # Mathlib (Algebra/Group/Defs.lean, `to_additive` of `mul_right_cancel`): `IsRightCancelAdd`
    ("add_right_cancel", "NZQR", "{a b c : α} (h : a + b = c + b)", "a = c"),
    ("add_left_cancel", "NZQR", "{a b c : α} (h : a + b = a + c)", "b = c"),
    # Mathlib (Algebra/GroupPower/Order.lean, `LinearOrderedSemiring`); later renamed `sq_eq_sq'` /
    # `sq_eq_sq₀` with the same hypotheses (only the name the proofs use is added)
    ("sq_eq_sq", "NZQR", "{a b : α} (ha : 0 ≤ a) (hb : 0 ≤ b)", "a ^ 2 = b ^ 2 ↔ a = b"),
    # Mathlib (Algebra/Ring/Commute.lean; comm. ring without zero divisors)
    ("mul_self_eq_mul_self_iff", "ZQR", "{a b : α}", "a * a = b * b ↔ a = b ∨ a = -b"),
    # Mathlib (Algebra/Order/Ring/Defs.lean): `StrictOrderedSemiring` (ℕ has no negatives: left out)
    ("mul_neg_of_pos_of_neg", "ZQR", "{a b : α} (ha : 0 < a) (hb : b < 0)", "a * b < 0"),
    ("mul_neg_of_neg_of_pos", "ZQR", "{a b : α} (ha : a < 0) (hb : 0 < b)", "a * b < 0"),
    # Mathlib (Algebra/Group/Basic.lean, `DivisionRing`/`GroupWithZero`)
    ("one_div_mul_cancel", "QR", "{a : α} (h : a ≠ 0)", "1 / a * a = 1"),
    ("mul_one_div_cancel", "QR", "{a : α} (h : a ≠ 0)", "a * (1 / a) = 1"),
    # Mathlib (Algebra/GroupWithZero/Basic.lean): `MonoidWithZero` + `NoZeroDivisors`; the implicit
    # exponent is read off `hn` and must come out a numeral (`lemmas._infer_exponents`)
    ("pow_eq_zero_iff", "NZQR", "{a : α} {n : exp} (hn : n ≠ 0)", "a ^ n = 0 ↔ a = 0"),
    # Lean core (`Nat/Basic.lean`)
    ("Nat.eq_sub_of_add_eq", "N", "{a b c : α} (h : c + b = a)", "c = a - b"),
    ("Nat.eq_sub_of_add_eq'", "N", "{a b c : α} (h : b + c = a)", "c = a - b"),
    ("Nat.sub_ne_zero_of_lt", "N", "{a b : α} (h : a < b)", "b - a ≠ 0"),
    ("Nat.pow_one", "N", "(a : α)", "a ^ 1 = a"),
    ("Nat.mul_one", "N", "(n : α)", "n * 1 = n"),
    ("Nat.one_mul", "N", "(n : α)", "1 * n = n"),
    # Mathlib (Algebra/Group/Basic.lean, `to_additive` of `dvd_mul_of_dvd_right`'s namespace twin):
    # `Dvd.dvd.mul_left {a b : α} (h : a ∣ b) (c : α) : a ∣ c * b` (alias of `dvd_mul_of_dvd_right`),
    # `Dvd.dvd.mul_right (h : a ∣ b) (c : α) : a ∣ b * c` (alias of `dvd_mul_of_dvd_left`)
    ("Dvd.dvd.mul_left", "NZ", "{a b : α} (h : a ∣ b) (c : α)", "a ∣ c * b"),
    ("Dvd.dvd.mul_right", "NZ", "{a b : α} (h : a ∣ b) (c : α)", "a ∣ b * c"),
    ("dvd_mul_of_dvd_right", "NZ", "{a b : α} (h : a ∣ b) (c : α)", "a ∣ c * b"),
    ("dvd_mul_of_dvd_left", "NZ", "{a b : α} (h : a ∣ b) (c : α)", "a ∣ b * c"),
    # Mathlib (Algebra/Ring/Basic.lean / `Dvd` of a semigroup with distributivity)
    ("dvd_add", "NZ", "{a b c : α} (h₁ : a ∣ b) (h₂ : a ∣ c)", "a ∣ b + c"),
    # Mathlib (Analysis/SpecialFunctions/Pow/NNRpow.lean … Sqrt.lean): `Real.sqrt_sq_eq_abs (x : ℝ)`
    ("Real.sqrt_sq_eq_abs", "R", "(x : α)", "Real.sqrt (x ^ 2) = |x|"),
    # Mathlib (Analysis/SpecialFunctions/Pow/Real.lean); z3 sees it as a `lib_facts` fact
    ("Real.rpow_add", "R", "{x : α} (hx : 0 < x) (y z : α)", "x ^ (y + z) = x ^ y * x ^ z"),
    # Mathlib (Analysis/SpecialFunctions/Log/Base.lean), in the section with `(hb : 1 < b)`; z3 checks it
    # against `logb b x = log x / log b` and the `log` sign facts
    ("Real.eq_one_of_pos_of_logb_eq_zero", "R",
     "{b x : α} (hb : 1 < b) (h₁ : 0 < x) (h₂ : Real.logb b x = 0)", "x = 1"),
    ("Real.logb_mul", "R", "{b x y : α} (hx : x ≠ 0) (hy : y ≠ 0)",
     "Real.logb b (x * y) = Real.logb b x + Real.logb b y"),
    # Mathlib (Analysis/SpecialFunctions/Log/Base.lean), `(hb : 1 < b)` as in the 2024 versions
    ("Real.logb_self_eq_one", "R", "{b : α} (hb : 1 < b)", "Real.logb b b = 1"),
    # Mathlib (Algebra/QuadraticDiscriminant.lean, `Field` with `NeZero 2`): the 2024 form `a * x * x` these
    # proofs rewrite with (later Mathlib writes `a * (x * x)`: a proof for that form is refused, weaker)
    ("quadratic_eq_zero_iff", "QR", "{a b c : α} (ha : a ≠ 0) {s : α} (h : discrim a b c = s * s) (x : α)",
     "a * x * x + b * x + c = 0 ↔ x = (-b + s) / (2 * a) ∨ x = (-b - s) / (2 * a)"),
    # Lean core (`Nat/Gcd.lean`): z3 sees `Nat.gcd` through the `lib_facts` facts
    ("Nat.gcd_self", "N", "(n : α)", "Nat.gcd n n = n"),
    ("Nat.gcd_comm", "N", "(m n : α)", "Nat.gcd m n = Nat.gcd n m"),
    ("Nat.gcd_one_left", "N", "(n : α)", "Nat.gcd 1 n = 1"),
    ("Nat.gcd_one_right", "N", "(n : α)", "Nat.gcd n 1 = 1"),
    # Mathlib (Data/Nat/GCD/Basic.lean), `(m n k : ℕ)`
    ("Nat.gcd_add_mul_left_left", "N", "(m n k : α)", "Nat.gcd (m + n * k) n = Nat.gcd m n"),
)

# rows z3 cannot prove (divisibility with variable divisors is nonlinear): admitted once minilean proves
# the statement at the type in use with this tactic block (`lemmas._proved`), as `lemma_table3.PROOFS`
PROOFS: dict[str, str] = {
    "Dvd.dvd.mul_left": "obtain ⟨k, hk⟩ := h\n  exact ⟨c * k, by rw [hk]; ring⟩",
    "Dvd.dvd.mul_right": "obtain ⟨k, hk⟩ := h\n  exact ⟨k * c, by rw [hk]; ring⟩",
    "dvd_mul_of_dvd_right": "obtain ⟨k, hk⟩ := h\n  exact ⟨c * k, by rw [hk]; ring⟩",
    "dvd_mul_of_dvd_left": "obtain ⟨k, hk⟩ := h\n  exact ⟨k * c, by rw [hk]; ring⟩",
    "dvd_add": "obtain ⟨k, hk⟩ := h₁\n  obtain ⟨m, hm⟩ := h₂\n  exact ⟨k + m, by rw [hk, hm]; ring⟩",
}

__all__ = ["PROOFS", "ROWS"]
