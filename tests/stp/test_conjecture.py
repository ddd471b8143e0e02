"""Conjecturing: alpha-variant keys, the text filters (malformed, duplicate, alpha-variant, eval leak), the
Lean filters on real minilean (ill formed, trivial), the success band, lineage in the shard and its
DuckDB view, the RL-pool hook, the SFT pairs, and one iteration end to end."""

from __future__ import annotations

import json

import pytest

from minilean.theorems import load_theorems
from stp import conjecture_loop as loop
from stp.conjecture import (
    ACCEPTED,
    MARKER,
    Conjecture,
    band_decided,
    canonical_key,
    conjecture_prompt,
    conjecture_sft_rows,
    judge,
    lean_screen,
    parse_conjecture,
    screen,
)

VALID = load_theorems("valid")


def _c(text: str, seed_id: str = "minilean_prop_0001") -> Conjecture:
    return Conjecture(1, "minilean", seed_id, text)


def test_canonical_key_identifies_alpha_variants_only() -> None:
    a = canonical_key("theorem a (p q : Prop) (hp : p) : p ∨ q := by\n  sorry")
    assert a == canonical_key("theorem b (x y : Prop) (h : x) : x ∨ y := by\n  sorry")
    assert a == "(v0 v1 : Prop) (v2 : v0) : v0 ∨ v1"
    assert a != canonical_key("theorem c (x y : Prop) (h : y) : x ∨ y := by\n  sorry")  # h is about y now
    d = canonical_key("theorem d (a b : ℕ) (h1 : a < b) : ∀ n : ℕ, n + a < n + b := by sorry")
    assert d == canonical_key("example (x y : ℕ) (hh : x < y) : ∀ m : ℕ, m + x < m + y := by sorry")
    assert "ℕ" in d and "v3" in d  # types are not renamed, the ∀-bound name is


def test_parse_conjecture() -> None:
    statement, problem = parse_conjecture("example (p q : Prop) (h : p ∧ q) : q ∧ p")
    assert problem is None and statement.startswith("theorem conj_") and statement.endswith(":= by\n  sorry")
    assert statement.split()[1] == parse_conjecture("example (a b : Prop) (k : a ∧ b) : b ∧ a")[0].split()[1]
    for bad in ("", "example (p : Prop) : p\nexample (q : Prop) : q", "theorem t (p : Prop) : p",
                "example (p : Prop) : sorry", "example (p : Prop) : (p",
                "example (p : Prop) : p := by trivial",
                "example (p : Prop) :", "example (p : Prop) : p -- comment"):
        assert parse_conjecture(bad)[0] is None, bad
        assert parse_conjecture(bad)[1].startswith("malformed"), bad


def test_screen_duplicate_alpha_variant_and_eval_leak() -> None:
    known = [canonical_key("theorem k (p q : Prop) (h : p ∧ q) : q ∧ p := by sorry")]
    leak = VALID[0]["statement"].split(" := ")[0].split(" ", 2)[2]  # binders : goal of an eval theorem
    cands = [
        _c("example (a b : Prop) (hab : a ∧ b) : b ∧ a"),  # alpha-variant of a known statement
        _c(f"example {leak}"),  # an eval statement
        _c("example (p q : Prop) (h : p ∨ q) : q ∨ p"),  # new
        _c("example (x y : Prop) (k : x ∨ y) : y ∨ x"),  # alpha-variant of the previous one (same batch)
        _c("example (p : Prop) : p -- x"),
    ]
    survivors = screen(cands, known, [canonical_key(t["statement"]) for t in VALID])
    assert [c.reason for c in cands] == ["duplicate", "eval_leak", None, "duplicate", "malformed"]
    assert survivors == [cands[2]] and cands[2].id.startswith("conj_") and cands[2].key


def test_lean_filters_on_minilean(process) -> None:
    ill = _c("example (p : Prop) (h : p) : q")  # q is not bound
    trivial_assumption = _c("example (p : Prop) (h : p) : p")
    trivial_omega = _c("example (a b : ℕ) (h : a < b) : a + 1 ≤ b")
    hard = _c("example (p q : Prop) (h : p ∧ q) : q ∧ p")
    cands = [ill, trivial_assumption, trivial_omega, hard]
    screen(cands, [], [])
    assert [lean_screen(c, process) for c in cands] == [False, False, False, True]
    assert ill.reason == "ill_formed"
    assert trivial_assumption.reason == "trivial"  # `trivial` (tried before `assumption`) closes it
    assert trivial_assumption.detail in ("closed by trivial", "closed by assumption")
    assert (trivial_omega.reason, trivial_omega.detail) == ("trivial", "closed by omega")
    assert hard.reason is None


