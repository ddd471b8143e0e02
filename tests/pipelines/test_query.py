"""DuckDB views over fixture shards (and over a fresh home with no shards yet), examples, the CLI."""

from __future__ import annotations

import pytest

from pipelines import query as q
from rl import replay


def attempt(it: int, tid: str, outcome: str, proof: str | None = None) -> dict:
    return {
        "iteration": it,
        "dataset": "minilean",
        "theorem_id": tid,
        "outcome": outcome,
        "simulations": 3,
        "num_simulations": 64,
        "seconds": 0.2,
        "proof": proof,
        "error": None,
        "model_version": "m",
    }


def transitions(it: int, tid: str, n: int) -> list[dict]:
    return [
        {
            "iteration": it,
            "theorem_id": tid,
            "dataset": "minilean",
            "state": f"s{i}",
            "tactic": f"t{i}",
            "value_target": float(-(n - i)),
            "proof_depth": n - i,
            "model_version": "m",
        }
        for i in range(n)
    ]


@pytest.fixture
def home(tmp_path):
    replay.write_shard(
        tmp_path, "attempts", 1, [attempt(1, "a", "proven", "t0\nt1"), attempt(1, "b", "unproven")]
    )
    replay.write_shard(tmp_path, "replay", 1, transitions(1, "a", 2))
    replay.write_shard(
        tmp_path, "attempts", 2, [attempt(2, "a", "proven", "t0"), attempt(2, "b", "proven", "t0\nt1\nt2")]
    )
    replay.write_shard(tmp_path, "replay", 2, transitions(2, "a", 1) + transitions(2, "b", 3))
    replay.write_shard(
        tmp_path,
        "rejected",
        2,
        [
            {
                "iteration": 2,
                "dataset": "minilean",
                "theorem_id": "b",
                "state": "s",
                "tactic": "simp",
                "error": "e1",
            },
            {
                "iteration": 2,
                "dataset": "minilean",
                "theorem_id": "a",
                "state": "s2",
                "tactic": "simp",
                "error": "e2",
            },
        ],
    )
    return tmp_path


def test_views_over_shards(home) -> None:
    rows = q.query("SELECT iteration, count(*) AS n FROM replay GROUP BY ALL ORDER BY 1", home).to_pylist()
    assert rows == [{"iteration": 1, "n": 2}, {"iteration": 2, "n": 4}]
    rate = q.query("SELECT dataset, avg((outcome = 'proven')::INT) AS r FROM attempts GROUP BY ALL", home)
    assert rate.column("r").to_pylist() == [0.75]
    assert q.query("SELECT count(*) AS n FROM evals", home).column("n").to_pylist() == [0]


def test_examples_run_and_answer(home) -> None:
    results = {ex.name: q.query(ex.sql, home).to_pylist() for ex in q.EXAMPLES}
    assert results["success_by_iteration"][0]["success_rate"] == 0.5
    assert results["replay_matches_attempts"] == [
        {
            "iteration": 1,
            "proven_attempts": 1,
            "replay_theorems": 1,
            "replay_rows": 2,
            "orphan_replay_rows": 0,
        },
        {
            "iteration": 2,
            "proven_attempts": 2,
            "replay_theorems": 2,
            "replay_rows": 4,
            "orphan_replay_rows": 0,
        },
    ]
    assert results["hardest_theorems"] == []  # both theorems got proven eventually
    assert (
        results["failing_tactics"][0]["tactic"] == "simp" and results["failing_tactics"][0]["rejections"] == 2
    )
    assert [r["mean_tactics"] for r in results["proof_length_trend"]] == [2.0, 2.0]
    assert [(r["iteration"], r["theorem_id"]) for r in results["newly_proven"]] == [(1, "a"), (2, "b")]


def test_empty_home_has_typed_empty_views(tmp_path) -> None:
    for ex in q.EXAMPLES:
        assert q.query(ex.sql, tmp_path).num_rows == 0
    cols = q.query("SELECT * FROM attempts", tmp_path).column_names
    # the shard columns, plus the computed error category
    assert cols == [*replay.SCHEMAS["attempts"].names, "error_category"]


