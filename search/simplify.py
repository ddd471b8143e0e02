"""Proof simplification before a proof becomes training data (nanoproof prunes redundant nodes).

A proof found by a wide search often carries steps its subproofs never use: a `by_cases h : p` whose
positive case closes without `h`, a second `by_cases` on a proposition already split. Trained on as they
are, such steps teach the policy to spend its few samples on them. `simplify` rebuilds the proof from a
fresh root branch, skipping every step whose own subproof (one of its children) closes the step's goal
directly, and returns a new solved tree that `linearize`, `verify_proof` and `extract_transitions` use
unchanged. Every kept or skipped step is decided by replaying tactics in Lean, never by guessing, so the
result is a proof by construction; a budget on Lean calls bounds the cost (over it, the original stays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lean_io.errors import LeanBusinessError
from search.tree import Kind, Node, add_child, compute_value_targets, make_root, proof_child, recompute_solved


@dataclass(frozen=True)
class Step:
    """One tactic of a proof and the proofs of the goal groups it leaves, in branch order."""

    tactic: str
    kids: tuple[Step, ...]

    @property
    def size(self) -> int:
        return 1 + sum(k.size for k in self.kids)


class BudgetExceeded(Exception):
    pass


def proof_of(root: Node) -> Step:
    """The proof a solved tree holds (the `proof_child` at every OR node)."""
    child = proof_child(root)
    if child.is_terminal:
        kids: tuple[Step, ...] = ()
    elif child.kind is Kind.AND:
        kids = tuple(proof_of(child.children[i]) for i in sorted(child.children or {}, key=int))
    else:
        kids = (proof_of(child),)
    return Step(str(child.action), kids)


class _Lean:
    """Tactic application with a call budget."""

    def __init__(self, budget: int, timeout_ms: int) -> None:
        self.calls, self.budget, self.timeout_ms = 0, budget, timeout_ms

    def apply(self, branch: Any, tactic: str) -> list[Any]:
        if self.calls >= self.budget:
            raise BudgetExceeded
        self.calls += 1
        return branch.try_apply_tactic(tactic, timeout_ms=self.timeout_ms)

    def closes(self, step: Step, branch: Any) -> bool:
        """Does `step`'s proof close `branch` (same branch counts all the way down)?"""
        try:
            new = self.apply(branch, step.tactic)
        except LeanBusinessError:
            return False
        if len(new) != len(step.kids):
            return False
        return all(self.closes(k, b) for k, b in zip(step.kids, new, strict=True))


def _prune(step: Step, branch: Any, lean: _Lean) -> Step:
    # smallest subproof first: the shortest replacement wins
    for sub in sorted(step.kids, key=lambda k: k.size):
        if lean.closes(sub, branch):
            return _prune(sub, branch, lean)
    new = lean.apply(branch, step.tactic)
    if len(new) != len(step.kids):
        raise LeanBusinessError(f"{step.tactic!r} gave {len(new)} branches, the proof has {len(step.kids)}")
    return Step(step.tactic, tuple(_prune(k, b, lean) for k, b in zip(step.kids, new, strict=True)))


def _grow(node: Node, step: Step, lean: _Lean) -> None:
    """Attach `step` below the OR node `node` (replaying it on the node's branch)."""
    child = add_child(node, step.tactic, 1.0, lean.apply(node.branches[0], step.tactic))
    if child.kind is Kind.AND:
        for i, kid in enumerate(step.kids):
            _grow((child.children or {})[i], kid, lean)
    elif not child.is_terminal:
        _grow(child, step.kids[0], lean)


@dataclass
class Simplified:
    root: Node | None  # the simplified solved tree, or None when the proof could not be shortened
    size_before: int
    size_after: int
    lean_calls: int
    reason: str = ""


def simplify(root: Node, fresh: Any, *, budget: int = 200, timeout_ms: int = 5000) -> Simplified:
    """Prune the proof of the solved tree `root`, replaying on `fresh` (a fresh root branch; branches are
    not consumed by a tactic, so the same one serves every trial). Returns root None when nothing was
    pruned, the budget ran out, or Lean disagreed with a replay."""
    proof = proof_of(root)
    if proof.size == 1:  # one tactic: nothing to prune, and no Lean call to spend finding that out
        return Simplified(None, 1, 1, 0, "nothing to prune")
    lean = _Lean(budget, timeout_ms)
    try:
        pruned = _prune(proof, fresh, lean)
        if pruned.size >= proof.size:
            return Simplified(None, proof.size, proof.size, lean.calls, "nothing to prune")
        new = make_root(fresh)
        _grow(new, pruned, lean)
    except BudgetExceeded:
        return Simplified(None, proof.size, proof.size, lean.calls, f"over {budget} Lean calls")
    except LeanBusinessError as exc:
        return Simplified(None, proof.size, proof.size, lean.calls, f"replay failed: {exc}")
    if not recompute_solved(new):
        return Simplified(None, proof.size, proof.size, lean.calls, "rebuilt tree is not solved")
    compute_value_targets(new)
    return Simplified(new, proof.size, pruned.size, lean.calls)
