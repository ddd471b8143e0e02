"""RL theorem statements: Lean-Workbook, NuminaMath-LEAN, DeepSeek-Prover-V1 (and minilean offline).

Every dataset becomes rows ``dataset, id, split, header, statement``: ``header`` holds the `open`s the
statement needs (never imports: those are applied server-side), ``statement`` ends in ``sorry``.
Each dataset is split on its own by a seeded shuffle (nanoproof's ``shuffle_train_valid_split``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assets.sources.hf import download_hf_file
from assets.sources.splits import shuffle_train_valid_split
from core import data_files

MINIF2F_HEADER = "open scoped Real\nopen scoped Nat\nopen scoped Topology\nopen scoped Polynomial"
# InternLM's Lean-Workbook header: unscoped opens, so `choose`, `gcd`, `log` … resolve unqualified.
LEANWORKBOOK_HEADER = "open BigOperators\nopen Nat\nopen Real\nopen Rat"
DEEPSEEK_HEADER = "open BigOperators Real Nat Topology Rat"

LEANWORKBOOK_REPO, LEANWORKBOOK_FILE = "internlm/Lean-Workbook", "lean_workbook.json"
NUMINAMATH_REPO, NUMINAMATH_FILE = "AI-MO/NuminaMath-LEAN", "data/train-00000-of-00001.parquet"
DEEPSEEK_REPO, DEEPSEEK_FILE = "deepseek-ai/DeepSeek-Prover-V1", "dataset.jsonl"

_SORRY_END = re.compile(r":=\s*(?:by\s+)?sorry\s*$")
_BY_END = re.compile(r":=\s*by\s*$")
_ASSIGN_END = re.compile(r":=\s*$")
_THEOREM_NAME = re.compile(r"(?:theorem|lemma)\s+([^\s(\[{⦃:]+)")
_DIRECTIVE = re.compile(r"^\s*(import\s|set_option\s|#check\s)")
_OPEN_LINE = re.compile(r"^open\s.*$")


@dataclass(frozen=True)
class Statement:
    id: str
    header: str
    statement: str


def close_with_sorry(text: str) -> str | None:
    """A declaration ending in `:=`, `:= by` or `:= by sorry` normalized to end in `:= by\\n  sorry`.

    None when the text does not end that way (it has a proof body or is not a declaration).
    """
    text = text.rstrip()
    for pattern in (_SORRY_END, _BY_END):
        m = pattern.search(text)
        if m:
            return text[: m.start()] + ":= by\n  sorry"
    if _ASSIGN_END.search(text):
        return text + " by\n  sorry"
    return None


def theorem_name(statement: str) -> str | None:
    m = _THEOREM_NAME.search(statement)
    return m.group(1) if m else None


def strip_imports(header: str) -> str:
    """Drop `import` lines (imports are server-side) and surrounding blank lines."""
    lines = [line for line in header.split("\n") if not line.strip().startswith("import ")]
    return "\n".join(lines).strip()


# --- Lean-Workbook -------------------------------------------------------------------------------
def leanworkbook_statements(path: str | os.PathLike[str]) -> list[Statement]:
    """Items InternLM-Prover proved (non-empty `proof`); their `formal_statement` closed with sorry."""
    items = json.loads(Path(path).read_text(encoding="utf-8"))
    out: list[Statement] = []
    for item in items:
        if not item.get("proof"):
            continue
        statement = close_with_sorry(item.get("formal_statement") or "")
        if statement is None or statement.count("sorry") != 1:
            continue
        name = item.get("name") or item.get("id") or theorem_name(statement)
        if name:
            out.append(Statement(str(name), LEANWORKBOOK_HEADER, statement))
    return out


# --- NuminaMath-LEAN -----------------------------------------------------------------------------
def numinamath_statement(formal_statement: str) -> tuple[str, str] | None:
    """(opens, statement) from one NuminaMath `formal_statement`, or None to skip it.

    nanoproof's rules: drop leading import/set_option/#check lines, require a `:=`/`:= by` ending,
    append `sorry`, skip if that makes more than one `sorry`. Leading `open` lines move to the header.
    """
    lines = formal_statement.strip().split("\n")
    while lines and (not lines[0].strip() or _DIRECTIVE.match(lines[0])):
        lines.pop(0)
    opens: list[str] = []
    while lines and (
        not lines[0].strip() or (_OPEN_LINE.match(lines[0]) and not lines[0].rstrip().endswith(" in"))
    ):
        line = lines.pop(0)
        if line.strip():
            opens.append(line.rstrip())
    statement = close_with_sorry("\n".join(lines))
    if statement is None or statement.count("sorry") != 1:
        return None
    return "\n".join(opens), statement


def numinamath_statements(path: str | os.PathLike[str]) -> list[Statement]:
    table = data_files.read_table(path, columns=["uuid", "formal_statement"])
    out: list[Statement] = []
    seen: set[str] = set()
    for uuid, formal in zip(
        table.column("uuid").to_pylist(), table.column("formal_statement").to_pylist(), strict=True
    ):
        if not uuid or uuid in seen or not formal:
            continue  # upstream has duplicate uuids: keep the first
        seen.add(uuid)
        parsed = numinamath_statement(formal)
        if parsed is None:
            continue
        opens, statement = parsed
        header = MINIF2F_HEADER + ("\n" + opens if opens else "")
        out.append(Statement(str(uuid), header, statement))
    return out


# --- DeepSeek-Prover-V1 --------------------------------------------------------------------------
def deepseek_statements(path: str | os.PathLike[str]) -> list[Statement]:
    """`name` + `formal_statement` (ending `:= by`; the `formal_proof` field is never read)."""
    out: list[Statement] = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            row = json.loads(line)
            statement = close_with_sorry(row.get("formal_statement") or "")
            if statement is None or statement.count("sorry") != 1 or not row.get("name"):
                continue
            header = strip_imports(row.get("header") or "") or DEEPSEEK_HEADER
            out.append(Statement(str(row["name"]), header, statement))
    return out


# --- minilean (shipped) --------------------------------------------------------------------------
def minilean_statements(split: str) -> list[Statement]:
    from minilean.theorems import load_theorems  # the shipped theorem set (worker "logic")

    return [Statement(t["id"], t["header"], t["statement"]) for t in load_theorems(split)]


# --- all datasets --------------------------------------------------------------------------------
DOWNLOADS: dict[str, tuple[str, str, Callable[[Path], list[Statement]]]] = {
    "leanworkbook": (LEANWORKBOOK_REPO, LEANWORKBOOK_FILE, leanworkbook_statements),
    "numinamath": (NUMINAMATH_REPO, NUMINAMATH_FILE, numinamath_statements),
    "deepseek_prover": (DEEPSEEK_REPO, DEEPSEEK_FILE, deepseek_statements),
}
OFFLINE_DATASETS = frozenset({"minilean"})


def load_statements(dataset: str, *, cache_dir: str | os.PathLike[str] | None = None) -> list[Statement]:
    """All statements of one RL dataset (downloading it from the Hub if needed)."""
    if dataset == "minilean":
        return minilean_statements("train")
    if dataset not in DOWNLOADS:
        raise ValueError(f"unknown RL dataset {dataset!r}; known: {sorted([*DOWNLOADS, *OFFLINE_DATASETS])}")
    repo, filename, parse = DOWNLOADS[dataset]
    return parse(download_hf_file(repo, filename, cache_dir=cache_dir))


def split_rows(
    dataset: str, statements: Sequence[Statement], *, valid_size: int, seed: int
) -> Iterator[dict[str, Any]]:
    """Rows of one dataset after the seeded train/valid split (train rows first)."""
    for split, items in shuffle_train_valid_split(statements, valid_size=valid_size, seed=seed).items():
        for s in items:
            yield {
                "dataset": dataset,
                "id": s.id,
                "split": split,
                "header": s.header,
                "statement": s.statement,
            }


def rl_statement_rows(
    dataset_names: Sequence[str],
    *,
    offline: bool,
    valid_size: int,
    seed: int,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Iterator[dict[str, Any]]:
    for name in dataset_names:
        if offline and name not in OFFLINE_DATASETS:
            raise ValueError(f"RL dataset {name!r} needs a download but the profile is offline")
        yield from split_rows(
            name, load_statements(name, cache_dir=cache_dir), valid_size=valid_size, seed=seed
        )
