"""A run whose process group is SIGKILLed is marked failed by Dagster's run monitoring (the instance's real
dagster.yaml, the real monitoring code) and no longer blocks the RL iteration that comes next."""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import dagster as dg
import pytest
from dagster._daemon.monitoring.run_monitoring import monitor_started_run

from pipelines import cli, run_health, schedules
from tests.pipelines.test_rl_schedules import run_schedule, run_sensor

REPO = Path(__file__).resolve().parents[2]

# A job named like the RL job, one op that sleeps: killed mid-run, like an iteration OOM-killed mid-rollout.
JOB_MODULE = textwrap.dedent("""
    import time
    import dagster as dg

    @dg.op
    def rollouts():
        time.sleep(600)

    @dg.job(name="rl_iteration")
    def rl_iteration():
        rollouts()
""")

RUNNER = textwrap.dedent("""
    import sys
    import dagster as dg
    sys.path.insert(0, sys.argv[1])
    import crashjob
    with dg.DagsterInstance.get() as instance:
        recon = dg.reconstructable(crashjob.rl_iteration)
        with dg.execute_job(recon, instance=instance, tags={"dagster/partition": "1"}) as result:
            pass
""")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    dagster_home = tmp_path / "dagster_home"
    dagster_home.mkdir()
    shutil.copy(REPO / "dagster_home" / "dagster.yaml", dagster_home / "dagster.yaml")  # the shipped config
    monkeypatch.setenv("DAGSTER_HOME", str(dagster_home))
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps({"rl": {"iterations": 3}}))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile))
    (tmp_path / "crashjob.py").write_text(JOB_MODULE)
    return tmp_path


def _wait_started(instance: dg.DagsterInstance, timeout: float = 90) -> dg.DagsterRun:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        runs = instance.get_runs(filters=dg.RunsFilter(statuses=[dg.DagsterRunStatus.STARTED]))
        if runs and run_health.worker_pid(instance, runs[0].run_id):
            return runs[0]
        time.sleep(0.2)
    raise AssertionError("the run never started")


def test_shipped_config_enables_monitoring_with_the_checking_launcher(home: Path) -> None:
    with dg.DagsterInstance.get() as instance:
        assert instance.run_monitoring_enabled
        assert isinstance(instance.run_launcher, run_health.ProcessCheckedRunLauncher)
        assert instance.run_launcher.supports_check_run_worker_health
        assert instance.run_monitoring_max_resume_run_attempts == 0  # the default launcher cannot resume
        assert instance.run_monitoring_settings["poll_interval_seconds"] <= 60  # dead runs fail in minutes


def _init_storage() -> None:
    """Create the sqlite schema before two processes race to migrate it."""
    with dg.DagsterInstance.get() as instance:
        instance.get_runs(limit=1)


def test_sigkilled_run_is_marked_failed_and_the_next_iteration_proceeds(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _init_storage()
    # the step process imports the job module too: without `home` on its path the op never starts, the run
    # fails a few seconds in, and the checks below race that failure instead of a live run
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(home)])}
    proc = subprocess.Popen(
        [sys.executable, "-c", RUNNER, str(home)], env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        with dg.DagsterInstance.get() as instance:
            run = _wait_started(instance)
            assert run.job_name == schedules.RL_JOB_NAME
            pid, _ = run_health.worker_pid(instance, run.run_id) or (0, 0)
            assert pid == proc.pid
            health = instance.run_launcher.check_run_worker_health(run)
            assert health.status.value == "RUNNING"
            # while it runs, nothing else starts
            tick = run_sensor(instance)
            assert not tick.run_requests and "in flight" in tick.skip_message
            # nor does the CLI: it refuses in one line naming the live run
            assert cli.main(["run", "--skip-foundation", "--iterations", "1"]) == 3
            err = capsys.readouterr().err.strip()
            assert len(err.splitlines()) == 1 and run.run_id in err and "[partition 1]" in err, err

            os.killpg(proc.pid, signal.SIGKILL)  # the whole process group: worker and step processes
            proc.wait(30)
            t0 = time.monotonic()
            # one pass of Dagster's own monitoring loop over the run (what the daemon does every poll)
            record = instance.get_run_record_by_id(run.run_id)
            assert record is not None and record.dagster_run.status == dg.DagsterRunStatus.STARTED
            monitor_started_run(instance, None, record, logging.getLogger("test"))  # type: ignore[arg-type]
            after = instance.get_run_by_id(run.run_id)
            assert after is not None and after.status == dg.DagsterRunStatus.FAILURE
            assert time.monotonic() - t0 < 10
            failure = instance.get_records_for_run(
                run.run_id, of_type=dg.DagsterEventType.RUN_FAILURE
            ).records
            assert failure and "is gone" in (failure[0].event_log_entry.dagster_event.message or "")

            # the pipeline goes on: the sensor (and the schedule) start the iteration again (a re-run
            # replaces its outputs); a run that failed because a step raised still pauses the sensor
            result = run_sensor(instance)
            assert [r.partition_key for r in result.run_requests] == ["1"], result
            request = run_schedule(instance)
            assert isinstance(request, dg.RunRequest) and request.partition_key == "1"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)


def test_live_runs_fails_dead_runs_on_the_spot(home: Path) -> None:
    """Without waiting for the daemon: `live_runs` (what launchers ask) sees through a dead run."""
    _init_storage()
    # the step process imports the job module too: without `home` on its path the op never starts, the run
    # fails a few seconds in, and the checks below race that failure instead of a live run
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(home)])}
    proc = subprocess.Popen([sys.executable, "-c", RUNNER, str(home)], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with dg.DagsterInstance.get() as instance:
            run = _wait_started(instance)
            assert [r.run_id for r in run_health.live_runs(instance, schedules.RL_JOB_NAME)] == [run.run_id]
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)
            assert run_health.live_runs(instance, schedules.RL_JOB_NAME) == []
            after = instance.get_run_by_id(run.run_id)
            assert after is not None and after.status == dg.DagsterRunStatus.FAILURE
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(30)


def test_crashed_runs_are_retried_twice_then_the_sensor_waits(tmp_path: Path, monkeypatch) -> None:
    from assets.resources import ProofmillResource
    from pipelines import jobs
    from tests.pipelines.test_rl_schedules import _rl_assets

    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps({"rl": {"iterations": 2}}))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile))
    (tmp_path / "dagster").mkdir()
    resources = {"proofmill": ProofmillResource()}
    defs = dg.Definitions(assets=_rl_assets(), jobs=[jobs.rl_job], resources=resources)
    job = defs.resolve_job_def(jobs.RL_JOB_NAME)
    with dg.DagsterInstance.local_temp(str(tmp_path / "dagster")) as instance:
        for attempt in range(schedules.MAX_CRASH_RETRIES + 1):
            run = instance.create_run_for_job(job, tags={"dagster/partition": "1"},
                                              status=dg.DagsterRunStatus.STARTED)
            instance.report_run_failed(run, "Run worker died: run worker process 1 is gone (killed?)")
            result = run_sensor(instance)
            if attempt < schedules.MAX_CRASH_RETRIES:
                assert result.run_requests, (attempt, result)
            else:  # the third crash in a row: something is wrong with the iteration itself
                assert not result.run_requests and "failed" in result.skip_message
        # a run that failed because a step raised pauses the sensor at once
        run = instance.create_run_for_job(
            job, tags={"dagster/partition": "2"}, status=dg.DagsterRunStatus.STARTED
        )
        instance.report_run_failed(run, "Execution failed. Steps failed: ['policy']")
        assert schedules._last_run_failed(instance, "2")
