"""Registered versions are real MLflow models: pyfunc load + predict, signature, description, experiment kind.

Against a real sqlite MLflow store in tmp_path and a tiny random checkpoint.
"""

from __future__ import annotations

from pathlib import Path

import mlflow
import mlflow.pyfunc
import pytest
import torch

from models.gpt import GPT
from models.sampler import Sampler, SamplingSettings
from registry import mlflow_model, registry
from registry.checkpoint import load_checkpoint, save_checkpoint
from tests.training.test_training import make_tokenizer, tiny_config

STATES = ["p q : Prop\nhp : p\n⊢ p ∨ q", "⊢ True"]


def test_sft_version_is_a_pyfunc_model_that_predicts_tactics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)
    tok = make_tokenizer()
    tok_path = tmp_path / "tokenizer.json"
    tok.save(tok_path)
    torch.manual_seed(0)
    model = GPT(tiny_config(tok))
    ckpt = tmp_path / "sft" / "model.pt"
    save_checkpoint(ckpt, model, tok.fingerprint(), {"stage": "sft"})
    version = registry.log_stage_run(
        registry.StageRecord("sft", ckpt, tok.fingerprint(),
                             metrics={"final_val_loss": 1.25, "params": 123456},
                             params={"profile": "smoke"}, tokenizer_path=tok_path),
        registry.Lineage(aliases=(registry.ALIAS_SFT,)),
    )

    policy = mlflow.pyfunc.load_model("models:/proofmill@sft")
    out = policy.predict(STATES, params={"num_samples": 4, "seed": 7})
    assert list(out.columns) == ["tactics", "logprobs", "value"] and len(out) == 2
    # exactly what the prover's sampler proposes for the same checkpoint, settings and seed
    loaded, _ = load_checkpoint(ckpt, tokenizer=tok)
    expected = Sampler(loaded, tok, SamplingSettings(num_samples=4, max_prompt_len=127), seed=7)(STATES,
                                                                                                 seeds=[7, 7])
    for row, exp in zip(out.itertuples(), expected, strict=True):
        assert list(row.tactics) == exp.tactics and row.tactics
        assert all(isinstance(t, str) and t for t in row.tactics)
        assert list(row.logprobs) == pytest.approx(exp.logprobs) and max(row.logprobs) < 0
        assert 1.0 <= row.value <= 64.0 and row.value == pytest.approx(exp.value)
    # params are optional (signature defaults), a single state works too
    assert len(policy.predict(["⊢ True"])) == 1

    info = mlflow.models.get_model_info("models:/proofmill@sft")
    sig = info.signature
    assert sig.inputs.input_types() == [mlflow.types.DataType.string] and not sig.inputs.has_input_names()
    assert sig.outputs.input_names() == ["tactics", "logprobs", "value"]
    assert {p.name for p in sig.params} == {"num_samples", "temperature", "max_new_tokens", "seed"}

    c = registry.client()
    mv = c.get_model_version_by_alias("proofmill", "sft")
    assert mv.source.startswith("models:/m-") and mv.run_id == version.run_id
    assert "**sft**" in mv.description and "final_val_loss = 1.25" in mv.description
    assert "smoke" in mv.description and "proof-state" in mv.description
    assert not mv.run_link  # the UI links the run itself; an explicit link overlapped the aliases field
    exp = c.get_experiment_by_name(registry.EXPERIMENT_NAME)
    assert exp.tags[mlflow_model.EXPERIMENT_KIND_TAG] == "custom_model_development"
    # the checkpoint inside the model still loads as a plain proofmill checkpoint
    assert registry.resolve_model_uri("models:/proofmill@sft").name == "model.pt"


def test_version_without_tokenizer_refuses_to_predict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{tmp_path / 'mlflow.db'}")
    tok = make_tokenizer()
    ckpt = tmp_path / "model.pt"
    save_checkpoint(ckpt, GPT(tiny_config(tok)), tok.fingerprint(), {"stage": "pretrain"})
    registry.log_stage_run(registry.StageRecord("pretrain", ckpt, tok.fingerprint()),
                           registry.Lineage(aliases=("pretrain",)))
    with pytest.raises(mlflow.exceptions.MlflowException, match="without its tokenizer"):
        mlflow.pyfunc.load_model("models:/proofmill@pretrain")


def test_states_input_shapes() -> None:
    import pandas as pd

    assert mlflow_model._states(pd.DataFrame({"state": ["a", "b"]})) == ["a", "b"]
    assert mlflow_model._states({"state": ["a"]}) == ["a"] and mlflow_model._states("a") == ["a"]
    with pytest.raises(ValueError, match="must be strings"):
        mlflow_model._states([1, 2])
