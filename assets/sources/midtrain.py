"""Midtraining Lean code: Kripi/Lean-Github-Raw (mathlib4 + Lean GitHub repos, one file per row)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from assets.sources.hf import download_hf_file
from core import data_files

LEAN_GITHUB_REPO = "Kripi/Lean-Github-Raw"
LEAN_GITHUB_FILE = "leangithubraw.parquet"  # rows shuffled, 1024-row groups
LEAN_GITHUB_SOURCE = "lean-github-raw"
VALID_ROW_GROUPS = 4  # nanoproof: the last 4 row groups are the validation split


def download_lean_github(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    return download_hf_file(LEAN_GITHUB_REPO, LEAN_GITHUB_FILE, cache_dir=cache_dir)


def lean_github_rows(
    path: str | os.PathLike[str],
    *,
    max_rows: int | None = None,
    valid_row_groups: int = VALID_ROW_GROUPS,
    source: str = LEAN_GITHUB_SOURCE,
    batch_size: int = 1024,
) -> Iterator[dict[str, Any]]:
    """Rows (`text`, `source`, `url`, `commit`, `split`) of the parquet; last row groups = `valid`.

    ``max_rows`` caps the train rows (and the valid rows at a tenth of it, at least one).
    """
    pf = data_files.parquet_file(path)
    n_groups = pf.num_row_groups
    if n_groups <= valid_row_groups:
        raise ValueError(
            f"{path}: {n_groups} row groups, need more than {valid_row_groups} (the valid split)"
        )
    columns = [c for c in ("text", "url", "commit") if c in pf.schema_arrow.names]
    if "text" not in columns:
        raise ValueError(f"{path}: no `text` column (columns: {pf.schema_arrow.names})")
    plan = [
        ("train", list(range(n_groups - valid_row_groups)), max_rows),
        (
            "valid",
            list(range(n_groups - valid_row_groups, n_groups)),
            None if max_rows is None else max(1, max_rows // 10),
        ),
    ]
    for split, groups, limit in plan:
        emitted = 0
        for batch in pf.iter_batches(batch_size=batch_size, row_groups=groups, columns=columns):
            for row in batch.to_pylist():
                if limit is not None and emitted >= limit:
                    break
                text = row.get("text")
                if not text or not text.strip():
                    continue
                emitted += 1
                yield {
                    "text": text,
                    "source": source,
                    "url": row.get("url") or "",
                    "commit": row.get("commit") or "",
                    "split": split,
                }
            if limit is not None and emitted >= limit:
                break
