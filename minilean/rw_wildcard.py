"""`rw [r₁, r₂] at *`: Lean core's `withLocation` with the wildcard location.

Read in Lean core (`Lean/Elab/Tactic/Location.lean`, `Rewrite.lean`): `rewrite` runs, for each rule in
order, `withLocation *`, which tries the rule at the target first, then at every local declaration in
reverse context order, each attempt wrapped in `tryTactic` (a failing location is skipped), and fails
with "did not find instance of the pattern in the current goal" only when no location was rewritten.
`rewriteTarget`/`rewriteLocalDecl` each call `replaceMainGoal (main :: sideGoals)`, so the side goals of
a later rewrite come before those of an earlier one. The `rw` macro then tries `with_reducible rfl` on
the main goal once. (At the Seed-Prover pin the loop ran over the non-dependent propositional
hypotheses only; a variable's type has no instance of an equation between terms, so both agree here.)

Kept weaker than Lean where minilean cannot tell what happens:
- a rule that names a hypothesis of the goal is refused: Lean then also rewrites that hypothesis with
  itself (and what `replaceLocalDecl` leaves was not settled);
- only "no instance" failures are skipped; any other failure (a minilean refusal) stops the tactic, so
  a location minilean cannot handle is never silently left unrewritten.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from minilean import finset_lemmas, kmatch, rewrite
from minilean.goals import Goal, Hyp, TacticFail
from minilean.outcome import Outcome
from minilean.syntax import Prop

_WILDCARD = re.compile(r"^\[(.*)\]\s*at\s+\*\s*$", re.S)
_IDENT = re.compile(r"[^\s\[\](),:←⟨⟩.]+")
_NO_INSTANCE = "tactic 'rewrite' failed, did not find instance"


def wildcard_items(rest: str) -> str | None:
    """The rule list of `rw [...] at *`, or None for any other location."""
    m = _WILDCARD.match(rest.strip())
    return m.group(1) if m else None


def _rewrite_one(
    elab: Callable[[Goal], Any], g: Goal, cur: Prop, item: str, sorts: dict
) -> tuple[Prop, list[Prop]] | None:
    """`cur` rewritten by one rule, or None when the rule has no instance there (tryTactic skips it)."""
    try:
        fin = finset_lemmas.rewrite_item(cur, item, sorts, g.lookup("Finset") is not None, elab(g))
        if fin is not None:
            return fin
        rules = rewrite.rules_for(elab(g), g, item)
        out, hits, prem = rewrite.rewrite_with(cur, rules, sorts)
    except TacticFail as e:
        if str(e).startswith(_NO_INSTANCE):
            return None
        raise
    return (out, prem) if hits else None


def rw_at_wildcard(elab: Callable[[Goal], Any], g: Goal, items: list[str]) -> Outcome:
    for item in items:
        for tok in _IDENT.findall(item):
            h = g.lookup(tok)
            if h is not None and not h.is_var:
                raise TacticFail(
                    f"minilean: `rw [...] at *` with a rule that names the hypothesis '{tok}' is not "
                    "supported (Lean also rewrites that hypothesis with itself)"
                )
    sorts = kmatch.rw_sorts(g)
    side: list[Prop] = []
    for item in items:
        worked = False
        new_side: list[Prop] = []
        r = _rewrite_one(elab, g, g.target, item, sorts)
        if r is not None:
            worked = True
            g = Goal(g.hyps, r[0], g.tag)
            new_side = r[1] + new_side
        for h in reversed(g.hyps):
            if h.is_var:
                continue
            r = _rewrite_one(elab, g, h.ty, item, sorts)  # type: ignore[arg-type]
            if r is None:
                continue
            worked = True
            g = Goal(tuple(Hyp(k.name, r[0], k.accessible) if k is h else k for k in g.hyps), g.target, g.tag)
            new_side = r[1] + new_side
        if not worked:
            raise TacticFail(
                "tactic 'rewrite' failed, did not find instance of the pattern in the current goal\n"
                + g.render()
            )
        side = new_side + side
    extra = [Goal(g.hyps, q, None) for q in side]
    if rewrite.closes_by_rfl(g.target, sorts):
        return Outcome(extra)
    return Outcome([g, *extra])


__all__ = ["rw_at_wildcard", "wildcard_items"]
