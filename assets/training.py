"""Training assets: pretrain -> midtrain -> SFT checkpoints (group "training").

Each asset trains one stage with Lightning (``training.train.run_stage``), writes
``<home>/checkpoints/<stage>/model.pt``, logs the run to MLflow and registers the checkpoint as a new
version of the ``proofmill`` registered model (tags: stage, dagster_run_id, asset_key, tokenizer
fingerprint; the SFT version also gets the ``sft`` alias). ``registered.json`` next to the checkpoint
records that version, so downstream assets can name the model they used. Upstream artifacts are files,
so dependencies are plain asset keys (``deps``), not IO managers.
"""

# No `from __future__ import annotations`: Dagster validates the `context` annotation at definition time.
import dataclasses
from pathlib import Path
from typing import Any

import dagster as dg

from assets import keys
from assets.inline_plot import history_chart
from assets.io import mlflow_image
from assets.progress import training_progress
from assets.resources import ProofmillResource

GROUP = keys.TRAINING_GROUP
SUMMARY_METRICS = (
    "final_train_loss",
    "final_val_loss",
    "initial_val_loss",
    "val_tactic_loss",
    "val_value_loss",
    "val_tactic_acc",
    "val_first_token_acc",
    "val_value_mae",
    "greedy_tactic_acc",
    "tokens_seen",
    "steps",
    "train_seconds",
)


@dataclasses.dataclass(frozen=True)
class StageSpec:
    stage: str
    asset: str  # asset key of the checkpoint
    corpus: str  # asset key (and file name) of the training data
    previous: str | None  # stage whose checkpoint this one starts from
    description: str
    aliases: tuple[str, ...] = ()


SPECS = {
    "pretrain": StageSpec(
        "pretrain",
        keys.PRETRAIN_CHECKPOINT,
        keys.PRETRAIN_CORPUS,
        None,
        "A fresh GPT (profile's preset) trained on best-fit packed pretrain text (alias `pretrain`).",
        aliases=("pretrain",),
    ),
    "midtrain": StageSpec(
        "midtrain",
        keys.MIDTRAIN_CHECKPOINT,
        keys.MIDTRAIN_CORPUS,
        "pretrain",
        "The pretrain checkpoint trained further on a plain stream of Lean code (alias `midtrain`).",
        aliases=("midtrain",),
    ),
    "sft": StageSpec(
        "sft",
        keys.SFT_CHECKPOINT,
        keys.SFT_TRANSITIONS,
        "midtrain",
        "The midtrain checkpoint fine-tuned on state -> tactic and state -> value rows (alias `sft`).",
        aliases=("sft",),
    ),
}


def train_stage(
    context: dg.AssetExecutionContext, proofmill: ProofmillResource, stage: str
) -> dg.MaterializeResult:
    """Train ``stage`` from the previous stage's checkpoint (pretrain: a fresh model) and register it."""
    from registry.registry import Lineage
    from training.stages import StageFiles, train_and_register

    spec, profile = SPECS[stage], proofmill.settings
    settings, compute = getattr(profile, stage), profile.compute
    init = None
    if spec.previous is not None:
        init = proofmill.require(proofmill.checkpoint_path(spec.previous), SPECS[spec.previous].asset)
    context.log.info(
        f"{stage}: {compute.model} model, {settings.max_steps} steps x {settings.batch_size} rows "
        f"x {settings.accumulate_grad_batches} accumulation, seq {settings.seq_len}, from {init or 'scratch'}"
    )
    files = StageFiles(proofmill.require(proofmill.corpus_path(spec.corpus), spec.corpus),
                       proofmill.require(proofmill.tokenizer_path(), keys.TOKENIZER), init,
                       proofmill.checkpoint_path(stage))
    lineage = Lineage(context.run.run_id, context.asset_key.to_user_string(), tuple(spec.aliases))
    epochs = getattr(settings, "epochs", None)
    result, version = train_and_register(
        stage, files, profile, lineage, tracking_uri=proofmill.tracking_uri,
        logger=training_progress(context.log, stage, settings.max_steps if epochs is None else None),
    )
    metrics = result.metrics
    context.log.info(f"{stage}: registered {version.model_uri} ({version.link}); metrics {metrics}")
    return dg.MaterializeResult(metadata=_stage_metadata(spec, result, version))


