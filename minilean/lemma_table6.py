"""Batch 6 of the z3-checked lemma table (`lemmas.py`): scalar lemmas the public proofs name as terms
(round 7). Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Lean core's or
Mathlib's statements; each instance is checked by z3 before use, as every table row.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Lean core (`Nat/Basic.lean`): stated with `>`
    ("Nat.mul_pos", "N", "{n m : α} (ha : n > 0) (hb : m > 0)", "n * m > 0"),
    ("Nat.le_of_eq", "N", "{n m : α} (p : n = m)", "n ≤ m"),
    # Mathlib (Algebra/GroupWithZero/Basic.lean): `MulZeroClass` + `NoZeroDivisors`
    ("mul_ne_zero_iff", "NZQR", "{a b : α}", "a * b ≠ 0 ↔ a ≠ 0 ∧ b ≠ 0"),
    # Mathlib (Order/Basic.lean), linear orders, explicit arguments
    ("lt_iff_not_ge", "NZQR", "(x y : α)", "x < y ↔ ¬x ≥ y"),
    # Mathlib (Analysis/SpecialFunctions/Log/Basic.lean); z3 sees it as a `lib_facts` fact
    ("Real.log_div", "R", "{x y : α} (hx : x ≠ 0) (hy : y ≠ 0)",
     "Real.log (x / y) = Real.log x - Real.log y"),
    # Mathlib (Algebra/Order/Ring/Lemmas.lean, 2024-2025): the `0 < c` iff form; the name was later reused
    # for the implication `b ≤ c → a * b ≤ a * c` (the proofs here were checked against the iff form)
    ("mul_le_mul_left", "NZQR", "{a b c : α} (a0 : 0 < a)", "a * b ≤ a * c ↔ b ≤ c"),
    # Lean core / Mathlib (`Nat.pow_le_pow_iff_left {a b n : ℕ} (hn : n ≠ 0)`): the implicit exponent is
    # read off `hn` (`lemmas._infer_exponents`) and must be a numeral; z3 checks that instance
    ("Nat.pow_le_pow_iff_left", "N", "{a b : α} {n : exp} (hn : n ≠ 0)", "a ^ n ≤ b ^ n ↔ a ≤ b"),
    # Mathlib (Analysis/SpecialFunctions/Pow/Real.lean), @[simp]; z3 sees numeral `rpow` exponents
    ("Real.rpow_one", "R", "(x : α)", "x ^ (1 : ℝ) = x"),
    # Mathlib (Analysis/SpecialFunctions/Log/Basic.lean); z3 proves it from the `lib_facts` sign facts of
    # `log` on (0, 1), at 1, above 1, at 0 and `log (-x) = log x`
    ("Real.log_eq_zero", "R", "{x : α}", "Real.log x = 0 ↔ x = 0 ∨ x = 1 ∨ x = -1"),
)

# through the MiniF2F header's `open Real` (as `lemma_table3.ALIASES`); `NNReal.sq_sqrt` is not opened
ALIASES: dict[str, str] = {"sq_sqrt": "Real.sq_sqrt"}
