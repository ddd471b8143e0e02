"""The competition pool (minilean.comp_pool): statable, not refuted by z3, deduplicated up to renaming,
disjoint from MiniF2F up to renaming, deterministic per seed; the SFT side's Lean-style proofs check."""

from __future__ import annotations

import hashlib
import random
from collections import defaultdict

import pytest

from minilean import comp_pool, comp_shaped, minif2f
from minilean.comp_canon import key_of, minif2f_keys, statement_key
from minilean.comp_families import Problem
from minilean.engine import elaborate, initial_env
from minilean.recheck import renamed_source
from minilean.theorems import full_proof_source

FEW = ("linsys_prod", "amgm", "digits", "fe_rec", "sum_icc", "prime_range")


def _root(statement: str):  # type: ignore[no-untyped-def]
    res = elaborate(initial_env(), statement)
    assert not res.has_errors and len(res.sorries) == 1, statement
    return res.sorries[0]


def _stratified(rows: list[dict], per_family: int, seed: int = 0) -> list[dict]:
    by: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by[r["family"]].append(r)
    rng = random.Random(seed)
    return [r for fam in sorted(by) for r in rng.sample(by[fam], min(per_family, len(by[fam])))]


def test_generation_is_deterministic_checked_and_deduplicated() -> None:
    a = comp_pool.generate(seed=7, per_family=3, families=FEW)
    b = comp_pool.generate(seed=7, per_family=3, families=FEW)
    rows = a["pool"] + a["sft"]
    strip = [{k: v for k, v in r.items() if k != "_tree"} for r in rows]
    assert strip == [{k: v for k, v in r.items() if k != "_tree"} for r in b["pool"] + b["sft"]]
    assert len(rows) == 3 * len(FEW)
    keys = [statement_key(r["statement"]) for r in rows]
    assert None not in keys and len(set(keys)) == len(keys)
    assert not set(keys) & minif2f_keys()
    for r in rows:
        assert minif2f.statable(r["statement"])[0]
        assert comp_pool.z3_verdict(_root(r["statement"])) != "refuted" and r["z3"] in ("valid", "unknown")
        assert r["level"] in (1, 2, 3, 4) and r["family"] in FEW
    for r in a["sft"]:
        assert not elaborate(initial_env(), full_proof_source(r)).messages
    for r in a["pool"]:
        assert "proof" not in r and r["dataset"] == comp_pool.POOL_DATASET
    other = comp_pool.generate(seed=8, per_family=3, families=FEW)
    assert [r["statement"] for r in other["pool"] + other["sft"]] != [r["statement"] for r in rows]


def test_a_z3_refutable_or_unprovable_problem_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    false = Problem("(x y : ℝ) (h₀ : x + y = 3)", "x = 1", ("linarith",))
    fams = {"bad": ("algebra", lambda rng: false)}
    monkeypatch.setattr(comp_pool, "ALL_FAMILIES", fams)
    root = _root(f"theorem t {false.binders} : {false.goal} := by\n  sorry")
    assert comp_pool.z3_verdict(root) == "refuted"
    out = comp_pool.generate(seed=1, per_family=1, families=["bad"])
    assert out["pool"] == out["sft"] == [] and out["stats"]["dropped_check"] == 1


def test_alpha_variants_of_minif2f_statements_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    banned = minif2f_keys()
    # mathd_algebra_109 with its variables and hypotheses renamed and the hypotheses swapped
    variant = ("(x y : ℝ) (hb : x = 4) (ha : 3 * x + 2 * y = 12)", "y = 0")
    assert key_of(*variant) in banned
    assert key_of("(x y : ℝ) (hb : x = 4) (ha : 3 * x + 2 * y = 12)", "y = 1") not in banned
    # what the mod_lin family drew while generating: mathd_numbertheory_458 up to renaming
    assert key_of("(m : ℕ) (h : m % 8 = 7)", "m % 4 = 3") in banned
    # a bound variable renamed too (amc12a_2013_p7)
    bound = ("(t : ℕ → ℝ) (h : ∀ m, t (m + 2) = t (m + 1) + t m) (h9 : t 9 = 110) (h7 : t 7 = 42)",
             "t 4 = 10")
    assert key_of(*bound) in banned
    # every statable MiniF2F statement of a sample, uniformly renamed, keeps its key
    rows = [r for s in minif2f.SPLITS for r in minif2f.statable_rows(s)]
    for r in random.Random(0).sample(rows, 25):
        renamed = renamed_source(r["statement"])
        assert renamed != r["statement"] or "(" not in r["statement"].split(":=")[0]
        assert statement_key(renamed, r["header"]) in banned, r["id"]
    # and the generator drops it
    copy = Problem(*variant, ("linarith",))
    monkeypatch.setattr(comp_pool, "ALL_FAMILIES", {"copy": ("algebra", lambda rng: copy)})
    out = comp_pool.generate(seed=1, per_family=1, families=["copy"])
    assert out["pool"] == out["sft"] == [] and out["stats"]["dropped_banned"] == 1


