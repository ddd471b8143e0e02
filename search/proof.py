"""From a solved tree to a checked proof: choose the proof, replay-verify it, linearize it into a Lean 4
tactic script, build the full source, and extract training transitions.

A proof is only ever reported when (1) its tactics replay in Lean from a fresh `proof_from_sorry` with
the same branch counts as in the tree and (2) the linearized source passes `is_valid_source`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from lean_io.errors import LeanBusinessError
from search.mcts import STATUS_SUCCESS, TacticRecord
from search.tree import Kind, Node, proof_child

_DECL = re.compile(r"\b(theorem|lemma)\s+[^\s:(\[{]+")
_BARE_CASE = re.compile(r"^(case\s+\S.*|next(\s+.*)?)$")


class Transition(NamedTuple):
    state: str
    tactic: str
    value_target: float
    proof_depth: int


class Rejected(NamedTuple):
    state: str
    tactic: str
    error: str


# --- the source text --------------------------------------------------------------------------------


def theorem_to_example(statement: str) -> str:
    """Rename the last `theorem|lemma <name>` to `example`, so starting a proof declares nothing and the
    named theorem can still be checked later in the same lease (as the reference does)."""
    matches = list(_DECL.finditer(statement))
    if not matches:
        return statement
    m = matches[-1]
    return statement[: m.start()] + "example" + statement[m.end() :]


def with_header(header: str, source: str) -> str:
    header = header.strip("\n")
    return f"{header}\n\n{source}" if header.strip() else source


def init_source(theorem: dict[str, Any]) -> str:
    """What `proof_from_sorry` gets for a theorem row: header + the statement as an `example`."""
    return with_header(theorem.get("header") or "", theorem_to_example(theorem["statement"]))


def _close_bare_case(line: str) -> str:
    """`case h` / `next` without `=>` is not a tactic in a script; the reference appends ` =>`."""
    stripped = line.strip()
    if _BARE_CASE.match(stripped) and "=>" not in stripped:
        return line.rstrip() + " =>"
    return line


def construct_proof_source(statement: str, tactic_lines: list[str]) -> str:
    """Replace the statement's trailing `sorry` with the tactic lines, indented by 2 spaces."""
    body = statement.rstrip()
    if not body.endswith("sorry"):
        raise ValueError("statement does not end with `sorry`")
    prefix = body[: -len("sorry")].rstrip(" \t")
    if not prefix.endswith("\n"):
        prefix += "\n"
    return prefix + "\n".join("  " + _close_bare_case(line) for line in tactic_lines) + "\n"


# --- the proof inside the tree ---------------------------------------------------------------------


def _goal_count(node: Node) -> int:
    branch = node.branches[0]
    goals = getattr(branch, "goals", None)
    if goals is not None:
        return len(goals)
    return sum(1 for line in node.state_text.split("\n") if line.startswith("⊢"))


def _and_children(node: Node) -> list[Node]:
    assert node.kind is Kind.AND and node.children is not None
    return [node.children[i] for i in sorted(node.children, key=int)]


def proof_steps(root: Node) -> Iterator[tuple[Node, Node]]:
    """(OR node, chosen child) for every tactic of the proof, depth first, AND children in order."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_terminal:
            continue
        child = proof_child(node)
        yield node, child
        if child.kind is Kind.AND:
            stack.extend(reversed(_and_children(child)))
        elif not child.is_terminal:
            stack.append(child)


def _block(node: Node) -> list[str]:
    """The script (relative indentation) that closes the goal group of a solved OR node."""
    if node.is_terminal:
        return []
    child = proof_child(node)
    tactic = str(child.action)
    lines = tactic.split("\n")
    rest: list[str] = []
    if child.kind is Kind.AND:
        kids = _and_children(child)
        if all(_goal_count(k) == 1 for k in kids):
            # one bullet per subgoal: focuses it (siblings hidden, as during search) and checks it is closed
            for kid in kids:
                sub = _block(kid)
                rest.append("· " + sub[0])
                rest.extend("  " + s for s in sub[1:])
        else:
            # a group of several goals cannot be focused by one bullet; its tactics act on the first goals
            for kid in kids:
                rest.extend(_block(kid))
    else:
        rest = _block(child)
    if _BARE_CASE.match(lines[-1].strip()) and "=>" not in lines[-1]:
        rest = ["  " + s for s in rest]  # the block of `case h =>` is indented under it
    return lines + rest


def linearize(root: Node) -> list[str]:
    """The proof as tactic lines (nested blocks indented relative to column 0 of the proof)."""
    assert root.is_solved, "linearize needs a solved root"
    return _block(root)


# --- verification ---------------------------------------------------------------------------------------


def verify_proof(root: Node, branch: Any, timeout_ms: int = 5000) -> str | None:
    """Replay the chosen tactics from `branch` (a fresh root branch) and compare branch counts with the
    tree. Returns None when the proof replays, else the reason."""
    stack: list[tuple[Node, Any]] = [(root, branch)]
    while stack:
        node, br = stack.pop()
        if node.is_terminal:
            continue
        child = proof_child(node)
        try:
            new = br.try_apply_tactic(str(child.action), timeout_ms=timeout_ms)
        except LeanBusinessError as exc:
            return f"tactic {child.action!r} failed on replay: {exc}"
        if len(new) != len(child.branches):
            return (
                f"tactic {child.action!r} gave {len(new)} branches on replay, "
                f"{len(child.branches)} during search"
            )
        if child.kind is Kind.AND:
            stack.extend(zip(_and_children(child), new, strict=True))
        elif new:
            stack.append((child, new[0]))
    return None


# --- training data -----------------------------------------------------------------------------------


def extract_transitions(root: Node) -> list[Transition]:
    """(state, tactic, value_target, proof_depth) for every tactic of the proof; needs value targets."""
    out = []
    for node, child in proof_steps(root):
        assert node.value_target is not None, "compute_value_targets must run first"
        depth = round(-node.value_target)
        out.append(Transition(node.state_text, str(child.action), node.value_target, depth))
    return out


def rejected_tactics(records: list[TacticRecord]) -> list[Rejected]:
    return [Rejected(r.state, r.tactic, r.error or r.status) for r in records if r.status != STATUS_SUCCESS]
