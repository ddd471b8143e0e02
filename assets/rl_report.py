"""The RL learning curves: success vs RL iteration on each eval set (smoke: minilean valid and
MiniF2F-lite valid) over every ``rl_eval`` report, with 95 % bootstrap error bars and the SFT, automation
baseline (one automation tactic alone) and uniform-random reference lines (``evals.learning_curve``).
Each curve shows inline on the asset page (``assets.inline_plot``); full-size PNGs lie next to the
reports and in MLflow (one run, re-used on re-materialization). Unpartitioned: it reads all iterations."""

from typing import Any

import dagster as dg

from assets import keys
from assets.inline_plot import Chart, HLine, Series, chart_metadata, ticks
from assets.resources import ProofmillResource

RL_COLOR, SFT_COLOR, AUTO_COLOR, UNIFORM_COLOR = "blue", "green", "orange", "gray"


def curve_chart(points: list, references: dict) -> tuple[Chart, str]:
    """The inline chart of one eval set's curve and its legend (colours named, rates in %)."""
    from evals.learning_curve import AUTOMATION, SFT_RUN, UNIFORM_RUN

    rl = [p for p in points if p.iteration > 0]
    last = max([p.iteration for p in rl] or [1])
    chart = Chart(x_min=0, x_max=last, x_ticks=ticks(0, last, most=5))
    legend = []
    sft = next((p.rate for p in points if p.iteration == 0), references.get(SFT_RUN))
    for name, rate, color, dash in (
        ("SFT", sft, SFT_COLOR, 4),
        ("one automation tactic", references.get(AUTOMATION), AUTO_COLOR, 2),
        ("uniform-random", references.get(UNIFORM_RUN), UNIFORM_COLOR, 1),
    ):
        if rate is not None:
            chart.hlines.append(HLine(100 * rate.mean, color, dash))
            legend.append(f"{color} {name} {100 * rate.mean:.0f}%")
    if rl:
        chart.series.append(Series([p.iteration for p in rl], [100 * p.rate.mean for p in rl], RL_COLOR,
                                   [100 * p.rate.low for p in rl], [100 * p.rate.high for p in rl]))
        legend.insert(0, f"{RL_COLOR} policy[k] (95% CI) {100 * rl[-1].rate.mean:.0f}%")
    return chart, ", ".join(legend)


@dg.asset(
    group_name=keys.RL_REPORT_GROUP,
    deps=[keys.key(keys.RL_EVAL), keys.key(keys.EVAL_REPORT_SFT)],
    kinds={"mlflow"},
    description="Eval success vs RL iteration per eval set (95 % bootstrap bars), with SFT, one-automation-"
    "tactic and uniform-random reference lines; shown inline.",
)
def rl_learning_curve(
    context: dg.AssetExecutionContext, proofmill: ProofmillResource
) -> dg.MaterializeResult:
    from evals import learning_curve as lc
    from evals.automation_baseline import automation_rates

    settings = proofmill.settings
    # the automation line means something only when the eval ran on minilean (no external Lean servers)
    auto = {} if proofmill.servers else automation_rates(proofmill.eval_statements())
    md: dict = {}
    curves: dict = {}
    for i, ds in enumerate(settings.eval_benchmarks):
        stem = "learning_curve" if i == 0 else f"learning_curve_{ds}"  # the fixed set keeps the old name
        if (found := _one_curve(proofmill, ds, auto.get(ds), stem)) is None:
            context.log.info(f"no RL eval point on {ds}")
            continue
        curves[ds], entries = found
        md.update(entries)
    if not curves:
        raise dg.Failure(f"no RL eval report under {proofmill.path('eval', 'rl')}; materialize rl_eval first")
    fixed = settings.eval_benchmarks[0]
    best = lc.best_point(curves[fixed][0]) if fixed in curves else None
    on = f"on {fixed} {settings.eval_split}"
    md["best"] = f"{best.run} ({best.checkpoint}): {best.rate} {on}" if best else "-"
    md["mlflow"] = lc.log_curves_to_mlflow(curves, proofmill.tracking_uri)
    return dg.MaterializeResult(metadata=md)


def _one_curve(
    proofmill: ProofmillResource, ds: str, automation: Any, stem: str
) -> tuple[tuple, dict] | None:
    """((points, references, png), metadata) of eval set ``ds``'s curve (files ``<stem>.png``/``.json``);
    None without an RL point on it."""
    from evals import learning_curve as lc

    settings = proofmill.settings
    split = settings.eval_split
    extra = {lc.AUTOMATION: automation} if automation is not None else {}
    points, references, plot = lc.write_curve(
        proofmill.path("eval"), proofmill.path("eval", "rl"),
        f"RL learning curve ({settings.name}), {split} of {ds}", ds, extra, stem)
    if not any(p.iteration > 0 for p in points):
        return None
    sims = points[-1].num_simulations
    label = f"{ds} {split}, {points[0].rate.n} theorems" + (f", {sims} simulations" if sims else "")
    chart, legend = curve_chart(points, references)
    return (points, references, plot), {
        f"curve_{ds}": chart_metadata(chart, f"**{label}**: % proved per RL iteration. {legend}"),
        f"points_{ds}": dg.MetadataValue.md(lc.markdown_table(points)),
        f"png_{ds}": dg.MetadataValue.path(str(plot)),
    }
