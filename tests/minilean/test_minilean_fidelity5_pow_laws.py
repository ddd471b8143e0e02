# ruff: noqa: E501
"""Power laws with a symbolic exponent (`minilean/pow_laws.py`, `minilean/lemma_table14.py`, round 13):
each law used with a variable exponent is accepted because its schema is proved for every exponent;
false variants (and their proofs run on false statements) are refused."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_refused

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)
from minilean.pow_laws import PROOFS


def test_table_laws_with_variable_exponent() -> None:
    assert accepts("(x : ℝ) (n : ℕ) (hx : 0 < x) : 0 < x ^ n := pow_pos hx n")
    assert accepts("(x : ℚ) (n : ℕ) (hx : 0 ≤ x) : 0 ≤ x ^ (2 * n + 1) := pow_nonneg hx (2 * n + 1)")
    assert accepts("(x : ℤ) (m n : ℕ) : x ^ (m + n) = x ^ m * x ^ n := pow_add x m n")
    assert accepts("(x : ℝ) (m n : ℕ) : x ^ (m * n) = (x ^ m) ^ n := pow_mul x m n")
    assert accepts("(x y : ℝ) (n : ℕ) : (x * y) ^ n = x ^ n * y ^ n := mul_pow x y n")
    assert accepts("(x y : ℝ) (n : ℕ) (h0 : 0 ≤ x) (h : x ≤ y) : x ^ n ≤ y ^ n := pow_le_pow_left h0 h n")


def test_rw_instances_with_variable_exponent() -> None:
    assert accepts("(n : ℕ) : (2 ^ 2) ^ 2 ^ n = 2 ^ (2 * 2 ^ n) := by\n  rw [← pow_mul]")
    assert accepts("(x : ℝ) (m n : ℕ) : x ^ (m + n) = x ^ m * x ^ n := by\n  rw [pow_add]")
    assert accepts("(x y : ℚ) (k : ℕ) : (x * y) ^ k = x ^ k * y ^ k := by\n  rw [mul_pow]")


def test_monotonicity_rows() -> None:
    assert accepts("(a b n : ℕ) (h : a ≤ b) : a ^ n ≤ b ^ n := Nat.pow_le_pow_left h n")
    assert accepts("(n m : ℕ) (h : n ≤ m) : 2 ^ n ≤ 2 ^ m := Nat.pow_le_pow_right (by norm_num) h")
    assert accepts("(n m : ℕ) (h : n ≤ m) : 4 ^ n ≤ 4 ^ m := Nat.pow_le_pow_of_le_right (by norm_num) h")
    assert accepts("(x : ℝ) (n m : ℕ) (hx : 1 ≤ x) (h : n ≤ m) : x ^ n ≤ x ^ m := pow_le_pow_right hx h")
    assert accepts("(x : ℝ) (n : ℕ) (hx : 1 < x) (hn : n ≠ 0) : 1 < x ^ n := one_lt_pow hx hn")
    assert accepts("(x y : ℝ) (n : ℕ) (h : x < y) (hx : 0 ≤ x) (hn : n ≠ 0) : x ^ n < y ^ n := pow_lt_pow_left h hx hn")


def test_uses_refused() -> None:
    # `*` for `+`, a non-strict base for `pow_pos`, a non-strict hypothesis for the strict law
    assert not accepts("(x : ℝ) (m n : ℕ) : x ^ (m * n) = x ^ m * x ^ n := pow_add x m n")
    assert not accepts("(x : ℝ) (n : ℕ) (hx : 0 ≤ x) : 0 < x ^ n := pow_pos hx n")
    assert not accepts("(x y : ℝ) (n : ℕ) (h : x ≤ y) (hx : 0 ≤ x) (hn : n ≠ 0) : x ^ n < y ^ n := pow_lt_pow_left h hx hn")
    assert not accepts("(x : ℝ) (n : ℕ) (hx : 1 < x) : 1 < x ^ n := one_lt_pow hx (by omega)")
    assert not accepts("(x : ℝ) (n : ℕ) : (x ^ 2) ^ n = x ^ (2 + n) := by\n  rw [← pow_add]")


def test_false_rows_refused() -> None:
    # the row proofs run on false statements must fail
    assert_row_refused(("pow_le_pow_right", "R", "{a : α} {n m : ℕ} (h : n ≤ m)", "a ^ n ≤ a ^ m"))
    assert_row_refused(("pow_le_pow_right", "R", "{a : α} {n m : ℕ} (ha : 1 ≤ a) (h : n ≤ m)", "a ^ n < a ^ m"))
    assert_row_refused(("one_lt_pow", "R", "{a : α} (ha : 1 ≤ a) {n : ℕ} (hn : n ≠ 0)", "1 < a ^ n"))
    assert_row_refused(("pow_lt_pow_left", "R", "{x y : α} (h : x ≤ y) (hx : 0 ≤ x) {n : ℕ} (hn : n ≠ 0)", "x ^ n < y ^ n"))
    assert_row_refused(("Nat.pow_le_pow_right", "N", "{n : α} {m k : ℕ} (h : m ≤ k)", "n ^ m ≤ n ^ k"))


def _proof_accepts(statement: str, name: str) -> bool:
    assert lemmas._CHECK_PROOF is not None
    return lemmas._CHECK_PROOF(f"{statement} := by\n  {PROOFS[name]}")


def test_symbolic_proofs_fail_on_false_statements() -> None:
    assert _proof_accepts("theorem t (a : ℝ) (m n : ℕ) : a ^ (m + n) = a ^ m * a ^ n", "pow_add")
    assert not _proof_accepts("theorem t (a : ℝ) (m n : ℕ) : a ^ (m + n) = a ^ m + a ^ n", "pow_add")
    assert not _proof_accepts("theorem t (a : ℝ) (m n : ℕ) : a ^ (m * n) = a ^ m * a ^ n", "pow_mul")
    assert not _proof_accepts("theorem t {a : ℝ} (H : 0 ≤ a) (n : ℕ) : 0 < a ^ n", "pow_pos")
    assert not _proof_accepts("theorem t {a b : ℝ} (ha : 0 ≤ a) (hab : a ≤ b) (n : ℕ) : a ^ n < b ^ n", "pow_le_pow_left")


def test_pow_succ_prime_and_nat_mul_pow() -> None:
    assert accepts("(x : ℝ) (n : ℕ) : x ^ (n + 1) = x * x ^ n := pow_succ' x n")
    assert accepts("(a b n : ℕ) : (a * b) ^ n = a ^ n * b ^ n := Nat.mul_pow a b n")
    assert accepts("(a b n : ℕ) : (a * b) ^ n = a ^ n * b ^ n := by\n  rw [Nat.mul_pow]")
    assert not accepts("(x : ℝ) (n : ℕ) : x ^ (n + 1) = x ^ n * x ^ n := pow_succ' x n")
    assert not accepts("(a b n : ℕ) : (a + b) ^ n = a ^ n + b ^ n := Nat.mul_pow a b n")
    assert_row_refused(("pow_succ'", "R", "(a : α) (n : ℕ)", "a ^ (n + 1) = a + a ^ n"))
