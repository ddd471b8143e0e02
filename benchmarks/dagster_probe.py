"""A job of no-op assets that imports what the proofmill code location imports, to time how long Dagster's
multiprocess executor takes to start a step worker with the ``spawn`` (default) vs the ``forkserver``
start method (a warm server with the code location preloaded forks each step).

Importing this module costs what loading ``pipelines.definitions`` costs: that import is exactly what each
spawned step worker pays before its step can start.
"""

from __future__ import annotations

import dagster as dg

import pipelines.definitions  # noqa: F401 -- the import cost a real step worker pays

N_STEPS = 3


def _noop_assets(n: int) -> list[dg.AssetsDefinition]:
    out: list[dg.AssetsDefinition] = []
    for i in range(n):
        deps = [out[-1].key] if out else []

        @dg.asset(name=f"probe_{i}", deps=deps)
        def probe() -> None:
            return None

        out.append(probe)
    return out


def probe_job() -> dg.JobDefinition:
    """A chain of ``N_STEPS`` no-op assets on the multiprocess executor (reconstructable by name)."""
    assets = _noop_assets(N_STEPS)
    defs = dg.Definitions(assets=assets, jobs=[dg.define_asset_job("start_probe", selection=assets)],
                          executor=dg.multiprocess_executor)
    return defs.resolve_job_def("start_probe")
