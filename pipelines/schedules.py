"""The schedule and sensor that start the next RL iteration, and helpers for launchers.

One run of ``pipelines.jobs.RL_JOB_NAME`` materializes one iteration = one partition key of the dynamic
partitions definition ``rl_iteration`` ("1", "2", ...): rollouts → replay_shard → policy → rl_eval.
Ways to run iterations:

- ``rl_next_iteration_schedule`` (hourly; stopped by default): starts the next iteration when none is in
  flight, until ``rl.iterations`` of the profile the ``proofmill`` resource is configured with.
- ``rl_back_to_back_sensor`` (stopped by default): the same check every 30 s, so iterations run back to
  back; it stops at ``rl.iterations`` or when the latest iteration's run failed (re-execute that run from
  failure in the UI, then the sensor carries on). **More iterations from the UI**: on the sensor's page,
  set its cursor to ``+N`` (N more than the iterations done now) or to a target iteration ``T``; the
  sensor stores the resolved target (``T``) as its cursor and runs until it; an empty cursor means the
  profile's ``rl.iterations``. Every skipped tick says why.
- From code (the CLI): ``ensure_partition(instance, key)`` then launch ``RL_JOB_NAME`` with that
  partition key; ``next_iteration(instance)`` says which key comes next.
"""

from __future__ import annotations

import dagster as dg

from assets.keys import POLICY, RL_PARTITIONS, RL_PARTITIONS_NAME
from assets.resources import ProofmillResource
from pipelines import run_lock
from pipelines.jobs import RL_JOB_NAME, rl_job
from pipelines.run_health import crashed, live_runs

POLICY_KEY = dg.AssetKey(POLICY)

def ensure_partition(instance: dg.DagsterInstance, key: str) -> None:
    """Register iteration ``key`` ("1", "2", ...) as a partition of ``rl_iteration`` (idempotent)."""
    if not key.isdigit() or int(key) < 1 or str(int(key)) != key:
        raise ValueError(f"RL partition keys are iteration numbers 1, 2, ...; got {key!r}")
    if not instance.has_dynamic_partition(RL_PARTITIONS_NAME, key):
        instance.add_dynamic_partitions(RL_PARTITIONS_NAME, [key])


def completed_iterations(instance: dg.DagsterInstance) -> list[int]:
    """Iterations whose policy has been materialized (the last asset every iteration must produce)."""
    keys = instance.get_dynamic_partitions(RL_PARTITIONS_NAME)
    status = instance.get_status_by_partition(POLICY_KEY, keys, RL_PARTITIONS) or {}
    done = dg.AssetPartitionStatus.MATERIALIZED
    return sorted(int(k) for k, s in status.items() if s == done and k.isdigit())


def next_iteration(instance: dg.DagsterInstance) -> int:
    """1 + the highest iteration whose policy exists, i.e. the iteration to run now."""
    done = completed_iterations(instance)
    return (max(done) + 1) if done else 1


def _active_rl_runs(instance: dg.DagsterInstance) -> list[dg.DagsterRun]:
    """RL runs really in progress: a started run whose worker died is marked failed here, not waited on."""
    return live_runs(instance, RL_JOB_NAME)


MAX_CRASH_RETRIES = 2  # fresh runs of an iteration whose worker died (SIGKILL, OOM), then it waits for you


def _last_run_failed(instance: dg.DagsterInstance, key: str) -> bool:
    """The latest run of iteration ``key`` failed, and not (only) because its worker died: a crashed run
    is retried (a fresh run; re-runs replace their outputs) up to ``MAX_CRASH_RETRIES`` times."""
    filters = dg.RunsFilter(job_name=RL_JOB_NAME, tags={"dagster/partition": key})
    records = instance.get_run_records(filters, limit=MAX_CRASH_RETRIES + 2)
    if not records or records[0].dagster_run.status != dg.DagsterRunStatus.FAILURE:
        return False
    crashes = 0
    for record in records:
        if record.dagster_run.status != dg.DagsterRunStatus.FAILURE or not crashed(instance, record):
            break
        crashes += 1
    return crashes == 0 or crashes > MAX_CRASH_RETRIES


