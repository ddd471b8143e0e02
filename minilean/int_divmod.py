"""`Int.emod` and `Int.ediv` written as functions (`a.emod b`, `Int.emod a b`), as Lean core defines them.

`a % b` and `a / b` on ℤ elaborate to `HMod.hMod a b` / `HDiv.hDiv a b`, whose instances unfold to
`Int.emod a b` / `Int.ediv a b`: the same values, so closed evaluation and the z3 encoding are shared
with minilean's `%` and `÷` on ℤ (z3's integer `div`/`mod` are Euclidean, like `ediv`/`emod`). They are
not the same *terms*: `rw` and `simp` match keys up to reducible transparency, which does not unfold
instances, so a lemma stated with `%` does not rewrite `a.emod b` in Lean, and minilean keeps them as
different expressions (an `EApp`, never an `EBin`).

Values (Lean core `Init/Data/Int/Basic.lean`, `Int.emod`/`Int.ediv`; `Int.emod_nonneg`,
`Int.emod_lt_of_pos`, `Int.ediv_emod_unique`): for `b ≠ 0`, `0 ≤ a.emod b < |b|` and
`a = b * a.ediv b + a.emod b`; `a.emod 0 = a` and `a.ediv 0 = 0`. So `(-7).emod 3 = 2`,
`(-7).ediv 3 = -3`, `7.emod (-3) = 1`, `7.ediv (-3) = -2`.

What evaluates them: `decide`/`rfl` (the kernel reduces both: structural on `Int`'s constructors with
`Nat` division), `norm_num` (Mathlib's `Mathlib/Tactic/NormNum/DivMod.lean` registers its extensions for
`Int.emod _ _` and `Int.ediv _ _` besides `%` and `/`). Plain `simp` does not (core's `Int.reduceMod`/
`reduceDiv` simprocs are keyed on `%`/`/`): minilean's simp leaves them. omega and linarith see atoms.
"""

from __future__ import annotations

EMOD, EDIV = "Int.emod", "Int.ediv"
NAMES = (EMOD, EDIV)


def emod(a: int, b: int) -> int:
    """`Int.emod a b`: the remainder in `[0, |b|)`; `a` itself when `b = 0`."""
    return a % abs(b) if b != 0 else a


def ediv(a: int, b: int) -> int:
    """`Int.ediv a b`: the quotient with `a = b * q + emod a b`; `0` when `b = 0`."""
    return (a - emod(a, b)) // b if b != 0 else 0


__all__ = ["EDIV", "EMOD", "NAMES", "ediv", "emod"]
