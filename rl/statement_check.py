"""RL statement hygiene (what the reference prover's whitelists do): before statements enter the matchmaker
pool, drop the ones a Lean server cannot even start a proof of, so broken statements never burn slots.

- Optional whitelist per dataset (nanoproof's format: ``{"passing": [key...], "failing": [key...]}``, key =
  first 16 hex chars of sha256 of the statement source): ``failing`` keys are refused without a call.
- Init check: ``proof_from_sorry`` of the statement (as the search starts it) on a leased process; a
  business error (Lean rejects the statement) refuses it. Results are cached per statement key in
  ``<root>/rl/statement_checks.parquet`` so each statement is checked once per artifact root.
- Refusals are rows ``(dataset, theorem_id, key, reason, checked_at)`` in
  ``<root>/rl/refused/statements.parquet`` (DuckDB view ``refused_statements``).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from core import data_files
from core.atomic import atomic_file
from lean_io.client import LeanClient
from lean_io.errors import LeanBusinessError
from search.proof import init_source

CACHE = ("rl", "statement_checks.parquet")
REFUSED = ("rl", "refused", "statements.parquet")
CHECK_SCHEMA = pa.schema([("key", pa.string()), ("ok", pa.bool_()), ("reason", pa.string())])
REFUSED_SCHEMA = pa.schema([
    ("dataset", pa.string()), ("theorem_id", pa.string()), ("key", pa.string()), ("reason", pa.string()),
    ("checked_at", pa.float64()),
])


def statement_key(theorem: dict[str, Any]) -> str:
    return hashlib.sha256(init_source(theorem).encode("utf-8")).hexdigest()[:16]


def load_whitelist(path: str | Path) -> tuple[set[str], set[str]]:
    """(passing, failing) keys of a whitelist file; a clear one-line error when it is malformed."""
    try:
        data = json.loads(Path(path).read_text())
        return set(map(str, data.get("passing", []))), set(map(str, data.get("failing", [])))
    except (OSError, ValueError, AttributeError, TypeError) as e:
        raise ValueError(f"whitelist {path}: not a JSON object with 'passing'/'failing' lists ({e})") \
            from None


def _write(path: Path, rows: list[dict[str, Any]], schema: pa.Schema) -> None:
    with atomic_file(path) as fh:
        pq.write_table(pa.Table.from_pylist(rows, schema=schema), fh)


def init_check(server: str, theorem: dict[str, Any], timeout: float = 60.0) -> str | None:
    """None when ``proof_from_sorry`` starts a proof of the statement, else the reason it does not."""
    with LeanClient(server) as client:
        process = client.get_process(timeout=timeout)
        if process is None:
            raise TimeoutError(f"{server}: no Lean process free within {timeout:.0f} s")
        with process:
            try:
                process.proof_from_sorry(init_source(theorem))
            except LeanBusinessError as e:
                return f"init check: {e}"[:500]
    return None


def whitelist_files(folder: str | Path | None, datasets: Sequence[str]) -> dict[str, Path]:
    """``<folder>/<dataset>.whitelist.json`` for each dataset that has one (whitelists are optional)."""
    if not folder:
        return {}
    return {ds: p for ds in datasets if (p := Path(folder) / f"{ds}.whitelist.json").exists()}


def needs_server(root: str | Path, theorems: Sequence[dict[str, Any]],
                 whitelists: dict[str, str | Path] | None = None) -> bool:
    """Whether some statement is neither cached nor refused by a whitelist (so a server must be started)."""
    cache_path = Path(root).joinpath(*CACHE)
    cached: set[str] = set()
    if cache_path.exists():
        cached = set(data_files.read_table(cache_path, columns=["key"]).column("key").to_pylist())
    failing = {ds: load_whitelist(p)[1] for ds, p in (whitelists or {}).items()}
    return any(k not in cached and k not in failing.get(t["dataset"], set())
               for t, k in ((t, statement_key(t)) for t in theorems))


@dataclass
class CheckResult:
    accepted: list[dict[str, Any]]
    refused: list[dict[str, Any]]
    checked: int  # statements sent to a Lean server this time (the rest came from the cache/whitelist)


def check_statements(
    root: str | Path,
    theorems: Sequence[dict[str, Any]],
    servers: Sequence[str],
    *,
    whitelists: dict[str, str | Path] | None = None,
    workers: int = 4,
    check: Callable[[str, dict[str, Any]], str | None] = init_check,
) -> CheckResult:
    """Split ``theorems`` into accepted and refused, checking uncached ones on ``servers`` (round robin)."""
    root = Path(root)
    cache_path = root.joinpath(*CACHE)
    cache: dict[str, dict[str, Any]] = {}
    if cache_path.exists():
        cache = {r["key"]: r for r in data_files.read_table(cache_path).to_pylist()}
    lists = {ds: load_whitelist(p) for ds, p in (whitelists or {}).items()}
    keys = [statement_key(t) for t in theorems]
    reasons: dict[int, str | None] = {}
    todo: list[int] = []
    for i, (t, k) in enumerate(zip(theorems, keys, strict=True)):
        _passing, failing = lists.get(t["dataset"], (set(), set()))
        if k in failing:
            reasons[i] = f"whitelist: listed as failing for {t['dataset']}"
        elif k in cache:
            reasons[i] = None if cache[k]["ok"] else cache[k]["reason"]
        else:
            todo.append(i)
    if todo:
        if not servers:
            raise ValueError("check_statements needs a Lean server for statements not in the cache")
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            found = list(pool.map(lambda j: check(servers[j % len(servers)], theorems[todo[j]]),
                                  range(len(todo))))
        for i, reason in zip(todo, found, strict=True):
            reasons[i] = reason
            cache[keys[i]] = {"key": keys[i], "ok": reason is None, "reason": reason}
        _write(cache_path, list(cache.values()), CHECK_SCHEMA)
    now = time.time()
    accepted = [t for i, t in enumerate(theorems) if reasons[i] is None]
    refused = [
        {"dataset": t["dataset"], "theorem_id": t["id"], "key": keys[i], "reason": reasons[i],
         "checked_at": now}
        for i, t in enumerate(theorems) if reasons[i] is not None
    ]
    _write(root.joinpath(*REFUSED), refused, REFUSED_SCHEMA)
    return CheckResult(accepted, refused, len(todo))
