# ruff: noqa: E501
"""Batch 11 of the lemma table (`lemmas.py`): ℝ lemmas the near-miss public proofs name as terms
(round 12).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: Mathlib's statement, binder
kinds and order; every instance is checked valid by z3 before it is admitted (a wrong row is refused).
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (`Analysis/SpecialFunctions/Sqrt.lean`, earlier `Data/Real/Sqrt.lean`):
    # `@[simp] theorem sqrt_mul {x : ℝ} (hx : 0 ≤ x) (y : ℝ) : √(x * y) = √x * √y` and
    # `@[simp] theorem sqrt_mul' (x) {y : ℝ} (hy : 0 ≤ y) : √(x * y) = √x * √y`; the same binders in the
    # Lean 3 port and in 2024–2025 Mathlib (read in several versions)
    ("Real.sqrt_mul", "R", "{x : α} (hx : 0 ≤ x) (y : α)", "Real.sqrt (x * y) = Real.sqrt x * Real.sqrt y"),
    ("Real.sqrt_mul'", "R", "(x : α) {y : α} (hy : 0 ≤ y)", "Real.sqrt (x * y) = Real.sqrt x * Real.sqrt y"),
    # Mathlib (Algebra/Order/Ring/Lemmas → Algebra/Order/GroupWithZero/Unbundled): `theorem
    # le_of_mul_le_mul_left [PosMulReflectLE α] (bc : a * b ≤ a * c) (a0 : 0 < a) : b ≤ c` with
    # `{a b c : α}` section variables: the factor comes first in both products, the inequality is the
    # first explicit argument, positivity the second. ℕ ℤ ℚ ℝ are linear ordered semirings, where
    # `PosMulReflectLE` holds. (`Nat.le_of_mul_le_mul_left` is protected: `open Nat` does not shadow it.)
    ("le_of_mul_le_mul_left", "NZQR", "{a b c : α} (bc : a * b ≤ a * c) (a0 : 0 < a)", "b ≤ c"),
)

__all__ = ["ROWS"]
