"""Dagster resources: the profile, where artifacts land, MLflow, and the Lean servers.

Assets take `proofmill: ProofmillResource` and read paths and settings from it; nothing else decides
where files go, so a user moves every artifact by setting one variable (`PROOFMILL_HOME`).
"""

from __future__ import annotations

import os
from pathlib import Path

import dagster as dg

from pipelines.profiles import Profile, get_profile

REPO_ROOT = Path(__file__).resolve().parent.parent


def default_home() -> Path:
    """Root of all generated artifacts: $PROOFMILL_HOME or <repo>/artifacts."""
    return Path(os.environ.get("PROOFMILL_HOME") or REPO_ROOT / "artifacts").resolve()


def default_mlflow_uri() -> str:
    """MLflow tracking store: $MLFLOW_TRACKING_URI or an sqlite file inside dagster_home/."""
    return os.environ.get("MLFLOW_TRACKING_URI") or f"sqlite:///{REPO_ROOT / 'dagster_home' / 'mlflow.db'}"


class ProofmillResource(dg.ConfigurableResource):
    """Profile + artifact locations. Every field can be set in run config or from the environment."""

    profile: str = os.environ.get("PROOFMILL_PROFILE", "smoke")  # read when the code location loads
    home: str = ""  # empty: default_home()
    mlflow_tracking_uri: str = ""  # empty: default_mlflow_uri()
    lean_servers: list[str] = []  # noqa: RUF012 -- pydantic copies defaults; empty = minilean on loopback

    # --- settings -------------------------------------------------------------------------------
    @property
    def settings(self) -> Profile:
        return get_profile(self.profile)

    @property
    def servers(self) -> list[str]:
        """LeanTree servers: run config, else $PROOFMILL_LEAN_SERVERS (comma list), else the profile."""
        if self.lean_servers:
            return list(self.lean_servers)
        env = os.environ.get("PROOFMILL_LEAN_SERVERS", "").strip()
        if env:
            return [s.strip() for s in env.split(",") if s.strip()]
        return list(self.settings.lean.servers)

    @property
    def tracking_uri(self) -> str:
        return self.mlflow_tracking_uri or default_mlflow_uri()

    # --- paths ------------------------------------------------------------------------------------
    @property
    def root(self) -> Path:
        return Path(self.home).resolve() if self.home else default_home()

    def path(self, *parts: str) -> Path:
        """A path under the artifact root; parent directories are created."""
        p = self.root.joinpath(*parts)
        p.parent.mkdir(parents=True, exist_ok=True)
        return p

    def corpus_path(self, name: str) -> Path:
        return self.path("corpora", f"{name}.parquet")

    def tokenizer_path(self) -> Path:
        return self.path("tokenizer", "tokenizer.json")

    def checkpoint_path(self, stage: str) -> Path:
        return self.path("checkpoints", stage, "model.pt")

    def rl_dir(self, kind: str, iteration: int) -> Path:
        """replay / attempts / rejected / policy directory of one RL iteration (hive-style partition)."""
        d = self.root / "rl" / kind / f"iteration={iteration}"
        d.mkdir(parents=True, exist_ok=True)
        return d

    def eval_dir(self, name: str) -> Path:
        d = self.root / "eval" / name
        d.mkdir(parents=True, exist_ok=True)
        return d

    def duckdb_path(self) -> Path:
        return self.path("proofmill.duckdb")
