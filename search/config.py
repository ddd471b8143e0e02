"""Search hyperparameters. Defaults are the reference (nanoproof, 2026-05) values; all are configurable."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from core.profiles import Profile


@dataclass(frozen=True)
class SearchConfig:
    # budgets: a search stops at whichever comes first (or when the root is solved)
    num_simulations: int = 64
    time_budget_s: float | None = 60.0
    # PUCT: pb_c = (ln((N + base + 1) / base) + init) * sqrt(N) / (n + 1), times c_and below AND nodes
    pb_c_base: float = 200.0
    pb_c_init: float = 0.001
    c_and: float = 64.0
    # value_score = value_discount ** (-1 - v); an unvisited child counts as parent.value() - penalty
    value_discount: float = 0.98
    unvisited_value_penalty: float = 16.0
    # progressive sampling: re-expand an OR node while evaluations <= ps_c * visits ** ps_alpha
    ps_c: float = 0.1
    ps_alpha: float = 0.6
    # value of a leaf whose expansion produced no usable child
    no_legal_actions_value: float = -5.0
    # never select again a node whose policy has nothing new to propose and that has no live child (nor an
    # AND node with such a subgoal); the reference instead re-expands it on every visit
    prune_dead_ends: bool = True
    # prior of a sampled tactic = exp(logprob / prior_temperature)
    prior_temperature: float = 200.0
    # Lean timeouts (ms): tactic application during search and replay during verification
    tactic_timeout_ms: int = 1000
    verify_timeout_ms: int = 5000
    # after a proof is found and verified, prune steps its subproofs do not need (search.simplify), with at
    # most this many extra Lean calls; the shorter proof is what is reported and trained on (0 = off)
    simplify_budget: int = 200
    # unproven states kept per search as critic targets (Attempt.hard_states): OR nodes visited at least
    # hard_state_visits times and not proved, most visited first; 0 = none kept
    hard_state_visits: int = 0
    hard_state_limit: int = 16
    # keep only dead ends among them (search.tree.unsolved_states); off = every unproven state so visited
    hard_state_dead_only: bool = False
    # ranking pairs kept per proven search (Attempt.detours, search.tree.detours): siblings tried before
    # the tactic the proof uses and not proved; 0 = none kept
    detour_limit: int = 0
    # unproven searches: proofs of the topmost solved subgoals kept as transitions (Attempt.subproofs,
    # search.tree.solved_subtrees), at most this many subtrees; 0 = none kept
    subproof_limit: int = 0
    # tactics per expansion the policy is asked for (the sampler's num_samples; informative for baselines)
    num_samples: int = 6
    # tactics tried at every expansion in addition to the sampled ones, prior = max sampled prior
    synthetic_candidates: tuple[str, ...] = ()
    # every expansion's policy randomness derives from (seed, theorem, tactic path, expansion count), so a
    # search's result does not depend on the searches it ran beside (search.mcts.expansion_seed)
    seed: int = 0

    def __post_init__(self) -> None:
        if self.num_simulations < 1:
            raise ValueError(f"num_simulations must be >= 1, got {self.num_simulations}")
        if self.time_budget_s is not None and self.time_budget_s <= 0:
            raise ValueError(f"time_budget_s must be positive or None, got {self.time_budget_s}")
        if self.subproof_limit < 0:
            raise ValueError(f"subproof_limit must be >= 0, got {self.subproof_limit}")
        if self.detour_limit < 0:
            raise ValueError(f"detour_limit must be >= 0, got {self.detour_limit}")
        if self.simplify_budget < 0:
            raise ValueError(f"simplify_budget must be >= 0, got {self.simplify_budget}")
        if self.prior_temperature <= 0:
            raise ValueError("prior_temperature must be positive")
        if isinstance(self.synthetic_candidates, list):  # accept lists from JSON/run config
            object.__setattr__(self, "synthetic_candidates", tuple(self.synthetic_candidates))

    def replace(self, **changes: Any) -> SearchConfig:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["synthetic_candidates"] = list(self.synthetic_candidates)
        return d

    @classmethod
    def from_profile(cls, profile: Profile, **overrides: Any) -> SearchConfig:
        """Budgets and timeouts from a profile's ``search`` and ``lean`` settings (``overrides`` win)."""
        fields: dict[str, Any] = {
            "num_simulations": profile.search.num_simulations,
            "time_budget_s": profile.search.time_limit_s,
            "num_samples": profile.search.num_samples,
            "tactic_timeout_ms": profile.lean.tactic_timeout_ms,
            "verify_timeout_ms": profile.lean.verify_timeout_ms,
            "seed": profile.corpora.seed,
        }
        fields.update(overrides)
        return cls(**fields)
