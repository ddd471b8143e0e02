"""Mathlib's `tauto` on an `∃` goal whose witness a destructed `∃` hypothesis supplies.

Read in `Mathlib/Tactic/Tauto.lean`: `tautoCore` destructs `∃`/`∧` hypotheses (`casesMatching` with
`Exists _` in `casesMatcher`) but never splits an `∃` goal (`coreConstructorMatcher` has no `Exists`). The
finishing loop then runs, on every goal, `rfl <|> solve_by_elim <|> constructorMatching` with
`finishingConstructorMatcher`, which does match `Exists _`: `Exists.intro` leaves the witness as a
metavariable `?w` and the body as a goal, recursively split at `∧` (goals in order, the `?w : α` goal last,
as `MVarId.apply`'s `nonDependentFirst` orders them). Each conjunct goal is then closed by `solve_by_elim`,
whose `apply h` unifies a hypothesis with it at default transparency; the first conjunct mentioning `?w`
assigns it, and there is no backtracking across goals.

minilean models exactly that on a narrow shape and refuses (tauto fails, as before) everything else:
* after destructing `∃`/`∧`, every hypothesis is an atom or the negation of one (no `∨ → ↔ ∀`, which
  would branch or give `solve_by_elim` more to apply);
* the goal is `∃ x, C₁ ∧ … ∧ Cₖ` with atomic conjuncts, and a conjunct mentioning `x` is an order or
  divisibility relation or a predicate (an `=` could be closed by `rfl`, whose place among
  solve_by_elim's lemmas was not settled);
* the first conjunct mentioning `?w` is unified with the hypotheses (`kmatch`: ℕ offsets, `≥`/`>`
  unfolded, ℕ `<` against `≤` as `Nat.lt` unfolds); exactly one witness may result, else refused (which
  one Lean picks depends on the order solve_by_elim tries them);
* every other conjunct, with the witness in place, must be some hypothesis up to the same unification.
Weaker than Lean: no `∀` hypotheses, no nested `∃` goals, no closing by `rfl`.
"""

from __future__ import annotations

from minilean.goals import Goal, goal_sorts_all, instantiate, is_ground
from minilean.kmatch import pmatch
from minilean.nat_lt_unfold import match_nat_lt
from minilean.syntax import EMeta, EVar, PBin, PConst, PNot, PPred, PQuant, PRel, Prop, subst_prop

_META = 900_001  # the witness `?w`; no other metavariable occurs in a tauto check
_WITNESS_OPS = ("<", "≤", ">", "≥", "∣")


def _atom(p: Prop) -> bool:
    return not isinstance(p, PBin | PQuant | PNot | PConst)


def _destruct(p: Prop, taken: set[str], sorts: dict[str, str], out: list[Prop]) -> bool:
    """`casesMatching` on `∧`/`∃` (recursive); False when something is left that this model excludes."""
    if isinstance(p, PBin) and p.op == "∧":
        return _destruct(p.lhs, taken, sorts, out) and _destruct(p.rhs, taken, sorts, out)
    if isinstance(p, PQuant) and p.q == "∃":
        k = 0
        while f"{p.var}✝{k}" in taken:
            k += 1
        fresh = f"{p.var}✝{k}"  # a fresh local: no capture of a name the context already uses
        taken.add(fresh)
        sorts[fresh] = p.sort
        return _destruct(subst_prop(p.body, p.var, EVar(fresh)), taken, sorts, out)
    if _atom(p) or (isinstance(p, PNot) and _atom(p.arg)):
        out.append(p)
        return True
    return p == PConst(True)


def _conjuncts(p: Prop) -> list[Prop]:
    if isinstance(p, PBin) and p.op == "∧":
        return _conjuncts(p.lhs) + _conjuncts(p.rhs)
    return [p]


def _unify(goal: Prop, hyp: Prop, sorts: dict[str, str]) -> dict | None:
    s = pmatch(goal, hyp, {}, sorts)
    return s if s is not None else match_nat_lt(goal, hyp, {}, sorts)


def exists_closes(g: Goal) -> bool:
    """Whether Mathlib's tauto closes `g` through the `∃` path described above."""
    t = g.target
    if not (isinstance(t, PQuant) and t.q == "∃"):
        return False
    sorts = dict(goal_sorts_all(g))
    taken = set(sorts) | {h.name for h in g.hyps}
    hyps: list[Prop] = []
    for h in g.hyps:
        if not h.is_var and not _destruct(h.ty, taken, sorts, hyps):  # type: ignore[arg-type]
            return False
    goals = _conjuncts(subst_prop(t.body, t.var, EMeta(_META, t.sort)))
    if not all(_atom(c) for c in goals):
        return False
    witness = None
    for c in goals:
        if witness is not None:
            c = instantiate(c, {_META: witness})
        if not is_ground(c):
            if not ((isinstance(c, PRel) and c.op in _WITNESS_OPS) or isinstance(c, PPred)):
                return False
            found = []
            for h in hyps:
                s = _unify(c, h, sorts)
                if s is not None and _META in s and s[_META] not in found:
                    found.append(s[_META])
            if len(found) != 1:
                return False  # none, or a choice that depends on solve_by_elim's order
            witness = found[0]
            continue
        if not any(_unify(c, h, sorts) is not None for h in hyps):
            return False
    return witness is not None
