"""MLflow tracking + model registry for proofmill checkpoints.

Every trained checkpoint (pretrain, midtrain, SFT, each RL policy) becomes a version of ONE registered
model, ``proofmill``, tagged with its stage, RL iteration, Dagster run id, asset key and tokenizer
fingerprint. Aliases name the interesting versions: ``sft`` (latest SFT model), ``rl-latest``, ``best``.

Each version is an MLflow pyfunc model (``registry.mlflow_model``: checkpoint + tokenizer + signature,
logged from code, nothing pickled), so ``mlflow.pyfunc.load_model("models:/proofmill@sft")`` predicts
tactics and ``mlflow models serve`` serves them. We deliberately do not use ``mlflow.pytorch.log_model``:
it pickles the module and is slow for big models.

Where things live (first match wins):
- tracking store: explicit ``tracking_uri`` argument, ``$MLFLOW_TRACKING_URI``,
  ``sqlite:///<repo>/dagster_home/mlflow.db``;
- artifacts of the ``proofmill`` experiment: explicit ``artifact_root``, ``$PROOFMILL_MLFLOW_ARTIFACTS``,
  ``mlartifacts/`` next to an sqlite database file, ``<repo>/dagster_home/mlartifacts``.
Re-runs replace, never append: before logging, RUNNING runs of the same (stage, iteration) left by a
killed process are closed as FAILED (tag ``closed_reason``); after the new version is registered, older
versions of the same (stage, iteration) are deleted (the new version's tag ``supersedes`` and the old
runs' tags ``superseded_by``/``superseded_reason`` say which and why), so at most one READY version exists
per (stage, iteration). Order: version registered -> ``registered.json`` (``record_path``) written
atomically -> aliases moved -> superseded versions deleted; a crash at any point leaves every alias on a
version whose ``registered.json`` names it.

The UI (``mlflow ui --backend-store-uri <tracking uri>``) is assumed at ``$PROOFMILL_MLFLOW_UI``
(default ``http://127.0.0.1:5000``) when building links.
"""

from __future__ import annotations

import dataclasses
import json
import os

# Before mlflow is imported anywhere in this process: no usage telemetry from a research pipeline.
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mlflow
from mlflow import MlflowClient
from mlflow.exceptions import MlflowException

from core.atomic import atomic_write_text
from registry import mlflow_model
from registry.uris import (  # noqa: F401  (re-exported: part of the registry API)
    REPO_ROOT,
    client,
    model_version,
    resolve_model_uri,
    tracking_uri,
)

MODEL_NAME = "proofmill"
EXPERIMENT_NAME = "proofmill"
CHECKPOINT_ARTIFACT_DIR = "checkpoint"
ALIAS_SFT = "sft"
ALIAS_RL_LATEST = "rl-latest"
ALIAS_BEST = "best"


@dataclass(frozen=True)
class RegisteredVersion:
    run_id: str
    version: int
    model_uri: str  # models:/proofmill/<version>
    link: str  # UI link to the model version
    run_link: str  # UI link to the run


def artifact_root(uri: str | None = None, root: str | os.PathLike[str] | None = None) -> str:
    """Artifact location (a URI) for the proofmill experiment of tracking store ``uri``."""
    explicit = root or os.environ.get("PROOFMILL_MLFLOW_ARTIFACTS")
    if explicit:
        explicit = str(explicit)
        return explicit if "://" in explicit else Path(explicit).resolve().as_uri()
    uri = tracking_uri(uri)
    if uri.startswith("sqlite:///"):
        db = Path(uri.removeprefix("sqlite:///"))
        if not db.is_absolute():  # sqlite:///rel/path.db is relative to the cwd
            db = db.resolve()
        return (db.parent / "mlartifacts").as_uri()
    return (REPO_ROOT / "dagster_home" / "mlartifacts").as_uri()


def ui_base() -> str:
    return os.environ.get("PROOFMILL_MLFLOW_UI", "http://127.0.0.1:5000").rstrip("/")


def experiment_id(c: MlflowClient, name: str = EXPERIMENT_NAME, root: str | None = None) -> str:
    """The experiment's id, created (artifacts next to the store, never ./mlruns) when missing; tagged so
    the MLflow UI opens it in the model-training view whoever logs to it first (an eval or the learning
    curve may come before any training run)."""
    exp = c.get_experiment_by_name(name)
    if exp is None:
        location = f"{artifact_root(c.tracking_uri, root).rstrip('/')}/{name}"
        try:
            exp_id = c.create_experiment(
                name, artifact_location=location,
                tags={mlflow_model.EXPERIMENT_KIND_TAG: mlflow_model.EXPERIMENT_KIND})
        except MlflowException:  # created concurrently by another process
            exp = c.get_experiment_by_name(name)
            if exp is None:
                raise
            exp_id = exp.experiment_id
    else:
        exp_id = exp.experiment_id
    mlflow_model.tag_experiment(c, exp_id)
    return exp_id


