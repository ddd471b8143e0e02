"""What the Dagster UI shows for an eval report: every rate labelled with its eval set, theorem count and
search budget; one inline chart per eval set; big things (search statistics) as files, not JSON.

A report over several eval sets (smoke: minilean valid + MiniF2F-lite valid) has no single success rate
worth showing: a rate pooled over both sets mixes an easy and a hard set in proportion to their sizes. So
the rates here are per set (``success_rate_<run>`` alone only when the report has one set); the pooled
numbers stay in ``summary.json`` and the report's own ``summary.md``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dagster as dg

from assets.inline_plot import Chart, Series, chart_metadata
from core import data_files
from core.atomic import atomic_write_text

STATS_FILE = "search_stats.json"
COLORS = ("blue", "green", "gray", "orange", "purple")  # in run order


def set_label(dataset: str, split: str | None, theorems: int, budget: int | None) -> str:
    """"minilean valid, 100 theorems, 64 simulations"."""
    parts = [f"{dataset} {split}" if split else dataset, f"{theorems} theorems"]
    if budget:
        parts.append(f"{budget} simulations")
    return ", ".join(parts)


def per_set(summary: Mapping[str, Any]) -> dict[str, dict[str, dict[str, Any]]]:
    """{dataset: {run: {"theorems", "proven", "success_rate"}}} from a report summary."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for run, s in summary["runs"].items():
        for ds, d in (s.get("datasets") or {}).items():
            out.setdefault(ds, {})[run] = d
    return out


def success_table(summary: Mapping[str, Any], split: str | None, budget: int | None) -> str:
    """Markdown: one row per run, one column per eval set ("82/100 = 82.0 %"); short enough to show in
    place (a few hundred characters for 3 runs and 2 sets)."""
    sets = per_set(summary)
    head = [f"{ds} {split or ''} ({next(iter(runs.values()))['theorems']})".replace("  ", " ")
            for ds, runs in sets.items()]
    lines = ["| run | " + " | ".join(head) + " |", "|---" * (len(head) + 1) + "|"]
    for run in summary["runs"]:
        cells = []
        for runs in sets.values():
            d = runs.get(run)
            cells.append(f"{d['proven']}/{d['theorems']} = {100 * d['success_rate']:.1f} %" if d else "-")
        lines.append(f"| {run} | " + " | ".join(cells) + " |")
    if budget:
        lines.append(f"\nproved within {budget} simulations per theorem")
    return "\n".join(lines)


def anytime_by_set(report_dir: Path, budgets: list[int]) -> dict[str, dict[str, list[float]]]:
    """{dataset: {run: [% proved within t simulations for t in budgets]}} from the per-theorem table."""
    rows = data_files.read_table(report_dir / "theorems.parquet",
                         columns=["run", "dataset", "outcome", "solved_at_simulation"]).to_pylist()
    counts: dict[tuple[str, str], list[int]] = {}
    totals: dict[tuple[str, str], int] = {}
    for r in rows:
        key = (r["dataset"], r["run"])
        totals[key] = totals.get(key, 0) + 1
        hits = counts.setdefault(key, [0] * len(budgets))
        at = r["solved_at_simulation"]
        if r["outcome"] == "proven" and at is not None:
            for i, t in enumerate(budgets):
                hits[i] += at <= t
    out: dict[str, dict[str, list[float]]] = {}
    for (ds, run), hits in counts.items():
        out.setdefault(ds, {})[run] = [100 * h / totals[(ds, run)] for h in hits]
    return out


def anytime_chart(curves: Mapping[str, list[float]], budgets: list[int]) -> tuple[Chart, str]:
    """Success vs simulations (log2 x axis) for each run; the legend as text (colour: run)."""
    xs = [math.log2(t) for t in budgets]
    chart = Chart(x_min=xs[0] - (0.5 if len(xs) == 1 else 0), x_max=xs[-1] + (0.5 if len(xs) == 1 else 0),
                  x_ticks=xs, x_labels=[str(t) for t in budgets])
    legend = []
    for (run, ys), color in zip(curves.items(), COLORS, strict=False):
        chart.series.append(Series(xs, ys, color))
        legend.append(f"{color}: {run} {ys[-1]:.0f} %")
    return chart, "% proved vs simulations; " + ", ".join(legend)


