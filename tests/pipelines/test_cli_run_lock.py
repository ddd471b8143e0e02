"""Two `proofmill run` launches at the same moment make exactly one run; the other is refused in one line.

The live-run check alone is a race (both launches see no run, both create one); the run lock in
$DAGSTER_HOME (pipelines.run_lock, an OS flock) is held from the check to the last run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import dagster as dg
import pytest

from pipelines import cli, launch, run_lock
from pipelines.jobs import RL_JOB_NAME

REPO = Path(__file__).resolve().parents[2]


def test_the_lock_refuses_a_second_holder_and_frees_on_exit(tmp_path: Path) -> None:
    with run_lock.exclusive_run(tmp_path):
        assert run_lock.held(tmp_path)
        with pytest.raises(run_lock.RunLocked, match=rf"pid {os.getpid()}\) is running on"):
            with run_lock.exclusive_run(tmp_path):
                pass
    assert not run_lock.held(tmp_path)
    with run_lock.exclusive_run(tmp_path):  # free again
        pass


def test_two_launches_at_once_create_one_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two threads pass a barrier together and do what `proofmill run` does: take the lock, check for
    live runs, create the run (a real instance); the winner keeps the lock as the CLI does while its run
    executes, until the other launch has been answered."""
    home = tmp_path / "dagster"
    home.mkdir()
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    barrier = threading.Barrier(2)
    answered = threading.Event()
    outcomes: list[str] = []

    def launch_once() -> None:
        barrier.wait()
        try:
            with run_lock.exclusive_run(home):
                if cli._refuse_if_live():
                    outcomes.append("live")
                    answered.set()
                    return
                with dg.DagsterInstance.get() as instance:
                    launch.create_run(instance, RL_JOB_NAME, partition="1")
                outcomes.append("ran")
                answered.wait(timeout=60)
        except run_lock.RunLocked as exc:
            outcomes.append(f"refused: {exc}")
            answered.set()

    threads = [threading.Thread(target=launch_once) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    with dg.DagsterInstance.get() as instance:
        runs = instance.get_runs(dg.RunsFilter(job_name=RL_JOB_NAME))
    assert len(runs) == 1
    assert sorted(o.split(":")[0] for o in outcomes) == ["ran", "refused"]
    refusal = next(o for o in outcomes if o.startswith("refused"))
    assert "\n" not in refusal and "another `proofmill run`" in refusal


@pytest.mark.slow
def test_two_cli_processes_started_together(tmp_path: Path) -> None:
    """The real command twice at once against one instance: one run of iteration 1 (it fails fast here:
    there is no SFT checkpoint), the other process refused in one line with exit status 3."""
    env = {
        **os.environ,
        "DAGSTER_HOME": str(tmp_path / "dagster"),
        "PROOFMILL_HOME": str(tmp_path / "home"),
        "MLFLOW_TRACKING_URI": f"sqlite:///{tmp_path / 'mlflow.db'}",
        "PROOFMILL_PROFILE": "smoke",
    }
    cmd = [sys.executable, "-m", "pipelines.cli", "run", "--skip-foundation", "--iterations", "1"]
    procs = [
        subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    results = [(p.wait(timeout=300), *p.communicate()) for p in procs]
    refused = [r for r in results if r[0] == 3]
    assert len(refused) == 1, results
    _, out, err = refused[0]
    assert out == "" and len(err.strip().splitlines()) == 1 and "another `proofmill run`" in err
    with dg.DagsterInstance.from_config(str(tmp_path / "dagster")) as instance:
        runs = instance.get_runs(dg.RunsFilter(job_name=RL_JOB_NAME))
    assert [r.tags["dagster/partition"] for r in runs] == ["1"]


def test_the_sensor_waits_while_a_cli_run_holds_the_lock(tmp_path: Path, monkeypatch) -> None:
    from assets.resources import ProofmillResource
    from pipelines import schedules

    (tmp_path / "dagster").mkdir()
    monkeypatch.setenv("PROOFMILL_HOME", str(tmp_path / "home"))
    with dg.DagsterInstance.local_temp(str(tmp_path / "dagster")) as instance:
        proofmill = ProofmillResource(profile="smoke")
        with run_lock.exclusive_run(instance.root_directory):
            key, reason = schedules._next_request(instance, proofmill)
            assert key is None and "`proofmill run` command is running" in reason
        assert schedules._next_request(instance, proofmill)[0] == "1"