def test_error_category_is_queryable(tmp_path) -> None:
    rows = [attempt(1, t, "error") for t in ("infra", "stmt", "init", "bug")]
    rows.append(attempt(1, "ok", "proven", "t"))
    rows[0]["error"] = "lean infrastructure: LeanConnectionError: dropped"
    rows[1]["error"] = "bad statement: the statement is empty; it must end with `sorry`"
    rows[2]["error"] = "proof init failed: unknown identifier"
    rows[3]["error"] = "ValueError: the model broke"
    replay.write_shard(tmp_path, "attempts", 1, rows)
    got = q.query("SELECT theorem_id, error_category FROM attempts ORDER BY theorem_id", tmp_path).to_pylist()
    assert {r["theorem_id"]: r["error_category"] for r in got} == {
        "bug": "search", "infra": "infrastructure", "init": "statement", "ok": None, "stmt": "statement"
    }


def test_corrupt_shard_is_skipped_by_name(home, capsys) -> None:
    """One truncated attempts shard: the other views answer fully, attempts answers from its good shards,
    and the CLI names the file it skipped."""
    shard = sorted((home / "rl" / "attempts").glob("*/*.parquet"))[-1]
    shard.write_bytes(shard.read_bytes()[:40])
    skipped: list = []
    assert q.query("SELECT count(*) AS n FROM replay", home, skipped=skipped).to_pylist() == [{"n": 6}]
    assert [(v, p.name) for v, p, _ in skipped] == [("attempts", shard.name)]
    assert q.query("SELECT DISTINCT iteration FROM attempts", home).to_pylist() == [{"iteration": 1}]
    assert q.main(["--home", str(home), "--memory", "SELECT count(*) AS n FROM rejected"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(shard) in err and "attempts" in err


def test_cli_prints_table_and_examples(home, capsys) -> None:
    assert (
        q.main(
            ["--home", str(home), "SELECT theorem_id, outcome FROM attempts WHERE iteration = 1 ORDER BY 1"]
        )
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["theorem_id", "|", "outcome"] and out[2].split() == ["a", "|", "proven"]
    assert out[-1] == "(2 rows)"
    assert (home / "proofmill.duckdb").is_file()  # the views live in the database file
    assert q.main(["--examples"]) == 0
    assert "success_by_iteration" in capsys.readouterr().out
    assert q.main(["--home", str(home), "--memory", "--example", "failing_tactics"]) == 0
    assert "simp" in capsys.readouterr().out
    assert q.main(["--home", str(home), "--memory", "SELECT nope FROM attempts"]) == 1


def test_evals_view_over_reports(home) -> None:
    from evals.report import write_eval_report
    from search.prover import Attempt

    runs = {
        "sft": [
            Attempt("minilean", "v1", "proven", 3, 0.1, "omega"),
            Attempt("minilean", "v2", "unproven", 8),
        ],
        "rl-1": [
            Attempt("minilean", "v1", "proven", 2, 0.1, "omega"),
            Attempt("minilean", "v2", "proven", 5),
        ],
    }
    write_eval_report(runs, home / "eval" / "rl" / "iteration=1", title="t")
    write_eval_report(runs["sft"], home / "eval" / "sft", title="t")
    rows = q.query(q.example("eval_comparison").sql, home).to_pylist()
    assert [(r["report"], r["run"], r["success_rate"]) for r in rows] == [
        ("rl/iteration=1", "rl-1", 1.0),
        ("rl/iteration=1", "sft", 0.5),
        ("sft", "default", 0.5),
    ]


def test_docs_list_every_example() -> None:
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "QUERIES.md").read_text()
    for ex in q.EXAMPLES:
        assert f"### `{ex.name}`" in docs and ex.sql in docs, f"docs/QUERIES.md is missing example {ex.name}"
