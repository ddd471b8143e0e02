"""RL statement hygiene on a real minilean server: whitelist refusals, init check, cache, DuckDB rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from minilean.theorems import load_theorems
from pipelines.query import query
from rl.statement_check import check_statements, needs_server, statement_key, whitelist_files


def test_statements_checked_cached_and_refusals_queryable(minilean_url: str, tmp_path: Path) -> None:
    good = [{**r, "dataset": "minilean"} for r in load_theorems("train")[:6]]
    broken = {"dataset": "minilean", "id": "broken", "header": "",
              "statement": "theorem broken (p : Prop) : p ∧ := by\n  sorry"}
    banned = good[0]
    (tmp_path / "wl").mkdir()
    (tmp_path / "wl" / "minilean.whitelist.json").write_text(json.dumps(
        {"lean_version": "minilean", "passing": [], "failing": [statement_key(banned)]}))
    lists = whitelist_files(tmp_path / "wl", ["minilean", "other"])
    assert set(lists) == {"minilean"}
    theorems = [*good, broken]
    assert needs_server(tmp_path, theorems, lists)

    first = check_statements(tmp_path, theorems, [minilean_url], whitelists=lists)
    assert [t["id"] for t in first.accepted] == [t["id"] for t in good[1:]]
    assert first.checked == len(theorems) - 1  # the whitelisted-failing one never reached the server
    reasons = {r["theorem_id"]: r["reason"] for r in first.refused}
    assert reasons[banned["id"]].startswith("whitelist:")
    assert reasons["broken"].startswith("init check:")

    # cached per statement: no server needed the second time, same answer
    assert not needs_server(tmp_path, theorems, lists)
    again = check_statements(tmp_path, theorems, [], whitelists=lists)
    assert again.checked == 0 and again.accepted == first.accepted

    rows = query("SELECT theorem_id, reason FROM refused_statements", tmp_path).to_pylist()
    assert {r["theorem_id"] for r in rows} == {"broken", banned["id"]}


def test_malformed_whitelist_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "x.whitelist.json").write_text("[1, 2")
    with pytest.raises(ValueError, match="not a JSON object"):
        check_statements(tmp_path, [], [], whitelists={"x": tmp_path / "x.whitelist.json"})
