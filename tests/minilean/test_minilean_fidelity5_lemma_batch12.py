# ruff: noqa: E501
"""Lemma batch 12 (`minilean/lemma_table12.py`): uses Lean accepts, and false variants refused."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_refused


def test_nat_pow_succ_term_and_simp() -> None:
    assert accepts("(k : ℕ) : 3 ^ (k + 1) = 3 ^ k * 3 := Nat.pow_succ 3 k")
    assert accepts("(k : ℕ) : 5 ^ (k + 1) = 5 ^ k * 5 := by rw [Nat.pow_succ]")
    assert accepts("(m k : ℕ) : (m + 2) ^ (k + 1) = (m + 2) ^ k * (m + 2) := by\n  simp [Nat.pow_succ]")


def test_nat_pow_succ_refusals() -> None:
    # the factor is on the right in core's statement (`Nat.pow_succ'` has it on the left)
    assert not accepts("(k : ℕ) : 3 ^ (k + 1) = 3 * 3 ^ k := Nat.pow_succ 3 k")
    # ℕ only: no such lemma at ℝ
    assert not accepts("(x : ℝ) (k : ℕ) : x ^ (k + 1) = x ^ k * x := Nat.pow_succ x k")
    # simp only has no commutativity to close the mirrored form
    assert not accepts("(m k : ℕ) : (m + 2) ^ (k + 1) = (m + 2) * (m + 2) ^ k := by\n  simp only [Nat.pow_succ]")
    assert_row_refused(("Nat.pow_succ", "N", "(b n : α)", "b ^ (n + 1) = b ^ n + b"))


def test_le_of_mul_le_mul_left() -> None:
    assert accepts("(x y : ℝ) (h : 5 * x ≤ 5 * y) (h5 : (0:ℝ) < 5) : x ≤ y := le_of_mul_le_mul_left h h5")
    assert accepts("(x y c : ℚ) (h : c * x ≤ c * y) (hc : 0 < c) : x ≤ y := le_of_mul_le_mul_left h hc")
    assert accepts("(x y : ℕ) (h : 4 * x ≤ 4 * y) : x ≤ y := Nat.le_of_mul_le_mul_left h (by norm_num)")


def test_le_of_mul_le_mul_left_refusals() -> None:
    # `0 ≤ c` is not enough (c = 0), and the factor must be on the left
    assert not accepts("(x y c : ℤ) (h : c * x ≤ c * y) (hc : 0 ≤ c) : x ≤ y := le_of_mul_le_mul_left h hc")
    assert not accepts("(x y c : ℝ) (h : x * c ≤ y * c) (hc : 0 < c) : x ≤ y := le_of_mul_le_mul_left h hc")
    # the hypotheses come in Mathlib's order (inequality first)
    assert not accepts("(x y c : ℝ) (h : c * x ≤ c * y) (hc : 0 < c) : x ≤ y := le_of_mul_le_mul_left hc h")
    assert_row_refused(("le_of_mul_le_mul_left", "ZQR", "{a b c : α} (h : c * a ≤ c * b) (hc : 0 ≤ c)", "a ≤ b"))
    assert_row_refused(("Nat.le_of_mul_le_mul_left", "N", "{a b c : α} (h : c * a ≤ c * b)", "a ≤ b"))


def test_one_le_of_lt() -> None:
    assert accepts("(x y : ℕ) (h : x < y) : 1 ≤ y := Nat.one_le_of_lt h")


def test_one_le_of_lt_refusals() -> None:
    # the conclusion is about the larger side
    assert not accepts("(x y : ℕ) (h : x < y) : 1 ≤ x := Nat.one_le_of_lt h")
    assert_row_refused(("Nat.one_le_of_lt", "N", "{a b : α} (h : a < b)", "1 ≤ a"))
