"""Benchmarks: MiniF2F (Lean files on GitHub), ProofNet (jsonl on GitHub), minilean valid/test (shipped)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import requests

from assets.sources.hf import fetch_text, http_session
from assets.sources.lean_parse import parse_lean_file
from assets.sources.statements import close_with_sorry, minilean_statements, strip_imports

MINIF2F_BASE_URL = "https://raw.githubusercontent.com/google-deepmind/miniF2F/main/MiniF2F/"
MINIF2F_FILES = {"valid": "Valid.lean", "test": "Test.lean"}
# Sizes of the default (google-deepmind) files: a parse that disagrees is a bug. Other Lean 4 ports
# (openai-derived, e.g. yangky11/miniF2F-lean4) have 244/244: pass their counts, or None to skip.
MINIF2F_COUNTS = {"valid": 256, "test": 244}
PROOFNET_URL = "https://raw.githubusercontent.com/Kripner/ProofNet/main/data/proofnet.jsonl"
OFFLINE_BENCHMARKS = frozenset({"minilean", "minif2f_lite"})


def minif2f_rows_from_text(text: str, split: str, expected: int | None = None) -> list[dict[str, Any]]:
    """Rows of one MiniF2F file; theorems shipped with a proof come back with `sorry`."""
    records = parse_lean_file(text, dataset="minif2f", split=split)
    if expected is not None and len(records) != expected:
        raise ValueError(f"MiniF2F {split}: parsed {len(records)} theorems, expected {expected}")
    return [
        {"dataset": "minif2f", "id": r.name, "split": split, "header": r.header, "statement": r.statement}
        for r in records
    ]


def minif2f_rows(
    base_url: str = MINIF2F_BASE_URL,
    *,
    expected: Mapping[str, int] | None = MINIF2F_COUNTS,
    session: requests.Session | None = None,
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for split, filename in MINIF2F_FILES.items():
        text = fetch_text(base_url.rstrip("/") + "/" + filename, session=session)
        rows.extend(minif2f_rows_from_text(text, split, None if expected is None else expected.get(split)))
    return rows


def proofnet_rows_from_text(text: str) -> list[dict[str, Any]]:
    """ProofNet jsonl: `name`, `split`, `header` (imports stripped), `formal_statement` + sorry."""
    rows = []
    for line in text.splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        statement = close_with_sorry(record["formal_statement"])
        if statement is None:
            raise ValueError(f"ProofNet {record.get('name')}: formal_statement does not end in `:=`")
        rows.append(
            {
                "dataset": "proofnet",
                "id": record["name"],
                "split": record["split"],
                "header": strip_imports(record.get("header") or ""),
                "statement": statement,
            }
        )
    return rows


def proofnet_rows(
    url: str = PROOFNET_URL, *, session: requests.Session | None = None
) -> list[dict[str, Any]]:
    return proofnet_rows_from_text(fetch_text(url, session=session))


def minilean_benchmark_rows() -> list[dict[str, Any]]:
    return [
        {"dataset": "minilean", "id": s.id, "split": split, "header": s.header, "statement": s.statement}
        for split in ("valid", "test")
        for s in minilean_statements(split)
    ]


def minif2f_lite_rows() -> list[dict[str, Any]]:
    """The MiniF2F statements (shipped, MIT) that minilean can state with Lean's exact meaning: the offline
    stand-in for MiniF2F. Valid is for tuning, test for reporting."""
    from minilean.minif2f import SPLITS, statable_rows

    return [
        {"dataset": "minif2f_lite", "id": r["id"], "split": split, "header": r["header"],
         "statement": r["statement"]}
        for split in SPLITS
        for r in statable_rows(split)
    ]


def benchmark_rows(
    names: Sequence[str],
    *,
    offline: bool,
    minif2f_base_url: str = MINIF2F_BASE_URL,
    minif2f_expected: Mapping[str, int] | None = MINIF2F_COUNTS,
    proofnet_url: str = PROOFNET_URL,
) -> Iterator[dict[str, Any]]:
    with http_session() as session:
        for name in names:
            if offline and name not in OFFLINE_BENCHMARKS:
                raise ValueError(f"benchmark {name!r} needs a download but the profile is offline")
            if name == "minilean":
                yield from minilean_benchmark_rows()
            elif name == "minif2f_lite":
                yield from minif2f_lite_rows()
            elif name == "minif2f":
                yield from minif2f_rows(minif2f_base_url, expected=minif2f_expected, session=session)
            elif name == "proofnet":
                yield from proofnet_rows(proofnet_url, session=session)
            else:
                raise ValueError(f"unknown benchmark {name!r}; "
                                 "known: minilean, minif2f_lite, minif2f, proofnet")
