"""`interval_cases x using hl, hu`: Mathlib takes the bounds on `x` from exactly the named hypotheses
(instead of searching the whole context)."""

from __future__ import annotations

import re

from minilean.goals import Goal, Hyp, TacticFail

_USING = re.compile(r"^(.*?)\s+using\s+(.+)$", re.S)


def split_using_bounds(g: Goal, rest: str) -> tuple[str, tuple[Hyp, ...] | None]:
    """(`rest` without its `using` clause, the named hypotheses), or (rest, None) when there is none."""
    m = _USING.match(rest.strip())
    if m is None:
        return rest, None
    names = [n.strip() for n in m.group(2).split(",")]
    if len(names) != 2 or not all(names):
        raise TacticFail("interval_cases: expected `using hl, hu` (two hypotheses)")
    hyps = []
    for n in names:
        h = g.lookup(n)
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{n}'")
        hyps.append(h)
    return m.group(1), tuple(hyps)


__all__ = ["split_using_bounds"]
