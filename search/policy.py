"""Policies: state texts in, sampled tactics (+ logprobs) and a value (expected proof depth) out.

* `SamplerPolicy` wraps `models.sampler.Sampler` (the trained model; one batched call for many states).
* `UniformRandomPolicy` is the baseline: k tactics drawn uniformly from a fixed vocabulary of tactic
  templates instantiated with the names in the state, all with the same logprob and a constant value.
* `ScriptedPolicy` proposes given tactics; tests use it to drive the search deterministically.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from lean_io.goals import Goal, parse_state
from models.sampler import SampleOutput, SamplingSettings

__all__ = [
    "TACTIC_TEMPLATES",
    "Policy",
    "SampleOutput",
    "SamplerPolicy",
    "ScriptedPolicy",
    "UniformRandomPolicy",
    "first_goal",
    "instantiate_templates",
    "named_hypotheses",
]

UNINFORMED_DEPTH = 1.0  # the value a policy without a critic reports (expected depth, MCTS value −1)


class Policy(Protocol):
    """``seeds`` (one per state): all randomness for state i comes from seeds[i], so its output does not
    depend on the other states of the call; None: the policy's own random stream."""

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]: ...


def _check_seeds(states: Sequence[str], seeds: Sequence[int] | None) -> None:
    if seeds is not None and len(seeds) != len(states):
        raise ValueError(f"{len(seeds)} seeds for {len(states)} states")


# --- uniform-random baseline -----------------------------------------------------------------------

# {h}: any hypothesis name; {p}: a hypothesis of type Prop (a propositional variable); {fresh}, {fresh2}:
# names not in the state. Templates without a placeholder are used as they are.
TACTIC_TEMPLATES: tuple[str, ...] = (
    "intro {fresh}",
    "intros",
    "constructor",
    "left",
    "right",
    "exfalso",
    "contradiction",
    "assumption",
    "trivial",
    "rfl",
    "omega",
    "decide",
    "exact {h}",
    "apply {h}",
    "cases {h}",
    "rcases {h} with ⟨{fresh}, {fresh2}⟩",
    "rcases {h} with {fresh} | {fresh2}",
    "by_cases {fresh} : {p}",
    "by_contra {fresh}",
)


def _fresh_names(goal: Goal, k: int = 2) -> list[str]:
    """The first `k` of h, h1, h2, ... that no hypothesis uses."""
    taken = {name for h in goal.hypotheses for name in h.user_name.split()}
    names: list[str] = []
    i = 0
    while len(names) < k:
        name = "h" if i == 0 else f"h{i}"
        if name not in taken:
            names.append(name)
        i += 1
    return names


def first_goal(state: str) -> Goal:
    """The first goal of a state text; an empty goal when there is none or the text does not parse (a
    template vocabulary then falls back to the tactics that need no names)."""
    try:
        goals = parse_state(state)
    except ValueError:
        goals = []
    return goals[0] if goals else Goal(type="")


def named_hypotheses(goal: Goal) -> list[tuple[str, str]]:
    """(name, type) of every hypothesis a tactic can name: Lean's display may group names ("p q : Prop"),
    LeanTree's does not; inaccessible names (x✝) and `_` cannot be written in a tactic: left out."""
    pairs = [(name, h.type.strip()) for h in goal.hypotheses for name in h.user_name.split()]
    return [(n, t) for n, t in pairs if n != "_" and "✝" not in n]


def instantiate_templates(state: str, templates: Sequence[str] = TACTIC_TEMPLATES) -> list[str]:
    """Every distinct instantiation of `templates` for the first goal of `state` (in template order)."""
    goal = first_goal(state)
    hyps = named_hypotheses(goal)
    names = [n for n, _ in hyps]
    fresh, fresh2 = _fresh_names(goal)
    fill = {
        "h": names,
        "p": [n for n, t in hyps if t == "Prop"],
        "fresh2": [fresh2],
        "fresh": [fresh],
    }
    out: dict[str, None] = {}
    for template in templates:
        options = [template]
        for key, values in fill.items():
            token = "{" + key + "}"
            if token in template:
                options = [o.replace(token, v) for o in options for v in values]
        for option in options:
            out.setdefault(option, None)
    return list(out)


