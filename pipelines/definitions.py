"""The proofmill code location: every asset, check, job, schedule and resource in one `Definitions`."""

from __future__ import annotations

import os

import dagster as dg

import assets
from pipelines import schedules
from pipelines.jobs import foundation_job
from pipelines.resources import ProofmillResource

all_assets = dg.load_assets_from_package_module(assets)
all_checks = dg.load_asset_checks_from_package_module(assets)

# One process per step so training and search run side by side with the Lean servers; on a cluster swap
# this for dagster-k8s' or dagster-celery's executor (README, "Scaling out") — no code change needed.
executor = dg.multiprocess_executor.configured(
    {"max_concurrent": int(os.environ.get("PROOFMILL_MAX_CONCURRENT", "2"))}
)

defs = dg.Definitions(
    assets=all_assets,
    asset_checks=all_checks,
    jobs=[foundation_job, *schedules.JOBS],
    schedules=schedules.SCHEDULES,
    sensors=schedules.SENSORS,
    resources={"proofmill": ProofmillResource()},
    executor=executor,
)


def job_by_name(name: str) -> dg.JobDefinition:
    """Reconstructor for `dg.build_reconstructable_job`: the multiprocess executor re-imports jobs by name."""
    return defs.resolve_job_def(name)
