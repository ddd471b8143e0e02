"""eval_sweep: the statistics on hand-made rows, and the Dagster asset end to end (SFT + two RL policies
registered in MLflow, 3 seeded repeats on minilean servers, parquet + plot + metrics + best-<benchmark>)."""

from __future__ import annotations

import json

import dagster as dg
import pyarrow.parquet as pq
import pytest

from assets.eval import eval_sweep
from assets.resources import ProofmillResource
from evals.sweep import pick_best, summarize, thresholds
from tests.assets.test_eval_asset import _write_inputs


def _row(run: str, seed: int, tid: str, proven: bool, at: int | None = None) -> dict:
    return {"run": run, "benchmark": "b", "theorem_id": tid, "seed": seed, "proven": proven,
            "solved_at_simulation": at, "simulations": 64, "model_version": f"models:/proofmill/{run}"}


def test_default_checkpoints_are_sft_and_every_rl_policy(tmp_path) -> None:
    from assets.eval import _sweep_checkpoints

    resource = ProofmillResource(profile="smoke", home=str(tmp_path))
    for stage in ("sft", "rl/iteration=10", "rl/iteration=2"):
        resource.checkpoint_path(stage).parent.mkdir(parents=True, exist_ok=True)
        resource.checkpoint_path(stage).write_bytes(b"x")
    assert list(_sweep_checkpoints(resource, None)) == ["sft", "rl/iteration=2", "rl/iteration=10"]
    with pytest.raises(dg.Failure, match=r"iteration=3.* does not exist; materialize"):
        _sweep_checkpoints(resource, ["rl/iteration=3"])


def test_summary_mean_spread_pass_at_k_and_anytime() -> None:
    proved = {(0, "t1"): 4, (1, "t1"): 20, (1, "t2"): 8, (2, "t3"): 64}  # (seed, theorem) -> solved at
    ids = ("t1", "t2", "t3", "t4")
    rows = [
        *(_row("x", s, t, (s, t) in proved, proved.get((s, t))) for s in range(3) for t in ids),
        *(_row("y", s, t, t == "t1", 2) for s in range(3) for t in ids),
    ]
    summary, anytime = summarize(rows, 64)
    x = next(r for r in summary if r["run"] == "x")
    assert x["repeats"] == 3 and x["theorems"] == 4
    assert x["success_mean"] == pytest.approx((0.25 + 0.5 + 0.25) / 3)
    assert x["success_std"] == pytest.approx(0.1443375, abs=1e-6)
    assert (x["success_min"], x["success_max"]) == (0.25, 0.5)
    assert (x["pass_at_1"], x["pass_at_2"], x["pass_at_3"]) == (0.25, 0.5, 0.75)
    curve = {r["simulations"]: r["success_mean"] for r in anytime if r["run"] == "x"}
    assert thresholds(64) == [8, 16, 32, 64]
    assert curve[8] == pytest.approx((0.25 + 0.25 + 0) / 3) and curve[64] == pytest.approx(x["success_mean"])
    y = next(r for r in summary if r["run"] == "y")
    assert y["success_std"] == 0.0 and y["pass_at_3"] == 0.25
    assert pick_best(summary)["b"]["run"] == "x"  # same mean 1/3 vs 0.25 → x


@pytest.mark.slow
def test_eval_sweep_asset_over_sft_and_rl_policies(tmp_path) -> None:
    import torch

    from models.gpt import GPT, GPTConfig
    from models.tokenizer import ProofTokenizer
    from registry import registry
    from registry.checkpoint import save_checkpoint

    resource = ProofmillResource(
        profile="smoke", home=str(tmp_path / "home"), mlflow_tracking_uri=f"sqlite:///{tmp_path}/mlflow.db"
    )
    _write_inputs(resource)
    tok = ProofTokenizer.load(resource.tokenizer_path())
    for k in (1, 2):  # two RL policies, registered as the RL update registers them; the sweep takes rl 2
        torch.manual_seed(k)
        path = resource.checkpoint_path(f"rl/iteration={k}")
        model = GPT(GPTConfig.preset("tiny", tok.vocab_size, 256))
        save_checkpoint(path, model, tok.fingerprint(), {"stage": "rl"})
        v = registry.log_stage_run(
            registry.StageRecord("rl", path, tok.fingerprint(), metrics={"val_loss": 1.0}),
            uri=resource.tracking_uri)
        (path.parent / "registered.json").write_text(
            json.dumps({"model_uri": v.model_uri, "version": v.version, "run_id": v.run_id}))
    result = dg.materialize(
        [eval_sweep], resources={"proofmill": resource},
        run_config={"ops": {"eval_sweep": {"config": {
            "checkpoints": ["sft", "rl/iteration=2"], "repeats": 3, "num_simulations": 8, "concurrency": 4,
            "max_theorems": 3}}}},
    )
    assert result.success
    out = resource.path("eval", "sweep")
    summary = pq.read_table(out / "summary.parquet").to_pylist()
    assert {r["run"] for r in summary} == {"sft", "rl/iteration=2"}
    assert all(r["repeats"] == 3 and r["pass_at_1"] <= r["pass_at_2"] <= r["pass_at_3"] for r in summary)
    attempts = pq.read_table(out / "attempts.parquet")
    assert attempts.num_rows == 2 * 3 * 3 and set(attempts.column("seed").to_pylist()) == {0, 1, 2}
    assert (out / "sweep.png").stat().st_size > 0 and (out / "anytime.parquet").exists()
    md = result.asset_materializations_for_node("eval_sweep")[0].metadata
    best = md["best"].data
    for bench, info in best.items():
        assert info["alias"].startswith(("moved", "unchanged")), info
        mv = registry.model_version(f"models:/proofmill@best-{bench}", resource.tracking_uri)
        assert f"models:/proofmill/{mv.version}" == next(
            r["model_version"] for r in summary if r["run"] == info["run"] and r["benchmark"] == bench)
    client = registry.client(resource.tracking_uri)
    record = resource.checkpoint_path("rl/iteration=2").parent / "registered.json"
    metrics = client.get_run(json.loads(record.read_text())["run_id"]).data.metrics
    assert any(k.startswith("sweep_") and k.endswith("_pass_at_3") for k in metrics)
