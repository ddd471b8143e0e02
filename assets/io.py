"""Shared helpers for assets: atomic parquet writes and the metadata Dagster shows (tables, images).

The one home of ``markdown_table``, ``proofs_markdown`` and the image helpers (loss curves and eval
plots by reference to their MLflow artifacts, ``mlflow_image``; inline PNG only as a fallback)."""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import dagster as dg
import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from core import data_files
from core.atomic import atomic_file

ROW_GROUP_SIZE = 1024  # rows per parquet row group: cheap random access for training loaders
SAMPLE_ROWS = 5
SAMPLE_CHARS = 160


class ParquetSink:
    """Stream rows into a parquet file that appears atomically (temp file + ``os.replace``) on close.

    Use as a context manager; an exception inside the block removes the temp file and leaves any
    previous version of the target untouched.
    """

    def __init__(self, path: str | os.PathLike[str], schema: pa.Schema, *, batch_rows: int = ROW_GROUP_SIZE):
        self.path = Path(path)
        self.schema = schema
        self.batch_rows = batch_rows
        self.rows = 0
        self._buffer: list[dict[str, Any]] = []
        self._file = atomic_file(self.path)
        self._writer: pq.ParquetWriter | None = pq.ParquetWriter(
            self._file.__enter__(), schema, compression="zstd"
        )

    def write(self, row: Mapping[str, Any]) -> None:
        self._buffer.append(dict(row))
        if len(self._buffer) >= self.batch_rows:
            self._flush()

    def write_all(self, rows: Iterable[Mapping[str, Any]]) -> None:
        for row in rows:
            self.write(row)

    def _flush(self) -> None:
        if self._buffer and self._writer is not None:
            self._writer.write_table(
                pa.Table.from_pylist(self._buffer, schema=self.schema), row_group_size=self.batch_rows
            )
            self.rows += len(self._buffer)
            self._buffer = []

    def close(self) -> None:
        """Flush, finish the file and move it into place."""
        if self._writer is None:
            return
        self._flush()
        self._writer.close()
        self._writer = None
        self._file.__exit__(None, None, None)  # fsync + rename into place

    def abort(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
            aborted = RuntimeError(f"write of {self.path} aborted")
            self._file.__exit__(RuntimeError, aborted, None)  # removes the temp file

    def __enter__(self) -> ParquetSink:
        return self

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()


def write_parquet(path: str | os.PathLike[str], rows: Iterable[Mapping[str, Any]], schema: pa.Schema) -> int:
    """Write ``rows`` to ``path`` atomically; returns the row count."""
    with ParquetSink(path, schema) as sink:
        sink.write_all(rows)
    return sink.rows


def _cell(value: Any) -> str:
    text = str(value)
    if len(text) > SAMPLE_CHARS:
        text = text[:SAMPLE_CHARS] + "…"
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "⏎").replace("`", "'")


def markdown_table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """A markdown table of ``rows`` (long cells truncated, newlines shown as ⏎)."""
    if not rows:
        return "_(no rows)_"
    columns = list(columns or rows[0].keys())
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_cell(r.get(c, "")) for c in columns) + " |" for r in rows]
    return "\n".join(lines)


def _fence(text: str) -> str:
    """A backtick fence longer than any backtick run in ``text`` (so a proof cannot close its block)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def proofs_markdown(rows: Sequence[Mapping[str, Any]], *, id_column: str = "theorem_id",
                    proof_column: str = "proof", details: Sequence[str] = ()) -> str:
    """Proofs for the UI: a heading line per proof, then the proof in a lean code block, so its line
    breaks and indentation show as written (the UI drops ``<br>``, and table cells cannot hold them)."""
    if not rows:
        return "_(no proofs)_"
    parts = []
    for row in rows:
        extra = ", ".join(f"{c} {row[c]}" for c in details if row.get(c) is not None)
        proof = str(row.get(proof_column) or "").rstrip()
        fence = _fence(proof)
        parts.append(f"**{row.get(id_column, '?')}**" + (f" ({extra})" if extra else "")
                     + f"\n\n{fence}lean\n{proof}\n{fence}")
    return "\n\n".join(parts)


def mlflow_image(run_id: str | None, artifact_path: str, alt: str,
                 local: str | os.PathLike[str] | None = None) -> dg.MetadataValue | None:
    """An image shown by reference: markdown pointing at the MLflow server's artifact route for a file
    of MLflow run ``run_id`` (visible while `make mlflow` runs; a few hundred bytes in the event log
    instead of the whole PNG). Without a run, the local PNG inlined (``png_markdown``)."""
    if not run_id:
        return png_markdown(local, alt)
    from urllib.parse import urlencode

    from registry.registry import ui_base

    url = f"{ui_base()}/get-artifact?{urlencode({'path': artifact_path, 'run_uuid': run_id})}"
    return dg.MetadataValue.md(f"![{alt}]({url})\n\n{alt}: `{artifact_path}` of MLflow run `{run_id}`"
                               + (f" (file: `{local}`)" if local else ""))


def png_markdown(path: str | os.PathLike[str] | None, alt: str | None = None) -> dg.MetadataValue | None:
    """A PNG file inlined as markdown (Dagster shows it in the asset's metadata); None if absent."""
    if path is None or not Path(path).is_file():
        return None
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    return dg.MetadataValue.md(f"![{alt or Path(path).name}](data:image/png;base64,{data})")


def group_counts(path: str | os.PathLike[str], columns: Sequence[str]) -> list[dict[str, Any]]:
    """``SELECT cols, count(*) … GROUP BY cols`` over the parquet file, with DuckDB."""
    cols = ", ".join(f'"{c}"' for c in columns)
    with duckdb.connect() as con:
        rel = con.execute(
            f"SELECT {cols}, count(*) AS rows FROM read_parquet(?) GROUP BY ALL ORDER BY ALL", [str(path)]
        )
        names = [d[0] for d in rel.description]
        return [dict(zip(names, r, strict=True)) for r in rel.fetchall()]


def table_metadata(
    path: str | os.PathLike[str], *, breakdown: Sequence[str] = (), sample_rows: int = SAMPLE_ROWS
) -> dict[str, Any]:
    """Row count, bytes, path, a sample (markdown) and optionally a per-group row count (markdown)."""
    pf = data_files.parquet_file(path)
    n_rows = pf.metadata.num_rows
    sample = pf.read_row_group(0).slice(0, sample_rows).to_pylist() if pf.num_row_groups else []
    meta: dict[str, Any] = {
        "dagster/row_count": dg.MetadataValue.int(n_rows),
        "rows": dg.MetadataValue.int(n_rows),
        "bytes": dg.MetadataValue.int(os.path.getsize(path)),
        "path": dg.MetadataValue.path(str(path)),
        "columns": dg.MetadataValue.json({f.name: str(f.type) for f in pf.schema_arrow}),
        "sample": dg.MetadataValue.md(markdown_table(sample)),
    }
    if breakdown and n_rows:
        meta["breakdown"] = dg.MetadataValue.md(markdown_table(group_counts(path, breakdown)))
    return meta


def required_columns_missing(path: str | os.PathLike[str], required: Iterable[str]) -> list[str]:
    names = set(data_files.parquet_file(path).schema_arrow.names)
    return [c for c in required if c not in names]
