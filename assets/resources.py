"""The Dagster resource every asset takes: the profile, where artifacts land, MLflow, the Lean servers.

Assets take `proofmill: ProofmillResource` and read paths and settings from it; nothing else decides
where files go, so a user moves every artifact by setting one variable (`PROOFMILL_HOME`). The defaults
come from ``core.paths`` and ``core.profiles`` (below every package), so the command lines agree.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import dagster as dg

from assets.keys import BENCHMARKS, SFT_CHECKPOINT
from core.paths import default_home, default_mlflow_uri, servers_from_env
from core.profiles import PROFILE_ENV, Profile, get_profile


class ProofmillResource(dg.ConfigurableResource):
    """Profile + artifact locations. Every field can be set in run config or from the environment."""

    profile: str = os.environ.get(PROFILE_ENV, "smoke")  # read when the code location loads
    home: str = ""  # empty: default_home()
    mlflow_tracking_uri: str = ""  # empty: default_mlflow_uri()
    lean_servers: list[str] = []  # noqa: RUF012 -- pydantic copies defaults; empty = minilean on loopback

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        """Refuse a bad run config (profile, Lean servers) or environment variable before any step works:
        one line naming it, not a failure deep in the first step that reads it."""
        from core.env_check import check_environment
        from core.profiles import _server_ok

        check_environment()
        get_profile(self.profile)
        bad = [s for s in self.lean_servers if not _server_ok(s)]
        if bad:
            raise ValueError(f"proofmill resource lean_servers: {bad[0]!r} is not host:port (port 1..65535)")

    # --- settings -------------------------------------------------------------------------------
    @property
    def settings(self) -> Profile:
        return get_profile(self.profile)

    @property
    def servers(self) -> list[str]:
        """LeanTree servers: run config, else $PROOFMILL_LEAN_SERVERS (comma list), else the profile."""
        if self.lean_servers:
            return list(self.lean_servers)
        return servers_from_env() or list(self.settings.lean.servers)

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

    def search_config(
        self, seed: int, num_simulations: int | None = None, concurrency: int | None = None
    ) -> Any:
        """The profile's search settings with this seed, and a run config's simulation budget and
        concurrency where it sets them."""
        extra = {k: v for k, v in (("num_simulations", num_simulations), ("concurrency", concurrency))
                 if v is not None}
        return self.settings.search.replace(seed=seed, **extra)

    def rl_policy_names(self) -> list[str]:
        """``rl/iteration=K`` for every RL policy on disk, in iteration order."""
        found = self.checkpoint_path("rl").parent.glob("iteration=*/model.pt")
        return [f"rl/{p.parent.name}" for p in sorted(found, key=lambda p: int(p.parent.name.split("=")[1]))]

    def resolve_checkpoints(self, names: Sequence[str]) -> dict[str, tuple[Any, str]]:
        """name -> (checkpoint, label) for "sft", "rl/iteration=K" (files on disk; a missing one is a
        clear failure) or ``models:/proofmill@alias`` / ``models:/proofmill/N`` (resolved in MLflow)."""
        out: dict[str, tuple[Any, str]] = {}
        for name in names:
            if name.startswith("models:/"):
                from registry.registry import resolve_model_uri

                try:
                    out[name] = (resolve_model_uri(name, self.tracking_uri), name)
                except (LookupError, ValueError) as exc:
                    raise dg.Failure(f"cannot resolve {name}: {exc}") from exc
            else:
                asset = SFT_CHECKPOINT if name == "sft" else f"the {name} policy"
                out[name] = (self.require(self.checkpoint_path(name), asset), name)
        return out

    def require(self, path: Path, asset: str) -> Path:
        """``path`` if it exists, else a clear failure naming the upstream asset to materialize."""
        if not path.is_file():
            raise dg.Failure(f"{path} does not exist; materialize {asset} first")
        return path

    def statements(
        self, corpus: str, split: str, datasets: Sequence[str] | None = None, limit: int | None = None
    ) -> list[dict[str, Any]]:
        """Statement rows of one split of a statements corpus (asset ``corpus``), sorted by (dataset, id)."""
        from search.batch import read_statements

        path = self.require(self.corpus_path(corpus), corpus)
        try:
            return read_statements(path, split, datasets, limit)
        except ValueError as exc:
            raise dg.Failure(str(exc)) from exc

    def eval_statements(self, limit: int | None = None) -> list[dict[str, Any]]:
        """The profile's eval split of the benchmark statements (the first ``limit``, if given)."""
        settings = self.settings
        return self.statements(BENCHMARKS, settings.eval_split, settings.eval_benchmarks, limit)

    def duckdb_path(self) -> Path:
        return self.path("proofmill.duckdb")
