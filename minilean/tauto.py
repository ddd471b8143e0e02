"""Mathlib's `tauto`, on its propositional core.

Mathlib's `tauto` (Mathlib/Tactic/Tauto.lean) works classically: it replaces hypotheses by
de Morgan-like forms (`¬(a ∧ b)`, `a → b` ↦ `¬a ∨ b`, `a ↔ b`, `¬¬a`, …), destructs `∧ ∨ ↔ ∃ False`,
introduces, splits `∧ ↔ True` goals, turns an `a ∨ b` goal into `¬a → b`, and closes each branch
with `contradiction`/`assumption`, then `rfl` and `solve_by_elim`. On propositional structure over
atoms this decides classical validity: every branch ends with literals only, closed by an
assumption or a pair `p`, `¬p`.

minilean abstracts every proposition that is not `∧ ∨ → ↔ ¬ True False` into an atom compared
syntactically (Lean's `assumption` compares up to defeq, so minilean is weaker there), with one
extra fact Lean has: `t = t` is true (`rfl`, and `contradiction` on `h : t ≠ t`). No arithmetic,
no quantifier instantiation (Lean's `solve_by_elim` can use a `∀` hypothesis; minilean does not),
`∃` is an atom, except on the narrow path of tauto_exists.py (an `∃` goal whose witness a destructed `∃`
hypothesis supplies). The goal closes iff it is a classical consequence of the hypotheses under that
abstraction; otherwise `tauto` fails (it is a finishing tactic).
"""

from __future__ import annotations

from itertools import product

from minilean.goals import Goal, TacticFail
from minilean.syntax import FALSE, TRUE, PBin, PConst, PNot, PRel, Prop
from minilean.tauto_exists import exists_closes

MAX_ATOMS = 14  # 2^14 rows; beyond that minilean refuses rather than guess Lean's search behaviour


def _norm(p: Prop) -> Prop:
    """`a ≠ b` is `¬(a = b)` (Ne unfolds); `t = t` is True."""
    if isinstance(p, PRel):
        if p.op == "≠":
            return PNot(_norm(PRel("=", p.lhs, p.rhs, p.ty)))
        if p.op == "=" and p.lhs == p.rhs:
            return TRUE
        return p
    if isinstance(p, PNot):
        return PNot(_norm(p.arg))
    if isinstance(p, PBin) and p.op in ("∧", "∨", "→", "↔"):
        return PBin(p.op, _norm(p.lhs), _norm(p.rhs))
    return p


def _atoms(p: Prop, out: list[Prop]) -> None:
    if isinstance(p, PConst):
        return
    if isinstance(p, PNot):
        _atoms(p.arg, out)
        return
    if isinstance(p, PBin) and p.op in ("∧", "∨", "→", "↔"):
        _atoms(p.lhs, out)
        _atoms(p.rhs, out)
        return
    if p not in out:
        out.append(p)


def _eval(p: Prop, val: dict[Prop, bool]) -> bool:
    if isinstance(p, PConst):
        return p.value
    if isinstance(p, PNot):
        return not _eval(p.arg, val)
    if isinstance(p, PBin) and p.op in ("∧", "∨", "→", "↔"):
        a, b = _eval(p.lhs, val), _eval(p.rhs, val)
        if p.op == "∧":
            return a and b
        if p.op == "∨":
            return a or b
        if p.op == "→":
            return (not a) or b
        return a == b
    return val[p]


def tauto_closes(g: Goal) -> bool:
    """Whether the goal is a classical propositional consequence of the hypotheses (atoms opaque)."""
    hyps = [_norm(h.ty) for h in g.hyps if not h.is_var]  # type: ignore[arg-type]
    goal = _norm(g.target)
    atoms: list[Prop] = []
    for p in [*hyps, goal]:
        _atoms(p, atoms)
    if len(atoms) > MAX_ATOMS:
        raise TacticFail(f"minilean: tauto with more than {MAX_ATOMS} atoms is not modelled")
    for row in product((False, True), repeat=len(atoms)):
        val = dict(zip(atoms, row, strict=True))
        if all(_eval(h, val) for h in hyps) and not _eval(goal, val):
            return False
    return True


def run_tauto(g: Goal, rest: str) -> list[Goal]:
    if rest.strip():
        raise TacticFail("minilean: `tauto` takes no arguments here (`tauto (config := …)` not modelled)")
    if not tauto_closes(g) and not exists_closes(g):  # the `∃`-goal path: tauto_exists.py
        raise TacticFail(f"tauto failed to solve some goals.\n{g.render()}")
    return []


__all__ = ["FALSE", "run_tauto", "tauto_closes"]
