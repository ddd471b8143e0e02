"""`congr n` (a numeral depth): Lean core's `MVarId.congrN`.

Each step applies the congruence lemma of the left side's head function (`MVarId.congr`), giving one
equation per argument; each new goal is closed when `Eq.refl` (default transparency) or an assumption
proves it, else it is kept, and at depth `n` the splitting stops. Lean's versions differ in where they
try closing (older cores: after each step, `congrPost`; newer: before each step too, and at the leaves),
so minilean models only the cases where they agree and refuses the rest:

- the first step must split (both sides share their head), else `congr failed to apply congruence`;
- a goal that would be split further but is closed only by unfolding (defeq, not syntactically equal)
  is refused, since whether it is closed or split depends on the version;
- a deeper goal whose sides do not share a head is kept as it is (`observing?` in `congrN.go`).
"""

from __future__ import annotations

from collections.abc import Callable

from minilean.congr_tac import arg_pairs
from minilean.goals import Goal, TacticFail
from minilean.syntax import Expr, PRel

MAX_DEPTH = 8  # deeper requests are refused (not needed by any proof seen; keeps the recursion small)


def congr_n(g: Goal, depth: int, closes: Callable[[Goal], bool]) -> list[Goal]:
    """The goals `congr depth` leaves on `g`; `closes(goal)` is minilean's `Eq.refl`-or-assumption."""
    t = g.target
    if depth < 1 or depth > MAX_DEPTH:
        raise TacticFail(f"minilean: `congr {depth}` is not supported (depths 1 to {MAX_DEPTH})")
    if not (isinstance(t, PRel) and t.op == "="):
        raise TacticFail(f"congr failed to apply congruence\n{g.render()}")
    sorts = g.sorts()
    pairs = arg_pairs(t.lhs, t.rhs, t.ty, sorts)
    if pairs is None:
        raise TacticFail(f"congr failed to apply congruence\n{g.render()}")
    out: list[Goal] = []
    for a, b, ty in pairs:
        _go(g, a, b, ty, depth - 1, closes, sorts, out)
    return out


def _go(
    g: Goal, a: Expr, b: Expr, ty: str, depth: int, closes: Callable[[Goal], bool],
    sorts: dict[str, str], out: list[Goal],
) -> None:
    if a == b:
        return  # Eq.refl, in every version
    sub = Goal(g.hyps, PRel("=", a, b, ty), g.tag)
    closed = closes(sub)
    pairs = arg_pairs(a, b, ty, sorts) if depth > 0 else None
    if pairs is None:
        if not closed:
            out.append(sub)
        return
    if closed:
        raise TacticFail("minilean: `congr n` on a goal closed only up to unfolding is not modelled")
    for x, y, t in pairs:
        _go(g, x, y, t, depth - 1, closes, sorts, out)


__all__ = ["MAX_DEPTH", "congr_n"]