def _stage_metadata(spec: StageSpec, result: Any, version: Any) -> dict[str, Any]:
    metrics = result.metrics
    md: dict[str, Any] = {
        "path": dg.MetadataValue.path(str(result.checkpoint_path)),
        "parameters": dg.MetadataValue.int(int(metrics["params"])),
        "model": dg.MetadataValue.json(result.model_config),
        "model_uri": dg.MetadataValue.text(version.model_uri),
        "mlflow_version": dg.MetadataValue.int(version.version),
        "mlflow_run_id": dg.MetadataValue.text(version.run_id),
        "mlflow": dg.MetadataValue.url(version.link),
        "mlflow_run": dg.MetadataValue.url(version.run_link),
        "aliases": dg.MetadataValue.text(", ".join(spec.aliases) or "-"),
    }
    for key in SUMMARY_METRICS:
        value = metrics.get(key)
        if value is not None and value == value:  # skip NaN
            md[key] = dg.MetadataValue.float(round(float(value), 6))
    if result.loss_curve_path is not None:
        md["loss_curve"] = mlflow_image(version.run_id, f"plots/{Path(result.loss_curve_path).name}",
                                        "loss curve", result.loss_curve_path)
        md["loss_curve_path"] = dg.MetadataValue.path(str(result.loss_curve_path))
    if (chart := history_chart(result.history or {})) is not None:  # in place, without MLflow running
        md["loss_chart"] = chart
    return md


def stage_asset(spec: StageSpec) -> dg.AssetsDefinition:
    """The checkpoint asset of one training stage: depends on its corpus, the tokenizer and the previous
    stage's checkpoint."""
    deps = [keys.key(spec.corpus), keys.key(keys.TOKENIZER)]
    if spec.previous is not None:
        deps.insert(0, keys.key(SPECS[spec.previous].asset))

    @dg.asset(
        name=spec.asset,
        group_name=GROUP,
        deps=deps,
        kinds={"pytorch", "mlflow"},
        description=spec.description,
    )
    def _train(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
        return train_stage(context, proofmill, spec.stage)

    return _train


def _check_stage(proofmill: ProofmillResource, stage: str) -> dg.AssetCheckResult:
    """The checkpoint loads with the current tokenizer and the stage lowered its validation loss."""
    from models.tokenizer import ProofTokenizer
    from registry.checkpoint import CheckpointError, load_checkpoint

    try:
        tokenizer = ProofTokenizer.load(proofmill.tokenizer_path())
        _, meta = load_checkpoint(proofmill.checkpoint_path(stage), tokenizer=tokenizer)
    except (CheckpointError, OSError, ValueError) as exc:
        return dg.AssetCheckResult(passed=False, metadata={"error": dg.MetadataValue.text(str(exc))})
    m = meta.get("metrics", {})
    before, after = m.get("initial_val_loss"), m.get("val_loss")
    passed = before is not None and after is not None and after < before
    return dg.AssetCheckResult(
        passed=passed,
        metadata={
            "initial_val_loss": float(before if before is not None else float("nan")),
            "val_loss": float(after if after is not None else float("nan")),
        },
    )


def stage_check(asset: dg.AssetsDefinition, stage: str) -> dg.AssetChecksDefinition:
    @dg.asset_check(asset=asset, name="loads_and_learned", description=_check_stage.__doc__)
    def _check(proofmill: ProofmillResource) -> dg.AssetCheckResult:
        return _check_stage(proofmill, stage)

    return _check


pretrain_checkpoint = stage_asset(SPECS["pretrain"])
midtrain_checkpoint = stage_asset(SPECS["midtrain"])
sft_checkpoint = stage_asset(SPECS["sft"])
pretrain_checkpoint_check = stage_check(pretrain_checkpoint, "pretrain")
midtrain_checkpoint_check = stage_check(midtrain_checkpoint, "midtrain")
sft_checkpoint_check = stage_check(sft_checkpoint, "sft")
