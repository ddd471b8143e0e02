"""`rw [r₁, r₂]`, `rw [r] at h`, `rw [r₁, r₂] at h₁ h₂ ⊢`: every `rw`, as Lean's `rw` macro does it.

`rw rules at loc` is `rewrite rules at loc; with_reducible rfl`, and `rewrite` runs, for each rule in
order, `withLocation loc`: the rule is elaborated afresh and rewrites each listed hypothesis in turn,
then the target if `⊢` is listed; a location without an instance is an error. The `rfl` attempt on
the main goal comes once, after every rewrite (so a goal that `rfl` would close does not excuse a
later failing rewrite). Side conditions of conditional rules become goals after the main one. Each
single rewrite matches as `kabstract` does (rewrite.rules_for / rewrite.rewrite_with over
kmatch.rw_sorts, which sees through let values); big-operator lemmas that take the summand as a
function go through finset_lemmas first. With no location, the target is rewritten.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from minilean import core_pow, finset_lemmas, kmatch, rewrite
from minilean.goals import Goal, Hyp, TacticFail
from minilean.outcome import Outcome
from minilean.syntax import Expr, Prop, show_expr, show_prop


def rw_at_locations(
    elab: Callable[[Goal], Any], g: Goal, items: list[str], hyps: list[str], target: bool
) -> Outcome:
    sorts = kmatch.rw_sorts(g)  # let values: kabstract's isDefEq zeta-delta-reduces them
    finset = g.lookup("Finset") is not None
    side: list[Prop] = []
    core: set[Expr] = set()  # `^` a core ℕ lemma put into the target: its `rfl` evaluates them (core_pow)
    for item in items:
        for where in [*hyps, *(["⊢"] if target else [])]:
            h = None if where == "⊢" else g.lookup(where)
            if where != "⊢" and (h is None or h.is_var):
                raise TacticFail(f"unknown hypothesis '{where}'")
            cur: Prop = g.target if h is None else h.ty  # type: ignore[assignment]
            fin = finset_lemmas.rewrite_item(cur, item, sorts, finset, elab(g))
            if fin is not None:  # big-operator lemmas with a function argument
                cur, fin_side = fin
                side += fin_side
            else:
                rules = rewrite.rules_for(elab(g), g, item)
                introduced: list[tuple[Expr, Expr, str]] = []
                cur, hits, prem = rewrite.rewrite_with(cur, rules, sorts, introduced)
                if h is None:
                    core = core_pow.track(core, introduced, core_pow.rule_name(item), sorts,
                                          rewrite.abstract_everywhere)
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
    if rewrite.closes_by_rfl(g.target, sorts, frozenset(core)):
        return Outcome(extra)
    return Outcome([g, *extra])


__all__ = ["rw_at_locations"]
