"""experiments.pool_heldout: the held-out pool statements are those the run never attempted (DuckDB over
the run's real attempts shards), per level, reproducibly."""

from __future__ import annotations

import json
from pathlib import Path

from experiments.pool_heldout import heldout
from rl.replay import write_shard


def _pool(path: Path, n_per_level: int) -> Path:
    rows = [{"dataset": "minilean_comp_pool", "id": f"p{level}_{i}", "split": "train", "header": "",
             "family": "linsys", "level": level,
             "statement": f"theorem p{level}_{i} : {i} = {i} := by\n  sorry"}
            for level in (1, 2, 3) for i in range(n_per_level)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _attempt(iteration: int, theorem_id: str) -> dict:
    return {"iteration": iteration, "dataset": "minilean_comp_pool", "theorem_id": theorem_id,
            "outcome": "proven", "simulations": 4, "num_simulations": 32, "seconds": 0.1, "proof": "rfl",
            "error": None, "model_version": "m"}


def test_attempted_statements_are_never_held_out(tmp_path: Path) -> None:
    pool = _pool(tmp_path / "pool.jsonl", 6)
    home = tmp_path / "home"
    write_shard(home, "attempts", 1, [_attempt(1, "p2_0"), _attempt(1, "p2_1")])
    write_shard(home, "attempts", 2, [_attempt(2, "p2_2"), _attempt(2, "p3_5")])
    rows = heldout(home, pool, (2, 3), per_level=10, seed=0)
    ids = {r["id"] for r in rows}
    assert ids == {"p2_3", "p2_4", "p2_5", "p3_0", "p3_1", "p3_2", "p3_3", "p3_4"}
    assert all(r["level"] in (2, 3) for r in rows)


def test_the_sample_is_per_level_and_reproducible(tmp_path: Path) -> None:
    pool = _pool(tmp_path / "pool.jsonl", 20)
    home = tmp_path / "home"
    write_shard(home, "attempts", 1, [_attempt(1, "p1_0")])
    first = heldout(home, pool, (1, 2, 3), per_level=5, seed=7)
    assert [r["level"] for r in first] == [1] * 5 + [2] * 5 + [3] * 5
    assert "p1_0" not in {r["id"] for r in first}
    assert first == heldout(home, pool, (1, 2, 3), per_level=5, seed=7)
    assert first != heldout(home, pool, (1, 2, 3), per_level=5, seed=8)


def test_families_narrow_the_sample(tmp_path: Path) -> None:
    pool = _pool(tmp_path / "pool.jsonl", 6)
    rows = [json.loads(line) for line in pool.read_text().splitlines()]
    for r in rows[::2]:
        r["family"] = "sq_hint"
    pool.write_text("".join(json.dumps(r) + "\n" for r in rows))
    home = tmp_path / "home"
    write_shard(home, "attempts", 1, [_attempt(1, rows[0]["id"])])
    picked = heldout(home, pool, (1, 2, 3), per_level=10, seed=0, families=("sq_hint",))
    assert picked and {r["family"] for r in picked} == {"sq_hint"}
    assert rows[0]["id"] not in {r["id"] for r in picked} and len(picked) == 9 - 1
    every = heldout(home, pool, (1, 2, 3), per_level=10, seed=0)
    assert {r["family"] for r in every} == {"sq_hint", "linsys"}
