# ruff: noqa: E501
"""Lemma batch 15 (`minilean/lemma_table15.py`, round 15): logb / rpow rows admitted through the
`lib_facts` instances (`Real.rpow_pos_of_pos`, `Real.log_rpow`, `Real.log_injOn_pos`), `Nat.cast_sub` with
its cast target taken from the goal, ordered-sub rows, and the exponent cast `((3 : ℕ) : ℝ)` that `rw`'s
closing reducible `rfl` keeps apart from `(3 : ℝ)` while the `rfl` tactic unfolds it."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_refused

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)


def test_logb_rows_accepted() -> None:
    assert accepts("(a : ℝ) (h : (2 : ℝ) ^ a = (2 : ℝ) ^ (5 : ℝ)) : Real.logb 2 ((2 : ℝ) ^ (5 : ℝ)) = a :=\n"
                   "  (Real.logb_eq_iff_rpow_eq (by norm_num) (by norm_num) (by positivity)).mpr h")
    assert accepts("(x : ℝ) : Real.logb 3 ((3 : ℝ) ^ x) = x := Real.logb_rpow (by norm_num) (by norm_num)")
    assert accepts("(b y x : ℝ) (hb : 0 < b) (hb1 : b ≠ 1) (hy : 0 < y) (h : Real.logb b y = x) : b ^ x = y :=\n"
                   "  (Real.logb_eq_iff_rpow_eq hb hb1 hy).mp h")


def test_logb_uses_refused() -> None:
    # the base must be ≠ 1 (a proof of something else is refused), the iff goes one way per field
    assert not accepts("(x : ℝ) (h : (3 : ℝ) ≠ 2) : Real.logb 3 ((3 : ℝ) ^ x) = x := Real.logb_rpow (by norm_num) h")
    assert not accepts("(b y x : ℝ) (hb : 0 < b) (hb1 : b ≠ 1) (hy : 0 < y) (h : Real.logb b y = x) : b ^ x = y :=\n"
                       "  (Real.logb_eq_iff_rpow_eq hb hb1 hy).mpr h")


def test_false_logb_rpow_rows_refused() -> None:
    # without `0 < y` (logb of a nonpositive number), `b ≠ 1` (logb 1 _ = 0) or `0 < b`
    assert_row_refused(("Real.logb_eq_iff_rpow_eq", "R", "{b x y : α} (b_pos : 0 < b) (b_ne_one : b ≠ 1)", "Real.logb b y = x ↔ b ^ x = y"))
    assert_row_refused(("Real.logb_eq_iff_rpow_eq", "R", "{b x y : α} (b_pos : 0 < b) (hy : 0 < y)", "Real.logb b y = x ↔ b ^ x = y"))
    assert_row_refused(("Real.logb_rpow", "R", "{b x : α} (b_ne_one : b ≠ 1)", "Real.logb b (b ^ x) = x"))
    assert_row_refused(("Real.logb_rpow", "R", "{b x : α} (b_pos : 0 < b)", "Real.logb b (b ^ x) = x"))
    # `Real.log_injOn_pos` needs both arguments positive (log (-2) = log 2)
    assert_row_refused(("X", "R", "{x y : α} (h : Real.log x = Real.log y) (hx : 0 < x)", "x = y"))
    # `rpow_left_inj` without `z ≠ 0` (x ^ 0 = 1 for every x) or with a negative base allowed
    assert_row_refused(("Real.rpow_left_inj", "R", "{x y z : α} (hx : 0 ≤ x) (hy : 0 ≤ y)", "x ^ z = y ^ z ↔ x = y"))
    assert_row_refused(("Real.rpow_left_inj", "R", "{x y z : α} (hx : 0 ≤ x) (hz : z ≠ 0)", "x ^ z = y ^ z ↔ x = y"))


def test_rpow_left_inj() -> None:
    assert accepts("(x : ℝ) (hx : 0 ≤ x) (h : x ^ (3 : ℝ) = (4 : ℝ) ^ (3 : ℝ)) : x = 4 :=\n"
                   "  (Real.rpow_left_inj hx (by norm_num) (by norm_num)).mp h")
    assert not accepts("(x : ℝ) (hx : 0 ≤ x) (h : x ^ (3 : ℝ) = (4 : ℝ) ^ (2 : ℝ)) : x = 4 :=\n"
                       "  (Real.rpow_left_inj hx (by norm_num) (by norm_num)).mp h")


def test_exponent_cast_and_rfl() -> None:
    # `rw [← Real.rpow_nat_cast 4 3]` leaves `4 ^ ((3 : ℕ) : ℝ) = 4 ^ (3 : ℝ)`: with_reducible rfl does not
    # unfold the numeral instance, so the goal stays; the `rfl` tactic (default transparency) closes it
    assert not accepts("(h : (4 : ℝ) ^ 3 = 64) : (4 : ℝ) ^ 3 = (4 : ℝ) ^ (3 : ℝ) := by\n  rw [← Real.rpow_nat_cast (4 : ℝ) 3]")
    assert accepts("(h : (4 : ℝ) ^ 3 = 64) : (4 : ℝ) ^ 3 = (4 : ℝ) ^ (3 : ℝ) := by\n  rw [← Real.rpow_nat_cast (4 : ℝ) 3]\n  rfl")
    assert not accepts(": (4 : ℝ) ^ 3 = (4 : ℝ) ^ (2 : ℝ) := by\n  rw [← Real.rpow_nat_cast (4 : ℝ) 3]\n  rfl")
    assert not accepts(": (4 : ℝ) = ((5 : ℕ) : ℝ) := by\n  rfl")


def test_nat_cast_sub_target_from_goal() -> None:
    assert accepts("(n m : ℕ) (h : m ≤ n) : ((n - m : ℕ) : ℝ) = (n : ℝ) - (m : ℝ) := by\n  rw [Nat.cast_sub h]")
    assert accepts("(n m : ℕ) (h : m ≤ n) : ((n - m : ℕ) : ℤ) = (n : ℤ) - (m : ℤ) := Nat.cast_sub h")
    assert accepts("(n m : ℕ) (h : m ≤ n) (x : ℝ) (hx : x = ((n - m : ℕ) : ℝ)) : x = (n : ℝ) - (m : ℝ) := by\n"
                   "  rw [Nat.cast_sub h] at hx\n  exact hx")
    # the hypothesis must be `m ≤ n` for the subtraction's operands in that order
    assert not accepts("(n m : ℕ) (h : n ≤ m) : ((n - m : ℕ) : ℝ) = (n : ℝ) - (m : ℝ) := by\n  rw [Nat.cast_sub h]")
    assert_row_refused(("Nat.cast_sub", "ZQR", "{m n : ℕ}", "((n - m : ℕ) : α) = (n : α) - (m : α)"))


def test_order_rows() -> None:
    assert accepts("(a b c : ℕ) : a - (b + c) = a - b - c := tsub_add_eq_tsub_tsub a b c")
    assert accepts("(a b c : ℝ) : a - (b + c) = a - b - c := tsub_add_eq_tsub_tsub a b c")
    assert accepts("(a b c : ℕ) (h : a + c < b) : a < b - c := lt_tsub_iff_right.mpr h")
    assert accepts("(k : ℕ) : 1 ≤ k + 1 := Nat.succ_le_succ (Nat.zero_le k)")
    assert accepts("(x y z : ℝ) (h1 : x ≥ y) (h2 : y ≥ z) : x ≥ z := ge_trans h1 h2")
    assert accepts("(x y z : ℤ) (h1 : x > y) (h2 : y > z) : x > z := gt_trans h1 h2")
    assert accepts("(a b : ℝ) (ha : a ≤ 0) (hb : 0 ≤ b) : a / b ≤ 0 := div_nonpos_of_nonpos_of_nonneg ha hb")
    assert not accepts("(x y z : ℝ) (h1 : x ≥ y) (h2 : y ≥ z) : z ≥ x := ge_trans h1 h2")
    assert not accepts("(a b : ℝ) (ha : 0 ≤ a) (hb : 0 ≤ b) : a / b ≤ 0 := div_nonpos_of_nonpos_of_nonneg ha hb")
    # truncated subtraction: `lt_tsub_iff_right` with `≤` is false at ℕ (0 ≤ 0 - 1 but not 0 + 1 ≤ 0)
    assert_row_refused(("lt_tsub_iff_right", "N", "{a b c : α}", "a ≤ b - c ↔ a + c ≤ b"))
    assert_row_refused(("tsub_add_eq_tsub_tsub", "N", "(a b c : α)", "a - (b + c) = a - b + c"))
    assert_row_refused(("div_nonpos_of_nonpos_of_nonneg", "QR", "{a b : α} (ha : a ≤ 0)", "a / b ≤ 0"))