MORE_HINT = "set the rl_back_to_back_sensor cursor to +N in the UI to run N more"


def parse_target(cursor: str | None, done: int, profile_target: int) -> tuple[int, str]:
    """(target iteration, where it comes from) for a sensor cursor: empty → the profile's rl.iterations,
    ``+N`` → ``done + N``, ``T`` → T. Anything else is a ValueError with the accepted forms."""
    text = (cursor or "").strip()
    if not text:
        return profile_target, "the profile's rl.iterations"
    if text.startswith("+") and text[1:].isdigit():
        return done + int(text[1:]), f"cursor {text}: {text[1:]} more than the {done} done"
    if text.isdigit():
        return int(text), f"cursor target {text}"
    raise ValueError(f"sensor cursor {cursor!r}: use +N (N more iterations) or a target iteration T")


def _next_request(
    instance: dg.DagsterInstance, proofmill: ProofmillResource, target: int | None = None, source: str = ""
) -> tuple[str | None, str]:
    """(partition key to launch, reason); key None when nothing should start now."""
    if _active_rl_runs(instance):
        return None, "an RL iteration is in flight"
    if run_lock.held(instance.root_directory):  # between the runs of a `proofmill run`: leave it the instance
        return None, "a `proofmill run` command is running on this instance"
    if target is None:
        target, source = proofmill.settings.rl.iterations, "the profile's rl.iterations"
    k = next_iteration(instance)
    if k > target:
        return None, f"all {target} iterations are done (target from {source}); {MORE_HINT}"
    return str(k), f"iteration {k} of {target}"


@dg.schedule(
    job=rl_job,
    cron_schedule="0 * * * *",
    default_status=dg.DefaultScheduleStatus.STOPPED,
    description="Start the next RL iteration (if none is running) until the profile's rl.iterations.",
)
def rl_next_iteration_schedule(
    context: dg.ScheduleEvaluationContext, proofmill: ProofmillResource
) -> dg.RunRequest | dg.SkipReason:
    key, reason = _next_request(context.instance, proofmill)
    if key is None:
        return dg.SkipReason(reason)
    ensure_partition(context.instance, key)  # schedules cannot return dynamic partition requests
    return dg.RunRequest(partition_key=key, tags={"proofmill/trigger": "schedule"})


@dg.sensor(
    job=rl_job,
    minimum_interval_seconds=30,
    default_status=dg.DefaultSensorStatus.STOPPED,
    description="Run RL iterations back to back until a target (default: the profile's rl.iterations); "
    "set the cursor to +N in the UI for N more iterations, or to a target iteration T. Retries an "
    "iteration whose run worker died (twice); pauses when an iteration failed otherwise.",
)
def rl_back_to_back_sensor(
    context: dg.SensorEvaluationContext, proofmill: ProofmillResource
) -> dg.SensorResult | dg.SkipReason:
    done = max(completed_iterations(context.instance), default=0)
    try:
        target, source = parse_target(context.cursor, done, proofmill.settings.rl.iterations)
    except ValueError as exc:
        return dg.SkipReason(str(exc))
    # "+N" is resolved once into the target it names, so the next tick does not add N again. The new
    # cursor goes out in the SensorResult only: Dagster refuses a result that sets a cursor after
    # context.update_cursor() was called, so every path below returns a SensorResult carrying it.
    cursor = str(target) if context.cursor and context.cursor.strip().startswith("+") else context.cursor
    key, reason = _next_request(context.instance, proofmill, target, source)
    if key is None:
        return dg.SensorResult(skip_reason=reason, cursor=cursor)
    if _last_run_failed(context.instance, key):
        reason = f"the last run of iteration {key} failed; re-execute it from failure"
        return dg.SensorResult(skip_reason=reason, cursor=cursor)
    return dg.SensorResult(
        run_requests=[dg.RunRequest(partition_key=key, tags={"proofmill/trigger": "sensor"})],
        dynamic_partitions_requests=[RL_PARTITIONS.build_add_request([key])],
        cursor=cursor,
    )


SCHEDULES: list[dg.ScheduleDefinition] = [rl_next_iteration_schedule]
SENSORS: list[dg.SensorDefinition] = [rl_back_to_back_sensor]
