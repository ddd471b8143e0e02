"""The AND/OR search tree and the pure functions over it (AlphaProof pseudocode style).

An OR node holds one goal group (a lean_io `Branch`) and chooses a tactic. Applying a tactic gives
0 branches (a terminal, solved child), 1 branch (an OR child) or k > 1 branches: an AND node (reward −1)
with one OR child per branch (prior 1/k, reward 0), all of which must be proved.

Nothing here talks to Lean or a model: `mcts.py` does the I/O and calls these functions, which keeps
selection, backpropagation and solved propagation unit-testable on hand-built trees.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from search.config import SearchConfig

SOLVED_AND_CHILD_SCORE = -1e9  # below an AND node a proved subgoal is never selected again


class BranchLike(Protocol):
    """What the tree needs from a lean_io `Branch`."""

    @property
    def state_text(self) -> str: ...


class Kind(enum.Enum):
    OR = "or"
    AND = "and"


Action = str | int  # a tactic below an OR node, a subgoal index below an AND node


@dataclass(eq=False)
class Node:
    kind: Kind
    branches: list[Any]  # lean_io Branch objects (BranchLike); [] = every goal closed (terminal)
    state_text: str
    parent: Node | None = None
    action: Action | None = None
    prior: float = 1.0
    reward: float = 0.0
    is_solved: bool = False
    visit_count: int = 0
    value_sum: float = 0.0
    evaluations: int = 0  # expansions of this node (progressive sampling re-expands)
    children: dict[Action, Node] | None = None  # None = not expanded yet
    tried: dict[str, str] = field(default_factory=dict)  # tactic -> status, so re-expansion skips them
    value_target: float | None = None
    # exhausted: the policy had nothing new to try here and no child is alive (AND: some child is dead)
    dead: bool = False

    @property
    def is_terminal(self) -> bool:
        return not self.branches

    @property
    def expanded(self) -> bool:
        return self.children is not None

    def value(self) -> float:
        return self.value_sum / self.visit_count if self.visit_count else 0.0

    def prior_sum(self) -> float:
        return sum(c.prior for c in (self.children or {}).values())

    def ancestors(self) -> Iterator[Node]:
        """This node and every node above it."""
        node: Node | None = self
        while node is not None:
            yield node
            node = node.parent

    def depth(self) -> int:
        return sum(1 for _ in self.ancestors()) - 1


def state_text_of(branches: Sequence[BranchLike]) -> str:
    """The rendered state of a list of branches (goal groups joined like LeanTree goals)."""
    return "\n\n".join(b.state_text for b in branches)


def make_root(branch: BranchLike) -> Node:
    return Node(kind=Kind.OR, branches=[branch], state_text=branch.state_text)


def iter_nodes(root: Node) -> Iterator[Node]:
    """Every node of the tree, breadth first."""
    queue = [root]
    while queue:
        node = queue.pop(0)
        yield node
        queue.extend((node.children or {}).values())


# --- selection ------------------------------------------------------------------------------------


def ucb_score(config: SearchConfig, parent: Node, child: Node) -> float:
    """PUCT score of `child` (reference formula; AND parents prefer the hardest open subgoal)."""
    pb_c = math.log((parent.visit_count + config.pb_c_base + 1) / config.pb_c_base) + config.pb_c_init
    pb_c *= math.sqrt(parent.visit_count) / (child.visit_count + 1)
    if parent.kind is Kind.AND:
        pb_c *= config.c_and
    prior_sum = parent.prior_sum()
    prior_score = pb_c * child.prior / prior_sum if prior_sum > 0 else 0.0
    if child.visit_count > 0:
        v = child.reward + child.value()
    else:
        v = parent.value() - config.unvisited_value_penalty
    value_score = config.value_discount ** (-1.0 - v)
    if parent.kind is Kind.AND:
        value_score = SOLVED_AND_CHILD_SCORE if child.is_solved else 1.0 - value_score
    return prior_score + value_score


def live_children(node: Node) -> list[Node]:
    """Children that can still be selected (dead ends are skipped)."""
    return [c for c in (node.children or {}).values() if not c.dead]


def select_child(config: SearchConfig, node: Node) -> Node:
    """The live child with the highest UCB score (first one on ties, i.e. insertion order)."""
    candidates = live_children(node)
    assert candidates, "select_child on a node without live children"
    best: Node | None = None
    best_score = -math.inf
    for child in candidates:
        score = ucb_score(config, node, child)
        if score > best_score:
            best, best_score = child, score
    assert best is not None
    return best


def progressive_sample(node: Node, config: SearchConfig) -> bool:
    """Whether an expanded OR node should be expanded again with fresh tactics."""
    return node.kind is Kind.OR and node.evaluations <= config.ps_c * node.visit_count**config.ps_alpha


def descend(root: Node, config: SearchConfig) -> list[Node]:
    """The search path from the root to the node to expand next: the first node that is unexpanded, has
    no live child, or is due for progressive sampling."""
    node = root
    path = [node]
    while node.expanded and live_children(node) and not progressive_sample(node, config):
        node = select_child(config, node)
        path.append(node)
    return path


# --- expansion bookkeeping ----------------------------------------------------------------------


def tactic_priors(
    tactics: Sequence[str], logprobs: Sequence[float], temperature: float, synthetic: Sequence[str] = ()
) -> dict[str, float]:
    """{tactic: exp(logprob / T)} over distinct tactics (a duplicate keeps its best prior), then the
    synthetic candidates with the prior of the best sampled tactic (logprob 0 when nothing was sampled)."""
    priors: dict[str, float] = {}
    for tactic, logprob in zip(tactics, logprobs, strict=True):
        p = math.exp(logprob / temperature)
        priors[tactic] = max(p, priors.get(tactic, 0.0))
    best_logprob = max(logprobs, default=0.0)
    for tactic in synthetic:
        priors.setdefault(tactic, math.exp(best_logprob / temperature))
    return priors


def is_cycle(node: Node, state_text: str) -> bool:
    """A tactic whose result renders exactly like `node` or one of its ancestors goes in a circle."""
    return any(a.state_text == state_text for a in node.ancestors())


def add_child(node: Node, tactic: str, prior: float, branches: Sequence[BranchLike]) -> Node:
    """Record a successful tactic: an OR child (0 or 1 branches) or an AND child with one OR grandchild
    per branch. A terminal child marks itself and `node` solved (callers propagate further up)."""
    assert node.kind is Kind.OR, "tactics are applied at OR nodes only"
    if node.children is None:
        node.children = {}
    branches = list(branches)
    child = Node(
        kind=Kind.AND if len(branches) > 1 else Kind.OR,
        branches=branches,
        state_text=state_text_of(branches),
        parent=node,
        action=tactic,
        prior=prior,
        reward=-1.0,
    )
    if child.is_terminal:
        child.is_solved = True
        node.is_solved = True
    if child.kind is Kind.AND:
        child.children = {}
        for i, branch in enumerate(branches):
            child.children[i] = Node(
                kind=Kind.OR,
                branches=[branch],
                state_text=branch.state_text,
                parent=child,
                action=i,
                prior=1.0 / len(branches),
                reward=0.0,
            )
    node.children[tactic] = child
    return child


def mark_expanded(node: Node) -> None:
    """Count one expansion; existing children are kept (progressive sampling accumulates children)."""
    node.evaluations += 1
    if node.children is None:
        node.children = {}


def mark_exhausted(node: Node, new_tactics: int) -> None:
    """After an expansion: a node whose policy proposed nothing new and that has no live child is a dead
    end. It is never selected again (with a deterministic policy it would be re-expanded forever)."""
    if new_tactics == 0 and not node.is_solved and not live_children(node):
        node.dead = True


# --- backpropagation -----------------------------------------------------------------------------


def and_value(node: Node) -> float:
    """Value an AND node passes up: the mean value of its hardest open, visited subgoal (1 if none)."""
    value = 1.0
    for child in (node.children or {}).values():
        if not child.is_solved and child.visit_count > 0:
            value = min(value, child.value())
    return value


def backpropagate(path: Sequence[Node], value: float, config: SearchConfig) -> None:
    """Add `value` (negated expected depth of the expanded leaf) along the path and update solvedness:
    an AND node is solved when all its children are, an OR node when any child is; an AND node is dead
    when one of its children is (the dead subgoal cannot be proved, so neither can the conjunction)."""
    if not live_children(path[-1]):
        value = config.no_legal_actions_value
    solved = False
    for i in range(len(path) - 1, -1, -1):
        node = path[i]
        node.value_sum += value
        node.visit_count += 1
        if node.kind is Kind.AND:
            solved = all(c.is_solved for c in (node.children or {}).values())
            node.dead = not solved and any(c.dead for c in (node.children or {}).values())
        else:
            solved = solved or node.is_solved
        node.is_solved = solved
        if i > 0:
            value = and_value(path[i - 1]) if path[i - 1].kind is Kind.AND else node.reward + value


def recompute_solved(node: Node) -> bool:
    """Solvedness recomputed bottom-up from the leaves (a check of the incremental propagation)."""
    if node.is_terminal:
        node.is_solved = True
    elif not node.children:
        node.is_solved = False
    elif node.kind is Kind.AND:
        node.is_solved = all([recompute_solved(c) for c in node.children.values()])
    else:
        node.is_solved = any([recompute_solved(c) for c in node.children.values()])
    return node.is_solved


# --- value targets ---------------------------------------------------------------------------------


def compute_value_targets(node: Node) -> float | None:
    """Set `value_target` on every solved node: terminal 0; OR = −1 + max over solved children;
    AND = min over children. Unsolved nodes get None. Returns the node's target."""
    for child in (node.children or {}).values():
        compute_value_targets(child)
    if not node.is_solved:
        node.value_target = None
    elif node.is_terminal:
        node.value_target = 0.0
    elif node.kind is Kind.AND:
        targets = [c.value_target for c in (node.children or {}).values()]
        node.value_target = min(t for t in targets if t is not None) if None not in targets else None
    else:
        solved = [c.value_target for c in (node.children or {}).values() if c.value_target is not None]
        node.value_target = -1.0 + max(solved) if solved else None
    return node.value_target


def proof_child(node: Node) -> Node:
    """The child a proof uses at a solved OR node: best value target (shortest proof), then the shortest
    tactic text, then the first found. Requires `compute_value_targets` to have run."""
    assert node.kind is Kind.OR and node.is_solved and node.children, "proof_child needs a solved OR node"
    solved = [c for c in node.children.values() if c.is_solved]
    assert solved, "solved OR node without a solved child"
    return min(
        solved,
        key=lambda c: (-(c.value_target if c.value_target is not None else -math.inf), len(str(c.action))),
    )


def tree_size(root: Node) -> dict[str, int]:
    counts = {"nodes": 0, "or_nodes": 0, "and_nodes": 0, "expanded": 0}
    for node in iter_nodes(root):
        counts["nodes"] += 1
        counts["and_nodes" if node.kind is Kind.AND else "or_nodes"] += 1
        counts["expanded"] += node.kind is Kind.OR and node.evaluations > 0
    return counts
