"""MLflow registry against a real sqlite store in tmp_path: versions, tags, aliases, models:/ loading."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from models.gpt import GPT
from registry import registry
from registry.checkpoint import CheckpointError, load_checkpoint, save_checkpoint
from tests.training.test_training import make_tokenizer, tiny_config


def test_stages_register_versions_with_tags_and_aliases(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)  # what load_checkpoint("models:/...") resolves through
    tok = make_tokenizer()
    torch.manual_seed(0)
    models = {}
    versions = {}
    for stage, alias in (("midtrain", ()), ("sft", (registry.ALIAS_SFT,))):
        model = GPT(tiny_config(tok))
        ckpt = tmp_path / stage / "model.pt"
        save_checkpoint(ckpt, model, tok.fingerprint(), {"stage": stage})
        curve = tmp_path / stage / "loss.png"
        curve.write_bytes(b"\x89PNG\r\n\x1a\n")
        record = registry.StageRecord(
            stage=stage, checkpoint_path=ckpt, tokenizer_fingerprint=tok.fingerprint(),
            metrics={"final_val_loss": 1.5, "nan_is_skipped": float("nan")},
            params={"stage": {"lr": 0.01, "max_steps": 3}}, loss_curve=curve,
            history={"train_loss": [(1, 3.0), (2, 2.0)]},
        )
        versions[stage] = registry.log_stage_run(
            record, registry.Lineage(f"run-{stage}", f"{stage}_checkpoint", tuple(alias)))
        models[stage] = model
    mid, sft = versions["midtrain"], versions["sft"]
    assert (mid.version, sft.version) == (1, 2)
    assert sft.model_uri == "models:/proofmill/2" and sft.link.endswith("#/models/proofmill/versions/2")

    client = registry.client()
    mv = client.get_model_version_by_alias("proofmill", "sft")
    assert int(mv.version) == 2 and mv.run_id == sft.run_id
    assert mv.tags == {"stage": "sft", "tokenizer_fingerprint": tok.fingerprint(),
                       "dagster_run_id": "run-sft", "asset_key": "sft_checkpoint"}
    assert client.get_model_version("proofmill", "1").tags["stage"] == "midtrain"
    run = client.get_run(sft.run_id)
    assert run.data.metrics["sft/final_val_loss"] == 1.5 and "sft/nan_is_skipped" not in run.data.metrics
    assert run.data.params["stage.lr"] == "0.01"
    assert [m.value for m in client.get_metric_history(sft.run_id, "sft/train_loss")] == [3.0, 2.0]
    # the checkpoint travels inside the version's MLflow model (registry.mlflow_model), not as a run file
    assert {a.path for a in client.list_artifacts(sft.run_id)} == {"plots"}
    # artifacts land next to the sqlite file, not in the cwd
    assert registry.resolve_model_uri("models:/proofmill/1").is_relative_to(tmp_path / "mlartifacts")

    loaded, meta = load_checkpoint("models:/proofmill@sft", tokenizer=tok)
    assert meta["stage"] == "sft"
    idx = torch.randint(0, tok.vocab_size, (1, 7))
    assert torch.equal(loaded(idx), models["sft"].eval()(idx))
    monkeypatch.delenv("MLFLOW_TRACKING_URI")
    assert load_checkpoint("models:/proofmill/1", tracking_uri=uri)[1]["stage"] == "midtrain"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)

    registry.set_alias(registry.ALIAS_BEST, 1)
    assert int(registry.model_version("models:/proofmill@best").version) == 1
    with pytest.raises(LookupError, match="rl-latest"):
        load_checkpoint("models:/proofmill@rl-latest")
    with pytest.raises(ValueError, match="not a model registry URI"):
        registry.resolve_model_uri("models:/proofmill")
    other = make_tokenizer(extra=["another corpus entirely"] * 50)
    with pytest.raises(CheckpointError, match="tokenizer mismatch"):
        load_checkpoint("models:/proofmill@sft", tokenizer=other)


def test_artifact_root_defaults() -> None:
    assert registry.artifact_root("sqlite:////x/y/mlflow.db") == "file:///x/y/mlartifacts"
    assert registry.artifact_root("sqlite:////x/mlflow.db", root="/data/art") == "file:///data/art"
