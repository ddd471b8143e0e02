"""Batch 18e of the lemma table (`lemmas.py`): lemmas named by near-miss public proofs (round 18e).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: Mathlib's statement, binder
kinds and order; every instance is checked valid by z3 before it is admitted, so a wrong row is refused.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Algebra/Group/Basic.lean, `variable [Group G] {a b c d : G}`): the additive form of
    # `@[to_additive] theorem eq_iff_eq_of_div_eq_div (H : a / b = c / d) : a = b ↔ c = d`; an
    # `AddGroup`, so no ℕ row; all four variables implicit (same in the 2023 port and current Mathlib)
    ("eq_iff_eq_of_sub_eq_sub", "ZQR", "{a b c d : α} (H : a - b = c - d)", "a = b ↔ c = d"),
    # Mathlib at the Seed-Prover pin (Algebra/Order/Field/Basic.lean, `[LinearOrderedSemifield α]
    # {a b c : α}`): `lt_div_iff' (hc : 0 < c) : a < b / c ↔ c * a < b` (deprecated for `lt_div_iff₀'`
    # in late 2024, the statement unchanged); the unprimed row is in `lemmas.py`
    ("lt_div_iff'", "QR", "{a b c : α} (hc : 0 < c)", "a < b / c ↔ c * a < b"),
    # Mathlib (Algebra/Order/Ring/Lemmas or Defs, `[LinearOrderedRing α] {a b : α}` at the pin):
    # `mul_pos_iff : 0 < a * b ↔ 0 < a ∧ 0 < b ∨ a < 0 ∧ b < 0` (ℕ has its own canonically ordered form)
    ("mul_pos_iff", "ZQR", "{a b : α}", "0 < a * b ↔ 0 < a ∧ 0 < b ∨ a < 0 ∧ b < 0"),
    # Mathlib (`@[to_additive (attr := simp) neg_lt_zero] theorem inv_lt_one'`, ordered groups,
    # `{a : α}`): `-a < 0 ↔ 0 < a`
    ("neg_lt_zero", "ZQR", "{a : α}", "-a < 0 ↔ 0 < a"),
    # Mathlib (Data/Real/Basic.lean, namespace `Real`): `theorem add_lt_add_iff_left {a b : ℝ} (c : ℝ) :
    # c + a < c + b ↔ a < b` (used to build ℝ's order; `c` explicit)
    ("Real.add_lt_add_iff_left", "R", "{a b : α} (c : α)", "c + a < c + b ↔ a < b"),
)

__all__ = ["ROWS"]
