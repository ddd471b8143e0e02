# ruff: noqa: E501
"""Batch 15 of the lemma table (`lemmas.py`): lemmas named by near-miss public proofs (round 15).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: Mathlib's statement, binder
kinds and order; every instance is checked valid by z3 (through the `lib_facts` instances of the
Mathlib theorems about `Real.log` / `Real.rpow`) before it is admitted, so a wrong row is refused.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Analysis/SpecialFunctions/Log/Base.lean), section with `variable {b x y : ℝ}` and
    # `variable (b_pos : 0 < b) (b_ne_one : b ≠ 1)` (2023 port through 2025, read in several versions):
    # `theorem logb_rpow : logb b (b ^ x) = x` and
    # `theorem logb_eq_iff_rpow_eq (hy : 0 < y) : logb b y = x ↔ b ^ x = y` (`b ^ x` the real power)
    ("Real.logb_rpow", "R", "{b x : α} (b_pos : 0 < b) (b_ne_one : b ≠ 1)", "Real.logb b (b ^ x) = x"),
    ("Real.logb_eq_iff_rpow_eq", "R", "{b x y : α} (b_pos : 0 < b) (b_ne_one : b ≠ 1) (hy : 0 < y)", "Real.logb b y = x ↔ b ^ x = y"),
    # Mathlib (Analysis/SpecialFunctions/Pow/Real.lean, since early 2024, `variable {x y z : ℝ}`):
    # `lemma rpow_left_inj (hx : 0 ≤ x) (hy : 0 ≤ y) (hz : z ≠ 0) : x ^ z = y ^ z ↔ x = y`
    ("Real.rpow_left_inj", "R", "{x y z : α} (hx : 0 ≤ x) (hy : 0 ≤ y) (hz : z ≠ 0)", "x ^ z = y ^ z ↔ x = y"),
    # Mathlib (Data/Nat/Cast/Basic.lean): `@[simp, norm_cast] theorem cast_sub [AddGroupWithOne R]
    # (h : m ≤ n) : ((n - m : ℕ) : R) = n - m` with `{m n : ℕ}` (same in 2023–2025). `R` is fixed by the
    # goal (`lemmas._about_exponents_only`: `h` is about ℕ and cannot fix it); at ℕ itself it is not stated
    ("Nat.cast_sub", "ZQR", "{m n : ℕ} (h : m ≤ n)", "((n - m : ℕ) : α) = (n : α) - (m : α)"),
    # Mathlib (Algebra/Order/Sub/Defs.lean, `[OrderedSub α]`, truncated subtraction), same in 2023–2025:
    # `theorem tsub_add_eq_tsub_tsub (a b c : α) : a - (b + c) = a - b - c` and, with `{a b c : α}` and
    # `[LinearOrder α]`, `theorem lt_tsub_iff_right : a < b - c ↔ a + c < b`. ℤ ℚ ℝ are ordered
    # additive groups, which get `OrderedSub` from `AddGroup.toOrderedSub` (Algebra/Order/Sub/Basic, later
    # Monoid/Unbundled/Basic), so the rows hold there with ordinary subtraction
    ("tsub_add_eq_tsub_tsub", "NZQR", "(a b c : α)", "a - (b + c) = a - b - c"),
    ("lt_tsub_iff_right", "NZQR", "{a b c : α}", "a < b - c ↔ a + c < b"),
    # Lean core (Init/Prelude.lean): `theorem Nat.succ_le_succ : n ≤ m → succ n ≤ succ m` (`{n m : Nat}`);
    # `succ n` is written `n + 1`, the same term up to defeq (`Nat.succ_le_of_lt`'s row does the same)
    ("Nat.succ_le_succ", "N", "{n m : α} (h : n ≤ m)", "n + 1 ≤ m + 1"),
    # Mathlib (Order/Defs, `[Preorder α]`): `theorem ge_trans : ∀ {a b c : α}, a ≥ b → b ≥ c → a ≥ c` and
    # `theorem gt_trans : ∀ {a b c : α}, a > b → b > c → a > c` (same in 2023–2025)
    ("ge_trans", "NZQR", "{a b c : α} (h₁ : a ≥ b) (h₂ : b ≥ c)", "a ≥ c"),
    ("gt_trans", "NZQR", "{a b c : α} (h₁ : a > b) (h₂ : b > c)", "a > c"),
    # Mathlib (Algebra/Order/Field/Basic, later GroupWithZero/Unbundled, `{a b : α}` fields):
    # `lemma div_nonpos_of_nonpos_of_nonneg (ha : a ≤ 0) (hb : 0 ≤ b) : a / b ≤ 0` (same 2023–2025)
    ("div_nonpos_of_nonpos_of_nonneg", "QR", "{a b : α} (ha : a ≤ 0) (hb : 0 ≤ b)", "a / b ≤ 0"),
)

__all__ = ["ROWS"]
