"""`all_goals` / `any_goals` / `try` followed by an indented tactic block on the next lines.

Lean parses `all_goals` + newline + indented lines as one `tacticSeq` argument: the whole block runs on
each goal in turn (`all_goals`: every run must succeed; `any_goals`: at least one), and `try` runs the block
once, restoring the goals when it fails. Joining the lines into one tactic text (what the engine does for
other multi-line tactics) would instead read them as the arguments of the first tactic."""

from __future__ import annotations

from collections.abc import Callable

from minilean.goals import Goal, TacticFail

Line = tuple[int, int, str]
RunBlock = Callable[[list[Line], list[Goal]], list[Goal]]

COMBINATORS = ("all_goals", "any_goals", "try")


def split_combinator_block(grp: list[Line]) -> tuple[str, list[Line]] | None:
    """(`all_goals` | `any_goals` | `try`, its indented block): the group's first line is the bare word."""
    word = grp[0][2].strip()
    if word not in COMBINATORS or len(grp) < 2 or any(c <= grp[0][1] for _, c, _ in grp[1:]):
        return None
    return word, grp[1:]


def run_combinator_block(
    word: str, block: list[Line], goals: list[Goal], run_block: RunBlock, errors: tuple[type[Exception], ...]
) -> list[Goal]:
    """Goals after `word` applied to the block; `errors` are what a failing block raises."""
    if word == "try":
        try:
            return run_block(block, list(goals))
        except errors:
            return list(goals)
    out: list[Goal] = []
    ok = False
    for g in goals:
        try:
            out.extend(run_block(block, [g]))
            ok = True
        except errors:
            if word == "all_goals":
                raise
            out.append(g)
    if word == "any_goals" and not ok:
        raise TacticFail("any_goals failed")
    return out
