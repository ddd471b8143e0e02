"""Reading the parquet files the pipeline writes, with one error for a file that is not readable.

A truncated replay shard or a half-written corpus makes pyarrow raise ``ArrowInvalid`` ("Parquet
magic bytes not found in footer...") or an ``OSError`` that names neither the asset nor the fix. Every
reader goes through ``read_table`` / ``parquet_file`` here, which turn those into ``CorruptFileError``:
one line with the file, what is wrong, and what to do (delete it and re-materialize what writes it).
Files are written atomically (core.atomic), so a corrupt one was damaged after the fact (disk, copy).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq


class CorruptFileError(RuntimeError):
    """A data file the pipeline wrote cannot be read (truncated, not parquet, damaged)."""


def corrupt(path: str | os.PathLike[str], exc: BaseException) -> CorruptFileError:
    reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return CorruptFileError(
        f"{path} is not a readable parquet file ({reason}); delete it and re-materialize the asset that "
        "writes it"
    )


def parquet_file(path: str | os.PathLike[str]) -> pq.ParquetFile:
    """``pq.ParquetFile(path)``; a missing file stays a FileNotFoundError, a damaged one is a
    ``CorruptFileError``."""
    if not Path(path).exists():
        raise FileNotFoundError(f"no such file: {path}")
    try:
        return pq.ParquetFile(path)
    except (pa.ArrowInvalid, pa.ArrowIOError, OSError) as exc:
        raise corrupt(path, exc) from exc


def read_table(path: str | os.PathLike[str], **kwargs: Any) -> pa.Table:
    """``pq.read_table(path, **kwargs)`` with the same errors as ``parquet_file``."""
    if not Path(path).exists():
        raise FileNotFoundError(f"no such file: {path}")
    try:
        return pq.read_table(path, **kwargs)
    except (pa.ArrowInvalid, pa.ArrowIOError, OSError) as exc:
        if isinstance(exc, pa.ArrowInvalid) and "No match for FieldRef" in str(exc):
            raise  # a wrong column name is a bug in the caller, not a damaged file
        raise corrupt(path, exc) from exc
