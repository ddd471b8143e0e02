"""Evaluation reports: per-theorem parquet, summary.json, summary.md and a success-vs-simulations plot.

One report can hold several named runs over the same theorems (e.g. "sft" and "uniform-random"): the
summary has one entry per run and the plot one curve per run. Success rate counts errored theorems in
the denominator; the anytime rate at t is the fraction of theorems proved within the first t simulations
of the same run (not independent runs with budget t), as in the reference.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from core import data_files
from core.atomic import atomic_write_bytes, atomic_write_text
from search.prover import ERROR, PROVEN, UNPROVEN, Attempt

THEOREMS_FILE = "theorems.parquet"
SUMMARY_FILE = "summary.json"
MARKDOWN_FILE = "summary.md"
PLOT_FILE = "success_vs_simulations.png"
DEFAULT_RUN = "default"

THEOREM_SCHEMA = pa.schema(
    [
        ("run", pa.string()),
        ("id", pa.string()),
        ("dataset", pa.string()),
        ("outcome", pa.string()),
        ("simulations", pa.int64()),
        ("seconds", pa.float64()),
        ("proof", pa.string()),
        ("error", pa.string()),
        ("solved_at_simulation", pa.int64()),
        ("checkpoint", pa.string()),
    ]
)


def default_budgets(num_simulations: int) -> list[int]:
    """8, 16, 32, ... up to the budget, and the budget itself."""
    budgets = []
    t = 8
    while t <= num_simulations:
        budgets.append(t)
        t *= 2
    if not budgets or budgets[-1] != num_simulations:
        budgets.append(num_simulations)
    return budgets


def _rate(k: int, n: int) -> float:
    return k / n if n else 0.0


def run_summary(attempts: Sequence[Attempt], budgets: Sequence[int]) -> dict[str, Any]:
    n = len(attempts)
    counts = {o: sum(a.outcome == o for a in attempts) for o in (PROVEN, UNPROVEN, ERROR)}
    anytime = {
        str(t): _rate(
            sum(a.outcome == PROVEN and a.solved_at_simulation is not None and a.solved_at_simulation <= t
                for a in attempts),
            n,
        )
        for t in budgets
    }
    datasets: dict[str, dict[str, Any]] = {}
    for ds in sorted({a.dataset for a in attempts}):
        rows = [a for a in attempts if a.dataset == ds]
        proven = sum(a.outcome == PROVEN for a in rows)
        datasets[ds] = {"theorems": len(rows), "proven": proven, "success_rate": _rate(proven, len(rows))}
    versions = sorted({a.model_version for a in attempts if a.model_version})
    seconds = [a.seconds for a in attempts]
    return {
        "theorems": n,
        **counts,
        "success_rate": _rate(counts[PROVEN], n),
        "anytime_success": anytime,
        "checkpoint": versions[0] if len(versions) == 1 else (versions or None),
        "seconds_total": round(sum(seconds), 3),
        "seconds_mean": round(sum(seconds) / n, 3) if n else 0.0,
        "simulations_mean": round(sum(a.simulations for a in attempts) / n, 2) if n else 0.0,
        "datasets": datasets,
        "errors": sorted({a.error for a in attempts if a.outcome == ERROR and a.error})[:20],
    }


def _table(runs: Mapping[str, Sequence[Attempt]]) -> pa.Table:
    rows = [
        {
            "run": run,
            "id": a.theorem_id,
            "dataset": a.dataset,
            "outcome": a.outcome,
            "simulations": a.simulations,
            "seconds": float(a.seconds),
            "proof": a.proof,
            "error": a.error,
            "solved_at_simulation": a.solved_at_simulation,
            "checkpoint": a.model_version,
        }
        for run, attempts in runs.items()
        for a in attempts
    ]
    return pa.Table.from_pylist(rows, schema=THEOREM_SCHEMA)


def _plot(summary: dict[str, Any], title: str) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6, 4), dpi=100)
    ax = fig.add_subplot()
    budgets = summary["budgets"]
    for run, stats in summary["runs"].items():
        ys = [100 * stats["anytime_success"][str(t)] for t in budgets]
        ax.plot(budgets, ys, marker="o", label=f"{run} ({100 * stats['success_rate']:.1f}%)")
    ax.set_xscale("log", base=2)
    ax.set_xticks(budgets, [str(t) for t in budgets])
    ax.set_xlabel("simulations")
    ax.set_ylabel("theorems proved (%)")
    ax.set_ylim(bottom=0)
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def summary_markdown(summary: dict[str, Any]) -> str:
    budgets = summary["budgets"]
    sets = sorted({ds for s in summary["runs"].values() for ds in s.get("datasets") or {}})
    pooled = " (pooled)" if len(sets) > 1 else ""  # a rate over several eval sets says so
    head = ["run", "theorems", "proven", "unproven", "error", f"success{pooled}",
            *[f"@{t}" for t in budgets], "checkpoint"]
    lines = [f"# {summary['title']}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for run, s in summary["runs"].items():
        cells = [
            run, str(s["theorems"]), str(s[PROVEN]), str(s[UNPROVEN]), str(s[ERROR]),
            f"{100 * s['success_rate']:.1f}%",
            *[f"{100 * s['anytime_success'][str(t)]:.1f}%" for t in budgets],
            str(s["checkpoint"] or "-"),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Success rate counts errored theorems in the denominator; @t = proved within the first t "
              "simulations of the same search."]
    if pooled:
        lines += ["", f"Pooled over the eval sets {', '.join(sets)}; per set:", "",
                  "| run | " + " | ".join(sets) + " |", "|---" * (len(sets) + 1) + "|"]
        for run, s in summary["runs"].items():
            cells = [f"{d['proven']}/{d['theorems']} = {100 * d['success_rate']:.1f}%" if (d := (
                s.get("datasets") or {}).get(ds)) else "-" for ds in sets]
            lines.append(f"| {run} | " + " | ".join(cells) + " |")
    for run, s in summary["runs"].items():
        if s["errors"]:
            lines += ["", f"Errors in `{run}`:", *[f"- {e[:300]}" for e in s["errors"]]]
    return "\n".join(lines) + "\n"


def write_eval_report(
    attempts: Sequence[Attempt] | Mapping[str, Sequence[Attempt]],
    out_dir: str | Path,
    *,
    title: str,
    budgets: Sequence[int] | None = None,
    num_simulations: int | None = None,
    search: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Write the report files (each atomically) into `out_dir`; returns the summary dict.

    `attempts` is one run's attempts or {run name: attempts}. `budgets` defaults to 8, 16, ... up to
    `num_simulations` (default: the most simulations any attempt used). `search`, the settings every run
    was searched with (JSON-able), is kept in the summary so a later eval can tell whether a run may be
    reused.
    """
    runs: dict[str, Sequence[Attempt]] = (
        dict(attempts) if isinstance(attempts, Mapping) else {DEFAULT_RUN: list(attempts)}
    )
    if budgets is None:
        most = num_simulations or max((a.simulations for r in runs.values() for a in r), default=8)
        budgets = default_budgets(max(1, most))
    budgets = sorted({int(t) for t in budgets})
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    summary: dict[str, Any] = {
        "title": title,
        "budgets": budgets,
        "runs": {run: run_summary(r, budgets) for run, r in runs.items()},
        "files": {"theorems": THEOREMS_FILE, "markdown": MARKDOWN_FILE, "plot": PLOT_FILE},
    }
    if search is not None:
        summary["search"] = dict(search)
    buf = io.BytesIO()
    pq.write_table(_table(runs), buf)
    atomic_write_bytes(out / THEOREMS_FILE, buf.getvalue())
    atomic_write_bytes(out / PLOT_FILE, _plot(summary, title))
    atomic_write_text(out / MARKDOWN_FILE, summary_markdown(summary))
    atomic_write_text(out / SUMMARY_FILE, json.dumps(summary, indent=2) + "\n")
    return summary


def read_attempts(report_dir: str | Path, run: str) -> list[Attempt]:
    """One run's attempts back from a report's per-theorem table (outcome, simulations, seconds, proof,
    error, solved_at_simulation, model version; no transitions), in the table's order."""
    table = data_files.read_table(Path(report_dir) / THEOREMS_FILE, schema=THEOREM_SCHEMA)
    return [
        Attempt(dataset=r["dataset"], theorem_id=r["id"], outcome=r["outcome"],
                simulations=r["simulations"] or 0, seconds=r["seconds"] or 0.0, proof=r["proof"],
                error=r["error"], solved_at_simulation=r["solved_at_simulation"],
                model_version=r["checkpoint"])
        for r in table.to_pylist()
        if r["run"] == run
    ]
