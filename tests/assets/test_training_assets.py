"""The training assets through Dagster: pretrain -> midtrain -> SFT, files + MLflow versions + metadata."""

from __future__ import annotations

import json
from pathlib import Path

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from assets.resources import ProofmillResource
from assets.training import midtrain_checkpoint, pretrain_checkpoint, sft_checkpoint, sft_checkpoint_check
from registry import registry
from registry.checkpoint import load_checkpoint
from tests.training.test_training import make_tokenizer, synthetic_texts, synthetic_transitions

TINY = {
    "compute": {"model": "tiny", "num_threads": 1},
    "pretrain": {"max_steps": 8, "batch_size": 4, "seq_len": 64, "val_check_interval": 4},
    "midtrain": {"max_steps": 6, "batch_size": 4, "seq_len": 64, "val_check_interval": 3},
    "sft": {"max_steps": 30, "batch_size": 16, "seq_len": 128, "val_check_interval": 15},
}


@pytest.mark.slow
def test_training_assets_materialize_and_register(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    overrides = tmp_path / "profile.json"
    overrides.write_text(json.dumps(TINY))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(overrides))
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    resource = ProofmillResource(profile="smoke", home=str(tmp_path / "home"), mlflow_tracking_uri=uri)
    # upstream artifacts, in the formats the corpora/tokenizer assets write
    texts = synthetic_texts(120)
    split = ["valid" if i % 10 == 0 else "train" for i in range(len(texts))]
    for name in ("pretrain_corpus", "midtrain_corpus"):
        pq.write_table(pa.table({"text": texts, "split": split}), resource.corpus_path(name))
    pq.write_table(pa.Table.from_pylist(synthetic_transitions(200)), resource.corpus_path("sft_transitions"))
    tok = make_tokenizer()
    tok.save(resource.tokenizer_path())

    monkeypatch.setenv("PROOFMILL_MLFLOW_UI", "http://127.0.0.1:5000")
    result = dg.materialize(
        [pretrain_checkpoint, midtrain_checkpoint, sft_checkpoint, sft_checkpoint_check],
        resources={"proofmill": resource},
    )
    assert result.success
    for version, stage in enumerate(("pretrain", "midtrain", "sft"), start=1):
        ckpt = resource.checkpoint_path(stage)
        assert ckpt.is_file() and (ckpt.parent / "loss_curve.png").is_file()
        assert json.loads((ckpt.parent / "registered.json").read_text())["version"] == version
        md = result.asset_materializations_for_node(f"{stage}_checkpoint")[0].metadata
        assert md["mlflow_version"].value == version
        assert md["final_val_loss"].value < md["initial_val_loss"].value
        mv = registry.client(uri).get_model_version("proofmill", str(version))
        # the curve by reference to the run's MLflow artifact (it is there), not inlined
        assert md["loss_curve"].value.startswith(
            f"![loss curve](http://127.0.0.1:5000/get-artifact?path=plots%2Floss_curve.png&run_uuid={mv.run_id})")
        artifacts = registry.client(uri).list_artifacts(mv.run_id, "plots")
        assert [a.path for a in artifacts] == ["plots/loss_curve.png"]
        assert mv.description.startswith(f"**{stage}** checkpoint")
        assert int(registry.client(uri).get_model_version_by_alias("proofmill", stage).version) == version
        assert mv.tags["stage"] == stage and mv.tags["dagster_run_id"] == result.run_id
        assert mv.tags["asset_key"] == f"{stage}_checkpoint"
    sft_md = result.asset_materializations_for_node("sft_checkpoint")[0].metadata
    assert 0.0 <= sft_md["greedy_tactic_acc"].value <= 1.0
    checks = result.get_asset_check_evaluations()
    assert checks and all(c.passed for c in checks)
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)
    _, meta = load_checkpoint("models:/proofmill@sft", tokenizer=tok)
    assert meta["stage"] == "sft" and meta["init_stage"] == "midtrain"
