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
    # Mathlib (Analysis/SpecialFunctions/Pow/Real.lean): `theorem log_rpow {x : ℝ} (hx : 0 < x) (y : ℝ) :
    # log (x ^ y) = y * log x` (the real power; same binders in 2023–2025 versions read); z3 checks it
    # through the `lib_facts` instance of that theorem, so the row only fixes the binders
    ("Real.log_rpow", "R", "{x : α} (hx : 0 < x) (y : α)", "Real.log (x ^ y) = y * Real.log x"),
    # `Real.logb_pow` at the Mathlib the Seed-Prover runtime pins (`leansim_lean_runtime/lake-manifest.json`:
    # mathlib4 rev f0957a7, ProofWidgets v0.0.38, mid-2024), in `Analysis/SpecialFunctions/Log/Base.lean`
    # under `variable {b x y : ℝ}`: `theorem logb_pow {k : ℕ} (hx : 0 < x) : logb b (x ^ k) = k * logb b x`.
    # Later Mathlib dropped the hypothesis (`logb_pow (b x : ℝ) (k : ℕ)`, a file with Lean 4.11's
    # `include`); only one signature can hold per name and the only public proofs naming it (Seed-Prover,
    # Lean-verified) pass `hx` first, so the pinned one is admitted and the later form is refused.
    ("Real.logb_pow", "R", "{b x : α} {k : exp} (hx : 0 < x)", "Real.logb b (x ^ k) = (k : ℝ) * Real.logb b x"),
)

__all__ = ["ROWS"]
