"""The MCTS loop: descend, ask the policy, apply tactics in Lean, backpropagate.

All tree bookkeeping is in `search.tree`; this module is the part that does I/O (one policy call and up
to `num_samples + len(synthetic_candidates)` Lean calls per simulation).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from lean_io.errors import LeanBusinessError, UnsafeTacticError
from lean_io.sanitize import sanitize_tactic
from search.config import SearchConfig
from search.policy import Policy, SampleOutput
from search.tree import (
    Node,
    add_child,
    backpropagate,
    descend,
    is_cycle,
    mark_exhausted,
    mark_expanded,
    state_text_of,
    tactic_priors,
)

log = logging.getLogger(__name__)

STATUS_SUCCESS = "success"
STATUS_ERROR = "error"
STATUS_CYCLE = "cycle"


@dataclass(frozen=True)
class TacticRecord:
    """One tactic tried at one expansion (for rejected-tactic logging and negative training data)."""

    state: str
    tactic: str
    status: str  # success | error | cycle
    error: str | None = None


@dataclass
class SearchStats:
    simulations: int = 0
    expansions: int = 0
    lean_calls: int = 0
    policy_calls: int = 0
    tactic_errors: int = 0
    cycles: int = 0
    solved_at_simulation: int | None = None  # 1-based index of the simulation that solved the root
    seconds: float = 0.0
    policy_seconds: float = 0.0
    lean_seconds: float = 0.0
    stopped_by: str = ""  # solved | simulations | time | exhausted (every line of attack is a dead end)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SearchResult:
    root: Node
    stats: SearchStats
    records: list[TacticRecord] = field(default_factory=list)


def expand(
    node: Node, sample: SampleOutput, config: SearchConfig, stats: SearchStats, records: list[TacticRecord]
) -> None:
    """Try the sampled (and synthetic) tactics on the node's branch and add a child per usable result.

    Existing children are kept, and tactics already tried at this node are not sent to Lean again; an
    expansion with nothing new to try and no live child marks the node dead. Tactic failures are
    ordinary outcomes; infrastructure errors (LeanInfraError) propagate so the caller can retry the
    whole theorem elsewhere.
    """
    mark_expanded(node)
    stats.expansions += 1
    assert len(node.branches) == 1, "an OR node holds exactly one goal group"
    branch = node.branches[0]
    priors = tactic_priors(
        sample.tactics, sample.logprobs, config.prior_temperature, config.synthetic_candidates
    )
    new_tactics = 0
    for raw, prior in priors.items():
        if raw in node.tried:
            continue
        new_tactics += 1
        try:
            tactic = sanitize_tactic(raw)
        except UnsafeTacticError as exc:
            node.tried[raw] = STATUS_ERROR
            stats.tactic_errors += 1
            records.append(TacticRecord(node.state_text, raw, STATUS_ERROR, str(exc)))
            continue
        if tactic in node.tried:
            continue
        stats.lean_calls += 1
        t0 = time.monotonic()
        try:
            new_branches = branch.try_apply_tactic(tactic, timeout_ms=config.tactic_timeout_ms)
        except LeanBusinessError as exc:
            node.tried[tactic] = STATUS_ERROR
            stats.tactic_errors += 1
            records.append(TacticRecord(node.state_text, tactic, STATUS_ERROR, str(exc)))
            continue
        finally:
            stats.lean_seconds += time.monotonic() - t0
        new_text = state_text_of(new_branches)
        if new_branches and is_cycle(node, new_text):
            node.tried[tactic] = STATUS_CYCLE
            stats.cycles += 1
            records.append(TacticRecord(node.state_text, tactic, STATUS_CYCLE, "state repeats an ancestor"))
            continue
        node.tried[tactic] = STATUS_SUCCESS
        records.append(TacticRecord(node.state_text, tactic, STATUS_SUCCESS))
        child = add_child(node, tactic, prior, new_branches)
        if child.is_terminal:
            break  # nothing is shorter than a closing tactic; skip the remaining Lean calls
    if config.prune_dead_ends:
        mark_exhausted(node, new_tactics)


def expansion_seed(seed: int, theorem_key: str, node: Node) -> int:
    """The policy seed of the next expansion of `node`: a stable hash (not Python's salted `hash`) of the
    search seed, the theorem, the actions from the root to the node and how often it was expanded, so
    re-expansions draw new samples and nothing depends on timing or on other searches."""
    actions = [n.action for n in reversed(list(node.ancestors()))][1:]
    key = json.dumps([seed, theorem_key, actions, node.evaluations], ensure_ascii=False)
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # 63 bits: a valid torch / random seed


def run_mcts(
    root: Node,
    policy: Policy,
    config: SearchConfig,
    *,
    clock: Callable[[], float] = time.monotonic,
    records: list[TacticRecord] | None = None,
    theorem_key: str = "",
) -> SearchResult:
    """Run simulations until the root is solved, `num_simulations` ran, or `time_budget_s` passed.

    `theorem_key` names the theorem in the expansion seeds (see `expansion_seed`). With
    `time_budget_s=None` the result depends only on the theorem, the policy, the config and the key;
    a time budget that is hit makes it depend on speed."""
    stats = SearchStats()
    records = [] if records is None else records
    start = clock()
    deadline = start + config.time_budget_s if config.time_budget_s is not None else None
    stats.stopped_by = "simulations"
    for i in range(1, config.num_simulations + 1):
        if root.is_solved:
            break
        if root.dead:
            stats.stopped_by = "exhausted"
            break
        if deadline is not None and clock() >= deadline:
            stats.stopped_by = "time"
            break
        path = descend(root, config)
        leaf = path[-1]
        t0 = time.monotonic()
        sample = _sample_one(policy, leaf.state_text, expansion_seed(config.seed, theorem_key, leaf))
        stats.policy_seconds += time.monotonic() - t0
        stats.policy_calls += 1
        expand(leaf, sample, config, stats, records)
        backpropagate(path, -float(sample.value), config)
        stats.simulations = i
        if root.is_solved:
            stats.solved_at_simulation = i
    if root.is_solved:
        stats.stopped_by = "solved"
    elif root.dead:
        stats.stopped_by = "exhausted"
    stats.seconds = clock() - start
    return SearchResult(root=root, stats=stats, records=records)


def _sample_one(policy: Policy, state: str, seed: int) -> SampleOutput:
    outputs: Sequence[SampleOutput] = policy([state], [seed])
    if len(outputs) != 1:
        raise RuntimeError(f"policy returned {len(outputs)} outputs for 1 state")
    out = outputs[0]
    if len(out.tactics) != len(out.logprobs):
        raise RuntimeError(f"policy returned {len(out.tactics)} tactics but {len(out.logprobs)} logprobs")
    return out
