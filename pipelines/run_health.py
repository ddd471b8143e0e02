"""Run monitoring for the local proofmill instance: a run whose worker process died is marked failed.

Dagster's run monitoring daemon (``run_monitoring`` in dagster_home/dagster.yaml) asks the run launcher
whether a STARTED run's worker is alive; the stock ``DefaultRunLauncher`` cannot tell, so a run killed by
SIGKILL or the OOM killer stayed STARTED for ever and blocked the sensor, the schedule and the run queue.
``ProcessCheckedRunLauncher`` is the default launcher plus that check: the worker is the process that
logged the run's RUN_START event (its pid is in the event); it is alive while that pid exists, is not a
zombie and was started before the event (a recycled pid belongs to a younger process). Local instance
only (sqlite storage): every run worker is a process on this machine.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import dagster as dg
from dagster._core.launcher import DefaultRunLauncher
from dagster._core.launcher.base import CheckRunHealthResult, WorkerStatus

_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _boot_time() -> float | None:
    try:
        for line in Path("/proc/stat").read_text().splitlines():
            if line.startswith("btime "):
                return float(line.split()[1])
    except OSError:
        pass
    return None


def process_state(pid: int) -> tuple[str, float | None] | None:
    """(state letter, start time as a Unix timestamp) of a live pid, None when there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return None
    except OSError:  # no /proc (not Linux): fall back to a signal-0 probe
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except PermissionError:
            pass
        return "R", None
    fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) "
    boot = _boot_time()
    started = boot + int(fields[19]) / _CLOCK_TICKS if boot is not None else None
    return fields[0], started


def worker_pid(instance: dg.DagsterInstance, run_id: str) -> tuple[int, float] | None:
    """(pid, timestamp) of the run's RUN_START event: the run worker that is executing it."""
    records = instance.get_records_for_run(run_id, of_type=dg.DagsterEventType.RUN_START, limit=1).records
    if not records:
        return None
    entry = records[0].event_log_entry
    pid = entry.dagster_event.pid if entry.dagster_event is not None else None
    return (pid, entry.timestamp) if pid else None


def worker_health(instance: dg.DagsterInstance, run_id: str) -> CheckRunHealthResult:
    found = worker_pid(instance, run_id)
    if found is None:  # not started yet (STARTING is covered by start_timeout_seconds)
        return CheckRunHealthResult(WorkerStatus.RUNNING, "no RUN_START event yet")
    pid, started_at = found
    state = process_state(pid)
    if state is None:
        return CheckRunHealthResult(WorkerStatus.FAILED, f"run worker process {pid} is gone (killed?)")
    letter, proc_start = state
    if letter in ("Z", "X"):
        return CheckRunHealthResult(WorkerStatus.FAILED, f"run worker process {pid} is dead ({letter})")
    if proc_start is not None and proc_start > started_at + 2.0:  # 2 s: /proc's start time is in ticks
        return CheckRunHealthResult(
            WorkerStatus.FAILED, f"run worker process {pid} is gone (the pid now belongs to a newer process)"
        )
    return CheckRunHealthResult(WorkerStatus.RUNNING, f"run worker process {pid} is alive")


class ProcessCheckedRunLauncher(DefaultRunLauncher):
    """``DefaultRunLauncher`` whose runs are health-checked by their worker's pid (see the module doc)."""

    @property
    def supports_check_run_worker_health(self) -> bool:
        return True

    def check_run_worker_health(self, run: dg.DagsterRun) -> CheckRunHealthResult:
        return worker_health(self._instance, run.run_id)


CRASH_MARKERS = ("run worker", "Run worker")  # in the failure message monitoring/live_runs write


def crashed(instance: dg.DagsterInstance, record: dg.RunRecord) -> bool:
    """Did this failed run fail because its worker process died (not because a step raised)?"""
    events = instance.get_records_for_run(
        record.dagster_run.run_id, of_type=dg.DagsterEventType.RUN_FAILURE, limit=1
    ).records
    message = (events[0].event_log_entry.dagster_event.message or "") if events else ""
    return any(m in message for m in CRASH_MARKERS)


def live_runs(instance: dg.DagsterInstance, job_name: str | None = None) -> list[dg.DagsterRun]:
    """Runs that are really in progress: queued/starting/canceling ones, and started ones whose worker is
    alive. A started run whose worker is gone is marked failed here and now (what the monitoring daemon
    would do at its next poll), so callers never wait on a dead run."""
    statuses = [
        dg.DagsterRunStatus.QUEUED,
        dg.DagsterRunStatus.NOT_STARTED,
        dg.DagsterRunStatus.STARTING,
        dg.DagsterRunStatus.STARTED,
        dg.DagsterRunStatus.CANCELING,
    ]
    runs = instance.get_runs(filters=dg.RunsFilter(job_name=job_name, statuses=statuses))
    alive = []
    for run in runs:
        if run.status == dg.DagsterRunStatus.STARTED:
            health = worker_health(instance, run.run_id)
            if health.status == WorkerStatus.FAILED:
                instance.report_run_failed(run, f"Run worker died: {health.msg} (seen {time.ctime()}).")
                continue
        alive.append(run)
    return alive
