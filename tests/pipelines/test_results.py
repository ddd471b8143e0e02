"""`proofmill results`: RESULTS.md and the README block come from a run's records, not from typing."""

from __future__ import annotations

from pathlib import Path

import dagster as dg
import pytest

from core.profiles import get_profile
from evals.report import write_eval_report
from pipelines import results
from search.prover import Attempt


def _attempts(dataset: str, proofs: list[str | None]) -> list[Attempt]:
    return [Attempt(dataset, f"t{i}", "proven" if p else "unproven", simulations=8, proof=p)
            for i, p in enumerate(proofs)]


def _reports(eval_root: Path) -> None:
    one, two = "norm_num", "intro h\nexact h"
    # SFT proves 2 of 4 minilean theorems (one in two steps), uniform 1; RL after iteration 2 proves 3
    write_eval_report({"sft": _attempts("minilean", [one, two, None, None]),
                       "uniform-random": _attempts("minilean", [one, None, None, None])},
                      eval_root / "sft", title="sft", num_simulations=8)
    write_eval_report({"rl-2": _attempts("minilean", [one, two, two, None]),
                       "sft": _attempts("minilean", [one, two, None, None])},
                      eval_root / "rl" / "iteration=2", title="rl", num_simulations=8)


@dg.op
def _noop() -> None:
    return None


def _session(instance: dg.DagsterInstance) -> None:
    tags = {"proofmill/launched_by": "cli", "proofmill/profile": "smoke", "proofmill/commit": "abc1234"}
    dg.GraphDefinition(name="unrelated", node_defs=[_noop]).to_job().execute_in_process(instance=instance)
    for name in ("foundation", "rl_iteration"):
        job = dg.GraphDefinition(name=name, node_defs=[_noop]).to_job()
        assert job.execute_in_process(instance=instance, tags=tags).success


def test_results_are_written_from_the_reports_and_the_instance(tmp_path: Path) -> None:
    home = tmp_path / "artifacts"
    _reports(home / "eval")
    rows = results.eval_rows(home / "eval", "minilean")
    assert [(r.policy, r.proven, r.total, r.multi_step) for r in rows] == [
        ("uniform-random tactics", 1, 4, 0), ("SFT", 2, 4, 1), ("RL policy after iteration 2", 3, 4, 2)]
    assert rows[2].delta.startswith("+25.0")  # one more theorem of four, paired against SFT

    readme = tmp_path / "README.md"
    readme.write_text(f"intro\n\n{results.BEGIN}\nold numbers\n{results.END}\n\nafter\n")
    with dg.instance_for_test() as instance:
        _session(instance)
        session = results.last_session(instance)
        assert session is not None and [r.job for r in session.runs] == ["foundation", "rl_iteration"]
        assert (session.profile, session.commit) == ("smoke", "abc1234")
        profile = get_profile("smoke", {"eval_benchmarks": ["minilean"]})
        line = results.write(home, tmp_path / "RESULTS.md", readme, instance, profile)
    assert "wrote" in line
    doc = (tmp_path / "RESULTS.md").read_text()
    assert "| RL policy after iteration 2 | 3 / 4 | 75.0 %" in doc and "commit `abc1234`" in doc
    text = readme.read_text()
    assert text.startswith("intro\n") and text.endswith("\nafter\n") and "old numbers" not in text
    assert "| RL policy after iteration 2 | 3 / 4 (75.0 %), Δ +25.0 |" in text


def test_a_readme_without_a_results_block_is_refused_and_left_alone(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no results block"):
        results.replace_block("no markers here", "x")


def test_no_run_no_results(tmp_path: Path) -> None:
    with dg.instance_for_test() as instance, pytest.raises(FileNotFoundError, match="make run"):
        results.write(tmp_path, tmp_path / "RESULTS.md", None, instance, get_profile("smoke"))
