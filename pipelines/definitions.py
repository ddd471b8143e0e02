"""The proofmill code location: every asset, check, job, schedule and resource in one `Definitions`."""

from __future__ import annotations

import os

import dagster as dg

import assets
from assets.resources import ProofmillResource
from core import quiet
from pipelines import schedules
from pipelines.jobs import JOBS

all_assets = dg.load_assets_from_package_module(assets)
all_checks = dg.load_asset_checks_from_package_module(assets)


def _executor() -> dg.ExecutorDefinition:
    """Executor by name ($PROOFMILL_EXECUTOR), so scaling out is configuration, not a code change.

    multiprocess (default): one process per step on this machine; in_process: debugging; k8s / celery:
    one pod / worker per step (needs `dagster-k8s` / `dagster-celery` installed, see docs/SCALING.md).
    """
    name = os.environ.get("PROOFMILL_EXECUTOR", "multiprocess")
    if name == "multiprocess":
        # forkserver with the code location preloaded: a step starts in ~1 s instead of re-importing
        # torch/lightning/mlflow/dagster for 3-9 s (benchmarks/bench_pipeline.py measures it).
        return dg.multiprocess_executor.configured(
            {
                "max_concurrent": _max_concurrent(),
                "start_method": {"forkserver": {"preload_modules": ["pipelines.definitions"]}},
            }
        )
    if name == "in_process":
        return dg.in_process_executor
    if name == "k8s":
        from dagster_k8s import k8s_job_executor  # type: ignore[import-not-found]

        return k8s_job_executor
    if name == "celery":
        from dagster_celery import celery_executor  # type: ignore[import-not-found]

        return celery_executor
    raise ValueError(f"PROOFMILL_EXECUTOR={name!r}: choose multiprocess, in_process, k8s or celery")


def _max_concurrent() -> int:
    text = os.environ.get("PROOFMILL_MAX_CONCURRENT", "2")
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"PROOFMILL_MAX_CONCURRENT={text!r}: must be an integer >= 1")
    return int(text)


quiet.install()  # third-party noise filtered by message, in every process that loads the code location

defs = dg.Definitions(
    assets=all_assets,
    asset_checks=all_checks,
    jobs=JOBS,
    schedules=schedules.SCHEDULES,
    sensors=schedules.SENSORS,
    resources={"proofmill": ProofmillResource()},
    executor=_executor(),
)


def job_by_name(name: str) -> dg.JobDefinition:
    """Reconstructor for `dg.build_reconstructable_job`: the multiprocess executor re-imports jobs by name."""
    return defs.resolve_job_def(name)