def _ensure_registered_model(c: MlflowClient, name: str) -> None:
    try:
        c.get_registered_model(name)
    except MlflowException:
        try:
            c.create_registered_model(
                name, description="proofmill policy/value GPT checkpoints (all stages, one lineage)"
            )
        except MlflowException:  # created concurrently
            c.get_registered_model(name)


def _flat_params(params: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested dicts (profile sections) -> dotted keys; values as strings (MLflow caps them at 6000 chars)."""
    out: dict[str, str] = {}
    for key, value in params.items():
        full = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flat_params(value, f"{full}."))
        else:
            out[full] = str(value)[:6000]
    return out


def _stage_filter(stage: str, iteration: int | None) -> str:
    f = f"tags.stage = '{stage}'"
    return f + (f" AND tags.iteration = '{iteration}'" if iteration is not None else "")


def _same_stage(tags: Mapping[str, str], stage: str, iteration: int | None) -> bool:
    return tags.get("stage") == stage and tags.get("iteration") == (
        str(iteration) if iteration is not None else None
    )


def close_stale_runs(
    c: MlflowClient, exp_id: str, stage: str, iteration: int | None, reason: str
) -> list[str]:
    """Close RUNNING runs of (stage, iteration) as FAILED: their process died (a live one would be a second
    concurrent materialization of the same partition, which Dagster does not start). Returns their ids."""
    stale = c.search_runs(
        [exp_id], filter_string=f"{_stage_filter(stage, iteration)} AND attributes.status = 'RUNNING'"
    )
    closed = []
    for run in stale:
        if not _same_stage(run.data.tags, stage, iteration):
            continue
        c.set_tag(run.info.run_id, "closed_reason", reason)
        c.set_terminated(run.info.run_id, status="FAILED")
        closed.append(run.info.run_id)
    return closed


def versions_of(
    c: MlflowClient, stage: str, iteration: int | None, model_name: str = MODEL_NAME
) -> list[Any]:
    """Every registered version of (stage, iteration), oldest first."""
    try:
        found = c.search_model_versions(f"name = '{model_name}'")
    except MlflowException:
        return []
    return sorted(
        (mv for mv in found if _same_stage(mv.tags, stage, iteration)), key=lambda mv: int(mv.version)
    )


def _write_record(path: Path, record: Mapping[str, Any]) -> None:
    """registered.json, atomically."""
    atomic_write_text(path, json.dumps(dict(record), indent=2) + "\n")


@dataclass(frozen=True)
class StageRecord:
    """What one training run produced, as its MLflow run records it."""

    stage: str  # pretrain, midtrain, sft or rl
    checkpoint_path: str | os.PathLike[str]  # the weights the version packs
    tokenizer_fingerprint: str  # tagged on the version: a checkpoint only loads with its tokenizer
    metrics: Mapping[str, float | int | None] = dataclasses.field(default_factory=dict)  # NaN/None skipped
    params: Mapping[str, Any] | None = None  # nested settings, flattened to dotted MLflow params
    loss_curve: str | os.PathLike[str] | None = None  # a plot logged under plots/
    history: Mapping[str, Iterable[tuple[int, float]]] | None = None  # metric -> (step, value) pairs
    tokenizer_path: str | os.PathLike[str] | None = None  # packed into the pyfunc model so it can predict
    iteration: int | None = None  # RL iteration (None: a foundation stage)
    started_at: float | None = None  # epoch seconds when training began: the MLflow run's start


@dataclass(frozen=True)
class Lineage:
    """Who made a version and what it is called."""

    dagster_run_id: str | None = None  # tagged on the run and the version
    asset_key: str | None = None  # tagged on the run and the version
    aliases: tuple[str, ...] = ()  # moved to the new version (e.g. ("sft",) after SFT)


def log_stage_run(
    record: StageRecord,
    lineage: Lineage = Lineage(),
    *,
    model_name: str = MODEL_NAME,
    uri: str | None = None,
    artifacts_root: str | None = None,
    record_path: str | os.PathLike[str] | None = None,
    record_extra: Mapping[str, Any] | None = None,
) -> RegisteredVersion:
    """Log one training stage as an MLflow run and register its checkpoint as a model version.

    ``record_path``: where to write ``registered.json`` (model_uri, version, run_id + ``record_extra``)
    before the aliases move. A re-run of the same (stage, iteration) replaces the earlier version (see the
    module doc).
    The run starts at ``record.started_at`` (taken before training) when given, so its duration in the UI
    is the training's; metric names get the stage as a prefix (``sft/train_loss``) so the UI groups each
    stage's charts.
    """
    stage, iteration, metrics, params = record.stage, record.iteration, record.metrics, record.params
    dagster_run_id, asset_key, aliases = lineage.dagster_run_id, lineage.asset_key, lineage.aliases
    tokenizer_fingerprint = record.tokenizer_fingerprint
    c = client(uri)
    exp_id = experiment_id(c, root=artifacts_root)
    close_stale_runs(c, exp_id, stage, iteration, "its process died before the run ended (closed by re-run)")
    tags = {
        "stage": stage,
        "tokenizer_fingerprint": tokenizer_fingerprint,
        **({"iteration": str(iteration)} if iteration is not None else {}),
        **({"dagster_run_id": dagster_run_id} if dagster_run_id else {}),
        **({"asset_key": asset_key} if asset_key else {}),
    }
    run_name = f"{stage}" if iteration is None else f"{stage}-{iteration}"
    created = c.create_run(
        exp_id, run_name=run_name, tags=tags,
        start_time=int(1000 * record.started_at) if record.started_at is not None else None,
    )
    with mlflow.start_run(run_id=created.info.run_id) as run:
        if params:
            mlflow.log_params(_flat_params(params))
        clean = {f"{stage}/{k}": float(v) for k, v in metrics.items()
                 if isinstance(v, int | float) and v == v}
        if clean:
            mlflow.log_metrics(clean)
        for name, points in (record.history or {}).items():
            for step, value in points:
                mlflow.log_metric(f"{stage}/{name}", float(value), step=int(step))
        if record.loss_curve is not None:
            mlflow.log_artifact(str(record.loss_curve), artifact_path="plots")
        # the version is an MLflow pyfunc model (checkpoint + tokenizer + signature): registry.mlflow_model
        logged = mlflow_model.log_policy_model(record.checkpoint_path, record.tokenizer_path)
        run_id = run.info.run_id
    _ensure_registered_model(c, model_name)
    run_link = f"{ui_base()}/#/experiments/{exp_id}/runs/{run_id}"
    older = versions_of(c, stage, iteration, model_name)
    mv = c.create_model_version(
        model_name, logged.model_uri, run_id=run_id, tags=tags, model_id=logged.model_id,
        description=mlflow_model.version_description(stage, iteration, metrics, params),
    )  # no explicit run_link: the UI links the run itself (an explicit one overlapped the aliases field)
    _link_logged_model(c, logged.model_id, model_name, mv.version)
    result = RegisteredVersion(
        run_id=run_id,
        version=int(mv.version),
        model_uri=f"models:/{model_name}/{mv.version}",
        link=f"{ui_base()}/#/models/{model_name}/versions/{mv.version}",
        run_link=run_link,
    )
    if record_path is not None:
        _write_record(
            Path(record_path),
            {"model_uri": result.model_uri, "version": result.version, "run_id": run_id,
             **(record_extra or {})},
        )
    # Aliases held by a version being replaced follow the replacement.
    held = {a for v in older for a in (getattr(v, "aliases", None) or [])}
    for alias in dict.fromkeys([*aliases, *sorted(held)]):
        c.set_registered_model_alias(model_name, alias, mv.version)
    if older:
        why = f"re-run of stage {stage}" + (f" iteration {iteration}" if iteration is not None else "")
        c.set_model_version_tag(model_name, mv.version, "supersedes", ",".join(str(v.version) for v in older))
        c.set_model_version_tag(model_name, mv.version, "supersede_reason", why)
        for v in older:
            if v.run_id:
                c.set_tag(v.run_id, "superseded_by", f"{model_name}/{mv.version}")
                c.set_tag(v.run_id, "superseded_reason", why)
            c.delete_model_version(model_name, v.version)
    return result


def _link_logged_model(c: MlflowClient, model_id: str | None, model_name: str, version: str) -> None:
    """Record the version on its logged model (tag ``mlflow.modelVersions``), as ``mlflow.register_model``
    does: the logged model's page in the UI then shows the registered version it became."""
    if not model_id:
        return
    from mlflow.utils.mlflow_tags import MLFLOW_MODEL_VERSIONS

    tags = c.get_logged_model(model_id).tags
    versions = json.loads(tags.get(MLFLOW_MODEL_VERSIONS, "[]"))
    versions.append({"name": model_name, "version": str(version)})
    c.set_logged_model_tags(model_id, {MLFLOW_MODEL_VERSIONS: json.dumps(versions)})


def set_alias(alias: str, version: int, model_name: str = MODEL_NAME, uri: str | None = None) -> None:
    client(uri).set_registered_model_alias(model_name, alias, str(version))


