"""Prove a batch of theorems with one policy over a set of Lean servers.

The one home of the glue every batch of searches needs: the Lean servers (given, or minilean on loopback),
a policy from a checkpoint, a ``SlotPool`` over the servers' slots and a ``BatchingPolicy`` so concurrent
searches share model calls. Evals, RL rollouts and the CLI all prove through ``prove_batch``::

    from core.profiles import get_profile
    from search import batch
    profile = get_profile("smoke")
    theorems = batch.read_statements("artifacts/corpora/benchmark_statements.parquet", "valid")
    with batch.lean_servers([], profile.lean) as servers:
        policy = batch.checkpoint_policy("artifacts/checkpoints/sft/model.pt",
                                         "artifacts/tokenizer/tokenizer.json", profile, seed=0)
        result = batch.prove_batch(theorems, servers, policy, profile.search, 4)
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from core import data_files
from core.profiles import LeanSettings, Profile
from search.batching import BatchingPolicy
from search.config import SearchConfig
from search.policy import Policy, SamplerPolicy
from search.prover import Attempt
from search.runner import prove_many

STATEMENT_COLUMNS = ["dataset", "id", "split", "header", "statement"]


def read_statements(
    path: str | Path, split: str, datasets: Sequence[str] | None = None, limit: int | None = None
) -> list[dict[str, Any]]:
    """Statement rows (dataset, id, split, header, statement) of one split of a statements parquet,
    sorted by (dataset, id); the first ``limit`` when given. Raises ValueError when none match."""
    table = data_files.read_table(path, columns=STATEMENT_COLUMNS)
    rows = [
        r for r in table.to_pylist() if r["split"] == split and (datasets is None or r["dataset"] in datasets)
    ]
    if not rows:
        raise ValueError(
            f"{path} has no {split!r} statements" + (f" of {list(datasets)}" if datasets else "")
        )
    rows.sort(key=lambda r: (r["dataset"], r["id"]))
    return rows if limit is None else rows[:limit]


@contextlib.contextmanager
def lean_servers(servers: Sequence[str], lean: LeanSettings) -> Iterator[list[str]]:
    """``servers`` when given, else minilean servers on loopback (``lean``'s counts) for the block."""
    if servers:
        yield list(servers)
        return
    from lean_io.local import minilean_servers

    keep_alive = ("--keep-alive",) if lean.minilean_keep_alive else ()
    with minilean_servers(lean.minilean_servers, lean.minilean_max_processes, keep_alive) as urls:
        yield urls


def checkpoint_policy(
    checkpoint: str | Path,
    tokenizer_path: str | Path,
    profile: Profile,
    *,
    seed: int,
    num_samples: int | None = None,
    model_version: str | None = None,
    op_index: int | None = None,
) -> SamplerPolicy:
    """A sampling policy from a checkpoint with the profile's sampling settings, device and threads.
    ``op_index`` (a mapped op's index): on GPUs the model goes to ``cuda:{op_index mod #GPUs}``."""
    from models.devices import op_device
    from models.runtime import device_for, set_cpu_threads
    from models.sampler import SamplingSettings

    set_cpu_threads(profile.compute)
    policy = SamplerPolicy.from_checkpoint(
        checkpoint,
        tokenizer_path,
        SamplingSettings(num_samples=num_samples or profile.search.num_samples,
                         max_new_tokens=profile.search.max_new_tokens),
        device=device if (device := device_for(profile.compute.accelerator)) == "cpu" or op_index is None
        else op_device(op_index),
        seed=seed,
    )
    policy.workers = profile.compute.sampler_workers
    if model_version is not None:
        policy.model_version = model_version
    return policy


@dataclasses.dataclass
class BatchResult:
    attempts: list[Attempt]  # one per theorem, in input order
    stats: dict[str, Any]  # concurrency, batching and Lean metrics

    @property
    def proven(self) -> int:
        return sum(a.outcome == "proven" for a in self.attempts)


def prove_batch(
    theorems: Sequence[dict[str, Any]],
    servers: Sequence[str],
    policy: Policy,
    config: SearchConfig,
    concurrency: int,
    *,
    model_version: str | None = None,
    on_attempt: Callable[[Attempt], None] | None = None,
) -> BatchResult:
    """Prove ``theorems`` with up to ``concurrency`` searches in flight over ``servers``' Lean slots, one
    batched ``policy`` shared by all. A row's ``num_simulations`` overrides ``config``'s budget."""
    from lean_io.pool import SlotPool

    pool = SlotPool(list(servers))
    try:
        concurrency = max(1, min(concurrency, pool.total_slots or 1, len(theorems)))
        workers = getattr(policy, "workers", 1)  # a SamplerPolicy's calls in flight at once
        with BatchingPolicy(policy, max_batch=concurrency, workers=workers) as batched:
            attempts = prove_many(theorems, pool, batched, config, concurrency, model_version=model_version,
                                  on_attempt=on_attempt)
            batching = batched.stats()
        stats = {"concurrency": concurrency, "batching": batching, "lean": pool.metrics()}
    finally:
        pool.close()
    return BatchResult(attempts, stats)
