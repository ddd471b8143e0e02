"""Compute/data profiles: plain frozen dataclasses, one instance per profile.

`smoke` runs offline on 2 CPU cores in minutes (shipped data, tiny model, minilean on loopback).
`full` is the real method: Hugging Face corpora, a d26 model on GPUs, LeanTree servers with Mathlib.
A profile is picked by name (env `PROOFMILL_PROFILE` or the `proofmill` resource's run config) and any
field can be overridden from a JSON file named by `PROOFMILL_PROFILE_FILE` (see `get_profile`).
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROFILE_ENV = "PROOFMILL_PROFILE"
PROFILE_FILE_ENV = "PROOFMILL_PROFILE_FILE"


@dataclass(frozen=True)
class CorporaSettings:
    offline: bool = True  # True: read the data shipped in the repo; False: download from Hugging Face
    pretrain_token_budget: int = 200_000  # stop streaming Nemotron-CC-Math once this many tokens (≈ bytes/4)
    midtrain_max_rows: int | None = None
    sft_max_files: int | None = None
    rl_datasets: tuple[str, ...] = ("minilean",)
    benchmarks: tuple[str, ...] = ("minilean",)
    valid_size: int = 500  # RL statements: last N of a seeded shuffle are `valid`
    seed: int = 0


@dataclass(frozen=True)
class TokenizerSettings:
    vocab_size: int = 2048


@dataclass(frozen=True)
class StageSettings:
    """One Lightning training stage (pretrain, midtrain, sft)."""

    max_steps: int = 100
    batch_size: int = 8
    accumulate_grad_batches: int = 1
    seq_len: int = 256
    lr: float = 3e-3
    warmup_frac: float = 0.0
    warmdown_frac: float = 0.5
    weight_decay: float = 0.0
    grad_clip: float = 1.0
    value_weight: float = 0.01  # SFT/RL only
    val_check_interval: int = 25
    epochs: int | None = None  # SFT: pass over the data this many times (overrides max_steps when set)


@dataclass(frozen=True)
class ComputeSettings:
    model: str = "tiny"  # models.gpt preset
    accelerator: str = "cpu"
    devices: int | str = 1
    num_nodes: int = 1
    precision: str = "32-true"
    strategy: str = "auto"  # "ddp", "fsdp" on GPUs
    num_threads: int = 2


@dataclass(frozen=True)
class LeanSettings:
    servers: tuple[str, ...] = ()  # host:port of LeanTree servers; empty = start minilean on loopback
    minilean_servers: int = 2
    minilean_max_processes: int = 4
    tactic_timeout_ms: int = 1000
    verify_timeout_ms: int = 5000


@dataclass(frozen=True)
class SearchSettings:
    num_simulations: int = 64
    num_samples: int = 6
    max_new_tokens: int = 24
    concurrency: int = 8  # searches in flight per mapped op
    time_limit_s: float = 60.0


@dataclass(frozen=True)
class RLSettings:
    iterations: int = 3
    theorems_per_iteration: int = 48
    batches_per_iteration: int = 2  # dynamic fan-out width of the rollout op
    replay_window: int = 3  # iterations of replay shards a policy update reads
    fraction_sft: float = 0.1
    update: StageSettings = field(default_factory=lambda: StageSettings(max_steps=30, lr=1e-3))
    eval_every: int = 3
    base_simulations: int = 32
    max_simulations: int = 256


@dataclass(frozen=True)
class Profile:
    name: str
    corpora: CorporaSettings = field(default_factory=CorporaSettings)
    tokenizer: TokenizerSettings = field(default_factory=TokenizerSettings)
    compute: ComputeSettings = field(default_factory=ComputeSettings)
    pretrain: StageSettings = field(default_factory=StageSettings)
    midtrain: StageSettings = field(default_factory=StageSettings)
    sft: StageSettings = field(default_factory=StageSettings)
    lean: LeanSettings = field(default_factory=LeanSettings)
    search: SearchSettings = field(default_factory=SearchSettings)
    rl: RLSettings = field(default_factory=RLSettings)
    eval_benchmarks: tuple[str, ...] = ("minilean",)


SMOKE = Profile(
    name="smoke",
    pretrain=StageSettings(max_steps=60, batch_size=8, seq_len=256, lr=3e-3),
    midtrain=StageSettings(max_steps=40, batch_size=8, seq_len=256, lr=2e-3),
    sft=StageSettings(max_steps=400, batch_size=16, seq_len=256, lr=2e-3, value_weight=0.1),
)

FULL = Profile(
    name="full",
    corpora=CorporaSettings(
        offline=False,
        pretrain_token_budget=11_400_000_000,
        rl_datasets=("numinamath", "leanworkbook", "deepseek_prover"),
        benchmarks=("minif2f", "proofnet"),
    ),
    tokenizer=TokenizerSettings(vocab_size=50_304),
    compute=ComputeSettings(model="d26", accelerator="gpu", devices="auto", precision="bf16-mixed",
                            strategy="ddp", num_threads=8),
    pretrain=StageSettings(max_steps=10_500, batch_size=32, accumulate_grad_batches=4, seq_len=768,
                           lr=0.02, warmup_frac=0.005, warmdown_frac=0.65, val_check_interval=250),
    midtrain=StageSettings(max_steps=130, batch_size=16, accumulate_grad_batches=4, seq_len=768, lr=0.016,
                           val_check_interval=150),
    sft=StageSettings(max_steps=4445, batch_size=8, accumulate_grad_batches=64, seq_len=768, lr=0.016,
                      value_weight=0.01, val_check_interval=200, epochs=5),
    lean=LeanSettings(servers=(), verify_timeout_ms=30_000),
    search=SearchSettings(num_simulations=512, concurrency=64, time_limit_s=600.0),
    rl=RLSettings(iterations=2000, theorems_per_iteration=512, batches_per_iteration=8, replay_window=50,
                  update=StageSettings(max_steps=2, batch_size=8, accumulate_grad_batches=64, seq_len=768,
                                       lr=0.02 * 0.02, grad_clip=0.0),
                  eval_every=50, base_simulations=64, max_simulations=1024),
    eval_benchmarks=("minif2f", "proofnet"),
)

PROFILES: dict[str, Profile] = {"smoke": SMOKE, "full": FULL}


def _merge(obj: Any, overrides: dict[str, Any]) -> Any:
    """Return a copy of a (nested) dataclass with `overrides` applied; unknown keys are an error."""
    changes: dict[str, Any] = {}
    names = {f.name: f for f in dataclasses.fields(obj)}
    for key, value in overrides.items():
        if key not in names:
            raise ValueError(f"unknown profile field {key!r} in {type(obj).__name__}; known: {sorted(names)}")
        current = getattr(obj, key)
        if dataclasses.is_dataclass(current) and isinstance(value, dict):
            changes[key] = _merge(current, value)
        elif isinstance(current, tuple) and isinstance(value, list):
            changes[key] = tuple(value)
        else:
            changes[key] = value
    return dataclasses.replace(obj, **changes)


def get_profile(name: str | None = None, overrides: dict[str, Any] | None = None) -> Profile:
    """The profile `name` (default: $PROOFMILL_PROFILE or smoke) with JSON-file and explicit overrides."""
    name = name or os.environ.get(PROFILE_ENV) or "smoke"
    if name not in PROFILES:
        raise ValueError(f"unknown profile {name!r}; choose one of {sorted(PROFILES)} (env {PROFILE_ENV})")
    profile = PROFILES[name]
    path = os.environ.get(PROFILE_FILE_ENV)
    if path:
        try:
            file_overrides = json.loads(Path(path).read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"cannot read profile overrides from {PROFILE_FILE_ENV}={path}: {exc}") from exc
        profile = _merge(profile, file_overrides)
    if overrides:
        profile = _merge(profile, overrides)
    return profile
