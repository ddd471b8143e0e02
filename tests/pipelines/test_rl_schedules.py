"""The RL schedule/sensor: next partition from what has materialized, dynamic partition requests, stops."""

from __future__ import annotations

import json

import dagster as dg
import pytest

from assets.resources import ProofmillResource
from pipelines import jobs, schedules


def resources(profile: str = "smoke") -> dict:
    return {"proofmill": ProofmillResource(profile=profile)}


def _defs(profile: str = "smoke") -> dg.Definitions:
    return dg.Definitions(
        assets=_rl_assets(),
        jobs=[jobs.rl_job],
        sensors=[schedules.rl_back_to_back_sensor],
        resources=resources(profile),
    )


# The contexts are entered (`with`): a context built with resources opens them and must close them.
# The sensor is evaluated the way Dagster evaluates a tick (`evaluate_tick`: result checks, cursor
# update, partition resolution against the instance's partitions, as the code server does with an
# instance ref), not by calling the function: that bare call hid a tick-failing bug.
def run_sensor(instance: dg.DagsterInstance, profile: str = "smoke", cursor: str | None = None):
    with dg.build_sensor_context(
        instance_ref=instance.get_ref(),
        cursor=cursor,
        definitions=_defs(profile),
        resources=resources(profile),
    ) as context:
        return schedules.rl_back_to_back_sensor.evaluate_tick(context)


def run_schedule(instance: dg.DagsterInstance, profile: str = "smoke"):
    with dg.build_schedule_context(instance=instance, resources=resources(profile)) as context:
        return schedules.rl_next_iteration_schedule(context)


@pytest.fixture
def instance(tmp_path, monkeypatch):
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps({"rl": {"iterations": 2}}))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile))
    (tmp_path / "dagster").mkdir()
    with dg.DagsterInstance.local_temp(str(tmp_path / "dagster")) as inst:
        yield inst


def materialize_policy(instance: dg.DagsterInstance, key: str) -> None:
    schedules.ensure_partition(instance, key)
    instance.report_runless_asset_event(dg.AssetMaterialization(asset_key="policy", partition=key))


def test_ensure_partition_validates_and_is_idempotent(instance) -> None:
    for bad in ("0", "-1", "01", "x", ""):
        with pytest.raises(ValueError):
            schedules.ensure_partition(instance, bad)
    schedules.ensure_partition(instance, "1")
    schedules.ensure_partition(instance, "1")
    assert instance.get_dynamic_partitions("rl_iteration") == ["1"]


def test_sensor_requests_next_iteration_until_the_last(instance) -> None:
    result = run_sensor(instance)
    assert [r.partition_key for r in result.run_requests] == ["1"]
    assert result.dynamic_partitions_requests[0].partition_keys == ["1"]
    materialize_policy(instance, "1")
    assert schedules.completed_iterations(instance) == [1] and schedules.next_iteration(instance) == 2
    result = run_sensor(instance)
    assert [r.partition_key for r in result.run_requests] == ["2"]
    materialize_policy(instance, "2")
    skip = run_sensor(instance)
    assert not skip.run_requests and "all 2 iterations" in skip.skip_message


def test_schedule_adds_the_partition_itself(instance) -> None:
    request = run_schedule(instance)
    assert request.partition_key == "1"
    assert instance.has_dynamic_partition("rl_iteration", "1")


def test_nothing_starts_while_an_iteration_runs_or_after_a_failure(instance) -> None:
    defs = dg.Definitions(
        assets=_rl_assets(), jobs=[jobs.rl_job], resources={"proofmill": ProofmillResource()}
    )
    job = defs.resolve_job_def(jobs.RL_JOB_NAME)
    run = instance.create_run_for_job(
        job, tags={"dagster/partition": "1"}, status=dg.DagsterRunStatus.STARTED
    )
    skip = run_sensor(instance)
    assert not skip.run_requests and "in flight" in skip.skip_message
    instance.report_run_failed(run)
    skip = run_sensor(instance)
    assert not skip.run_requests and "failed" in skip.skip_message
    # the schedule retries a failed iteration on its next tick (a fresh run of the same partition)
    assert run_schedule(instance).partition_key == "1"


def test_the_sensor_reads_the_profile_from_its_resource(instance, tmp_path, monkeypatch) -> None:
    """The iteration target comes from the `proofmill` resource's profile, not $PROOFMILL_PROFILE."""
    monkeypatch.delenv("PROOFMILL_PROFILE_FILE")
    monkeypatch.setenv("PROOFMILL_PROFILE", "full")
    from core.profiles import get_profile

    smoke, full = get_profile("smoke").rl.iterations, get_profile("full").rl.iterations
    assert smoke != full
    for k in range(1, smoke + 1):
        materialize_policy(instance, str(k))
    skip = run_sensor(instance, "smoke")
    assert not skip.run_requests and f"all {smoke} iterations" in skip.skip_message
    assert [r.partition_key for r in run_sensor(instance, "full").run_requests] == [str(smoke + 1)]


def _rl_assets() -> list:
    from assets.rl import policy, replay_shard, rl_eval, rollouts

    return [rollouts, replay_shard, policy, rl_eval]


def test_rl_eval_runs_every_eval_every_and_on_the_last() -> None:
    from assets.rl import is_eval_iteration

    assert [k for k in range(1, 8) if is_eval_iteration(k, eval_every=3, iterations=7)] == [3, 6, 7]
    assert [k for k in range(1, 4) if is_eval_iteration(k, eval_every=0, iterations=3)] == [3]


def test_rl_eval_skips_other_iterations_without_materializing(instance, tmp_path) -> None:
    from assets.rl import rl_eval

    schedules.ensure_partition(instance, "1")  # iterations=2 in this profile: 1 is not an eval iteration
    result = dg.materialize(
        [rl_eval],
        partition_key="1",
        instance=instance,
        resources={"proofmill": ProofmillResource(home=str(tmp_path / "home"))},
    )
    assert result.success
    assert result.get_asset_materialization_events() == []
    assert not (tmp_path / "home" / "eval").exists()


def sensor_with_cursor(instance: dg.DagsterInstance, cursor: str | None):
    """One tick as the daemon evaluates it: the cursor the UI set goes in, the sensor's cursor comes out."""
    data = run_sensor(instance, cursor=cursor)
    return data, data.cursor


def test_n_more_iterations_from_the_sensor_cursor(instance) -> None:
    materialize_policy(instance, "1")
    materialize_policy(instance, "2")  # the profile's 2 iterations are done
    skip, _ = sensor_with_cursor(instance, None)
    assert not skip.run_requests
    assert "all 2 iterations are done" in skip.skip_message and "+N" in skip.skip_message
    # the user sets the cursor to "+2" on the sensor's page: 2 more → target 4, stored as "4"
    result, cursor = sensor_with_cursor(instance, "+2")
    assert [r.partition_key for r in result.run_requests] == ["3"] and cursor == "4"
    materialize_policy(instance, "3")
    result, cursor = sensor_with_cursor(instance, cursor)  # the next tick must not add 2 again
    assert [r.partition_key for r in result.run_requests] == ["4"] and cursor == "4"
    materialize_policy(instance, "4")
    skip, cursor = sensor_with_cursor(instance, cursor)
    assert not skip.run_requests and "all 4 iterations are done" in skip.skip_message
    assert "cursor target 4" in skip.skip_message
    skip, _ = sensor_with_cursor(instance, "lots")
    assert not skip.run_requests and "use +N" in skip.skip_message
    result, _ = sensor_with_cursor(instance, "5")  # an absolute target works too
    assert [r.partition_key for r in result.run_requests] == ["5"]