def test_success_band() -> None:
    band = (0.0, 0.5)
    assert judge(_c("x"), 16, 0, None, band).reason == "too_hard"
    assert judge(_c("x"), 16, 12, "p", band).reason == "too_easy"
    ok = judge(_c("x"), 16, 8, "constructor", band)
    assert (ok.status, ok.reason, ok.proof, ok.success_rate) == (ACCEPTED, None, "constructor", 0.5)


def test_band_decided_stops_only_when_the_verdict_is_known() -> None:
    band = (0.0, 0.5)
    assert not band_decided(0, 8, 32, band)  # 0 of 8: the last 24 samples could still prove it
    assert band_decided(0, 32, 32, band)  # all drawn
    assert band_decided(17, 20, 32, band)  # > 16 of 32 already: too_easy whatever comes
    assert not band_decided(16, 20, 32, band)  # one more success would make it too_easy
    assert band_decided(4, 28, 32, band)  # 4 + 4 left <= 16: accepted whatever comes
    assert not band_decided(9, 24, 32, band)  # 9 + 8 left could exceed 16
    assert band_decided(0, 8, 32, band, too_hard_after=8)  # the early too_hard rule
    assert not band_decided(1, 8, 32, band, too_hard_after=8)  # a success: keep sampling
    assert not band_decided(2, 10, 32, (0.25, 0.5)) and band_decided(0, 25, 32, (0.25, 0.5))
    # when decided, judge's verdict on the samples drawn is the one over all 32, however the rest go
    for successes, samples, b in ((17, 20, band), (4, 28, band), (0, 25, (0.25, 0.5))):
        early = judge(_c("x"), samples, successes, "p", b).reason
        left = 32 - samples
        assert early == judge(_c("x"), 32, successes, "p", b).reason
        assert early == judge(_c("x"), 32, successes + left, "p", b).reason


def test_judge_in_rounds_on_minilean(minilean_url) -> None:
    """Sequential judging with a real sampler and minilean: rounds stop per conjecture once decided."""
    import dataclasses

    import torch

    from core.profiles import get_profile
    from models.gpt import GPT, GPTConfig
    from models.sampler import Sampler, SamplingSettings
    from models.tokenizer import ProofTokenizer

    tok = ProofTokenizer.train([t["statement"] + "\n" + t["proof"] for t in load_theorems("train")], 700)
    torch.manual_seed(0)
    sampler = Sampler(GPT(GPTConfig.preset("tiny", tok.vocab_size, 256)), tok,
                      SamplingSettings(max_new_tokens=8, temperature=1.0), seed=0)
    profile = get_profile("smoke")
    profile = dataclasses.replace(profile, conjecture=dataclasses.replace(
        profile.conjecture, prover_samples=6, prover_round=2, too_hard_after=4))
    cs = screen([_c("example (p : Prop) (h : p) : p ∧ p"), _c("example (a b : Nat) : a + b = b + a")], [], [])
    stats = loop.judge_in_rounds(cs, sampler, [minilean_url], profile, seed=0)
    # an untrained model proves nothing: each stops after too_hard_after = 4 samples (2 rounds of 2)
    assert [(c.reason, c.prover_samples) for c in cs] == [("too_hard", 4), ("too_hard", 4)]
    assert stats["rounds"] == 2 and stats["samples"] == 8


def test_self_play_rows_from_accepted_conjectures(tmp_path) -> None:
    seed = load_theorems("train")[0]
    c = _c("example (p q : Prop) (h : p ∨ q) : q ∨ p")
    c.prompt = conjecture_prompt(seed["statement"], seed["proof"])
    screen([c], [], [])
    judge(c, 8, 2, "rcases h with h | h\n· right\n  exact h\n· left\n  exact h", (0.0, 0.5))
    bad = _c("example (p : Prop) :")
    screen([bad], [], [])
    loop.write_shard(tmp_path, 2, [c, bad])
    assert loop.self_play_rows(tmp_path, 2) == []  # policy[2] reads iteration 1's
    rows = loop.self_play_rows(tmp_path, 3)
    firsts = [(r["state"].split("\n")[0], r["tactic"].split("\n")[0], r["value_target"]) for r in rows]
    assert firsts == [(MARKER, c.text, -1.0),
                      ("example (p q : Prop) (h : p ∨ q) : q ∨ p := by", "rcases h with h | h", -5.0)]