def eval_metadata(result: Any, mlflow: str, split: str | None) -> dict[str, Any]:
    """Metadata of an eval report (``evals.evaluate.EvalResult``)."""
    from evals.report import MARKDOWN_FILE, PLOT_FILE

    summary = result.summary
    report_dir = Path(result.report_dir)
    budget = int(result.num_simulations)
    sets = per_set(summary)
    stats = report_dir / STATS_FILE
    atomic_write_text(stats, json.dumps(result.stats, indent=2, default=str) + "\n")
    counts = {ds: next(iter(runs.values()))["theorems"] for ds, runs in sets.items()}
    md: dict[str, Any] = {
        "success": dg.MetadataValue.md(success_table(summary, split, budget)),
        "theorems": result.theorems,
        "eval_sets": ", ".join(f"{ds} {split or ''} ({n})".replace("  ", " ") for ds, n in counts.items()),
        "num_simulations": budget,
        "summary": dg.MetadataValue.md((report_dir / MARKDOWN_FILE).read_text()),
        "report_dir": dg.MetadataValue.path(str(report_dir)),
        "plot": dg.MetadataValue.path(str(report_dir / PLOT_FILE)),
        "search_stats": dg.MetadataValue.path(str(stats)),
        "mlflow": mlflow,
    }
    if len(sets) <= 1:  # one eval set: the run's rate is that set's rate
        md.update({f"success_rate_{n}": dg.MetadataValue.float(round(r, 4))
                   for n, r in result.success_rates.items()})
    else:
        md.update({f"success_rate_{run}_{ds}": dg.MetadataValue.float(round(d["success_rate"], 4))
                   for ds, runs in sets.items() for run, d in runs.items()})
    budgets = [int(t) for t in summary["budgets"]]
    for ds, curves in anytime_by_set(report_dir, budgets).items():
        chart, caption = anytime_chart(curves, budgets)
        label = set_label(ds, split, counts.get(ds, 0), None)
        md[f"chart_{ds}"] = chart_metadata(chart, f"{label}: {caption}")
    return md


FEW_ERRORS = "few_errors"
# An eval where more of a run's attempts than this ended in an error (a Lean server down, a sampler
# exception: a failed CUDA graph capture once errored every attempt of an SFT eval) measures the plumbing,
# not the policy; the report is still written, but the run stops there instead of going on to RL.
MAX_ERROR_SHARE = 0.2


def few_errors_check(summary: Mapping[str, Any]) -> dg.AssetCheckResult:
    """Fails (blocking) when any run of an eval report has more than ``MAX_ERROR_SHARE`` of its attempts
    ending in an error; the description names the run and its first error messages."""
    shares = {run: (int(s["error"]), int(s["theorems"])) for run, s in summary["runs"].items()}
    bad = {run: c for run, c in shares.items() if c[1] and c[0] / c[1] > MAX_ERROR_SHARE}
    first = {run: summary["runs"][run].get("errors", [])[:3] for run in bad}
    return dg.AssetCheckResult(
        check_name=FEW_ERRORS,
        passed=not bad,
        severity=dg.AssetCheckSeverity.ERROR,
        description=None if not bad else "; ".join(
            f"{run}: {e} of {n} attempts errored (limit {MAX_ERROR_SHARE:.0%}), e.g. "
            + " | ".join(m[:200] for m in first[run]) for run, (e, n) in bad.items()),
        metadata={"errors": ", ".join(f"{run} {e} of {n}" for run, (e, n) in shares.items()),
                  "max_error_share": MAX_ERROR_SHARE},
    )


def few_errors_spec(asset: dg.AssetKey | str) -> dg.AssetCheckSpec:
    return dg.AssetCheckSpec(FEW_ERRORS, asset=asset, blocking=True,
                             description=f"fails the run when more than {MAX_ERROR_SHARE:.0%} of any "
                             "evaluated policy's attempts ended in an error (the numbers would measure "
                             "the plumbing, not the policy)")
