"""Multi-process training on CPU (DDP over gloo), compute-settings validation, and per-op device placement."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from core.profiles import FULL, SMOKE, ComputeSettings
from models.devices import op_device, validate_compute
from tests.training.test_training import make_tokenizer, synthetic_texts, write_corpus

ROOT = Path(__file__).resolve().parents[2]


def test_op_device_spreads_ops_over_gpus() -> None:
    assert [op_device(i, 4) for i in range(6)] == ["cuda:0", "cuda:1", "cuda:2", "cuda:3", "cuda:0", "cuda:1"]
    assert op_device(5, 0) == "cpu"
    with pytest.raises(ValueError):
        op_device(-1, 2)


def test_full_compute_settings_validated_against_the_machine() -> None:
    # The full profile as shipped is valid on an 8-GPU bf16 box and refused, in one line, without GPUs.
    validate_compute(FULL.compute, cuda_count=8, bf16_ok=True, launched=False)
    with pytest.raises(ValueError, match="no CUDA device"):
        validate_compute(FULL.compute, cuda_count=0, bf16_ok=False, launched=False)
    validate_compute(SMOKE.compute, cuda_count=0, bf16_ok=False, launched=False)
    bad = {
        "strategy": (replace(FULL.compute, strategy="dp"), "compute.strategy"),
        "devices": (replace(FULL.compute, devices=16), "only 8 CUDA"),
        "fsdp_cpu": (replace(SMOKE.compute, strategy="fsdp"), "fsdp"),
        "fp16_cpu": (replace(SMOKE.compute, precision="16-mixed"), "needs a GPU"),
        "nodes": (replace(FULL.compute, num_nodes=2), "launcher"),
    }
    # an unknown precision never gets this far: the profile refuses it when the settings are built
    with pytest.raises(ValueError, match="precision"):
        replace(FULL.compute, precision="bf16")
    for compute, msg in bad.values():
        with pytest.raises(ValueError, match=msg):
            validate_compute(compute, cuda_count=8, bf16_ok=True, launched=False)
    validate_compute(replace(FULL.compute, num_nodes=2), cuda_count=8, bf16_ok=True, launched=True)
    with pytest.raises(ValueError, match="bf16"):
        validate_compute(FULL.compute, cuda_count=8, bf16_ok=False, launched=False)
    validate_compute(ComputeSettings(accelerator="cpu", devices=2, strategy="ddp"), cuda_count=0)


def _train(tmp: Path, name: str, devices: int, batch_size: int, strategy: str) -> dict:
    settings = tmp / f"{name}.json"
    settings.write_text(json.dumps({
        "stage": {"max_steps": 30, "batch_size": batch_size, "seq_len": 64,
                  "val_check_interval": 1000},
        "compute": {"accelerator": "cpu", "devices": devices, "num_threads": 1, "strategy": strategy},
    }))
    cmd = [sys.executable, "-m", "training.train", "pretrain", "--data", str(tmp / "corpus.parquet"),
           "--tokenizer", str(tmp / "tok.json"), "--out", str(tmp / name), "--settings", str(settings)]
    done = subprocess.run(cmd, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.count('"checkpoint"') == 1  # only rank 0 reports
    return json.loads(done.stdout[done.stdout.index("{"):])


@pytest.mark.slow
def test_ddp_two_cpu_processes_match_single_process(tmp_path: Path) -> None:
    """Same global batch (1×8 vs 2 ranks × 4), same steps: DDP (gloo, Lightning's launcher re-executing the
    CLI) reaches the single-process validation loss within 3%, having trained on the same number of tokens."""
    make_tokenizer().save(tmp_path / "tok.json")
    write_corpus(tmp_path / "corpus.parquet", synthetic_texts(400))
    single = _train(tmp_path, "single", 1, 8, "auto")
    ddp = _train(tmp_path, "ddp", 2, 4, "ddp")
    assert single["steps"] == ddp["steps"] == 30
    assert single["tokens_seen"] == ddp["tokens_seen"]  # world size counted
    assert ddp["val_loss"] < 0.5 * ddp["initial_val_loss"]  # it trained
    assert abs(ddp["val_loss"] - single["val_loss"]) < 0.03 * single["val_loss"], (single, ddp)
    assert (tmp_path / "ddp" / "model.pt").exists()


def test_run_stage_refuses_the_full_compute_settings_here_before_loading_anything(tmp_path: Path) -> None:
    import torch

    from training.train import StageData, StageRun, run_stage

    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    with pytest.raises(ValueError, match="no CUDA device") as err:
        run_stage("pretrain", StageData(None, None), FULL.pretrain, FULL.compute,  # type: ignore[arg-type]
                  StageRun(tmp_path / "never"))
    assert "\n" not in str(err.value)
    assert not (tmp_path / "never").exists()
