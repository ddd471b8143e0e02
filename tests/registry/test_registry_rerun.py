"""Registry re-runs against a real MLflow sqlite store: a killed step leaves no duplicate, no RUNNING
run, and registered.json names the version its alias points to. Checkpoints with flipped bytes are refused."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import torch

from models.gpt import GPT
from registry import registry
from registry.checkpoint import CheckpointError, load_checkpoint, save_checkpoint
from tests.training.test_training import make_tokenizer, tiny_config

REPO = Path(__file__).resolve().parents[2]


def _ready(c, stage: str, iteration: int | None) -> list:
    return [v for v in registry.versions_of(c, stage, iteration) if v.status == "READY"]


def _register(tmp: Path, tok, k: int, seed: int) -> registry.RegisteredVersion:
    torch.manual_seed(seed)
    ckpt = tmp / f"iteration={k}" / "policy.pt"
    save_checkpoint(ckpt, GPT(tiny_config(tok)), tok.fingerprint(), {"stage": "rl", "seed": seed})
    return registry.log_stage_run(
        registry.StageRecord("rl", ckpt, tok.fingerprint(), metrics={"loss": 1.0}, iteration=k),
        registry.Lineage(aliases=(registry.ALIAS_RL_LATEST,)), record_path=ckpt.parent / "registered.json",
        record_extra={"iteration": k},
    )


def _alias_agrees(c, tmp: Path) -> None:
    mv = c.get_model_version_by_alias(registry.MODEL_NAME, registry.ALIAS_RL_LATEST)
    record = json.loads((tmp / f"iteration={mv.tags['iteration']}" / "registered.json").read_text())
    assert record["version"] == int(mv.version) and record["run_id"] == mv.run_id


def test_killed_policy_step_rerun_leaves_one_ready_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    uri = f"sqlite:///{tmp_path / 'mlflow.db'}"
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)
    tok = make_tokenizer()
    first = _register(tmp_path, tok, 1, seed=0)
    c = registry.client()
    _alias_agrees(c, tmp_path)

    # A `policy` step for iteration 2 that registers its version and is SIGKILLed right after starting the
    # next MLflow run (the model version exists, the run stays RUNNING for ever).
    script = textwrap.dedent(f"""
        import os, signal, mlflow, torch
        from registry import registry
        from registry.checkpoint import save_checkpoint
        from models.gpt import GPT
        from tests.training.test_training import make_tokenizer, tiny_config
        tok = make_tokenizer()
        ckpt = {str(tmp_path / "iteration=2" / "policy.pt")!r}
        save_checkpoint(ckpt, GPT(tiny_config(tok)), tok.fingerprint(), {{"stage": "rl"}})
        registry.log_stage_run(registry.StageRecord("rl", ckpt, tok.fingerprint(),
            iteration=2))  # no alias, no record: killed next
        c = registry.client()
        mlflow.start_run(experiment_id=registry.experiment_id(c), run_name="rl-2",
                         tags={{"stage": "rl", "iteration": "2"}})
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    env = {**os.environ, "PYTHONPATH": str(REPO), "MLFLOW_TRACKING_URI": uri}
    proc = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()[-2000:]
    exp = registry.experiment_id(c)
    running = c.search_runs([exp], filter_string="attributes.status = 'RUNNING'")
    assert len(running) == 1 and len(_ready(c, "rl", 2)) == 1
    _alias_agrees(c, tmp_path)  # the alias never moved to the half-done iteration

    second = _register(tmp_path, tok, 2, seed=1)  # the re-run
    ready = _ready(c, "rl", 2)
    assert [int(v.version) for v in ready] == [second.version]  # exactly one READY version for iteration 2
    assert ready[0].tags["supersedes"] and "re-run" in ready[0].tags["supersede_reason"]
    stale = c.get_run(running[0].info.run_id)
    assert stale.info.status == "FAILED" and "died" in stale.data.tags["closed_reason"]
    old_run_id = [r for r in c.search_runs([exp], filter_string="tags.iteration = '2'")
                  if r.data.tags.get("superseded_by")]
    assert old_run_id and old_run_id[0].data.tags["superseded_by"] == f"proofmill/{second.version}"
    assert not c.search_runs([exp], filter_string="attributes.status = 'RUNNING'")
    _alias_agrees(c, tmp_path)
    assert int(c.get_model_version_by_alias(registry.MODEL_NAME, registry.ALIAS_RL_LATEST).version) == (
        second.version
    )
    # re-running again still leaves one; iteration 1 untouched
    third = _register(tmp_path, tok, 2, seed=2)
    assert [int(v.version) for v in _ready(c, "rl", 2)] == [third.version]
    assert [int(v.version) for v in _ready(c, "rl", 1)] == [first.version]
    _alias_agrees(c, tmp_path)
    # the registered checkpoint loads, and is the re-run's
    _, meta = load_checkpoint(f"models:/proofmill/{third.version}", tokenizer=tok)
    assert meta["seed"] == 2


def test_flipped_bytes_are_refused(tmp_path: Path) -> None:
    tok = make_tokenizer()
    torch.manual_seed(0)
    path = tmp_path / "model.pt"
    save_checkpoint(path, GPT(tiny_config(tok)), tok.fingerprint(), {"stage": "sft"})
    load_checkpoint(path, tokenizer=tok)  # intact: loads
    data = bytearray(path.read_bytes())
    # flip 64 bytes inside the largest tensor's storage (the middle of the file is weights)
    mid = len(data) // 2
    for i in range(mid, mid + 64):
        data[i] ^= 0xFF
    bad = tmp_path / "flipped.pt"
    bad.write_bytes(bytes(data))
    with pytest.raises(CheckpointError) as err:
        load_checkpoint(bad, tokenizer=tok)
    assert "\n" not in str(err.value) and "flipped.pt" in str(err.value)
    assert "sha256" in str(err.value) or "corrupted" in str(err.value)
