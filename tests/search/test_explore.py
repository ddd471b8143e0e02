"""search.explore: the rollouts' exploration vocabulary (closers from the state text) and ExplorePolicy,
with one MCTS search on a real minilean server that only the added closers can finish."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

import pytest

from core.profiles import PROFILE_FILE_ENV, RLSettings, get_profile
from lean_io.client import LeanProcess
from search.config import SearchConfig
from search.explore import ExplorePolicy, closers, forall_instances
from search.mcts import run_mcts
from search.policy import SampleOutput, ScriptedPolicy
from search.proof import linearize, verify_proof
from search.tree import compute_value_targets, make_root

ARMS = Path(__file__).resolve().parents[2] / "experiments" / "arms"

# LeanTree's rendering: one hypothesis a line, an inaccessible one among them
STATE = """g : ℝ → ℝ
a : ℝ
b : ℝ
x✝ : a > 0
h₀ : ∀ (x : ℝ), g x + 1 > x
h₁ : g 7 = a
h₂ : ∀ x > 0, g x > 0
⊢ g 3 > 2 * b"""


def test_closers_instantiate_forall_at_the_goal_numerals_and_hint_pairs() -> None:
    out = closers(STATE)
    assert out == closers(STATE) and len(out) == len(set(out))  # deterministic, no duplicates
    assert out[:3] == ["norm_num", "linarith", "nlinarith"]
    assert {"positivity", "omega", "decide", "ring", "field_simp", "simp"} <= set(out)
    assert "norm_num [h₀, h₁, h₂]" in out and "nlinarith [h₀, h₁, h₂]" in out
    assert "norm_num [h₀, h₁, h₂] at h₀ h₁ h₂ ⊢" in out
    assert "nlinarith [sq_nonneg (a - b), sq_nonneg (a + b)]" in out
    haves = [t for t in out if t.startswith("have ")]
    # the goal's numerals (3 and 2), not h₁'s 7; the bounded ∀ (h₂) is not instantiated
    assert haves == ["have h : g (3 : ℝ) + 1 > (3 : ℝ) := h₀ (3 : ℝ)",
                     "have h : g (2 : ℝ) + 1 > (2 : ℝ) := h₀ (2 : ℝ)"]
    assert not any("✝" in t for t in out)
    assert not any("[g" in t or " g," in t for t in out)  # a function is no fact to hand to norm_num


def test_forall_instances_keep_the_remaining_binders_and_skip_what_cannot_be_written() -> None:
    assert forall_instances("h", "∀ (x y : ℕ), f (x + y) = f x + y", ["3"], "h1") == [
        "have h1 : ∀ (y : ℕ), f ((3 : ℕ) + y) = f (3 : ℕ) + y := h (3 : ℕ)"]
    assert forall_instances("h", "∀ x, f x = x1", ["4"], "h1") == ["have h1 : f 4 = x1 := h 4"]
    assert forall_instances("h", "∀ (x : ℝ), f x = x✝", ["4"], "h1") == []
    assert forall_instances("h", "∀ (s : Finset ℕ), s = s", ["4"], "h1") == []
    assert forall_instances("h", "∀ x ∈ S, f x = 0", ["4"], "h1") == []
    assert forall_instances("h", "f 4 = 0", ["4"], "h1") == []


class _Weighted:
    """A base policy with uneven logprobs and the attributes callers set on a SamplerPolicy."""

    def __init__(self) -> None:
        self.workers = 3
        self.model_version: str | None = "v1"

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]:
        return [SampleOutput(tactics=["linarith", "skip"], logprobs=[-1.0, -2.5], value=2.0) for _ in states]


def test_explore_policy_adds_at_most_k_unsampled_closers_with_the_given_mass() -> None:
    policy = ExplorePolicy(_Weighted(), k=4, mass=0.2)
    [out] = policy([STATE], seeds=[7])
    assert out.tactics[:2] == ["linarith", "skip"] and len(out.tactics) == 6 and out.value == 2.0
    added = out.tactics[2:]
    assert set(added) <= set(closers(STATE)) and "linarith" not in added and len(set(added)) == 4
    probs = [math.exp(lp) for lp in out.logprobs]
    assert sum(probs) == pytest.approx(1.0)
    assert sum(probs[2:]) == pytest.approx(0.2) and probs[2] == pytest.approx(0.05)
    base = [math.exp(-1.0), math.exp(-2.5)]
    assert probs[0] / probs[1] == pytest.approx(base[0] / base[1])  # the base's ranking is kept


def test_explore_policy_is_deterministic_per_seed_and_forwards_attributes() -> None:
    policy = ExplorePolicy(_Weighted(), k=4)
    other = "p : Prop\nhp : p\n⊢ p"
    alone = policy([STATE], seeds=[11])[0]
    batch = policy([other, STATE, other], seeds=[1, 11, 2])
    assert batch[1] == alone  # the state's own seed decides, not its neighbours
    assert policy([STATE], seeds=[12])[0].tactics != alone.tactics or len(closers(STATE)) <= 5
    assert policy.workers == 3 and policy.model_version == "v1"
    policy.workers, policy.model_version = 1, "v2"
    assert policy.base.workers == 1 and policy.base.model_version == "v2"  # type: ignore[attr-defined]


def test_explore_policy_k0_is_the_base_and_arguments_are_checked() -> None:
    base = _Weighted()
    assert ExplorePolicy(base, k=0)([STATE], seeds=[3]) == base([STATE], seeds=[3])
    # nothing sampled: the closers are all there is, and still sum to 1
    [out] = ExplorePolicy(ScriptedPolicy([]), k=2)([STATE], seeds=[3])
    assert len(out.tactics) == 2 and sum(math.exp(lp) for lp in out.logprobs) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        ExplorePolicy(base, k=-1)
    with pytest.raises(ValueError):
        ExplorePolicy(base, k=2, mass=1.0)


# needs `have h : g 3 + 1 > 3 := h₀ 3` and then linarith: no automation alone closes it
NEEDS_INSTANCE = "example (g : ℝ → ℝ) (h₀ : ∀ x, g x + 1 > x) : g 3 > 2 := by\n  sorry"


def test_mcts_with_exploration_proves_what_the_scripted_policy_cannot(process: LeanProcess) -> None:
    useless = ["skip", "intro x", "ring_nf", "exact h₀"]
    config = SearchConfig(num_simulations=24)
    bare = make_root(process.proof_from_sorry(NEEDS_INSTANCE))
    run_mcts(bare, ScriptedPolicy(useless), config)
    assert not bare.is_solved

    root = make_root(process.proof_from_sorry(NEEDS_INSTANCE))
    result = run_mcts(root, ExplorePolicy(ScriptedPolicy(useless), k=64), config)
    assert root.is_solved and result.stats.stopped_by == "solved"
    compute_value_targets(root)
    proof = linearize(root)
    assert any(t.startswith("have ") and t.endswith(":= h₀ (3 : ℝ)") for t in proof), proof  # the instance
    assert verify_proof(root, process.proof_from_sorry(NEEDS_INSTANCE)) is None


def test_profile_checks_the_exploration_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    assert RLSettings().explore_k == 0  # off unless an arm turns it on
    with pytest.raises(ValueError, match="explore_k"):
        RLSettings(explore_k=-1)
    for mass in (-0.1, 1.0):
        with pytest.raises(ValueError, match="explore_mass"):
            RLSettings(explore_mass=mass)
    pool = json.loads((ARMS / "comp_pool.json").read_text())
    explore = json.loads((ARMS / "comp_explore.json").read_text())
    assert explore == {**pool, "rl": {**pool["rl"], "explore_k": 4, "explore_mass": 0.2}}
    monkeypatch.setenv(PROFILE_FILE_ENV, str(ARMS / "comp_explore.json"))
    arm = get_profile("demo")
    assert arm.rl.explore_k == 4 and arm.rl.explore_mass == 0.2 and arm.rl.comp_pool_per_iteration == 24
