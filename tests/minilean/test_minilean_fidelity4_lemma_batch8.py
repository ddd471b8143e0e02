# ruff: noqa: E501
"""Round 9: lemma batch 8 (`lemma_table8.py`): ℕ subtraction and product lemmas of Lean core with their
explicit arguments (`Nat.add_sub_cancel_right`, `Nat.mul_sub`, `Nat.sub_sub`, `Nat.dvd_iff_mod_eq_zero m n`),
`Nat.mul_add_mod_of_lt`, `div_neg_iff`, `mul_nonneg_iff_left_nonneg_of_pos`, `mul_le_mul_iff_of_pos_right`,
`Finset.mem_range_succ_iff`, `foo.symm` on an `↔` lemma, and `Nat.dvd_gcd` admitted per instance (its `m n`
read off the arguments as numerals). Accepting uses next to refusals."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts, assert_row_admitted, assert_row_refused

from minilean.lemma_table8 import NUMERAL_ARGS, ROWS
from minilean.lemmas import NotAdmitted, admitted

_accepts = accepts


ACCEPT = [
    "(q : ℕ) (h : 3 < 7) : (q * 7 + 3) % 7 = 3 := by\n  rw [Nat.mul_add_mod_of_lt h]",
    "(a : ℕ) : 5 * a + 3 * a - 3 * a = 5 * a := by\n  rw [Nat.add_sub_cancel_right (5 * a) (3 * a)]",
    "(a : ℕ) : a - a = 0 := Nat.sub_self a",
    "(a : ℕ) : 4 * a * a - 4 * a * 1 = 4 * a * (a - 1) := by\n  rw [← Nat.mul_sub]",
    "(a b : ℕ) (h : a * (b - 1) = 0) : a = 0 ∨ b - 1 = 0 := Nat.mul_eq_zero.mp h",
    "(a b : ℕ) (h : a * b = 0) : a = 0 ∨ b = 0 := Nat.eq_zero_of_mul_eq_zero h",
    "(a : ℕ) (h : a - 1 = 0) : a ≤ 1 := Nat.sub_eq_zero_iff_le.mp h",
    "(q : ℕ) (h4 : 4 ≤ 4 * q) (h : q + 4 ≤ 4 * q) : q ≤ 4 * q - 4 := (Nat.le_sub_iff_add_le h4).mpr h",
    "(a b c : ℕ) : a - b - c = a - (b + c) := Nat.sub_sub a b c",
    "(a : ℕ) (h : 0 < a) : a ≠ 0 := pos_iff_ne_zero.mp h",
    "(n : ℕ) (h : (14 + n) % 18 = 0) : 18 ∣ 14 + n := (Nat.dvd_iff_mod_eq_zero 18 (14 + n)).mpr h",
    "(n : ℕ) (h : n % 7 = 0) : 7 ∣ n := by\n  rw [Nat.dvd_iff_mod_eq_zero]\n  exact h",
    "(x : ℝ) (h : x < 0) : x / 4 < 0 := by\n  apply div_neg_iff.mpr\n  right\n  constructor\n  · exact h\n  · norm_num",
    "(x y : ℝ) (hy : 0 < y) (h : 0 ≤ x * y) : 0 ≤ x := (mul_nonneg_iff_left_nonneg_of_pos hy).mp h",
    "(a b c : ℝ) (hc : 0 < c) : a * c ≤ b * c ↔ a ≤ b := by\n  apply mul_le_mul_iff_of_pos_right hc",
    "(n : ℕ) (h : n ≤ 5) : n ∈ Finset.range (Nat.succ 5) := Finset.mem_range_succ_iff.mpr h",
    "(a b : ℝ) (h : a + b ≤ 3) : a ≤ 3 - b := le_sub_iff_add_le.symm.mp h",
    "(B : ℕ) (h1 : B ∣ 525) (h2 : B ∣ 147) : B ∣ Nat.gcd 525 147 := Nat.dvd_gcd h1 h2",
    "(h : Nat.gcd 4 9 = 1) : Nat.Coprime 4 9 := Nat.coprime_iff_gcd_eq_one.mpr h",
]

REFUSE = [
    # the remainder must be below the modulus (7 % 3 = 1)
    "(q : ℕ) (h : 7 < 8) : (q * 3 + 7) % 3 = 7 := by\n  rw [Nat.mul_add_mod_of_lt h]",
    "(a : ℕ) : 5 * a + 3 * a - 3 * a = 3 * a := Nat.add_sub_cancel_right (5 * a) (3 * a)",
    # truncated subtraction: `(a - b) * c` is not `a * c - b` in general, and `a - b - c ≠ a - (b - c)`
    "(a b c : ℕ) : a - b - c = a - (b - c) := Nat.sub_sub a b c",
    "(a : ℕ) (h : a - 1 = 0) : a = 1 := Nat.sub_eq_zero_iff_le.mp h",
    # `pos_iff_ne_zero` holds in ℕ (canonically ordered), not in ℤ
    "(a : ℤ) (h : a ≠ 0) : 0 < a := pos_iff_ne_zero.mpr h",
    # Lean core of these proofs has explicit `(m n : Nat)`: `.mpr` on the bare name is not an `↔`
    "(n : ℕ) (h : n % 7 = 0) : 7 ∣ n := Nat.dvd_iff_mod_eq_zero.mpr h",
    "(x : ℝ) (h : x < 0) : x / 4 > 0 := by\n  apply div_neg_iff.mpr\n  right\n  constructor\n  · exact h\n  · norm_num",
    # the positive factor is the right one (`0 < b`), and ℤ's `0 ≤ x * y` does not give `0 ≤ x` for y < 0
    "(x y : ℤ) (hy : y < 0) (h : 0 ≤ x * y) : 0 ≤ x := (mul_nonneg_iff_left_nonneg_of_pos hy).mp h",
    "(a b c : ℝ) (hc : 0 ≤ c) : a * c ≤ b * c ↔ a ≤ b := by\n  apply mul_le_mul_iff_of_pos_right hc",
    "(n : ℕ) (h : n ≤ 6) : n ∈ Finset.range (Nat.succ 5) := Finset.mem_range_succ_iff.mpr h",
    # `.symm` swaps the sides: used the wrong way it does not fit
    "(a b : ℝ) (h : a ≤ 3 - b) : a ≤ 3 + b := le_sub_iff_add_le.symm.mpr h",
    # `Nat.dvd_gcd` is admitted only where its `m n` are numerals (weaker than Lean), and a wrong gcd fails
    "(B m n : ℕ) (h1 : B ∣ m) (h2 : B ∣ n) : B ∣ Nat.gcd m n := Nat.dvd_gcd h1 h2",
    "(B : ℕ) (h1 : B ∣ 525) (h2 : B ∣ 147) : B ∣ 7 := by\n  have h := Nat.dvd_gcd h1 h2\n  exact h",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src), src


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_rows_checked(row: tuple[str, str, str, str]) -> None:
    assert_row_admitted(row, dict(zip(NUMERAL_ARGS.get(row[0], ()), (12, 18), strict=False)))


def test_dvd_gcd_schema_needs_numerals() -> None:
    with pytest.raises(NotAdmitted):
        admitted("Nat.dvd_gcd", "ℕ")


FALSE_VARIANTS = [
    ("Nat.mul_add_mod_of_lt", "N", "{a b c : α} (h : c ≤ b)", "(a * b + c) % b = c"),
    ("Nat.sub_mul", "N", "(n m k : α)", "(n - m) * k = n * k - m"),
    ("Nat.le_sub_iff_add_le", "N", "{k m n : α}", "n ≤ m - k ↔ n + k ≤ m"),
    ("div_neg_iff", "R", "{a b : α}", "a / b < 0 ↔ a < 0 ∨ b < 0"),
    ("mul_nonneg_iff_left_nonneg_of_pos", "Z", "{a b : α} (hb : 0 ≤ b)", "0 ≤ a * b ↔ 0 ≤ a"),
    ("mul_le_mul_iff_of_pos_right", "Z", "{a b c : α} (a0 : 0 ≤ a)", "b * a ≤ c * a ↔ b ≤ c"),
    ("pos_iff_ne_zero", "Z", "{a : α}", "0 < a ↔ a ≠ 0"),
    ("Finset.mem_range_succ_iff", "N", "{a b : α}", "a ∈ Finset.range (Nat.succ b) ↔ a < b"),
    ("Nat.coprime_iff_gcd_eq_one", "N", "{m n : α}", "Nat.Coprime m n ↔ Nat.gcd m n = 0"),
]


@pytest.mark.parametrize("row", FALSE_VARIANTS, ids=[r[0] for r in FALSE_VARIANTS])
def test_false_variants_refused(row: tuple[str, str, str, str]) -> None:
    assert_row_refused(row)
