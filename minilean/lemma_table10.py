"""Batch 10 of the lemma table (`lemmas.py`): lemmas the public proofs name as terms after round 10
(round 11).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Mathlib's statements,
binder kinds and order; each instance is checked valid by z3, or (`PROOFS`) proved by minilean itself
before it is admitted. The factorial rows: z3 knows `n !` as a recursive function, which it unfolds one
step (so `Nat.factorial_succ` is checked by z3) but cannot do induction over; `Nat.factorial_pos` and
`Nat.factorial_ne_zero` are therefore proved in minilean by induction on `n`, for every `n`.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Data/Nat/Factorial/Basic.lean): `theorem factorial_succ (n : ℕ) : (n + 1)! = (n + 1) * n !`
    ("Nat.factorial_succ", "N", "(n : α)", "(n + 1) ! = (n + 1) * n !"),
    # Mathlib: `theorem factorial_pos : ∀ n, 0 < n !` and `theorem factorial_ne_zero (n : ℕ) : n ! ≠ 0`
    ("Nat.factorial_pos", "N", "(n : α)", "0 < n !"),
    ("Nat.factorial_ne_zero", "N", "(n : α)", "n ! ≠ 0"),
    # Mathlib (Algebra/Order/Ring/Lemmas; `[StrictOrderedSemiring R] {a : R}`): `theorem sq_pos_of_pos
    # (ha : 0 < a) : 0 < a ^ 2` (later generalised to `[PosMulStrictMono M₀]`, same statement)
    ("sq_pos_of_pos", "NZQR", "{a : α} (ha : 0 < a)", "0 < a ^ 2"),
)

# proofs by induction over every `n` (not per instance): each goes through minilean's elaborator
# (`lemmas._proved`), using the z3-checked `Nat.factorial_succ` row for the step
PROOFS: dict[str, str] = {
    "Nat.factorial_pos": (
        "induction n with\n  | zero => decide\n  | succ k ih =>\n    rw [Nat.factorial_succ]\n"
        "    exact Nat.mul_pos (Nat.succ_pos k) ih"
    ),
    # from the row above (itself proved by induction), as Mathlib does: `(factorial_pos n).ne'`
    "Nat.factorial_ne_zero": "exact Nat.ne_of_gt (Nat.factorial_pos n)",
}

__all__ = ["PROOFS", "ROWS"]
