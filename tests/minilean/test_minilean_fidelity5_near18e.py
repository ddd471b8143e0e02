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


# ---- `·` function notation (minilean/cdot_fun.py): Lean's `Term.paren` macro turns parentheses that
# contain `·` into `fun x => …`, one binder per `·`, bound by the nearest enclosing parentheses.

_HAVE_CDOT = "(a b : ℝ) (h : a / 2 = b / 4) : 2 * a = b := by\n  have h4 := congr_arg ((4 : ℝ) * ·) h\n"


def test_cdot_function_in_congr_arg() -> None:
    assert accepts(_HAVE_CDOT + "  dsimp at h4\n  linarith")
    assert accepts("(a b : ℝ) (h : a = b) : a + 1 = b + 1 := congr_arg (· + 1) h")
    assert accepts("(a b : ℚ) (h : a = b) : 3 - a = 3 - b := congr_arg (3 - ·) h")


def test_cdot_function_refusals() -> None:
    # the function is `x ↦ x + 1`, not `x ↦ x + 2`
    assert not accepts("(a b : ℝ) (h : a = b) : a + 1 = b + 2 := congr_arg (· + 1) h")
    # the type keeps the redex `(fun x => 4 * x) (a / 2)`: the first `dsimp at h4` makes progress by beta
    # reduction, a second one makes none and fails as in Lean
    assert not accepts(_HAVE_CDOT + "  dsimp at h4\n  dsimp at h4\n  linarith")
    # `·` outside parentheses is no term; `(· + 1 : ℝ)` (an ascription around the `·`) is left refused
    assert not accepts("(a b : ℝ) (h : a = b) : a + 1 = b + 1 := congr_arg · h")
    assert not accepts("(a b : ℝ) (h : a = b) : a + 1 = b + 1 := congr_arg (· + 1 : ℝ → ℝ) h")


def test_cdot_parse_shapes() -> None:
    from minilean.syntax import SyntaxErr, parse_term

    two = parse_term("(· + ·)")
    assert two[0] == "fun" and len(two[1]) == 2 and two[2] == ("bin", "+", ("id", two[1][0][0]), ("id", two[1][1][0]))
    # the nearest parentheses bind: `(f (· + 1))` applies f to a function
    inner = parse_term("(f (· + 1))")
    assert inner[0] == "app" and inner[2][0][0] == "fun"
    for bad in ("(⟨·, 1⟩)", "((· : ℝ) + 1)"):
        try:
            parse_term(bad)
        except SyntaxErr:
            continue
        raise AssertionError(bad)
