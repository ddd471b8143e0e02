"""A Lean fleet that answers only junk: the RL iteration fails loudly at the rollouts, before any shard,
policy update or registry version exists (issue 15: infrastructure errors never train)."""

from __future__ import annotations

import json
from pathlib import Path

import dagster as dg
import pytest

from lean_io.local import minilean_servers
from models import registry
from pipelines.schedules import ensure_partition
from search import replay
from tests.test_rl_iteration import OVERRIDES, build_home, rl_test_job


@pytest.mark.slow
def test_junk_fleet_fails_the_iteration_and_registers_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    profile_file = tmp_path / "profile.json"
    profile_file.write_text(json.dumps(OVERRIDES))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile_file))
    monkeypatch.setenv("PROOFMILL_HOME", str(home))
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)
    build_home(home)
    (tmp_path / "dagster").mkdir()
    instance = dg.DagsterInstance.local_temp(str(tmp_path / "dagster"))
    ensure_partition(instance, "1")
    # every call but /status answers HTTP 500: the fleet looks healthy to probes and fails every proof
    with minilean_servers(1, max_processes=3, extra_args=["--error-rate", "1.0"]) as urls:
        monkeypatch.setenv("PROOFMILL_LEAN_SERVERS", ",".join(urls))
        result = dg.execute_job(dg.reconstructable(rl_test_job), instance, tags={"dagster/partition": "1"})
    assert not result.success
    failures = [e for e in result.all_events if e.event_type_value == "STEP_FAILURE"]
    assert [e.step_key for e in failures] == ["rollouts.rl_collect"]
    message = failures[0].step_failure_data.error.message if failures[0].step_failure_data.error else ""
    assert "failed on Lean infrastructure" in message and "nothing is registered" in message, message
    assert not replay.shard_path(home, "rollouts", 1).exists()
    assert not list(home.glob("rl/replay/**/*.parquet")) and not list(home.glob("rl/attempts/**/*.parquet"))
    c = registry.client(uri)
    assert registry.versions_of(c, "rl", 1) == []
