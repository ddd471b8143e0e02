"""The RL learning curve: success on the fixed eval set vs RL iteration, with its spread.

Reads the eval reports the pipeline already writes (``eval/sft/`` — SFT vs uniform-random — and
``eval/rl/iteration=K/`` — policy[K] vs SFT, same search settings) and turns them into points with a
bootstrap interval over theorems (``evals.spread``) and the paired difference to SFT on the same
theorems; plots them with SFT and uniform-random as reference lines; and names the best evaluated
policy (what the MLflow ``best`` alias should point at).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core import data_files
from core.atomic import atomic_file
from evals.spread import Interval, bootstrap_rate, paired_delta

SFT_RUN = "sft"
UNIFORM_RUN = "uniform-random"
AUTOMATION = "automation"  # reference: one automation tactic alone at the root (evals.automation_baseline)
_ITERATION_DIR = re.compile(r"^iteration=(\d+)$")
THEOREMS_FILE = "theorems.parquet"
SUMMARY_FILE = "summary.json"


@dataclasses.dataclass(frozen=True)
class CurvePoint:
    iteration: int  # 0 = the SFT checkpoint
    run: str  # report run name ("sft", "rl-3")
    rate: Interval
    delta_vs_sft: Interval | None  # paired, same theorems and search settings; None for SFT itself
    checkpoint: str | None  # model version (models:/proofmill/N) or label@sha256
    num_simulations: int | None

    def to_dict(self) -> dict[str, Any]:
        delta = self.delta_vs_sft.to_dict() if self.delta_vs_sft else {}
        return {
            "iteration": self.iteration,
            "run": self.run,
            "checkpoint": self.checkpoint,
            "num_simulations": self.num_simulations,
            **{f"rate_{k}": v for k, v in self.rate.to_dict().items()},
            **{f"delta_{k}": v for k, v in delta.items()},
        }


def solved_by_run(report_dir: str | Path, dataset: str | None = None) -> dict[str, dict[str, bool]]:
    """{run: {theorem id: proven}} of one eval report's per-theorem table (only ``dataset``'s theorems
    when given: a report over several eval sets gives one curve per set)."""
    columns = ["run", "dataset", "id", "outcome"]
    rows = data_files.read_table(Path(report_dir) / THEOREMS_FILE, columns=columns)
    out: dict[str, dict[str, bool]] = {}
    for r in rows.to_pylist():
        if dataset is not None and r["dataset"] != dataset:
            continue
        out.setdefault(r["run"], {})[f"{r['dataset']}/{r['id']}"] = r["outcome"] == "proven"
    return out


def _paired(a: dict[str, bool], b: dict[str, bool]) -> tuple[list[bool], list[bool]]:
    ids = sorted(set(a) & set(b))
    return [a[i] for i in ids], [b[i] for i in ids]


def _summary(report_dir: Path) -> dict[str, Any]:
    path = report_dir / SUMMARY_FILE
    return json.loads(path.read_text()) if path.is_file() else {}


def _sims(summary: dict[str, Any]) -> int | None:
    budgets = summary.get("budgets") or []
    return int(max(budgets)) if budgets else None


def rl_points(eval_root: str | Path, *, dataset: str | None = None, seed: int = 0) -> list[CurvePoint]:
    """One point per RL eval report (policy[K]) and one for SFT (iteration 0, from the earliest report
    that has it), ordered by iteration."""
    base = Path(eval_root) / "rl"
    reports = sorted(
        (int(m.group(1)), d)
        for d in (base.iterdir() if base.is_dir() else [])
        if (m := _ITERATION_DIR.match(d.name)) and (d / THEOREMS_FILE).is_file()
    )
    points: list[CurvePoint] = []
    for k, d in reports:
        runs = solved_by_run(d, dataset)
        summary = _summary(d)
        checkpoints = {n: s.get("checkpoint") for n, s in summary.get("runs", {}).items()}
        name = f"rl-{k}"
        if name not in runs:
            continue
        rl = runs[name]
        sft = runs.get(SFT_RUN)
        if sft is not None and not any(p.iteration == 0 for p in points):
            points.append(CurvePoint(0, SFT_RUN, bootstrap_rate(list(sft.values()), seed=seed), None,
                                     checkpoints.get(SFT_RUN), _sims(summary)))
        delta = paired_delta(*_paired(rl, sft), seed=seed) if sft else None
        points.append(CurvePoint(k, name, bootstrap_rate(list(rl.values()), seed=seed), delta,
                                 checkpoints.get(name), _sims(summary)))
    return sorted(points, key=lambda p: p.iteration)


def reference_rates(eval_root: str | Path, *, dataset: str | None = None, seed: int = 0
                    ) -> dict[str, Interval]:
    """SFT and uniform-random rates of the foundation's eval report (``eval/sft``), when it exists."""
    d = Path(eval_root) / "sft"
    if not (d / THEOREMS_FILE).is_file():
        return {}
    runs = solved_by_run(d, dataset)
    return {run: bootstrap_rate(list(s.values()), seed=seed) for run, s in runs.items() if s}


