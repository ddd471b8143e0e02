"""Eval assets: the SFT checkpoint and a uniform-random baseline searched with the same MCTS budget on
the profile's eval split, in one report (success rates, anytime success, success-vs-simulations plot).
The work is ``evals.evaluate.evaluate_checkpoints``; the asset picks the inputs and logs to MLflow."""

# No `from __future__ import annotations`: Dagster resolves the run-config class from the real annotation.
from pathlib import Path
from typing import Any

import dagster as dg

from assets import keys
from assets.config_checks import check_config
from assets.eval_view import eval_metadata, few_errors_check, few_errors_spec
from assets.progress import AttemptProgress
from assets.resources import ProofmillResource

SFT_RUN = "sft"
BASELINE_RUN = "uniform-random"
POLICY_RUN = "policy"  # a policy named by EvalConfig.checkpoint


class EvalConfig(dg.Config):
    max_theorems: int | None = None  # None: the whole eval split
    num_simulations: int | None = None  # None: the profile's search budget
    concurrency: int | None = None  # None: the profile's searches in flight
    seed: int = 0  # fixed (not the profile's): runs stay comparable
    # another policy to evaluate instead of the SFT checkpoint, e.g. "models:/proofmill@best" (the best
    # evaluated RL policy) or a checkpoint file; its report goes to eval/policy/ (eval/sft/ is kept)
    checkpoint: str | None = None


@dg.asset(
    group_name=keys.EVAL_GROUP,
    deps=[keys.key(keys.SFT_CHECKPOINT), keys.key(keys.BENCHMARKS)],
    description="SFT checkpoint vs a uniform-random tactic policy, same MCTS budget, on the eval split.",
    check_specs=[few_errors_spec(keys.EVAL_REPORT_SFT)],
)
def eval_report_sft(
    context: dg.AssetExecutionContext, config: EvalConfig, proofmill: ProofmillResource
) -> dg.MaterializeResult:
    from evals.evaluate import EvalRequest, evaluate_checkpoints

    check_config(config)
    settings = proofmill.settings
    search = proofmill.search_config(config.seed, config.num_simulations, config.concurrency)
    theorems = proofmill.eval_statements(config.max_theorems)
    context.log.info(
        f"evaluating on {len(theorems)} {settings.eval_split} theorems of {settings.eval_benchmarks}"
    )
    run, checkpoint = _policy_to_evaluate(proofmill, config.checkpoint)
    title = f"{run} vs uniform-random, {settings.eval_split}, {search.num_simulations} simulations"
    result = evaluate_checkpoints(
        EvalRequest(theorems, search, proofmill.eval_dir(run), title, config.seed),
        {run: (checkpoint, run)},
        baseline=BASELINE_RUN,
        tokenizer_path=proofmill.tokenizer_path(),
        profile=settings,
        servers=proofmill.servers,
        progress=lambda name: AttemptProgress(context.log, f"eval {name}", len(theorems)),
    )
    for name, stats in result.stats.items():
        context.log.info(f"{name}: {stats['batching']}")
    mlflow = result.log_to_mlflow(checkpoint, proofmill.tracking_uri)
    context.log.info(f"MLflow: {mlflow}")
    return dg.MaterializeResult(metadata=eval_metadata(result, mlflow, settings.eval_split),
                                check_results=[few_errors_check(result.summary)])


# ------------------------------------------------------------------------------------------- sweep
class EvalSweepConfig(dg.Config):
    # "sft", "rl/iteration=K" (checkpoints on disk) or models:/proofmill@alias / models:/proofmill/N;
    # None: the SFT checkpoint and every RL policy on disk
    checkpoints: list[str] | None = None
    repeats: int = 3
    max_theorems: int | None = None
    num_simulations: int | None = None
    concurrency: int | None = None
    seed: int = 0


