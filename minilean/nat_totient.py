"""Mathlib's `Nat.totient` (`Mathlib/Data/Nat/Totient.lean`): values, and what minilean lets see them.

Mathlib: `def totient (n : ℕ) : ℕ := #{a ∈ range n | n.Coprime a}` (older: `((range n).filter
n.Coprime).card`, the same term), so `φ 0 = 0`, `φ 1 = 1` and `φ n` counts the `a < n` with
`Nat.gcd n a = 1`.

- Closed values: the definition is a `Finset.card` of a `filter` over `range n`; the kernel reduces it
  (`Nat.gcd` is one of the kernel's accelerated `Nat` functions), so `decide` and `rfl` evaluate `φ`
  of a literal. The elaborator's `decide` first evaluates the instance with `Meta.whnf`, through
  `n` list cells and quotients, so minilean caps these at `MAX_DECIDE` (a bound where Lean surely
  finishes; past it minilean refuses: weaker).
- No `norm_num` extension evaluates `Nat.totient` (none under `Mathlib/Tactic/NormNum/`), and its
  evaluating simp lemmas (`totient_prime` and the like) take hypotheses: `norm_num`/`simp` leave
  `φ 10` alone (it is not in `libsem._NORM_NUM_FUNS`).
- z3 (`libsem`): an uninterpreted function on ℕ with `Nat.totient_le` (`φ n ≤ n`) and non-negativity;
  linarith and omega see `φ x` as an atom, as Mathlib's do.
"""

from __future__ import annotations

import math

from minilean.syntax import NotEvaluable

NAME = "Nat.totient"
MAX_DECIDE = 30  # `decide`/`rfl`: arguments for which minilean is sure Lean's evaluation finishes


def totient_value(n: int) -> int:
    """`Nat.totient n` for a literal `n ≥ 0`, as the kernel computes it (closed evaluation only)."""
    if n < 0:
        raise NotEvaluable("totient of a negative number")
    if n > MAX_DECIDE:
        raise NotEvaluable("totient argument too large for kernel evaluation")
    return sum(1 for a in range(n) if math.gcd(n, a) == 1)


__all__ = ["MAX_DECIDE", "NAME", "totient_value"]
