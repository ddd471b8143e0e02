"""`trans e` (Mathlib `Mathlib/Tactic/Relation/Trans.lean`).

What Lean does: the target is decomposed as `rel x z`; `e` is elaborated at the type of `x` (the
homogeneous case is tried first), and the goal is closed by a transitivity lemma for `rel`
(`@[trans]` lemmas, then `Trans.simple`) applied to two NEW goals `rel x e` and `e rel z`, in that order,
followed by the metavariables left in `e`. Both new goals are fresh anonymous metavariables (no case tag).

Modelled here: `=`, `≤`, `<` between numbers (core's `Trans` instance for `Eq`; `le_trans` / `lt_trans`),
with an explicit middle term free of holes. Refused (weaker than Lean, never stronger): `trans` without a
term (its middle is a metavariable shared by both goals, which minilean's separate goals cannot hold),
`_` / `?_` in the term, `≥` / `>` / `≠` / `∣` / `↔` targets (which lemma Mathlib picks for `≥` and `>`
was not settled; `≠` is not transitive and Lean fails there too).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from minilean.goals import Goal
from minilean.syntax import PRel, SyntaxErr, to_expr

_HOLE = re.compile(r"(?<![\w.'₀-₉])\?_|(?<![\w.'₀-₉])_(?![\w'₀-₉])")
_MODELLED = ("=", "≤", "<")


class TransFail(Exception):
    """The tactic fails (the caller turns it into a tactic failure)."""


def run_trans(g: Goal, rest: str, parse: Callable[[str], tuple]) -> list[Goal]:
    """The two goals `x R e` and `e R z` of `trans e` on `x R z`."""
    text = rest.strip()
    t = g.target
    if not isinstance(t, PRel):
        raise TransFail(f"transitivity lemmas only apply to binary relations, not\n  {g.render()}")
    if t.op not in _MODELLED:
        raise TransFail(f"minilean: `trans` on a `{t.op}` goal is not modelled (only =, ≤, <)")
    if not text:
        raise TransFail("minilean: `trans` without a middle term is not modelled (write `trans e`)")
    if _HOLE.search(text):
        raise TransFail("minilean: holes in the middle term of `trans` are not modelled")
    try:
        mid = to_expr(parse(text), g.sorts(), t.ty)
    except SyntaxErr as e:
        raise TransFail(str(e)) from None
    first, second = PRel(t.op, t.lhs, mid, t.ty), PRel(t.op, mid, t.rhs, t.ty)
    return [Goal(g.hyps, first, None), Goal(g.hyps, second, None)]


__all__ = ["TransFail", "run_trans"]
