"""A checkpoint's MLflow registration: register it, name it, and log evals to the run that made it.

``registered.json`` beside a checkpoint records the MLflow model version registered for it (written
after ``registry.registry.log_stage_run``, removed as stale before a new training run), so anything that
later uses the checkpoint can name the model (``model_version``) and log to its run (``log_eval``).
The training stages, the RL policy update and both evals go through these functions.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

REGISTERED_FILE = "registered.json"


def registered_file(checkpoint: str | Path) -> Path:
    return Path(checkpoint).parent / REGISTERED_FILE


def read_registered(checkpoint: str | Path) -> dict[str, Any] | None:
    """The registration record of ``checkpoint`` (model_uri, version, run_id, ...), or None."""
    path = registered_file(checkpoint)
    return json.loads(path.read_text()) if path.is_file() else None


def forget_registration(checkpoint: str | Path) -> None:
    """Drop the record before the checkpoint is rewritten: it is stale until the new one is registered."""
    registered_file(checkpoint).unlink(missing_ok=True)


def register_checkpoint(record: Any, lineage: Any, *, uri: str) -> Any:
    """Log the training run of ``record`` (a ``registry.registry.StageRecord``), register its checkpoint as
    a model version under ``lineage`` and write ``registered.json`` beside it."""
    from registry import registry

    extra: dict[str, Any] = ({"iteration": record.iteration} if record.iteration is not None
                             else {"stage": record.stage})
    # log_stage_run writes registered.json before it moves the aliases (they never disagree).
    record_path = registered_file(record.checkpoint_path)
    return registry.log_stage_run(record, lineage, uri=uri, record_path=record_path, record_extra=extra)


def model_version(checkpoint: str | Path, label: str) -> str:
    """How attempts name the model that produced them: its MLflow version when registered, else the
    label plus a content hash of the weights (so two different unregistered files never look alike)."""
    record = read_registered(checkpoint)
    if record is not None:
        return str(record["model_uri"])
    with Path(checkpoint).open("rb") as fh:
        digest = hashlib.file_digest(fh, "sha256").hexdigest()[:12]
    return f"{label}@sha256:{digest}"


def log_eval(
    checkpoint: str | Path,
    summary: Mapping[str, Any],
    uri: str,
    files: Iterable[str],
    metric_names: Mapping[str, str] | None = None,
) -> str:
    """Log an eval report's success rates (and anytime curve) and its ``files`` to the MLflow run that
    registered ``checkpoint``; returns what happened. Never raises: the report stands on its own, so a
    tracking outage must not fail the eval. ``metric_names`` renames runs in metric keys ("rl-3" → "rl")."""
    from registry import registry

    record = read_registered(checkpoint)
    if record is None:
        return f"not logged: {registered_file(checkpoint)} is missing (the checkpoint is not registered)"
    names = dict(metric_names or {})
    try:
        client = registry.client(uri)
        run_id = str(record["run_id"])
        for run, s in summary["runs"].items():
            name = names.get(run, run)
            # eval/ prefix: the UI groups these charts apart from the stage's training curves
            client.log_metric(run_id, f"eval/{name}_success_rate", float(s["success_rate"]))
            for t, rate in s["anytime_success"].items():
                client.log_metric(run_id, f"eval/{name}_success_at", float(rate), step=int(t))
            for ds, d in (s.get("datasets") or {}).items():  # per eval set: the pooled rate mixes sets
                client.log_metric(run_id, f"eval/{name}_success_rate_{ds}", float(d["success_rate"]))
        for file in files:
            client.log_artifact(run_id, file, artifact_path="eval")
    except Exception as exc:  # a tracking outage must not fail the eval
        return f"not logged: {type(exc).__name__}: {exc}"
    return f"logged to run {run_id} ({record.get('model_uri')})"
