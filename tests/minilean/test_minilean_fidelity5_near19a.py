"""Round 19a: `norm_cast at h` lowering a comparison of casts from ℕ whose sides hold arithmetic between
numerals (Lean core `NormCast.derive`: no simprocs, numerals moved under one cast and kept as written)."""

from __future__ import annotations

from lemma_batch_checks import accepts

from minilean import engine  # noqa: F401  (engine registers the proof checker)
from minilean.mod_cast import norm_cast_open_goal
from minilean.norm_cast_lowered import plain_lowered_nat
from minilean.syntax import NAT, REAL, EBin, ECast, ENum, EVar, PRel


def _x() -> ECast:
    return ECast(EVar("x"), NAT, REAL)


def test_lowered_comparison_keeps_numeral_products() -> None:
    # `(↑x : ℝ) * 10 = 3 * 10` lowers to `x * 10 = 3 * 10` in ℕ, the product not evaluated
    p = PRel("=", EBin("*", _x(), ENum(10)), EBin("*", ENum(3), ENum(10)), REAL)
    want = PRel("=", EBin("*", EVar("x"), ENum(10)), EBin("*", ENum(3), ENum(10)), NAT)
    assert norm_cast_open_goal(p) == want


def test_norm_cast_at_then_linarith() -> None:
    assert accepts("(x : ℕ) (h : (x : ℝ) * 100 + 4 * (x : ℝ) = 598 * 100) : x = 575 := by\n"
                   "  norm_cast at h\n  linarith")
    assert accepts("(x : ℕ) (h : (x : ℝ) + 2 = 3 + 4) : x = 5 := by\n  norm_cast at h\n  linarith")
    assert accepts("(x : ℕ) (h : (x : ℝ) ≤ 2 ^ 3) : x < 9 := by\n  norm_cast at h\n  linarith")


def test_lowered_hypothesis_is_stated_in_nat() -> None:
    # the hypothesis is now an ℕ fact: `omega` (ℕ/ℤ only) uses it
    assert accepts("(x : ℕ) (h : (x : ℝ) * 3 = 2 * 6) : x = 4 := by\n  norm_cast at h\n  omega")
    # without norm_cast the real hypothesis is not omega's
    assert not accepts("(x : ℕ) (h : (x : ℝ) * 3 = 2 * 6) : x = 4 := by\n  omega")


def test_false_variants_refused() -> None:
    assert not accepts("(x : ℕ) (h : (x : ℝ) * 100 + 4 * (x : ℝ) = 598 * 100) : x = 574 := by\n"
                       "  norm_cast at h\n  linarith")
    assert not accepts("(x : ℕ) (h : (x : ℝ) * 2 = 3 * 4) : x = 7 := by\n  norm_cast at h\n  linarith")


def test_still_refused_where_lean_form_is_unsettled() -> None:
    # ℕ subtraction / division of numerals: `Nat.cast_sub` / `Nat.cast_div` need side conditions
    assert not accepts("(x : ℕ) (h : (x : ℝ) = 10 - 3) : x = 7 := by\n  norm_cast at h\n  linarith")
    assert not accepts("(x : ℕ) (h : (x : ℝ) = 10 / 2) : x = 5 := by\n  norm_cast at h\n  linarith")
    # a comparison that keeps its casts would print `↑(3 * 4)`: not modelled
    assert norm_cast_open_goal(PRel("=", EVar("y"), EBin("*", ENum(3), ENum(4)), REAL)) is None


def test_plain_lowered_nat_predicate() -> None:
    assert plain_lowered_nat(PRel("=", EVar("x"), EBin("*", ENum(3), ENum(4)), NAT))
    assert not plain_lowered_nat(PRel("=", ENum(12), EBin("*", ENum(3), ENum(4)), NAT))  # closed: decide
    assert not plain_lowered_nat(PRel("=", EVar("x"), EBin("-", ENum(3), ENum(1)), NAT))
    assert not plain_lowered_nat(PRel("=", EVar("x"), EBin("*", ENum(3), ENum(4)), REAL))


def test_norm_cast_on_the_goal_leaves_the_lowered_form() -> None:
    # the goal `x * 2 = 3 * 4` (ℕ) is left for the next tactic, the product kept as written
    assert accepts("(x : ℕ) (h : x = 6) : (x : ℝ) * 2 = 3 * 4 := by\n  norm_cast\n  omega")
    assert not accepts("(x : ℕ) (h : x = 5) : (x : ℝ) * 2 = 3 * 4 := by\n  norm_cast\n  omega")
