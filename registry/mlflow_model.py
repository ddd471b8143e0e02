"""proofmill checkpoints as real MLflow models (``mlflow.pyfunc``): proof states in, tactics out.

Every registered version of ``proofmill`` is an MLflow model directory (``MLmodel``, a signature, the
checkpoint and tokenizer as model artifacts, the ``models`` package as code), so the usual MLflow tools
work on it::

    policy = mlflow.pyfunc.load_model("models:/proofmill@sft")
    policy.predict(["p q : Prop\\nhp : p\\n⊢ p ∨ q"], params={"num_samples": 4})
    # -> DataFrame: tactics (list[str]), logprobs (list[float]), value (expected proof depth in [1, 64])

    mlflow models serve -m models:/proofmill@sft --env-manager local --host 127.0.0.1 -p 5001
    curl -d '{"inputs": ["⊢ True"], "params": {"num_samples": 4}}' -H 'Content-Type: application/json' \\
        http://127.0.0.1:5001/invocations

The model is logged "from code" (``python_model`` is the path of ``mlflow_pyfunc_entry.py``), so loading
it unpickles nothing: the entry file builds a ``ProofmillPolicy`` and the checkpoint is read with
``torch.load(weights_only=True)`` after its tokenizer fingerprint is checked. Sampling is
``models.sampler.Sampler`` (the same code the MCTS prover calls); ``params`` choose its settings.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import mlflow
import mlflow.pyfunc
from mlflow.models import ModelSignature
from mlflow.types.schema import Array, ColSpec, DataType, ParamSchema, ParamSpec, Schema

from registry.uris import CHECKPOINT_ARTIFACT, checkpoint_in  # noqa: F401  (re-exported)

TOKENIZER_ARTIFACT = "tokenizer"
MODEL_NAME_IN_RUN = "policy"  # the LoggedModel's name inside a stage's MLflow run
_PACKAGE_DIR = Path(__file__).resolve().parent
_ENTRY = _PACKAGE_DIR / "mlflow_pyfunc_entry.py"
# The experiment tag the MLflow 3 UI reads to choose its layout: "custom_model_development" opens the
# model-training view (runs, charts, models) instead of the GenAI traces page. Value list from the UI
# bundle of mlflow 3.17 (ExperimentKind: genai_development | custom_model_development | ...).
EXPERIMENT_KIND_TAG = "mlflow.experimentKind"
EXPERIMENT_KIND = "custom_model_development"

# Sampling defaults (the smoke profile's search settings); each can be overridden per request.
DEFAULT_PARAMS: dict[str, Any] = {"num_samples": 6, "temperature": 1.0, "max_new_tokens": 24, "seed": 0}

SIGNATURE = ModelSignature(
    inputs=Schema([ColSpec(DataType.string)]),  # a list of proof states
    outputs=Schema([
        ColSpec(Array(DataType.string), "tactics"),
        ColSpec(Array(DataType.double), "logprobs"),
        ColSpec(DataType.double, "value"),
    ]),
    params=ParamSchema([
        ParamSpec("num_samples", DataType.long, DEFAULT_PARAMS["num_samples"]),
        ParamSpec("temperature", DataType.double, DEFAULT_PARAMS["temperature"]),
        ParamSpec("max_new_tokens", DataType.long, DEFAULT_PARAMS["max_new_tokens"]),
        ParamSpec("seed", DataType.long, DEFAULT_PARAMS["seed"]),
    ]),
)

# What each stage learned from, for the version description.
STAGE_DATA = {
    "pretrain": "math text (pretrain_corpus)",
    "midtrain": "Lean source code (midtrain_corpus)",
    "sft": "proof-state → tactic transitions (sft_transitions) with proof-depth value targets",
    "rl": "the RL replay window of verified proofs, mixed with SFT transitions",
}
# Metrics shown in a version's description, in this order, when the stage reports them.
KEY_METRICS = (
    "final_val_loss", "initial_val_loss", "val_tactic_acc", "greedy_tactic_acc", "val_value_mae",
    "params", "steps", "tokens_seen", "replay_rows",
)


def _states(model_input: Any) -> list[str]:
    """Proof states from whatever pyfunc hands over: a list of strings (a one-column DataFrame after
    schema enforcement, named ``state`` or not), a dict ``{"state": [...]}`` or one string."""
    if hasattr(model_input, "columns"):
        column = "state" if "state" in model_input.columns else model_input.columns[0]
        values = model_input[column].tolist()
    elif isinstance(model_input, Mapping):
        values = list(model_input["state"])
    elif isinstance(model_input, str):
        values = [model_input]
    else:
        values = list(model_input)
    bad = [type(v).__name__ for v in values if not isinstance(v, str)]
    if bad:
        raise ValueError(f"proof states must be strings; got {bad[0]}")
    return values


class ProofmillPolicy(mlflow.pyfunc.PythonModel):
    """Tactic suggestions with log-probabilities and the value head's expected proof depth per state."""

    # The signature is explicit (SIGNATURE, with a params schema); MLflow's type-hint validation would
    # replace it, and without hints it warns at class creation, so it is switched off for this class.
    _skip_type_hint_validation = True

    def load_context(self, context: mlflow.pyfunc.PythonModelContext) -> None:
        from models.tokenizer import ProofTokenizer
        from registry.checkpoint import load_checkpoint

        tokenizer_path = context.artifacts.get(TOKENIZER_ARTIFACT)
        if not tokenizer_path:
            raise mlflow.exceptions.MlflowException(
                "this proofmill model version was registered without its tokenizer; it cannot predict"
            )
        self.tokenizer = ProofTokenizer.load(tokenizer_path)
        # weights_only load + tokenizer fingerprint check (a mismatched tokenizer is refused)
        checkpoint = context.artifacts[CHECKPOINT_ARTIFACT]
        self.model, self.meta = load_checkpoint(checkpoint, tokenizer=self.tokenizer)
        self.max_prompt_len = int(self.model.config.sequence_len) - 1

    def predict(self, context: mlflow.pyfunc.PythonModelContext, model_input,
                params: dict[str, Any] | None = None) -> Any:
        import pandas as pd

        from models.sampler import Sampler, SamplingSettings

        settings = {**DEFAULT_PARAMS, **{k: v for k, v in (params or {}).items() if v is not None}}
        states = _states(model_input)
        sampling = SamplingSettings(
            num_samples=int(settings["num_samples"]), temperature=float(settings["temperature"]),
            max_new_tokens=int(settings["max_new_tokens"]), max_prompt_len=min(512, self.max_prompt_len),
        )
        sampler = Sampler(self.model, self.tokenizer, sampling, seed=int(settings["seed"]))
        # one seed per state: a state's suggestions do not depend on the other states in the request
        outs = sampler(states, seeds=[int(settings["seed"])] * len(states)) if states else []
        return pd.DataFrame({
            "tactics": [o.tactics for o in outs],
            "logprobs": [[float(x) for x in o.logprobs] for o in outs],
            "value": [float(o.value) for o in outs],
        })


