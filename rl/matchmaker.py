"""Which theorems an RL iteration attempts, and with how many simulations (the reference prover's matchmaker).

The matchmaker keeps each theorem's outcome history and turns it into a sampling weight:

- 0 after ``max_consecutive_errors`` (2) consecutive *statement* errors (the statement cannot start a
  proof; retrying wastes slots). Infrastructure and search errors (``lean_io.errors.error_category``) say
  nothing about the theorem: they are not recorded at all, so a sick fleet never blacklists a theorem;
- ``weight_fully_proved`` (1e-3) once a one-tactic proof exists or the last ``trust_count_proved`` (6)
  decided outcomes were all proven (nothing left to learn);
- ``weight_undecided`` (0.1) after ≥ ``trust_count`` (4) decided outcomes that were never proven
  (probably out of reach for now);
- ``weight_interesting`` (1.0) otherwise (few attempts yet, or mixed results).

"Decided" outcomes are ``proven``/``unproven``; errors say nothing about difficulty. The simulation budget
grows on failure: ``base × multiplier^(#unproven among the last trust_count decided)``, capped.

The state is never stored on its own: `Matchmaker.from_history` replays the attempts of earlier
iterations (the attempts shards), so a re-run of iteration k sees exactly iterations < k and a restarted
pipeline continues where it stopped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lean_io.errors import STATEMENT, error_category

OUTCOMES = ("proven", "unproven", "error")
TheoremKey = tuple[str, str]  # (dataset, theorem id)


@dataclass(frozen=True)
class MatchmakerConfig:
    trust_count: int = 4
    trust_count_proved: int = 6
    weight_interesting: float = 1.0
    weight_undecided: float = 0.1
    weight_fully_proved: float = 1e-3
    max_consecutive_errors: int = 2
    base_simulations: int = 64
    failure_multiplier: float = 1.5
    max_simulations: int = 1024

    def __post_init__(self) -> None:
        if self.base_simulations < 1 or self.max_simulations < self.base_simulations:
            raise ValueError("need 1 <= base_simulations <= max_simulations")
        if min(self.trust_count, self.trust_count_proved, self.max_consecutive_errors) < 1:
            raise ValueError("trust counts and max_consecutive_errors must be >= 1")


@dataclass
class TheoremStats:
    outcomes: list[str] = field(default_factory=list)  # chronological
    shortest_proof: int | None = None  # tactics in the shortest proof found so far

    @property
    def decided(self) -> list[str]:
        return [o for o in self.outcomes if o != "error"]

    @property
    def consecutive_errors(self) -> int:
        n = 0
        for o in reversed(self.outcomes):
            if o != "error":
                break
            n += 1
        return n


@dataclass(frozen=True)
class Match:
    """One scheduled attempt: the theorem row plus its simulation budget and current weight."""

    theorem: dict[str, Any]
    num_simulations: int
    weight: float

    @property
    def key(self) -> TheoremKey:
        return theorem_key(self.theorem)


def theorem_key(row: Mapping[str, Any]) -> TheoremKey:
    return (str(row["dataset"]), str(row["id"] if "id" in row else row["theorem_id"]))


def proof_size(proof: str | None) -> int | None:
    """Number of tactic lines of a linearized proof script (None when there is no proof)."""
    if not proof:
        return None
    return sum(1 for line in proof.splitlines() if line.strip()) or None


class Matchmaker:
    """Weighted, seeded sampling of theorems with per-theorem simulation budgets."""

    def __init__(self, theorems: Sequence[Mapping[str, Any]], config: MatchmakerConfig | None = None) -> None:
        self.config = config or MatchmakerConfig()
        self.theorems: dict[TheoremKey, dict[str, Any]] = {}
        for row in theorems:
            key = theorem_key(row)
            if key in self.theorems:
                raise ValueError(f"duplicate theorem {key} in the matchmaker's theorem set")
            self.theorems[key] = dict(row)
        self.stats: dict[TheoremKey, TheoremStats] = {k: TheoremStats() for k in self.theorems}

    @classmethod
    def from_history(
        cls,
        theorems: Sequence[Mapping[str, Any]],
        attempts: Iterable[Mapping[str, Any]],
        config: MatchmakerConfig | None = None,
    ) -> Matchmaker:
        """Rebuild the state from attempt rows (``iteration``, ``dataset``, ``theorem_id``, ``outcome``,
        ``proof``), replayed in iteration order. Attempts of theorems no longer in the set are ignored."""
        mm = cls(theorems, config)
        rows = sorted(attempts, key=lambda r: int(r.get("iteration") or 0))  # stable within an iteration
        for r in rows:
            mm.record(theorem_key(r), str(r["outcome"]), proof=r.get("proof"), error=r.get("error"))
        return mm

    def record(
        self, key: TheoremKey, outcome: str, proof: str | None = None, error: str | None = None
    ) -> None:
        """One outcome; an ``error`` counts only when its category is ``statement`` (see module doc).
        ``error=None`` with outcome ``error`` is taken as a statement error (old callers, old rows)."""
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}; expected one of {OUTCOMES}")
        stats = self.stats.get(key)
        if stats is None:
            return
        if outcome == "error" and error is not None and error_category(outcome, error) != STATEMENT:
            return
        stats.outcomes.append(outcome)
        size = proof_size(proof) if outcome == "proven" else None
        if size is not None and (stats.shortest_proof is None or size < stats.shortest_proof):
            stats.shortest_proof = size

    def weight(self, key: TheoremKey) -> float:
        c, s = self.config, self.stats[key]
        if s.consecutive_errors >= c.max_consecutive_errors:
            return 0.0
        decided = s.decided
        recent_proved = decided[-c.trust_count_proved :]
        if s.shortest_proof == 1 or (
            len(recent_proved) >= c.trust_count_proved and all(o == "proven" for o in recent_proved)
        ):
            return c.weight_fully_proved
        if len(decided) >= c.trust_count and "proven" not in decided:
            return c.weight_undecided
        return c.weight_interesting

    def budget(self, key: TheoremKey) -> int:
        c = self.config
        failures = self.stats[key].decided[-c.trust_count :].count("unproven")
        return int(min(c.max_simulations, round(c.base_simulations * c.failure_multiplier**failures)))

    def sample(self, n: int, seed: int) -> list[Match]:
        """Up to ``n`` distinct theorems drawn without replacement with probability ∝ weight (fewer when
        fewer have a positive weight). Same state + same seed → same sample, in a canonical order."""
        keys = sorted(self.theorems)
        weights = np.array([self.weight(k) for k in keys], dtype=np.float64)
        positive = int((weights > 0).sum())
        size = min(n, positive)
        if size <= 0:
            return []
        rng = np.random.default_rng(seed)
        picked = rng.choice(len(keys), size=size, replace=False, p=weights / weights.sum())
        return [
            Match(self.theorems[keys[i]], self.budget(keys[i]), float(weights[i])) for i in sorted(picked)
        ]

    def table(self) -> list[dict[str, Any]]:
        """Per-theorem state (for a snapshot file / metadata): weight, budget and outcome counts."""
        out = []
        for key in sorted(self.theorems):
            s = self.stats[key]
            out.append(
                {
                    "dataset": key[0],
                    "theorem_id": key[1],
                    "weight": self.weight(key),
                    "num_simulations": self.budget(key),
                    "attempts": len(s.outcomes),
                    "proven": s.outcomes.count("proven"),
                    "unproven": s.outcomes.count("unproven"),
                    "errors": s.outcomes.count("error"),
                    "shortest_proof": s.shortest_proof,
                }
            )
        return out
