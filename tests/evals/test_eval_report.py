"""Eval report files: per-theorem parquet, summary.json (several runs), summary.md and the plot."""

from __future__ import annotations

import json

import pyarrow.parquet as pq
import pytest

from evals.report import default_budgets, write_eval_report
from search.prover import Attempt


def _attempt(i: int, outcome: str, solved_at: int | None = None, version: str | None = "models:/proofmill/3"):
    return Attempt(
        dataset="minilean", theorem_id=f"t{i}", outcome=outcome, simulations=solved_at or 64, seconds=0.5,
        proof="trivial" if outcome == "proven" else None,
        error="lean infrastructure: boom" if outcome == "error" else None,
        solved_at_simulation=solved_at, model_version=version,
    )


def test_default_budgets() -> None:
    assert default_budgets(64) == [8, 16, 32, 64]
    assert default_budgets(100) == [8, 16, 32, 64, 100]
    assert default_budgets(4) == [4]


def test_report_with_two_runs(tmp_path) -> None:
    sft = [_attempt(0, "proven", 1), _attempt(1, "proven", 20), _attempt(2, "unproven"), _attempt(3, "error")]
    uniform = [_attempt(i, o, s, None) for i, (o, s) in enumerate(
        [("proven", 9), ("unproven", None), ("unproven", None), ("unproven", None)])]
    summary = write_eval_report({"sft": sft, "uniform-random": uniform}, tmp_path, title="SFT vs uniform",
                                num_simulations=64)
    assert summary["budgets"] == [8, 16, 32, 64]
    s = summary["runs"]["sft"]
    assert (s["theorems"], s["proven"], s["unproven"], s["error"]) == (4, 2, 1, 1)
    assert s["success_rate"] == pytest.approx(0.5)  # the error stays in the denominator
    assert s["anytime_success"] == {"8": 0.25, "16": 0.25, "32": 0.5, "64": 0.5}
    assert s["checkpoint"] == "models:/proofmill/3"
    u = summary["runs"]["uniform-random"]
    assert u["success_rate"] == pytest.approx(0.25) and u["anytime_success"]["8"] == 0.0
    assert u["anytime_success"]["16"] == 0.25

    assert json.loads((tmp_path / "summary.json").read_text()) == summary
    table = pq.read_table(tmp_path / "theorems.parquet").to_pylist()
    assert len(table) == 8
    first = table[0]
    keys = ("run", "id", "dataset", "outcome", "solved_at_simulation", "checkpoint")
    assert {k: first[k] for k in keys} == {
        "run": "sft", "id": "t0", "dataset": "minilean", "outcome": "proven", "solved_at_simulation": 1,
        "checkpoint": "models:/proofmill/3",
    }
    assert (tmp_path / "success_vs_simulations.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    md = (tmp_path / "summary.md").read_text()
    assert "| sft | 4 | 2 | 1 | 1 | 50.0% |" in md and "uniform-random" in md
    assert "lean infrastructure: boom" in md
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_report_single_run_defaults(tmp_path) -> None:
    summary = write_eval_report([_attempt(0, "proven", 3)], tmp_path, title="one")
    assert list(summary["runs"]) == ["default"]
    assert summary["budgets"] == [3]  # the most simulations any attempt used
    assert summary["runs"]["default"]["success_rate"] == 1.0
