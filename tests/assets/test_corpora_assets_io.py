"""assets.io: atomic parquet writes and the standard table metadata."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from assets.io import ParquetSink, markdown_table, table_metadata, write_parquet

SCHEMA = pa.schema([("dataset", pa.string()), ("split", pa.string()), ("text", pa.string())])


def _rows(n: int, dataset: str = "a") -> list[dict[str, str]]:
    return [
        {"dataset": dataset, "split": "train" if i % 4 else "valid", "text": f"row {i}"} for i in range(n)
    ]


def test_write_parquet_row_groups_and_count(tmp_path: Path) -> None:
    path = tmp_path / "out" / "t.parquet"
    assert write_parquet(path, _rows(2500), SCHEMA) == 2500
    pf = pq.ParquetFile(path)
    assert pf.metadata.num_rows == 2500 and pf.num_row_groups == 3
    assert pf.schema_arrow == SCHEMA
    assert list(path.parent.iterdir()) == [path]  # the temp file was moved into place


def test_failed_write_keeps_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "t.parquet"
    write_parquet(path, _rows(3), SCHEMA)

    def exploding():
        yield from _rows(2000, dataset="b")
        raise RuntimeError("download died")

    with pytest.raises(RuntimeError, match="download died"):
        write_parquet(path, exploding(), SCHEMA)
    assert pq.read_table(path).num_rows == 3
    assert list(tmp_path.iterdir()) == [path]


def test_empty_sink_writes_an_empty_table(tmp_path: Path) -> None:
    path = tmp_path / "e.parquet"
    with ParquetSink(path, SCHEMA) as sink:
        pass
    assert sink.rows == 0 and pq.read_table(path).num_rows == 0
    meta = table_metadata(path, breakdown=("dataset",))
    assert meta["rows"].value == 0 and "breakdown" not in meta and meta["sample"].value == "_(no rows)_"


def test_table_metadata(tmp_path: Path) -> None:
    path = tmp_path / "m.parquet"
    write_parquet(path, _rows(8) + _rows(2, dataset="z|y"), SCHEMA)
    meta = table_metadata(path, breakdown=("dataset", "split"), sample_rows=2)
    assert meta["dagster/row_count"] == dg.MetadataValue.int(10)
    assert meta["bytes"].value == path.stat().st_size
    assert meta["sample"].value.count("\n") == 3  # header, rule, two rows
    assert meta["breakdown"].value.splitlines()[2:] == [
        "| a | train | 6 |",
        "| a | valid | 2 |",
        "| z\\|y | train | 1 |",
        "| z\\|y | valid | 1 |",
    ]


def test_markdown_table_escapes_and_truncates() -> None:
    table = markdown_table([{"a": "x|y\nz", "b": "q" * 500}])
    header, rule, row = table.splitlines()
    assert header == "| a | b |" and rule == "|---|---|"
    assert row.startswith("| x\\|y⏎z | qqq") and row.endswith("… |") and len(row) < 200
