"""Prove one theorem on one leased Lean process: start the proof, search, verify, linearize, check."""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from lean_io.errors import LeanBusinessError
from search.config import SearchConfig
from search.mcts import SearchStats, run_mcts
from search.policy import Policy
from search.proof import (
    Rejected,
    Transition,
    construct_proof_source,
    extract_transitions,
    init_source,
    linearize,
    proof_steps,
    rejected_tactics,
    verify_proof,
    with_header,
)
from search.simplify import simplify
from search.tree import compute_value_targets, make_root, tree_size

log = logging.getLogger(__name__)

PROVEN = "proven"
UNPROVEN = "unproven"
ERROR = "error"


@dataclass
class Attempt:
    """The one outcome row of one theorem attempt."""

    dataset: str
    theorem_id: str
    outcome: str  # proven | unproven | error
    simulations: int = 0
    seconds: float = 0.0
    proof: str | None = None  # the linearized tactic script (lines joined by "\n")
    error: str | None = None  # why it is unproven/error (None when proven or simply out of budget)
    transitions: list[Transition] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    solved_at_simulation: int | None = None  # simulation that first solved the root (proven only)
    model_version: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)  # search statistics (nodes, Lean calls, ...)

    def to_row(self) -> dict[str, Any]:
        d = asdict(self)
        d["transitions"] = [t._asdict() for t in self.transitions]
        d["rejected"] = [r._asdict() for r in self.rejected]
        return d

    @classmethod
    def failed(cls, theorem: dict[str, Any], reason: str, seconds: float = 0.0,
               model_version: str | None = None) -> Attempt:
        return cls(dataset=str(theorem.get("dataset", "")), theorem_id=str(theorem.get("id", "")),
                   outcome=ERROR, seconds=seconds, error=reason, model_version=model_version)


def theorem_key(theorem: dict[str, Any]) -> str:
    """What names a theorem in the search seeds: dataset/id, or the statement text for a row without id."""
    tid = str(theorem.get("id") or "")
    if tid:
        return f"{theorem.get('dataset', '')}/{tid}"
    return str(theorem.get("header") or "") + "\n" + str(theorem.get("statement", ""))


def prove(
    theorem: dict[str, Any],
    process: Any,
    policy: Policy,
    config: SearchConfig,
    *,
    model_version: str | None = None,
) -> Attempt:
    """Search for a proof of `theorem` (a statements row: dataset, id, header, statement) on `process`
    (a leased `LeanProcess`). Lean infrastructure errors propagate (the pool retries on another slot);
    everything else ends in an Attempt."""
    t0 = time.monotonic()
    version = model_version if model_version is not None else getattr(policy, "model_version", None)
    base: dict[str, Any] = {
        "dataset": str(theorem.get("dataset", "")), "theorem_id": str(theorem["id"]), "model_version": version
    }
    try:
        root_branch = process.proof_from_sorry(init_source(theorem))
    except LeanBusinessError as exc:
        reason = f"proof init failed: {exc}"
        return Attempt(**base, outcome=ERROR, seconds=time.monotonic() - t0, error=reason)
    if root_branch.is_solved:
        return Attempt(**base, outcome=ERROR, seconds=time.monotonic() - t0, error="proof init: no goals")

    root = make_root(root_branch)
    result = run_mcts(root, policy, config, theorem_key=theorem_key(theorem))
    stats: SearchStats = result.stats
    attempt = Attempt(
        **base,
        outcome=UNPROVEN,
        simulations=stats.simulations,
        rejected=rejected_tactics(result.records),
        stats={**stats.to_dict(), **tree_size(root)},
    )
    if root.is_solved:
        _finish_solved(attempt, theorem, process, root, config, stats)
    attempt.seconds = time.monotonic() - t0
    attempt.stats["total_seconds"] = attempt.seconds
    return attempt


def _source(theorem: dict[str, Any], lines: list[str]) -> str:
    return with_header(theorem.get("header") or "", construct_proof_source(theorem["statement"], lines))


def _finish_solved(
    attempt: Attempt, theorem: dict[str, Any], process: Any, root: Any, config: SearchConfig,
    stats: SearchStats,
) -> None:
    """Verify and check a solved tree; only then does the attempt count as proven."""
    compute_value_targets(root)
    try:
        fresh = process.proof_from_sorry(init_source(theorem))
    except LeanBusinessError as exc:
        attempt.error = f"verification could not restart the proof: {exc}"
        return
    reason = verify_proof(root, fresh, timeout_ms=config.verify_timeout_ms)
    if reason is not None:
        attempt.error = f"verification failed: {reason}"
        return
    lines = linearize(root)
    attempt.stats["proof_size"] = sum(1 for _ in proof_steps(root))
    if config.simplify_budget:
        simple = simplify(root, fresh, budget=config.simplify_budget, timeout_ms=config.verify_timeout_ms)
        attempt.stats["simplify_lean_calls"] = simple.lean_calls
        if simple.root is not None:
            short = linearize(simple.root)
            if process.is_valid_source(_source(theorem, short)):  # else the unsimplified proof is checked
                attempt.stats["proof_size_unsimplified"] = simple.size_before
                attempt.stats["proof_size"] = simple.size_after
                _accept(attempt, simple.root, short, stats)
                return
    if not process.is_valid_source(_source(theorem, lines)):
        attempt.error = "linearized proof rejected by is_valid_source"
        attempt.stats["rejected_proof"] = "\n".join(lines)
        return
    _accept(attempt, root, lines, stats)


def _accept(attempt: Attempt, root: Any, lines: list[str], stats: SearchStats) -> None:
    attempt.outcome = PROVEN
    attempt.proof = "\n".join(lines)
    attempt.solved_at_simulation = stats.solved_at_simulation
    attempt.transitions = extract_transitions(root)
