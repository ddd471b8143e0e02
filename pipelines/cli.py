"""`proofmill` command line: run the main job, serve the UI, query the proof buffers.

    proofmill run [--profile smoke|full] [--iterations N]   # the whole graph, then RL iterations
    proofmill ui [--port 3000]                              # dagster dev on 127.0.0.1
    proofmill query "SELECT ..."                            # DuckDB over replay/attempts/evals

Runs go through the Dagster instance in dagster_home/ (sqlite), so everything `run` does shows up in
the UI afterwards with lineage, logs and metadata.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from core.paths import REPO_ROOT, default_home, default_mlflow_uri


def _prepare_env(profile: str | None) -> None:
    """Defaults that make every entry point use the repo's instance, MLflow store and profile."""
    os.environ.setdefault("DAGSTER_HOME", str(REPO_ROOT / "dagster_home"))
    os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
    os.environ.setdefault("DO_NOT_TRACK", "1")
    if profile:
        os.environ["PROOFMILL_PROFILE"] = profile
    Path(os.environ["DAGSTER_HOME"]).mkdir(parents=True, exist_ok=True)


def _execute(job_name: str, *, partition: str | None = None) -> bool:
    import dagster as dg

    from pipelines import definitions

    instance = dg.DagsterInstance.get()
    tags = {"dagster/partition": partition} if partition is not None else {}
    definitions.job_by_name(job_name)  # fail fast here on an unknown job name
    recon = dg.build_reconstructable_job(
        "pipelines.definitions", "job_by_name", reconstructable_args=(job_name,)
    )
    label = f"{job_name}" + (f" [partition {partition}]" if partition is not None else "")
    print(f"==> {label}", flush=True)
    started = time.monotonic()
    with dg.execute_job(recon, instance=instance, tags=tags) as result:
        ok = result.success
        run_id = result.run_id
    print(f"<== {label}: {'ok' if ok else 'FAILED'} in {time.monotonic() - started:.0f}s (run {run_id})",
          flush=True)
    return ok


def cmd_run(args: argparse.Namespace) -> int:
    _prepare_env(args.profile)
    import dagster as dg

    from core.profiles import get_profile
    from pipelines import schedules
    from pipelines.jobs import RL_JOB_NAME

    profile = get_profile()
    iterations = profile.rl.iterations if args.iterations is None else args.iterations
    t0 = time.monotonic()
    if not args.skip_foundation and not _execute("foundation"):
        return 1
    if iterations:
        instance = dg.DagsterInstance.get()
        start = args.start_iteration
        for k in range(start, start + iterations):
            schedules.ensure_partition(instance, str(k))
            if not _execute(RL_JOB_NAME, partition=str(k)):
                return 1
    print(f"\nproofmill {profile.name}: done in {time.monotonic() - t0:.0f}s")
    _print_results()
    return 0


def _print_results() -> None:
    home = default_home()
    print(f"Artifacts:        {home}")
    for sub in ("corpora", "tokenizer", "checkpoints", "rl", "eval"):
        if (home / sub).exists():
            print(f"  {sub + '/':16}{home / sub}")
    for summary in sorted((home / "eval").glob("**/summary.json")):
        try:
            data = json.loads(summary.read_text())
        except (OSError, json.JSONDecodeError):
            continue
        runs = data.get("runs", data)
        if isinstance(runs, dict):
            rates = {name: r.get("success_rate") for name, r in runs.items() if isinstance(r, dict)}
            print(f"  eval {summary.parent.relative_to(home)}: {rates}")
    print(f"Dagster instance: {os.environ['DAGSTER_HOME']}  (UI: `make ui`, then http://127.0.0.1:3000)")
    print(f"MLflow store:     {default_mlflow_uri()}  (UI: `make mlflow`)")
    print("SQL:              .venv/bin/python -m pipelines.query \"SELECT * FROM attempts LIMIT 5\"")


def cmd_ui(args: argparse.Namespace) -> int:
    _prepare_env(args.profile)
    cmd = [sys.executable, "-m", "dagster", "dev", "-w", str(REPO_ROOT / "workspace.yaml"),
           "-h", args.host, "-p", str(args.port)]
    # Own process group, SIGINT restored to default: a shell's `&` makes children ignore SIGINT, and
    # `dagster dev` only shuts its webserver/daemon/code servers down cleanly on SIGINT.
    proc = subprocess.Popen(cmd, cwd=REPO_ROOT, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))

    def stop(*_: object) -> None:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        raise SystemExit(130)

    signal.signal(signal.SIGTERM, stop)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        stop()
        return 130


def cmd_query(args: argparse.Namespace) -> int:
    _prepare_env(None)
    from pipelines import query

    return query.main([*args.sql])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="proofmill", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="materialize the whole graph, then the RL iterations")
    run.add_argument("--profile", choices=["smoke", "full"], default=None)
    run.add_argument("--iterations", type=int, default=None, help="RL iterations (default: profile)")
    run.add_argument("--start-iteration", type=int, default=1)
    run.add_argument("--skip-foundation", action="store_true", help="only run RL iterations")
    run.set_defaults(func=cmd_run)
    ui = sub.add_parser("ui", help="serve the Dagster UI (dagster dev)")
    ui.add_argument("--profile", choices=["smoke", "full"], default=None)
    ui.add_argument("--host", default="127.0.0.1")
    ui.add_argument("--port", type=int, default=3000)
    ui.set_defaults(func=cmd_ui)
    q = sub.add_parser("query", help="run SQL over replay/attempts/rejected/evals and print a table")
    q.add_argument("sql", nargs="*")
    q.set_defaults(func=cmd_query)
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
