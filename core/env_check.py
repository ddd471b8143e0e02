"""The environment variables proofmill reads, checked up front: a bad one is refused in one line naming
the variable, before a run starts (not as a traceback from the step that first reads it).

``check_environment()`` raises ``ValueError`` for the first bad variable; the command lines call it
before they do anything, the Dagster resource when it is set up for a run.
"""

from __future__ import annotations

import os
from pathlib import Path

from core.paths import HOME_ENV, servers_from_env
from core.profiles import PROFILE_ENV, PROFILES

EXECUTORS = ("multiprocess", "in_process", "k8s", "celery")
# MLflow stores a tracking URI may name (a plain path is taken as a local folder by MLflow: refused
# here, because proofmill's store is sqlite and a typo would silently start a second, empty store)
TRACKING_SCHEMES = ("sqlite", "file", "http", "https", "postgresql", "mysql", "mssql", "databricks")


def _positive_int(name: str) -> None:
    text = os.environ.get(name)
    if text is None:
        return
    try:
        ok = int(text) >= 1
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"${name}={text!r}: must be an integer >= 1")


def _home(name: str) -> None:
    text = os.environ.get(name)
    if not text:
        return
    path = Path(text).expanduser()
    if path.exists() and not path.is_dir():
        raise ValueError(f"${name}={text}: is a file, not a folder")
    existing = next((p for p in [path, *path.parents] if p.exists()), None)
    if existing is None or not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise ValueError(f"${name}={text}: cannot be created or written "
                         f"({existing} is not a writable folder)")


def _tracking_uri() -> None:
    uri = os.environ.get("MLFLOW_TRACKING_URI")
    if not uri:
        return
    scheme = uri.split(":", 1)[0].split("+", 1)[0] if "://" in uri or uri.startswith("sqlite:") else ""
    if scheme not in TRACKING_SCHEMES:
        raise ValueError(f"$MLFLOW_TRACKING_URI={uri!r}: not a tracking URI; use e.g. "
                         f"sqlite:////abs/path/mlflow.db (schemes: {', '.join(TRACKING_SCHEMES)})")
    if scheme == "sqlite":
        db = Path(uri.removeprefix("sqlite:///"))
        if db.exists() and db.is_dir():
            raise ValueError(f"$MLFLOW_TRACKING_URI={uri}: {db} is a folder, not an sqlite file")


def _url(name: str) -> None:
    text = os.environ.get(name)
    if text and not text.startswith(("http://", "https://")):
        raise ValueError(f"${name}={text!r}: must be an http(s):// URL")


def check_environment() -> None:
    """Refuse the first malformed proofmill environment variable (ValueError, one line)."""
    profile = os.environ.get(PROFILE_ENV)
    if profile is not None and profile not in PROFILES:
        raise ValueError(f"${PROFILE_ENV}={profile!r}: unknown profile; choose one of {sorted(PROFILES)}")
    executor = os.environ.get("PROOFMILL_EXECUTOR")
    if executor is not None and executor not in EXECUTORS:
        raise ValueError(f"$PROOFMILL_EXECUTOR={executor!r}: choose one of {', '.join(EXECUTORS)}")
    _positive_int("PROOFMILL_MAX_CONCURRENT")
    servers_from_env()  # raises on a malformed entry
    for name in (HOME_ENV, "DAGSTER_HOME", "PROOFMILL_MLFLOW_ARTIFACTS"):
        _home(name)
    _tracking_uri()
    _url("PROOFMILL_MLFLOW_UI")
