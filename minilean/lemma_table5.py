"""Batch 5 of the z3-checked lemma table (`lemmas.py`): big-operator and natural-number lemmas that
competition proofs name as terms.

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Mathlib's (or Lean core's)
statements. `PER_INSTANCE` names rows z3 cannot prove as schemas (a sum over a symbolic range): only their
ground instances are admitted, each checked by z3 (`rw [Finset.sum_range_id]` checks the instance its
match gives).
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Algebra/BigOperators/Intervals.lean): the Gauss sum, with ℕ subtraction and division
    ("Finset.sum_range_id", "N", "(n : α)", "∑ i ∈ Finset.range n, i = n * (n - 1) / 2"),
    # Lean core (`Nat/Basic.lean`): cancelling a nonzero right factor; distributing over truncated `-`
    ("Nat.mul_left_inj", "N", "{a b c : α} (ha : a ≠ 0)", "b * a = c * a ↔ b = c"),
    ("Nat.mul_sub_left_distrib", "N", "(n m k : α)", "n * (m - k) = n * m - n * k"),
    # Lean core: `Nat.mul_add` / `Nat.add_mul` abbreviate `Nat.left_distrib` / `Nat.right_distrib`
    ("Nat.left_distrib", "N", "(n m k : α)", "n * (m + k) = n * m + n * k"),
    ("Nat.right_distrib", "N", "(n m k : α)", "(n + m) * k = n * k + m * k"),
    ("Nat.mul_add", "N", "(n m k : α)", "n * (m + k) = n * m + n * k"),
    ("Nat.add_mul", "N", "(n m k : α)", "(n + m) * k = n * k + m * k"),
    ("Nat.mul_assoc", "N", "(n m k : α)", "n * m * k = n * (m * k)"),
)

# rows whose schema needs induction: admitted per instance (the modulus-like variables to be given)
PER_INSTANCE: dict[str, list[str]] = {"Finset.sum_range_id": ["n"]}

__all__ = ["PER_INSTANCE", "ROWS"]
