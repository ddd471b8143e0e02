"""Evaluation sweep: checkpoints × benchmarks × repeated runs with different seeds (a single run is not a
measurement: three 512-simulation runs of one reference checkpoint spread over 26.95–27.73 %).

For every (checkpoint, benchmark): the success rate of each repeat, their mean and spread (std, min,
max), pass@k over repeats (a theorem counts when any of the first k runs proved it), and the anytime
curve (fraction proved within t simulations, mean ± std over repeats). Results: ``attempts.parquet``
(one row per checkpoint × seed × theorem), ``summary.parquet``, ``anytime.parquet`` and ``sweep.png``.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from core.atomic import atomic_file
from core.profiles import Profile
from evals.evaluate import EvalRequest

ATTEMPT_SCHEMA = pa.schema([
    ("run", pa.string()), ("benchmark", pa.string()), ("theorem_id", pa.string()), ("seed", pa.int64()),
    ("proven", pa.bool_()), ("solved_at_simulation", pa.int64()), ("simulations", pa.int64()),
    ("model_version", pa.string()),
])


@dataclass
class SweepResult:
    out_dir: Path
    summary: list[dict[str, Any]]  # one row per (run, benchmark)
    anytime: list[dict[str, Any]]  # (run, benchmark, simulations, success_mean, success_std)
    best: dict[str, dict[str, Any]]  # benchmark -> its best summary row (highest mean, then pass@k)


def _write(path: Path, rows: list[dict[str, Any]], schema: pa.Schema | None = None) -> None:
    table = pa.Table.from_pylist(rows, schema=schema) if schema is not None else pa.Table.from_pylist(rows)
    with atomic_file(path) as fh:
        pq.write_table(table, fh)


def thresholds(budget: int) -> list[int]:
    """8, 16, ... up to the budget (and the budget itself), as the reference's anytime breakdown."""
    out, t = [], 8
    while t < budget:
        out.append(t)
        t *= 2
    return [*out, budget]


Rows = list[dict[str, Any]]


