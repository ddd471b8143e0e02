"""What the probe scripts share: the benchmark statements of a split, and proving theorems with a
checkpoint on local minilean servers (the same library calls the pipeline's eval makes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow.parquet as pq


def statements(path: Path, split: str) -> list[dict[str, Any]]:
    """Rows of ``split`` in a statements parquet, in (dataset, id) order."""
    rows = pq.read_table(path, columns=["dataset", "id", "split", "header", "statement"]).to_pylist()
    return sorted((r for r in rows if r["split"] == split), key=lambda r: (r["dataset"], r["id"]))


def prove(theorems: list[dict], checkpoint: Path, tokenizer: Path, search: Any, servers: list[str],
          seed: int, device: str = "cpu") -> list[Any]:
    """One attempt per theorem by ``checkpoint``'s policy (on ``device``) under ``search`` (its
    concurrency)."""
    from lean_io.pool import SlotPool
    from models.sampler import SamplingSettings
    from search.batching import BatchingPolicy
    from search.policy import SamplerPolicy
    from search.runner import prove_many

    sampling = SamplingSettings(num_samples=search.num_samples, max_new_tokens=search.max_new_tokens)
    policy = SamplerPolicy.from_checkpoint(checkpoint, tokenizer, sampling, device=device, seed=seed)
    pool = SlotPool(servers)
    try:
        conc = max(1, min(search.concurrency, pool.total_slots or 1, len(theorems)))
        with BatchingPolicy(policy, max_batch=conc) as batched:
            return prove_many(theorems, pool, batched, search, conc, model_version=str(checkpoint))
    finally:
        pool.close()


def solved(theorems: list[dict], checkpoint: Path, tokenizer: Path, search: Any,
           servers: list[str], device: str = "cpu") -> list[bool]:
    """Per theorem, whether ``checkpoint`` proves it (policy sampling seed 0, as the eval)."""
    attempts = prove(theorems, checkpoint, tokenizer, search, servers, seed=0, device=device)
    return [a.outcome == "proven" for a in attempts]
