"""Corpus loaders on local fixture files (no network: HF_HUB_OFFLINE=1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from assets.sources import leantree, mathgen, midtrain, pretrain, smoke, statements
from assets.sources.splits import hash_split, shuffle_train_valid_split, tail_split


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")


# ------------------------------------------------------------------------------------ pretrain
def _write_parquet(path: Path, rows: list[dict[str, Any]], row_group_size: int | None = None) -> Path:
    pq.write_table(pa.Table.from_pylist(rows), path, row_group_size=row_group_size)
    return path


def test_nemotron_streams_until_budget(tmp_path: Path) -> None:
    shard0 = _write_parquet(
        tmp_path / "part_000000.parquet",
        [{"text": "x" * 400, "url": "u0"}, {"text": "   ", "url": "blank"}, {"text": "y" * 400, "url": None}],
    )
    shard1 = _write_parquet(tmp_path / "part_000001.parquet", [{"text": "z" * 400, "url": "u3"}] * 5)
    rows = list(
        pretrain.nemotron_rows(250, valid_fraction=0.0, path="parquet", data_files=[str(shard0), str(shard1)])
    )
    # 100 ≈tokens per doc: the third doc crosses 250 and is kept; the blank one is skipped.
    assert [r["text"][0] for r in rows] == ["x", "y", "z"]
    assert [r["url"] for r in rows] == ["u0", "", "u3"]
    assert {r["source"] for r in rows} == {pretrain.NEMOTRON_SOURCE}
    assert {r["split"] for r in rows} == {"train"}


def test_budgeted_rows_uses_given_token_counter() -> None:
    docs = [{"text": f"doc {i}"} for i in range(10)]
    rows = list(
        pretrain.budgeted_rows(docs, token_budget=3, source="s", valid_fraction=1.0, count_tokens=lambda t: 1)
    )
    assert len(rows) == 3 and {r["split"] for r in rows} == {"valid"}
    assert pretrain.approx_tokens("ℝ") == 1 and pretrain.approx_tokens("a" * 40) == 10


# ------------------------------------------------------------------------------------ midtrain
def test_lean_github_last_row_groups_are_valid(tmp_path: Path) -> None:
    rows = [
        {"text": f"theorem t{i} : True := trivial", "url": f"https://x/{i}", "commit": "abc"}
        for i in range(12)
    ]
    path = _write_parquet(tmp_path / "leangithubraw.parquet", rows, row_group_size=2)  # 6 groups
    out = list(midtrain.lean_github_rows(path, valid_row_groups=4))
    assert [r["split"] for r in out] == ["train"] * 4 + ["valid"] * 8
    assert out[0] == {
        "text": rows[0]["text"],
        "source": "lean-github-raw",
        "url": "https://x/0",
        "commit": "abc",
        "split": "train",
    }
    capped = list(midtrain.lean_github_rows(path, valid_row_groups=4, max_rows=3))
    assert [r["split"] for r in capped] == ["train", "train", "train", "valid"]


def test_lean_github_needs_text_and_enough_groups(tmp_path: Path) -> None:
    path = _write_parquet(
        tmp_path / "a.parquet", [{"text": "a"}, {"text": ""}, {"text": "b"}], row_group_size=1
    )
    out = list(midtrain.lean_github_rows(path, valid_row_groups=1))
    assert [(r["text"], r["url"], r["commit"], r["split"]) for r in out] == [
        ("a", "", "", "train"),
        ("b", "", "", "valid"),
    ]
    with pytest.raises(ValueError, match="row groups"):
        list(midtrain.lean_github_rows(path, valid_row_groups=3))
    bad = _write_parquet(tmp_path / "b.parquet", [{"content": "a"}] * 3, row_group_size=1)
    with pytest.raises(ValueError, match="text"):
        list(midtrain.lean_github_rows(bad, valid_row_groups=1))


# ------------------------------------------------------------------------------------ leantree
def _goal(target: str, hyps: list[tuple[str, str]] = (), tag: str | None = None) -> dict[str, Any]:
    g: dict[str, Any] = {"type": target, "hypotheses": [{"type": t, "user_name": n} for n, t in hyps]}
    if tag:
        g["tag"] = tag
    return g


def _node(
    node_id: str, goals: list[dict[str, Any]], tactic: str | None, children: list[str], depth: int | None
) -> dict[str, Any]:
    node: dict[str, Any] = {"id": node_id, "state": {"goals": goals}}
    if tactic is not None:
        node["tactic"] = {
            "tactic_string": tactic,
            "span": None,
            "parent": node_id,
            "children": children,
            "tactic_depends_on": None,
        }
        node["proof_size"] = 1
        if depth is not None:
            node["proof_depth"] = depth
    return node


def _lean_file(
    name: str, nodes: list[dict[str, Any]], extra_theorems: list[dict[str, Any]] = ()
) -> dict[str, Any]:
    tree = {"root_id": nodes[0]["id"], "error": None, "nodes": nodes}
    theorem = {
        "span": {"start": 0, "finish": 1},
        "context": [],
        "name": name,
        "error": None,
        "by_blocks": [{"span": {"start": 0, "finish": 1}, "tree": tree}],
    }
    return {"path": f"{name}.lean", "imports": ["Mathlib"], "theorems": [theorem, *extra_theorems]}


def _leantree_fixture(path: Path) -> None:
    hyps = [("p q", "Prop"), ("hp", "p"), ("hq", "q")]
    # Stored out of order on purpose: rows must come in preorder from the root.
    main = _lean_file(
        "and_swap",
        [
            _node("node_2", [_goal("p", hyps, tag="right")], "exact hp", [], 1),
            _node("node_0", [_goal("q ∧ p", hyps)], "constructor", ["node_1", "node_2"], 2),
            _node("node_1", [_goal("q", hyps, tag="left")], "exact hq", [], 1),
        ],
    )
    main["theorems"][0]["by_blocks"][0]["tree"]["root_id"] = "node_0"
    broken = [
        {"error": "elaboration failed"},  # theorem-level error
        {
            "span": {},
            "context": [],
            "name": "tree_err",
            "by_blocks": [{"span": {}, "tree": {"error": "no tree"}}],
        },
        {"span": {}, "context": [], "name": "old_err", "by_blocks": [{"error": "old style"}]},
    ]
    lines = [main | {"theorems": main["theorems"] + broken}]
    lines.append(
        _lean_file(
            "skips",
            [
                _node("a", [_goal("1 = 1")], "simp", ["b", "c"], None),
                _node("b", [_goal("2 = 2")], "  bound ", [], None),
                _node("c", [_goal("3 = 3")], "admit", [], None),
            ],
        )
    )
    lines.append(
        _lean_file(
            "depthless",
            [
                _node("r", [_goal("x = x", [("x", "ℕ")])], "have h : True := trivial", ["s"], None),
                _node("s", [_goal("x = x", [("x", "ℕ"), ("h", "True")])], "rfl", [], None),
                _node("u", [_goal("unreachable")], None, [], None),
            ],
        )
    )
    for i in range(7):
        lines.append(_lean_file(f"filler{i}", [_node("n", [_goal(f"{i} = {i}")], "rfl", [], 1)]))
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines)
    path.write_text(text[:40] + "\n" + text + "\n\n", encoding="utf-8")  # a truncated, unparsable first line


def test_leantree_transitions_every_node_rendered_the_leantree_way(tmp_path: Path) -> None:
    path = tmp_path / "leantree.jsonl"
    _leantree_fixture(path)
    stats = leantree.LeanTreeStats()
    rows = list(leantree.leantree_transitions(path, source="fixture", stats=stats))
    assert stats.bad_lines == 1 and stats.files == 10
    assert stats.theorem_errors == 1 and stats.tree_errors == 2
    assert stats.skipped_tactics == 2 and stats.examples_skipped == ["  bound ", "admit"]
    assert [r["tactic"] for r in rows[:3]] == ["constructor", "exact hq", "exact hp"]
    assert rows[0] == {
        "state": "p q : Prop\nhp : p\nhq : q\n⊢ q ∧ p",
        "tactic": "constructor",
        "proof_depth": 2,
        "source": "fixture",
        "split": "train",
        "theorem": "and_swap",
    }
    assert rows[1]["state"] == "case left\np q : Prop\nhp : p\nhq : q\n⊢ q"
    simp = next(r for r in rows if r["tactic"] == "simp")
    assert simp["proof_depth"] == 2 and simp["state"] == "⊢ 1 = 1"  # depth computed when not stored
    assert [r["tactic"] for r in rows if r["theorem"] == "depthless"] == ["have h : True := trivial", "rfl"]
    # 11 nonblank lines, int(11 * 0.1) = 1: the last file is valid.
    assert [r["theorem"] for r in rows if r["split"] == "valid"] == ["filler6"]


def test_leantree_max_files_splits_the_prefix(tmp_path: Path) -> None:
    path = tmp_path / "leantree.jsonl"
    _leantree_fixture(path)
    rows = list(leantree.leantree_transitions(path, source="s", max_files=4, valid_fraction=0.25))
    assert {r["theorem"] for r in rows} == {"and_swap", "skips", "depthless"}
    assert {r["theorem"] for r in rows if r["split"] == "valid"} == {"depthless"}


def test_usable_tactic_filter() -> None:
    assert leantree.is_usable_tactic("simp")
    assert not leantree.is_usable_tactic("exact sorry")
    assert not leantree.is_usable_tactic("admit")
    assert not leantree.is_usable_tactic(" bound")
    assert leantree.is_usable_tactic("bound_le")


# ------------------------------------------------------------------------------------ statements
def test_close_with_sorry() -> None:
    assert statements.close_with_sorry("theorem t : 1 = 1 := by") == "theorem t : 1 = 1 := by\n  sorry"
    assert statements.close_with_sorry("theorem t : 1 = 1 :=\n") == "theorem t : 1 = 1 := by\n  sorry"
    assert statements.close_with_sorry("theorem t : 1 = 1 := by sorry") == "theorem t : 1 = 1 := by\n  sorry"
    assert (
        statements.close_with_sorry("theorem t : 1 = 1 := by\n  sorry  ")
        == "theorem t : 1 = 1 := by\n  sorry"
    )
    assert statements.close_with_sorry("theorem t : 1 = 1 := rfl") is None


def test_leanworkbook_keeps_proved_items(tmp_path: Path) -> None:
    items = [
        {
            "id": "lean_workbook_1",
            "formal_statement": "theorem lean_workbook_1 (x : ℝ) : x ^ 2 ≥ 0 := by sorry",
            "proof": ["nlinarith [sq_nonneg x]"],
        },
        {
            "id": "lean_workbook_2",
            "formal_statement": "theorem lean_workbook_2 : (2 : ℕ) ∣ 4 := by sorry",
            "proof": [],
        },
        {"formal_statement": "theorem lean_workbook_3 : True := by\n  sorry", "proof": ["trivial"]},
        {"id": "bad", "formal_statement": "theorem bad : True := trivial", "proof": ["x"]},
    ]
    path = tmp_path / "lean_workbook.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    out = statements.leanworkbook_statements(path)
    assert [s.id for s in out] == ["lean_workbook_1", "lean_workbook_3"]
    assert out[0].statement == "theorem lean_workbook_1 (x : ℝ) : x ^ 2 ≥ 0 := by\n  sorry"
    assert out[0].header == statements.LEANWORKBOOK_HEADER


def test_numinamath_rules(tmp_path: Path) -> None:
    rows = [
        {
            "uuid": "u1",
            "formal_statement": "import Mathlib\nimport Aesop\nset_option maxHeartbeats 400000\n"
            "open Real Nat\n\ntheorem n1 (x : ℝ) (h : x = 2) : x ^ 2 = 4 := by",
        },
        {"uuid": "u1", "formal_statement": "theorem dup : True := by"},
        {"uuid": "u2", "formal_statement": "theorem n2 : (3 : ℕ) ∣ 9 :="},
        {"uuid": "u3", "formal_statement": "theorem n3 : True := trivial"},
        {"uuid": "u4", "formal_statement": "lemma aux : True := sorry\ntheorem n4 : True := by"},
        {"uuid": "u5", "formal_statement": "#check Nat\nopen Real in\ntheorem n5 : π > 3 := by"},
    ]
    path = _write_parquet(tmp_path / "numina.parquet", rows)
    out = {s.id: s for s in statements.numinamath_statements(path)}
    assert sorted(out) == ["u1", "u2", "u5"]
    assert out["u1"].statement == "theorem n1 (x : ℝ) (h : x = 2) : x ^ 2 = 4 := by\n  sorry"
    assert out["u1"].header == statements.MINIF2F_HEADER + "\nopen Real Nat"
    assert out["u2"].statement == "theorem n2 : (3 : ℕ) ∣ 9 := by\n  sorry"
    assert out["u5"].statement == "open Real in\ntheorem n5 : π > 3 := by\n  sorry"


def test_deepseek_statements(tmp_path: Path) -> None:
    rows = [
        {
            "name": "d1",
            "header": "import Mathlib\nimport Aesop\nset_option maxHeartbeats 400000\n"
            "open BigOperators Real Nat Topology Rat\n",
            "formal_statement": "theorem d1 (a : ℕ) (h : a = 1) : a + 1 = 2 := by",
            "formal_proof": "subst h; rfl",
        },
        {"name": "d2", "formal_statement": "theorem d2 : True := by"},
        {"name": "d3", "formal_statement": "theorem d3 : True := trivial"},
    ]
    path = tmp_path / "dataset.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    out = statements.deepseek_statements(path)
    assert [s.id for s in out] == ["d1", "d2"]
    assert out[0].header == "set_option maxHeartbeats 400000\nopen BigOperators Real Nat Topology Rat"
    assert out[0].statement == "theorem d1 (a : ℕ) (h : a = 1) : a + 1 = 2 := by\n  sorry"
    assert out[1].header == statements.DEEPSEEK_HEADER
    assert "subst" not in out[0].statement


def test_split_rows_seeded_and_capped() -> None:
    items = [statements.Statement(str(i), "", f"theorem t{i} : True := by\n  sorry") for i in range(50)]
    rows = list(statements.split_rows("ds", items, valid_size=500, seed=0))
    assert [r["split"] for r in rows].count("valid") == 5  # capped at a tenth
    again = list(statements.split_rows("ds", items, valid_size=500, seed=0))
    assert rows == again and sorted(r["id"] for r in rows) == sorted(str(i) for i in range(50))
    big = shuffle_train_valid_split(list(range(20_000)), valid_size=500, seed=0)
    assert len(big["valid"]) == 500 and len(big["train"]) == 19_500


def test_offline_rejects_download_datasets() -> None:
    with pytest.raises(ValueError, match="offline"):
        list(statements.rl_statement_rows(["numinamath"], offline=True, valid_size=500, seed=0))
    with pytest.raises(ValueError, match="unknown RL dataset"):
        statements.load_statements("nope")


# ------------------------------------------------------------------------------------ splits, smoke
def test_hash_split_is_stable_and_roughly_proportional() -> None:
    texts = [f"document {i}" for i in range(2000)]
    valid = sum(hash_split(t, 0.1) == "valid" for t in texts)
    assert 120 < valid < 280
    assert [hash_split(t, 0.1) for t in texts] == [hash_split(t, 0.1) for t in texts]
    assert tail_split(9, 10, 0.1) == "valid" and tail_split(8, 10, 0.1) == "train"
    assert tail_split(4, 5, 0.1) == "train"  # int(0.5) = 0 valid


def test_shipped_generated_data_matches_the_generator() -> None:
    assert mathgen.MATH_FILE.read_text(encoding="utf-8") == mathgen.to_jsonl(mathgen.math_documents())
    assert mathgen.LEAN_FILE.read_text(encoding="utf-8") == mathgen.to_jsonl(mathgen.lean_documents())


def test_smoke_math_documents_are_small_and_varied() -> None:
    docs = list(smoke.math_documents())
    assert len(docs) > 300
    assert sum(len(d["text"].encode()) for d in docs) < 400_000
    assert docs[0]["url"].startswith("smoke://pretrain/") and "$" in docs[0]["text"]


def test_minilean_proof_source() -> None:
    thm = {
        "header": "open Nat",
        "statement": "theorem t (p : Prop) (hp : p) : p := by\n  sorry",
        "proof": "intro\nexact hp",
    }
    assert (
        smoke.minilean_proof_source(thm)
        == "open Nat\n\ntheorem t (p : Prop) (hp : p) : p := by\n  intro\n  exact hp\n"
    )
