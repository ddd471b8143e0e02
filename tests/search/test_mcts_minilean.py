"""The MCTS loop against a real minilean server: AND nodes, cycles, rejected tactics, progressive
sampling that keeps children, budgets, and replay verification of solved trees."""

from __future__ import annotations

import itertools

from lean_io.client import LeanProcess
from search.config import SearchConfig
from search.mcts import STATUS_CYCLE, STATUS_ERROR, STATUS_SUCCESS, run_mcts
from search.policy import ScriptedPolicy
from search.proof import linearize, verify_proof
from search.tree import Kind, compute_value_targets, make_root, proof_child, recompute_solved

AND_SWAP = "example (p q : Prop) (hp : p) (hq : q) : q ∧ p := by\n  sorry"


def test_and_node_search_and_verification(process: LeanProcess) -> None:
    policy = ScriptedPolicy(["skip", "exact hp", "constructor", "exact hq", "intro x"])
    root = make_root(process.proof_from_sorry(AND_SWAP))
    result = run_mcts(root, policy, SearchConfig(num_simulations=16))
    assert root.is_solved and result.stats.stopped_by == "solved"
    assert result.stats.solved_at_simulation == result.stats.simulations == 3
    and_node = root.children["constructor"]
    assert and_node.kind is Kind.AND and len(and_node.children) == 2
    assert [c.state_text.split("⊢ ")[-1] for c in and_node.children.values()] == ["q", "p"]
    assert recompute_solved(root)
    statuses = {(r.tactic, r.status) for r in result.records if r.state == root.state_text}
    assert ("skip", STATUS_CYCLE) in statuses
    assert ("exact hp", STATUS_ERROR) in statuses and ("intro x", STATUS_ERROR) in statuses
    assert ("constructor", STATUS_SUCCESS) in statuses
    assert all(r.error for r in result.records if r.status == STATUS_ERROR)

    compute_value_targets(root)
    assert root.value_target == -2.0
    assert linearize(root) == ["constructor", "· exact hq", "· exact hp"]
    assert verify_proof(root, process.proof_from_sorry(AND_SWAP)) is None


def test_verification_catches_a_tampered_tree(process: LeanProcess) -> None:
    root = make_root(process.proof_from_sorry(AND_SWAP))
    run_mcts(root, ScriptedPolicy(["constructor", "exact hq", "exact hp"]), SearchConfig(num_simulations=8))
    compute_value_targets(root)
    leaf_parent = root.children["constructor"].children[0]
    proof_child(leaf_parent).action = "exact hp"  # the wrong hypothesis for ⊢ q
    reason = verify_proof(root, process.proof_from_sorry(AND_SWAP))
    assert reason is not None and "exact hp" in reason
    proof_child(leaf_parent).action = "exact hq"
    proof_child(root).action = "skip"  # replays, but with 1 branch instead of 2
    reason = verify_proof(root, process.proof_from_sorry(AND_SWAP))
    assert reason is not None and "branches" in reason


def test_progressive_sampling_keeps_children_and_skips_known_tactics(process: LeanProcess) -> None:
    waves = iter([["intro a"], ["intro b", "intro a"], ["intro c"]])
    policy = ScriptedPolicy(lambda state: next(waves, []) if "⊢ p → p" in state else [])
    root = make_root(process.proof_from_sorry("example (p : Prop) : p → p := by\n  sorry"))
    # ps_c = 10: the root re-expands whenever evaluations <= 10 * visits ** 0.6
    result = run_mcts(root, policy, SearchConfig(num_simulations=3, ps_c=10.0))
    assert root.evaluations == 3
    assert list(root.children) == ["intro a", "intro b", "intro c"]  # kept across re-expansions
    # "intro a" was proposed twice but sent to Lean once
    assert [r.tactic for r in result.records].count("intro a") == 1
    assert result.stats.lean_calls == 3 and not root.is_solved


def test_budgets_in_simulations_and_seconds(process: LeanProcess) -> None:
    stmt = "example (p q : Prop) (hp : p) : q := by\n  sorry"
    root = make_root(process.proof_from_sorry(stmt))
    # the reference behaviour: a dead end is re-expanded on every visit
    reference = SearchConfig(num_simulations=5, prune_dead_ends=False)
    result = run_mcts(root, ScriptedPolicy(["intro x", "exact hp"]), reference)
    assert result.stats.simulations == 5 and result.stats.stopped_by == "simulations"
    assert result.stats.solved_at_simulation is None and not root.is_solved
    assert root.visit_count == 5 and root.value() == SearchConfig().no_legal_actions_value

    root = make_root(process.proof_from_sorry(stmt))
    result = run_mcts(root, ScriptedPolicy(["intro x", "exact hp"]), SearchConfig(num_simulations=5))
    assert root.dead and result.stats.stopped_by == "exhausted" and result.stats.simulations == 2

    ticks = itertools.count()  # a clock that advances one second per reading
    root = make_root(process.proof_from_sorry(stmt))
    timed = reference.replace(num_simulations=100, time_budget_s=3)
    result = run_mcts(root, ScriptedPolicy(["exact hp"]), timed, clock=lambda: float(next(ticks)))
    assert result.stats.stopped_by == "time" and result.stats.simulations == 2