def test_shard_lineage_view_and_pool_hook(tmp_path) -> None:
    from pipelines.query import connect

    accepted = _c("example (p q : Prop) (h : p ∨ q) : q ∨ p", seed_id="minilean_prop_0007")
    leak = _c(f"example {VALID[1]['statement'].split(' := ')[0].split(' ', 2)[2]}")
    rejected = _c("example (p : Prop) :")
    screen([accepted, leak, rejected], [], [])  # no eval keys given: the leak passes the text filters here
    judge(accepted, 16, 4, "rcases h with h | h\n· right\n  exact h\n· left\n  exact h", (0.0, 0.5))
    judge(leak, 16, 2, "x", (0.0, 0.5))
    loop.write_shard(tmp_path, 1, [accepted, leak, rejected])
    rows = loop.read_shards(tmp_path, [1])
    assert [(r["seed_dataset"], r["seed_id"], r["status"], r["reason"]) for r in rows] == [
        ("minilean", "minilean_prop_0007", "accepted", None),
        ("minilean", "minilean_prop_0001", "accepted", None),
        ("minilean", "minilean_prop_0001", "rejected", "malformed")]
    pool = [{"dataset": "minilean", "id": "a", "split": "train", "header": "",
             "statement": VALID[2]["statement"]}]
    assert loop.with_conjectures(tmp_path, pool, 1)[1] == 0  # only iterations < k
    grown, added = loop.with_conjectures(tmp_path, pool, 2, eval_statements=[VALID[1]["statement"]])
    assert added == 1 and grown[-1]["id"] == accepted.id and grown[-1]["dataset"] == "conjecture"
    with connect(tmp_path) as con:
        counts = con.sql("SELECT status, count(*) FROM conjectures GROUP BY ALL ORDER BY 1").fetchall()
        assert counts == [("accepted", 2), ("rejected", 1)]


def test_seeds_and_sft_rows() -> None:
    statements = [{"dataset": "minilean", "id": t["id"], "split": "train", "header": "",
                   "statement": t["statement"]}
                  for t in load_theorems("train")[:5]]
    attempts = [{"dataset": "minilean", "theorem_id": s["id"], "outcome": o, "proof": p}
                for s, o, p in zip(statements, ["proven", "unproven", "proven", "proven", "error"],
                                   ["intro h", None, "omega", "", None], strict=True)]
    seeds = loop.seeds_of(attempts, statements, max_seeds=10, seed=0)
    assert sorted(s["id"] for s in seeds) == sorted([statements[0]["id"], statements[2]["id"]])
    assert loop.seeds_of(attempts, statements, max_seeds=1, seed=0)[0]["proof"] in ("intro h", "omega")
    rows = conjecture_sft_rows(load_theorems("train")[:40], pool_per_family=24)
    assert rows and all(r["state"].startswith(MARKER + "\nexample ") for r in rows)
    shipped = {canonical_key(t["statement"]) for t in load_theorems()}
    for r in rows:
        statement, problem = parse_conjecture(r["tactic"])
        assert problem is None and canonical_key(statement) not in shipped
    assert conjecture_prompt("theorem t (p : Prop) (h : p) : p := by\n  sorry", "exact h") == (
        f"{MARKER}\nexample (p : Prop) (h : p) : p := by\n  exact h")


