"""What the MLflow UI shows (a real sqlite store): the experiment opens in the model-training view
whoever logs first, versions are linked from their logged models, a run lasts as long as its training,
metrics are grouped by stage, and nothing is written to ./mlruns."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from models.gpt import GPT
from registry import mlflow_model, registry
from registry.checkpoint import save_checkpoint
from tests.training.test_training import make_tokenizer, tiny_config


@pytest.fixture
def uri(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.chdir(tmp_path)  # a write relative to the cwd (./mlruns) would land here
    monkeypatch.delenv("PROOFMILL_MLFLOW_ARTIFACTS", raising=False)
    return f"sqlite:///{tmp_path / 'store' / 'mlflow.db'}"


def _register(tmp_path: Path, uri: str, started_at: float | None = None):
    tok = make_tokenizer()
    ckpt = tmp_path / "sft" / "model.pt"
    save_checkpoint(ckpt, GPT(tiny_config(tok)), tok.fingerprint(), {"stage": "sft"})
    record = registry.StageRecord(
        stage="sft", checkpoint_path=ckpt, metrics={"final_val_loss": 1.5},
        history={"train_loss": [(1, 3.0), (2, 2.0)]}, tokenizer_fingerprint=tok.fingerprint(),
        tokenizer_path=None, started_at=started_at,
    )
    return registry.log_stage_run(record, uri=uri)


def test_experiment_opens_in_the_training_view_whoever_creates_it(uri: str, tmp_path: Path) -> None:
    from evals import learning_curve as lc
    from evals.spread import bootstrap_rate

    rate = bootstrap_rate([True, False, True])
    point = lc.CurvePoint(1, "rl-1", rate, None, None, 64)
    plot = lc.plot_curve([point], {}, tmp_path / "c.png", "c")
    assert lc.log_curves_to_mlflow({"minilean": ([point], {}, plot)}, uri).startswith("logged to run")
    client = registry.client(uri)
    exp = client.get_experiment_by_name(registry.EXPERIMENT_NAME)
    assert exp.tags[mlflow_model.EXPERIMENT_KIND_TAG] == "custom_model_development"
    # an experiment made before the tag existed gets it on the next use
    client.delete_experiment_tag(exp.experiment_id, mlflow_model.EXPERIMENT_KIND_TAG)
    registry.experiment_id(client)
    assert client.get_experiment(exp.experiment_id).tags[mlflow_model.EXPERIMENT_KIND_TAG] == (
        "custom_model_development")
    assert not (tmp_path / "mlruns").exists()


def test_version_linked_from_its_logged_model_and_run_covers_training(uri: str, tmp_path: Path) -> None:
    started = time.time() - 90  # training began 90 s before registration
    version = _register(tmp_path, uri, started_at=started)
    client = registry.client(uri)
    mv = client.get_model_version(registry.MODEL_NAME, str(version.version))
    # version -> logged model: the source is the logged model's URI (the sqlite registry keeps no
    # model_id column); logged model -> version: the tag mlflow.register_model would have set
    assert mv.source.startswith("models:/m-")
    logged = client.get_logged_model(mv.source.removeprefix("models:/"))
    assert logged.source_run_id == version.run_id
    assert json.loads(logged.tags["mlflow.modelVersions"]) == [
        {"name": registry.MODEL_NAME, "version": str(version.version)}]
    run = client.get_run(version.run_id)
    assert abs(run.info.start_time - 1000 * started) < 1000
    assert run.info.end_time - run.info.start_time >= 90_000  # the duration is the training's
    assert run.info.status == "FINISHED"
    # metric names carry the stage: the UI groups each stage's charts
    assert set(run.data.metrics) == {"sft/final_val_loss", "sft/train_loss"}
    assert not (tmp_path / "mlruns").exists()


def test_without_a_start_time_the_run_starts_now(uri: str, tmp_path: Path) -> None:
    before = time.time()
    version = _register(tmp_path, uri)
    run = registry.client(uri).get_run(version.run_id)
    assert run.info.start_time >= 1000 * before - 1000
