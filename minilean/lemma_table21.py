# ruff: noqa: E501
"""Batch 21 of the lemma table (`lemmas.py`): Mathlib's `Nat.fib` equations (round 21b, `nat_fib.py`).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with the statements of
`Mathlib/Data/Nat/Fib/Basic.lean` (the same in the 2023 port, at the Seed-Prover pin and now). z3 knows
`Nat.fib` as a recursive function with Mathlib's definition (`libsem._fib`) and unfolds it, so each row
is checked valid by z3 before it is admitted (`Nat.fib_add` per numeral `m`).
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # `@[simp] theorem fib_zero : fib 0 = 0`, `fib_one : fib 1 = 1`, `fib_two : fib 2 = 1` (all `rfl`)
    ("Nat.fib_zero", "N", "", "Nat.fib 0 = 0"),
    ("Nat.fib_one", "N", "", "Nat.fib 1 = 1"),
    ("Nat.fib_two", "N", "", "Nat.fib 2 = 1"),
    # `theorem fib_add_two {n : ℕ} : fib (n + 2) = fib n + fib (n + 1)` (implicit `n`, not @[simp])
    ("Nat.fib_add_two", "N", "{n : α}", "Nat.fib (n + 2) = Nat.fib n + Nat.fib (n + 1)"),
    # `theorem fib_add (m n : ℕ) : fib (m + n + 1) = fib m * fib n + fib (m + 1) * fib (n + 1)`: Mathlib
    # proves it by induction on `n`; z3 proves each instance with `m` a numeral (it unfolds `fib (m + n + 1)`
    # down to `fib n` and `fib (n + 1)`), so `m` is fixed per use (`PER_INSTANCE`), for every `n`
    ("Nat.fib_add", "N", "(m n : α)", "Nat.fib (m + n + 1) = Nat.fib m * Nat.fib n + Nat.fib (m + 1) * Nat.fib (n + 1)"),
    # Lean core (`Init/Data/Nat/Basic.lean`): `protected theorem Nat.succ_mul (n m : ℕ) : succ n * m = n * m + m`;
    # `succ n` written `n + 1`, the same term up to defeq (as `lemma_table15`'s `Nat.succ_le_succ`)
    ("Nat.succ_mul", "N", "(n m : α)", "(n + 1) * m = n * m + m"),
)

# admitted per instance: `m` must be a numeral of the use (`Nat.fib_add 5 n`; a variable `m` is refused, Lean
# accepts: weaker); past MAX_NUMERAL z3's unfolding gets long, so larger numerals are refused too
PER_INSTANCE: dict[str, list[str]] = {"Nat.fib_add": ["m"]}
MAX_NUMERAL: dict[str, int] = {"Nat.fib_add": 30}

__all__ = ["MAX_NUMERAL", "PER_INSTANCE", "ROWS"]
