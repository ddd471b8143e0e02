"""Mathlib's `apply e at h` (`Mathlib/Tactic/ApplyAt.lean`): forward reasoning on a hypothesis.

Mathlib elaborates `@e`, opens the binders of its type as metavariables until one whose type is defeq to
`h`'s type, fills that binder with `h`, replaces `h` by the result (cleared, re-introduced last) and adds
the binders before it as new goals. minilean's hypotheses are propositions, and the binders of a lemma
that come before its first explicit premise are types, numbers and instances, which are never defeq to a
proposition; so when `e h` elaborates with `h` as the first explicit argument, Mathlib's tactic fills
the same binder and gives the same hypothesis. Where that does not hold (an earlier explicit premise
that `h` does not fit, which Lean would turn into a goal) minilean refuses: weaker, never stronger.

`e` must be a name (a lemma, `lemma.mp`, a local implication): with arguments already applied, `@(f a)`
is elaborated differently across Mathlib versions (explicit mode on an application), so it is refused."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from minilean.goals import Goal, Hyp, TacticFail, remove_hyp
from minilean.outcome import Outcome

if TYPE_CHECKING:
    from minilean.terms import Elaborator


class Runner(Protocol):
    """What `apply … at` uses of minilean.tactics.Runner (a structural type: tactics.py imports this
    module, so this one does not import it back)."""

    def _term(self, text: str) -> tuple: ...

    def _elab(self, g: Goal) -> Elaborator: ...

_AT = re.compile(r"(?P<fn>.+?)\s+at\s+(?P<h>[^\s]+)", re.S)


def split_apply_at(rest: str) -> tuple[str, str] | None:
    """(`e`, `h`) for `apply e at h`, None for a plain `apply e`."""
    m = _AT.fullmatch(rest.strip())
    return (m.group("fn"), m.group("h")) if m else None


def apply_at(r: Runner, g: Goal, fn_text: str, hname: str) -> Outcome:
    h = g.lookup(hname)
    if h is None or h.is_var:
        raise TacticFail(f"Identifier {hname} not found")
    node = r._term(fn_text)
    if node[0] != "id":
        raise TacticFail("minilean: `apply e at h` is supported only for a name `e` (no applied arguments)")
    el = r._elab(g)
    ty = el.synth(("app", node, (("id", hname),)))
    if el.holes:
        raise TacticFail("minilean: `apply … at` leaving premises open is not supported")
    # `tryClear` + `assert` + `intro1P`: the old hypothesis goes, the new one (same name) comes last
    hyps = remove_hyp(g.hyps, hname)
    return Outcome([Goal((*hyps, Hyp(hname, ty)), g.target, g.tag)])