def test_every_family_draws_a_checked_problem() -> None:
    for fam, (_area, make) in comp_pool.ALL_FAMILIES.items():
        rng = random.Random(fam)
        assert any(comp_pool._check(make(rng), "t") is not None for _ in range(5)), fam


def test_shipped_files_are_disjoint_deduplicated_and_levelled() -> None:
    pool, sft = comp_pool.load_pool(), comp_pool.load_sft()
    assert len(pool) + len(sft) >= 2000 and len(sft) >= 400
    ids = [r["id"] for r in pool + sft]
    assert len(set(ids)) == len(ids)  # ids hash the alpha-normal key, so this is dedup up to renaming
    assert {r["family"] for r in pool} == set(comp_pool.ALL_FAMILIES)
    assert not {r["family"] for r in sft} & comp_shaped.RL_ONLY  # RL-only families: no proof in SFT
    assert all("proof" not in r for r in pool) and all(r["proof"] for r in sft)
    assert {r["level"] for r in pool} == {1, 2, 3, 4}
    assert comp_pool.load_pool(levels=[4]) and all(r["level"] == 4 for r in comp_pool.load_pool(levels=[4]))
    banned = minif2f_keys()
    for r in _stratified(pool + sft, 3):
        key = statement_key(r["statement"])
        assert key is not None and key not in banned
        assert r["id"].endswith(hashlib.sha256(key.encode()).hexdigest()[:12])
        assert r["id"].startswith("compsft_" if r in sft else "comppool_")


def test_shipped_sft_proofs_check_and_many_are_multi_step() -> None:
    sft = comp_pool.load_sft()
    assert sum(r["proof_steps"] >= 2 for r in sft) / len(sft) >= 0.3
    sample = _stratified(sft, 3, seed=1)
    assert any(r["proof_steps"] >= 2 and "have" in r["proof"] for r in sample)
    for r in sample:
        assert not elaborate(initial_env(), full_proof_source(r)).messages, r["id"]
    broken = dict(sample[0], proof="norm_num\nlinarith\nomega")
    assert elaborate(initial_env(), full_proof_source(broken)).messages


def test_sft_proofs_are_valid_sources_through_the_client_and_a_cut_one_is_not(minilean_url: str) -> None:
    from lean_io.client import LeanClient

    sample = _stratified(comp_pool.load_sft(), 2, seed=2)
    client = LeanClient(minilean_url)
    try:
        with client.get_process(timeout=30) as process:
            assert [r["id"] for r in sample if not process.is_valid_source(full_proof_source(r))] == []
            for r in [r for r in sample if r["proof_steps"] >= 2][:10]:
                cut = dict(r, proof="\n".join(r["proof"].split("\n")[:-1]))
                assert not process.is_valid_source(full_proof_source(cut)), r["id"]
    finally:
        client.close()


def test_the_shipped_rows_are_what_the_generator_makes() -> None:
    fams = ("digits", "amgm3", "recip")
    made = comp_pool.generate(per_family=200, families=fams)  # the shipped seed and size
    shipped = [r for r in comp_pool.load_pool() + comp_pool.load_sft() if r["family"] in fams]
    public = [{k: v for k, v in r.items() if not k.startswith("_")} for r in made["pool"] + made["sft"]]
    assert sorted(public, key=lambda r: r["id"]) == sorted(shipped, key=lambda r: r["id"])


def test_levels_follow_the_automation_baseline_and_proof_length() -> None:
    rows = comp_pool.load_pool() + comp_pool.load_sft()
    firsts: dict[tuple[str, int], dict] = {}
    for r in rows:
        firsts.setdefault((r["family"], r["level"]), r)
    for r in firsts.values():
        closers = comp_pool.baseline_closers(_root(r["statement"]))
        assert closers == r["baseline"], r["id"]
        assert (r["level"] == 1) == bool(closers), r["id"]
        if r["level"] > 1:
            assert r["level"] == comp_pool.level([], r["proof_steps"])


def test_pool_statements_start_a_proof_through_the_client(minilean_url: str) -> None:
    from rl.statement_check import init_check

    sample = _stratified(comp_pool.load_pool(), 2, seed=3)
    assert len(sample) >= 40
    assert [r["id"] for r in sample if init_check(minilean_url, r) is not None] == []
    broken = dict(sample[0], statement=sample[0]["statement"].replace(" : ", " : undefined_fn 3 + ", 1))
    assert init_check(minilean_url, broken) is not None