def version_description(stage: str, iteration: int | None, metrics: Mapping[str, Any],
                        params: Mapping[str, Any] | None = None) -> str:
    """Markdown for a model version: stage, what it learned from, key metrics, how to load it."""
    title = f"**{stage}**" + (f" (RL iteration {iteration})" if iteration is not None else "")
    profile = (params or {}).get("profile")
    lines = [f"{title} checkpoint" + (f", `{profile}` profile" if profile else "") + "."]
    if stage in STAGE_DATA:
        lines.append(f"Trained on {STAGE_DATA[stage]}.")
    shown = []
    for key in KEY_METRICS:
        value = metrics.get(key)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, int | float) and value == value:
            shown.append(f"{key} = {value:.4g}" if isinstance(value, float) else f"{key} = {value:,}")
    if shown:
        lines.append("Key metrics: " + ", ".join(shown) + ".")
    lines.append("Load: `mlflow.pyfunc.load_model(uri).predict([proof_state])` → tactics, logprobs, value.")
    return "\n\n".join(lines)


def log_policy_model(checkpoint_path: str | os.PathLike[str],
                     tokenizer_path: str | os.PathLike[str] | None) -> mlflow.models.model.ModelInfo:
    """Log the checkpoint (+ tokenizer) as a pyfunc model in the active run; returns its ModelInfo
    (``model_uri`` is ``models:/m-…``, the source to register)."""
    artifacts = {CHECKPOINT_ARTIFACT: str(checkpoint_path)}
    if tokenizer_path is not None:
        artifacts[TOKENIZER_ARTIFACT] = str(tokenizer_path)
    with warnings.catch_warnings():
        # an input example would load the model once more at every registration; the signature is explicit
        warnings.filterwarnings("ignore", message=".*An input example was not provided")
        return _log(checkpoint_path, artifacts)


def _log(checkpoint_path: str | os.PathLike[str], artifacts: dict[str, str]) -> Any:
    import tokenizers
    import torch

    return mlflow.pyfunc.log_model(
        name=MODEL_NAME_IN_RUN,
        python_model=str(_ENTRY),
        artifacts=artifacts,
        code_paths=[str(_PACKAGE_DIR)],
        signature=SIGNATURE,
        # stated, not inferred: inference would load the model in a subprocess at every registration
        pip_requirements=[
            f"mlflow=={mlflow.__version__}",
            f"torch=={torch.__version__.split('+')[0]}",
            f"tokenizers=={tokenizers.__version__}",
            "pandas",
        ],
    )


def tag_experiment(client: mlflow.MlflowClient, experiment_id: str) -> None:
    """Make the experiment open in MLflow's model-training view (idempotent)."""
    exp = client.get_experiment(experiment_id)
    if exp.tags.get(EXPERIMENT_KIND_TAG) != EXPERIMENT_KIND:
        client.set_experiment_tag(experiment_id, EXPERIMENT_KIND_TAG, EXPERIMENT_KIND)

