"""Beta-redexes left by `have h := congr_arg (fun z => e) p`.

Lean's `congr_arg {α β} {a₁ a₂ : α} (f : α → β) (h : a₁ = a₂) : f a₁ = f a₂` applied to a `fun` literal
has the type `(fun z => e) a₁ = (fun z => e) a₂`: `inferType` instantiates the binders without
beta-reducing, and `have h := …` keeps that type. So a following `dsimp at h` or `simp at h` makes
progress by beta reduction alone (three public proofs, checked by Lean, do exactly that; Mathlib's
`apply_fun` beta-reduces explicitly for the same reason). minilean's `congr_arg` builds the reduced
statement directly (`congr_arg.py`); this module remembers which hypothesis objects still stand for an
unreduced type, so that the first `dsimp`/`simp` at them counts as progress. The mark lives on the
hypothesis's type object: any tactic that rewrites it builds a new object and the mark is gone, as the
redex is in Lean. Other tactics see the reduced form (a known over-approximation: Lean's `rw … at h`
would not find a pattern inside the redex)."""

from __future__ import annotations

import copy
import re

from minilean.goals import Goal, Hyp, TacticFail
from minilean.outcome import Outcome
from minilean.syntax import Prop, SyntaxErr, parse_term

# id(object) -> object: the strong reference keeps the id from being reused by another object
_PENDING: dict[int, Prop] = {}
_MAX = 100_000

_CONGR_FUN = re.compile(r"^\(?\s*(congr_arg|congrArg)\s+\(")


def _fun_literal_arg(value_text: str) -> bool:
    """`congr_arg f …` where `f` parses to a `fun` literal: `(fun z => …)` or a `·` function such as
    `((4 : ℝ) * ·)` (Lean expands it to `fun x => 4 * x` before elaborating, so the same redex remains)."""
    if not _CONGR_FUN.match(value_text.strip()):
        return False
    try:
        node = parse_term(value_text)
    except SyntaxErr:
        return False
    return node[0] == "app" and node[1][0] == "id" and bool(node[2]) and node[2][0][0] == "fun"


def mark_if_congr_fun(value_text: str, ty: Prop) -> Prop:
    """`ty` as a fresh object marked pending when `value_text` is `congr_arg (fun …) …`; else `ty`."""
    if not _fun_literal_arg(value_text):
        return ty
    if len(_PENDING) > _MAX:
        _PENDING.clear()  # forgetting marks only makes minilean weaker
    fresh = copy.copy(ty)
    _PENDING[id(fresh)] = fresh
    return fresh


def is_pending(p: object) -> bool:
    return _PENDING.get(id(p)) is p


def reduced(p: Prop) -> Prop:
    """The same statement as an unmarked object (the redex is gone)."""
    return copy.copy(p)


def dsimp_beta(g: Goal, rest: str) -> Outcome | None:
    """`dsimp at h…` / `dsimp only at h…` without arguments where every location is a pending
    hypothesis: beta reduction, then (without `only`) the rfl simp lemmas minilean knows (`ne_eq`,
    `ge_iff_le`, `gt_iff_lt`); refused where others could act (`dsimp_let._blocked`). None: not this
    form (the caller reports its usual error)."""
    from minilean.dsimp_let import _blocked, _flip_ge, _ne_to_not

    m = re.match(r"^(only\s+)?at\s+(.+)$", rest.strip(), re.S)
    if not m:
        return None
    only = m.group(1) is not None
    names = m.group(2).split()
    hyps = list(g.hyps)
    for n in names:
        i = next((i for i, h in enumerate(hyps) if h.name == n and not h.is_var and h.accessible), None)
        if i is None or not is_pending(hyps[i].ty):
            return None
        new: Prop = hyps[i].ty  # type: ignore[assignment]
        if not only:
            new = _ne_to_not(_flip_ge(new))
        why = _blocked(new, only)
        if why is not None:
            raise TacticFail(f"minilean: after beta reduction, dsimp would also rewrite {why}; not modelled")
        hyps[i] = Hyp(hyps[i].name, reduced(new), hyps[i].accessible)
    return Outcome([Goal(tuple(hyps), g.target, g.tag)])
