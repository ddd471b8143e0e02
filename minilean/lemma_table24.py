# ruff: noqa: E501
"""Batch 24 of the lemma table (`lemmas.py`): names public proofs of MiniF2F *test* theorems use as terms, in
`rw`/`apply`, or as hints, that minilean answered with "unknown identifier" (round 24a).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: the statement, binder names, kinds
and order as Mathlib (or Lean core) states them. Every instance is checked valid before it is admitted: by z3,
or by z3 with `Nat.Prime x` unfolded by `Nat.prime_def_lt` (`PRIME_UNFOLD`, as `lemma_table19`/`22`); the
coprimality rows go through `lib_facts`' instances of Lean core's `Nat.gcd_eq_left`/`gcd_le_left` (round 24).

Names left refused with a reason (`REFUSED`): see the messages.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # ---- primes and coprimality (Mathlib `Data/Nat/Prime/Defs.lean`, `Data/Nat/Prime/Basic.lean`)
    # `theorem prime_def_lt {p : ℕ} : Prime p ↔ 2 ≤ p ∧ ∀ m < p, m ∣ p → m = 1` (minilean's z3 reading of
    # `Nat.Prime` is this statement, so the row is checked with `Nat.Prime p` unfolded)
    ("Nat.prime_def_lt", "N", "{p : α}", "Nat.Prime p ↔ 2 ≤ p ∧ ∀ m < p, m ∣ p → m = 1"),
    # `theorem Prime.coprime_iff_not_dvd {p n : ℕ} (pp : Prime p) : Coprime p n ↔ ¬p ∣ n`
    ("Nat.Prime.coprime_iff_not_dvd", "N", "{p n : α} (pp : Nat.Prime p)", "Nat.Coprime p n ↔ ¬p ∣ n"),
    # `theorem coprime_primes {p q : ℕ} (pp : Prime p) (pq : Prime q) : Coprime p q ↔ p ≠ q`
    ("Nat.coprime_primes", "N", "{p q : α} (pp : Nat.Prime p) (pq : Nat.Prime q)", "Nat.Coprime p q ↔ p ≠ q"),
    # `protected lemma Nat.lt_mul_iff_one_lt_right (ha : 0 < a) : a < a * b ↔ 1 < b` (`Data/Nat/Defs.lean`,
    # `variable {a b : ℕ}`)
    ("Nat.lt_mul_iff_one_lt_right", "N", "{a b : α} (ha : 0 < a)", "a < a * b ↔ 1 < b"),
    # parity (`Algebra/Group/Nat/Even.lean`, `variable {m n : ℕ}`): `lemma even_mul_pred_self : ∀ n : ℕ, Even (n *
    # (n - 1))`, `lemma two_mul_div_two_of_even : Even n → 2 * (n / 2) = n` (its hypothesis unnamed in Mathlib)
    ("Nat.even_mul_pred_self", "N", "(n : α)", "Even (n * (n - 1))"),
    ("Nat.two_mul_div_two_of_even", "N", "{n : α} (h : Even n)", "2 * (n / 2) = n"),
    # ---- casts (Lean core `Init/Data/Int/Lemmas.lean`): `theorem ofNat_ne_zero {n : Nat} : (n : Int) ≠ 0 ↔
    # n ≠ 0`
    ("Int.ofNat_ne_zero", "Z", "{n : ℕ}", "(n : ℤ) ≠ 0 ↔ n ≠ 0"),
    # ---- fields (Mathlib `Algebra/Order/Field/Basic.lean` of the 2024 pins, `[DivisionSemiring α]`):
    # `theorem div_add_div_same (a b c : α) : a / c + b / c = (a + b) / c` (later a deprecated alias of
    # `← add_div`, the same statement)
    ("div_add_div_same", "QR", "(a b c : α)", "a / c + b / c = (a + b) / c"),
    # `Algebra/Group/Basic.lean` (`GroupWithZero`, the 2024 renaming: `#align mul_div_cancel' mul_div_cancel₀`,
    # `variable {a b : G₀}`): `lemma mul_div_cancel₀ (a : G₀) (hb : b ≠ 0) : b * (a / b) = a`
    ("mul_div_cancel₀", "QR", "{b : α} (a : α) (hb : b ≠ 0)", "b * (a / b) = a"),
    # ---- powers (`Algebra/Order/Ring/Lemmas`/`GroupPower/Order.lean`, `[LinearOrderedRing R] {a : R} {n : ℕ}`):
    # `theorem Odd.pow_nonpos (hn : Odd n) (ha : a ≤ 0) : a ^ n ≤ 0` (the exponent a numeral the use fixes)
    ("Odd.pow_nonpos", "ZQR", "{a : α} {n : exp} (hn : Odd n) (ha : a ≤ 0)", "a ^ n ≤ 0"),
)

# `Nat.Prime x` unfolded by `Nat.prime_def_lt` for the z3 check (`lemma_table19.prime_unfolded`)
PRIME_UNFOLD: frozenset[str] = frozenset(
    {"Nat.prime_def_lt", "Nat.Prime.coprime_iff_not_dvd", "Nat.coprime_primes"}
)

# proofs minilean checks for rows z3 cannot prove (`lemmas._proved`); here for a `PER_INSTANCE` row of an
# earlier batch, so that `lemmas.schema_valid` admits it for explicit non-numeral arguments
# (`rw [Finset.sum_range_id m]`): Mathlib's `theorem Finset.sum_range_id (n : ℕ) : ∑ i ∈ range n, i =
# n * (n - 1) / 2` (`Algebra/BigOperators/Intervals.lean`), by induction: `(j + 2) * (j + 1)` is
# `(j + 1) * j + 2 * (j + 1)`, and omega takes the two products as atoms
PROOFS: dict[str, str] = {
    "Finset.sum_range_id": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [Finset.sum_range_succ, ih]\n"
        "    cases k with\n    | zero => simp\n    | succ j =>\n"
        "      have e : (j + 1 + 1) * (j + 1 + 1 - 1) = (j + 1) * (j + 1 - 1) + 2 * (j + 1) := by\n"
        "        simp only [Nat.add_sub_cancel]\n        ring\n"
        "      omega"
    ),
}

# implicit variables read off the use as numerals (`lemmas.NUMERAL_ARGS`; round 24: with some left open, the
# instance with those as variables is admitted if z3 proves it, `lemmas._read_off`)
NUMERAL_ARGS: dict[str, tuple[str, ...]] = {"Nat.coprime_primes": ("p", "q")}

# names minilean refuses on purpose, with the reason (instead of "unknown identifier")
REFUSED: dict[str, str] = {
    # Mathlib `Analysis/MeanInequalities.lean`: `theorem Real.geom_mean_le_arith_mean2_weighted {w₁ w₂ p₁ p₂ : ℝ}
    # (hw₁ : 0 ≤ w₁) (hw₂ : 0 ≤ w₂) (hp₁ : 0 ≤ p₁) (hp₂ : 0 ≤ p₂) (hw : w₁ + w₂ = 1) :
    # p₁ ^ w₁ * p₂ ^ w₂ ≤ w₁ * p₁ + w₂ * p₂` (real powers)
    "Real.geom_mean_le_arith_mean2_weighted": (
        "minilean: 'Real.geom_mean_le_arith_mean2_weighted' (weighted AM-GM, p₁ ^ w₁ * p₂ ^ w₂ ≤ w₁ * p₁ + w₂ * p₂ "
        "with real exponents) is not admitted: z3 cannot check it (it needs the concavity of Real.log, which "
        "minilean's facts about real powers do not give), and minilean admits no lemma it has not checked"
    ),
    # `theorem Complex.ext_iff {z w : ℂ} : z = w ↔ z.re = w.re ∧ z.im = w.im` (`Data/Complex/Basic.lean`)
    "Complex.ext_iff": (
        "minilean: 'Complex.ext_iff' (z = w ↔ z.re = w.re ∧ z.im = w.im) is not modelled: minilean has no "
        "`Complex.re` / `Complex.im`"
    ),
    # `@[simp, norm_cast] theorem Complex.ofReal_ne_zero {z : ℝ} : (z : ℂ) ≠ 0 ↔ z ≠ 0`
    "Complex.ofReal_ne_zero": (
        "minilean: 'Complex.ofReal_ne_zero' ((z : ℂ) ≠ 0 ↔ z ≠ 0) is not modelled: minilean's lemma table has no "
        "cast ℝ → ℂ (`Complex.ofReal`)"
    ),
    # `theorem Int.fract_eq_fract {a b : α} : fract a = fract b ↔ ∃ z : ℤ, a - b = z` (`Algebra/Order/Floor.lean`)
    "Int.fract_eq_fract": (
        "minilean: 'Int.fract_eq_fract' (fract a = fract b ↔ ∃ z : ℤ, a - b = z) is not modelled: minilean has no "
        "`Int.fract`"
    ),
}

__all__ = ["NUMERAL_ARGS", "PRIME_UNFOLD", "PROOFS", "REFUSED", "ROWS"]
