"""RL shard files: rollouts, replay, attempts and rejected tactics of one iteration, as parquet.

Layout under the artifact root (hive-style, so DuckDB and pyarrow see ``iteration`` as a column too):

    rl/rollouts/iteration=K/batches/batch-B.parquet   one row per attempt of one rollout batch, with
                                                 nested transitions and rejected tactics (raw search output)
    rl/rollouts/iteration=K/part-0.parquet       all batches of the iteration merged
    rl/replay/iteration=K/part-0.parquet         transitions of the proven attempts (training data)
    rl/attempts/iteration=K/part-0.parquet       exactly one row per theorem attempted
    rl/rejected/iteration=K/part-0.parquet       (state, tactic) pairs Lean rejected, deduplicated
    rl/matchmaker/iteration=K/part-0.parquet     weights/budgets before iteration K, who was sampled
    rl/frontier/iteration=K/part-0.parquet       fresh generated statements added to the pool in K

Every file is written atomically (a temp file in the same directory, then ``os.replace``), and writing a
shard removes every other data file of that iteration's directory, so re-materializing an iteration
replaces its rows and never appends them twice. Temp files start with a dot and end in ``.tmp``, so the
``*.parquet`` globs readers use never see a half-written file.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from core import data_files
from core.atomic import atomic_write_bytes

PART = "part-0.parquet"

TRANSITION_TYPE = pa.struct(
    [
        ("state", pa.string()),
        ("tactic", pa.string()),
        ("value_target", pa.float64()),
        ("proof_depth", pa.int64()),
    ]
)
REJECTED_TYPE = pa.struct([("state", pa.string()), ("tactic", pa.string()), ("error", pa.string())])

SCHEMAS: dict[str, pa.Schema] = {
    "replay": pa.schema(
        [
            ("iteration", pa.int64()),
            ("theorem_id", pa.string()),
            ("dataset", pa.string()),
            ("state", pa.string()),
            ("tactic", pa.string()),
            ("value_target", pa.float64()),
            ("proof_depth", pa.int64()),
            ("model_version", pa.string()),
        ]
    ),
    "attempts": pa.schema(
        [
            ("iteration", pa.int64()),
            ("dataset", pa.string()),
            ("theorem_id", pa.string()),
            ("outcome", pa.string()),
            ("simulations", pa.int64()),
            ("num_simulations", pa.int64()),  # the budget the matchmaker gave it
            ("seconds", pa.float64()),
            ("proof", pa.string()),
            ("error", pa.string()),
            ("model_version", pa.string()),
        ]
    ),
    "rejected": pa.schema(
        [
            ("iteration", pa.int64()),
            ("dataset", pa.string()),
            ("theorem_id", pa.string()),
            ("state", pa.string()),
            ("tactic", pa.string()),
            ("error", pa.string()),
        ]
    ),
}
# The matchmaker's state before an iteration (rebuilt from earlier attempts) and who it sampled.
SCHEMAS["matchmaker"] = pa.schema(
    [
        ("iteration", pa.int64()),
        ("dataset", pa.string()),
        ("theorem_id", pa.string()),
        ("weight", pa.float64()),
        ("num_simulations", pa.int64()),
        ("attempts", pa.int64()),
        ("proven", pa.int64()),
        ("unproven", pa.int64()),
        ("errors", pa.int64()),
        ("shortest_proof", pa.int64()),
        ("sampled", pa.bool_()),
    ]
)
# Fresh statements the frontier generator added to the RL pool in an iteration (rl.frontier).
SCHEMAS["frontier"] = pa.schema(
    [
        ("iteration", pa.int64()),
        ("dataset", pa.string()),
        ("id", pa.string()),
        ("split", pa.string()),
        ("header", pa.string()),
        ("statement", pa.string()),
        ("tier", pa.int64()),
    ]
)
# One row per attempt with everything the search returned; the other shards are derived from it.
SCHEMAS["rollouts"] = pa.schema(
    [
        *SCHEMAS["attempts"],
        ("transitions", pa.list_(TRANSITION_TYPE)),
        ("rejected", pa.list_(REJECTED_TYPE)),
    ]
)
SHARD_KINDS = ("replay", "attempts", "rejected")


def iteration_dir(root: str | Path, kind: str, iteration: int) -> Path:
    if kind not in SCHEMAS:
        raise ValueError(f"unknown shard kind {kind!r}; expected one of {sorted(SCHEMAS)}")
    return Path(root) / "rl" / kind / f"iteration={int(iteration)}"


def shard_path(root: str | Path, kind: str, iteration: int) -> Path:
    return iteration_dir(root, kind, iteration) / PART


def to_table(kind: str, rows: Sequence[Mapping[str, Any]]) -> pa.Table:
    """Rows (dicts) as a table with the shard's schema; missing columns are null, extras are an error."""
    schema = SCHEMAS[kind]
    extra = {k for r in rows for k in r} - set(schema.names)
    if extra:
        raise ValueError(f"{kind} rows have unknown columns {sorted(extra)}")
    return pa.Table.from_pylist([dict(r) for r in rows], schema=schema)


