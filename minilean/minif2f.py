"""MiniF2F statements (Lean 4, MIT: data/minif2f/LICENSE) and which of them minilean can state.

`load(split)` gives the shipped rows `{"id", "split", "header", "statement"}` (statement ends in
`:= by sorry`); `statable(statement)` says whether minilean elaborates it (and why not). A statement is
statable when minilean represents it with Lean's exact meaning; everything else is refused with a reason.
Tune on `valid`, report on `test`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from minilean.engine import elaborate, initial_env

_DIR = Path(__file__).resolve().parent / "data" / "minif2f"
SPLITS = ("valid", "test")


@cache
def _rows(split: str) -> tuple[dict, ...]:
    if split not in SPLITS:
        raise ValueError(f"unknown MiniF2F split {split!r}; expected one of {SPLITS}")
    with open(_DIR / f"{split}.jsonl", encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh if line.strip())


def load(split: str) -> list[dict]:
    return [dict(r) for r in _rows(split)]


def statable(statement: str, header: str = "") -> tuple[bool, str]:
    """(True, "") if minilean elaborates `statement` (a `theorem … := by sorry`, after the MiniF2F
    `header` of options and opens if given), else (False, reason)."""
    try:
        res = elaborate(initial_env(), (header.rstrip("\n") + "\n" if header else "") + statement)
    except RecursionError:  # elaborate already turns deep nesting into a message; belt and braces
        return False, "nesting too deep"
    errors = [m.data for m in res.messages if m.severity == "error"]
    if errors:
        return False, errors[0].split("\n")[0]
    if len(res.sorries) != 1:
        return False, f"expected 1 sorry, found {len(res.sorries)}"
    return True, ""


def statable_rows(split: str) -> list[dict]:
    """The rows of `split` minilean can state (the eval set for the pipeline), in file order."""
    return [r for r in load(split) if statable(r["statement"], r["header"])[0]]


__all__ = ["SPLITS", "load", "statable", "statable_rows"]
