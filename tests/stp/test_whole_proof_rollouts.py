"""Whole-proof RL rollouts (rl.rollout_mode): the per-iteration mode schedule, and one rollout batch in
``whole_proof`` and ``both`` mode with a tiny model trained on whole scripts and a real minilean server:
one outcome row per theorem, proven ones carry one whole-proof transition Lean accepts, and ``both``
hands what whole proof left to MCTS."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from core.profiles import get_profile
from rl import replay
from rl.rollouts import RolloutBatch, RolloutPolicy
from stp.whole_proof import is_whole_proof_state, proof_source, statement_prompt
from stp.whole_proof_rollouts import mode_for, prove_batch_whole

THEOREMS = [
    {"dataset": "minilean", "id": "and_left", "split": "train", "header": "",
     "statement": "theorem and_left (p q : Prop) (hp : p) (hq : q) : p := by\n  sorry", "proof": "exact hp"},
    {"dataset": "minilean", "id": "imp_self", "split": "train", "header": "",
     "statement": "theorem imp_self (p : Prop) : p → p := by\n  sorry", "proof": "intro h\nexact h"},
    {"dataset": "minilean", "id": "lt_le", "split": "train", "header": "",
     "statement": "theorem lt_le (a b : ℕ) (h : a < b) : a ≤ b := by\n  sorry", "proof": "omega"},
    {"dataset": "minilean", "id": "false_le", "split": "train", "header": "",  # not provable
     "statement": "theorem false_le (a b : ℕ) (h : a < b) : b ≤ a := by\n  sorry", "proof": None},
]


def test_mode_schedule() -> None:
    assert mode_for("mcts", 5) == "mcts"
    assert [mode_for("whole_proof, both,mcts", k) for k in (1, 2, 3, 4)] == [
        "whole_proof", "both", "mcts", "mcts"]  # the last one repeats
    with pytest.raises(ValueError, match="rollout_mode"):
        get_profile("smoke", {"rl": {"rollout_mode": "mcts,beam"}})
    assert get_profile("smoke", {"rl": {"rollout_mode": "whole_proof,mcts"}}).rl.rollout_mode
    assert get_profile("smoke").rl.rollout_mode == "mcts"  # the default stays the search


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(checkpoint, tokenizer) of a tiny GPT trained on the whole scripts of THEOREMS."""
    return _tiny_checkpoint(tmp_path_factory.mktemp("tiny"))


def _tiny_checkpoint(tmp_path: Path) -> tuple[Path, Path]:
    from core.profiles import AdamWSettings, ComputeSettings, SFTSettings
    from models.gpt import GPTConfig
    from models.tokenizer import ProofTokenizer
    from training.data import SFTDataset, Transition
    from training.train import StageData, StageRun, run_stage

    rows = [Transition(statement_prompt(t), t["proof"], len(t["proof"].splitlines()))
            for t in THEOREMS if t["proof"]]
    tok = ProofTokenizer.train([f"{r.state}\n{r.tactic}" for r in rows] * 20, vocab_size=512)
    tok_path = tmp_path / "tokenizer.json"
    tok.save(tok_path)
    result = run_stage(
        "sft", StageData(tok, SFTDataset(rows * 16, tok, 96), greedy_eval=[]),
        SFTSettings(max_steps=60, batch_size=8, seq_len=96, optimizer=AdamWSettings(lr=1e-2),
                    value_weight=0.1),
        ComputeSettings(num_threads=2),
        StageRun(tmp_path / "sft", enable_progress_bar=False,
                 model_config=GPTConfig(vocab_size=tok.vocab_size, sequence_len=128, n_layer=2, n_head=2,
                                        n_kv_head=2, n_embd=64)),
    )
    return Path(result.checkpoint_path), tok_path


