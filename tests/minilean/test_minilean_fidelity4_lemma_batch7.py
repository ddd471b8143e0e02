# ruff: noqa: E501
"""Round 8: lemma batch 7 (`lemma_table7.py`): `eq_zero_or_eq_zero_of_mul_eq_zero`, `add_right_cancel`,
`sq_eq_sq`, `Nat.eq_sub_of_add_eq`, `pow_eq_zero_iff` (α from the `.mp` argument, not from the ℕ
exponent hypothesis), `dvd_add` and `h.mul_left c` on `h : a ∣ b` (`Dvd.dvd.mul_left`), `logb` lemmas
(z3 sees the `log` facts of `logb`'s `log` terms), `quadratic_eq_zero_iff`, gcd lemmas (with the
`gcd_comm` / `gcd_add_mul_left_left` instances of `lib_facts`). Accepting uses next to refusals."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts, assert_row_admitted, assert_row_refused

from minilean.lemma_table7 import ROWS
from minilean.lemmas import _s

_accepts = accepts


ACCEPT = [
    "(x : ℝ) (h : (x - 2) * (x + 3) = 0) : x - 2 = 0 ∨ x + 3 = 0 := by\n  apply eq_zero_or_eq_zero_of_mul_eq_zero h",
    "(p q : ℝ) (h : p + 5 = q + 5) : p = q := add_right_cancel h",
    "(p q : ℤ) (h : 7 + p = 7 + q) : p = q := add_left_cancel h",
    "(a : ℕ) (ha : 0 ≤ a + 1) (h5 : (0 : ℕ) ≤ 5) (h : (a + 1) ^ 2 = 5 ^ 2) : a + 1 = 5 := (sq_eq_sq ha h5).mp h",
    "(a : ℕ) (h : a + 1 = 5) : a = 5 - 1 := Nat.eq_sub_of_add_eq h",
    "(x : ℝ) (h : (x - 1) ^ 2 = 0) : x - 1 = 0 := by\n  have e : (2 : ℕ) ≠ 0 := by decide\n  exact (pow_eq_zero_iff e).mp h",
    "(k : ℤ) (ih : 11 ∣ 10 ^ 2 - k) : 11 ∣ 10 * (10 ^ 2 - k) := by\n  apply ih.mul_left 10",
    "(a b c : ℤ) (h₁ : a ∣ b) (h₂ : a ∣ c) : a ∣ b + c := dvd_add h₁ h₂",
    "(a b : ℝ) (ha : 0 < a) (hb : b < 0) : a * b < 0 := mul_neg_of_pos_of_neg ha hb",
    "(x : ℝ) (hx : x ≠ 0) : 1 / x * x = 1 := one_div_mul_cancel hx",
    "(n m : ℕ) (h : n < m) : m - n ≠ 0 := Nat.sub_ne_zero_of_lt h",
    "(h1 : (1 : ℝ) < 2) (h40 : (0 : ℝ) < 40) (H : Real.logb 2 40 = 0) : (40 : ℝ) = 1 := Real.eq_one_of_pos_of_logb_eq_zero h1 h40 H",
    "(h : Nat.gcd 7 7 = 1) : False := by\n  rw [Nat.gcd_self] at h\n  norm_num at h",
    "(n : ℕ) : Nat.gcd (n + 2 * 3) 2 = Nat.gcd n 2 := Nat.gcd_add_mul_left_left n 2 3",
    "(x : ℝ) (h : 1 * x * x + (-10) * x + (-39) = 0) (hd : discrim (1 : ℝ) (-10) (-39) = 16 * 16) (ha : (1 : ℝ) ≠ 0) : x = (-(-10) + 16) / (2 * 1) ∨ x = (-(-10) - 16) / (2 * 1) := by\n  rw [quadratic_eq_zero_iff ha hd x] at h\n  exact h",
]

REFUSE = [
    # a false conclusion / the wrong side
    "(x : ℝ) (h : (x - 2) * (x + 3) = 0) : x - 2 = 0 ∧ x + 3 = 0 := by\n  apply eq_zero_or_eq_zero_of_mul_eq_zero h",
    "(p q : ℝ) (h : p + 5 = q + 6) : p = q := add_right_cancel h",
    # `sq_eq_sq` needs nonnegativity (at ℤ: (-5)^2 = 5^2)
    "(a : ℤ) (h5 : (0 : ℤ) ≤ 5) (h : a ^ 2 = 5 ^ 2) : a = 5 := (sq_eq_sq (le_refl a) h5).mp h",
    "(a : ℕ) (h : a + 1 = 5) : a = 5 + 1 := Nat.eq_sub_of_add_eq h",
    # the exponent hypothesis must match the power; it does not fix the type of `a`
    "(x : ℝ) (h : (x - 1) ^ 2 = 0) : x - 1 = 0 := by\n  have e : (3 : ℕ) ≠ 0 := by decide\n  exact (pow_eq_zero_iff e).mp h",
    # `h.mul_left c` multiplies on the left: `a ∣ c * b`, and the field is for `∣` only
    "(k : ℤ) (ih : 11 ∣ 10 - k) : 11 ∣ (10 - k) + 10 := by\n  apply ih.mul_left 10",
    "(a b : ℤ) (h : a < b) : a ≤ 10 * b := h.mul_left 10",
    "(a b c : ℤ) (h₁ : a ∣ b) : a ∣ b + c := dvd_add h₁ h₁",
    "(a b : ℝ) (ha : 0 < a) (hb : b < 0) : a * b > 0 := mul_neg_of_pos_of_neg ha hb",
    # ℕ has no negatives: the lemma is not stated there
    "(a b : ℕ) (ha : 0 < a) (hb : b < 0) : a * b < 0 := mul_neg_of_pos_of_neg ha hb",
    "(n m : ℕ) (h : n ≤ m) : m - n ≠ 0 := Nat.sub_ne_zero_of_lt h",
    # `1 < b` is the hypothesis (with b = 1 every `logb 1 x` is 0)
    "(h1 : (1 : ℝ) ≤ 1) (h40 : (0 : ℝ) < 40) (H : Real.logb 1 40 = 0) : (40 : ℝ) = 1 := Real.eq_one_of_pos_of_logb_eq_zero h1 h40 H",
    "(n : ℕ) : Nat.gcd (n + 2 * 3) 3 = Nat.gcd n 3 := Nat.gcd_add_mul_left_left n 2 3",
    "(n : ℕ) : Nat.gcd (2 * n + 1) 2 = 1 := Nat.gcd_one_right (2 * n + 1)",
    # `Real.rpow_add` needs `0 < x` (at x = 0: 0 ^ (1 + -1) = 1, 0 ^ 1 * 0 ^ (-1) = 0)
    "(x y : ℝ) (hx : 0 ≤ x) : x ^ (y + 2) = x ^ y * x ^ (2 : ℝ) := Real.rpow_add hx y 2",
    # the roots with the wrong sign of `b`
    "(x : ℝ) (h : 1 * x * x + (-10) * x + (-39) = 0) (hd : discrim (1 : ℝ) (-10) (-39) = 16 * 16) (ha : (1 : ℝ) ≠ 0) : x = (-10 + 16) / (2 * 1) ∨ x = (-10 - 16) / (2 * 1) := by\n  rw [quadratic_eq_zero_iff ha hd x] at h\n  exact h",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src), src


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_rows_checked(row: tuple[str, str, str, str]) -> None:
    # exponents are numerals: check one instance
    assert_row_admitted(row, {v: 3 for v in _s(*row).exponents()})


FALSE_VARIANTS = [
    ("eq_zero_or_eq_zero_of_mul_eq_zero", "Z", "{a b : α} (h : a * b = 0)", "a = 0 ∧ b = 0"),
    ("add_right_cancel", "N", "{a b c : α} (h : a + b = c + b)", "a = b"),
    ("sq_eq_sq", "Z", "{a b : α} (ha : 0 ≤ a)", "a ^ 2 = b ^ 2 ↔ a = b"),
    ("mul_self_eq_mul_self_iff", "R", "{a b : α}", "a * a = b * b ↔ a = b"),
    ("one_div_mul_cancel", "R", "{a : α}", "1 / a * a = 1"),
    ("Nat.eq_sub_of_add_eq", "N", "{a b c : α} (h : c + b = a)", "c = b - a"),
    ("Real.sqrt_sq_eq_abs", "R", "(x : α)", "Real.sqrt (x ^ 2) = x"),
    ("Real.eq_one_of_pos_of_logb_eq_zero", "R", "{b x : α} (h₁ : 0 < x) (h₂ : Real.logb b x = 0)", "x = 1"),
    ("Real.logb_mul", "R", "{b x y : α} (hx : x ≠ 0)", "Real.logb b (x * y) = Real.logb b x + Real.logb b y"),
    ("Nat.gcd_one_left", "N", "(n : α)", "Nat.gcd 2 n = 1"),
    ("Nat.gcd_comm", "N", "(m n : α)", "Nat.gcd m n = Nat.gcd n (m + 1)"),
    ("Real.rpow_add", "R", "{x : α} (hx : 0 ≤ x) (y z : α)", "x ^ (y + z) = x ^ y * x ^ z"),
    ("Nat.gcd_add_mul_left_left", "N", "(m n k : α)", "Nat.gcd (m + n * k) k = Nat.gcd m k"),
    ("quadratic_eq_zero_iff", "R", "{a b c : α} {s : α} (h : discrim a b c = s * s) (x : α)",
     "a * x * x + b * x + c = 0 ↔ x = (-b + s) / (2 * a) ∨ x = (-b - s) / (2 * a)"),
]


@pytest.mark.parametrize("row", FALSE_VARIANTS, ids=[r[0] for r in FALSE_VARIANTS])
def test_false_variants_refused(row: tuple[str, str, str, str]) -> None:
    assert_row_refused(row)
