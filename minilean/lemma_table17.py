"""Batch 17 of the lemma table (`lemmas.py`): lemmas named by near-miss public proofs (round 17).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: Mathlib's statement, binder
kinds and order; every instance is checked valid by z3 before it is admitted, so a wrong row is refused.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Algebra/Order/Monoid/Unbundled/Basic.lean): the additive form of
    # `le_mul_iff_one_le_right' [MulLeftMono α] [MulLeftReflectLE α] (a : α) {b : α} : a ≤ a * b ↔ 1 ≤ b`
    # (`to_additive (attr := simp) le_add_iff_nonneg_right`); `a` explicit, `b` implicit, the same in the
    # 2023 port and in current Mathlib
    ("le_add_iff_nonneg_right", "NZQR", "(a : α) {b : α}", "a ≤ a + b ↔ 0 ≤ b"),
)

__all__ = ["ROWS"]
