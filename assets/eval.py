"""Eval assets: the SFT checkpoint and a uniform-random baseline searched with the same MCTS budget on
the profile's eval split, in one report (success rates, anytime success, success-vs-simulations plot).
The work is ``search.evaluate.evaluate_checkpoints``; the asset picks the inputs and logs to MLflow."""

# No `from __future__ import annotations`: Dagster resolves the run-config class from the real annotation.
import dagster as dg

from assets import keys
from assets.io import eval_metadata
from assets.progress import AttemptProgress
from assets.resources import ProofmillResource
from search.config import SearchConfig

SFT_RUN = "sft"
BASELINE_RUN = "uniform-random"


class EvalConfig(dg.Config):
    max_theorems: int | None = None  # None: the whole eval split
    num_simulations: int | None = None  # None: the profile's search budget
    concurrency: int | None = None  # None: the profile's searches in flight
    seed: int = 0  # fixed (not the profile's): runs stay comparable


@dg.asset(
    group_name=keys.EVAL_GROUP,
    deps=[keys.key(keys.SFT_CHECKPOINT), keys.key(keys.BENCHMARKS)],
    description="SFT checkpoint vs a uniform-random tactic policy, same MCTS budget, on the eval split.",
)
def eval_report_sft(
    context: dg.AssetExecutionContext, config: EvalConfig, proofmill: ProofmillResource
) -> dg.MaterializeResult:
    from search.evaluate import evaluate_checkpoints

    settings = proofmill.settings
    search = SearchConfig.from_profile(settings, seed=config.seed)
    if config.num_simulations is not None:
        search = search.replace(num_simulations=config.num_simulations)
    theorems = proofmill.eval_statements(config.max_theorems)
    context.log.info(
        f"evaluating on {len(theorems)} {settings.eval_split} theorems of {settings.eval_benchmarks}"
    )
    checkpoint = proofmill.require(proofmill.checkpoint_path("sft"), keys.SFT_CHECKPOINT)
    result = evaluate_checkpoints(
        {SFT_RUN: (checkpoint, SFT_RUN)},
        theorems,
        baseline=BASELINE_RUN,
        tokenizer_path=proofmill.tokenizer_path(),
        profile=settings,
        servers=proofmill.servers,
        config=search,
        concurrency=settings.search.concurrency if config.concurrency is None else config.concurrency,
        report_dir=proofmill.eval_dir("sft"),
        title=f"SFT vs uniform-random, {settings.eval_split}, {search.num_simulations} simulations",
        seed=config.seed,
        progress=lambda name: AttemptProgress(context.log, f"eval {name}", len(theorems)),
    )
    for name, stats in result.stats.items():
        context.log.info(f"{name}: {stats['batching']}")
    mlflow = result.log_to_mlflow(checkpoint, proofmill.tracking_uri)
    context.log.info(f"MLflow: {mlflow}")
    return dg.MaterializeResult(metadata=eval_metadata(result, mlflow, checkpoint))