class UniformRandomPolicy:
    """k tactics drawn uniformly without replacement from the instantiated template vocabulary.

    Every tactic gets logprob −ln(N) (N = vocabulary size for that state), so priors are uniform, and the
    value is a constant: the search gets no guidance beyond what the tree itself learns.
    """

    def __init__(
        self, num_samples: int = 6, templates: Sequence[str] = TACTIC_TEMPLATES, seed: int = 0,
        value: float = UNINFORMED_DEPTH,
    ) -> None:
        self.num_samples = num_samples
        self.templates = tuple(templates)
        self.value = value
        self._rng = random.Random(seed)
        self._lock = threading.Lock()

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]:
        _check_seeds(states, seeds)
        outputs = []
        for i, state in enumerate(states):
            vocab = instantiate_templates(state, self.templates)
            n = min(self.num_samples, len(vocab))
            if seeds is not None:
                tactics = random.Random(seeds[i]).sample(vocab, n)
            else:
                with self._lock:
                    tactics = self._rng.sample(vocab, n)
            logprob = -math.log(len(vocab)) if vocab else 0.0
            outputs.append(SampleOutput(tactics=tactics, logprobs=[logprob] * len(tactics), value=self.value))
        return outputs


# --- scripted (tests, demos) -------------------------------------------------------------------------


class ScriptedPolicy:
    """Proposes fixed tactics: the same list for every state, a list per state chosen by the first
    mapping key that occurs in the state text, or whatever a function of the state returns."""

    def __init__(
        self,
        script: Sequence[str] | Mapping[str, Sequence[str]] | Callable[[str], Sequence[str]],
        value: float = UNINFORMED_DEPTH,
    ) -> None:
        self._script = script
        self.value = value
        self.calls: list[list[str]] = []  # the states of every call, for tests
        self._lock = threading.Lock()

    def tactics_for(self, state: str) -> list[str]:
        script = self._script
        if callable(script):
            return list(script(state))
        if isinstance(script, Mapping):
            for key, tactics in script.items():
                if key in state:
                    return list(tactics)
            return []
        return list(script)

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]:
        _check_seeds(states, seeds)  # scripted tactics involve no randomness: the seeds change nothing
        with self._lock:
            self.calls.append(list(states))
        outputs = []
        for state in states:
            tactics = self.tactics_for(state)
            outputs.append(SampleOutput(tactics=tactics, logprobs=[0.0] * len(tactics), value=self.value))
        return outputs


# --- the trained model -------------------------------------------------------------------------------


class SamplerPolicy:
    """The trained policy/value model behind `models.sampler.Sampler` (one forward batch per call)."""

    def __init__(self, sampler: Callable[..., list[SampleOutput]], model_version: str | None = None,
                 workers: int = 1) -> None:
        self.sampler = sampler
        self.model_version = model_version
        # batched calls a BatchingPolicy may have in flight at once (its worker threads); seeded calls
        # share nothing mutable but the sampler's counters, which it locks itself
        self.workers = workers
        self._lock = threading.Lock()  # unseeded calls draw from the sampler's one generator

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]:
        if not states:
            return []
        _check_seeds(states, seeds)
        if seeds is None:
            with self._lock:
                return list(self.sampler(list(states)))
        return list(self.sampler(list(states), list(seeds)))

    @classmethod
    def from_checkpoint(
        cls,
        checkpoint: str | Path,
        tokenizer_path: str | Path,
        sampling: SamplingSettings = SamplingSettings(),
        *,
        device: str = "cpu",
        seed: int = 0,
    ) -> SamplerPolicy:
        """Load a checkpoint (a file or `models:/proofmill@sft`) with its tokenizer into a sampler."""
        from models.sampler import Sampler
        from models.tokenizer import ProofTokenizer
        from registry.checkpoint import load_checkpoint

        tokenizer = ProofTokenizer.load(tokenizer_path)
        model, meta = load_checkpoint(str(checkpoint), tokenizer, map_location=device)
        sampler = Sampler(model, tokenizer, sampling, seed=seed, device=device)
        source = str(checkpoint)
        version = source if source.startswith("models:/") else str(meta.get("path", source))
        return cls(sampler, model_version=version)
