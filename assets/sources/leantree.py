"""LeanTree `LeanFile` JSON lines → SFT transitions (docs/PROTOCOL.md §3).

One JSON line is one `LeanFile`: theorems → by-blocks → proof trees. Every node of every tree is one
transition (state text, tactic, proof depth). The same reader serves LeanTree's
``leantree_mathlib.jsonl`` and minilean's export of its train proofs.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assets.sources.hf import download_hf_file
from assets.sources.splits import tail_split
from lean_io.goals import Goal, render_state

LEANTREE_REPO = "ufal/leantree"
LEANTREE_FILE = "leantree_mathlib.jsonl"
VALID_FRACTION = 0.1


def download_leantree(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    return download_hf_file(LEANTREE_REPO, LEANTREE_FILE, cache_dir=cache_dir)


def is_usable_tactic(tactic: str) -> bool:
    """nanoproof's filter: no `sorry`/`admit`, and not `bound` (it breaks the kernel check)."""
    return "sorry" not in tactic and "admit" not in tactic and tactic.strip() != "bound"


@dataclass
class LeanTreeStats:
    """What was read and what was skipped (reported as asset metadata)."""

    files: int = 0
    theorems: int = 0
    theorem_errors: int = 0
    tree_errors: int = 0
    nodes: int = 0
    skipped_tactics: int = 0
    unexpanded_nodes: int = 0
    bad_lines: int = 0
    examples_skipped: list[str] = field(default_factory=list)


def _proof_depths(nodes: dict[str, dict[str, Any]]) -> dict[str, int]:
    """Depth of each node's proof (1 + max child depth), for files that do not store it."""
    memo: dict[str, int] = {}

    def depth(node_id: str) -> int:
        if node_id not in memo:
            tactic = nodes[node_id].get("tactic") or {}
            memo[node_id] = 1 + max((depth(c) for c in tactic.get("children", []) if c in nodes), default=0)
        return memo[node_id]

    return {node_id: depth(node_id) for node_id in nodes}


def _preorder(tree: dict[str, Any]) -> list[dict[str, Any]]:
    """Nodes from the root, parents before children (LeanTree's `get_nodes` order)."""
    nodes = {n["id"]: n for n in tree["nodes"]}
    order: list[dict[str, Any]] = []
    seen: set[str] = set()
    stack = [tree["root_id"]]
    while stack:
        node_id = stack.pop()
        if node_id in seen or node_id not in nodes:
            continue
        seen.add(node_id)
        node = nodes[node_id]
        order.append(node)
        children = (node.get("tactic") or {}).get("children", [])
        stack.extend(reversed(children))
    return order


def file_transitions(lean_file: dict[str, Any], stats: LeanTreeStats) -> Iterator[tuple[str, str, int, str]]:
    """(state, tactic, proof_depth, theorem name) for every usable node of one `LeanFile`."""
    stats.files += 1
    for thm in lean_file.get("theorems", []):
        if thm.get("error") is not None:
            stats.theorem_errors += 1
            continue
        stats.theorems += 1
        name = thm.get("name") or ""
        for block in thm.get("by_blocks", []):
            tree = block.get("tree")
            # Older files put a bare {"error"} in by_blocks; newer ones put it at tree level.
            if block.get("error") is not None or not isinstance(tree, dict) or tree.get("error") is not None:
                stats.tree_errors += 1
                continue
            nodes = _preorder(tree)
            depths: dict[str, int] | None = None
            for node in nodes:
                edge = node.get("tactic")
                if not edge:  # an unexpanded goal: no transition out of it
                    stats.unexpanded_nodes += 1
                    continue
                stats.nodes += 1
                tactic = edge["tactic_string"]
                if not is_usable_tactic(tactic):
                    stats.skipped_tactics += 1
                    if len(stats.examples_skipped) < 5:
                        stats.examples_skipped.append(tactic)
                    continue
                depth = node.get("proof_depth")
                if depth is None:
                    depths = depths or _proof_depths({n["id"]: n for n in tree["nodes"]})
                    depth = depths[node["id"]]
                state = render_state([Goal.from_json(g) for g in node["state"]["goals"]])
                yield state, tactic, int(depth), name


def count_lines(path: str | os.PathLike[str]) -> int:
    with open(path, "rb") as fh:
        return sum(1 for line in fh if line.strip())


def leantree_transitions(
    path: str | os.PathLike[str],
    *,
    source: str,
    max_files: int | None = None,
    valid_fraction: float = VALID_FRACTION,
    stats: LeanTreeStats | None = None,
) -> Iterator[dict[str, Any]]:
    """Transition rows of a LeanTree jsonl file; the last ``valid_fraction`` of its files are `valid`.

    ``max_files`` reads only the first N files (lines) and splits those. Lines that are not UTF-8, not
    JSON or not a JSON object are counted in ``stats.bad_lines`` and skipped; the rest of the file is read.
    """
    stats = stats if stats is not None else LeanTreeStats()
    total = count_lines(path)
    if max_files is not None:
        total = min(total, max_files)
    # Bytes, decoded per line: one undecodable line must not abort the whole (multi-GB) file.
    with open(path, "rb") as fh:
        for index, raw in enumerate(_nonblank(fh)):
            if index >= total:
                break
            split = tail_split(index, total, valid_fraction)
            try:
                lean_file = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                stats.bad_lines += 1
                continue
            if not isinstance(lean_file, dict):
                stats.bad_lines += 1
                continue
            for state, tactic, depth, name in file_transitions(lean_file, stats):
                yield {
                    "state": state,
                    "tactic": tactic,
                    "proof_depth": depth,
                    "source": source,
                    "split": split,
                    "theorem": name,
                }


def _nonblank(lines: Iterable[bytes]) -> Iterator[bytes]:
    return (line for line in lines if line.strip())
