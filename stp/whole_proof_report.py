"""The whole-proof report: pass@k for k = 1…K per run, and a side-by-side with MCTS at equal budget.

Budget axes: generated model tokens (decode steps incl. EOS; prompts are not counted on either side) and
Lean calls (whole proof: one ``is_valid_source`` per distinct safe script; MCTS: the search's tactic
applications, ``SearchStats.lean_calls``). MCTS's per-theorem tokens are its run's total over its
theorems (searches share batched model calls, so they are not attributable one by one).

Two equal-budget views per axis:
* whole proof at MCTS's budget: k_eq = ⌊MCTS cost per theorem / whole-proof cost per sample⌋ (capped at
  K, flagged when capped) and its pass@k_eq, beside MCTS's success rate;
* MCTS at whole proof's budget: s_eq = K × whole-proof cost per sample / MCTS cost per simulation, and the
  share of theorems MCTS had proved within its first s_eq simulations (anytime; cost per simulation is
  the run's average, an approximation).
Files (each written atomically): summary.json, summary.md, attempts.parquet, samples.parquet, passk.png.
"""

from __future__ import annotations

import dataclasses
import io
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from core.atomic import atomic_write_bytes, atomic_write_text
from evals.passk import default_ks, mean_pass_at_k
from search.prover import PROVEN, Attempt
from stp.whole_proof import Sample, WholeProofAttempt

SUMMARY_FILE = "summary.json"
MARKDOWN_FILE = "summary.md"
ATTEMPTS_FILE = "attempts.parquet"
SAMPLES_FILE = "samples.parquet"
PLOT_FILE = "passk.png"
REPORT_FILES = (SUMMARY_FILE, MARKDOWN_FILE, PLOT_FILE)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def passk_summary(attempts: Sequence[WholeProofAttempt], ks: Sequence[int] | None = None) -> dict[str, Any]:
    """pass@k (overall and per dataset), proven-by-any count and the per-theorem / per-sample costs."""
    if not attempts:
        raise ValueError("no whole-proof attempts to summarize")
    n = min(a.samples for a in attempts)
    ks = sorted(set(ks or default_ks(n)))
    if ks[0] < 1 or ks[-1] > n:
        raise ValueError(f"k must be in 1..{n} (the fewest samples of a theorem), got {ks}")
    samples = sum(a.samples for a in attempts)
    datasets = {}
    for ds in sorted({a.dataset for a in attempts}):
        rows = [a for a in attempts if a.dataset == ds]
        counts = [(a.samples, a.correct) for a in rows]
        datasets[ds] = {"theorems": len(rows), "pass_at": {str(k): mean_pass_at_k(counts, k) for k in ks}}
    return {
        "theorems": len(attempts),
        "samples_per_theorem": n,
        "proven": sum(a.outcome == PROVEN for a in attempts),
        "errors": sum(a.outcome == "error" for a in attempts),
        "pass_at": {str(k): mean_pass_at_k([(a.samples, a.correct) for a in attempts], k) for k in ks},
        "datasets": datasets,
        "tokens_per_theorem": _mean([a.tokens for a in attempts]),
        "tokens_per_sample": sum(a.tokens for a in attempts) / samples,
        "lean_calls_per_theorem": _mean([a.lean_calls for a in attempts]),
        "lean_calls_per_sample": sum(a.lean_calls for a in attempts) / samples,
        "distinct_per_theorem": _mean([a.distinct for a in attempts]),
        "seconds_total": round(sum(a.seconds for a in attempts), 3),
    }


def mcts_budget(attempts: Sequence[Attempt], generated_tokens: int) -> dict[str, Any]:
    """What an MCTS run spent per theorem (tokens: the run's total / theorems) and what it proved."""
    n = len(attempts)
    if not n:
        raise ValueError("no MCTS attempts")
    simulations = sum(a.simulations for a in attempts)
    lean_calls = sum(int(a.stats.get("lean_calls", 0)) for a in attempts)
    return {
        "theorems": n,
        "success_rate": sum(a.outcome == PROVEN for a in attempts) / n,
        "tokens_per_theorem": generated_tokens / n,
        "lean_calls_per_theorem": lean_calls / n,
        "simulations_per_theorem": simulations / n,
        "tokens_per_simulation": generated_tokens / simulations if simulations else 0.0,
        "lean_calls_per_simulation": lean_calls / simulations if simulations else 0.0,
        "solved_at": [a.solved_at_simulation for a in attempts if a.outcome == PROVEN],
    }


