"""A rollout writer SIGKILLed mid-iteration leaves nothing half-written visible, and re-running it gives
exactly the right rows, once.

The writer is the RL code path (``rl.replay``, rows from ``rl.rollouts.attempt_row`` of real
``prove_many`` attempts on minilean): per iteration, two batch files, the merged rollouts shard, then
``write_iteration`` (replay, rejected, attempts). It runs in a subprocess that is killed with SIGKILL
(1) from inside at a chosen point of an atomic write (temp file complete but not renamed, temp file
half written) and (2) from outside at an arbitrary moment. After each kill every ``*.parquet`` must be
readable (pyarrow and DuckDB, through the ``pipelines.query`` views), and every iteration whose attempts
shard exists (written last) must be complete. The re-run must leave replay rows equal to the unique
transitions of the proven attempts, with no duplicates, and one attempts row per theorem.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import duckdb
import pyarrow.parquet as pq
import pytest

from lean_io.local import minilean_servers
from lean_io.pool import SlotPool
from minilean.theorems import load_theorems
from pipelines import query
from rl.rollouts import attempt_row as _attempt_row
from search.config import SearchConfig
from search.policy import ScriptedPolicy
from search.runner import prove_many

REPO = Path(__file__).resolve().parents[2]
ITERATIONS = 6
TACTICS = ["intro h1", "intro h2", "constructor", "omega", "exact h1", "exact h2", "left", "right", "trivial"]

WRITER = r'''
"""Writes ITERATIONS RL iterations like rl_prove_batch -> rl_collect -> replay_shard; may SIGKILL itself."""
import json, os, signal, sys
from pathlib import Path

import pyarrow as pa

from rl import replay

root, rows_path, iterations, crash = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
rows = json.loads(Path(rows_path).read_text())
point, _, nth = crash.partition(":")
count = {"replace": 0, "write": 0}


def die():
    os.kill(os.getpid(), signal.SIGKILL)


real_replace, real_fdopen = os.replace, os.fdopen


def replace(src, dst):
    count["replace"] += 1
    if point == "replace" and count["replace"] == int(nth):
        die()  # the temp file is complete and fsynced, the rename never happens
    return real_replace(src, dst)


class HalfWriter:
    def __init__(self, fh):
        self.fh = fh

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return self.fh.__exit__(*exc)

    def write(self, data):
        self.fh.write(data[: len(data) // 2])
        self.fh.flush()
        die()  # the temp file holds half a parquet file


def fdopen(fd, mode="r", *args, **kwargs):
    fh = real_fdopen(fd, mode, *args, **kwargs)
    if mode == "wb":
        count["write"] += 1
        if point == "write" and count["write"] == int(nth):
            return HalfWriter(fh)
    return fh


os.replace, os.fdopen = replace, fdopen

for k in range(1, iterations + 1):
    batch_rows = [dict(r, iteration=k) for r in rows]
    replay.clear_batches(root, k)
    paths = [replay.write_batch(root, k, b, batch_rows[b::2]) for b in range(2)]
    merged = pa.concat_tables([replay.read_table(p, "rollouts") for p in sorted(paths)])
    replay.write_parquet_atomic(replay.shard_path(root, "rollouts", k), merged)
    merged_rows = replay.read_table(replay.shard_path(root, "rollouts", k), "rollouts").to_pylist()
    replay.write_iteration(root, k, merged_rows)
    print(f"done {k}", flush=True)
'''


@pytest.fixture(scope="module")
def rollout_rows() -> list[dict[str, Any]]:
    """Rollout rows of 10 real attempts (some proven, some not) on minilean."""
    theorems = sorted(load_theorems("train"), key=lambda t: (t["tier"], t["id"]))[::25][:10]
    with minilean_servers(1, max_processes=4) as urls, SlotPool(urls) as pool:
        attempts = prove_many(
            theorems, pool, ScriptedPolicy(TACTICS), SearchConfig(num_simulations=6, time_budget_s=None), 4
        )
    rows = [_attempt_row(a, 1, 6) for a in attempts]
    assert {r["outcome"] for r in rows} == {"proven", "unproven"}
    return rows


def expected_replay(rows: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """The unique (theorem, state, tactic) transitions of the proven attempts."""
    keys = [
        (r["theorem_id"], t["state"], t["tactic"])
        for r in rows
        if r["outcome"] == "proven"
        for t in r["transitions"]
    ]
    return sorted(dict.fromkeys(keys))


def run_writer(tmp: Path, rows: list[dict[str, Any]], crash: str) -> subprocess.Popen[str]:
    script = tmp / "writer.py"
    script.write_text(WRITER)
    rows_path = tmp / "rows.json"
    rows_path.write_text(json.dumps(rows))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, str(script), str(tmp / "home"), str(rows_path), str(ITERATIONS), crash],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def temp_files(home: Path) -> list[Path]:
    return sorted(p for p in home.rglob("*") if p.is_file() and p.name.endswith(".tmp"))


def assert_readable_and_consistent(home: Path, rows: list[dict[str, Any]]) -> list[int]:
    """Every parquet file reads; each iteration with an attempts shard is complete. Returns those."""
    files = sorted(home.rglob("*.parquet"))
    assert all(not p.name.startswith(".") for p in files)  # temp files never match the globs
    con = duckdb.connect()
    for p in files:
        n = con.execute("SELECT count(*) FROM read_parquet(?)", [str(p)]).fetchone()
        assert n is not None and n[0] == pq.ParquetFile(p).metadata.num_rows
    complete = sorted(
        int(d.name.split("=")[1])
        for d in (home / "rl" / "attempts").glob("iteration=*")
        if (d / "part-0.parquet").exists()
    )
    replay_rows = query.query(
        "SELECT iteration, theorem_id, state, tactic FROM replay ORDER BY ALL", root=home
    ).to_pylist()
    attempts = query.query(
        "SELECT iteration, count(*) AS n FROM attempts GROUP BY ALL", root=home
    ).to_pylist()
    assert {a["iteration"]: a["n"] for a in attempts} == dict.fromkeys(complete, len(rows))
    want = expected_replay(rows)
    for k in complete:
        got = [(r["theorem_id"], r["state"], r["tactic"]) for r in replay_rows if r["iteration"] == k]
        assert got == want, f"iteration {k}"
    return complete


@pytest.mark.parametrize(
    ("crash", "leftover"),
    [
        # 6 atomic writes per iteration: batch 0, batch 1, rollouts, replay, rejected, attempts
        ("replace:10", "complete"),  # iteration 2: its replay shard fsynced as a temp, never renamed
        ("write:15", "half"),  # iteration 3: its merged rollouts shard cut in half
    ],
)
def test_sigkill_inside_an_atomic_write(
    tmp_path: Path, rollout_rows: list[dict[str, Any]], crash: str, leftover: str
) -> None:
    home = tmp_path / "home"
    proc = run_writer(tmp_path, rollout_rows, crash)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == -signal.SIGKILL, err
    done = [int(line.split()[1]) for line in out.splitlines() if line.startswith("done")]
    temps = temp_files(home)
    assert len(temps) == 1  # the kill really hit a write in progress
    if leftover == "half":
        with pytest.raises(Exception):  # noqa: B017 - any parquet error: the file is garbage
            pq.read_table(temps[0])
    else:
        assert pq.read_table(temps[0]).num_rows > 0
    complete = assert_readable_and_consistent(home, rollout_rows)
    assert complete == list(range(1, len(done) + 1))
    assert len(done) < ITERATIONS

    rerun = run_writer(tmp_path, rollout_rows, "none")
    out, err = rerun.communicate(timeout=120)
    assert rerun.returncode == 0, err
    assert assert_readable_and_consistent(home, rollout_rows) == list(range(1, ITERATIONS + 1))
    dupes = query.query(
        "SELECT count(*) - count(DISTINCT (iteration, theorem_id, state, tactic)) AS d FROM replay", root=home
    ).column("d")[0].as_py()
    assert dupes == 0
    total = query.query("SELECT count(*) AS n FROM replay", root=home).column("n")[0].as_py()
    assert total == ITERATIONS * len(expected_replay(rollout_rows)) > 0
    for k in range(1, ITERATIONS + 1):  # exactly the two batch files, no stale ones
        assert len(list((home / "rl" / "rollouts" / f"iteration={k}" / "batches").glob("*.parquet"))) == 2


@pytest.mark.slow
def test_sigkill_from_outside_mid_iteration(tmp_path: Path, rollout_rows: list[dict[str, Any]]) -> None:
    home = tmp_path / "home"
    proc = run_writer(tmp_path, rollout_rows, "none")
    assert proc.stdout is not None
    for _ in range(3):  # let three iterations finish, then kill wherever the fourth is
        assert proc.stdout.readline().startswith("done")
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    complete = assert_readable_and_consistent(home, rollout_rows)
    assert complete[:3] == [1, 2, 3]  # wherever the kill landed, what is visible is whole

    rerun = run_writer(tmp_path, rollout_rows, "none")
    _, err = rerun.communicate(timeout=120)
    assert rerun.returncode == 0, err
    assert assert_readable_and_consistent(home, rollout_rows) == list(range(1, ITERATIONS + 1))


def test_rerun_sweeps_stale_temp_files(tmp_path: Path, rollout_rows: list[dict[str, Any]]) -> None:
    home = tmp_path / "home"
    proc = run_writer(tmp_path, rollout_rows, "replace:10")
    proc.communicate(timeout=120)
    assert temp_files(home)
    rerun = run_writer(tmp_path, rollout_rows, "none")
    rerun.communicate(timeout=120)
    assert rerun.returncode == 0
    assert temp_files(home) == []
