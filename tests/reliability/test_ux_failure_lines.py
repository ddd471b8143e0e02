"""A failing step shows its cause in one console line (not "Error occurred while executing op ..."
with the cause 90-180 lines down a traceback): real failures (a full disk, a read-only folder, a
truncated replay shard) in real Dagster runs, with the run config `proofmill run` uses."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pyarrow as pa
import pytest

from pipelines.launch import StepConsole, console_run_config


def run_console(assets: list, capfd: pytest.CaptureFixture[str]) -> tuple[list[str], str]:
    job = dg.Definitions(assets=assets).resolve_implicit_global_asset_job_def()
    result = job.execute_in_process(raise_on_error=False, run_config=console_run_config(verbose=False))
    assert not result.success
    lines: list[str] = []
    console = StepConsole(lines.append)
    for event in result.all_events:
        console.on_event(event)
    return lines, capfd.readouterr().err


@dg.asset
def full_disk() -> None:
    with open("/dev/full", "wb") as fh:  # every write to /dev/full fails with ENOSPC
        fh.write(b"x" * 4096)
        fh.flush()


@dg.asset
def read_only_folder() -> None:
    from assets.io import write_parquet

    # /sys refuses new files even to root: what a read-only artifact folder does
    write_parquet(Path("/sys/proofmill_probe.parquet"), [{"a": 1}], pa.schema([("a", pa.int64())]))


@dg.asset
def bad_profile() -> None:
    raise dg.Failure(description="profile section rl: RLSettings.iterations must be >= 0, got -1")


@pytest.mark.parametrize(("asset", "cause"), [
    (full_disk, "OSError: [Errno 28] No space left on device"),
    (read_only_folder, "PermissionError: [Errno 13] Permission denied"),
    (bad_profile, "profile section rl: RLSettings.iterations must be >= 0, got -1"),
])
def test_a_failed_step_is_one_line_with_its_cause(asset, cause: str, capfd) -> None:
    lines, stderr = run_console([asset], capfd)
    [line] = lines
    assert line.startswith(f"  ✗ {asset.key.path[-1]}") and cause in line, line
    assert "Error occurred while executing" not in line
    assert "Traceback" not in stderr and "Stack Trace" not in stderr  # Dagster's console logger is quiet


def test_a_truncated_replay_shard_names_the_file_and_the_fix(tmp_path: Path, capfd) -> None:
    from rl import replay

    shard = replay.shard_path(tmp_path, "replay", 1)
    shard.parent.mkdir(parents=True)
    replay.write_parquet_atomic(shard, replay.to_table("replay", []))
    shard.write_bytes(shard.read_bytes()[:20])

    @dg.asset
    def policy_update() -> None:
        replay.read_shards(tmp_path, "replay", [1])

    [line], stderr = run_console([policy_update], capfd)
    assert f"CorruptFileError: {shard} is not a readable parquet file" in line
    assert "re-materialize the asset that writes it" in line and "Traceback" not in stderr


def test_verbose_keeps_dagster_console_log(capfd) -> None:
    job = dg.Definitions(assets=[bad_profile]).resolve_implicit_global_asset_job_def()
    job.execute_in_process(raise_on_error=False, run_config=console_run_config(verbose=True))
    assert "RLSettings.iterations" in capfd.readouterr().err
