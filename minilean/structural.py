"""`revert` and structural induction on ℕ, as Lean 4 states their goals.

`revert x h` moves the named hypotheses (and every hypothesis mentioning a reverted variable) back into
the goal, in context order: variables as `∀`, proofs as premises. `induction n` on a natural number
variable generalizes the hypotheses that mention `n` (as Lean's tactic does), and gives the goals
`zero` (`n := 0`) and `succ` (a new `n✝ : ℕ`, the induction hypothesis `ih✝` over the generalized
premises, and the goal at `n✝ + 1`, Lean's `induction_eliminator` presentation).
"""

from __future__ import annotations

from minilean.goals import Goal, Hyp, TacticFail
from minilean.syntax import (
    NAT,
    NUMERIC,
    EBin,
    ENum,
    EVar,
    PBin,
    PQuant,
    Prop,
    SyntaxErr,
    prop_vars,
    subst_prop,
)


def _find(g: Goal, name: str) -> int | None:
    found = [i for i, h in enumerate(g.hyps) if h.accessible and h.name == name]
    return found[-1] if found else None


def _mentions(h: Hyp, names: set[str]) -> bool:
    return not h.is_var and bool(prop_vars(h.ty) & names)  # type: ignore[arg-type]


def revert(g: Goal, names: list[str]) -> Goal:
    if not names:
        raise TacticFail("unexpected end of input; expected term")
    chosen: set[int] = set()
    for nm in names:
        idx = _find(g, nm)
        if idx is None:
            raise TacticFail(f"unknown identifier '{nm}'")
        chosen.add(idx)
    # a reverted variable takes every later hypothesis that mentions it along
    changed = True
    while changed:
        changed = False
        vars_ = {g.hyps[i].name for i in chosen if g.hyps[i].is_var}
        for i, h in enumerate(g.hyps):
            if i not in chosen and _mentions(h, vars_) and any(j < i for j in chosen if g.hyps[j].is_var):
                chosen.add(i)
                changed = True
    target: Prop = g.target
    for i in sorted(chosen, reverse=True):
        h = g.hyps[i]
        if h.is_var:
            if h.ty not in NUMERIC:
                raise TacticFail(f"minilean: cannot revert the variable '{h.name}' of sort {h.ty}")
            target = PQuant("∀", h.name, h.ty, target)  # type: ignore[arg-type]
        else:
            target = PBin("→", h.ty, target)  # type: ignore[arg-type]
    return Goal(tuple(h for i, h in enumerate(g.hyps) if i not in chosen), target, g.tag)


def induction(g: Goal, name: str) -> list[Goal]:
    idx = _find(g, name)
    if idx is None:
        raise TacticFail(f"unknown identifier '{name}'")
    var = g.hyps[idx]
    if not var.is_var:
        raise TacticFail(f"minilean: induction expects a variable, '{name}' is a proof")
    if var.ty != NAT:
        raise TacticFail(f"minilean: induction is supported on ℕ variables only ('{name}' : {var.ty})")
    if any(h is not var and h.is_var and h.name == name for h in g.hyps):  # names must stay unambiguous
        raise TacticFail(f"minilean: another variable is also called '{name}'; rename it first")
    deps = [h for h in g.hyps if _mentions(h, {name})]
    kept = tuple(h for h in g.hyps if h is not var and not any(h is d for d in deps))
    motive: Prop = g.target
    for d in reversed(deps):
        motive = PBin("→", d.ty, motive)  # type: ignore[arg-type]

    def at(value: EVar | ENum | EBin) -> tuple[tuple[Hyp, ...], Prop]:
        try:
            hyps = tuple(
                Hyp(d.name, subst_prop(d.ty, name, value), d.accessible)  # type: ignore[arg-type]
                for d in deps
            )
            return hyps, subst_prop(g.target, name, value)
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None

    zero_hyps, zero_target = at(ENum(0))
    succ_hyps, succ_target = at(EBin("+", EVar(name), ENum(1)))

    def tag(t: str) -> str:
        return f"{g.tag}.{t}" if g.tag else t

    new_var, ih = Hyp(name, NAT, accessible=False), Hyp("ih", motive, accessible=False)
    succ_ctx = (*kept, new_var, ih, *succ_hyps)
    return [Goal((*kept, *zero_hyps), zero_target, tag("zero")), Goal(succ_ctx, succ_target, tag("succ"))]


def cases_nat(g: Goal, name: str) -> list[Goal]:
    """`cases n` on a ℕ variable: the goals of `induction n` without the induction hypothesis
    (hypotheses mentioning `n` are still reverted and reintroduced with `0` / `n✝ + 1`)."""
    zero, succ = induction(g, name)
    hyps = tuple(h for h in succ.hyps if not (not h.accessible and not h.is_var and h.name == "ih"))
    return [zero, Goal(hyps, succ.target, succ.tag)]


__all__ = ["cases_nat", "induction", "revert"]