def equal_budget(whole: Mapping[str, Any], attempts: Sequence[WholeProofAttempt],
                 mcts: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Per budget axis (tokens, lean_calls) the two equal-budget views of the module docstring."""
    big_k = int(whole["samples_per_theorem"])
    out: dict[str, dict[str, Any]] = {}
    for axis in ("tokens", "lean_calls"):
        per_sample = float(whole[f"{axis}_per_sample"])
        mcts_cost = float(mcts[f"{axis}_per_theorem"])
        wanted = math.floor(mcts_cost / per_sample) if per_sample > 0 else big_k
        k_eq = max(1, min(big_k, wanted))
        per_sim = float(mcts[f"{axis}_per_simulation"])
        s_eq = big_k * per_sample / per_sim if per_sim > 0 else math.inf
        mcts_at = sum(1 for s in mcts["solved_at"] if s is not None and s <= s_eq) / mcts["theorems"]
        out[axis] = {
            "mcts_per_theorem": mcts_cost,
            "whole_proof_per_sample": per_sample,
            "k_equal": k_eq,
            "k_capped": wanted > big_k,  # MCTS spent more than K samples cost: pass@K is a lower bound
            "whole_proof_pass_at_k_equal": mean_pass_at_k([(a.samples, a.correct) for a in attempts], k_eq),
            "mcts_success": mcts["success_rate"],
            "mcts_simulations_equal": s_eq if math.isfinite(s_eq) else None,
            "mcts_success_at_whole_proof_budget": mcts_at,
            "whole_proof_pass_at_K": mean_pass_at_k([(a.samples, a.correct) for a in attempts], big_k),
        }
    return out


# --------------------------------------------------------------------------------------------- files
def _attempts_table(runs: Mapping[str, Sequence[WholeProofAttempt]]) -> pa.Table:
    rows = [{"run": run, **dataclasses.asdict(a)} for run, attempts in runs.items() for a in attempts]
    return pa.Table.from_pylist(rows)


def _samples_table(runs: Mapping[str, Sequence[Sample]]) -> pa.Table:
    rows = [{"run": run, **dataclasses.asdict(s)} for run, samples in runs.items() for s in samples]
    return pa.Table.from_pylist(rows)


def _plot(summary: Mapping[str, Any]) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.5, 4), dpi=100)
    ax = fig.add_subplot()
    for i, (run, s) in enumerate(summary["runs"].items()):
        ks = [int(k) for k in s["pass_at"]]
        line = ax.plot(ks, [100 * v for v in s["pass_at"].values()], marker="o", label=f"{run}: whole proof")
        mcts = summary.get("mcts", {}).get(run)
        if mcts:
            ax.axhline(100 * mcts["success_rate"], color=line[0].get_color(), linestyle="--",
                       label=f"{run}: MCTS {mcts['simulations_per_theorem']:.0f} sims/thm")
            eq = summary["equal_budget"][run]["tokens"]
            ax.scatter([eq["k_equal"]], [100 * eq["whole_proof_pass_at_k_equal"]], marker="*", s=140,
                       color=line[0].get_color(), zorder=5, label="equal tokens" if i == 0 else None)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("k (samples per theorem)")
    ax.set_ylabel("pass@k (%)")
    ax.set_ylim(bottom=0)
    ax.set_title(summary["title"], fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def summary_markdown(summary: Mapping[str, Any]) -> str:
    lines = [f"# {summary['title']}", ""]
    for run, s in summary["runs"].items():
        ks = list(s["pass_at"])
        lines += [f"## {run}: pass@k ({s['theorems']} theorems, {s['samples_per_theorem']} samples each)", "",
                  "| set | " + " | ".join(f"@{k}" for k in ks) + " |", "|---|" + "---|" * len(ks)]
        lines.append("| all | " + " | ".join(f"{100 * v:.1f}%" for v in s["pass_at"].values()) + " |")
        for ds, d in s["datasets"].items():
            lines.append(f"| {ds} | " + " | ".join(f"{100 * v:.1f}%" for v in d["pass_at"].values()) + " |")
        lines += ["", f"tokens/sample {s['tokens_per_sample']:.1f}, Lean calls/sample "
                  f"{s['lean_calls_per_sample']:.2f}, distinct scripts/theorem "
                  f"{s['distinct_per_theorem']:.1f}"]
        eq = summary.get("equal_budget", {}).get(run)
        if eq:
            lines += ["", "| budget | MCTS / theorem | MCTS success | k at equal budget | whole-proof "
                      "pass@k | MCTS sims at K samples' budget | MCTS success there |",
                      "|---|---|---|---|---|---|---|"]
            for axis, e in eq.items():
                cap = " (capped at K)" if e["k_capped"] else ""
                sims = e["mcts_simulations_equal"]
                lines.append(f"| {axis} | {e['mcts_per_theorem']:.1f} | {100 * e['mcts_success']:.1f}% | "
                             f"{e['k_equal']}{cap} | {100 * e['whole_proof_pass_at_k_equal']:.1f}% | "
                             f"{'-' if sims is None else f'{sims:.1f}'} | "
                             f"{100 * e['mcts_success_at_whole_proof_budget']:.1f}% |")
        lines.append("")
    return "\n".join(lines) + "\n"


def write_report(
    out_dir: str | Path,
    *,
    title: str,
    attempts: Mapping[str, Sequence[WholeProofAttempt]],
    samples: Mapping[str, Sequence[Sample]],
    mcts: Mapping[str, Mapping[str, Any]] | None = None,
    ks: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Summaries of every run (and, where ``mcts`` has the run, its equal-budget comparison), written to
    ``out_dir``; returns the summary."""
    runs = {run: passk_summary(a, ks) for run, a in attempts.items()}
    summary: dict[str, Any] = {"title": title, "runs": runs, "files": {
        "attempts": ATTEMPTS_FILE, "samples": SAMPLES_FILE, "plot": PLOT_FILE, "markdown": MARKDOWN_FILE}}
    if mcts:
        summary["mcts"] = {run: {k: v for k, v in m.items() if k != "solved_at"} for run, m in mcts.items()}
        summary["equal_budget"] = {run: equal_budget(runs[run], attempts[run], m)
                                   for run, m in mcts.items() if run in runs}
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for name, table in ((ATTEMPTS_FILE, _attempts_table(attempts)), (SAMPLES_FILE, _samples_table(samples))):
        buf = io.BytesIO()
        pq.write_table(table, buf)
        atomic_write_bytes(out / name, buf.getvalue())
    atomic_write_bytes(out / PLOT_FILE, _plot(summary))
    atomic_write_text(out / MARKDOWN_FILE, summary_markdown(summary))
    atomic_write_text(out / SUMMARY_FILE, json.dumps(summary, indent=2) + "\n")
    return summary
