"""The automation baseline of an eval set: the share of its theorems that one automation tactic closes
at the root, tried alone (norm_num, linarith, nlinarith, omega, decide, positivity; the same list as
``python -m minilean.coverage --baseline``).

A learning curve draws it next to SFT and uniform-random: a policy that only learned which decision
procedure to call sits at this line, so a curve above it shows multi-step proving. Computed with
minilean's engine in this process (about a second for 200 theorems), so it means something only when
the eval itself ran on minilean; with external Lean servers the curve leaves the line out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evals.spread import Interval, bootstrap_rate


def closed_by_automation(statement: str, timeout_ms: int = 2000) -> bool:
    """Whether one automation tactic alone closes ``statement`` at the root (False if not statable)."""
    from minilean.baseline import TACTICS, root_state
    from minilean.engine import TacticError, apply_tactic

    try:
        state = root_state(statement)
    except (ValueError, TacticError):
        return False
    for tactic in TACTICS:
        try:
            if apply_tactic(state, tactic, timeout_ms=timeout_ms) == []:
                return True
        except TacticError:
            continue
    return False


def automation_rates(statements: Sequence[dict[str, Any]], seed: int = 0) -> dict[str, Interval]:
    """{dataset: share of its statements closed by one automation tactic (95 % bootstrap)}."""
    closed: dict[str, list[bool]] = {}
    for row in statements:
        closed.setdefault(str(row["dataset"]), []).append(closed_by_automation(str(row["statement"])))
    return {ds: bootstrap_rate(flags, seed=seed) for ds, flags in closed.items() if flags}
