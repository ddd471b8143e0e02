"""Proof simplification (search.simplify) on a real minilean process: steps a proof does not need are
pruned by replay, the result is still a checked proof, and what cannot be pruned stays."""

from __future__ import annotations

from typing import Any

from lean_io.client import LeanProcess
from search.config import SearchConfig
from search.policy import ScriptedPolicy
from search.proof import init_source, linearize, verify_proof
from search.prover import PROVEN, prove
from search.simplify import proof_of, simplify
from search.tree import add_child, compute_value_targets, make_root, recompute_solved

OR_RIGHT = {
    "dataset": "unit", "id": "or_right", "header": "",
    "statement": "theorem or_right (p q : Prop) (hq : q) : p ∨ q := by\n  sorry",
}
# a redundant case split: both cases are closed by `right; exact hq`, which needs neither `h`
REDUNDANT = {"⊢ q": ["exact hq"], "h : ": ["right"], "⊢ p ∨ q": ["by_cases h : p"]}


def _solved_tree(process: LeanProcess, theorem: dict[str, Any], script: list[str]) -> Any:
    """The solved tree of a script in focus order (no search): one child per tactic."""
    root = make_root(process.proof_from_sorry(init_source(theorem)))
    open_nodes = [root]
    for tactic in script:
        node = open_nodes.pop(0)
        child = add_child(node, tactic, 1.0, node.branches[0].try_apply_tactic(tactic))
        kids = [child.children[i] for i in sorted(child.children)] if child.children else (
            [] if child.is_terminal else [child])
        open_nodes = kids + open_nodes
    assert not open_nodes and recompute_solved(root)
    compute_value_targets(root)
    return root


def test_prover_reports_and_trains_on_the_pruned_proof(process: LeanProcess) -> None:
    config = SearchConfig(num_simulations=32, time_budget_s=60)
    full = prove(OR_RIGHT, process, ScriptedPolicy(REDUNDANT), config.replace(simplify_budget=0))
    assert full.outcome == PROVEN and full.proof.startswith("by_cases h : p")
    assert len(full.transitions) == 5

    # is_valid_source declares a checked theorem in the lease: the second run states it under a new name
    again = {**OR_RIGHT, "statement": OR_RIGHT["statement"].replace("or_right", "or_right2")}
    short = prove(again, process, ScriptedPolicy(REDUNDANT), config)
    assert short.outcome == PROVEN
    assert short.proof == "right\nexact hq"
    assert [(t.tactic, t.proof_depth) for t in short.transitions] == [("right", 2), ("exact hq", 1)]
    assert short.stats["proof_size"] == 2 and short.stats["proof_size_unsimplified"] == 5
    assert short.stats["simplify_lean_calls"] > 0


def test_pruned_tree_is_a_verified_proof(process: LeanProcess) -> None:
    root = _solved_tree(process, OR_RIGHT, ["by_cases h : p", "right", "exact hq", "right", "exact hq"])
    result = simplify(root, process.proof_from_sorry(init_source(OR_RIGHT)))
    assert result.root is not None and (result.size_before, result.size_after) == (5, 2)
    assert linearize(result.root) == ["right", "exact hq"]
    assert verify_proof(result.root, process.proof_from_sorry(init_source(OR_RIGHT))) is None
    assert proof_of(result.root).size == 2


def test_needed_steps_stay(process: LeanProcess) -> None:
    imp = {"dataset": "unit", "id": "imp_self", "header": "",
           "statement": "theorem imp_self' (p q : Prop) (hq : q) : p → p ∧ q := by\n  sorry"}
    script = ["intro h", "constructor", "exact h", "exact hq"]
    root = _solved_tree(process, imp, script)
    result = simplify(root, process.proof_from_sorry(init_source(imp)))
    assert result.root is None and result.reason == "nothing to prune"
    assert result.size_before == result.size_after == 4


def test_budget_bounds_the_lean_calls(process: LeanProcess) -> None:
    root = _solved_tree(process, OR_RIGHT, ["by_cases h : p", "right", "exact hq", "right", "exact hq"])
    result = simplify(root, process.proof_from_sorry(init_source(OR_RIGHT)), budget=1)
    assert result.root is None and result.reason == "over 1 Lean calls" and result.lean_calls == 1


def test_one_tactic_proof_costs_no_lean_call(process: LeanProcess) -> None:
    root = _solved_tree(process, OR_RIGHT, ["exact Or.inr hq"])
    result = simplify(root, process.proof_from_sorry(init_source(OR_RIGHT)))
    assert result.root is None and result.lean_calls == 0 and result.size_before == 1
