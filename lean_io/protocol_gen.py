"""LeanTree protocol generations (docs/PROTOCOL.md §1 and §4).

``current`` (LeanTree v-Apr): server-tracked branches ``/process/{pid}/branch/{bid}/try_apply_tactic``,
goals split into independent branches, ``is_valid_source``, a rich ``/status`` (``total_processes``,
``total_branches``, CPU/RAM, ...).

``legacy`` (older forks still in use, e.g. one carrying a Lean 4.25 REPL): raw REPL proof
states ``/process/{pid}/proof/{id}/try_apply_tactic`` that always answer ONE element holding every
remaining goal (solved = that element has no goals), ``proof_from_sorry`` answering ``proof_state_id``,
``/process/get`` without a timeout, no ``is_valid_source``, a ``/status`` with only process counts, and
most server-side exceptions as HTTP 500.

The client tells them apart from ``/status`` at connect (only the older one lacks CPU/RAM and totals)
and then either drives the legacy server through this adapter or refuses it in one line. Driving it:
- a legacy ``try_apply_tactic`` answer becomes ``[]`` when solved, else the one multi-goal branch;
- whole-proof verification (``is_valid_source`` is missing) replays the source through ``/command``,
  which runs it in the lease env and answers HTTP 500 when Lean reports an error-severity message (the
  same acceptance rule as ``is_valid_source``: warnings, including ``sorry``, do not invalidate);
- an HTTP 500 answer to ``try_apply_tactic`` is the tactic's failure (a business error), since that
  generation reports tactic exceptions that way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CURRENT = "current"
LEGACY = "legacy"
GENERATIONS = (CURRENT, LEGACY)

# What a refusal says: the observable differences, in one line.
LEGACY_DIFFERENCES = ("/process/{pid}/proof/{id}/try_apply_tactic instead of /branch/{bid}/, "
                      "no is_valid_source, /status with only process counts, errors as HTTP 500")


def detect_generation(status: dict[str, Any]) -> str:
    """The generation a server speaks, from its ``GET /status`` answer: ``legacy`` for exactly the older
    shape (process counts, no ``total_processes``/``total_branches``/CPU/RAM), else ``current`` (the
    protocol document's; a server that is neither fails on its first real call, as before)."""
    current_markers = ("total_processes", "total_branches", "cpu_percent_per_core", "ram")
    if any(k in status for k in current_markers):
        return CURRENT
    if all(k in status for k in ("available_processes", "used_processes", "max_processes")):
        return LEGACY
    return CURRENT


def refusal(url: str, generation: str, accepted: tuple[str, ...]) -> str:
    if generation == LEGACY:
        return (f"{url} speaks the older LeanTree protocol ({LEGACY_DIFFERENCES}); "
                f"this client accepts only {', '.join(accepted)}")
    return f"{url} speaks the {generation} LeanTree protocol; this client accepts only {', '.join(accepted)}"


@dataclass(frozen=True)
class Adapter:
    """Per-generation request shapes; the client's endpoint methods ask it instead of branching inline."""

    generation: str

    @property
    def has_is_valid_source(self) -> bool:
        return self.generation == CURRENT

    def get_body(self, blocking: bool, timeout: float) -> dict[str, Any]:
        if self.generation == CURRENT:
            return {"blocking": blocking, "timeout": timeout}
        return {"blocking": blocking}

    def branch_path(self, branch_id: int, action: str) -> str:
        kind = "branch" if self.generation == CURRENT else "proof"
        return f"{kind}/{branch_id}/{action}"

    def branch_json(self, value: Any) -> Any:
        """A branch JSON in the current shape (``branch_id``), from either generation's answer."""
        if self.generation == LEGACY and isinstance(value, dict) and "proof_state_id" in value:
            return {"branch_id": value["proof_state_id"], "goals": value.get("goals")}
        return value

    def tactic_result(self, value: list[Any]) -> list[Any]:
        """The branches a ``try_apply_tactic`` answer stands for (``[]`` = solved)."""
        branches = [self.branch_json(v) for v in value]
        if self.generation == LEGACY:
            # one element holding every remaining goal; an element without goals is a closed proof
            branches = [b for b in branches if not (isinstance(b, dict) and b.get("goals") == [])]
        return branches


ADAPTERS = {g: Adapter(g) for g in GENERATIONS}