@pytest.mark.slow
def test_conjectures_asset(tmp_path, minilean_url, monkeypatch) -> None:
    """The asset: a no-op when disabled; enabled, one iteration with an (untrained) registered policy:
    every sampled conjecture is in the shard with a status, and rejected ones with a reason."""
    import dagster as dg
    import pyarrow as pa
    import pyarrow.parquet as pq
    import torch

    from assets.conjectures import conjectures
    from assets.resources import ProofmillResource
    from models.gpt import GPT, GPTConfig
    from models.tokenizer import ProofTokenizer
    from registry.checkpoint import save_checkpoint
    from rl import replay

    profile_file = tmp_path / "p.json"
    resource = ProofmillResource(profile="smoke", home=str(tmp_path / "home"), lean_servers=[minilean_url])
    train = load_theorems("train")[:6]
    cols = ("dataset", "id", "split", "header", "statement")
    pq.write_table(pa.Table.from_pylist([{k: t[k] for k in cols} for t in train]),
                   resource.corpus_path("rl_statements"))
    pq.write_table(pa.Table.from_pylist([{k: t[k] for k in cols} for t in VALID[:3]]),
                   resource.corpus_path("benchmark_statements"))
    tok = ProofTokenizer.train([t["statement"] + "\n" + t["proof"] for t in load_theorems("train")], 700)
    tok.save(resource.tokenizer_path())
    torch.manual_seed(0)
    model = GPT(GPTConfig.preset("tiny", tok.vocab_size, 256))
    save_checkpoint(resource.checkpoint_path("rl/iteration=1"), model,
                    tok.fingerprint(), {"stage": "rl"})
    replay.write_shard(resource.root, "attempts", 1, [
        {"iteration": 1, "dataset": t["dataset"], "theorem_id": t["id"], "outcome": "proven",
         "proof": t["proof"]}
        for t in train])
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions("rl_iteration", ["1", "3"])

    def run(partition: str = "1") -> dict:
        result = dg.materialize([conjectures], resources={"proofmill": resource}, partition_key=partition,
                                instance=instance)
        assert result.success
        return result.asset_materializations_for_node("conjectures")[0].metadata

    profile_file.write_text(json.dumps({"conjecture": {"enabled": False}}))
    monkeypatch.setenv("PROOFMILL_PROFILE_FILE", str(profile_file))
    assert "enabled is false" in run()["noop"].value
    profile_file.write_text(json.dumps({"conjecture": {"enabled": True, "max_seeds": 3, "per_seed": 4,
                                                       "prover_samples": 2, "prover_round": 1,
                                                       "too_hard_after": 0}}))
    assert "last" in run("3")["noop"].value  # smoke: 3 iterations; nothing would use iteration 3's
    assert not loop.shard_path(resource.root, 3).exists()
    md = run()
    assert md["seeds"].value == 3 and md["sampled"].value == 12 and "noop" not in md
    assert set(md["phases"].value) >= {"propose_s", "lean_filter_s"}
    assert md["mlflow"].value.startswith("not logged")  # the checkpoint was never registered
    rows = loop.read_shards(resource.root, [1])
    assert len(rows) == 12 and {r["seed_id"] for r in rows} <= {t["id"] for t in train}
    assert all(r["status"] == "accepted" or r["reason"] in loop_reasons() for r in rows)
    assert sum(json.loads(json.dumps(md["reasons"].value)).values()) == 12


def loop_reasons() -> tuple[str, ...]:
    from stp.conjecture import REASONS

    return REASONS


def test_iteration_metrics_reach_mlflow(tmp_path) -> None:
    """conjectures[k]'s counts land on policy[k]'s MLflow run with step = k (real sqlite store)."""
    from registry import registry
    from registry.registration import registered_file

    c = _c("example (p q : Prop) (h : p ∨ q) : q ∨ p")
    screen([c], [], [])
    judge(c, 8, 2, "exact h", (0.0, 0.5))
    bad = _c("example (p : Prop) :")
    screen([bad], [], [])
    path = loop.write_shard(tmp_path, 2, [c, bad])
    result = loop.IterationResult([c, bad], 1, 3.0, path, {"propose_s": 1.0}, {"samples": 8})
    checkpoint = tmp_path / "policy" / "model.pt"
    checkpoint.parent.mkdir()
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    assert loop.log_to_mlflow(checkpoint, 2, result, uri).startswith("not logged")  # not registered
    client = registry.client(uri)
    run = client.create_run(registry.experiment_id(client))  # artifacts next to the db, not ./mlruns
    registered_file(checkpoint).write_text(json.dumps({"run_id": run.info.run_id, "model_uri": "m"}))
    assert loop.log_to_mlflow(checkpoint, 2, result, uri) == f"logged to run {run.info.run_id}"
    names = ("conjectures_accepted", "conjectures_rejected_malformed", "conjectures_rejected_too_hard",
             "conjectures_propose_s", "conjectures_prover_samples")
    history = {name: [(m.step, m.value) for m in client.get_metric_history(run.info.run_id, name)]
               for name in names}
    assert history == {"conjectures_accepted": [(2, 1.0)], "conjectures_rejected_malformed": [(2, 1.0)],
                       "conjectures_rejected_too_hard": [(2, 0.0)], "conjectures_propose_s": [(2, 1.0)],
                       "conjectures_prover_samples": [(2, 8.0)]}
