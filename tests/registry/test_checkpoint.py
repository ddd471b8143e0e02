"""Checkpoint files: weights-only round trip, tokenizer fingerprint guard, corrupted files."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from models.gpt import GPT
from models.tokenizer import ProofTokenizer
from registry.checkpoint import CheckpointError, load_checkpoint, save_checkpoint
from tests.training.test_training import make_tokenizer, tiny_config


@pytest.fixture(scope="module")
def tok() -> ProofTokenizer:
    return make_tokenizer()


def test_round_trip_is_weights_only_and_exact(tmp_path: Path, tok: ProofTokenizer) -> None:
    torch.manual_seed(0)
    model = GPT(tiny_config(tok))
    path = tmp_path / "ck" / "model.pt"
    save_checkpoint(path, model, tok.fingerprint(), {"stage": "sft", "out": tmp_path, "steps": 3})
    raw = torch.load(path, weights_only=True)  # plain types + tensors only
    assert raw["tokenizer_fingerprint"] == tok.fingerprint() and raw["meta"]["out"] == str(tmp_path)
    assert list(path.parent.iterdir()) == [path]  # no temp file left behind
    loaded, meta = load_checkpoint(path, tokenizer=tok)
    assert meta["stage"] == "sft" and meta["steps"] == 3 and meta["config"]["n_layer"] == 2
    assert not loaded.training
    idx = torch.randint(0, tok.vocab_size, (2, 9))
    model.eval()
    assert torch.equal(model(idx), loaded(idx))


def test_tokenizer_mismatch_is_refused(tmp_path: Path, tok: ProofTokenizer) -> None:
    path = tmp_path / "model.pt"
    save_checkpoint(path, GPT(tiny_config(tok)), tok.fingerprint(), {})
    other = make_tokenizer(extra=["a completely different corpus line"] * 50)
    assert other.fingerprint() != tok.fingerprint()
    with pytest.raises(CheckpointError, match="tokenizer mismatch") as err:
        load_checkpoint(path, tokenizer=other)
    assert tok.fingerprint() in str(err.value) and other.fingerprint() in str(err.value)
    load_checkpoint(path)  # without a tokenizer to check against, it loads


def test_corrupted_or_foreign_files_give_clear_errors(tmp_path: Path, tok: ProofTokenizer) -> None:
    path = tmp_path / "model.pt"
    save_checkpoint(path, GPT(tiny_config(tok)), tok.fingerprint(), {})
    data = path.read_bytes()
    truncated = tmp_path / "truncated.pt"
    truncated.write_bytes(data[: len(data) // 2])
    with pytest.raises(CheckpointError, match="corrupted or truncated"):
        load_checkpoint(truncated)
    garbage = tmp_path / "garbage.pt"
    garbage.write_bytes(b"not a checkpoint at all")
    with pytest.raises(CheckpointError, match="corrupted or truncated"):
        load_checkpoint(garbage)
    foreign = tmp_path / "foreign.pt"
    torch.save({"weights": torch.zeros(2)}, foreign)
    with pytest.raises(CheckpointError, match="not a proofmill checkpoint"):
        load_checkpoint(foreign)
    with pytest.raises(CheckpointError, match="not found"):
        load_checkpoint(tmp_path / "missing.pt")