@pytest.mark.slow
def test_whole_proof_and_both_rollout_batches(tmp_path: Path, minilean_url: str, tiny) -> None:
    from lean_io.client import LeanClient

    checkpoint, tok_path = tiny
    profile = get_profile("smoke", {"compute": {"num_threads": 2},
                                    "search": {"num_simulations": 4, "concurrency": 2, "num_samples": 2,
                                               "max_new_tokens": 8, "time_budget_s": 20.0},
                                    "whole_proof": {"max_new_tokens": 16, "batch_size": 4},
                                    "rl": {"whole_proof_samples": 4}})
    theorems = [{**{k: v for k, v in t.items() if k != "proof"}, "num_simulations": 4} for t in THEOREMS]
    work = RolloutBatch(tmp_path / "home", 1, 0, theorems)
    policy = RolloutPolicy(checkpoint, "tiny", tok_path)
    path, stats = prove_batch_whole(work, policy, profile, [minilean_url], mode="whole_proof")
    rows = replay.read_table(path, "rollouts").to_pylist()
    assert sorted(r["theorem_id"] for r in rows) == sorted(t["id"] for t in THEOREMS)
    assert all(r["simulations"] == 4 for r in rows)  # whole-proof samples drawn per theorem
    proven = [r for r in rows if r["outcome"] == "proven"]
    assert proven and "false_le" not in {r["theorem_id"] for r in proven}
    assert stats["whole_proof_proven"] == stats["proven"] == len(proven) and stats["mcts_attempts"] == 0
    process = LeanClient(minilean_url).get_process()
    try:
        for r in proven:  # one whole-proof transition each, and Lean accepts its script
            [t] = r["transitions"]
            theorem = next(x for x in THEOREMS if x["id"] == r["theorem_id"])
            assert is_whole_proof_state(t["state"]) and t["tactic"] == r["proof"]
            assert t["proof_depth"] == len(r["proof"].splitlines()) == -t["value_target"]
            assert process.is_valid_source(proof_source(theorem, r["proof"]))
    finally:
        process.return_process()
    assert all(not r["transitions"] for r in rows if r["outcome"] != "proven")
    shards = replay.derive_shards(rows)  # what replay_shard writes: the rows train as whole-proof rows
    assert len(shards["replay"]) == len(proven)
    assert all(is_whole_proof_state(r["state"]) for r in shards["replay"])

    # both: whole proof first, MCTS only on what it left (here at least false_le), one row per theorem
    fewer = dataclasses.replace(profile, rl=dataclasses.replace(profile.rl, whole_proof_samples=1))
    path, stats = prove_batch_whole(work, policy, fewer, [minilean_url], mode="both")
    rows = replay.read_table(path, "rollouts").to_pylist()
    assert sorted(r["theorem_id"] for r in rows) == sorted(t["id"] for t in THEOREMS)
    assert stats["mcts_attempts"] == len(THEOREMS) - stats["whole_proof_proven"] >= 1
    assert next(r for r in rows if r["theorem_id"] == "false_le")["outcome"] == "unproven"


@pytest.mark.slow
def test_rollouts_asset_in_whole_proof_mode(tmp_path: Path, minilean_url: str, tiny, monkeypatch) -> None:
    """Through Dagster: rollouts[1] with rl.rollout_mode whole_proof shows its mode and whole-proof proofs
    in the asset's metadata; the replay shard holds them as whole-proof rows."""
    import json
    import shutil

    import dagster as dg
    import pyarrow as pa
    import pyarrow.parquet as pq

    from assets.resources import ProofmillResource
    from assets.rl import replay_shard, rollouts

    checkpoint, tok_path = tiny
    res = ProofmillResource(home=str(tmp_path / "home"), lean_servers=[minilean_url])
    cols = ("dataset", "id", "split", "header", "statement")
    pq.write_table(pa.Table.from_pylist([{c: t[c] for c in cols} for t in THEOREMS]),
                   res.corpus_path("rl_statements"))
    bench = {"dataset": "minilean", "id": "v", "split": "valid", "header": "",
             "statement": "theorem v (p : Prop) (hp : p) : p ∨ p := by\n  sorry"}
    pq.write_table(pa.Table.from_pylist([bench]), res.corpus_path("benchmark_statements"))
    res.checkpoint_path("sft").parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(checkpoint, res.checkpoint_path("sft"))
    res.tokenizer_path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(tok_path, res.tokenizer_path())
    profile_file = tmp_path / "profile.json"
    profile_file.write_text(json.dumps({
        "compute": {"num_threads": 2}, "search": {"concurrency": 2},
        "whole_proof": {"max_new_tokens": 16, "batch_size": 4},
        "rl": {"rollout_mode": "whole_proof", "whole_proof_samples": 4, "theorems_per_iteration": 4,
               "batches_per_iteration": 1, "frontier_per_iteration": 0, "comp_pool_per_iteration": 0,
               "use_rl_statements": True,
               "check_statements": False}}))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile_file))
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions("rl_iteration", ["1"])
    result = dg.materialize([rollouts, replay_shard], partition_key="1", instance=instance,
                            resources={"proofmill": res})
    assert result.success
    md = result.asset_materializations_for_node("rollouts")[0].metadata
    assert md["rollout_mode"].value == "whole_proof" and md["attempts"].value == 4
    assert md["proven_by_whole_proof"].value == md["proven"].value >= 1
    states = replay.read_shards(res.root, "replay", [1]).column("state").to_pylist()
    assert len(states) == md["proven"].value and all(map(is_whole_proof_state, states))