def best_point(points: Sequence[CurvePoint]) -> CurvePoint | None:
    """The best evaluated policy: highest success rate; on a tie the earlier one (SFT before any RL
    policy), so `best` only moves for a real gain."""
    if not points:
        return None
    return max(points, key=lambda p: (p.rate.mean, -p.iteration))


def plot_curve(points: Sequence[CurvePoint], references: dict[str, Interval], path: str | Path,
               title: str) -> Path:
    """Success vs iteration with 95 % bootstrap error bars; SFT (with its band) and uniform-random as
    horizontal reference lines. Written atomically."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    rl = [p for p in points if p.iteration > 0]
    sft = next((p.rate for p in points if p.iteration == 0), references.get(SFT_RUN))
    if rl:
        xs = [p.iteration for p in rl]
        ys = [100 * p.rate.mean for p in rl]
        err = [[100 * (p.rate.mean - p.rate.low) for p in rl],
               [100 * (p.rate.high - p.rate.mean) for p in rl]]
        ax.errorbar(xs, ys, yerr=err, fmt="o-", color="tab:blue", capsize=4, lw=2, label="RL policy[k]")
    x_max = max([p.iteration for p in rl] or [1])
    if sft is not None:
        ax.axhline(100 * sft.mean, color="tab:green", lw=1.5, ls="--", label=f"SFT ({100 * sft.mean:.0f} %)")
        ax.axhspan(100 * sft.low, 100 * sft.high, color="tab:green", alpha=0.12)
    uniform = references.get(UNIFORM_RUN)
    if uniform is not None:
        ax.axhline(100 * uniform.mean, color="tab:gray", lw=1.5, ls=":",
                   label=f"uniform-random ({100 * uniform.mean:.0f} %)")
    automation = references.get(AUTOMATION)
    if automation is not None:
        ax.axhline(100 * automation.mean, color="tab:orange", lw=1.5, ls="-.",
                   label=f"one automation tactic ({100 * automation.mean:.0f} %)")
    ax.set_xlim(0, x_max + 0.5)
    ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))  # iterations are whole
    ax.set_ylim(0, 100)
    ax.set_xlabel("RL iteration")
    ax.set_ylabel("eval success (%)")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    out = Path(path)
    with atomic_file(out) as fh:
        fig.savefig(fh, format="png")
    plt.close(fig)
    return out


CURVE_RUN_KIND = "rl_learning_curve"  # tag `kind` of the MLflow run holding the curves


def log_curves_to_mlflow(curves: Mapping[str, tuple[Sequence[CurvePoint], dict[str, Interval], Path]],
                         tracking_uri: str, run_name: str = "rl-learning-curve") -> str:
    """One MLflow run holding every eval set's curve as step metrics (step = RL iteration), grouped by
    set (``<set>/policy``, ``<set>/policy_low``/``_high`` (95 % bootstrap), ``<set>/delta_vs_sft``, and
    the references ``<set>/sft``, ``<set>/automation``, ``<set>/uniform`` at every step), with the PNGs.
    A re-materialization replaces the previous curve run (deleted, tagged ``superseded_by``): one curve
    run at a time, not one per materialization. Returns what happened; never raises."""
    try:
        import mlflow

        from registry import registry

        client = registry.client(tracking_uri)
        exp = registry.experiment_id(client)
        older = client.search_runs([exp], filter_string=f"tags.kind = '{CURVE_RUN_KIND}'")
        with mlflow.start_run(experiment_id=exp, run_name=run_name, tags={"kind": CURVE_RUN_KIND}) as run:
            for ds, (points, references, plot) in curves.items():
                sft = next((p.rate for p in points if p.iteration == 0), references.get(SFT_RUN))
                lines = {"sft": sft, "automation": references.get(AUTOMATION),
                         "uniform": references.get(UNIFORM_RUN)}
                for p in points:
                    step = p.iteration
                    values = {"policy": p.rate.mean, "policy_low": p.rate.low, "policy_high": p.rate.high}
                    if p.delta_vs_sft is not None:
                        values["delta_vs_sft"] = p.delta_vs_sft.mean
                    values.update({name: r.mean for name, r in lines.items() if r is not None})
                    mlflow.log_metrics({f"{ds}/{k}": float(v) for k, v in values.items()}, step=step)
                mlflow.log_artifact(str(plot), artifact_path="plots")
            run_id = run.info.run_id
        for old in older:
            client.set_tag(old.info.run_id, "superseded_by", run_id)
            client.delete_run(old.info.run_id)
        return f"logged to run {run_id}" + (f" (replaces {len(older)})" if older else "")
    except Exception as exc:  # the curve stands on its own; a tracking outage must not fail the asset
        return f"not logged: {type(exc).__name__}: {exc}"


def markdown_table(points: Sequence[CurvePoint]) -> str:
    """The curve as a markdown table: iteration, success with its interval, paired difference to SFT."""
    lines = ["| iteration | policy | success (95 % CI) | Δ vs SFT, points (paired 95 % CI) |",
             "|---|---|---|---|"]
    for p in points:
        d = p.delta_vs_sft
        delta = f"{100 * d.mean:+.1f} [{100 * d.low:+.1f}, {100 * d.high:+.1f}]" if d else "-"
        lines.append(f"| {p.iteration} | {p.checkpoint or p.run} | {p.rate} | {delta} |")
    return "\n".join(lines)


def write_curve(eval_root: str | Path, out_dir: str | Path, title: str, dataset: str | None = None,
                extra_references: Mapping[str, Interval] | None = None, stem: str = "learning_curve"
                ) -> tuple[list[CurvePoint], dict[str, Interval], Path]:
    """Points, references (plus ``extra_references``, e.g. the automation baseline), and the plot +
    ``<stem>.json`` written into ``out_dir`` (over ``dataset``'s theorems only, when given)."""
    from core.atomic import atomic_write_text

    points = rl_points(eval_root, dataset=dataset)
    references = {**reference_rates(eval_root, dataset=dataset), **(extra_references or {})}
    out = Path(out_dir)
    plot = plot_curve(points, references, out / f"{stem}.png", title)
    atomic_write_text(out / f"{stem}.json", json.dumps([p.to_dict() for p in points], indent=2) + "\n")
    return points, references, plot


def reusable_run(eval_root: str | Path, run: str, model_version: str, theorems: Sequence[dict[str, Any]],
                 search: Mapping[str, Any], exclude_iteration: int) -> tuple[list[Any], Path] | None:
    """``run``'s attempts from an earlier eval report (an RL eval, or the foundation's ``eval/sft``) made
    with the same model version, the same search settings (``evals.evaluate.search_settings``, recorded
    in the summary; a report without them is never reused) and the same theorems in the same order
    (search is deterministic given checkpoint, settings and seed), and the report they came from; None if
    there is none. Saves re-searching the SFT checkpoint at every RL eval."""
    from evals.report import read_attempts

    root = Path(eval_root)
    wanted = json.loads(json.dumps(dict(search)))  # as read back from a summary (tuples become lists)
    keys = [(str(t["dataset"]), str(t["id"])) for t in theorems]
    rl_dirs = sorted((root / "rl").glob("iteration=*")) if (root / "rl").is_dir() else []
    for d in [*rl_dirs, root / "sft"]:
        m = _ITERATION_DIR.match(d.name)
        if (m is not None and int(m.group(1)) == exclude_iteration) or not (d / THEOREMS_FILE).is_file():
            continue
        summary = _summary(d)
        if summary.get("runs", {}).get(run, {}).get("checkpoint") != model_version:
            continue
        if summary.get("search") != wanted:
            continue
        attempts = read_attempts(d, run)
        if [(a.dataset, a.theorem_id) for a in attempts] == keys:
            return attempts, d
    return None
