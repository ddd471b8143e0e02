"""Access to the minilean theorem sets shipped in minilean/data/."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

_DATA = Path(__file__).resolve().parent / "data"
SPLITS = ("train", "valid", "test")


def theorems_path() -> Path:
    return _DATA / "theorems.jsonl"


def leantree_export_path() -> Path:
    return _DATA / "leantree_train.jsonl"


@cache
def _rows(path: str) -> tuple[dict, ...]:
    with open(path, encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh if line.strip())


def load_theorems(split: str | None = None) -> list[dict]:
    """Rows `{"dataset","id","split","tier","header","statement","proof"}`, optionally of one split."""
    if split is not None and split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {SPLITS}")
    rows = _rows(str(theorems_path()))
    return [dict(r) for r in rows if split is None or r["split"] == split]


def full_proof_source(row: dict) -> str:
    """Header + statement with the trailing `sorry` replaced by the proof lines, indented two spaces."""
    if not row.get("proof"):
        raise ValueError(f"theorem {row.get('id')} has no reference proof")
    statement = row["statement"].rstrip()
    if not statement.endswith("sorry"):
        raise ValueError(f"statement of {row.get('id')} does not end with sorry")
    body = statement[: -len("sorry")].rstrip(" ")
    lines = row["proof"].split("\n")
    if body.endswith("\n"):
        proof = "\n".join("  " + ln for ln in lines)
    else:  # `… := by sorry` on one line
        proof = "\n" + "\n".join("  " + ln for ln in lines)
    header = row.get("header") or ""
    return (header.rstrip("\n") + "\n" if header else "") + body + proof
