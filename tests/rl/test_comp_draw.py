"""Competition statements in the RL pool (rl.comp_draw) and the settings that turn them on."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import dagster as dg
import duckdb
import pytest

from core.profiles import PROFILE_FILE_ENV, get_profile
from minilean import comp_pool
from rl import comp_draw, replay
from rl.frontier import statement_key
from rl.rollouts import rl_pool

ARM = Path(__file__).resolve().parents[2] / "experiments" / "arms" / "comp_pool.json"


def test_draw_is_deterministic_fresh_per_iteration_and_keeps_levels() -> None:
    one = comp_draw.draw(1, 10, levels=(2, 3), seed=0)
    assert one == comp_draw.draw(1, 10, levels=(2, 3), seed=0) and len(one) == 10
    two = comp_draw.draw(2, 10, levels=(2, 3), seed=0)
    assert not {r["id"] for r in one} & {r["id"] for r in two}
    assert comp_draw.draw(1, 10, levels=(2, 3), seed=1) != one
    pool_ids = {r["id"] for r in comp_pool.load_pool()}
    sft_keys = {statement_key(r["statement"]) for r in comp_pool.load_sft()}
    for r in one + two:
        assert r["tier"] in (2, 3) and r["id"] in pool_ids and r["dataset"] == comp_pool.POOL_DATASET
        assert statement_key(r["statement"]) not in sft_keys and r["statement"].endswith("sorry")
    blocked = {statement_key(one[0]["statement"])}
    assert one[0]["id"] not in {r["id"] for r in comp_draw.draw(1, 10, (2, 3), 0, exclude=blocked)}
    assert comp_draw.draw(1, 0) == []
    with pytest.raises(ValueError, match="iteration"):
        comp_draw.draw(0, 5)


def test_rl_pool_adds_competition_statements_beside_or_instead_of_the_frontier(tmp_path: Path) -> None:
    smoke = get_profile("smoke")
    with pytest.raises(ValueError, match="comp_pool_levels"):
        dataclasses.replace(smoke.rl, comp_pool_levels=(5,))
    alone = dataclasses.replace(smoke, rl=dataclasses.replace(
        smoke.rl, frontier_per_iteration=0, use_rl_statements=False, comp_pool_per_iteration=6))
    pool, fresh = rl_pool(tmp_path / "a", [], 1, alone, [])
    assert fresh == 6 and {r["dataset"] for r in pool} == {comp_pool.POOL_DATASET}
    pool2, _ = rl_pool(tmp_path / "a", [], 2, alone, [])
    assert len(pool2) == 12 and replay.read_shards(tmp_path / "a", "frontier", [1, 2]).num_rows == 12
    both = dataclasses.replace(alone, rl=dataclasses.replace(alone.rl, frontier_per_iteration=3))
    pool, fresh = rl_pool(tmp_path / "b", [], 1, both, [])
    assert fresh == 9 and {r["dataset"] for r in pool} == {comp_pool.POOL_DATASET, "minilean_gen"}
    blocked = [pool[-1]["statement"]]  # an eval statement never enters
    assert blocked[0] not in [r["statement"] for r in rl_pool(tmp_path / "c", [], 1, both, blocked)[0]]


def test_the_arm_file_turns_the_competition_data_on(monkeypatch: pytest.MonkeyPatch) -> None:
    demo = get_profile("demo")  # competition statements in the shipped pool
    assert demo.rl.comp_pool_per_iteration == 24 and demo.corpora.sft_comp_lean_style
    assert demo.rl.explore_shaped and demo.rl.frontier_per_iteration == 24
    monkeypatch.setenv(PROFILE_FILE_ENV, str(ARM))
    arm = get_profile("demo")
    assert arm.rl.comp_pool_per_iteration > 0 and arm.corpora.sft_comp_lean_style
    assert set(arm.rl.comp_pool_levels) == {2, 3, 4}
    assert arm.rl.comp_pool_families == ()  # the competition arm draws from every family
    # V.json, the frontier-only recipe shipped before, turns all of it off again
    monkeypatch.setenv(PROFILE_FILE_ENV, str(ARM.with_name("V.json")))
    v = get_profile("demo")
    assert v.rl.comp_pool_per_iteration == 0 and not v.corpora.sft_comp_lean_style and v.rl.explore_k == 0
    assert v.rl.frontier_per_iteration == 48


def test_draw_keeps_only_the_named_families_and_the_shaped_arm_names_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shaped = comp_draw.draw(1, 30, levels=(2, 3, 4), seed=0, families=("sq_hint", "rat_shift"))
    by_id = {r["id"]: r["family"] for r in comp_pool.load_pool()}
    assert len(shaped) == 30 and {by_id[r["id"]] for r in shaped} == {"sq_hint", "rat_shift"}
    with pytest.raises(ValueError, match="unknown competition families"):
        comp_draw.draw(1, 5, families=("no_such_family",))
    with pytest.raises(ValueError, match="comp_pool_families"):
        dataclasses.replace(get_profile("smoke").rl, comp_pool_families=("Bad Name",))
    arm = get_profile("demo")  # the shaped pool is the shipped recipe
    assert arm.rl.explore_shaped and arm.rl.explore_k == 4
    assert set(arm.rl.comp_pool_families) <= set(comp_pool.ALL_FAMILIES)
    assert {"sq_hint", "rat_shift", "mod_cases", "solve_eval"} <= set(arm.rl.comp_pool_families)


def _sft_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lean_style: bool) -> dict[str, int]:
    from assets.corpora import sft_transitions
    from assets.resources import ProofmillResource

    path = tmp_path / f"arm-{lean_style}.json"
    path.write_text(json.dumps({"corpora": {"sft_comp_lean_style": lean_style},
                                "whole_proof": {"sft_mix": False}, "conjecture": {"sft_mix": False}}))
    monkeypatch.setenv(PROFILE_FILE_ENV, str(path))
    proofmill = ProofmillResource(profile="smoke", home=str(tmp_path / f"home-{lean_style}"))
    assert dg.materialize([sft_transitions], resources={"proofmill": proofmill}).success
    file = proofmill.corpus_path("sft_transitions")
    return dict(duckdb.sql(f"SELECT source, count(*) FROM '{file}' GROUP BY source").fetchall())


def test_the_corpora_setting_reaches_the_sft_transitions_asset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    off = _sft_sources(tmp_path, monkeypatch, False)
    on = _sft_sources(tmp_path, monkeypatch, True)
    assert comp_pool.SFT_DATASET not in off
    assert on[comp_pool.SFT_DATASET] >= len(comp_pool.load_sft())  # ≥ one transition per proof
    assert {k: v for k, v in on.items() if k != comp_pool.SFT_DATASET} == off


def test_whole_proof_rows_take_the_lean_style_proofs_when_asked() -> None:
    from assets.sources.smoke import WHOLE_PROOF_SUFFIX, whole_proof_rows

    tag = comp_pool.SFT_DATASET + WHOLE_PROOF_SUFFIX
    assert not any(r["source"] == tag for r in whole_proof_rows())
    rows = [r for r in whole_proof_rows(comp_sft=True) if r["source"] == tag]
    assert len(rows) == len(comp_pool.load_sft())
    assert sum(r["proof_depth"] >= 2 for r in rows) >= len(rows) // 3
