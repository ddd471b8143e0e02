"""Pretraining text: Nemotron-CC-Math-v1 (`4plus` subset) streamed from the Hub up to a token budget."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import datasets

from assets.sources.hf import hf_token
from assets.sources.splits import hash_split

NEMOTRON_REPO = "nvidia/Nemotron-CC-Math-v1"  # gated: accept the terms on the Hub, then set HF_TOKEN
NEMOTRON_DATA_FILES = "4plus/part_*.parquet"
NEMOTRON_SOURCE = "nemotron-cc-math-4plus"


def approx_tokens(text: str) -> int:
    """≈ tokens of a text for budgeting before a tokenizer exists: UTF-8 bytes / 4."""
    return max(1, len(text.encode("utf-8")) // 4)


def budgeted_rows(
    documents: Iterable[dict[str, Any]],
    *,
    token_budget: int,
    source: str,
    valid_fraction: float,
    count_tokens: Callable[[str], int] = approx_tokens,
) -> Iterator[dict[str, Any]]:
    """Pretrain rows from ``{"text", "url"?}`` documents until ``token_budget`` tokens were emitted.

    Empty documents are skipped; the document that crosses the budget is kept whole.
    """
    used = 0
    for doc in documents:
        if used >= token_budget:
            return
        text = doc.get("text") or ""
        if not text.strip():
            continue
        used += count_tokens(text)
        yield {
            "text": text,
            "source": source,
            "url": doc.get("url") or "",
            "split": hash_split(text, valid_fraction),
        }


def stream_nemotron(
    *,
    path: str = NEMOTRON_REPO,
    data_files: str | list[str] = NEMOTRON_DATA_FILES,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Iterator[dict[str, Any]]:
    """Documents of Nemotron-CC-Math-v1, streamed shard by shard (nothing is downloaded up front).

    ``path``/``data_files`` can name a local builder and files instead (``"parquet"``, ``[...]``).
    """
    ds = datasets.load_dataset(
        path,
        data_files=data_files,
        split="train",
        streaming=True,
        token=hf_token() if path == NEMOTRON_REPO else None,
        cache_dir=str(cache_dir) if cache_dir is not None else None,
    )
    for row in ds:
        yield {"text": row.get("text"), "url": row.get("url")}


def nemotron_rows(
    token_budget: int,
    *,
    valid_fraction: float,
    count_tokens: Callable[[str], int] = approx_tokens,
    path: str = NEMOTRON_REPO,
    data_files: str | list[str] = NEMOTRON_DATA_FILES,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Iterator[dict[str, Any]]:
    """Pretrain rows (`text`, `source`, `url`, `split`) streamed from Nemotron-CC-Math until the budget."""
    return budgeted_rows(
        stream_nemotron(path=path, data_files=data_files, cache_dir=cache_dir),
        token_budget=token_budget,
        source=NEMOTRON_SOURCE,
        valid_fraction=valid_fraction,
        count_tokens=count_tokens,
    )
