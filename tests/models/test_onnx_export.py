"""ONNX export of the tiny policy with KV-cache inputs/outputs, checked against PyTorch in onnxruntime."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch

from models.gpt import GPT, GPTConfig
from models.onnx_export import check_onnx, export_onnx


def test_export_and_check(tmp_path: Path) -> None:
    torch.manual_seed(0)
    config = GPTConfig.from_dict({**GPTConfig.preset("tiny", 500, sequence_len=128).to_dict(),
                                  "n_layer": 2, "n_kv_head": 2})  # GQA exercised too
    model = GPT(config)
    with torch.no_grad():
        for p in model.parameters():
            p.normal_(0.0, 0.1)
    path = export_onnx(model, tmp_path / "policy.onnx")
    assert path.exists() and [p.name for p in tmp_path.iterdir()] == ["policy.onnx"]
    onnx.checker.check_model(str(path))

    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    assert [i.name for i in session.get_inputs()] == [
        "input_ids", "positions", "past_positions",
        "past_key.0", "past_key.1", "past_value.0", "past_value.1"]
    assert [o.name for o in session.get_outputs()][:3] == ["logits", "present_positions", "present_key.0"]

    diff = check_onnx(model, path, atol=1e-3)
    assert 0.0 <= diff < 1e-3

    # an unpadded prefill of other (dynamic) sizes: batch 3, 9 tokens
    ids = torch.randint(0, 500, (3, 9))
    empty = np.zeros((3, 2, 0, config.head_dim), dtype=np.float32)
    feed = {"input_ids": ids.numpy(), "positions": torch.arange(9).repeat(3, 1).numpy(),
            "past_positions": np.zeros((3, 0), dtype=np.int64),
            **{f"past_{kind}.{i}": empty for kind in ("key", "value") for i in range(2)}}
    logits, positions, *kv = session.run(None, feed)
    with torch.no_grad():
        ref = model(ids)
    assert np.abs(logits - ref.numpy()).max() < 1e-3
    assert positions.tolist() == [list(range(9))] * 3 and kv[0].shape == (3, 2, 9, config.head_dim)
