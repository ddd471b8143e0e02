"""Fresh RL statements every iteration: the offline stand-in for conjecturing / a Lean-Workbook-size pool.

Why: offline, the RL pool is minilean's ``train`` split, and SFT trained on a reference proof of every one
of those theorems, so RL on that pool re-learns what SFT already knows. This module draws *new* statements
each iteration from the same procedural families that built the theorem sets
(``minilean.gen_theorems``: propositional tautologies, linear arithmetic, mixed), seeded by the
iteration, and

- deduplicates them (statement text without the theorem name) against every shipped split — the fixed
  ``valid``/``test`` eval sets in particular — so no eval theorem ever enters RL;
- labels each with a **difficulty level** (1–4, the size tier of the proof minilean's own ``autoprove``
  finds; statements autoprove cannot prove are dropped, so the pool holds provable statements only);
  the reference proof is only used for the label and is never trained on;
- keeps the requested mix of levels (harder levels are where the frontier is).

Ids are a content hash (``gen_<sha>``), so a statement drawn again in a later iteration is the same
theorem to the matchmaker and its history accumulates.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

DATASET = "minilean_gen"
_NAME = re.compile(r"^\s*(theorem|lemma|example)\s+(\S+\s+)?")


def statement_key(statement: str) -> str:
    """The statement without its declaration name and proof, whitespace-normalized, so the same
    proposition under another theorem name is the same key."""
    body = statement.split(":= by", 1)[0]
    m = _NAME.match(body)
    if m and m.group(1) != "example":
        body = body[m.end():]
    elif m:
        body = body[len(m.group(1)):]
    return " ".join(body.split())


@dataclass(frozen=True)
class FrontierConfig:
    per_iteration: int = 64  # fresh statements per iteration
    levels: tuple[int, ...] = (1, 2, 3, 4)  # difficulty levels kept (1 = one-or-two-tactic proofs)
    family_weights: tuple[float, float, float] = (0.7, 0.15, 0.15)  # prop, arith, mixed
    seed: int = 0

    def __post_init__(self) -> None:
        if self.per_iteration < 0:
            raise ValueError(f"FrontierConfig.per_iteration must be >= 0, got {self.per_iteration}")
        if not self.levels or any(lv not in (1, 2, 3, 4) for lv in self.levels):
            raise ValueError(f"FrontierConfig.levels must be a non-empty subset of 1..4, got {self.levels}")
        if len(self.family_weights) != 3 or min(self.family_weights) < 0 or sum(self.family_weights) <= 0:
            raise ValueError(f"FrontierConfig.family_weights must be 3 non-negative weights, got "
                             f"{self.family_weights}")


def shipped_keys() -> set[str]:
    """Keys of every statement of minilean's shipped theorem sets (train, valid, test)."""
    from minilean.theorems import load_theorems

    return {statement_key(r["statement"]) for r in load_theorems()}


def _difficulty(binders: str, goal: str) -> int | None:
    """Size tier of autoprove's proof (gen_theorems' tiers), or None when autoprove finds none."""
    from minilean import gen_theorems as gen
    from minilean.autoprove import Prover
    from minilean.engine import elaborate, initial_env

    res = elaborate(initial_env(), f"theorem t {binders} : {goal} := by\n  sorry")
    if res.has_errors or len(res.sorries) != 1:
        return None
    tree = Prover().prove(res.sorries[0])
    if tree is None:
        return None
    return gen._tier(tree)


def generate(
    iteration: int,
    config: FrontierConfig,
    exclude: Iterable[str] = (),
) -> list[dict[str, Any]]:
    """``config.per_iteration`` statements rows (``dataset``, ``id``, ``split``, ``header``, ``statement``,
    ``tier``) for iteration ``iteration``; same (iteration, config, exclude) → same rows."""
    from minilean import gen_theorems as gen

    if config.per_iteration == 0:
        return []
    excluded = set(exclude) | shipped_keys()
    rng = random.Random(f"frontier/{config.seed}/{iteration}")
    families = (gen.gen_prop, gen.gen_arith, gen.gen_mixed)
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for _ in range(50):  # rounds; each draws a fresh batch per family
        if len(rows) >= config.per_iteration:
            break
        need = config.per_iteration - len(rows)
        picks = rng.choices(range(3), weights=config.family_weights, k=need)
        for fam in range(3):
            want = picks.count(fam)
            if not want:
                continue
            for binders, goal in families[fam](random.Random(rng.getrandbits(64)), 2 * want + 4):
                key = " ".join(f"{binders} : {goal}".split())
                if key in excluded or key in seen:
                    continue
                seen.add(key)
                tier = _difficulty(binders, goal)
                if tier is None or tier not in config.levels:
                    continue
                ident = "gen_" + hashlib.sha256(key.encode()).hexdigest()[:12]
                row = {
                    "dataset": DATASET,
                    "id": ident,
                    "split": "train",
                    "header": "",
                    "statement": f"theorem {ident} {binders} : {goal} := by\n  sorry",
                    "tier": tier,
                }
                rows.append(row)
                want -= 1
                if want == 0 or len(rows) >= config.per_iteration:
                    break
    return rows[: config.per_iteration]


def merge_pool(
    base: Sequence[Mapping[str, Any]],
    generated: Iterable[Mapping[str, Any]],
    eval_statements: Iterable[str] = (),
) -> list[dict[str, Any]]:
    """The RL pool: the base statements plus generated ones (earlier iterations' stay, so the matchmaker
    can retry what was missed), without a duplicate of an eval statement or of each other."""
    exclude = {statement_key(s) for s in eval_statements}
    pool: list[dict[str, Any]] = []
    keys: set[tuple[str, str]] = set()
    for r in [*base, *generated]:
        key = (str(r["dataset"]), str(r["id"]))
        if key in keys or statement_key(str(r["statement"])) in exclude:
            continue
        keys.add(key)
        pool.append(dict(r))
    return pool
