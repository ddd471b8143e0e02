"""Eval assets: the SFT checkpoint and a uniform-random baseline searched with the same MCTS budget on
the profile's eval split, in one report (success rates, anytime success, success-vs-simulations plot)."""

# No `from __future__ import annotations`: Dagster resolves the run-config class from the real annotation.
import base64
import json
from pathlib import Path
from typing import Any

import dagster as dg

from assets.rl import (
    BENCHMARKS,
    REGISTERED_FILE,
    device_for,
    lean_servers,
    load_statements,
    model_version,
)
from pipelines.resources import ProofmillResource
from search.batching import BatchingPolicy
from search.config import SearchConfig
from search.policy import Policy, SamplerPolicy, UniformRandomPolicy
from search.prover import Attempt
from search.report import MARKDOWN_FILE, PLOT_FILE, SUMMARY_FILE, write_eval_report
from search.runner import prove_many

SFT_RUN = "sft"
BASELINE_RUN = "uniform-random"


class EvalConfig(dg.Config):
    max_theorems: int = 0  # 0 = the whole eval split
    num_simulations: int = 0  # 0 = the profile's search budget
    concurrency: int = 0  # 0 = the profile's searches in flight
    seed: int = 0


def _run(theorems: list[dict[str, Any]], servers: list[str], policy: Policy, config: SearchConfig,
         concurrency: int) -> tuple[list[Attempt], dict[str, Any]]:
    from lean_io.pool import SlotPool

    pool = SlotPool(servers)
    try:
        concurrency = max(1, min(concurrency, pool.total_slots or 1, len(theorems)))
        with BatchingPolicy(policy, max_batch=max(1, concurrency)) as batched:
            attempts = prove_many(theorems, pool, batched, config, concurrency)
            stats = {"concurrency": concurrency, "batching": batched.stats(), "lean": pool.metrics()}
    finally:
        pool.close()
    return attempts, stats


def _log_to_mlflow(
    proofmill: ProofmillResource, checkpoint: Path, summary: dict[str, Any], report_dir: Path
) -> str:
    """Log the eval numbers to the MLflow run that registered `checkpoint` (its registered.json, written
    by the training asset); returns what happened."""
    from models import registry

    registered = checkpoint.parent / REGISTERED_FILE
    if not registered.is_file():
        return f"not logged: {registered} is missing (the checkpoint was not registered in MLflow)"
    info = json.loads(registered.read_text())
    client = registry.client(proofmill.tracking_uri)
    run_id = str(info["run_id"])
    for run, s in summary["runs"].items():
        client.log_metric(run_id, f"eval_{run}_success_rate", float(s["success_rate"]))
        for t, rate in s["anytime_success"].items():
            client.log_metric(run_id, f"eval_{run}_success_at", float(rate), step=int(t))
    for name in (SUMMARY_FILE, MARKDOWN_FILE, PLOT_FILE):
        client.log_artifact(run_id, str(report_dir / name), artifact_path="eval")
    return f"logged to run {run_id} ({info.get('model_uri')})"


@dg.asset(
    group_name="eval",
    deps=[dg.AssetKey("sft_checkpoint"), dg.AssetKey("benchmark_statements")],
    description="SFT checkpoint vs a uniform-random tactic policy, same MCTS budget, on the eval split.",
)
def eval_report_sft(
    context: dg.AssetExecutionContext, config: EvalConfig, proofmill: ProofmillResource
) -> dg.MaterializeResult:
    settings = proofmill.settings
    search = SearchConfig.from_profile(settings, seed=config.seed)  # fixed: runs are comparable
    if config.num_simulations:
        search = search.replace(num_simulations=config.num_simulations)
    concurrency = config.concurrency or settings.search.concurrency
    theorems = load_statements(
        proofmill, BENCHMARKS, settings.eval_split, settings.eval_benchmarks, config.max_theorems
    )
    split, sets = settings.eval_split, settings.eval_benchmarks
    context.log.info(f"evaluating on {len(theorems)} {split} theorems of {sets}")
    checkpoint = proofmill.checkpoint_path("sft")
    if not checkpoint.is_file():
        raise dg.Failure(f"{checkpoint} does not exist; materialize sft_checkpoint first")
    if settings.compute.accelerator == "cpu" and settings.compute.num_threads:
        import torch

        torch.set_num_threads(int(settings.compute.num_threads))
    sft_policy = SamplerPolicy.from_checkpoint(
        checkpoint, proofmill.tokenizer_path(), num_samples=search.num_samples,
        max_new_tokens=settings.search.max_new_tokens, device=device_for(settings.compute.accelerator),
        seed=config.seed,
    )
    sft_policy.model_version = model_version(checkpoint, SFT_RUN)
    policies: dict[str, Policy] = {
        SFT_RUN: sft_policy,
        BASELINE_RUN: UniformRandomPolicy(num_samples=search.num_samples, seed=config.seed),
    }
    attempts: dict[str, list[Attempt]] = {}
    run_stats: dict[str, Any] = {}
    with lean_servers(proofmill) as servers:
        for name, policy in policies.items():
            attempts[name], run_stats[name] = _run(theorems, servers, policy, search, concurrency)
            context.log.info(f"{name}: {run_stats[name]['batching']}")
    report_dir = proofmill.eval_dir("sft")
    title = f"SFT vs uniform-random, {settings.eval_split}, {search.num_simulations} simulations"
    summary = write_eval_report(attempts, report_dir, title=title, num_simulations=search.num_simulations)
    try:
        mlflow_note = _log_to_mlflow(proofmill, checkpoint, summary, report_dir)
    except Exception as exc:  # the report stands on its own; a tracking outage must not fail the asset
        mlflow_note = f"not logged: {type(exc).__name__}: {exc}"
    context.log.info(f"MLflow: {mlflow_note}")

    plot = report_dir / PLOT_FILE
    preview = base64.b64encode(plot.read_bytes()).decode()
    metadata: dict[str, Any] = {
        "summary": dg.MetadataValue.md((report_dir / MARKDOWN_FILE).read_text()),
        "theorems": len(theorems),
        "num_simulations": search.num_simulations,
        "report_dir": dg.MetadataValue.path(str(report_dir)),
        "plot": dg.MetadataValue.path(str(plot)),
        "plot_preview": dg.MetadataValue.md(f"![success vs simulations](data:image/png;base64,{preview})"),
        "mlflow": mlflow_note,
        "search_stats": dg.MetadataValue.json(json.loads(json.dumps(run_stats, default=str))),
    }
    for name, s in summary["runs"].items():
        metadata[f"success_rate_{name}"] = dg.MetadataValue.float(float(s["success_rate"]))
    return dg.MaterializeResult(metadata=metadata)
