"""`proofmill` command line: run the main job, serve the UI, query the proof buffers.

    proofmill run [--profile smoke|demo|full] [--iterations N]   # the whole graph, then RL iterations
    proofmill ui [--port 3000]                              # dagster dev on 127.0.0.1
    proofmill query "SELECT ..."                            # DuckDB over replay/attempts/evals
    proofmill results                                       # docs/RESULTS.md from the last run

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
from typing import Any

from core.cli import OneLineParser, nonnegative_int, port_number, positive_int, run_cli
from core.paths import REPO_ROOT, default_home, default_mlflow_uri
from core.profiles import PROFILES


def _prepare_env(profile: str | None) -> None:
    """Defaults that make every entry point use the repo's instance, MLflow store and profile; a malformed
    environment variable is refused here, in one line, before anything starts."""
    from core.env_check import check_environment

    check_environment()
    os.environ.setdefault("DAGSTER_HOME", str(REPO_ROOT / "dagster_home"))
    os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
    os.environ.setdefault("DO_NOT_TRACK", "1")
    if profile:
        os.environ["PROOFMILL_PROFILE"] = profile
    Path(os.environ["DAGSTER_HOME"]).mkdir(parents=True, exist_ok=True)


def cmd_run(args: argparse.Namespace) -> int:
    _prepare_env(args.profile)
    from core import quiet

    quiet.install(verbose=args.verbose)
    from core.profiles import get_profile
    from pipelines import run_lock

    profile = get_profile()  # a bad profile or override file is refused here, before anything runs
    iterations = profile.rl.iterations if args.iterations is None else args.iterations
    try:
        # held from the live-run check to the last run: two launches at once make one run, not two
        with run_lock.exclusive_run(os.environ["DAGSTER_HOME"]):
            return _run_locked(args, profile, iterations)
    except run_lock.RunLocked as exc:
        print(f"proofmill: error: {exc}", file=sys.stderr)
        return 3


def _refuse_if_live() -> bool:
    """Print one line and say True when a run is in progress on the instance (the UI's, a sensor's)."""
    live = _live_runs()
    if not live:
        return False
    run = live[0]
    part = run.tags.get("dagster/partition")
    print(f"proofmill: error: run {run.run_id} ({run.job_name}{f' [partition {part}]' if part else ''}, "
          f"{run.status.value}) is in progress in {os.environ['DAGSTER_HOME']}; wait for it or terminate "
          "it in the UI", file=sys.stderr)
    return True


def _run_locked(args: argparse.Namespace, profile: Any, iterations: int) -> int:
    import dagster as dg

    from pipelines import launch, schedules
    from pipelines.jobs import RL_JOB_NAME, RL_REPORT_JOB_NAME

    if _refuse_if_live():
        return 3
    log_file = Path(os.environ["DAGSTER_HOME"]) / "logs" / f"run-{time.strftime('%Y%m%d-%H%M%S')}.log"
    print(f"proofmill run ({profile.name} profile): Dagster's events go to the instance (`make ui`) and "
          f"{os.path.relpath(log_file)}", flush=True)
    t0 = time.monotonic()
    done: list[tuple[str, float]] = []

    def go(job: str, partition: str | None = None) -> bool:
        ok, _, seconds = launch.execute(job, partition=partition, log_file=log_file, verbose=args.verbose,
                                        emit=lambda line: print(line, flush=True))
        done.append((job + (f"[{partition}]" if partition else ""), seconds))
        return ok

    if not args.skip_foundation and not go("foundation"):
        return 1
    if iterations:
        instance = dg.DagsterInstance.get()
        start = args.start_iteration
        for k in range(start, start + iterations):
            schedules.ensure_partition(instance, str(k))
            if not go(RL_JOB_NAME, str(k)):
                return 1
        # the learning curve over every evaluated iteration (a warning, not a failure, if none was)
        if not go(RL_REPORT_JOB_NAME):
            print("rl_learning_curve was not materialized (no RL eval report yet?)", flush=True)
    print(f"proofmill {profile.name}: done in {time.monotonic() - t0:.0f}s ("
          + ", ".join(f"{name} {s:.0f}s" for name, s in done) + ")")
    _print_results()
    return 0


def _live_runs() -> list:
    """Runs in progress on this instance (a run whose worker died is marked failed, not counted)."""
    import dagster as dg

    from pipelines.run_health import live_runs

    with dg.DagsterInstance.get() as instance:
        return live_runs(instance)


def _print_results() -> None:
    home = default_home()
    subs = [f"{s}/" for s in ("corpora", "tokenizer", "checkpoints", "rl", "eval") if (home / s).exists()]
    print(f"Artifacts:        {home}  ({', '.join(subs)})")
    for summary in sorted((home / "eval").glob("**/summary.json")):
        try:
            data = json.loads(summary.read_text())
        except (OSError, json.JSONDecodeError):
            continue
        runs = data.get("runs", data)
        if isinstance(runs, dict):
            rates = {name: r.get("success_rate") for name, r in runs.items() if isinstance(r, dict)}
            print(f"  eval {summary.parent.relative_to(home)}: {rates}")
    curve = home / "eval" / "rl" / "learning_curve.png"
    if curve.is_file():
        print(f"  learning curve: {curve}")
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


def cmd_results(args: argparse.Namespace) -> int:
    _prepare_env(None)
    import dagster as dg

    from core.profiles import get_profile
    from pipelines import results

    instance = dg.DagsterInstance.get()
    session = results.last_session(instance)
    profile = get_profile(session.profile if session and session.profile != "unknown" else None)
    print(results.write(default_home(), args.out, None if args.no_readme else args.readme, instance, profile))
    return 0


# Dagster orders the blocking-check inputs of a step by iterating a set, so a job's snapshot id depends
# on the process's string-hash seed. The UI only treats a run as its code location's own (re-execution
# without a "different code location" warning) when the snapshot ids agree, so every process of the
# code location (this CLI, `dagster dev` and its code servers, which inherit it) uses one seed.
HASH_SEED = "0"


def _pin_hash_seed(argv: list[str]) -> None:
    if os.environ.get("PYTHONHASHSEED") != HASH_SEED:
        os.environ["PYTHONHASHSEED"] = HASH_SEED
        sys.stdout.flush()
        os.execv(sys.executable, [sys.executable, "-m", "pipelines.cli", *argv])


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="proofmill", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-v", "--verbose", action="store_true", help="tracebacks on errors")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    run = sub.add_parser("run", help="materialize the whole graph, then the RL iterations")
    run.add_argument("--profile", choices=sorted(PROFILES), default=None)
    run.add_argument("--iterations", type=nonnegative_int, default=None,
                     help="RL iterations (default: profile)")
    run.add_argument("--start-iteration", type=positive_int, default=1)
    run.add_argument("--skip-foundation", action="store_true", help="only run RL iterations")
    # SUPPRESS: `proofmill -v run` keeps the top-level flag (a subparser default would reset it)
    run.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                     help="also print Dagster's event stream and third-party warnings on the console")
    run.set_defaults(func=cmd_run)
    ui = sub.add_parser("ui", help="serve the Dagster UI (dagster dev)")
    ui.add_argument("--profile", choices=sorted(PROFILES), default=None)
    ui.add_argument("--host", default="127.0.0.1")
    ui.add_argument("--port", type=port_number, default=3000)
    ui.set_defaults(func=cmd_ui)
    res = sub.add_parser("results", help="write docs/RESULTS.md and README's results block from the last run")
    res.add_argument("--out", type=Path, default=REPO_ROOT / "docs" / "RESULTS.md")
    res.add_argument("--readme", type=Path, default=REPO_ROOT / "README.md",
                     help="README whose results block is rewritten")
    res.add_argument("--no-readme", action="store_true", help="only write --out")
    res.set_defaults(func=cmd_results)
    q = sub.add_parser("query", help="run SQL over replay/attempts/rejected/evals and print a table")
    q.add_argument("sql", nargs="*")
    q.set_defaults(func=cmd_query)
    from_command_line = argv is None  # the `proofmill` script; a caller passing argv is never replaced
    argv = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(argv)
    if from_command_line and args.command in ("run", "ui"):
        _pin_hash_seed(argv)
    return run_cli("proofmill", lambda: args.func(args), args.verbose)


if __name__ == "__main__":
    sys.exit(main())
