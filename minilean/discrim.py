"""`discrim a b c` (Mathlib's `def discrim [Ring α] (a b c : α) := b ^ 2 - 4 * a * c`) unfolded on request.

A plain `def`: ring, linarith, nlinarith, positivity, norm_num and simp without the name treat
`discrim a b c` as an opaque atom (minilean: a library function with no closed evaluation and no facts
for the automation; only the z3 oracle sees its body). The tactics that name it unfold it with its
equation lemma `discrim.eq_1 : discrim a b c = b ^ 2 - 4 * a * c`:

- `rw [discrim]` (`← discrim` folds), `rw [discrim] at h`: the first instance fixes `a b c`;
- `simp [discrim]`, `simp only [discrim]`, `norm_num [discrim]`: a simp rule;
- `unfold discrim (at h …)`: every instance at the named locations.
"""

from __future__ import annotations

from minilean.goals import Goal, Hyp, TacticFail, goal_sorts_all
from minilean.libfuns import POLYMORPHIC, instance_name
from minilean.syntax import EApp, EBin, EMeta, ENum, Expr, PRel

NAME = "discrim"
_META = 71_000  # metavariable indices of the equation lemma
MAX_UNFOLDS = 64


def is_def(name: str, g: Goal) -> bool:
    """`name` is Mathlib's `discrim` (not a local of that name)."""
    return name.strip() == NAME and g.lookup(NAME) is None


def equation(ty: str) -> tuple[Expr, Expr]:
    """`discrim a b c` and `b ^ 2 - 4 * a * c` at type `ty`, with pattern variables for `a b c`."""
    a, b, c = (EMeta(_META + i, ty) for i in range(3))
    inst = instance_name(NAME, ty)
    assert inst is not None
    body = EBin("-", EBin("^", b, ENum(2)), EBin("*", EBin("*", ENum(4), a), c))
    return EApp(inst, (a, b, c)), body


def types() -> tuple[str, ...]:
    return POLYMORPHIC[NAME]


def simp_facts() -> list[PRel]:
    """The equation lemma at every type `discrim` is stated at (simp instantiates it where it matches)."""
    return [PRel("=", *equation(ty), ty) for ty in types()]


def unfold_tactic(g: Goal, rest: str) -> Goal:
    """`unfold discrim [at h₁ … ⊢]`: rewrite with the equation lemma until no instance is left (an error
    where a location has none, as Lean's `unfold` reports)."""
    from minilean.rewrite import Rule, rewrite_with

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


__all__ = ["NAME", "equation", "is_def", "simp_facts", "types", "unfold_tactic"]
