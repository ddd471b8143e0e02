"""The RL learning curve: success on the fixed eval set vs RL iteration over every ``rl_eval`` report,
with 95 % bootstrap error bars and SFT / uniform-random reference lines (``evals.learning_curve``);
also logged to MLflow as step metrics (step = iteration). Unpartitioned: it reads all iterations."""

import dagster as dg

from assets import keys
from assets.io import png_markdown
from assets.resources import ProofmillResource


@dg.asset(
    group_name=keys.RL_REPORT_GROUP,
    deps=[keys.key(keys.RL_EVAL), keys.key(keys.EVAL_REPORT_SFT)],
    kinds={"mlflow"},
    description="Eval success vs RL iteration (95 % bootstrap bars), SFT and uniform-random as references.",
)
def rl_learning_curve(proofmill: ProofmillResource) -> dg.MaterializeResult:
    from evals import learning_curve as lc

    settings = proofmill.settings
    fixed = settings.eval_benchmarks[0]  # the fixed eval set; a report may hold more (per-dataset rows)
    title = f"RL learning curve ({settings.name}), {settings.eval_split} of {fixed}"
    out = proofmill.path("eval", "rl")
    points, references, plot = lc.write_curve(proofmill.path("eval"), out, title, fixed)
    if not any(p.iteration > 0 for p in points):
        raise dg.Failure(f"no RL eval report under {out}; materialize rl_eval first")
    best = lc.best_point(points)
    return dg.MaterializeResult(
        metadata={
            "curve": png_markdown(plot, "learning curve") or dg.MetadataValue.path(str(plot)),
            "points": dg.MetadataValue.md(lc.markdown_table(points)),
            "best": f"{best.run} ({best.checkpoint}): {best.rate}" if best else "-",
            "mlflow": lc.log_curve_to_mlflow(points, references, plot, proofmill.tracking_uri),
            "path": dg.MetadataValue.path(str(plot)),
        }
    )
