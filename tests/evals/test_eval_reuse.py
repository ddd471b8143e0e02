"""An RL eval reuses the SFT run of an earlier report (the foundation's eval/sft or an earlier RL eval) only
when that run was searched with the same settings, checkpoint and theorems; the settings travel in the
report's summary."""

from __future__ import annotations

import json
from pathlib import Path

from evals.evaluate import EvalRequest, evaluate, search_settings
from evals.learning_curve import reusable_run
from evals.report import write_eval_report
from minilean.theorems import load_theorems
from search.config import SearchConfig
from search.policy import UniformRandomPolicy
from search.prover import Attempt

CONFIG = SearchConfig(num_simulations=8, time_budget_s=None, num_samples=4, seed=0,
                      synthetic_candidates=("rfl",))
THEOREMS = [{"dataset": "minilean", "id": f"t{i}"} for i in range(3)]
VERSION = "models:/proofmill/3"


def _attempts(outcomes: list[str], version: str = VERSION) -> list[Attempt]:
    return [Attempt(dataset="minilean", theorem_id=f"t{i}", outcome=o, simulations=8, seconds=0.1,
                    proof="rfl" if o == "proven" else None, model_version=version)
            for i, o in enumerate(outcomes)]


def _report(root: Path, sub: str, config: SearchConfig = CONFIG, policy_seed: int | None = 0,
            version: str = VERSION, outcomes: tuple[str, ...] = ("proven", "unproven", "proven")) -> Path:
    out = root / sub
    write_eval_report({"sft": _attempts(list(outcomes), version)}, out, title=sub, num_simulations=8,
                      search=None if config is None else search_settings(config, policy_seed))
    return out


def test_the_foundation_eval_is_reused_when_everything_matches(tmp_path: Path) -> None:
    sft_dir = _report(tmp_path, "sft")
    found = reusable_run(tmp_path, "sft", VERSION, THEOREMS, search_settings(CONFIG, 0), exclude_iteration=2)
    assert found is not None
    attempts, where = found
    assert where == sft_dir
    assert [a.outcome for a in attempts] == ["proven", "unproven", "proven"]


def test_nothing_is_reused_when_anything_differs(tmp_path: Path) -> None:
    _report(tmp_path, "sft")
    wanted = search_settings(CONFIG, 0)
    assert reusable_run(tmp_path, "sft", VERSION, THEOREMS, search_settings(CONFIG, 1), 2) is None
    assert reusable_run(tmp_path, "sft", VERSION, THEOREMS,
                        search_settings(CONFIG.replace(seed=1), 0), 2) is None
    assert reusable_run(tmp_path, "sft", VERSION, THEOREMS,
                        search_settings(CONFIG.replace(time_budget_s=60.0), 0), 2) is None
    assert reusable_run(tmp_path, "sft", "models:/proofmill/4", THEOREMS, wanted, 2) is None
    assert reusable_run(tmp_path, "sft", VERSION, THEOREMS[::-1], wanted, 2) is None
    assert reusable_run(tmp_path, "sft", VERSION, THEOREMS[:2], wanted, 2) is None
    assert reusable_run(tmp_path, "rl-2", VERSION, THEOREMS, wanted, 2) is None


def test_a_report_without_settings_and_the_own_iteration_are_not_reused(tmp_path: Path) -> None:
    wanted = search_settings(CONFIG, 0)
    _report(tmp_path, "sft", config=None)  # an old report: the settings it was searched with are unknown
    assert reusable_run(tmp_path, "sft", VERSION, THEOREMS, wanted, 2) is None
    _report(tmp_path, "rl/iteration=2")  # the report being replaced
    assert reusable_run(tmp_path, "sft", VERSION, THEOREMS, wanted, 2) is None
    earlier = _report(tmp_path, "rl/iteration=1", outcomes=("unproven",) * 3)
    found = reusable_run(tmp_path, "sft", VERSION, THEOREMS, wanted, 2)
    assert found is not None and found[1] == earlier


def test_a_real_eval_records_its_settings_and_a_reused_run_is_reported_unchanged(
        tmp_path: Path, minilean_url: str) -> None:
    theorems = load_theorems("train")[:4]
    policy = UniformRandomPolicy(num_samples=CONFIG.num_samples, seed=5)
    config = CONFIG.replace(concurrency=2)
    first = evaluate(EvalRequest(theorems, config, tmp_path / "sft", "first", 5), {"uniform": policy},
                     [minilean_url])
    recorded = json.loads((tmp_path / "sft" / "summary.json").read_text())["search"]
    assert recorded == json.loads(json.dumps(search_settings(CONFIG, 5)))
    version = first.summary["runs"]["uniform"]["checkpoint"]
    found = reusable_run(tmp_path, "uniform", version, theorems, search_settings(CONFIG, 5), 1)
    assert found is not None
    second = evaluate(EvalRequest(theorems, config, tmp_path / "rl" / "iteration=1", "second", 5), {},
                      [minilean_url], reuse={"uniform": found[0]})
    assert second.stats["uniform"] == {"reused": True}
    assert second.summary["runs"]["uniform"] == first.summary["runs"]["uniform"]
