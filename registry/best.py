"""The MLflow ``best`` alias: the best evaluated policy (SFT or an RL policy), for eval and rollouts.

``point_best_at`` moves the alias to a registered model version (``models:/proofmill/N``);
``best_checkpoint`` resolves it back to a local checkpoint file. Which version is best is decided by
the evals (``evals.learning_curve.best_point``); this module only talks to the registry.
"""

from __future__ import annotations

import re
from pathlib import Path

BEST_URI = "models:/proofmill@best"
_VERSION_URI = re.compile(r"^models:/(?P<name>[^/@]+)/(?P<version>\d+)$")


def point_best_at(model_uri: str, tracking_uri: str, alias: str | None = None) -> str:
    """Move ``best`` (or ``alias``, e.g. the eval sweep's ``best-<benchmark>``) to ``model_uri``
    (``models:/NAME/N``); returns what happened (never raises for a tracking outage: the eval report
    stands on its own)."""
    from registry import registry

    alias = alias or registry.ALIAS_BEST
    m = _VERSION_URI.match(model_uri or "")
    if m is None:
        return f"not moved: {model_uri!r} is not a registered model version"
    try:
        current = registry.model_version(f"models:/{m['name']}@{alias}", tracking_uri)
        if str(current.version) == m["version"]:
            return f"unchanged: {alias} = {model_uri}"
    except LookupError:
        pass
    try:
        registry.set_alias(alias, int(m["version"]), model_name=m["name"], uri=tracking_uri)
    except Exception as exc:  # a tracking outage must not fail the eval
        return f"not moved: {type(exc).__name__}: {exc}"
    return f"moved: {alias} = {model_uri}"


def best_checkpoint(tracking_uri: str) -> tuple[Path, str] | None:
    """(local checkpoint file, models:/proofmill/N) behind the ``best`` alias, or None when unset."""
    from registry import registry

    try:
        mv = registry.model_version(BEST_URI, tracking_uri)
        path = registry.resolve_model_uri(BEST_URI, tracking_uri)
    except LookupError:
        return None
    return path, f"models:/{registry.MODEL_NAME}/{mv.version}"
