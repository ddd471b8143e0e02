# ruff: noqa: E501
"""Batch 16 of the lemma table (`lemmas.py`): lemmas named by near-miss public proofs (round 16).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: Mathlib's statement, binder
kinds and order; every instance is checked valid by z3 before it is admitted, so a wrong row is refused.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Analysis/SpecialFunctions/Pow/Real.lean, section `variable {x y z : ℝ} {n : ℕ}`):
    # `lemma rpow_natCast_mul (hx : 0 ≤ x) (n : ℕ) (z : ℝ) : x ^ (n * z) = (x ^ n) ^ z` (named
    # `rpow_nat_cast_mul` before the 2024 rename, same statement). `x ^ n` is the monoid power; `n` is
    # instantiated with numerals only (`exp`), as `Real.rpow_natCast`'s row
    ("Real.rpow_natCast_mul", "R", "{x : α} (hx : 0 ≤ x) (n : exp) (z : α)", "x ^ ((n : ℝ) * z) = (x ^ n) ^ z"),
    # Lean core (Nat/Basic.lean): `protected theorem Nat.le_sub_of_add_le {a b c : Nat} (h : a + b ≤ c) :
    # a ≤ c - b` (truncated subtraction; same shape in 2024 and 2025 cores)
    ("Nat.le_sub_of_add_le", "N", "{a b c : α} (h : a + b ≤ c)", "a ≤ c - b"),
)

__all__ = ["ROWS"]
