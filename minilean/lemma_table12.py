"""Batch 12 of the lemma table (`lemmas.py`): ℕ lemmas the public proofs name as terms after round 11
(round 12).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with the statements, binder
kinds and order of Lean core / Mathlib; each instance is checked valid by z3 (or by a `PROOFS` entry,
proved by minilean itself) before it is admitted.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Lean core (`Init/Data/Nat/Basic.lean`): `protected theorem Nat.pow_succ (n m : Nat) :
    # n ^ succ m = n ^ m * n := rfl` in the core read; public proofs verified by Lean pass both
    # arguments explicitly (`Nat.pow_succ 2 3`). `succ m` and `m + 1` are the same term to minilean
    # (and reducibly defeq in Lean). z3 unfolds `^` one step, so the instance is checked.
    ("Nat.pow_succ", "N", "(b n : α)", "b ^ (n + 1) = b ^ n * b"),
    # Lean core (`Init/Data/Nat/Basic.lean`): `protected theorem Nat.le_of_mul_le_mul_left {a b c : Nat}
    # (h : c * a ≤ c * b) (hc : 0 < c) : a ≤ b`
    ("Nat.le_of_mul_le_mul_left", "N", "{a b c : α} (h : c * a ≤ c * b) (hc : 0 < c)", "a ≤ b"),
    # Mathlib (`Data/Nat/Defs`, later also core): `lemma one_le_of_lt (h : a < b) : 1 ≤ b`, `{a b : ℕ}`
    ("Nat.one_le_of_lt", "N", "{a b : α} (h : a < b)", "1 ≤ b"),
)

PROOFS: dict[str, str] = {}

__all__ = ["PROOFS", "ROWS"]
