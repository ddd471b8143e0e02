"""experiments.seed_delta: RL − SFT pooled over RL seeds × search seeds, paired over theorems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from experiments.seed_delta import main, pooled


def _run(sft: list[list[bool]], rl: list[list[bool]], home: str = "/h") -> dict[str, dict[str, list[bool]]]:
    return {f"{home}/artifacts/checkpoints/sft/model.pt": {str(i): s for i, s in enumerate(sft)},
            f"{home}/artifacts/checkpoints/rl/iteration=8/model.pt": {str(i): r for i, r in enumerate(rl)}}


def test_pooled_difference_is_the_mean_over_runs_and_seeds() -> None:
    # run A: SFT proves t0 always; RL proves t0 always and t1 in 2 of 3 seeds -> +2/3 theorem
    a = _run([[True, False, False]] * 3, [[True, True, False], [True, True, False], [True, False, False]])
    # run B: SFT proves t0 and t2 in 1 of 3 seeds; RL proves t0 -> -1/3 theorem
    b = _run([[True, False, True], [True, False, False], [True, False, False]],
             [[True, False, False]] * 3, "/g")
    out = pooled([a, b], samples=500)
    assert out["theorems"] == 3
    assert out["delta_theorems"][0] == pytest.approx((2 / 3 - 1 / 3) / 2)
    assert out["sft_mean"] == pytest.approx(1 + 1 / 6) and out["rl_mean"] == pytest.approx(1 + 1 / 3)
    low, high = out["delta_theorems"][1:]
    assert low <= out["delta_theorems"][0] <= high
    assert out["rl_only"] == 1 and out["sft_only"] == 1  # t1 only by RL, t2 only by SFT


def test_a_clear_gain_has_an_interval_above_zero() -> None:
    sft = [[i < 20 for i in range(100)]] * 3
    rl = [[i < 40 for i in range(100)]] * 3
    out = pooled([_run(sft, rl)], samples=2000)
    assert out["delta_theorems"][0] == pytest.approx(20)
    assert out["delta_theorems"][1] > 10


def test_mismatched_inputs_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _run([[True]] * 3, [[True]] * 2)  # RL searched with fewer seeds than SFT
    with pytest.raises(ValueError, match="different seeds"):
        pooled([bad])
    other = _run([[True, False]] * 3, [[True, True]] * 3)
    with pytest.raises(ValueError, match="different theorem sets"):
        pooled([_run([[True]] * 3, [[True]] * 3), other])
    p = tmp_path / "a.json"
    p.write_text(json.dumps(_run([[True, False]] * 3, [[True, True]] * 3)))
    out = tmp_path / "out.json"
    assert main([str(p), "--out", str(out)]) == 0
    assert "RL − SFT +1.0 theorems" in capsys.readouterr().out
    assert json.loads(out.read_text())["delta_theorems"][0] == pytest.approx(1.0)
    with pytest.raises(SystemExit, match="no such file"):
        main([str(tmp_path / "missing.json")])