def write_parquet_atomic(path: str | Path, table: pa.Table) -> Path:
    buf = io.BytesIO()
    pq.write_table(table, buf, compression="zstd")
    atomic_write_bytes(path, buf.getvalue())
    return Path(path)


def write_shard(root: str | Path, kind: str, iteration: int, rows: Sequence[Mapping[str, Any]]) -> Path:
    """Replace the ``kind`` shard of ``iteration`` with ``rows`` (one atomic file; stale parts removed)."""
    path = shard_path(root, kind, iteration)
    write_parquet_atomic(path, to_table(kind, rows))
    for stale in path.parent.glob("*.parquet"):
        if stale.name != PART:
            stale.unlink(missing_ok=True)
    return path


def batches_dir(root: str | Path, iteration: int) -> Path:
    """Batch files live one level down, so writing the merged rollouts shard never removes them (a
    re-executed collect step must still find them)."""
    return iteration_dir(root, "rollouts", iteration) / "batches"


def write_batch(root: str | Path, iteration: int, batch: int, rows: Sequence[Mapping[str, Any]]) -> Path:
    """One rollout batch's attempts (``rollouts`` schema) as ``batch-BBBB.parquet``; rerunning the batch
    replaces the file."""
    path = batches_dir(root, iteration) / f"batch-{int(batch):04d}.parquet"
    return write_parquet_atomic(path, to_table("rollouts", rows))


def clear_batches(root: str | Path, iteration: int) -> None:
    """Remove the batch files of an iteration (a fresh rollout starts; stale batches must not be merged)."""
    for p in batches_dir(root, iteration).glob("batch-*.parquet"):
        p.unlink(missing_ok=True)


def read_table(path: str | Path, kind: str) -> pa.Table:
    return data_files.read_table(path, schema=SCHEMAS[kind])


def read_shards(root: str | Path, kind: str, iterations: Iterable[int]) -> pa.Table:
    """The ``kind`` shards of ``iterations`` that exist, concatenated (an empty table when none do)."""
    tables = [
        read_table(p, kind) for k in sorted(set(iterations)) if (p := shard_path(root, kind, k)).is_file()
    ]
    return pa.concat_tables(tables) if tables else SCHEMAS[kind].empty_table()


def materialized_iterations(root: str | Path, kind: str) -> list[int]:
    base = Path(root) / "rl" / kind
    out = []
    for d in base.glob("iteration=*"):
        if (d / PART).is_file():
            try:
                out.append(int(d.name.split("=", 1)[1]))
            except ValueError:
                continue
    return sorted(out)


def window(iteration: int, size: int) -> list[int]:
    """Iterations of the replay window ending at ``iteration``: [k-w+1 .. k] ∩ [1 ..]."""
    if size < 1:
        raise ValueError("replay window must be >= 1")
    return list(range(max(1, iteration - size + 1), iteration + 1))


def read_replay_window(root: str | Path, iteration: int, size: int) -> pa.Table:
    return read_shards(root, "replay", window(iteration, size))


