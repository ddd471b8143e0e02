"""Definitions that unfold to an `∃`: divisibility, `Even`, `Odd`.

Mathlib defines `a ∣ b` as `∃ c, b = a * c` (through an instance), `Even n` as `∃ r, n = r + r` and
`Odd n` as `∃ m, n = 2 * m + 1`. `rcases`/`obtain`/`cases`, anonymous constructors and `use` all reach
the `∃` by unfolding at default transparency, so all three read them the same way.
"""

from __future__ import annotations

from minilean.goals import defeq
from minilean.syntax import (
    EBin,
    ENum,
    EVar,
    Expr,
    PPred,
    PQuant,
    PRel,
    Prop,
    SyntaxErr,
    expr_vars,
    prop_vars,
    subst_prop,
)


def _fresh(base: str, *exprs: Expr) -> str:
    used: set[str] = set()
    for e in exprs:
        expr_vars(e, used)
    name, k = base, 0
    while name in used:
        k += 1
        name = f"{base}_{k}"
    return name


def dvd_exists(p: Prop) -> Prop | None:
    """`a ∣ b` as `∃ c, b = a * c`; None for anything else."""
    if isinstance(p, PRel) and p.op == "∣":
        c = _fresh("c", p.lhs, p.rhs)
        return PQuant("∃", c, p.ty, PRel("=", p.rhs, EBin("*", p.lhs, EVar(c)), p.ty))
    return None


def unfold_exists(p: Prop) -> Prop | None:
    """`∣`, `Even`, `Odd` as their `∃` (what rcases sees at default transparency); None otherwise."""
    if isinstance(p, PPred) and p.name == "Even":
        r = _fresh("r", p.arg)
        return PQuant("∃", r, p.ty, PRel("=", p.arg, EBin("+", EVar(r), EVar(r)), p.ty))
    if isinstance(p, PPred) and p.name == "Odd":
        m = _fresh("m", p.arg)
        two_m = EBin("*", ENum(2), EVar(m))
        return PQuant("∃", m, p.ty, PRel("=", p.arg, EBin("+", two_m, ENum(1)), p.ty))
    return dvd_exists(p)


def defeq_unfolding(a: Prop, b: Prop) -> bool:
    """`a` and `b` are the same proposition once `∣`/Even/Odd are unfolded (bound names do not matter)."""
    a, b = unfold_exists(a) or a, unfold_exists(b) or b
    if isinstance(a, PQuant) and isinstance(b, PQuant) and (a.q, a.sort) == (b.q, b.sort):
        if a.var != b.var:
            if a.var in prop_vars(b.body):
                return False
            try:
                body = subst_prop(b.body, b.var, EVar(a.var))
            except SyntaxErr:
                return False
            return defeq(a.body, body)
        return defeq(a.body, b.body)
    return defeq(a, b)


__all__ = ["defeq_unfolding", "dvd_exists", "unfold_exists"]
