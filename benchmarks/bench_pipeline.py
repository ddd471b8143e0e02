"""Pipeline: the smoke profile's ``foundation`` job (``proofmill run --iterations 0``: corpora ->
tokenizer -> pretrain -> midtrain -> SFT -> eval) end to end, and Dagster's share of its wall time.

The job runs in a subprocess against a throw-away Dagster instance, artifact root and MLflow store (the
repo's own ``dagster_home/`` is never touched). Afterwards the run's event log is read back through
``DagsterInstance``: per step, worker start (``STEP_WORKER_STARTING`` -> ``STEP_START``: the multiprocess
executor spawning a fresh Python that imports the code location) and compute (``STEP_START`` ->
``STEP_SUCCESS``: the asset body and its output handling). Dagster share = (run wall − time covered by at
least one step computing) / run wall; with the executor's two concurrent steps the union of the compute
intervals is used, not their sum. The RL iterations are not run: each one is another job of the same kind,
and three of them do not fit the 10-minute budget of ``python -m benchmarks.run``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.common import REPO_ROOT, BenchResult, fmt, log, median

JOB = "foundation"
KILL_GRACE_S = 30.0  # SIGTERM, then SIGKILL after 10 s: failures this close to the stop are ours


@contextlib.contextmanager
def _dagster_home(path: Path) -> Iterator[None]:
    old = os.environ.get("DAGSTER_HOME")
    os.environ["DAGSTER_HOME"] = str(path)  # dagster.yaml reads its storage dir from this variable
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("DAGSTER_HOME", None)
        else:
            os.environ["DAGSTER_HOME"] = old


def run_job(workdir: Path, timeout_s: float) -> dict[str, Any]:
    """``proofmill run --iterations 0`` in a subprocess with its own instance; wall time and output."""
    dh = workdir / "dagster_home"
    dh.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO_ROOT / "dagster_home" / "dagster.yaml", dh / "dagster.yaml")
    env = {
        **os.environ,
        "DAGSTER_HOME": str(dh),
        "PROOFMILL_HOME": str(workdir / "artifacts"),
        "MLFLOW_TRACKING_URI": f"sqlite:///{dh / 'mlflow.db'}",
        "PROOFMILL_PROFILE": "smoke",
        "MLFLOW_DISABLE_TELEMETRY": "true",
        "DO_NOT_TRACK": "1",
    }
    cmd = [sys.executable, "-m", "pipelines.cli", "run", "--profile", "smoke", "--iterations", "0"]
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        # own process group: on timeout the executor's step workers must die with the CLI
        proc = subprocess.Popen(cmd, cwd=REPO_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            rc: int | None = proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            rc = None
            for sig in (signal.SIGTERM, signal.SIGKILL):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, sig)
                try:
                    proc.wait(timeout=10)
                    break
                except subprocess.TimeoutExpired:
                    continue
        wall = time.perf_counter() - t0
        stopped_at = time.time()
        out.seek(0)
        text = out.read().decode("utf-8", errors="replace")
    return {"rc": rc, "wall_s": wall, "output_tail": text[-3000:], "dagster_home": dh,
            "stopped_at": stopped_at}


def _union(intervals: list[tuple[float, float]]) -> float:
    total, end = 0.0, float("-inf")
    for a, b in sorted(intervals):
        if b <= end:
            continue
        total += b - max(a, end)
        end = b
    return total


def analyze(dagster_home: Path, job: str = JOB, *, stopped_at: float | None = None) -> dict[str, Any]:
    """Step timings of the latest run of ``job`` in the instance at ``dagster_home``. A run that never
    ended (killed at the time limit) is measured up to ``stopped_at`` (epoch seconds; default: its
    last event)."""
    import dagster as dg

    with _dagster_home(dagster_home):
        instance = dg.DagsterInstance.from_config(str(dagster_home))
        try:
            runs = instance.get_runs(filters=dg.RunsFilter(job_name=job), limit=1)
            if not runs:
                raise RuntimeError(f"no {job} run in {dagster_home}")
            run = runs[0]
            entries = instance.all_logs(run.run_id)
        finally:
            instance.dispose()
    first: dict[tuple[str | None, str], float] = {}
    for e in entries:
        if e.dagster_event is None:
            continue
        first.setdefault((e.step_key, e.dagster_event.event_type_value), e.timestamp)
    ev = dg.DagsterEventType
    run_start = first.get((None, ev.RUN_START.value))
    run_end = first.get((None, ev.RUN_SUCCESS.value)) or first.get((None, ev.RUN_FAILURE.value))
    if run_start is None:
        raise RuntimeError(f"run {run.run_id} has no start event (status {run.status})")
    finished = run_end is not None
    if run_end is None:  # stopped from outside (timeout): the run so far
        run_end = stopped_at if stopped_at is not None else max(e.timestamp for e in entries)
    steps = []
    for key in sorted({k for k, _ in first if k is not None}):
        start = first.get((key, ev.STEP_START.value))
        done = first.get((key, ev.STEP_SUCCESS.value)) or first.get((key, ev.STEP_FAILURE.value))
        spawn = first.get((key, ev.STEP_WORKER_STARTING.value))
        if start is None:
            continue
        status = ("ok" if (key, ev.STEP_SUCCESS.value) in first
                  else "FAILED" if done is not None else "unfinished")
        done = done if done is not None else run_end  # still computing when the run was stopped
        steps.append({"step": key, "start": start, "end": done, "compute_s": done - start,
                      "worker_start_s": start - spawn if spawn is not None else 0.0, "status": status})
    steps.sort(key=lambda s: s["start"])
    wall = run_end - run_start
    covered = _union([(s["start"], s["end"]) for s in steps])
    return {"run_id": run.run_id, "status": str(run.status.value), "finished": finished,
            "run_wall_s": wall, "steps": steps,
            "sum_compute_s": sum(s["compute_s"] for s in steps), "covered_s": covered,
            "sum_worker_start_s": sum(s["worker_start_s"] for s in steps),
            "dagster_share": (wall - covered) / wall if wall > 0 else float("nan")}


def step_start_ab(workdir: Path, methods: tuple[str, ...] = ("spawn", "forkserver")) -> dict[str, Any]:
    """Worker start per step of a no-op job that imports the proofmill code location
    (``benchmarks.dagster_probe``), under each multiprocess start method."""
    import dagster as dg

    from benchmarks import dagster_probe

    out: dict[str, Any] = {}
    for method in methods:
        dh = workdir / f"probe_{method}"
        dh.mkdir(parents=True, exist_ok=True)
        (dh / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
        start = {"forkserver": {"preload_modules": ["benchmarks.dagster_probe"]}} if method == "forkserver" \
            else {method: {}}
        config = {"execution": {"config": {"max_concurrent": 1, "start_method": start}}}
        recon = dg.build_reconstructable_job("benchmarks.dagster_probe", "probe_job",
                                             reconstructor_working_directory=str(REPO_ROOT))
        with _dagster_home(dh), dg.DagsterInstance.from_config(str(dh)) as instance:
            with dg.execute_job(recon, instance=instance, run_config=config) as result:
                ok = result.success
        a = analyze(dh, job="start_probe")
        starts = [s["worker_start_s"] for s in a["steps"]]
        out[method] = {"ok": ok, "steps": len(starts), "first_s": starts[0] if starts else float("nan"),
                       "median_later_s": median(starts[1:]) if len(starts) > 1 else float("nan"),
                       "total_s": sum(starts), "run_wall_s": a["run_wall_s"]}
    out["n_steps"] = dagster_probe.N_STEPS
    return out


def run(quick: bool = False, *, budget_s: float = 400.0, keep: Path | None = None,
        start_methods: bool = True) -> BenchResult:
    """``budget_s``: wall seconds for the whole benchmark; the foundation job is stopped when it runs out
    (and measured up to there)."""
    t_start = time.perf_counter()
    workdir = keep or Path(tempfile.mkdtemp(prefix="proofmill-bench-pipeline-"))
    ab: dict[str, Any] | None = None
    try:
        if start_methods:
            log("pipeline: step worker start, spawn vs forkserver (no-op job importing the code location)")
            ab = step_start_ab(workdir)
        timeout_s = max(30.0, budget_s - (time.perf_counter() - t_start) - 10.0)  # 10 s to analyze
        log(f"pipeline: proofmill run --iterations 0 (smoke) in {workdir}, limit {timeout_s:.0f}s")
        job = run_job(workdir, timeout_s)
        try:
            a = analyze(job["dagster_home"], stopped_at=job["stopped_at"])
        except RuntimeError as e:  # the run never started: nothing to analyze
            return BenchResult(
                name="pipeline", title="Pipeline: smoke foundation job and Dagster's share of it",
                target="report: Dagster's share of the run's wall time (no fixed target)", columns=[],
                rows=[], met=None, summary=f"not measured: {e} (exit code {job['rc']})",
                notes=["CLI output tail:", "```\n" + job["output_tail"][-1500:] + "\n```"],
                seconds=time.perf_counter() - t_start)
    finally:
        if keep is None:
            shutil.rmtree(workdir, ignore_errors=True)
    done = job["rc"] is not None
    if not done:  # steps that "failed" as the benchmark stopped the job were cut off, not broken
        for s in a["steps"]:
            if s["status"] == "FAILED" and s["end"] >= job["stopped_at"] - KILL_GRACE_S:
                s["status"] = "stopped at the time limit"
    rows = [[s["step"], fmt(s["worker_start_s"]), fmt(s["compute_s"]), s["status"]] for s in a["steps"]]
    rows.append(["**run** (RUN_START -> end)", f"{fmt(a['sum_worker_start_s'])} summed",
                 f"{fmt(a['covered_s'])} covered of {fmt(a['run_wall_s'])} wall",
                 a["status"] if done else "stopped at the time limit"])
    share = a["dagster_share"]
    first_line = (
        f"`proofmill run --profile smoke --iterations 0` took {job['wall_s']:.0f} s end to end (exit code "
        f"{job['rc']}); the Dagster run itself {a['run_wall_s']:.0f} s, the other "
        f"{job['wall_s'] - a['run_wall_s']:.0f} s are the CLI's imports, loading the code location and "
        "opening the instance." if done else
        f"The foundation job did not finish within the benchmark's {timeout_s:.0f} s limit and was stopped; "
        f"the numbers are for the {a['run_wall_s']:.0f} s of the run that happened "
        f"({sum(s['status'] == 'ok' for s in a['steps'])} steps done).")
    notes = [
        first_line,
        f"Steps computed for {a['sum_compute_s']:.0f} s in total ({a['covered_s']:.0f} s of wall covered "
        f"by at least one step, two may run at once); the rest of the run, "
        f"{a['run_wall_s'] - a['covered_s']:.0f} s = {100 * share:.0f}%, is Dagster: mostly the "
        f"multiprocess executor starting a fresh Python per step ({a['sum_worker_start_s']:.0f} s summed "
        "over steps: imports of dagster, torch and the code location) plus event-log and run bookkeeping.",
        "Only the foundation job is run (and stopped at the time limit if need be): each RL iteration is "
        "one more job of the same shape and the smoke profile's 3 iterations do not fit the 10-minute "
        "budget of `python -m benchmarks.run`; `--quick` skips this benchmark.",
    ]
    if ab is not None and all(ab[m]["ok"] for m in ("spawn", "forkserver")):
        sp, fs = ab["spawn"], ab["forkserver"]
        notes.append(
            f"Step worker start, measured on a job of {ab['n_steps']} no-op assets whose module imports "
            f"`pipelines.definitions` (what every step worker of this code location imports): `spawn` (the "
            f"executor's default, used now) {sp['median_later_s']:.1f} s per step (first "
            f"{sp['first_s']:.1f} s), `forkserver` with that module preloaded {fs['median_later_s']:.1f} s "
            f"per step (first {fs['first_s']:.1f} s, which starts the server); the whole no-op run "
            f"{sp['run_wall_s']:.0f} s vs {fs['run_wall_s']:.0f} s. Proposed fix in "
            "`pipelines/definitions.py`: `multiprocess_executor.configured({..., \"start_method\": "
            "{\"forkserver\": {\"preload_modules\": [\"pipelines.definitions\"]}}})`; and fewer steps: "
            "the asset checks run as separate steps here (one process each), declaring them with the asset "
            "(`check_specs` / `AssetCheckResult` yielded by the asset) runs them inside its step.")
    summary = (f"foundation job {a['run_wall_s']:.0f} s, Dagster {100 * share:.0f}% of it "
               f"(CLI end to end {job['wall_s']:.0f} s)" if done else
               f"foundation job unfinished after {timeout_s:.0f} s; Dagster {100 * share:.0f}% of the "
               f"{a['run_wall_s']:.0f} s that ran")
    return BenchResult(
        name="pipeline",
        title="Pipeline: smoke foundation job and Dagster's share of it",
        target="report: Dagster's share of the run's wall time (no fixed target)",
        columns=["step", "worker start s", "compute s", "status"],
        rows=rows,
        ratio=share,
        met=None,  # no fixed target: reported
        summary=summary,
        notes=notes,
        seconds=time.perf_counter() - t_start,
        extra={k: v for k, v in a.items() if k != "steps"}
        | {"cli_wall_s": job["wall_s"], "rc": job["rc"], "start_methods": ab},
    )


if __name__ == "__main__":
    import json

    print(json.dumps(run().to_dict(), indent=2, default=str))
