"""Default locations, read from the environment: the artifact root, the MLflow store, the Lean servers.

The Dagster resource (``assets.resources.ProofmillResource``) and the command lines (``pipelines.cli``,
``search.cli``) all resolve them here, so one variable moves a thing for every entry point.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
HOME_ENV = "PROOFMILL_HOME"
SERVERS_ENV = "PROOFMILL_LEAN_SERVERS"


def default_home() -> Path:
    """Root of all generated artifacts: $PROOFMILL_HOME or <repo>/artifacts."""
    return Path(os.environ.get(HOME_ENV) or REPO_ROOT / "artifacts").resolve()


def default_mlflow_uri() -> str:
    """MLflow tracking store: $MLFLOW_TRACKING_URI or an sqlite file inside dagster_home/."""
    return os.environ.get("MLFLOW_TRACKING_URI") or f"sqlite:///{REPO_ROOT / 'dagster_home' / 'mlflow.db'}"


def servers_from_env() -> list[str]:
    """LeanTree servers named by $PROOFMILL_LEAN_SERVERS (comma list); empty when unset. A malformed entry
    is a ValueError naming the variable (not a connection error deep in a run)."""
    from core.profiles import _server_ok

    servers = [s.strip() for s in os.environ.get(SERVERS_ENV, "").split(",") if s.strip()]
    bad = [s for s in servers if not _server_ok(s)]
    if bad:
        raise ValueError(f"{SERVERS_ENV}: {bad[0]!r} is not host:port (port 1..65535); "
                         "give a comma list like 127.0.0.1:8000,127.0.0.1:8001")
    return servers
