"""Named arguments for explicit binders of table lemmas (`minilean/named_positional.py`) and the row
`Real.rpow_natCast_mul` (`minilean/lemma_table16.py`, round 16). Lean fills a named binder with its value
and the other explicit binders, in order, with the positional arguments."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_refused

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)
from minilean.named_positional import to_positional

_GOAL = "(a b : ℝ) (h : (0 : ℝ) ≤ 5) : ((5 : ℝ) ^ (3 : ℕ)) ^ (a + b) = (5 : ℝ) ^ ((3 : ℕ) * (a + b)) :=\n  "


def test_rpow_natcast_mul_positional_and_named() -> None:
    assert accepts(_GOAL + "(Real.rpow_natCast_mul h 3 (a + b)).symm")
    assert accepts(_GOAL + "(Real.rpow_natCast_mul h (n := 3) (z := a + b)).symm")
    assert accepts(_GOAL + "(Real.rpow_natCast_mul (z := a + b) h (n := 3)).symm")


def test_wrong_exponent_refused() -> None:
    assert not accepts(_GOAL + "(Real.rpow_natCast_mul h (n := 2) (z := a + b)).symm")


def test_unknown_name_refused() -> None:
    # Mathlib's binder is `n`: any other name is Lean's "invalid argument name"
    assert not accepts(_GOAL + "(Real.rpow_natCast_mul h (k := 3) (z := a + b)).symm")


def test_gap_before_named_binder_refused() -> None:
    # `n` is neither given nor inferable from a positional argument before `z`: Lean's result would still
    # be a function of `n`, no proof of the equation
    assert not accepts(_GOAL + "(Real.rpow_natCast_mul h (z := a + b)).symm")


def test_base_must_be_nonnegative() -> None:
    src = "(a : ℝ) (h : (0 : ℝ) ≤ 5) : (-5 : ℝ) ^ ((2 : ℕ) * a) = ((-5 : ℝ) ^ (2 : ℕ)) ^ a :=\n"
    assert not accepts(src + "  Real.rpow_natCast_mul h (n := 2) (z := a)")


def test_false_row_refused() -> None:
    bad = ("Real.rpow_natCast_mul_bad", "R", "{x : α} (hx : 0 ≤ x) (y z : α)", "x ^ (y + z) = (x ^ y) ^ z")
    assert_row_refused(bad)


def test_to_positional_shapes() -> None:
    binders = [("hx", "0 ≤ x"), ("n", "exp"), ("z", "α")]
    h, two, e = ("id", "h"), ("num", 2), ("id", "e")
    assert to_positional(binders, [h, ("named", "n", two), ("named", "z", e)]) == [h, two, e]
    gap = [h, ("named", "z", e)]
    assert to_positional(binders, gap) == gap
    unknown = [h, ("named", "k", two)]
    assert to_positional(binders, unknown) == unknown
