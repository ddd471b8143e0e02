"""Replay shard IO: schemas, atomic replace-on-rerun, windows, deriving shards from rollout rows."""

from __future__ import annotations

import pyarrow.parquet as pq
import pytest

from rl import replay


def rollout(it: int, tid: str, outcome: str, transitions=(), rejected=()) -> dict:
    return {
        "iteration": it,
        "dataset": "minilean",
        "theorem_id": tid,
        "outcome": outcome,
        "simulations": 5,
        "num_simulations": 64,
        "seconds": 0.5,
        "proof": "intro h\nexact h" if outcome == "proven" else None,
        "error": "boom" if outcome == "error" else None,
        "model_version": "models:/proofmill/1",
        "transitions": [
            {"state": s, "tactic": t, "value_target": -d, "proof_depth": d} for s, t, d in transitions
        ],
        "rejected": [{"state": s, "tactic": t, "error": e} for s, t, e in rejected],
    }


ROWS = [
    rollout(
        1,
        "a",
        "proven",
        [("⊢ p → p", "intro h", 2), ("h : p\n⊢ p", "exact h", 1), ("⊢ p → p", "intro h", 2)],
        [("⊢ p → p", "simp", "simp failed")],
    ),
    rollout(
        1, "b", "unproven", [("⊢ q", "rfl", 1)], [("⊢ p → p", "simp", "simp failed"), ("⊢ q", "omega", "x")]
    ),
    rollout(1, "c", "error"),
]


def test_derive_shards_keeps_unique_transitions_of_proven_attempts() -> None:
    shards = replay.derive_shards(ROWS)
    assert [r["theorem_id"] for r in shards["attempts"]] == ["a", "b", "c"]
    assert [(r["state"], r["tactic"]) for r in shards["replay"]] == [
        ("⊢ p → p", "intro h"),
        ("h : p\n⊢ p", "exact h"),
    ]
    assert {r["theorem_id"] for r in shards["replay"]} == {"a"}  # unproven transitions are not training data
    assert [r["tactic"] for r in shards["rejected"]] == ["simp", "omega"]  # deduplicated per iteration
    assert shards["replay"][1]["value_target"] == -1.0 and shards["replay"][1]["proof_depth"] == 1


def test_write_iteration_replaces_on_rerun(tmp_path) -> None:
    counts = replay.write_iteration(tmp_path, 1, ROWS)
    assert counts == {"attempts": 3, "replay": 2, "rejected": 2}
    path = replay.shard_path(tmp_path, "replay", 1)
    assert path == tmp_path / "rl" / "replay" / "iteration=1" / "part-0.parquet"
    assert pq.read_table(path).schema.equals(replay.SCHEMAS["replay"])
    # a stale part from some other writer and a rerun with fewer rows: exactly the new rows remain
    (path.parent / "part-1.parquet").write_bytes(path.read_bytes())
    counts = replay.write_iteration(tmp_path, 1, ROWS[1:])
    assert counts["replay"] == 0
    assert sorted(p.name for p in path.parent.iterdir()) == ["part-0.parquet"]  # no temp files either
    assert replay.read_shards(tmp_path, "attempts", [1]).num_rows == 2
    assert replay.read_shards(tmp_path, "replay", [1]).num_rows == 0
    with pytest.raises(ValueError):
        replay.write_iteration(tmp_path, 2, ROWS)  # rows of iteration 1 into iteration 2


def test_failed_write_leaves_previous_shard(tmp_path) -> None:
    replay.write_shard(tmp_path, "rejected", 1, [{"iteration": 1, "state": "s", "tactic": "t", "error": "e"}])
    with pytest.raises(ValueError):
        replay.write_shard(tmp_path, "rejected", 1, [{"iteration": 1, "bogus": 1}])
    table = replay.read_shards(tmp_path, "rejected", [1])
    assert table.column("tactic").to_pylist() == ["t"]
    assert [p.name for p in replay.iteration_dir(tmp_path, "rejected", 1).iterdir()] == ["part-0.parquet"]


def test_window_and_batches(tmp_path) -> None:
    assert replay.window(1, 3) == [1]
    assert replay.window(5, 3) == [3, 4, 5]
    for k in (1, 2, 3):
        replay.write_iteration(tmp_path, k, [{**ROWS[0], "iteration": k}])
    assert replay.materialized_iterations(tmp_path, "replay") == [1, 2, 3]
    table = replay.read_replay_window(tmp_path, 3, 2)
    assert sorted(set(table.column("iteration").to_pylist())) == [2, 3]
    assert replay.read_shards(tmp_path, "replay", [7]).num_rows == 0  # missing iterations: empty, typed
    b0 = replay.write_batch(tmp_path, 4, 0, ROWS)
    replay.write_batch(tmp_path, 4, 1, ROWS[:1])
    assert replay.read_table(b0, "rollouts").num_rows == 3
    replay.clear_batches(tmp_path, 4)
    assert not list(b0.parent.glob("batch-*"))
