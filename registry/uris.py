"""Where the MLflow store is and what a ``models:/`` URI points at.

Kept apart from ``registry.registry`` (which logs and registers) so that loading a checkpoint by URI
needs only this module: ``registry.checkpoint`` imports it, and nothing here imports back.
"""

from __future__ import annotations

import os

# Before mlflow is imported anywhere in this process: no usage telemetry from a research pipeline.
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")

import re
from pathlib import Path
from typing import Any

import mlflow
from mlflow import MlflowClient
from mlflow.exceptions import MlflowException

REPO_ROOT = Path(__file__).resolve().parent.parent
CHECKPOINT_ARTIFACT = "checkpoint"  # the pyfunc model's artifact that holds the checkpoint file
_MODELS_URI = re.compile(r"^models:/(?P<name>[^/@]+)(?:@(?P<alias>[^/]+)|/(?P<version>\d+))$")


def tracking_uri(uri: str | None = None) -> str:
    default = f"sqlite:///{REPO_ROOT / 'dagster_home' / 'mlflow.db'}"
    return uri or os.environ.get("MLFLOW_TRACKING_URI") or default


def client(uri: str | None = None) -> MlflowClient:
    """A client bound to the resolved store; also makes it the process default for fluent calls."""
    uri = tracking_uri(uri)
    if uri.startswith("sqlite:///"):
        Path(uri.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    mlflow.set_tracking_uri(uri)
    mlflow.set_registry_uri(uri)
    return MlflowClient(tracking_uri=uri, registry_uri=uri)


def model_version(model_uri: str, uri: str | None = None) -> Any:
    """The MLflow ``ModelVersion`` behind ``models:/name@alias`` or ``models:/name/<version>``."""
    m = _MODELS_URI.match(model_uri)
    if m is None:
        raise ValueError(
            f"not a model registry URI: {model_uri!r} (expected models:/NAME@ALIAS or models:/NAME/N)"
        )
    c = client(uri)
    try:
        if m["alias"]:
            return c.get_model_version_by_alias(m["name"], m["alias"])
        return c.get_model_version(m["name"], m["version"])
    except MlflowException as exc:
        raise LookupError(f"{model_uri} not found in the MLflow registry at {c.tracking_uri}: {exc}") from exc


def checkpoint_in(model_dir: str | os.PathLike[str]) -> Path:
    """The checkpoint file inside a downloaded pyfunc model directory (``artifacts/<file>``)."""
    from mlflow.models import Model

    root = Path(model_dir)
    conf = Model.load(root / "MLmodel").flavors["python_function"]
    artifacts = conf.get("artifacts", {})
    if CHECKPOINT_ARTIFACT not in artifacts:
        raise LookupError(f"{root} is an MLflow model without a proofmill checkpoint artifact")
    return root / artifacts[CHECKPOINT_ARTIFACT]["path"]


def resolve_model_uri(
    model_uri: str, uri: str | None = None, dst_dir: str | os.PathLike[str] | None = None
) -> Path:
    """Local path of the checkpoint file behind a registry URI (downloaded if the store is remote)."""
    mv = model_version(model_uri, uri)
    local = Path(mlflow.artifacts.download_artifacts(
        artifact_uri=mv.source, dst_path=str(dst_dir) if dst_dir else None, tracking_uri=tracking_uri(uri)
    ))
    return checkpoint_in(local) if (local / "MLmodel").is_file() else local
