"""Launch a job from the command line as a run of the `proofmill` code location, with a quiet console.

Runs are created with the same remote origin the UI uses (workspace.yaml's location, repository
``__repository__``), so they appear under their job, on the Overview timeline, and re-execute from the
UI without the "loaded from a different code location" warning. Execution stays in this process (the
job's multiprocess executor), as ``dagster job execute`` does.

The console gets one line per step (step, seconds, key figure), progress lines from long steps (logged
by the assets with a ``[progress]`` prefix, see assets/progress.py) and failures; Dagster's full event
stream goes to the instance (the UI) and to a log file. ``verbose=True`` restores Dagster's console log.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dagster as dg

from core.paths import REPO_ROOT

LOCATION_NAME = "proofmill"
REPOSITORY_NAME = "__repository__"  # the name Dagster gives the repository of a `Definitions`
PROGRESS_PREFIX = "[progress] "
WARN = logging.WARNING
# Metadata keys that make the best one-line summary of a step, in order of preference.
KEY_FIGURES = (
    "success_rate", "success_rates", "final_val_loss", "proven", "attempts", "rows", "num_rows",
    "transitions", "theorems", "vocab_size", "parameters",
)


def remote_job_origin(job_name: str, workspace: Path = REPO_ROOT / "workspace.yaml") -> Any:
    """The origin the UI gives runs of ``job_name``: workspace.yaml's code location (read, not started)."""
    from dagster._core.remote_origin import RemoteJobOrigin, RemoteRepositoryOrigin
    from dagster._core.workspace.load_target import WorkspaceFileTarget

    origins = {o.location_name: o for o in WorkspaceFileTarget(paths=[str(workspace)]).create_origins()}
    if LOCATION_NAME not in origins:
        raise RuntimeError(f"{workspace} has no code location named {LOCATION_NAME!r}: {sorted(origins)}")
    repo = RemoteRepositoryOrigin(code_location_origin=origins[LOCATION_NAME],
                                  repository_name=REPOSITORY_NAME)
    return RemoteJobOrigin(repository_origin=repo, job_name=job_name)


def _figure(metadata: Mapping[str, Any]) -> str:
    """The step's key figure from its materialization metadata ("" when nothing fits)."""
    rates = {k.removeprefix("success_rate_"): getattr(v, "value", v) for k, v in metadata.items()
             if k.startswith("success_rate_")}
    if rates and all(isinstance(r, float) for r in rates.values()):  # eval reports: one rate per run
        return "success " + ", ".join(f"{name} {rate:.0%}" for name, rate in rates.items())
    for key in (*KEY_FIGURES, *metadata):
        entry = metadata.get(key)
        value = getattr(entry, "value", entry)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, float):
            return f"{key} {value:.3g}" if "rate" not in key else f"{key} {value:.0%}"
        if isinstance(value, int):
            return f"{key} {value:,}"
        if key in KEY_FIGURES and isinstance(value, dict) and all(
                isinstance(v, float) for v in value.values()):
            return f"{key} " + ", ".join(f"{k} {v:.0%}" for k, v in value.items())
    return ""


# materialization metadata of an asset that had nothing to do (e.g. conjectures with conjecture.enabled
# false): the event log and the UI keep it, the console shows no line for it
NOOP_KEY = "noop"


@dataclass
class StepLine:
    started: float = field(default_factory=time.monotonic)
    figures: list[str] = field(default_factory=list)  # from materializations
    output_figures: list[str] = field(default_factory=list)  # from op outputs (used when none above)
    materialized: bool = False
    finished: bool = False
    checks: dict[str, bool] = field(default_factory=dict)  # check name -> passed
    noop: bool = False  # materialized with metadata ``noop`` (empty on purpose): no console line


class _ProgressWatcher(threading.Thread):
    """Shows life from long steps: polls the run's event log for ``[progress]`` messages and, per running
    step, prints the latest one when due (10 s, 40 s, 160 s, ... after the step started), or a "running
    for N s" line when the step logged none, so every step over 10 s shows progress in a handful of
    lines."""

    def __init__(self, instance: dg.DagsterInstance, run_id: str, console: StepConsole,
                 first_gap: float = 10.0, poll_s: float = 1.0) -> None:
        super().__init__(daemon=True)
        self.instance, self.run_id, self.console = instance, run_id, console
        self.first_gap, self.poll_s = first_gap, poll_s
        self.stop = threading.Event()
        self.cursor: str | None = None
        self.latest: dict[str, str] = {}  # step -> latest progress message not yet printed
        self.printed: dict[str, int] = {}

    def poll(self) -> None:
        conn = self.instance.get_records_for_run(self.run_id, cursor=self.cursor, limit=1000)
        self.cursor = conn.cursor
        for record in conn.records:
            entry = record.event_log_entry
            msg = entry.user_message or ""
            if not entry.is_dagster_event and msg.startswith(PROGRESS_PREFIX) and entry.step_key:
                self.latest[entry.step_key] = msg.removeprefix(PROGRESS_PREFIX)
            elif not entry.is_dagster_event and isinstance(entry.level, int) and entry.level >= WARN:
                # an asset's own warning: one line (Dagster's console logger is off below CRITICAL)
                first = (msg.strip().splitlines() or [""])[0]
                self.console.emit(f"    ! {entry.step_key or '-'}: {first}")
        now = time.monotonic()
        for step, line in list(self.console.steps.items()):
            if line.finished:
                continue
            n = self.printed.get(step, 0)
            due = line.started + self.first_gap * 4**n  # 10, 40, 160, ... s after the start
            if now < due:
                continue
            self.printed[step] = n + 1
            message = self.latest.pop(step, None) or f"{step}: running for {now - line.started:.0f}s"
            self.console.emit(f"    … {message}")

    def run(self) -> None:
        while not self.stop.wait(self.poll_s):
            try:
                self.poll()
            except Exception:  # a busy sqlite file: try again at the next poll
                continue


