"""RL learning levers: the fresh-statement frontier, optimizer-state carry, the replay FIFO, eval spread."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest
import torch

from core.profiles import AdamWSettings, RLUpdateSettings, SFTSettings
from evals.spread import bootstrap_rate, paired_delta
from minilean.engine import elaborate, initial_env
from minilean.theorems import load_theorems
from models.gpt import GPT
from rl import frontier, replay
from tests.training.test_training import CPU, make_tokenizer, synthetic_transitions, tiny_config
from training.data import SFTDataset, Transition
from training.optimizer_carry import OPTIMIZER_FILE, OptimizerStateCarry
from training.train import StageData, StageRun, run_stage


# ----------------------------------------------------------------------------------------- frontier
def test_statement_key_ignores_the_theorem_name() -> None:
    a = "theorem foo (p q : Prop) (h : p) : p ∨ q := by\n  sorry"
    b = "theorem bar  (p q : Prop)  (h : p) :  p ∨ q := by sorry"
    assert frontier.statement_key(a) == frontier.statement_key(b) == "(p q : Prop) (h : p) : p ∨ q"
    assert frontier.statement_key(a) != frontier.statement_key(a.replace("p ∨ q", "q ∨ p"))


def test_frontier_is_fresh_deterministic_and_provable() -> None:
    cfg = frontier.FrontierConfig(per_iteration=12, levels=(2, 3, 4))
    rows = frontier.generate(1, cfg)
    assert len(rows) == 12 and rows == frontier.generate(1, cfg)  # same iteration → same statements
    again = frontier.generate(2, cfg)
    assert {r["id"] for r in rows}.isdisjoint({r["id"] for r in again})  # a new iteration → new ones
    shipped = frontier.shipped_keys()
    valid = {frontier.statement_key(r["statement"]) for r in load_theorems("valid")}
    assert valid <= shipped
    for r in rows:
        assert frontier.statement_key(r["statement"]) not in shipped  # never an eval (or SFT) statement
        assert r["tier"] in (2, 3, 4) and r["dataset"] == frontier.DATASET and r["split"] == "train"
        res = elaborate(initial_env(), r["statement"])  # a well-formed minilean goal
        assert not res.has_errors and len(res.sorries) == 1


def test_frontier_excludes_given_statements_and_merge_dedupes() -> None:
    cfg = frontier.FrontierConfig(per_iteration=6)
    rows = frontier.generate(3, cfg)
    blocked = [rows[0]["statement"].replace(rows[0]["id"], "renamed")]
    again = frontier.generate(3, cfg, exclude={frontier.statement_key(s) for s in blocked})
    assert rows[0]["id"] not in {r["id"] for r in again} and len(again) == 6
    base = [{"dataset": "minilean", "id": "t1", "statement": "theorem t1 (p : Prop) : p → p := by\n  sorry"}]
    pool = frontier.merge_pool(base, rows + rows, eval_statements=blocked)
    assert len(pool) == 1 + 5 and pool[0]["id"] == "t1"


def test_frontier_config_refuses_bad_values() -> None:
    with pytest.raises(ValueError, match="levels"):
        frontier.FrontierConfig(levels=(0, 5))
    with pytest.raises(ValueError, match="per_iteration"):
        frontier.FrontierConfig(per_iteration=-1)


# ------------------------------------------------------------------------------------ replay FIFO
def test_fifo_keeps_the_newest_distinct_transitions() -> None:
    rows = [{"iteration": k, "state": f"s{i}", "tactic": "t"} for k in (1, 2) for i in range(3)]
    rows.append({"iteration": 3, "state": "s0", "tactic": "t"})  # s0 proven again: moves to the end
    kept = replay.fifo(rows, capacity=3)
    assert [(r["state"], r["iteration"]) for r in kept] == [("s1", 2), ("s2", 2), ("s0", 3)]
    assert len(replay.fifo(rows, capacity=100)) == 3
    with pytest.raises(ValueError):
        replay.fifo(rows, capacity=0)


# ------------------------------------------------------------------------------ optimizer carry
def test_optimizer_state_is_carried_between_updates(tmp_path: Path) -> None:
    tok = make_tokenizer()
    rows = [Transition(r["state"], r["tactic"], r["proof_depth"]) for r in synthetic_transitions(64)]
    data = SFTDataset(rows, tok, 128)
    settings = RLUpdateSettings(max_steps=4, batch_size=8, seq_len=128, optimizer=AdamWSettings(lr=1e-3),
                                warmdown_frac=0.0)
    first = OptimizerStateCarry(None, tmp_path / "a" / OPTIMIZER_FILE)
    r1 = run_stage("rl", StageData(tok, data, greedy_eval=[]), settings, CPU,
                   StageRun(tmp_path / "a", model_config=tiny_config(tok), enable_progress_bar=False,
                            callbacks=[first]))
    state = torch.load(tmp_path / "a" / OPTIMIZER_FILE, weights_only=True)
    steps = {float(s["step"]) for s in state["state"].values()}
    assert first.loaded == "fresh" and steps == {4.0}
    second = OptimizerStateCarry(tmp_path / "a" / OPTIMIZER_FILE, tmp_path / "b" / OPTIMIZER_FILE)
    run_stage("rl", StageData(tok, data, greedy_eval=[]), settings, CPU,
              StageRun(tmp_path / "b", init_checkpoint=r1.checkpoint_path, enable_progress_bar=False,
                       callbacks=[second]))
    carried = torch.load(tmp_path / "b" / OPTIMIZER_FILE, weights_only=True)
    assert second.loaded.startswith("carried")
    assert {float(s["step"]) for s in carried["state"].values()} == {8.0}
    assert all(g["lr"] == pytest.approx(1e-3) for g in carried["param_groups"])


# --------------------------------------------------------------------------------------- spread
def test_bootstrap_interval_covers_the_rate_and_shrinks_with_n() -> None:
    small = bootstrap_rate([True] * 7 + [False] * 3)
    large = bootstrap_rate([True] * 700 + [False] * 300)
    assert small.mean == pytest.approx(0.7) and small.low < 0.7 < small.high
    assert large.high - large.low < (small.high - small.low) / 5
    assert 0.003 < large.std < 0.03


def test_paired_delta_sees_a_consistent_gain_that_independent_intervals_would_not() -> None:
    base = [i % 4 != 0 for i in range(100)]  # 75 %
    better = [b or i % 12 == 0 for i, b in enumerate(base)]  # + the 9 theorems i % 12 == 0 (all failures)
    d = paired_delta(better, base)
    assert d.mean == pytest.approx(0.09) and d.low > 0  # every changed theorem moved the same way
    assert bootstrap_rate(better).low < bootstrap_rate(base).high  # the two intervals overlap
    with pytest.raises(ValueError):
        paired_delta([True], [True, False])


# ------------------------------------------------------------------- learning curve and `best` alias
def _report(dirpath: Path, runs: dict[str, list[bool]], checkpoints: dict[str, str]) -> None:
    import json

    import pyarrow as pa
    import pyarrow.parquet as pq

    dirpath.mkdir(parents=True)
    rows = [{"run": run, "dataset": "minilean", "id": f"t{i:03d}", "outcome": "proven" if ok else "unproven"}
            for run, solved in runs.items() for i, ok in enumerate(solved)]
    pq.write_table(pa.Table.from_pylist(rows), dirpath / "theorems.parquet")
    summary = {"budgets": [8, 16, 32, 64],
               "runs": {r: {"success_rate": sum(s) / len(s), "checkpoint": checkpoints.get(r)}
                        for r, s in runs.items()}}
    (dirpath / "summary.json").write_text(json.dumps(summary))


def test_learning_curve_points_best_and_plot(tmp_path: Path) -> None:
    from evals import learning_curve as lc

    sft = [i % 4 != 0 for i in range(40)]  # 75 %
    rl3 = [s or i % 8 == 0 for i, s in enumerate(sft)]  # + 5 theorems: 87.5 %
    rl6 = [s and i % 10 != 1 for i, s in enumerate(sft)]  # - 4 theorems: 65 %
    _report(tmp_path / "eval" / "sft", {"sft": sft, "uniform-random": [i % 2 == 0 for i in range(40)]}, {})
    _report(tmp_path / "eval" / "rl" / "iteration=3", {"sft": sft, "rl-3": rl3},
            {"sft": "models:/proofmill/3", "rl-3": "models:/proofmill/7"})
    _report(tmp_path / "eval" / "rl" / "iteration=6", {"sft": sft, "rl-6": rl6},
            {"sft": "models:/proofmill/3", "rl-6": "models:/proofmill/10"})
    points, refs, plot = lc.write_curve(tmp_path / "eval", tmp_path / "out", "curve")
    assert [(p.iteration, p.run) for p in points] == [(0, "sft"), (3, "rl-3"), (6, "rl-6")]
    assert points[1].rate.mean == pytest.approx(0.875) and points[1].delta_vs_sft.mean == pytest.approx(0.125)
    assert points[1].delta_vs_sft.low > 0 > points[2].delta_vs_sft.high  # a real gain, a real loss
    assert refs["uniform-random"].mean == pytest.approx(0.5)
    assert lc.best_point(points).checkpoint == "models:/proofmill/7"
    assert lc.best_point(points[:1] + points[2:]).run == "sft"  # nothing better: best stays at SFT
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "out" / "learning_curve.json").is_file()
    assert "| 3 | models:/proofmill/7 | 87.5 %" in lc.markdown_table(points)
    # a report over several eval sets: the curve of one set counts only its theorems
    assert lc.rl_points(tmp_path / "eval", dataset="minilean") == points
    assert lc.rl_points(tmp_path / "eval", dataset="minif2f_lite") == []


def test_best_alias_moves_to_a_registered_version_and_resolves(tmp_path: Path) -> None:
    from models.gpt import GPT
    from registry import registry
    from registry.best import best_checkpoint, point_best_at
    from registry.checkpoint import save_checkpoint

    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    tok = make_tokenizer()
    versions = []
    for stage in ("sft", "rl"):
        ckpt = tmp_path / stage / "model.pt"
        save_checkpoint(ckpt, GPT(tiny_config(tok)), tok.fingerprint(), {"stage": stage})
        versions.append(registry.log_stage_run(registry.StageRecord(stage, ckpt, tok.fingerprint()), uri=uri))
    assert best_checkpoint(uri) is None
    assert point_best_at("rl/iteration=3@sha256:abc", uri).startswith("not moved")
    assert point_best_at(versions[1].model_uri, uri) == f"moved: best = {versions[1].model_uri}"
    assert point_best_at(versions[1].model_uri, uri).startswith("unchanged")
    path, model_uri = best_checkpoint(uri)
    assert model_uri == versions[1].model_uri and path.is_file() and path.read_bytes() == (
        tmp_path / "rl" / "model.pt").read_bytes()


# ---------------------------------------------------------------------------------- unlikelihood
def test_unlikelihood_rows_push_a_rejected_tactic_down(tmp_path: Path) -> None:
    from training.data import negative_rows

    tok = make_tokenizer()
    rows = [Transition(r["state"], r["tactic"], r["proof_depth"]) for r in synthetic_transitions(48)]
    state = next(r.state for r in rows if r.tactic == "omega")  # training makes omega likely here
    rejected = [(state, "omega")] * 3 + [(state, "simp")]
    negs = negative_rows(rejected, tok, 128, limit=10)
    assert len(negs) == 2 and all(r.weight < 0 and not r.is_value for r in negs)  # distinct pairs only
    assert len(negative_rows(rejected, tok, 128, limit=1)) == 1

    def logprob(ckpt: Path, tactic: str) -> float:
        from registry.checkpoint import load_checkpoint

        model, _ = load_checkpoint(str(ckpt), tokenizer=tok)
        ids, mask = tok.tactic_row(state, tactic)
        x = torch.tensor([ids[:-1]])
        with torch.no_grad():
            lp = torch.log_softmax(model(x), -1)[0]
        return float(sum(lp[i - 1, ids[i]] for i in range(1, len(ids)) if mask[i]))

    # an SFT'd base that finds omega likely in that state (unlikelihood only acts where p is not tiny)
    sft = SFTSettings(max_steps=60, batch_size=16, seq_len=128, optimizer=AdamWSettings(lr=3e-3))
    base = run_stage("sft", StageData(tok, SFTDataset(rows, tok, 128), greedy_eval=[]), sft, CPU,
                     StageRun(tmp_path / "base", model_config=tiny_config(tok), enable_progress_bar=False,
                              seed=0)).checkpoint_path
    assert logprob(base, "omega") > -6.0
    results = {}
    for name, ul in (("plain", 0.0), ("ul", 5.0)):
        settings = RLUpdateSettings(max_steps=6, batch_size=8, seq_len=128, optimizer=AdamWSettings(lr=3e-3),
                                    warmdown_frac=0.0, unlikelihood_weight=ul)
        data = SFTDataset(rows, tok, 128, extra_rows=negs * 16)
        results[name] = run_stage("rl", StageData(tok, data, greedy_eval=[]), settings, CPU,
                                  StageRun(tmp_path / name, init_checkpoint=base, enable_progress_bar=False,
                                           seed=0)).checkpoint_path
    # same data and seed: only the unlikelihood term differs, and it makes the rejected tactic less likely
    assert logprob(results["ul"], "omega") < logprob(results["plain"], "omega") - 0.3


def test_unlikelihood_loss_is_mean_of_minus_log_one_minus_p_over_negative_rows() -> None:
    from training.lightning_modules import SFTModule

    tok = make_tokenizer()
    settings = RLUpdateSettings(unlikelihood_weight=0.5)
    module = SFTModule(GPT(tiny_config(tok)), settings, bin_ids=tok.bin_ids)
    assert module.unlikelihood_weight == 0.5
    p = torch.tensor([[0.5, 0.9, 0.0], [0.2, 0.0, 0.0], [0.3, 0.3, 0.0]])
    per_token = -torch.log(p.clamp(min=1e-9))  # CE = -log p
    targets = torch.tensor([[1, 1, -1], [1, -1, -1], [1, 1, -1]])
    weight = torch.tensor([-1.0, -1.0, 1.0])  # the positive third row does not count
    expected = ((-math.log(0.5) - math.log(0.1)) / 2 + -math.log(0.8)) / 2
    assert float(module.unlikelihood_loss(per_token, targets, weight)) == pytest.approx(expected, rel=1e-4)
    assert float(module.unlikelihood_loss(per_token, targets, torch.ones(3))) == 0.0


def test_rl_pool_adds_and_records_the_frontier(tmp_path: Path) -> None:

    from core.profiles import get_profile
    from rl.rollouts import rl_pool

    base = [{"dataset": "minilean", "id": r["id"], "split": "train", "header": "",
             "statement": r["statement"]} for r in load_theorems("train")[:5]]
    off = get_profile("smoke")
    off = dataclasses.replace(
        off, rl=dataclasses.replace(off.rl, frontier_per_iteration=0, comp_pool_per_iteration=0,
                                    use_rl_statements=True))
    assert rl_pool(tmp_path, base, 1, off, []) == (base, 0)
    with pytest.raises(ValueError, match="use_rl_statements"):  # no base and no frontier: an empty pool
        dataclasses.replace(off.rl, use_rl_statements=False)
    on = dataclasses.replace(off, rl=dataclasses.replace(off.rl, frontier_per_iteration=4))
    pool1, fresh1 = rl_pool(tmp_path, base, 1, on, [])
    pool2, fresh2 = rl_pool(tmp_path, base, 2, on, [])
    assert (fresh1, fresh2) == (4, 4) and len(pool1) == 9 and len(pool2) == 13  # iteration 1's stay in 2
    assert replay.read_shards(tmp_path, "frontier", [1, 2]).num_rows == 8
    assert rl_pool(tmp_path, base, 1, on, [])[0] == pool1  # a re-run of an iteration sees the same pool
    alone = dataclasses.replace(on, rl=dataclasses.replace(on.rl, use_rl_statements=False))
    pool_alone, fresh_alone = rl_pool(tmp_path, base, 2, alone, [])
    assert fresh_alone == 4 and pool_alone == pool2[len(base):]  # the frontier of iterations 1..2 only


# ------------------------------------------------------------------------------- KL to the SFT prior
def test_kl_to_reference_is_zero_at_the_reference_and_positive_away_from_it() -> None:
    from training.data import collate_sft
    from training.lightning_modules import SFTModule

    tok = make_tokenizer()
    rows = [Transition(r["state"], r["tactic"], r["proof_depth"]) for r in synthetic_transitions(8)]
    batch = collate_sft([SFTDataset(rows, tok, 128)[i] for i in range(4)], tok.pad_id)
    torch.manual_seed(0)
    ref = GPT(tiny_config(tok))
    policy = GPT(tiny_config(tok))
    policy.load_state_dict(ref.state_dict())
    module = SFTModule(policy, RLUpdateSettings(kl_weight=1.0), bin_ids=tok.bin_ids, reference=ref)
    with torch.no_grad():
        assert float(module.kl_to_reference(policy(batch["idx"]), batch)) == pytest.approx(0.0, abs=1e-6)
        policy.lm_head.weight.add_(0.5 * torch.randn_like(policy.lm_head.weight))
        assert float(module.kl_to_reference(policy(batch["idx"]), batch)) > 0.01
    # the reference is frozen, outside the optimizer and outside the module's state (checkpoints)
    assert not any(p.requires_grad for p in ref.parameters())
    assert {id(p) for p in module.parameters()}.isdisjoint({id(p) for p in ref.parameters()})
    assert not any(k.startswith("_reference") for k in module.state_dict())
    with pytest.raises(ValueError, match="reference"):
        SFTModule(GPT(tiny_config(tok)), RLUpdateSettings(kl_weight=1.0), bin_ids=tok.bin_ids)


def test_kl_weight_keeps_the_update_near_the_reference(tmp_path: Path) -> None:
    """Same data and seed; only the KL term differs: the policy trained with it stays closer (in KL on
    held-out states) to the policy it started from."""
    from registry.checkpoint import load_checkpoint
    from training.data import collate_sft
    from training.lightning_modules import SFTModule

    tok = make_tokenizer()
    rows = [Transition(r["state"], r["tactic"], r["proof_depth"]) for r in synthetic_transitions(48)]
    sft = SFTSettings(max_steps=30, batch_size=16, seq_len=128, optimizer=AdamWSettings(lr=3e-3))
    base = run_stage("sft", StageData(tok, SFTDataset(rows, tok, 128), greedy_eval=[]), sft, CPU,
                     StageRun(tmp_path / "base", model_config=tiny_config(tok), enable_progress_bar=False,
                              seed=0)).checkpoint_path
    narrow = [r for r in rows if r.tactic == rows[0].tactic] * 8  # a replay of one tactic: sharpening
    out = {}
    for name, kl in (("plain", 0.0), ("kl", 5.0)):
        settings = RLUpdateSettings(max_steps=10, batch_size=8, seq_len=128, optimizer=AdamWSettings(lr=3e-3),
                                    warmdown_frac=0.0, kl_weight=kl)
        data = StageData(tok, SFTDataset(narrow, tok, 128), greedy_eval=[])
        out[name] = run_stage("rl", data, settings, CPU,
                              StageRun(tmp_path / name, init_checkpoint=base, reference_checkpoint=base,
                                       enable_progress_bar=False, seed=0)).checkpoint_path
    ref = load_checkpoint(str(base), tokenizer=tok)[0]
    batch = collate_sft([SFTDataset(rows, tok, 128)[i] for i in range(16)], tok.pad_id)
    dist = {}
    for name, path in out.items():
        policy = load_checkpoint(str(path), tokenizer=tok)[0]
        module = SFTModule(policy, RLUpdateSettings(kl_weight=1.0), bin_ids=tok.bin_ids, reference=ref)
        with torch.no_grad():
            dist[name] = float(module.kl_to_reference(policy(batch["idx"]), batch))
    assert dist["kl"] < 0.5 * dist["plain"]
