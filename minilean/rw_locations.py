"""`rw [r₁, r₂] at h₁ h₂ ⊢`: rewriting at several locations, as Lean's `rw` macro does it.

`rw rules at loc` is `rewrite rules at loc; with_reducible rfl`, and `rewrite` runs, for each rule in
order, `withLocation loc`: the rule is elaborated afresh and rewrites each listed hypothesis in turn,
then the target if `⊢` is listed; a location without an instance is an error. The `rfl` attempt on
the main goal comes once, after every rewrite (so a goal that `rfl` would close does not excuse a
later failing rewrite). Side conditions of conditional rules become goals after the main one. Each
single rewrite is the one `rw … at h` uses (rewrite.rules_for / rewrite.rewrite_with).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from minilean import rewrite
from minilean.goals import Goal, Hyp, TacticFail, goal_sorts_all
from minilean.outcome import Outcome
from minilean.syntax import Prop, show_expr, show_prop


def rw_at_locations(
    elab: Callable[[Goal], Any], g: Goal, items: list[str], hyps: list[str], target: bool
) -> Outcome:
    sorts = goal_sorts_all(g)
    side: list[Prop] = []
    for item in items:
        for where in [*hyps, *(["⊢"] if target else [])]:
            h = None if where == "⊢" else g.lookup(where)
            if where != "⊢" and (h is None or h.is_var):
                raise TacticFail(f"unknown hypothesis '{where}'")
            rules = rewrite.rules_for(elab(g), g, item)
            cur: Prop = g.target if h is None else h.ty  # type: ignore[assignment]
            cur, hits, prem = rewrite.rewrite_with(cur, rules, sorts)
            if not hits:
                shown = show_expr(rules[0].lhs) if rules[0].ty else show_prop(rules[0].lhs)  # type: ignore[arg-type]
                raise TacticFail(
                    "tactic 'rewrite' failed, did not find instance of the pattern in the target "
                    f"expression\n  {shown}\n{g.render()}"
                )
            side += prem
            if h is None:
                g = Goal(g.hyps, cur, g.tag)
            else:
                g = Goal(tuple(Hyp(k.name, cur) if k is h else k for k in g.hyps), g.target, g.tag)
    extra = [Goal(g.hyps, q, None) for q in side]
    if rewrite.closes_by_rfl(g.target, sorts):
        return Outcome(extra)
    return Outcome([g, *extra])


__all__ = ["rw_at_locations"]
