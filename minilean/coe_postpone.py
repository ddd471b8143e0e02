"""Lean's `↑x` elaborator postpones itself while its expected type is still a metavariable.

`elabCoe` (Lean core, `BuiltinNotation.lean`) starts with `tryPostponeIfNoneOrMVar expectedType?`: in
`mul_comm ↑m (4 : ℝ)` the first argument's expected type is the lemma's `?α`, so `↑m` waits, `(4 : ℝ)`
assigns `?α := ℝ`, and `↑m` is then elaborated as the cast `(↑m : ℝ)`. When nothing else fixes `?α`,
the postponed coercion is finally elaborated with postponing forbidden: `m` is elaborated on its own and
`?α` becomes `m`'s type (no cast at all). Numerals are different: their `OfNat ?α n` instance problems
are solved by default instances (ℕ) before postponed elaborators are forced, so a numeral argument
beside a bare `↑x` makes `?α := ℕ` (the caller keeps that rule, `numeral_default`).

This module only answers "is this argument a bare coercion", so that `lemmas.resolve` can let the
other arguments (or the expected type) fix the lemma's type first, as Lean does."""

from __future__ import annotations


def bare_coe(node: object) -> bool:
    """`↑x` written as a whole argument (not `(↑x : T)`, which is an ascription and fixes its type)."""
    return isinstance(node, tuple) and len(node) == 2 and node[0] == "coe"


__all__ = ["bare_coe"]
