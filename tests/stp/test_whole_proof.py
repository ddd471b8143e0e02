"""Whole-proof generation: prompts, the checker on real minilean (known-good, known-bad, unsafe, duplicate
scripts), i.i.d. batched sampling, the SFT rows, the pass@k / equal-budget report, and the asset."""

from __future__ import annotations

import json

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch

from lean_io.pool import SlotPool
from minilean.theorems import load_theorems
from search.prover import Attempt
from stp.whole_proof import (
    Sample,
    attempt_of,
    check_all,
    check_samples,
    proof_source,
    sample_scripts,
    script_problem,
    statement_prompt,
)
from stp.whole_proof_report import equal_budget, mcts_budget, passk_summary, write_report

OR_COMM = next(t for t in load_theorems("train") if t["id"] == "minilean_classic_or_comm_")
ARITH = next(t for t in load_theorems("train") if t["proof"] == "omega")


def _samples(theorem: dict, scripts: list[str]) -> list[Sample]:
    return [Sample(theorem["dataset"], theorem["id"], i, s, tokens=5, logprob=-1.0)
            for i, s in enumerate(scripts)]


def test_prompt_and_source() -> None:
    prompt = statement_prompt(OR_COMM)
    assert prompt == "example (p q : Prop) : p ∨ q ↔ q ∨ p := by"  # no name, no sorry
    source = proof_source(OR_COMM, "constructor\n· intro h\n  exact h")
    assert source.startswith("example (p q : Prop)") and "  constructor\n  · intro h\n    exact h\n" in source
    assert script_problem("omega") is None
    assert script_problem("sorry") is not None and script_problem("") == "empty script"
    assert script_problem("intro h\n#eval 1") is not None


def test_checker_on_minilean(process) -> None:
    """The reference script is accepted, a wrong one rejected, an unsafe one never sent, and duplicates are
    checked once; c counts duplicates as sampled (what pass@k needs)."""
    good, bad = OR_COMM["proof"], "constructor\n· intro h\n  exact h"
    samples = _samples(OR_COMM, [good, bad, good, "sorry", ""])
    calls = check_samples(OR_COMM, samples, process)
    assert calls == 2  # good and bad once each; `sorry` and the empty script never reach Lean
    assert [s.valid for s in samples] == [True, False, True, False, False]
    assert samples[1].reason == "rejected by Lean" and samples[3].reason.startswith("unsafe:")
    attempt = attempt_of(OR_COMM, samples, calls, 0.5, "m")
    assert (attempt.outcome, attempt.samples, attempt.correct, attempt.distinct) == ("proven", 5, 2, 3)
    assert attempt.proof == good and attempt.lean_calls == 2 and attempt.tokens == 25
    assert attempt.pass_at(1) == pytest.approx(2 / 5)
    assert not process.is_valid_source(proof_source(ARITH, "rfl"))
    assert process.is_valid_source(proof_source(ARITH, "omega"))


def test_check_all_over_a_pool(minilean_url) -> None:
    theorems = [OR_COMM, ARITH]
    samples = [_samples(OR_COMM, ["left", "left"]), _samples(ARITH, ["omega", "decide", "omega", "rfl"])]
    with SlotPool([minilean_url]) as pool:
        attempts = check_all(theorems, samples, pool, concurrency=2)
    assert [a.outcome for a in attempts] == ["unproven", "proven"]
    assert [(a.samples, a.correct, a.lean_calls) for a in attempts] == [(2, 0, 1), (4, 2, 3)]


def _tiny_model():
    from models.gpt import GPT, GPTConfig
    from models.tokenizer import ProofTokenizer

    texts = [r["statement"] + "\n" + (r["proof"] or "") for r in load_theorems("train")]
    tokenizer = ProofTokenizer.train(texts, vocab_size=700)
    torch.manual_seed(0)
    return GPT(GPTConfig.preset("tiny", tokenizer.vocab_size, sequence_len=256)), tokenizer


