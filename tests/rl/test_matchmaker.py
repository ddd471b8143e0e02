"""Matchmaker: weight tiers, growing budgets, seeded sampling, and rebuilding from attempt history."""

from __future__ import annotations

import pytest

from rl.matchmaker import Matchmaker, MatchmakerConfig, proof_size
from rl.replay import read_attempts_before, write_shard

THEOREMS = [
    {"dataset": "minilean", "id": f"t{i}", "statement": f"theorem t{i} : True := by\n  sorry"}
    for i in range(6)
]
KEY = ("minilean", "t0")


def mm_with(outcomes: list[str], proof: str | None = "tac1\ntac2") -> Matchmaker:
    mm = Matchmaker(THEOREMS)
    for o in outcomes:
        mm.record(KEY, o, proof=proof if o == "proven" else None)
    return mm


@pytest.mark.parametrize(
    ("outcomes", "weight"),
    [
        ([], 1.0),
        (["unproven"] * 3, 1.0),  # fewer than trust_count decided
        (["unproven"] * 4, 0.1),  # ≥ 4 decided, never proven
        (["unproven"] * 3 + ["proven"], 1.0),  # mixed
        (["proven"] * 5, 1.0),  # proven, but fewer than trust_count_proved
        (["proven"] * 6, 1e-3),
        (["unproven"] + ["proven"] * 6, 1e-3),  # only the last 6 decided count
        (["error"], 1.0),
        (["error", "error"], 0.0),  # two consecutive errors
        (["error", "unproven", "error"], 1.0),  # not consecutive
        (["unproven"] * 4 + ["error", "error"], 0.0),
        (["unproven", "error", "unproven", "error", "unproven", "unproven"], 0.1),  # errors are not decided
    ],
)
def test_weight_tiers(outcomes: list[str], weight: float) -> None:
    assert mm_with(outcomes).weight(KEY) == pytest.approx(weight)


def test_the_frontier_edge_profiles_leave_a_theorem_alone_once_proven() -> None:
    from core.profiles import get_profile
    from rl.rollouts import matchmaker_config

    assert get_profile("full").rl.trust_count_proved == 6  # the reference's
    for name in ("smoke", "demo"):
        mm = Matchmaker(THEOREMS, matchmaker_config(get_profile(name)))
        mm.record(KEY, "unproven")
        assert mm.weight(KEY) == pytest.approx(1.0)
        mm.record(KEY, "proven", proof="tac1\ntac2")
        assert mm.weight(KEY) == pytest.approx(1e-3)


def test_one_tactic_proof_means_fully_proved() -> None:
    assert mm_with(["proven"], proof="simp").weight(KEY) == pytest.approx(1e-3)
    assert mm_with(["proven"], proof="intro h\nexact h").weight(KEY) == pytest.approx(1.0)
    assert proof_size("  intro h\n\n  exact h\n") == 2 and proof_size(None) is None


@pytest.mark.parametrize(
    ("outcomes", "budget"),
    [
        ([], 64),
        (["unproven"], 96),
        (["unproven"] * 2, 144),
        (["unproven"] * 3, 216),
        (["unproven"] * 4, 324),
        (["unproven"] * 9, 324),  # only the last 4 decided
        (["unproven"] * 3 + ["proven"], 216),
        (["unproven", "error", "error"], 96),  # errors do not grow the budget
    ],
)
def test_budget_grows_on_failure(outcomes: list[str], budget: int) -> None:
    assert mm_with(outcomes).budget(KEY) == budget


def test_budget_cap() -> None:
    mm = Matchmaker(THEOREMS, MatchmakerConfig(base_simulations=100, max_simulations=200))
    for _ in range(4):
        mm.record(KEY, "unproven")
    assert mm.budget(KEY) == 200


def test_sampling_is_seeded_distinct_and_weighted() -> None:
    mm = Matchmaker(THEOREMS)
    for key in [("minilean", "t1"), ("minilean", "t2")]:
        mm.record(key, "error")
        mm.record(key, "error")
    a, b = mm.sample(4, seed=7), mm.sample(4, seed=7)
    assert [m.key for m in a] == [m.key for m in b]
    assert len({m.key for m in a}) == 4
    assert not {m.key for m in a} & {("minilean", "t1"), ("minilean", "t2")}  # weight 0: never drawn
    # asking for more than the positive-weight theorems returns them all, once each
    assert sorted(m.key[1] for m in mm.sample(10, seed=1)) == ["t0", "t3", "t4", "t5"]
    # low weights are drawn rarely: t0 fully proved (1e-3) vs five interesting ones
    mm2 = Matchmaker(THEOREMS)
    for _ in range(6):
        mm2.record(KEY, "proven", proof="a\nb")
    drawn = sum(KEY in {m.key for m in mm2.sample(1, seed=s)} for s in range(300))
    assert drawn <= 5


def test_rebuild_from_attempt_shards(tmp_path) -> None:
    """The state after iterations < k comes from the attempts parquet; iteration k itself is ignored."""

    def row(it: int, tid: str, outcome: str) -> dict:
        return {
            "iteration": it,
            "dataset": "minilean",
            "theorem_id": tid,
            "outcome": outcome,
            "simulations": 8,
            "num_simulations": 64,
            "seconds": 0.1,
            "proof": "a\nb" if outcome == "proven" else None,
            "error": None,
            "model_version": "v",
        }

    write_shard(tmp_path, "attempts", 1, [row(1, "t0", "unproven"), row(1, "t1", "error")])
    write_shard(tmp_path, "attempts", 2, [row(2, "t0", "unproven"), row(2, "t1", "error")])
    write_shard(tmp_path, "attempts", 3, [row(3, "t0", "proven")])
    history = read_attempts_before(tmp_path, 3)
    assert {r["iteration"] for r in history} == {1, 2}
    mm = Matchmaker.from_history(THEOREMS, history)
    assert mm.budget(("minilean", "t0")) == 144
    assert mm.weight(("minilean", "t1")) == 0.0
    table = {r["theorem_id"]: r for r in mm.table()}
    assert table["t0"]["unproven"] == 2 and table["t1"]["errors"] == 2
    # attempts of theorems that left the set are ignored; unknown outcomes are refused
    Matchmaker.from_history(THEOREMS[:1], history)
    with pytest.raises(ValueError):
        mm.record(KEY, "maybe")