def _write_log(instance: dg.DagsterInstance, run_id: str, log_file: Path) -> None:
    """Append the run's whole event stream (Dagster events and asset logs) to ``log_file``."""
    log_file.parent.mkdir(parents=True, exist_ok=True)
    with log_file.open("a", encoding="utf-8") as fh:
        for entry in instance.all_logs(run_id):
            kind = entry.dagster_event_type.value if entry.dagster_event_type else "LOG"
            stamp = time.strftime("%H:%M:%S", time.localtime(entry.timestamp))
            level = logging.getLevelName(entry.level) if isinstance(entry.level, int) else entry.level
            fh.write(f"{stamp} {level:7} {run_id[:8]} {entry.step_key or '-':32} {kind:24} "
                     f"{entry.message or entry.user_message}\n")


def session_tags() -> dict[str, str]:
    """Tags that let `proofmill results` find a `proofmill run`'s runs and say what they ran."""
    from core.profiles import get_profile
    from pipelines.results import commit_of_tree

    return {"proofmill/launched_by": "cli", "proofmill/profile": get_profile().name,
            "proofmill/commit": commit_of_tree()}


def console_run_config(verbose: bool) -> dict[str, Any]:
    """Run config of the CLI's runs. Not verbose: Dagster's console logger stays silent (CRITICAL), since a
    failed step would print its whole traceback there; StepConsole prints the cause in one line, the
    watcher the assets' warnings, and the run's event log (UI, log file) keeps every traceback."""
    return {} if verbose else {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


def create_run(instance: dg.DagsterInstance, job_name: str, *, partition: str | None = None,
               verbose: bool = False) -> tuple[Any, dg.DagsterRun]:
    """A NOT_STARTED run of ``job_name`` with the code location's origin (and the reconstructable job
    that executes it in this process). Not verbose: Dagster's console logger only shows warnings."""
    from pipelines import definitions

    recon = dg.build_reconstructable_job("pipelines.definitions", "job_by_name",
                                         reconstructable_args=(job_name,))
    tags = {"dagster/partition": partition} if partition is not None else {}
    run_config = console_run_config(verbose)
    run = instance.create_run_for_job(
        job_def=definitions.job_by_name(job_name), run_config=run_config,
        tags={**tags, **session_tags()}, job_code_origin=recon.get_python_origin(),
        remote_job_origin=remote_job_origin(job_name),
    )
    return recon, run


# Dagster's wrappers around the error a step raised: the console names what is inside them
WRAPPERS = ("DagsterExecutionStepExecutionError", "DagsterUserCodeExecutionError",
            "DagsterResourceFunctionError", "DagsterExecutionInterruptedError")


def cause_line(error: Any) -> str:
    """One line for a failed step (a ``SerializableErrorInfo``): the innermost cause, as
    ``Type: first line`` (a ``dg.Failure`` by its description alone), not Dagster's "Error occurred
    while executing op ..." wrapper whose cause sits 90-180 lines down its traceback."""
    if error is None:
        return "failed"
    while error.cause is not None and (error.cls_name in WRAPPERS or error.cls_name is None):
        error = error.cause
    first = (error.message.strip().splitlines() or [""])[0]
    # the message starts with the (qualified) class name ("dagster._core...Failure: text"): keep the text
    head, sep, rest = first.partition(": ")
    text = rest if sep and error.cls_name and head.rsplit(".", 1)[-1] == error.cls_name else first
    if error.cls_name == "Failure":
        return text or "failed"
    return f"{error.cls_name}: {text}" if error.cls_name else text


class StepConsole:
    """Turns a run's Dagster events into the console's lines: one per step (checks folded into one line
    per job), failures with their first error line."""

    def __init__(self, emit: Callable[[str], None]) -> None:
        self.emit = emit
        self.steps: dict[str, StepLine] = {}
        self.checks: dict[str, bool] = {}
        self.ok = False
        self.failures = 0  # failure lines printed (a run failure then adds none of its own)

    def on_event(self, event: dg.DagsterEvent) -> None:
        kind, step = event.event_type, event.step_key
        if kind == dg.DagsterEventType.RUN_SUCCESS:
            self.ok = True
        error = getattr(event.event_specific_data, "error", None)
        if kind == dg.DagsterEventType.RESOURCE_INIT_FAILURE:  # e.g. a bad resource config: no step ran
            self.failures += 1
            self.emit(f"  ✗ {step or 'resources':40} resource setup: {cause_line(error)}")
            return
        if kind == dg.DagsterEventType.RUN_FAILURE and error is not None and not self.failures:
            self.emit(f"  ✗ run: {cause_line(error)}")  # a failure outside any step
        if step is None:
            return
        if kind == dg.DagsterEventType.STEP_START:
            self.steps[step] = StepLine()
            return
        line = self.steps.get(step)
        if line is None:  # worker start-up events come before STEP_START
            if kind != dg.DagsterEventType.STEP_FAILURE:
                return
            line = self.steps[step] = StepLine()
        data = event.event_specific_data
        if kind == dg.DagsterEventType.ASSET_MATERIALIZATION:
            line.materialized = True
            line.noop = NOOP_KEY in data.materialization.metadata
            line.figures.append(_figure(data.materialization.metadata))
        elif kind == dg.DagsterEventType.STEP_OUTPUT:  # ops: their output metadata
            line.output_figures.append(_figure(data.metadata or {}))
        elif kind == dg.DagsterEventType.ASSET_OBSERVATION:  # e.g. rl_eval skipping on purpose
            skipped = data.asset_observation.metadata.get("skipped")
            if skipped is not None:
                reason = str(getattr(skipped, "value", skipped)).split(";")[0]
                line.figures.append(reason.replace("skipped on purpose: ", "skipped: "))
        elif kind == dg.DagsterEventType.ASSET_CHECK_EVALUATION:
            line.checks[f"{data.asset_key.to_user_string()}:{data.check_name}"] = data.passed
        elif kind == dg.DagsterEventType.STEP_SUCCESS:
            line.finished = True
            self.checks.update(line.checks)
            if (line.checks and not line.materialized) or (line.noop and all(line.checks.values())):
                return  # a check step (counted in the job's checks line) or a step with nothing to do
            figures = "; ".join([f for f in (line.figures or line.output_figures) if f][:2])
            failed = [k for k, passed in line.checks.items() if not passed]
            self.emit((f"  ✓ {step:40} {time.monotonic() - line.started:6.1f}s  {figures}"
                       + (f"  (check failed: {', '.join(failed)})" if failed else "")).rstrip())
        elif kind == dg.DagsterEventType.STEP_FAILURE:
            line.finished = True
            self.failures += 1
            self.emit(f"  ✗ {step:40} {time.monotonic() - line.started:6.1f}s  {cause_line(data.error)}")

    def checks_line(self) -> str | None:
        if not self.checks:
            return None
        failed = sorted(k for k, passed in self.checks.items() if not passed)
        return (f"checks {len(self.checks) - len(failed)}/{len(self.checks)} passed"
                + (f"; failed: {', '.join(failed)}" if failed else ""))


def quiet_instance(verbose: bool) -> dg.DagsterInstance:
    """The instance of $DAGSTER_HOME; not verbose: Python log level INFO for this CLI's runs, which keeps
    Dagster's DEBUG step-worker lines off the console (its events reach the event log all the same)."""
    if verbose:
        return dg.DagsterInstance.get()
    from dagster._core.instance.ref import InstanceRef

    ref = InstanceRef.from_dir(os.environ["DAGSTER_HOME"],
                               overrides={"python_logs": {"python_log_level": "INFO"}})
    return dg.DagsterInstance.from_ref(ref)


def execute(job_name: str, *, partition: str | None = None, log_file: Path, verbose: bool = False,
            emit: Callable[[str], None] = print) -> tuple[bool, str, float]:
    """Run ``job_name`` (optionally one partition) as a code-location run; returns (ok, run id, seconds)."""
    from dagster._core.execution.api import execute_run_iterator

    instance = quiet_instance(verbose)
    recon, run = create_run(instance, job_name, partition=partition, verbose=verbose)
    label = job_name + (f" [{partition}]" if partition is not None else "")
    emit(f"{label}  (run {run.run_id[:8]})")
    started = time.monotonic()
    console = StepConsole(emit)
    watcher = _ProgressWatcher(instance, run.run_id, console)
    watcher.start()
    try:
        for event in execute_run_iterator(recon, run, instance):
            console.on_event(event)
    finally:
        watcher.stop.set()
        watcher.join(timeout=10)
        _write_log(instance, run.run_id, log_file)
    seconds = time.monotonic() - started
    ok = console.ok
    checks = console.checks_line()
    emit(f"  {'ok' if ok else 'FAILED'}: {label} in {seconds:.0f}s" + (f"; {checks}" if checks else "")
         + ("" if ok else f" (log: {log_file})"))
    return ok, run.run_id, seconds