def test_sample_iid_batched_and_seeded() -> None:
    """k rows per state, duplicates kept, and a state's rows depend on its seed, not on its batch."""
    from models.sampler import Sampler, SamplingSettings

    model, tok = _tiny_model()
    sampler = Sampler(model, tok, SamplingSettings(max_new_tokens=6), seed=0)
    prompts = [statement_prompt(OR_COMM), statement_prompt(ARITH)]
    rows, lps = sampler.sample_iid(prompts, 5, seeds=[11, 22])
    assert len(rows) == 10 and len(lps) == 10 and all(1 <= len(r) <= 6 for r in rows)
    alone, _ = sampler.sample_iid(prompts[1:], 5, seeds=[22])
    assert alone == rows[5:]
    samples, seconds = sample_scripts([OR_COMM, ARITH], sampler.sample_iid, tok.decode, tok.eos_id, 3,
                                      batch_size=1)
    assert [len(s) for s in samples] == [3, 3] and len(seconds) == 2
    assert all(s.tokens >= 1 for per in samples for s in per)
    assert sampler.stats["rows"] == 10 + 5 + 6


def test_whole_proof_sft_rows_are_checked_proofs(process) -> None:
    from assets.sources.smoke import WHOLE_PROOF_SUFFIX, whole_proof_rows
    from minilean.minif2f import statable_rows

    rows = list(whole_proof_rows())
    assert len(rows) >= 400 and all(r["state"].startswith("example") for r in rows)
    assert {r["source"] for r in rows} == {f"{s}{WHOLE_PROOF_SUFFIX}" for s in ("minilean", "minilean_comp")}
    eval_ids = {t["id"] for t in load_theorems("valid") + load_theorems("test")} | {
        r["id"] for r in statable_rows("valid")}
    assert not eval_ids & {r["theorem"] for r in rows}
    by_id = {t["id"]: t for t in load_theorems("train")}
    for r in [r for r in rows if r["theorem"] in by_id][::60]:  # a spread of them, checked by Lean
        assert process.is_valid_source(proof_source(by_id[r["theorem"]], r["tactic"])), r["theorem"]


def _wp(tid: str, n: int, c: int, tokens: int, calls: int):
    from stp.whole_proof import WholeProofAttempt

    return WholeProofAttempt("d", tid, "proven" if c else "unproven", samples=n, correct=c, distinct=2,
                             tokens=tokens, lean_calls=calls)


def test_report_and_equal_budget(tmp_path) -> None:
    attempts = [_wp("a", 8, 8, 80, 2), _wp("b", 8, 1, 80, 2), _wp("c", 8, 0, 80, 2), _wp("d", 8, 0, 80, 2)]
    summary = passk_summary(attempts)
    assert list(summary["pass_at"]) == ["1", "2", "4", "8"]
    assert summary["pass_at"]["1"] == pytest.approx((1 + 1 / 8) / 4)
    assert summary["pass_at"]["8"] == pytest.approx(0.5)
    assert summary["tokens_per_sample"] == pytest.approx(10.0) and summary["lean_calls_per_sample"] == 0.25
    mcts_attempts = [
        Attempt("d", t, o, simulations=s, solved_at_simulation=at, stats={"lean_calls": 3 * s})
        for t, o, s, at in (("a", "proven", 2, 2), ("b", "proven", 10, 10), ("c", "unproven", 16, None),
                            ("d", "unproven", 16, None))
    ]
    mcts = mcts_budget(mcts_attempts, generated_tokens=440)  # 44 simulations: 10 tokens/simulation
    assert mcts["tokens_per_theorem"] == 110 and mcts["success_rate"] == 0.5
    eq = equal_budget(summary, attempts, mcts)
    # tokens: MCTS 110/theorem, 10 per sample -> k 11, capped at 8; K=8 samples cost 80 tokens = 8 sims
    assert eq["tokens"]["k_equal"] == 8 and eq["tokens"]["k_capped"]
    assert eq["tokens"]["mcts_simulations_equal"] == pytest.approx(8.0)
    assert eq["tokens"]["mcts_success_at_whole_proof_budget"] == 0.25  # only "a" solved by simulation 8
    # Lean calls: MCTS 33/theorem, 0.25 per sample -> 132, capped; K samples = 2 calls = 0.67 sims
    assert eq["lean_calls"]["k_equal"] == 8 and eq["lean_calls"]["mcts_success_at_whole_proof_budget"] == 0.0
    out = write_report(tmp_path / "r", title="t", attempts={"sft": attempts}, samples={"sft": []},
                       mcts={"sft": mcts})
    files = {p.name for p in (tmp_path / "r").iterdir()}
    assert {"summary.json", "summary.md", "passk.png", "attempts.parquet", "samples.parquet"} <= files
    written = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert written["equal_budget"]["sft"]["tokens"]["k_equal"] == 8
    assert "| tokens | 110.0 | 50.0% | 8 (capped at K) |" in (tmp_path / "r" / "summary.md").read_text()
    assert out["mcts"]["sft"]["simulations_per_theorem"] == 11
    with pytest.raises(ValueError):
        passk_summary(attempts, ks=[16])