def _sweep_checkpoints(proofmill: ProofmillResource, names: list[str] | None) -> dict[str, tuple[Any, str]]:
    return proofmill.resolve_checkpoints(["sft", *proofmill.rl_policy_names()] if names is None else names)


@dg.asset(
    group_name=keys.EVAL_SWEEP_GROUP,
    deps=[keys.key(keys.SFT_CHECKPOINT), keys.key(keys.BENCHMARKS)],
    description="Checkpoints × benchmarks × repeated seeded runs: success mean and spread, pass@k over "
    "repeats, anytime curves (parquet + plot + MLflow metrics); moves MLflow `best-<benchmark>`.",
)
def eval_sweep(
    context: dg.AssetExecutionContext, config: EvalSweepConfig, proofmill: ProofmillResource
) -> dg.MaterializeResult:
    from evals.evaluate import EvalRequest
    from evals.sweep import log_sweep_metrics, run_sweep
    from registry.best import point_best_at

    check_config(config)
    settings = proofmill.settings
    search = proofmill.search_config(config.seed, config.num_simulations, config.concurrency)
    checkpoints = _sweep_checkpoints(proofmill, config.checkpoints)
    theorems = proofmill.eval_statements(config.max_theorems)
    context.log.info(f"sweep: {list(checkpoints)} × {len(theorems)} theorems × {config.repeats} repeats")
    result = run_sweep(
        EvalRequest(theorems, search, proofmill.path("eval", "sweep"), policy_seed=config.seed), checkpoints,
        tokenizer_path=proofmill.tokenizer_path(), profile=settings, servers=proofmill.servers,
        repeats=config.repeats,
    )
    logged = log_sweep_metrics(checkpoints, result, proofmill.tracking_uri)
    moved = {
        bench: point_best_at(str(row["model_version"]), proofmill.tracking_uri, alias=f"best-{bench}")
        for bench, row in result.best.items()
    }
    return dg.MaterializeResult(metadata=_sweep_metadata(result, logged, moved))


def _sweep_metadata(result: Any, logged: dict[str, str], moved: dict[str, str]) -> dict[str, Any]:
    table = ["| run | benchmark | mean | std | min | max | pass@k (k=1..) |", "|---|---|---|---|---|---|---|"]
    for r in result.summary:
        passk = ", ".join(f"{r[f'pass_at_{k}']:.3f}" for k in range(1, r["repeats"] + 1))
        table.append(f"| {r['run']} | {r['benchmark']} | {r['success_mean']:.3f} | {r['success_std']:.3f} "
                     f"| {r['success_min']:.3f} | {r['success_max']:.3f} | {passk} |")
    return {
        "summary": dg.MetadataValue.md("\n".join(table)),
        "plot": dg.MetadataValue.path(str(result.out_dir / "sweep.png")),
        "summary_parquet": dg.MetadataValue.path(str(result.out_dir / "summary.parquet")),
        "best": dg.MetadataValue.json({
            b: {"run": r["run"], "success_mean": r["success_mean"], "alias": moved[b]}
            for b, r in result.best.items()}),
        "mlflow": dg.MetadataValue.json(logged),
    }


def _policy_to_evaluate(proofmill: ProofmillResource, checkpoint: str | None) -> tuple[str, Path]:
    """(run name, local checkpoint): the SFT checkpoint, or the one the config names (a models:/ URI is
    resolved in the registry, e.g. models:/proofmill@best)."""
    if not checkpoint:
        return SFT_RUN, proofmill.require(proofmill.checkpoint_path("sft"), keys.SFT_CHECKPOINT)
    if checkpoint.startswith("models:/"):
        from registry.registry import resolve_model_uri

        try:
            return POLICY_RUN, resolve_model_uri(checkpoint, proofmill.tracking_uri)
        except (LookupError, ValueError) as exc:
            raise dg.Failure(f"cannot evaluate {checkpoint}: {exc}") from exc
    return POLICY_RUN, proofmill.require(Path(checkpoint), checkpoint)
