"""`proofmill run` creates its runs as runs of the `proofmill` code location, as the UI sees them.

Checked through Dagster's GraphQL API against the workspace of workspace.yaml (a real code server): the
run's repository origin is the loaded location, its job snapshot is the one the location serves (the UI
re-executes such a run with no "different code location" warning), and the job's run list holds it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pytest
from dagster._core.workspace.context import WorkspaceProcessContext
from dagster._core.workspace.load_target import WorkspaceFileTarget
from dagster_graphql.test.utils import execute_dagster_graphql

from pipelines import cli, definitions
from pipelines.jobs import RL_JOB_NAME

REPO = Path(__file__).resolve().parents[2]

QUERY = """
query ($runId: ID!, $selector: PipelineSelector!, $filter: RunsFilter!) {
  runOrError(runId: $runId) {
    ... on Run {
      pipelineName pipelineSnapshotId
      repositoryOrigin { repositoryLocationName repositoryName }
      tags { key value }
    }
  }
  pipelineOrError(params: $selector) { ... on Pipeline { pipelineSnapshotId } }
  runsOrError(filter: $filter) { ... on Runs { results { runId } } }
}
"""


CREATE = """
import json, sys
import dagster as dg
from pipelines import launch
instance = dg.DagsterInstance.get()
runs = {job: launch.create_run(instance, job, partition=part or None)[1].run_id
        for job, part in (a.split(":") for a in sys.argv[1:])}
print(json.dumps(runs))
"""


@pytest.mark.slow
def test_cli_runs_belong_to_the_code_location(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(REPO)
    # the CLI and `proofmill ui` pin the hash seed (pipelines/cli.py: HASH_SEED); so do both sides here
    monkeypatch.setenv("PYTHONHASHSEED", cli.HASH_SEED)
    with dg.instance_for_test(temp_dir=str(tmp_path)) as instance:
        out = subprocess.run(
            [sys.executable, "-c", CREATE, "foundation:", f"{RL_JOB_NAME}:1"], check=True,
            capture_output=True, text=True, env={**os.environ, "DAGSTER_HOME": str(tmp_path)},
        ).stdout
        ids = json.loads(out.splitlines()[-1])
        runs = {job: instance.get_run_by_id(run_id) for job, run_id in ids.items()}
        target = WorkspaceFileTarget(paths=[str(REPO / "workspace.yaml")])
        with WorkspaceProcessContext(instance, target) as workspace:
            context = workspace.create_request_context()
            for job, run in runs.items():
                assert run.remote_job_origin is not None
                result = execute_dagster_graphql(context, QUERY, {
                    "runId": run.run_id,
                    "selector": {"pipelineName": job, "repositoryName": "__repository__",
                                 "repositoryLocationName": "proofmill"},
                    "filter": {"pipelineName": job,
                               "tags": [{"key": ".dagster/repository", "value": "__repository__@proofmill"}]},
                })
                data = result.data
                got = data["runOrError"]
                assert got["repositoryOrigin"] == {"repositoryLocationName": "proofmill",
                                                   "repositoryName": "__repository__"}
                # same snapshot as the loaded job: the UI's "origin-and-snapshot" match, no warning
                assert got["pipelineSnapshotId"] == data["pipelineOrError"]["pipelineSnapshotId"]
                assert run.run_id in [r["runId"] for r in data["runsOrError"]["results"]]
                tags = {t["key"]: t["value"] for t in got["tags"]}
                assert tags["proofmill/launched_by"] == "cli"
                if job == RL_JOB_NAME:
                    assert tags["dagster/partition"] == "1"


def test_job_snapshots_do_not_depend_on_set_order() -> None:
    """A step that waits on several upstream outputs gets them in a fixed order only when their output
    names differ: Dagster sorts an asset's blocking checks by output name, and separate check ops all
    call theirs ``result``. Equal names made the snapshot id change from process to process, so a run
    created by `proofmill run` did not match the job the UI's code server loaded (CI failure, stop 18)."""
    from dagster._core.snap import JobSnap

    for job in definitions.defs.resolve_all_job_defs():
        snap = JobSnap.from_job_def(job)
        for node in snap.dep_structure_snapshot.node_invocation_snaps:
            for dep in node.input_dep_snaps:
                # the blocking checks' outputs come first, the asset's own output last
                names = [o.output_name for o in dep.upstream_output_snaps[:-1]]
                assert len(names) == len(set(names)), (job.name, node.node_name, dep.input_name, names)
