"""Competition statements for the RL pool: each iteration draws fresh statements from minilean's shipped
competition pool (``minilean.comp_pool``: algebra, inequalities, number theory, sums, functional
equations; statements only, no proofs anywhere in training).

The pool (optionally only some difficulty levels) is shuffled once with the run's seed; iteration k takes
the next ``per_iteration`` statements of that order (wrapping around when the pool is used up), so the
draw is deterministic and an iteration sees statements the earlier ones did not. Rows have the frontier
shard's columns (``tier`` = the pool's difficulty level), so they are recorded and retried like the
frontier's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from rl.frontier import statement_key


def draw(
    iteration: int,
    per_iteration: int,
    levels: Sequence[int] = (1, 2, 3, 4),
    seed: int = 0,
    exclude: Iterable[str] = (),
    families: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """``per_iteration`` pool rows (``dataset``, ``id``, ``split``, ``header``, ``statement``, ``tier``) for
    iteration ``iteration`` (1-based); statements whose key (``rl.frontier.statement_key``) is in
    ``exclude`` are skipped; ``families`` (non-empty) keeps only those families' statements."""
    from minilean.comp_pool import ALL_FAMILIES, load_pool

    if iteration < 1:
        raise ValueError(f"iteration must be >= 1, got {iteration}")
    if per_iteration <= 0:
        return []
    unknown = sorted(set(families) - set(ALL_FAMILIES))
    if unknown:
        raise ValueError(f"unknown competition families {unknown}; known: {sorted(ALL_FAMILIES)}")
    blocked, keep = set(exclude), set(families)
    rows = [r for r in load_pool(levels) if statement_key(r["statement"]) not in blocked
            and (not keep or r["family"] in keep)]
    if not rows:
        raise ValueError(f"the competition pool has no statement at levels {tuple(levels)}"
                         + (f" in families {sorted(keep)}" if keep else ""))
    random.Random(f"comp_pool/{seed}").shuffle(rows)
    start = (iteration - 1) * per_iteration
    picked = [rows[(start + i) % len(rows)] for i in range(min(per_iteration, len(rows)))]
    return [{"dataset": r["dataset"], "id": r["id"], "split": "train", "header": r["header"],
             "statement": r["statement"], "tier": int(r["level"])} for r in picked]
