"""Mathlib's `abel` on an equality goal, as its `abel1` step decides it.

`abel1` normalizes both sides in the free commutative additive group (monoid in ℕ) over atoms: it reads
only `+`, `-` (ring subtraction), negation and `0`; every other subterm (products, quotients, numerals
other than 0, casts, functions) is an atom, compared as written. Mathlib's `abel` is
`first | abel1 | try_this abel_nf`; the `abel_nf` fallback (a rewritten goal the proof goes on with) is
not modelled: when `abel1` fails we fail (weaker than Mathlib).
"""

from __future__ import annotations

from collections import Counter

from minilean.goals import Goal, TacticFail
from minilean.outcome import Outcome
from minilean.syntax import EBin, ENeg, ENum, Expr, PRel


def _linear(e: Expr, sign: int, acc: Counter, group: bool) -> None:
    if isinstance(e, ENum) and e.n == 0:
        return
    if isinstance(e, EBin) and e.op == "+":
        _linear(e.lhs, sign, acc, group)
        _linear(e.rhs, sign, acc, group)
        return
    if group and isinstance(e, EBin) and e.op == "-":
        _linear(e.lhs, sign, acc, group)
        _linear(e.rhs, -sign, acc, group)
        return
    if group and isinstance(e, ENeg):
        _linear(e.arg, -sign, acc, group)
        return
    acc[e] += sign


def abel_equal(lhs: Expr, rhs: Expr, ty: str) -> bool:
    group = ty != "ℕ"  # ℕ is a commutative monoid: `-` there is truncated (∸), an atom
    acc: Counter = Counter()
    _linear(lhs, 1, acc, group)
    _linear(rhs, -1, acc, group)
    return all(c == 0 for c in acc.values())


def run_abel(g: Goal, rest: str) -> Outcome:
    if rest.strip():
        raise TacticFail(f"unexpected token '{rest.split()[0]}'; expected command")
    t = g.target
    if isinstance(t, PRel) and t.op == "=" and abel_equal(t.lhs, t.rhs, t.ty):
        return Outcome([])
    msg = "abel1 failed to prove the goal (minilean does not model the abel_nf fallback)"
    raise TacticFail(msg + "\n" + g.render())
