"""Mathlib's `fin_cases h` for `h : x ∈ Finset.range n` (ℕ, `n` a numeral, `x` a variable).

Mathlib (Tactic/FinCases.lean): on `h : x ∈ (A : Finset α)` it calls `cases h` again and again
(`unfoldCases`): membership reduces to `List.Mem x [a₀, a₁, …]`, each `cases` gives a `head` goal (x
replaced by the element, everywhere, and cleared) and a `tail` goal it recurses on, so the k-th case is
tagged `tail.….tail.head` (k times `tail`) under the goal's tag and `x ∈ []` leaves no goal.

Modelled: `Finset.range n` only, whose elements are `0, …, n - 1` (definitionally the numerals; which
spelling Lean shows after unfolding `List.range` was not settled, minilean writes the numeral). Refused
(weaker than Mathlib, never stronger): the finite intervals `Finset.Icc …` (their element terms come out
of `List.range'`/`Finset.map` unfoldings whose form was not checked), several hypotheses, a variable of a
`Fintype` (`Fin n`), a member that is not a variable (Lean's `cases` then needs to solve an index
equation), a symbolic bound (Lean's `cases` fails: `List.range.loop n []` does not reduce), and goals with
`let` values (their values are not substituted here).
"""

from __future__ import annotations

import re

from minilean.goals import Goal, Hyp, TacticFail
from minilean.syntax import NAT, ENum, EVar, PMem, SyntaxErr, subst_prop

MAX_CASES = 100  # a bigger range is refused (weaker): every case is a goal


def _tag(parent: str | None, k: int) -> str:
    comp = "tail." * k + "head"
    return f"{parent}.{comp}" if parent else comp


def fin_cases(g: Goal, rest: str) -> list[Goal]:
    name = rest.strip()
    if not re.fullmatch(r"[^\s,*()]+", name):
        raise TacticFail("minilean: `fin_cases` is supported on one hypothesis `h : x ∈ Finset.range n`")
    h = g.lookup(name)
    if h is None:
        raise TacticFail(f"unknown identifier '{name}'")
    if h.is_var:
        raise TacticFail("minilean: `fin_cases` on a variable of a Fintype (Fin n, …) is not modelled")
    ty = h.ty
    if not (isinstance(ty, PMem) and ty.kind == "range" and ty.ty == NAT):
        raise TacticFail("minilean: `fin_cases` is supported on `h : x ∈ Finset.range n` only")
    if not isinstance(ty.hi, ENum):
        raise TacticFail("minilean: `fin_cases` needs a numeral bound (Finset.range n)")
    if not isinstance(ty.elem, EVar):
        raise TacticFail("minilean: `fin_cases` needs a variable as the member (x ∈ Finset.range n)")
    x = ty.elem.name
    var = g.lookup(x)
    if var is None or not var.is_var or var.ty != NAT:
        raise TacticFail(f"minilean: `fin_cases` needs a ℕ variable, got '{x}'")
    if sum(1 for k in g.hyps if k.is_var and k.name == x) != 1:
        raise TacticFail(f"minilean: another variable is also called '{x}'; rename it first")
    if any(k.value is not None for k in g.hyps):
        raise TacticFail("minilean: `fin_cases` with let-bound values in the context is not modelled")
    if ty.hi.n > MAX_CASES:
        raise TacticFail(f"minilean: `fin_cases` supports at most {MAX_CASES} cases")
    goals: list[Goal] = []
    for v in range(ty.hi.n):
        val = ENum(v)
        try:
            hyps = tuple(
                k if k.is_var else Hyp(k.name, subst_prop(k.ty, x, val), k.accessible)  # type: ignore[arg-type]
                for k in g.hyps
                if k is not h and k is not var
            )
            target = subst_prop(g.target, x, val)
        except SyntaxErr as err:
            raise TacticFail(str(err)) from None
        goals.append(Goal(hyps, target, _tag(g.tag, v)))
    return goals


__all__ = ["fin_cases"]
