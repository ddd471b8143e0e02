# ruff: noqa: E501
"""Round 7: lemma batch 6 (`lemma_table6.py`): `Nat.mul_pos`, `mul_ne_zero_iff`, `lt_iff_not_ge`,
`Real.log_div` (with its z3 fact), `mul_le_mul_left` (the iff form), and `sq_sqrt` through
`open Real`. Accepting uses next to refusals (a dropped hypothesis, a false variant of
the statement, a type the lemma is not stated at)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.lemma_table6 import ROWS
from minilean.lemmas import NotAdmitted, _s, admitted, check_schema


def _accepts(src: str, header: str = "") -> bool:
    res = elaborate(initial_env(), f"{header}theorem t {src}")
    return not res.has_errors and not res.sorries


ACCEPT = [
    "(a b : ℕ) : 0 < (a + 1) * (b + 2) := Nat.mul_pos (Nat.succ_pos a) (by omega)",
    "(x y : ℝ) (h : x * y ≠ 0) : x ≠ 0 := (mul_ne_zero_iff.mp h).1",
    "(k : ℕ) (h : ¬k ≥ 5) : k < 5 := (lt_iff_not_ge k 5).mpr h",
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : Real.log (x / y) = Real.log x - Real.log y := by\n  apply Real.log_div hx hy",
    "(x y : ℝ) (h : x ≤ y) : 12 * x ≤ 12 * y := by\n  rw [mul_le_mul_left (show (0 : ℝ) < 12 by norm_num)]\n  exact h",
    "(a b : ℕ) (h3 : 3 ≠ 0) (h : a ^ 3 = b ^ 3) : a ≤ b := (Nat.pow_le_pow_iff_left h3).mp (Nat.le_of_eq h)",
    "(y : ℝ) (h : Real.log y = 0) : y = 0 ∨ y = 1 ∨ y = -1 := Real.log_eq_zero.mp h",
    "(x : ℝ) : x ^ (1 : ℝ) = x := Real.rpow_one x",
]

REFUSE = [
    # the positivity hypotheses are needed
    "(a b : ℕ) (ha : 0 ≤ a) (hb : 0 < b) : 0 < a * b := Nat.mul_pos ha hb",
    # the wrong side of the iff / a false conclusion
    "(x y : ℝ) (h : x ≠ 0) : x * y ≠ 0 := mul_ne_zero_iff.mpr ⟨h, h⟩",
    "(k : ℕ) (h : ¬k ≥ 5) : k ≤ 4 ∧ k = 4 := (lt_iff_not_ge k 5).mpr h",
    # `Nat.mul_pos` is about ℕ only
    "(x y : ℝ) (hx : x > 0) (hy : y > 0) : x * y > 0 := Nat.mul_pos hx hy",
    # `Real.log_div` needs both hypotheses (Lean's `log (x / 0) = log 0 = 0 ≠ log x - log 0` in general)
    "(x y : ℝ) (hx : x ≠ 0) : Real.log (x / y) = Real.log x - Real.log y := Real.log_div hx",
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : Real.log (x / y) = Real.log x + Real.log y := Real.log_div hx hy",
    # the iff needs `0 < c`: with `c = -1` it is false
    "(x y : ℝ) (h : x ≤ y) : -1 * x ≤ -1 * y := by\n  rw [mul_le_mul_left (show (0 : ℝ) < -1 by norm_num)]\n  exact h",
    # the exponent must be a numeral its hypothesis fixes; `n ≠ 0` is needed (`a ^ 0 ≤ b ^ 0` always)
    "(a b n : ℕ) (hn : n ≠ 0) (h : a ^ n ≤ b ^ n) : a ≤ b := (Nat.pow_le_pow_iff_left hn).mp h",
    "(a b : ℕ) (h : a ^ 0 ≤ b ^ 0) : a ≤ b := (Nat.pow_le_pow_iff_left (by norm_num : 0 ≠ 0)).mp h",
    "(a b : ℕ) (h : a = b + 1) : a ≤ b := Nat.le_of_eq h",
    "(y : ℝ) (h : Real.log y = 0) : y = 1 := Real.log_eq_zero.mp h",
    "(x : ℝ) : x ^ (1 : ℝ) = 1 := Real.rpow_one x",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src), src


def test_sq_sqrt_through_open_real() -> None:
    src = "(a : ℝ) (h : 0 ≤ a) : Real.sqrt a ^ 2 = a := sq_sqrt h"
    assert _accepts(src, "open Real\n")
    assert not _accepts("(a : ℝ) : Real.sqrt a ^ 2 = a := sq_sqrt (le_refl a)", "open Real\n")


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_rows_checked_by_z3(row: tuple[str, str, str, str]) -> None:
    schema = _s(*row)
    exps = tuple((v, 3) for v in schema.exponents())  # exponents are numerals: check one instance
    for ty in schema.types:
        assert admitted(row[0], ty, exps) is not None


def test_false_variants_refused() -> None:
    with pytest.raises(NotAdmitted):
        check_schema(_s("Nat.mul_pos", "N", "{n m : α} (ha : n ≥ 0) (hb : m > 0)", "n * m > 0"), "ℕ", {})
    with pytest.raises(NotAdmitted):
        check_schema(_s("mul_ne_zero_iff", "R", "{a b : α}", "a * b ≠ 0 ↔ a ≠ 0 ∨ b ≠ 0"), "ℝ", {})
    with pytest.raises(NotAdmitted):
        check_schema(_s("lt_iff_not_ge", "N", "(x y : α)", "x < y ↔ ¬x > y"), "ℕ", {})
    with pytest.raises(NotAdmitted):  # `log (-1) = log 1 = 0`: the third case is needed
        check_schema(_s("Real.log_eq_zero", "R", "{x : α}", "Real.log x = 0 ↔ x = 0 ∨ x = 1"), "ℝ", {})
    with pytest.raises(NotAdmitted):  # the sign condition matters
        check_schema(_s("mul_le_mul_left", "R", "{a b c : α} (a0 : 0 ≤ a)", "a * b ≤ a * c ↔ b ≤ c"), "ℝ", {})
    with pytest.raises(NotAdmitted):  # a hypothesis dropped: log (x / 0) = 0, not log x - log 0
        check_schema(_s("Real.log_div", "R", "{x y : α} (hx : x ≠ 0)", "Real.log (x / y) = Real.log x - Real.log y"), "ℝ", {})


SYMM_ACCEPT = [
    # `foo.symm.mp` is `foo.mpr`; α waits for the later argument (`Or.imp_right f h`)
    "(n : ℕ) (h : n = 1 ∨ 1 < n) : n = 1 ∨ n > 1 := by\n  exact Or.imp_right gt_iff_lt.symm.mp h",
    "(n : ℕ) (h : 1 < n) : n > 1 := gt_iff_lt.symm.mp h",
    "(x y : ℝ) (h : x - y = 0) : x = y := sub_eq_zero.symm.mpr h",
]
SYMM_REFUSE = [
    # the swapped direction is the other implication: these are the wrong way round
    "(x y : ℝ) (h : x - y = 0) : x = y := sub_eq_zero.symm.mp h",
    "(n : ℕ) (h : 1 < n) : n > 2 := gt_iff_lt.symm.mp h",
    # `.symm` of a lemma that is not an `↔`
    "(a b : ℕ) (h : a < b) : a ≤ b := le_of_lt.symm.mp h",
]


@pytest.mark.parametrize("src", SYMM_ACCEPT)
def test_symm_fields_accept(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", SYMM_REFUSE)
def test_symm_fields_refuse(src: str) -> None:
    assert not _accepts(src), src