def read_attempts_before(root: str | Path, iteration: int) -> list[dict[str, Any]]:
    """Attempt rows of every materialized iteration < ``iteration`` (the matchmaker's history)."""
    earlier = [k for k in materialized_iterations(root, "attempts") if k < iteration]
    table = read_shards(root, "attempts", earlier)
    return table.select(["iteration", "dataset", "theorem_id", "outcome", "proof"]).to_pylist()


# --------------------------------------------------------------------------- deriving shards from rollouts
def derive_shards(rollout_rows: Sequence[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Split rollout rows into attempts, replay and rejected rows.

    Replay = the transitions of *proven* attempts only, unique per (theorem, state, tactic) (a proof can
    visit the same state twice after simplification; one copy is enough). Rejected = (state, tactic)
    pairs Lean refused, unique per iteration (reference NegativeBuffer: "deduplicated per phase").
    """
    attempt_cols = SCHEMAS["attempts"].names
    attempts: list[dict[str, Any]] = []
    replay: list[dict[str, Any]] = []
    rejected: list[dict[str, Any]] = []
    seen_rejected: set[tuple[str, str]] = set()
    for r in rollout_rows:
        attempts.append({c: r.get(c) for c in attempt_cols})
        if r["outcome"] == "proven":
            seen: set[tuple[str, str]] = set()
            for t in r.get("transitions") or ():
                if (t["state"], t["tactic"]) in seen:
                    continue
                seen.add((t["state"], t["tactic"]))
                replay.append(
                    {
                        "iteration": r["iteration"],
                        "theorem_id": r["theorem_id"],
                        "dataset": r["dataset"],
                        "state": t["state"],
                        "tactic": t["tactic"],
                        "value_target": float(t["value_target"]),
                        "proof_depth": int(t["proof_depth"]),
                        "model_version": r.get("model_version"),
                    }
                )
        for x in r.get("rejected") or ():
            if (x["state"], x["tactic"]) in seen_rejected:
                continue
            seen_rejected.add((x["state"], x["tactic"]))
            rejected.append(
                {
                    "iteration": r["iteration"],
                    "dataset": r["dataset"],
                    "theorem_id": r["theorem_id"],
                    "state": x["state"],
                    "tactic": x["tactic"],
                    "error": x.get("error"),
                }
            )
    return {"attempts": attempts, "replay": replay, "rejected": rejected}


def write_iteration(
    root: str | Path, iteration: int, rollout_rows: Sequence[Mapping[str, Any]]
) -> dict[str, int]:
    """Write the replay, rejected and attempts shards of an iteration from its rollout rows (each file
    atomic; attempts last, so a finished attempts shard means the iteration's shards are complete).
    Returns row counts per shard."""
    for r in rollout_rows:
        if int(r["iteration"]) != int(iteration):
            raise ValueError(f"rollout row of iteration {r['iteration']} in iteration {iteration}")
    shards = derive_shards(rollout_rows)
    for kind in ("replay", "rejected", "attempts"):
        write_shard(root, kind, iteration, shards[kind])
    return {kind: len(rows) for kind, rows in shards.items()}


def fifo(rows: Iterable[Mapping[str, Any]], capacity: int) -> list[dict[str, Any]]:
    """The replay buffer as the reference keeps it — a FIFO of *transitions*, not a window of iterations:
    the newest ``capacity`` replay rows (``iteration``, ``state``, ``tactic``, ...), one per distinct
    (state, tactic) — the newest occurrence, so a theorem proven in every iteration does not crowd out the
    rest — in chronological order."""
    if capacity < 1:
        raise ValueError(f"replay capacity must be >= 1, got {capacity}")
    ordered = sorted(enumerate(rows), key=lambda ir: (int(ir[1].get("iteration") or 0), ir[0]))
    newest: dict[tuple[str, str], dict[str, Any]] = {}
    for _, r in ordered:
        key = (str(r["state"]), str(r["tactic"]))
        newest.pop(key, None)  # re-insert so dict order = order of last occurrence
        newest[key] = dict(r)
    kept = list(newest.values())
    return kept[-capacity:]
