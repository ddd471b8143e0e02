"""Pure functions of the AND/OR tree: PUCT, selection, backpropagation, solved propagation, progressive
sampling, value targets, linearization and the proof source. No Lean needed."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from search.config import SearchConfig
from search.proof import construct_proof_source, extract_transitions, linearize, theorem_to_example
from search.tree import (
    Kind,
    Node,
    add_child,
    and_value,
    backpropagate,
    compute_value_targets,
    descend,
    is_cycle,
    make_root,
    mark_expanded,
    progressive_sample,
    recompute_solved,
    select_child,
    tactic_priors,
    ucb_score,
)

CFG = SearchConfig()


@dataclass(frozen=True)
class GoalText:
    """A goal group as the tree sees it: only its rendered text."""

    state_text: str


def goal(name: str) -> GoalText:
    return GoalText(f"⊢ {name}")


def test_ucb_matches_reference_formula() -> None:
    root = make_root(goal("P"))
    mark_expanded(root)
    a = add_child(root, "a", 2.0, [goal("A")])
    b = add_child(root, "b", 1.0, [goal("B")])
    root.visit_count, root.value_sum = 10, -30.0
    a.visit_count, a.value_sum = 4, -8.0
    pb_c = (math.log((10 + 200 + 1) / 200) + 0.001) * math.sqrt(10)
    # visited: v = reward + mean value = -1 + -2 = -3 -> 0.98 ** 2
    assert ucb_score(CFG, root, a) == pytest.approx(pb_c / 5 * 2 / 3 + 0.98**2)
    # unvisited: v = parent value - 16 = -19 -> 0.98 ** 18
    assert ucb_score(CFG, root, b) == pytest.approx(pb_c / 1 * 1 / 3 + 0.98**18)


def test_ucb_at_and_node_prefers_hardest_and_never_solved() -> None:
    root = make_root(goal("P ∧ Q"))
    mark_expanded(root)
    and_node = add_child(root, "constructor", 1.0, [goal("P"), goal("Q")])
    assert and_node.kind is Kind.AND
    p, q = and_node.children[0], and_node.children[1]
    assert (p.prior, q.prior, p.reward, and_node.reward) == (0.5, 0.5, 0.0, -1.0)
    and_node.visit_count = 4
    p.visit_count, p.value_sum = 2, -2.0  # easy subgoal
    q.visit_count, q.value_sum = 2, -20.0  # hard subgoal
    pb_c = (math.log((4 + 201) / 200) + 0.001) * math.sqrt(4) / 3 * 64
    assert ucb_score(CFG, and_node, q) == pytest.approx(pb_c * 0.5 + 1 - 0.98**9)
    assert select_child(CFG, and_node) is q
    q.is_solved = True
    assert ucb_score(CFG, and_node, q) < -1e8
    assert select_child(CFG, and_node) is p


def test_select_prefers_higher_prior_among_unvisited() -> None:
    root = make_root(goal("P"))
    mark_expanded(root)
    add_child(root, "low", 0.1, [goal("A")])
    high = add_child(root, "high", 0.9, [goal("B")])
    root.visit_count = 1
    assert select_child(CFG, root) is high


def test_tactic_priors_dedupe_and_synthetic_candidates() -> None:
    priors = tactic_priors(["a", "b", "a"], [-2.0, -4.0, -1.0], 200.0, synthetic=["omega", "b"])
    assert list(priors) == ["a", "b", "omega"]
    assert priors["a"] == pytest.approx(math.exp(-1 / 200))
    assert priors["b"] == pytest.approx(math.exp(-4 / 200))  # sampled wins over synthetic
    assert priors["omega"] == pytest.approx(math.exp(-1 / 200))  # = best sampled prior
    assert tactic_priors([], [], 200.0, synthetic=["omega"]) == {"omega": 1.0}


def test_backpropagate_values_rewards_and_no_legal_actions() -> None:
    root = make_root(goal("P"))
    mark_expanded(root)
    child = add_child(root, "t", 1.0, [goal("A")])
    mark_expanded(child)
    leaf = add_child(child, "u", 1.0, [goal("B")])
    backpropagate([root, child, leaf], -3.0, CFG)
    assert (leaf.visit_count, leaf.value_sum) == (1, CFG.no_legal_actions_value)  # leaf has no children
    assert child.value_sum == pytest.approx(-1 + CFG.no_legal_actions_value)
    assert root.value_sum == pytest.approx(-2 + CFG.no_legal_actions_value)
    mark_expanded(leaf)
    add_child(leaf, "v", 1.0, [goal("C")])
    backpropagate([root, child, leaf], -3.0, CFG)
    assert leaf.value_sum == pytest.approx(-5 - 3)
    assert root.value_sum == pytest.approx(-7 + -5)
    assert root.visit_count == 2 and not root.is_solved


def test_and_node_value_and_solved_propagation() -> None:
    root = make_root(goal("P ∧ Q"))
    mark_expanded(root)
    and_node = add_child(root, "constructor", 1.0, [goal("P"), goal("Q")])
    p, q = and_node.children[0], and_node.children[1]
    # prove P: a terminal child solves p, but the AND node still waits for q
    mark_expanded(p)
    add_child(p, "exact hp", 1.0, [])
    assert p.is_solved
    backpropagate([root, and_node, p], -1.0, CFG)
    assert not and_node.is_solved and not root.is_solved
    assert and_value(and_node) == 1.0  # no open visited subgoal yet
    mark_expanded(q)
    add_child(q, "bad", 1.0, [goal("R")])
    backpropagate([root, and_node, q], -4.0, CFG)
    assert and_value(and_node) == pytest.approx(-4.0)
    # the AND node passes up min over open visited children, then its reward is added at the OR parent
    assert and_node.value_sum == pytest.approx(1.0 + -4.0)
    assert root.value_sum == pytest.approx((-1 + 1.0) + (-1 + -4.0))
    mark_expanded(q)
    add_child(q, "exact hq", 1.0, [])
    backpropagate([root, and_node, q], -1.0, CFG)
    assert q.is_solved and and_node.is_solved and root.is_solved
    assert recompute_solved(root)


def test_progressive_sampling_keeps_children() -> None:
    root = make_root(goal("P"))
    mark_expanded(root)
    first = add_child(root, "a", 1.0, [goal("A")])
    root.visit_count = 46  # 0.1 * 46**0.6 = 0.99 < 1 evaluation
    assert not progressive_sample(root, CFG)
    assert descend(root, CFG)[-1] is first
    root.visit_count = 47  # 0.1 * 47**0.6 = 1.01 >= 1 evaluation: expand again
    assert progressive_sample(root, CFG)
    assert descend(root, CFG) == [root]
    mark_expanded(root)
    add_child(root, "b", 1.0, [goal("B")])
    assert root.evaluations == 2 and list(root.children) == ["a", "b"] and root.children["a"] is first
    assert not progressive_sample(root, CFG)
    # AND nodes are never re-expanded
    and_node = add_child(root, "c", 1.0, [goal("C"), goal("D")])
    and_node.visit_count = 10_000
    assert not progressive_sample(and_node, CFG)


def test_cycle_detection_against_ancestors() -> None:
    root = make_root(goal("P"))
    mark_expanded(root)
    child = add_child(root, "t", 1.0, [goal("A")])
    assert is_cycle(child, "⊢ P") and is_cycle(child, "⊢ A")
    assert not is_cycle(child, "⊢ B")
    and_node = add_child(root, "split", 1.0, [goal("A"), goal("B")])
    assert and_node.state_text == "⊢ A\n\n⊢ B"
    assert is_cycle(and_node.children[1], "⊢ A\n\n⊢ B")


def _solved_example() -> Node:
    """root ⊢ P ∧ Q --constructor--> AND [⊢ P, ⊢ Q]; P by `exact hp`; Q by `apply f` then `exact hr`,
    plus a longer alternative proof of the root that must not be chosen."""
    root = make_root(goal("P ∧ Q"))
    mark_expanded(root)
    detour = add_child(root, "have h : True := trivial", 1.0, [goal("P ∧ Q ")])
    and_node = add_child(root, "constructor", 1.0, [goal("P"), goal("Q")])
    p, q = and_node.children[0], and_node.children[1]
    for node, tac, result in ((p, "exact hp", []), (q, "apply f", [goal("R")])):
        mark_expanded(node)
        add_child(node, tac, 1.0, result)
    r = q.children["apply f"]
    mark_expanded(r)
    add_child(r, "exact hr", 1.0, [])
    mark_expanded(detour)
    detour_and = add_child(detour, "constructor", 1.0, [goal("P"), goal("Q")])
    for i, kid in detour_and.children.items():
        mark_expanded(kid)
        add_child(kid, f"x{i}", 1.0, [goal(f"Z{i}")])
        mark_expanded(kid.children[f"x{i}"])
        add_child(kid.children[f"x{i}"], "done", 1.0, [])
    assert recompute_solved(root)
    return root


def test_value_targets_and_transitions() -> None:
    root = _solved_example()
    assert compute_value_targets(root) == pytest.approx(-3.0)
    and_node = root.children["constructor"]
    p, q = and_node.children[0], and_node.children[1]
    assert (p.value_target, q.value_target, and_node.value_target) == (-1.0, -2.0, -2.0)
    assert root.children["have h : True := trivial"].value_target == pytest.approx(-3.0)
    transitions = extract_transitions(root)
    assert [(t.tactic, t.value_target, t.proof_depth) for t in transitions] == [
        ("constructor", -3.0, 3), ("exact hp", -1.0, 1), ("apply f", -2.0, 2), ("exact hr", -1.0, 1)
    ]
    assert transitions[0].state == "⊢ P ∧ Q"


def test_linearize_with_bullets_and_source() -> None:
    root = _solved_example()
    compute_value_targets(root)
    lines = linearize(root)
    assert lines == ["constructor", "· exact hp", "· apply f", "  exact hr"]
    statement = "theorem t (P Q : Prop) : P ∧ Q := by\n  sorry"
    assert construct_proof_source(statement, lines) == (
        "theorem t (P Q : Prop) : P ∧ Q := by\n  constructor\n  · exact hp\n  · apply f\n    exact hr\n"
    )
    one_line = construct_proof_source("example : True := by sorry", ["trivial"])
    assert one_line == "example : True := by\n  trivial\n"
    assert construct_proof_source("example : P := by\n  sorry", ["case h", "exact x"]).endswith(
        "  case h =>\n  exact x\n"
    )
    with pytest.raises(ValueError):
        construct_proof_source("example : True := by trivial", ["trivial"])


def test_theorem_to_example() -> None:
    assert theorem_to_example("theorem foo.bar (p : Prop) : p → p := by\n  sorry") == (
        "example (p : Prop) : p → p := by\n  sorry"
    )
    assert theorem_to_example("lemma x: True := by sorry") == "example: True := by sorry"
    assert theorem_to_example("example : True := by sorry") == "example : True := by sorry"