def summarize(rows: Sequence[dict[str, Any]], budget: int) -> tuple[Rows, Rows]:
    """(summary rows, anytime rows) from attempt rows."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["run"], r["benchmark"]), []).append(r)
    summary, anytime = [], []
    for (run, bench), rs in sorted(groups.items()):
        seeds = sorted({r["seed"] for r in rs})
        theorems = sorted({r["theorem_id"] for r in rs})
        by_seed = {s: {r["theorem_id"]: r for r in rs if r["seed"] == s} for s in seeds}
        rates = [sum(r["proven"] for r in by_seed[s].values()) / len(theorems) for s in seeds]
        row: dict[str, Any] = {
            "run": run, "benchmark": bench, "theorems": len(theorems), "repeats": len(seeds),
            "success_mean": statistics.fmean(rates),
            "success_std": statistics.stdev(rates) if len(rates) > 1 else 0.0,
            "success_min": min(rates), "success_max": max(rates),
            "model_version": rs[0].get("model_version"),
        }
        for k in range(1, len(seeds) + 1):
            proved = {t for s in seeds[:k] for t, r in by_seed[s].items() if r["proven"]}
            row[f"pass_at_{k}"] = len(proved) / len(theorems)
        summary.append(row)
        for t in thresholds(budget):
            at = [sum(1 for r in by_seed[s].values() if r["proven"] and (r["solved_at_simulation"] or 0) <= t)
                  / len(theorems) for s in seeds]
            anytime.append({"run": run, "benchmark": bench, "simulations": t,
                            "success_mean": statistics.fmean(at),
                            "success_std": statistics.stdev(at) if len(at) > 1 else 0.0})
    return summary, anytime


def pick_best(summary: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    best: dict[str, dict[str, Any]] = {}
    for row in summary:
        k = row["repeats"]
        key = (row["success_mean"], row[f"pass_at_{k}"])
        cur = best.get(row["benchmark"])
        if cur is None or key > (cur["success_mean"], cur[f"pass_at_{cur['repeats']}"]):
            best[row["benchmark"]] = row
    return best


def plot_sweep(anytime: Sequence[dict[str, Any]], path: Path, title: str) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    benches = sorted({r["benchmark"] for r in anytime})
    fig, axes = plt.subplots(1, len(benches), figsize=(5.5 * len(benches), 4), squeeze=False)
    for ax, bench in zip(axes[0], benches, strict=True):
        for run in sorted({r["run"] for r in anytime if r["benchmark"] == bench}):
            pts = sorted((r["simulations"], r["success_mean"], r["success_std"]) for r in anytime
                         if r["benchmark"] == bench and r["run"] == run)
            xs, ms, ss = zip(*pts, strict=True)
            ax.plot(xs, ms, "o-", label=run)
            ax.fill_between(xs, [m - s for m, s in zip(ms, ss, strict=True)],
                            [m + s for m, s in zip(ms, ss, strict=True)], alpha=0.2)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("simulations")
        ax.set_ylabel("proved (mean ± std over repeats)")
        ax.set_title(bench)
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
        ax.legend()
    fig.suptitle(title)
    fig.tight_layout()
    with atomic_file(path) as fh:
        fig.savefig(fh, format="png")
    plt.close(fig)
    return path


def run_sweep(
    request: EvalRequest,
    checkpoints: Mapping[str, tuple[str | Path, str]],
    *,
    tokenizer_path: str | Path,
    profile: Profile,
    servers: Sequence[str],
    repeats: int,
) -> SweepResult:
    """Prove the request's theorems with every checkpoint ``repeats`` times (seeds ``policy_seed`` ..
    ``policy_seed + repeats - 1``: the policy's sampling and the search's randomness both change) and
    summarize per benchmark; the tables and the plot go to ``request.report_dir``."""
    from registry.registration import model_version
    from search.batch import checkpoint_policy, lean_servers, prove_batch

    theorems, config, seed = request.theorems, request.config, request.policy_seed
    out_dir = request.report_dir

    if repeats < 1:
        raise ValueError(f"repeats must be >= 1, got {repeats}")
    out = Path(out_dir)
    rows: list[dict[str, Any]] = []
    with lean_servers(servers, profile.lean) as urls:
        for op, (run, (ckpt, label)) in enumerate(checkpoints.items()):
            version = model_version(ckpt, label)
            for s in range(seed, seed + repeats):
                policy = checkpoint_policy(ckpt, tokenizer_path, profile, seed=s,
                                           num_samples=config.num_samples, model_version=version,
                                           op_index=op)
                result = prove_batch(theorems, urls, policy, config.replace(seed=s), config.concurrency,
                                     model_version=version)
                rows.extend(
                    {"run": run, "benchmark": a.dataset, "theorem_id": a.theorem_id, "seed": s,
                     "proven": a.outcome == "proven", "solved_at_simulation": a.solved_at_simulation,
                     "simulations": a.simulations, "model_version": version}
                    for a in result.attempts)
    summary, anytime = summarize(rows, config.num_simulations)
    _write(out / "attempts.parquet", rows, ATTEMPT_SCHEMA)
    _write(out / "summary.parquet", summary)
    _write(out / "anytime.parquet", anytime)
    plot_sweep(anytime, out / "sweep.png", f"eval sweep: {len(checkpoints)} checkpoints × {repeats} repeats, "
               f"{config.num_simulations} simulations")
    return SweepResult(out, summary, anytime, pick_best(summary))


def log_sweep_metrics(checkpoints: Mapping[str, tuple[str | Path, str]], result: SweepResult,
                      tracking_uri: str) -> dict[str, str]:
    """Per checkpoint, log ``sweep_<benchmark>_{success_mean,success_std,pass_at_k}`` to the MLflow run
    that registered it; returns what happened per run (never raises: the sweep stands on its own)."""
    from registry import registry
    from registry.registration import read_registered

    done: dict[str, str] = {}
    for run, (ckpt, _) in checkpoints.items():
        record = read_registered(ckpt)
        if record is None:
            done[run] = "not logged: checkpoint not registered"
            continue
        try:
            client = registry.client(tracking_uri)
            for row in (r for r in result.summary if r["run"] == run):
                b = row["benchmark"]
                metrics = {f"sweep_{b}_success_mean": row["success_mean"],
                           f"sweep_{b}_success_std": row["success_std"]}
                metrics.update({f"sweep_{b}_{k}": v for k, v in row.items() if k.startswith("pass_at_")})
                for key, value in metrics.items():
                    if math.isfinite(float(value)):
                        client.log_metric(str(record["run_id"]), key, float(value))
            done[run] = f"logged to run {record['run_id']}"
        except Exception as exc:  # a tracking outage must not fail the sweep
            done[run] = f"not logged: {type(exc).__name__}: {exc}"
    return done
