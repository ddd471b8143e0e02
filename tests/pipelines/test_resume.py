"""Resumable stages: SIGKILL a training subprocess mid-run, run it again, and it continues from the newest
full-state checkpoint instead of step 0."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.training.test_training import make_tokenizer, synthetic_texts, write_corpus
from training.train import newest_resumable

ROOT = Path(__file__).resolve().parents[2]
MAX_STEPS = 100  # five checkpoints: the kill lands mid-stage, the resumed run stays short
EVERY = 20


def _cmd(tmp: Path) -> list[str]:
    return [sys.executable, "-m", "training.train", "pretrain", "--data", str(tmp / "corpus.parquet"),
            "--tokenizer", str(tmp / "tok.json"), "--out", str(tmp / "stage"), "--settings",
            str(tmp / "settings.json"), "--checkpoint-every", str(EVERY)]


def test_newest_resumable_skips_torn_checkpoints(tmp_path: Path) -> None:
    import torch

    torch.save({"x": torch.zeros(3)}, tmp_path / "step000000020.ckpt")
    torch.save({"x": torch.zeros(3)}, tmp_path / "step000000040.ckpt")
    data = (tmp_path / "step000000040.ckpt").read_bytes()
    (tmp_path / "step000000040.ckpt").write_bytes(data[: len(data) // 2])  # killed mid-write
    assert newest_resumable(tmp_path) == tmp_path / "step000000020.ckpt"
    assert newest_resumable(tmp_path / "missing") is None


@pytest.mark.slow
def test_sigkill_mid_stage_then_rerun_resumes_from_saved_step(tmp_path: Path) -> None:
    tok = make_tokenizer()
    tok.save(tmp_path / "tok.json")
    write_corpus(tmp_path / "corpus.parquet", synthetic_texts(400))
    (tmp_path / "settings.json").write_text(json.dumps({
        "stage": {"max_steps": MAX_STEPS, "batch_size": 8, "seq_len": 64,
                  "val_check_interval": 1000},
        "compute": {"accelerator": "cpu", "devices": 1, "num_threads": 1},
    }))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ckpt_dir = tmp_path / "stage" / "lightning"
    proc = subprocess.Popen(_cmd(tmp_path), cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 240
    try:
        while newest_resumable(ckpt_dir) is None:
            assert proc.poll() is None, proc.stderr.read().decode()[-2000:] if proc.stderr else ""
            assert time.monotonic() < deadline, "no checkpoint within 240 s"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    assert not (tmp_path / "stage" / "model.pt").exists()  # it really died before finishing
    saved = newest_resumable(ckpt_dir)
    assert saved is not None
    saved_step = int(saved.stem.removeprefix("step"))
    assert EVERY <= saved_step < MAX_STEPS

    done = subprocess.run(_cmd(tmp_path), cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    metrics = json.loads(done.stdout[done.stdout.index("{"):])
    resumed = metrics["resumed_from_step"]
    assert resumed >= saved_step  # the newest checkpoint (a later one may have landed before the kill)
    assert metrics["steps"] == MAX_STEPS  # finished the schedule, counting the steps done before the kill
    assert metrics["steps_this_run"] == MAX_STEPS - resumed  # ran only the remaining steps, not from zero
    assert (tmp_path / "stage" / "model.pt").exists()  # the weights-only checkpoint the registry gets
