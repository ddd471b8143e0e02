"""`apply e` elaborates `e`'s explicit arguments before unifying its conclusion with the goal.

Lean's `apply` runs `elabTermForApply e` first: an argument such as `h : 1 ≤ a` in
`apply Nat.mul_le_mul_left 11 h` fixes the lemma's implicit `m n` before the conclusion
`11 * 1 ≤ 11 * a` is compared with the goal (`11 * a ≥ 11`, equal up to `≥` and ℕ literal
arithmetic). Tactic blocks (`by …`) and holes are only elaborated after the unification with the
goal (`synthesizeSyntheticMVarsNoPostponing` runs after the `apply`), so a term with any of those
keeps the old order: conclusion first, arguments afterwards.
"""

from __future__ import annotations

from minilean.goals import Hyp, TacticFail
from minilean.let_values import _usable, unfold_let
from minilean.syntax import Prop, SyntaxErr, prop_vars
from minilean.terms import Elaborator, _Pending

# argument nodes that elaborate to a proof on their own (a hypothesis, a lemma application, a projection)
_PLAIN = ("id", "app", "proj")


_LATE = ("by", "hole", "wild", "sorry")


def _has_late(node: object) -> bool:
    """Whether a tactic block, a hole, `_` or `sorry` occurs anywhere in the term."""
    if isinstance(node, tuple):
        if node and isinstance(node[0], str) and node[0] in _LATE:
            return True
        return any(_has_late(x) for x in node[1:])
    if isinstance(node, list):
        return any(_has_late(x) for x in node)
    return False


def _plain(arg: object) -> bool:
    if not isinstance(arg, tuple):  # a `_Typed` field-notation receiver: already elaborated
        return True
    return arg[0] in _PLAIN and not _has_late(arg)


def arguments_first(el: Elaborator, st: _Pending) -> _Pending:
    """`st` with its postponed explicit arguments elaborated (their metavariables fixed), where all of
    them are plain terms and elaborating them succeeds without the goal; `st` unchanged otherwise."""
    if not st.pending or not all(_plain(arg) for arg, _ in st.pending):
        return st
    n_holes, n_sorries = len(el.holes), len(el.sorries)
    trial = _Pending(st.pattern_result, st.premise_names, dict(st.subst), list(st.pending), st.metas, st.head)
    try:
        el.finish_app(trial)
    except TacticFail:
        del el.holes[n_holes:]
        del el.sorries[n_sorries:]
        return st
    return trial


def let_unfoldings(target: Prop, hyps: tuple[Hyp, ...]) -> list[Prop]:
    """The goal with one let-bound variable replaced by its value, for each such variable it mentions.
    `apply`'s isDefEq runs at default transparency, where a let variable unfolds to its value when
    unification needs it (`0 < ?a / ?b =?= 0 < x` with `x := (b + c - a) / 2`). minilean unfolds
    every occurrence of that one variable (Lean unfolds only where needed); tried only after the goal
    as written failed to unify."""
    out: list[Prop] = []
    for i, h in enumerate(hyps):
        if h.value is None or h.name not in prop_vars(target) or not _usable(hyps, i):
            continue
        try:
            out.append(unfold_let(target, h))
        except SyntaxErr:
            continue
    return out
