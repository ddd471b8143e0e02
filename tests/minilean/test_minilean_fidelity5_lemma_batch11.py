# ruff: noqa: E501
"""Round 12: lemma batch 11 (`lemma_table11.py`): `Real.sqrt_mul`, `Real.sqrt_mul'`,
`le_of_mul_le_mul_left`, `Real.log_rpow` (z3 through the `lib_facts` instance), `Real.logb_pow` at the
Seed-Prover-pinned signature `{k} (hx : 0 < x)`. Accepting uses next to refusals and false variants."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts, assert_row_refused

from minilean.lemma_table11 import ROWS
from minilean.lemmas import _s, check_schema

ACCEPT = [
    "(a : ℝ) (h : (16 : ℝ) ≥ 0) : Real.sqrt (16 * (1 + a)) = Real.sqrt 16 * Real.sqrt (1 + a) := Real.sqrt_mul h (1 + a)",
    "(a b : ℝ) (ha : 0 ≤ a) : Real.sqrt (a * b) = Real.sqrt a * Real.sqrt b := by\n  rw [Real.sqrt_mul ha]",
    "(a : ℝ) (h : 0 ≤ 1 + a) : Real.sqrt (9 * (1 + a)) = Real.sqrt 9 * Real.sqrt (1 + a) := Real.sqrt_mul' 9 h",
    "(x y : ℝ) (h : 8 * x ≤ 8 * y) (h8 : (8 : ℝ) > 0) : x ≤ y := le_of_mul_le_mul_left h h8",
    "(x y : ℕ) (h : 3 * x ≤ 3 * y) : x ≤ y := le_of_mul_le_mul_left h (by norm_num)",
    "(x y : ℤ) (h : 5 * x ≤ 5 * y) : x ≤ y := by\n  exact le_of_mul_le_mul_left h (by norm_num)",
    "(x : ℝ) (hx : 0 < x) : Real.log (x ^ (2 : ℝ)) = 2 * Real.log x := Real.log_rpow hx 2",
    "(x y : ℝ) (hx : 0 < x) : Real.log (x ^ y) = y * Real.log x := Real.log_rpow hx y",
]

REFUSE = [
    # `Real.sqrt_mul` wants `0 ≤ x` for the LEFT factor; `sqrt_mul'` the right one
    "(a : ℝ) (h : 0 ≤ 1 + a) : Real.sqrt (4 * (1 + a)) = Real.sqrt 4 * Real.sqrt (1 + a) := Real.sqrt_mul h 4",
    "(a : ℝ) (h : (4 : ℝ) ≥ 0) : Real.sqrt (4 * (1 + a)) = Real.sqrt 4 * Real.sqrt (1 + a) := Real.sqrt_mul' h (1 + a)",
    # the inequality comes first, positivity second; the factor is on the left of both products
    "(x y : ℝ) (h : 8 * x ≤ 8 * y) (h8 : (8 : ℝ) > 0) : x ≤ y := le_of_mul_le_mul_left h8 h",
    "(x y : ℝ) (h : x * 8 ≤ y * 8) (h8 : (8 : ℝ) > 0) : x ≤ y := le_of_mul_le_mul_left h h8",
    # `Real.log_rpow` needs `0 < x`, which `norm_num` cannot prove for a variable
    "(x : ℝ) : Real.log (x ^ (2 : ℝ)) = 2 * Real.log x := Real.log_rpow (by norm_num) 2",
    # the later Mathlib signature `logb_pow (b x : ℝ) (k : ℕ)` is not the admitted one (see the table)
    ": Real.logb 3 ((2 : ℝ) ^ 5) = 5 * Real.logb 3 2 := Real.logb_pow 3 2 5",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not accepts(src), src


def test_rows_admitted() -> None:
    for row in ROWS:
        schema = _s(*row)
        exps = {v: 3 for v in schema.exponents()}
        for ty in schema.types:
            check_schema(schema, ty, exps)


FALSE_ROWS = [
    ("Real.sqrt_mul", "R", "{x : α} (hx : 0 ≤ x) (y : α)", "Real.sqrt (x + y) = Real.sqrt x + Real.sqrt y"),
    ("Real.sqrt_mul", "R", "(x y : α)", "Real.sqrt (x * y) = Real.sqrt x * Real.sqrt y"),
    ("le_of_mul_le_mul_left", "R", "{a b c : α} (bc : a * b ≤ a * c) (a0 : 0 ≤ a)", "b ≤ c"),
    ("le_of_mul_le_mul_left", "Z", "{a b c : α} (bc : a * b ≤ a * c) (a0 : a ≠ 0)", "b ≤ c"),
    ("Real.log_rpow", "R", "(x y : α)", "Real.log (x ^ y) = y * Real.log x"),
    ("Real.log_rpow", "R", "{x : α} (hx : 0 < x) (y : α)", "Real.log (x ^ y) = x * Real.log y"),
]


@pytest.mark.parametrize("row", FALSE_ROWS)
def test_false_rows_refused(row: tuple[str, str, str, str]) -> None:
    assert_row_refused(row)


def test_false_logb_row_refused() -> None:
    assert_row_refused(("Real.logb_pow", "R", "{b x : α} {k : exp} (hx : 0 < x)",
                        "Real.logb b (x ^ k) = (k : ℝ) * Real.logb x b"), {"k": 3})
