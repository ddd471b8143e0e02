"""`linarith only [t₁, …]` / `nlinarith only […]`: Mathlib's `only` modifier.

Mathlib (`Tactic/Linarith/Frontend.lean`): with `only`, the atoms of the search are the listed terms
and the negation of the goal, never the local context's hypotheses. minilean runs its ordinary
linarith on a goal whose context keeps the variables (their types and let values) and holds the
listed terms' types as its only hypotheses; the terms are elaborated in the original context first.

Weaker than Lean, on purpose: a goal `a ≠ b` or `¬ P` is refused under `only` (whether the hypothesis
that linarith introduces from such a goal joins the `only` list was not settled from the source).
"""

from __future__ import annotations

import re
from typing import Any

from minilean.goals import Goal, Hyp, TacticFail
from minilean.outcome import Outcome
from minilean.syntax import PNot, PRel

_ONLY = re.compile(r"^only(?![\w'!?₀-₉])\s*(.*)$", re.S)


def is_only(rest: str) -> bool:
    return _ONLY.match(rest.strip()) is not None


def linarith_only(tac: Any, g: Goal, rest: str, products: bool) -> Outcome:
    """`tac._linarith` with only the listed terms as hypotheses (`rest` starts with `only`)."""
    m = _ONLY.match(rest.strip())
    assert m is not None
    args = m.group(1).strip()
    if args and not args.startswith("["):
        raise TacticFail("unexpected token; expected '[' after `linarith only`")
    t = g.target
    if isinstance(t, PNot) or (isinstance(t, PRel) and t.op == "≠"):
        raise TacticFail("minilean: `linarith only` on a `≠` / `¬` goal is not supported")
    props = [tac._hint_prop(g, h) for h in tac._hint_list(args)]  # elaborated in the full context
    taken = {h.name for h in g.hyps}
    listed: list[Hyp] = []
    for i, p in enumerate(props):
        name = f"h_only{i}"
        while name in taken:
            name += "'"
        listed.append(Hyp(name, p, accessible=False))  # inaccessible: no source text can name these
    kept = tuple(h for h in g.hyps if h.is_var)
    return tac._linarith(Goal((*kept, *listed), t, g.tag), "", products)


__all__ = ["is_only", "linarith_only"]
