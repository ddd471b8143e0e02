"""The eval_report_sft Dagster asset end to end: an (untrained) SFT checkpoint registered in MLflow and the
uniform-random baseline, searched on minilean valid theorems with minilean servers the asset starts."""

from __future__ import annotations

import json

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from assets.eval import BASELINE_RUN, SFT_RUN, eval_report_sft
from assets.eval_view import FEW_ERRORS
from assets.resources import ProofmillResource
from minilean.theorems import load_theorems


def _write_inputs(resource: ProofmillResource) -> None:
    """Benchmark statements, a tokenizer and an SFT checkpoint registered the way the training asset does."""
    import torch

    from models.gpt import GPT, GPTConfig
    from models.tokenizer import ProofTokenizer
    from registry import registry
    from registry.checkpoint import save_checkpoint

    rows = [
        {k: r[k] for k in ("dataset", "id", "split", "header", "statement")}
        for r in load_theorems("valid")[:6] + load_theorems("test")[:2]
    ]
    pq.write_table(pa.Table.from_pylist(rows), resource.corpus_path("benchmark_statements"))
    texts = [r["statement"] + "\n" + (r["proof"] or "") for r in load_theorems("train")]
    tokenizer = ProofTokenizer.train(texts, vocab_size=700)
    tokenizer.save(resource.tokenizer_path())
    torch.manual_seed(0)
    model = GPT(GPTConfig.preset("tiny", tokenizer.vocab_size, sequence_len=256))
    checkpoint = resource.checkpoint_path("sft")
    save_checkpoint(checkpoint, model, tokenizer.fingerprint(), {"stage": "sft"})
    version = registry.log_stage_run(
        registry.StageRecord("sft", checkpoint, tokenizer.fingerprint(), metrics={"val_loss": 1.0}),
        registry.Lineage(aliases=("sft",)), uri=resource.tracking_uri,
    )
    (checkpoint.parent / "registered.json").write_text(
        json.dumps({"model_uri": version.model_uri, "version": version.version, "run_id": version.run_id})
    )


@pytest.mark.slow
def test_eval_report_sft_asset(tmp_path) -> None:
    resource = ProofmillResource(
        profile="smoke", home=str(tmp_path / "home"), mlflow_tracking_uri=f"sqlite:///{tmp_path}/mlflow.db"
    )
    _write_inputs(resource)
    result = dg.materialize(
        [eval_report_sft],
        resources={"proofmill": resource},
        run_config={"ops": {"eval_report_sft": {"config": {"num_simulations": 8, "concurrency": 4}}}},
    )
    assert result.success
    (check,) = result.get_asset_check_evaluations()
    assert check.check_name == FEW_ERRORS and check.passed
    md = result.asset_materializations_for_node("eval_report_sft")[0].metadata
    assert md["theorems"].value == 6  # only the valid split
    assert 0.0 <= md[f"success_rate_{SFT_RUN}"].value <= 1.0
    assert 0.0 <= md[f"success_rate_{BASELINE_RUN}"].value <= 1.0
    assert md["mlflow"].value.startswith("logged to run")
    assert "| uniform-random | 6 |" in md["summary"].value

    report = tmp_path / "home" / "eval" / "sft"
    summary = json.loads((report / "summary.json").read_text())
    assert set(summary["runs"]) == {SFT_RUN, BASELINE_RUN}
    assert summary["budgets"] == [8]
    for s in summary["runs"].values():
        assert s["theorems"] == s["proven"] + s["unproven"] + s["error"] == 6
    table = pq.read_table(report / "theorems.parquet").to_pylist()
    assert len(table) == 12 and {r["run"] for r in table} == {SFT_RUN, BASELINE_RUN}
    assert all(r["checkpoint"].startswith("models:/proofmill/") for r in table if r["run"] == SFT_RUN)
    assert (report / "success_vs_simulations.png").stat().st_size > 1000

    from registry import registry

    run = registry.client(resource.tracking_uri).get_run(
        json.loads((resource.checkpoint_path("sft").parent / "registered.json").read_text())["run_id"]
    )
    logged = run.data.metrics[f"eval/{BASELINE_RUN}_success_rate"]
    assert round(logged, 4) == md[f"success_rate_{BASELINE_RUN}"].value


@pytest.mark.slow
def test_an_eval_where_every_attempt_errors_stops_the_run(tmp_path) -> None:
    """Statements Lean cannot elaborate: every attempt of both runs is an error. The report is written
    (it shows the errors) but the blocking check fails the step, so nothing downstream trusts it."""
    resource = ProofmillResource(
        profile="smoke", home=str(tmp_path / "home"), mlflow_tracking_uri=f"sqlite:///{tmp_path}/mlflow.db"
    )
    _write_inputs(resource)
    broken = [{"dataset": "minilean", "id": f"broken_{i}", "split": "valid", "header": "",
               "statement": f"theorem broken_{i} (x : ℕ) : x + = {i} := by\n  sorry"} for i in range(3)]
    pq.write_table(pa.Table.from_pylist(broken), resource.corpus_path("benchmark_statements"))
    result = dg.materialize(
        [eval_report_sft], resources={"proofmill": resource}, raise_on_error=False,
        run_config={"ops": {"eval_report_sft": {"config": {"num_simulations": 4, "concurrency": 2}}}},
    )
    assert not result.success
    (check,) = result.get_asset_check_evaluations()
    assert check.check_name == FEW_ERRORS and not check.passed
    assert "3 of 3 attempts errored" in check.description
    summary = json.loads((tmp_path / "home" / "eval" / "sft" / "summary.json").read_text())
    assert all(s["error"] == 3 for s in summary["runs"].values())
