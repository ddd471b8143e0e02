"""The RL sensor under Dagster's own sensor daemon: a cursor set the way the UI sets it ("+N" or a target),
a real tick (code location loaded from ``pipelines.definitions``), and the run it submits.

The instance queues runs (QueuedRunCoordinator, no run daemon), so a submitted iteration stays QUEUED with
its partition tag: the test sees what the sensor launched without training anything.
"""

from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.remote_origin import InProcessCodeLocationOrigin
from dagster._core.scheduler.instigation import SensorInstigatorData, TickStatus
from dagster._core.test_utils import create_test_daemon_workspace_context, freeze_time
from dagster._core.types.loadable_target_origin import LoadableTargetOrigin
from dagster._core.workspace.load_target import InProcessWorkspaceLoadTarget
from dagster._daemon.sensor import execute_sensor_iteration

from pipelines import schedules
from pipelines.jobs import RL_JOB_NAME

SENSOR = "rl_back_to_back_sensor"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def instance(tmp_path, monkeypatch) -> Iterator[dg.DagsterInstance]:
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps({"rl": {"iterations": 2}}))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile))
    monkeypatch.setenv("PROOFMILL_HOME", str(tmp_path / "home"))
    queued = {"module": "dagster._core.run_coordinator", "class": "QueuedRunCoordinator"}
    (tmp_path / "dagster").mkdir()
    overrides = {"run_coordinator": queued}
    with dg.DagsterInstance.local_temp(str(tmp_path / "dagster"), overrides=overrides) as inst:
        yield inst


@pytest.fixture
def workspace(instance):
    origin = InProcessCodeLocationOrigin(
        LoadableTargetOrigin(
            module_name="pipelines.definitions", attribute="defs", working_directory=str(REPO)
        ),
        location_name="proofmill",
    )
    with create_test_daemon_workspace_context(InProcessWorkspaceLoadTarget(origin), instance) as ctx:
        yield ctx


def remote_sensor(workspace):
    entry = next(iter(workspace.create_request_context().get_code_location_entries().values()))
    assert entry.code_location, entry.load_error
    repo = next(iter(entry.code_location.get_repositories().values()))
    return repo.get_sensor(SENSOR)


def set_cursor(instance: dg.DagsterInstance, sensor, cursor: str | None) -> None:
    """What the UI's "Set cursor value" does (dagster_graphql set_sensor_cursor): new instigator data."""
    state = instance.get_instigator_state(sensor.get_remote_origin_id(), sensor.selector_id)
    data = state.instigator_data
    instance.update_instigator_state(
        state.with_data(
            SensorInstigatorData(
                last_tick_timestamp=data.last_tick_timestamp,
                last_run_key=data.last_run_key,
                min_interval=sensor.min_interval_seconds,
                cursor=cursor,
                sensor_type=sensor.sensor_type,
            )
        )
    )


class Ticker:
    """Daemon ticks at now, now + 31 s, ... (the sensor's minimum interval is 30 s)."""

    def __init__(self) -> None:
        self.now = datetime.datetime.now(datetime.UTC)

    def tick(self, workspace) -> None:
        self.now += datetime.timedelta(seconds=31)
        with freeze_time(self.now):
            list(execute_sensor_iteration(workspace, logging.getLogger("test"), None, None))


def last_tick(instance: dg.DagsterInstance, sensor):
    return instance.get_ticks(sensor.get_remote_origin_id(), sensor.selector_id, limit=1)[0]


def stored_cursor(instance: dg.DagsterInstance, sensor) -> str | None:
    state = instance.get_instigator_state(sensor.get_remote_origin_id(), sensor.selector_id)
    return state.instigator_data.cursor


def rl_runs(instance: dg.DagsterInstance) -> list[dg.DagsterRun]:
    return list(instance.get_runs(dg.RunsFilter(job_name=RL_JOB_NAME)))


def finish(instance: dg.DagsterInstance, run: dg.DagsterRun, key: str) -> None:
    """The queued run 'ran': it ends and iteration ``key``'s policy exists."""
    instance.report_run_canceled(run)  # not live any more; only the policy's materialization counts
    instance.report_runless_asset_event(dg.AssetMaterialization(asset_key="policy", partition=key))


def done(instance: dg.DagsterInstance, *keys: str) -> None:
    for key in keys:
        schedules.ensure_partition(instance, key)
        instance.report_runless_asset_event(dg.AssetMaterialization(asset_key="policy", partition=key))


def test_plus_n_cursor_from_the_ui_launches_the_next_iterations(instance, workspace) -> None:
    sensor = remote_sensor(workspace)
    instance.start_sensor(sensor)
    done(instance, "1", "2")  # the profile's 2 iterations are done
    ticker = Ticker()
    ticker.tick(workspace)
    tick = last_tick(instance, sensor)
    assert tick.status == TickStatus.SKIPPED and "all 2 iterations are done" in tick.skip_reason
    assert rl_runs(instance) == []

    set_cursor(instance, sensor, "+1")
    ticker.tick(workspace)
    tick = last_tick(instance, sensor)
    assert tick.status == TickStatus.SUCCESS, tick.error
    [run] = rl_runs(instance)
    assert run.tags["dagster/partition"] == "3" and run.status == dg.DagsterRunStatus.QUEUED
    assert run.tags["proofmill/trigger"] == "sensor"
    assert instance.has_dynamic_partition("rl_iteration", "3")
    assert stored_cursor(instance, sensor) == "3"  # "+1" resolved once into the target

    ticker.tick(workspace)  # iteration 3 in flight: nothing new, the cursor stays
    tick = last_tick(instance, sensor)
    assert tick.status == TickStatus.SKIPPED and "in flight" in tick.skip_reason
    assert len(rl_runs(instance)) == 1 and stored_cursor(instance, sensor) == "3"

    finish(instance, run, "3")
    ticker.tick(workspace)  # target 3 reached: "+1" is not added again
    tick = last_tick(instance, sensor)
    assert tick.status == TickStatus.SKIPPED and "all 3 iterations are done" in tick.skip_reason
    assert len(rl_runs(instance)) == 1


def test_absolute_target_cursor_runs_until_it(instance, workspace) -> None:
    sensor = remote_sensor(workspace)
    instance.start_sensor(sensor)
    done(instance, "1", "2")
    set_cursor(instance, sensor, "4")
    ticker = Ticker()
    for key in ("3", "4"):
        ticker.tick(workspace)
        tick = last_tick(instance, sensor)
        assert tick.status == TickStatus.SUCCESS, tick.error
        run = rl_runs(instance)[0]  # newest first
        assert run.tags["dagster/partition"] == key
        finish(instance, run, key)
    ticker.tick(workspace)
    tick = last_tick(instance, sensor)
    assert tick.status == TickStatus.SKIPPED and "all 4 iterations are done" in tick.skip_reason
    assert stored_cursor(instance, sensor) == "4" and len(rl_runs(instance)) == 2


def test_a_bad_cursor_skips_every_tick_with_the_accepted_forms(instance, workspace) -> None:
    sensor = remote_sensor(workspace)
    instance.start_sensor(sensor)
    set_cursor(instance, sensor, "lots")
    Ticker().tick(workspace)
    tick = last_tick(instance, sensor)
    assert tick.status == TickStatus.SKIPPED and "use +N" in tick.skip_reason
    assert rl_runs(instance) == []

