"""Plots Dagster shows in place and labelled rates: the learning curves (one per eval set, with SFT,
automation and uniform-random lines), eval charts and loss charts as markdown under the UI's 1000-character
inline limit; per-set rates with their theorem counts and budget; one MLflow curve run, no ./mlruns."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from markdown_it import MarkdownIt

from assets.inline_plot import INLINE_LIMIT, Chart, HLine, Series, chart_markdown, history_chart
from evals.report import write_eval_report
from search.prover import Attempt

SVG = "{http://www.w3.org/2000/svg}"


def svg_of(md: str) -> ET.Element:
    """The SVG of the markdown's first image, as a CommonMark parser sees it (markdown-it; the UI's parser
    is CommonMark too), parsed as XML: the markdown is an image, and its data URI is a well-formed SVG."""
    parser = MarkdownIt("commonmark")
    parser.validateLink = lambda url: True  # its own safe-link list leaves SVG out; Dagster's allows data:
    inline = [t for block in parser.parse(md) if block.children for t in block.children]
    image = next(t for t in inline if t.type == "image")
    src = image.attrs["src"]
    assert src.startswith("data:image/svg+xml,")
    return ET.fromstring(unquote(src.split(",", 1)[1]))


def test_a_long_learning_curve_stays_inline_and_is_a_real_svg() -> None:
    n = 12
    chart = Chart(x_min=0, x_max=n, x_ticks=[0, 6, 12])
    chart.hlines += [HLine(79, "green", 4), HLine(32, "orange", 2), HLine(5, "gray", 1)]
    ys = [80 + (i % 5) for i in range(1, n + 1)]
    chart.series.append(Series(list(range(1, n + 1)), ys, "blue", [y - 7 for y in ys], [y + 7 for y in ys]))
    md = chart_markdown(chart, "**minilean valid, 100 theorems, 64 simulations**: legend " + "x" * 150)
    assert len(md) < INLINE_LIMIT
    root = svg_of(md)
    polyline = root.find(f"{SVG}polyline")
    assert len(polyline.get("points").split()) == n
    assert len(root.findall(f"{SVG}path")) >= 4  # axes + 3 reference lines (+ error bars)
    # a higher rate is drawn higher (smaller y): 84 % above 81 %
    pts = [tuple(map(int, p.split(","))) for p in polyline.get("points").split()]
    assert pts[3][1] < pts[0][1]


def test_too_many_points_drop_error_bars_then_points_but_stay_inline() -> None:
    def chart(n: int) -> Chart:
        c = Chart(x_min=0, x_max=n, x_ticks=[0, n])
        ys = [50.0 + (i % 7) for i in range(n)]
        c.series.append(Series(list(range(n)), ys, "blue", [y - 5 for y in ys], [y + 5 for y in ys]))
        return c

    md = chart_markdown(chart(60), "caption")  # fits once the error bars are gone
    assert len(md) < INLINE_LIMIT and "every" not in md
    root = svg_of(md)
    assert len(root.find(f"{SVG}polyline").get("points").split()) == 60
    assert len(root.findall(f"{SVG}path")) == 1  # the axes only
    md = chart_markdown(chart(300), "caption")
    assert len(md) < INLINE_LIMIT and "(every 4th point)" in md
    assert len(svg_of(md).find(f"{SVG}polyline").get("points").split()) == 75 + 1  # and the last


def test_loss_chart_inline() -> None:
    history = {"train_loss": [(s, 5.0 / (1 + s)) for s in range(0, 400, 4)],
               "val_loss": [(s, 5.5 / (1 + s)) for s in range(0, 400, 25)]}
    md = history_chart(history).value
    assert len(md) < INLINE_LIMIT and "train_loss (last" in md and "val_loss" in md
    assert len(svg_of(md).findall(f"{SVG}polyline")) == 2
    assert history_chart({}) is None


# ---------------------------------------------------------------- eval reports and the learning curve
def _statements() -> list[dict]:
    from minilean import minif2f
    from minilean.theorems import load_theorems

    mini = [{"dataset": "minilean", **{k: r[k] for k in ("id", "split", "header", "statement")}}
            for r in load_theorems("valid")[:20]]
    f2f = [{"dataset": "minif2f_lite", **{k: r[k] for k in ("id", "split", "header", "statement")}}
           for r in minif2f.statable_rows("valid")[:30]]
    return mini + f2f


def _attempts(rows: list[dict], solved: callable, version: str) -> list[Attempt]:
    return [Attempt(r["dataset"], r["id"], "proven" if solved(i, r) else "unproven", simulations=64,
                    solved_at_simulation=8 * (1 + i % 8) if solved(i, r) else None, model_version=version)
            for i, r in enumerate(rows)]


def _reports(home: Path, rows: list[dict]) -> None:
    sft = _attempts(rows, lambda i, r: i % 3 != 0, "models:/proofmill/3")
    uniform = _attempts(rows, lambda i, r: i % 9 == 0, None)
    write_eval_report({"sft": sft, "uniform-random": uniform}, home / "eval" / "sft", title="sft",
                      num_simulations=64)
    for k, extra in ((2, 6), (4, 4)):
        rl = _attempts(rows, lambda i, r, e=extra: i % 3 != 0 or i % e == 0, f"models:/proofmill/{5 + k}")
        write_eval_report({"sft": sft, f"rl-{k}": rl}, home / "eval" / "rl" / f"iteration={k}",
                          title=f"rl {k}", num_simulations=64)


@pytest.fixture
def resource(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from assets.resources import ProofmillResource

    monkeypatch.chdir(tmp_path)  # anything MLflow writes relative to the cwd would show up here
    monkeypatch.delenv("PROOFMILL_LEAN_SERVERS", raising=False)
    res = ProofmillResource(profile="smoke", home=str(tmp_path / "home"),
                            mlflow_tracking_uri=f"sqlite:///{tmp_path / 'mlflow.db'}")
    rows = _statements()
    pq.write_table(pa.Table.from_pylist(rows), res.corpus_path("benchmark_statements"))
    _reports(tmp_path / "home", rows)
    return res


def test_learning_curves_per_eval_set_inline_with_reference_lines(resource, tmp_path: Path) -> None:
    from assets.rl_report import rl_learning_curve
    from evals.automation_baseline import automation_rates
    from registry import registry

    for _ in range(2):  # a re-materialization replaces the MLflow curve run
        result = dg.materialize([rl_learning_curve], resources={"proofmill": resource})
        assert result.success
    md = result.asset_materializations_for_node("rl_learning_curve")[0].metadata
    auto = automation_rates(resource.eval_statements())
    assert 0 < auto["minif2f_lite"].mean < 1  # some of MiniF2F-lite falls to one automation tactic
    for ds, n in (("minilean", 20), ("minif2f_lite", 30)):
        curve = md[f"curve_{ds}"].value
        assert len(curve) < INLINE_LIMIT, len(curve)
        assert f"{ds} valid, {n} theorems, 64 simulations" in curve
        for line in ("green SFT", "orange one automation tactic", "gray uniform-random"):
            assert line in curve
        root = svg_of(curve)
        assert len(root.find(f"{SVG}polyline").get("points").split()) == 2  # iterations 2 and 4
        assert len(root.findall(f"{SVG}path")) == 1 + 3 + 1  # axes, 3 reference lines, error bars
        assert "| 4 |" in md[f"points_{ds}"].value
        assert Path(md[f"png_{ds}"].value).read_bytes()[:4] == b"\x89PNG"
    assert f"automation tactic {100 * auto['minif2f_lite'].mean:.0f}%" in md["curve_minif2f_lite"].value
    assert "on minilean valid" in md["best"].value
    client = registry.client(resource.tracking_uri)
    exp = registry.experiment_id(client)
    runs = client.search_runs([exp], filter_string="tags.kind = 'rl_learning_curve'")
    assert len(runs) == 1 and md["mlflow"].value == f"logged to run {runs[0].info.run_id} (replaces 1)"
    history = client.get_metric_history(runs[0].info.run_id, "minif2f_lite/policy")
    assert [m.step for m in history] == [0, 2, 4]
    assert "minilean/automation" in runs[0].data.metrics and "minilean/sft" in runs[0].data.metrics
    assert not (tmp_path / "mlruns").exists()


def test_eval_metadata_labels_every_rate_and_keeps_big_json_out(resource, tmp_path: Path) -> None:
    from assets.eval_view import eval_metadata
    from evals.evaluate import EvalResult

    report = tmp_path / "home" / "eval" / "rl" / "iteration=4"
    summary = json.loads((report / "summary.json").read_text())
    stats = {"sft": {"reused": True}, "rl-4": {"nodes": list(range(500)), "batching": "x"}}
    result = EvalResult(report, summary, stats, 50, 64)
    md = eval_metadata(result, "not logged: test", "valid")
    assert "success_rate_sft" not in md and "success_rate_rl-4" not in md  # no pooled rate
    assert md["success_rate_sft_minilean"].value == round(summary["runs"]["sft"]["datasets"]["minilean"]
                                                          ["success_rate"], 4)
    table = md["success"].value
    assert len(table) < INLINE_LIMIT
    assert "minilean valid (20)" in table and "minif2f_lite valid (30)" in table
    assert "within 64 simulations" in table and re.search(r"\| rl-4 \| \d+/30 = [\d.]+ % \| \d+/20 = ", table)
    assert md["eval_sets"] == "minif2f_lite valid (30), minilean valid (20)"
    stats_path = Path(md["search_stats"].value)
    assert json.loads(stats_path.read_text())["rl-4"]["nodes"][-1] == 499
    for ds in ("minilean", "minif2f_lite"):
        chart = md[f"chart_{ds}"].value
        assert len(chart) < INLINE_LIMIT and "% proved vs simulations" in chart
        assert len(svg_of(chart).findall(f"{SVG}polyline")) == 2  # sft and rl-4


def test_a_skipped_rl_eval_partition_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from assets.resources import ProofmillResource
    from assets.rl import rl_eval
    from pipelines import schedules

    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps({"rl": {"iterations": 5, "eval_every": 2}}))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile))
    (tmp_path / "dagster").mkdir()
    with dg.DagsterInstance.local_temp(str(tmp_path / "dagster")) as instance:
        schedules.ensure_partition(instance, "3")
        result = dg.materialize([rl_eval], partition_key="3", instance=instance,
                                resources={"proofmill": ProofmillResource(home=str(tmp_path / "home"))})
        assert result.success and result.get_asset_materialization_events() == []
        [observation] = [e.event_specific_data.asset_observation for e in result.all_events
                         if e.event_type == dg.DagsterEventType.ASSET_OBSERVATION]
        assert observation.partition == "3"
        assert observation.description.startswith("skipped: eval every 2 iterations and on the last (5)")
        assert observation.metadata["skipped"].value == observation.description
        checks = {c.check_name: c for c in result.get_asset_check_evaluations()}
        assert set(checks) == {"not_below_sft", "few_errors"} and all(c.passed for c in checks.values())
        assert checks["not_below_sft"].description.startswith("skipped: eval every 2 iterations")
        assert checks["few_errors"].metadata["evaluated"].value is False


def test_the_report_summary_says_its_rate_is_pooled(tmp_path: Path) -> None:
    from evals.report import summary_markdown

    rows = _statements()
    sft = _attempts(rows, lambda i, r: i % 3 != 0, "models:/proofmill/3")
    summary = write_eval_report({"sft": sft}, tmp_path, title="t", num_simulations=64)
    md = summary_markdown(summary)
    assert "| success (pooled) |" in md and "Pooled over the eval sets minif2f_lite, minilean" in md
    assert "| sft | 20/30 = 66.7% | 13/20 = 65.0% |" in md
    one_set = write_eval_report({"sft": sft[:20]}, tmp_path / "one", title="t", num_simulations=64)
    assert "pooled" not in summary_markdown(one_set).lower()


def test_whole_proof_pass_at_k_chart_inline() -> None:
    from assets.whole_proof import pass_at_k_chart

    runs = {"sft": {"pass_at": {"1": 0.1, "2": 0.18, "4": 0.3, "8": 0.41, "16": 0.5}},
            "rl-3": {"pass_at": {"1": 0.12, "2": 0.2, "4": 0.33, "8": 0.45, "16": 0.55}}}
    md = pass_at_k_chart(runs).value
    assert len(md) < INLINE_LIMIT and "blue: sft pass@16 50 %" in md and "green: rl-3 pass@16 55 %" in md
    lines = svg_of(md).findall(f"{SVG}polyline")
    assert [len(pl.get("points").split()) for pl in lines] == [5, 5]
