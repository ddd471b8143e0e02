"""The quiet console of `proofmill run`: one line per step with a key figure, checks folded into one line.

Fed with the real events of a small in-process Dagster job (asset + check + op)."""

from __future__ import annotations

import dagster as dg

from pipelines.launch import StepConsole, _figure


@dg.asset(check_specs=[dg.AssetCheckSpec("non_empty", asset="numbers", description="rows > 0")])
def numbers() -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"path": "/x", "rows": 1234},
                                check_results=[dg.AssetCheckResult(passed=True)])


@dg.asset(deps=[numbers])
def scored() -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"success_rate": 0.75, "final_val_loss": 1.5})


@dg.asset(deps=[scored], output_required=False)
def sometimes(context):  # unannotated: Dagster reads a string annotation wrongly
    context.log_event(dg.AssetObservation(asset_key=context.asset_key, metadata={
        "skipped": "skipped on purpose: iteration 2 is not an eval iteration; force it with config"}))
    yield from ()


@dg.asset_check(asset=scored, description="fails on purpose")
def scored_is_perfect() -> dg.AssetCheckResult:
    return dg.AssetCheckResult(passed=False)


def test_console_lines_from_real_events() -> None:
    defs = dg.Definitions(assets=[numbers, scored, sometimes], asset_checks=[scored_is_perfect])
    result = defs.resolve_implicit_global_asset_job_def().execute_in_process()
    lines: list[str] = []
    console = StepConsole(lines.append)
    for event in result.all_events:
        console.on_event(event)
    assert console.ok
    steps = [line for line in lines if line.startswith("  ✓")]
    assert len(steps) == 3  # the check step gets no line of its own
    assert steps[2].split()[1] == "sometimes"
    assert steps[2].endswith("skipped: iteration 2 is not an eval iteration")
    assert steps[0].split()[1] == "numbers" and steps[0].rsplit("s  ", 1)[1] == "rows 1,234"  # once
    assert steps[1].split()[1] == "scored" and steps[1].endswith("success_rate 75%")
    assert console.checks_line() == "checks 1/2 passed; failed: scored:scored_is_perfect"


@dg.asset
def idle() -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"noop": "profile conjecture.enabled is false", "accepted": 0})


def test_noop_steps_get_no_line() -> None:
    """A step that materialized with ``noop`` metadata (nothing to do on purpose) gets no console line."""
    job = dg.Definitions(assets=[numbers, idle]).resolve_implicit_global_asset_job_def()
    result = job.execute_in_process()
    lines: list[str] = []
    console = StepConsole(lines.append)
    for event in result.all_events:
        console.on_event(event)
    steps = [line.split()[1] for line in lines if line.startswith("  ✓")]
    assert console.ok and steps == ["numbers"]


def test_key_figure_preference() -> None:
    assert _figure({"path": "/x", "final_val_loss": 2.0, "rows": 5}) == "final_val_loss 2"
    assert _figure({"success_rates": {"sft": 0.5, "random": 0.25}}) == "success_rates sft 50%, random 25%"
    assert _figure({"path": "/x"}) == ""
    assert _figure({"theorems": 100, "success_rate_sft": 0.78, "success_rate_random": 0.44}) == (
        "success sft 78%, random 44%")


def test_long_steps_show_progress_with_doubling_gaps() -> None:
    import time

    from pipelines.launch import StepLine, _ProgressWatcher

    lines: list[str] = []
    console = StepConsole(lines.append)
    with dg.instance_for_test() as instance:
        watcher = _ProgressWatcher(instance, "no-such-run", console)
        now = time.monotonic()
        console.steps["sft_checkpoint"] = StepLine(started=now - 20)  # running for 20 s
        console.steps["quick"] = StepLine(started=now - 3)
        console.steps["done"] = StepLine(started=now - 100, finished=True)
        watcher.poll()
        assert len(lines) == 1 and lines[0].startswith("    … sft_checkpoint: running for ")
        assert 20 <= int(lines[0].rsplit(" ", 1)[1].removesuffix("s")) < 40  # a slow machine adds seconds
        watcher.poll()  # next line due 40 s after the start
        assert len(lines) == 1
        console.steps["sft_checkpoint"].started = now - 45
        watcher.latest["sft_checkpoint"] = "sft: step 120/400, train_loss 0.9"  # the step's own message wins
        watcher.poll()
        assert lines[-1] == "    … sft: step 120/400, train_loss 0.9" and len(lines) == 2