@pytest.mark.slow
def test_whole_proof_eval_asset(tmp_path) -> None:
    """The asset end to end: an (untrained) registered SFT checkpoint, 4 minilean valid theorems, k = 4,
    MCTS at 4 simulations; report files, metadata and MLflow metrics."""
    from assets.resources import ProofmillResource
    from assets.whole_proof import whole_proof_eval
    from registry import registry
    from registry.checkpoint import save_checkpoint

    resource = ProofmillResource(profile="smoke", home=str(tmp_path / "home"),
                                 mlflow_tracking_uri=f"sqlite:///{tmp_path}/mlflow.db")
    cols = ("dataset", "id", "split", "header", "statement")
    rows = [{k: r[k] for k in cols} for r in load_theorems("valid")[:4]]
    pq.write_table(pa.Table.from_pylist(rows), resource.corpus_path("benchmark_statements"))
    model, tokenizer = _tiny_model()
    tokenizer.save(resource.tokenizer_path())
    checkpoint = resource.checkpoint_path("sft")
    save_checkpoint(checkpoint, model, tokenizer.fingerprint(), {"stage": "sft"})
    version = registry.log_stage_run(
        registry.StageRecord("sft", checkpoint, tokenizer.fingerprint(), metrics={"val_loss": 1.0}),
        registry.Lineage(aliases=("sft",)), uri=resource.tracking_uri)
    (checkpoint.parent / "registered.json").write_text(
        json.dumps({"model_uri": version.model_uri, "version": version.version, "run_id": version.run_id}))
    config = {"k": 4, "num_simulations": 4, "concurrency": 2, "max_theorems": 4}
    result = dg.materialize([whole_proof_eval], resources={"proofmill": resource},
                            run_config={"ops": {"whole_proof_eval": {"config": config}}})
    assert result.success
    md = result.asset_materializations_for_node("whole_proof_eval")[0].metadata
    assert 0.0 <= md["pass_at_1_sft"].value <= md["pass_at_4_sft"].value <= 1.0
    assert md["mlflow"].value["sft"].startswith("logged to run")
    assert set(md["equal_tokens_sft"].value) >= {"k_equal", "mcts_success", "whole_proof_pass_at_k_equal"}
    report = tmp_path / "home" / "eval" / "whole_proof"
    samples = pq.read_table(report / "samples.parquet").to_pylist()
    assert len(samples) == 16 and {s["run"] for s in samples} == {"sft"}
    attempts = pq.read_table(report / "attempts.parquet").to_pylist()
    assert [a["theorem_id"] for a in attempts] == sorted(r["id"] for r in rows)  # (dataset, id) order
    assert all(a["samples"] == 4 and a["model_version"].startswith("models:/") for a in attempts)
    run = registry.client(resource.tracking_uri).get_run(version.run_id)
    assert {"whole_proof_pass_at_4", "whole_proof_equal_tokens_pass_at_k"} <= set(run.data.metrics)


def test_profile_section_is_validated() -> None:
    from core.profiles import get_profile

    assert get_profile("smoke").whole_proof.k == 64
    assert get_profile("smoke", {"whole_proof": {"k": 4, "sft_mix": False}}).whole_proof.k == 4
    for bad in ({"k": 0}, {"temperature": 0.0}, {"max_new_tokens": 0}, {"batch_size": 0}):
        with pytest.raises(ValueError, match="WholeProofSettings"):
            get_profile("smoke", {"whole_proof": bad})
