"""The settings have one declaration each: the search settings, the optimizer choice, the arm files."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from core.profiles import (
    PROFILE_FILE_ENV,
    PROFILES,
    AdamWSettings,
    MuonAdamWSettings,
    RLUpdateSettings,
    SearchConfig,
    SFTSettings,
    StageSettings,
    get_profile,
)

ARMS = sorted((Path(__file__).resolve().parents[2] / "experiments" / "arms").glob("*.json"))


def test_a_profile_holds_the_searchs_own_settings_class() -> None:
    import search.config

    assert search.config.SearchConfig is SearchConfig
    for profile in PROFILES.values():
        assert type(profile.search) is SearchConfig
    full = get_profile("full").search
    assert (full.num_simulations, full.time_budget_s, full.verify_timeout_ms) == (512, 600.0, 30_000)
    with pytest.raises(ValueError, match="unknown profile field 'time_limit_s'"):
        get_profile("smoke", {"search": {"time_limit_s": 5}})


def test_the_optimizer_is_a_choice_with_only_the_fields_that_apply() -> None:
    smoke = get_profile("smoke")
    assert isinstance(smoke.sft.optimizer, MuonAdamWSettings)
    assert isinstance(smoke.rl.update.optimizer, AdamWSettings) and smoke.rl.update.optimizer.lr == 1e-4
    # a learning rate Muon would ignore is refused, not silently kept
    with pytest.raises(ValueError, match="unknown profile field 'lr' in MuonAdamWSettings"):
        get_profile("smoke", {"sft": {"optimizer": {"lr": 1e-3}}})
    with pytest.raises(ValueError, match="unknown profile field 'matrix_lr' in AdamWSettings"):
        get_profile("smoke", {"rl": {"update": {"optimizer": {"matrix_lr": 0.1}}}})
    # naming the other kind switches the class and starts from its defaults
    switched = get_profile("smoke", {"sft": {"optimizer": {"kind": "adamw", "lr": 2e-3}}}).sft.optimizer
    assert switched == AdamWSettings(lr=2e-3)
    muon = get_profile("smoke", {"rl": {"update": {"optimizer": {"kind": "muon_adamw", "lr_scale": 0.02}}}})
    assert muon.rl.update.optimizer == MuonAdamWSettings(lr_scale=0.02)
    with pytest.raises(ValueError, match="kind must be one of"):
        get_profile("smoke", {"sft": {"optimizer": {"kind": "sgd"}}})
    with pytest.raises(ValueError, match="kind"):
        AdamWSettings(kind="muon_adamw")


def test_stage_only_knobs_live_on_their_stage() -> None:
    smoke = get_profile("smoke")
    assert type(smoke.pretrain) is StageSettings and type(smoke.sft) is SFTSettings
    assert type(smoke.rl.update) is RLUpdateSettings
    names = {f.name for f in dataclasses.fields(StageSettings)}
    assert not names & {"value_weight", "kl_weight", "unlikelihood_weight", "epochs", "augment", "lr"}
    with pytest.raises(ValueError, match="unknown profile field 'kl_weight' in SFTSettings"):
        get_profile("smoke", {"sft": {"kl_weight": 0.5}})
    with pytest.raises(ValueError, match="unknown profile field 'value_weight' in StageSettings"):
        get_profile("smoke", {"pretrain": {"value_weight": 0.5}})


def test_every_arm_file_loads_and_changes_the_profile(monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(ARMS) >= 5
    demo, smoke = get_profile("demo"), get_profile("smoke")
    for path in ARMS:  # an arm is a change to the profile it runs on (conjectures_off: to smoke's)
        monkeypatch.setenv(PROFILE_FILE_ENV, str(path))
        assert get_profile("demo") != demo or get_profile("smoke") != smoke, path.name
    # V.json, the recipe shipped before the shaped pool: demo's RL settings without the competition pool,
    # its SFT rows and the exploration, with the sessions' longer search limit
    monkeypatch.setenv(PROFILE_FILE_ENV, str(next(p for p in ARMS if p.name == "V.json")))
    arm = get_profile("demo")
    assert arm.rl == dataclasses.replace(demo.rl, frontier_per_iteration=48, comp_pool_per_iteration=0,
                                         explore_k=0, explore_shaped=False)
    assert arm.search == demo.search.replace(time_budget_s=600.0) and not arm.corpora.sft_comp_lean_style


def test_a_bad_arm_file_names_the_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "arm.json"
    path.write_text(json.dumps({"rl": {"classical_share": 0.5}}))
    monkeypatch.setenv(PROFILE_FILE_ENV, str(path))
    with pytest.raises(ValueError, match="unknown profile field 'classical_share' in RLSettings"):
        get_profile("demo")
