# ruff: noqa: E501
"""Round 18e: lemma rows of `minilean/lemma_table18e.py` (each z3-checked at admission) used as Lean
would, and false variants that the admission check must refuse."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_refused

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)


def test_eq_iff_eq_of_sub_eq_sub() -> None:
    assert accepts("(p q r s : ℝ) (h : p - q = r - s) : p = q ↔ r = s := eq_iff_eq_of_sub_eq_sub h")
    assert accepts("(p q r s : ℤ) (h : p - q = r - s) (e : r = s) : p = q := (eq_iff_eq_of_sub_eq_sub h).mpr e")
    # the goal fixes a b c d, so `h` must be `p - q = r - s` itself (Lean does not reorder it)
    assert not accepts("(p q r s : ℝ) (h : p - q = s - r) : p = q ↔ r = s := eq_iff_eq_of_sub_eq_sub h")
    # ℕ is no AddGroup (truncated subtraction): no ℕ instance
    assert not accepts("(p q r s : ℕ) (h : p - q = r - s) : p = q ↔ r = s := eq_iff_eq_of_sub_eq_sub h")


def test_lt_div_iff_primed() -> None:
    assert accepts("(y : ℝ) (h : 2 * y < 5) : y < 5 / 2 := (lt_div_iff' (by norm_num : (0 : ℝ) < 2)).mpr h")
    # the primed form puts `c` on the left of the product: `y * 2` is not `2 * y` syntactically
    assert not accepts("(y : ℝ) (h : y * 2 < 5) : y < 5 / 2 := (lt_div_iff' (by norm_num : (0 : ℝ) < 2)).mpr h")


def test_mul_pos_iff_and_neg_lt_zero() -> None:
    assert accepts(
        "(a b : ℝ) (h : 0 < a * b) : 0 < a ∧ 0 < b ∨ a < 0 ∧ b < 0 := mul_pos_iff.mp h"
    )
    assert accepts("(v : ℚ) (h : 0 < v) : -v < 0 := neg_lt_zero.mpr h")
    assert not accepts("(v : ℚ) (h : v < 0) : -v < 0 := neg_lt_zero.mpr h")


def test_real_add_lt_add_iff_left() -> None:
    assert accepts("(u w : ℝ) (h : u < w) : 1 + u < 1 + w := (Real.add_lt_add_iff_left 1).mpr h")
    # `c` is added on the left: `u + 1` is another term
    assert not accepts("(u w : ℝ) (h : u < w) : u + 1 < w + 1 := (Real.add_lt_add_iff_left 1).mpr h")


def test_false_variants_refused() -> None:
    assert_row_refused(("eq_iff_eq_of_sub_eq_sub_bad", "ZQR", "{a b c d : α} (H : a - b = c - d)",
                       "a = d ↔ c = b"))
    assert_row_refused(("lt_div_iff'_bad", "QR", "{a b c : α} (hc : 0 ≤ c)", "a < b / c ↔ c * a < b"))
    assert_row_refused(("mul_pos_iff_bad", "ZQR", "{a b : α}", "0 < a * b ↔ 0 < a ∧ 0 < b"))
    assert_row_refused(("neg_lt_zero_bad", "ZQR", "{a : α}", "-a < 0 ↔ 0 ≤ a"))
    assert_row_refused(("Real.add_lt_add_iff_left_bad", "R", "{a b : α} (c : α)", "c + a < c + b ↔ a ≤ b"))
