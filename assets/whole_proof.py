"""Whole-proof eval asset (on demand, group `whole_proof`, not in the foundation job): pass@k of
whole-proof generation for the SFT checkpoint and RL policies, beside the MCTS prover at equal budget.
The work is ``stp.whole_proof_eval``; the asset picks the inputs and logs to MLflow."""

# No `from __future__ import annotations`: Dagster resolves the run-config class from the real annotation.
from pathlib import Path
from typing import Any

import dagster as dg

from assets import keys
from assets.config_checks import check_config
from assets.io import mlflow_image
from assets.resources import ProofmillResource


class WholeProofConfig(dg.Config):
    # "sft", "rl/iteration=K" (checkpoints on disk) or models:/proofmill@alias; None: SFT and the newest
    # RL policy on disk
    checkpoints: list[str] | None = None
    k: int | None = None  # None: the profile's whole_proof.k
    max_theorems: int | None = None  # None: the whole eval split
    num_simulations: int | None = None  # MCTS side; None: the profile's search budget
    compare_mcts: bool | None = None  # None: the profile's whole_proof.compare_mcts
    concurrency: int | None = None
    seed: int = 0


def _checkpoints(proofmill: ProofmillResource, names: list[str] | None) -> dict[str, tuple[Any, str]]:
    """The named checkpoints; by default SFT and the newest RL policy on disk."""
    if names is None:
        names = ["sft", *proofmill.rl_policy_names()[-1:]]
    return proofmill.resolve_checkpoints(names)


@dg.asset(
    group_name=keys.WHOLE_PROOF_GROUP,
    deps=[keys.key(keys.SFT_CHECKPOINT), keys.key(keys.BENCHMARKS)],
    description="Whole-proof generation (k samples per theorem, each checked by is_valid_source): pass@1..k "
    "per checkpoint, and MCTS on the same theorems at equal model tokens and Lean calls (report + plot).",
)
def whole_proof_eval(
    context: dg.AssetExecutionContext, config: WholeProofConfig, proofmill: ProofmillResource
) -> dg.MaterializeResult:
    from evals.evaluate import EvalRequest
    from stp import whole_proof_eval as wpe

    check_config(config)
    settings = proofmill.settings
    search = proofmill.search_config(config.seed, config.num_simulations, config.concurrency)
    checkpoints = _checkpoints(proofmill, config.checkpoints)
    theorems = proofmill.eval_statements(config.max_theorems)
    request = EvalRequest(theorems, search, proofmill.eval_dir("whole_proof"), policy_seed=config.seed)
    result = wpe.run(request, checkpoints, tokenizer_path=proofmill.tokenizer_path(), profile=settings,
                     servers=proofmill.servers, k=config.k, compare_mcts=config.compare_mcts,
                     log=context.log.info)
    logged = {run: wpe.log_to_mlflow(ckpt, run, result, proofmill.tracking_uri)
              for run, (ckpt, _) in checkpoints.items()}
    return dg.MaterializeResult(metadata=_metadata(result, logged, checkpoints))


def _metadata(result: Any, logged: dict[str, str],
              checkpoints: dict[str, tuple[Path, str]]) -> dict[str, Any]:
    from registry.registration import read_registered
    from stp.whole_proof_report import MARKDOWN_FILE, PLOT_FILE

    md: dict[str, Any] = {
        "summary": dg.MetadataValue.md((result.out_dir / MARKDOWN_FILE).read_text()),
        "report_dir": dg.MetadataValue.path(str(result.out_dir)),
        "plot": dg.MetadataValue.path(str(result.out_dir / PLOT_FILE)),
        "mlflow": dg.MetadataValue.json(logged),
    }
    for run, s in result.summary["runs"].items():
        ks = sorted(int(k) for k in s["pass_at"])
        md[f"pass_at_1_{run}"] = dg.MetadataValue.float(float(s["pass_at"]["1"]))
        md[f"pass_at_{ks[-1]}_{run}"] = dg.MetadataValue.float(float(s["pass_at"][str(ks[-1])]))
        for axis, e in result.summary.get("equal_budget", {}).get(run, {}).items():
            md[f"equal_{axis}_{run}"] = dg.MetadataValue.json(e)
    first = next(iter(checkpoints))
    record = read_registered(checkpoints[first][0]) if logged[first].startswith("logged") else None
    preview = mlflow_image(str(record["run_id"]) if record else None, f"whole_proof/{PLOT_FILE}", "pass@k",
                           result.out_dir / PLOT_FILE)
    if preview is not None:
        md["plot_preview"] = preview
    md["chart"] = pass_at_k_chart(result.summary["runs"])  # in place, without MLflow running
    return md


def pass_at_k_chart(runs: dict[str, Any]) -> dg.MetadataValue:
    """pass@k vs k (log2 axis) per checkpoint, as an inline chart (assets.inline_plot)."""
    import math

    from assets.inline_plot import Chart, Series, chart_metadata

    ks = sorted({int(k) for s in runs.values() for k in s["pass_at"]})
    xs = [math.log2(k) for k in ks]
    chart = Chart(x_min=xs[0] - 0.5, x_max=xs[-1] + 0.5, x_ticks=xs, x_labels=[str(k) for k in ks])
    legend = []
    for (run, s), color in zip(runs.items(), ("blue", "green", "orange", "purple"), strict=False):
        ys = [100 * float(s["pass_at"].get(str(k), 0.0)) for k in ks]
        chart.series.append(Series(xs, ys, color))
        legend.append(f"{color}: {run} pass@{ks[-1]} {ys[-1]:.0f} %")
    return chart_metadata(chart, "whole-proof pass@k (%) vs k; " + ", ".join(legend))
