"""SFT augmentations keep states valid: on fixtures, and on real minilean transitions where the recorded
tactic must still apply to the augmented goal (checked by minilean itself)."""

from __future__ import annotations

import random
from typing import Any

from lean_io.client import LeanProcess
from lean_io.errors import LeanBusinessError
from lean_io.goals import Goal, parse_state
from search.config import SearchConfig
from search.policy import ScriptedPolicy
from search.prover import PROVEN, prove
from tests.search.test_prover_minilean import _script, _train_rows
from training.augment import (
    augment_rows,
    augment_state,
    rename_bound,
    shuffle_hypotheses,
)

STATE = "α : Type\nx y : α\nl : List α\nh : x ∈ l\nhy : y = x\n⊢ ∀ (n : ℕ), ∃ m, n + m = m + n ∧ x ∈ l"


def test_hypothesis_shuffle_respects_dependencies_and_varies() -> None:
    (goal,) = parse_state(STATE)
    orders = set()
    for seed in range(30):
        g = shuffle_hypotheses(goal, random.Random(seed))
        names = [h.user_name for h in g.hypotheses]
        assert sorted(names) == sorted(h.user_name for h in goal.hypotheses)
        pos = {n: i for i, n in enumerate(names)}
        assert pos["α"] < pos["x y"] < pos["h"] and pos["l"] < pos["h"] and pos["x y"] < pos["hy"]
        orders.add(tuple(names))
    assert len(orders) > 2  # really shuffles where dependencies allow


def test_bound_variable_renaming_is_consistent_and_spares_free_names() -> None:
    (goal,) = parse_state(STATE)
    taken = {"α", "x", "y", "l", "h", "hy"}
    kept = rename_bound(goal, "intro n", random.Random(0), set(taken))
    assert kept.type.startswith("∀ (n : ℕ), ∃ ")  # `n` occurs in the tactic: kept
    for seed in range(10):
        renamed = rename_bound(goal, "simp", random.Random(seed), set(taken))
        new_n = renamed.type.split("(")[1].split(" :")[0]
        new_m = renamed.type.split("∃ ")[1].split(",")[0]
        assert {new_n, new_m}.isdisjoint({"n", "m"} | taken) and new_n != new_m
        # alpha-equivalent: every occurrence renamed consistently, free (hypothesis) names untouched
        assert renamed.type == f"∀ ({new_n} : ℕ), ∃ {new_m}, {new_n} + {new_m} = {new_m} + {new_n} ∧ x ∈ l"


def test_goal_order_main_goal_stays_first_and_order_tactics_skip() -> None:
    state = "\n\n".join(f"case g{i}\nh{i} : P{i}\n⊢ Q{i}" for i in range(5))
    outs = {augment_state(state, "exact h0", random.Random(s)) for s in range(20)}
    assert all(o.startswith("case g0") for o in outs) and len(outs) > 1
    assert augment_state(state, "swap", random.Random(0)) == state
    assert augment_state("not a state", "simp", random.Random(0)) == "not a state"
    tactics = ["exact h0", "exact h0"]
    assert augment_rows([state, state], tactics, 7) == augment_rows([state, state], tactics, 7)


def _theorem_from_goal(goal: Goal, name: str) -> str | None:
    if any(h.value for h in goal.hypotheses):
        return None
    binders = " ".join(f"({h.user_name} : {h.type})" for h in goal.hypotheses)
    return f"theorem {name} {binders} : {goal.type} := by\n  sorry"


def _applies(process: LeanProcess, goal: Goal, tactic: str, name: str) -> bool | None:
    thm = _theorem_from_goal(goal, name)
    if thm is None:
        return None
    try:
        root = process.proof_from_sorry(thm)
        root.try_apply_tactic(tactic)
    except LeanBusinessError:
        return False
    return True


def _proven_transitions(process: LeanProcess) -> list[Any]:
    """The transitions of the train theorems minilean proves with their reference scripts."""
    transitions: list[Any] = []
    for row in _train_rows(12):
        attempt = prove(row, process, ScriptedPolicy(_script(row)), SearchConfig(num_simulations=64))
        if attempt.outcome == PROVEN:
            transitions.extend(attempt.transitions)
    return transitions


def test_augmented_minilean_states_still_accept_their_tactic(process: LeanProcess) -> None:
    transitions = _proven_transitions(process)
    assert len(transitions) >= 20
    rng = random.Random(0)
    checked = changed = 0
    for i, t in enumerate(transitions):
        aug = augment_state(t.state, t.tactic, rng)
        if aug != t.state:
            changed += 1
        goal, aug_goal = parse_state(t.state)[0], parse_state(aug)[0]
        before = _applies(process, goal, t.tactic, f"orig_{i}")
        if before is not True:
            continue  # the state cannot be restated as a theorem here (let-values, say)
        assert _applies(process, aug_goal, t.tactic, f"aug_{i}") is True, (t.state, aug, t.tactic)
        checked += 1
    assert checked >= 15 and changed >= 5, (checked, changed)


