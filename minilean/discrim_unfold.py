"""`unfold discrim [at h₁ … ⊢]` (discrim.py holds the definition; this tactic rewrites with its equation
lemma, so it sits above rewrite.py, which itself reads `rw [discrim]` through discrim.py)."""

from __future__ import annotations

from minilean.discrim import MAX_UNFOLDS, NAME, equation, types
from minilean.goals import Goal, Hyp, TacticFail, goal_sorts_all
from minilean.rewrite import Rule, rewrite_with


def unfold_tactic(g: Goal, rest: str) -> Goal:
    """`unfold discrim [at h₁ … ⊢]`: rewrite with the equation lemma until no instance is left (an error
    where a location has none, as Lean's `unfold` reports)."""
    words = rest.split()
    names, locs = words, ["⊢"]
    if "at" in words:
        names, locs = words[: words.index("at")], words[words.index("at") + 1 :]
    if names != [NAME] or not locs:
        raise TacticFail("minilean: `unfold` supports Nat.ModEq, Int.ModEq or discrim alone")
    rules = [Rule(lhs, rhs, ty, []) for ty in types() for lhs, rhs in [equation(ty)]]
    sorts = goal_sorts_all(g)
    hyps, target = list(g.hyps), g.target

    def unfold_all(p):  # type: ignore[no-untyped-def]
        total = 0
        for _ in range(MAX_UNFOLDS):
            p, n, _ = rewrite_with(p, rules, sorts)
            if n == 0:
                return p, total
            total += n
        raise TacticFail("minilean: unfold discrim: too many instances")

    for loc in locs:
        if loc == "⊢":
            target, n = unfold_all(target)
            if n == 0:
                raise TacticFail("unfold failed to unfold 'discrim' at\n  the goal")
            continue
        h = g.lookup(loc)
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{loc}'")
        new, n = unfold_all(h.ty)
        if n == 0:
            raise TacticFail(f"unfold failed to unfold 'discrim' at\n  {loc}")
        hyps = [Hyp(x.name, new, x.accessible, x.value) if x is h else x for x in hyps]
    return Goal(tuple(hyps), target, g.tag)


__all__ = ["unfold_tactic"]
