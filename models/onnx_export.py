"""ONNX export of the policy with explicit KV-cache inputs/outputs (for onnxruntime serving).

Graph signature (B = batch, T = new tokens, P = past length, H = n_kv_head, D = head_dim, L = n_layer):
  inputs   input_ids [B, T] int64, positions [B, T] int64 (RoPE position per token, -1 = padding),
           past_positions [B, P] int64, past_key.{i} / past_value.{i} [B, H, P, D] float32 (i < L)
  outputs  logits [B, T, vocab] float32 (soft-capped), present_positions [B, P+T],
           present_key.{i} / present_value.{i} [B, H, P+T, D]
A prefill passes P = 0 (empty past tensors); each decode step feeds back the presents as the next
pasts, exactly like ``KVCache`` in models/gpt.py (whose position semantics it mirrors).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import torch
from torch import Tensor, nn

from models.gpt import GPT, KVCache


class _ConcatCache:
    """Functional stand-in for KVCache: appends by concatenation, so the graph has no in-place
    writes into a preallocated buffer and the past length is a dynamic dimension."""

    def __init__(self, past_positions: Tensor, past_k: list[Tensor], past_v: list[Tensor]) -> None:
        self.length = past_positions.shape[1]
        self.positions = past_positions
        self.k, self.v = list(past_k), list(past_v)

    def reserve(self, positions: Tensor) -> None:
        self.positions = torch.cat([self.positions, torch.where(positions < 0, -1, positions)], dim=1)

    def write(self, layer: int, k: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
        self.k[layer] = torch.cat([self.k[layer], k], dim=2)
        self.v[layer] = torch.cat([self.v[layer], v], dim=2)
        return self.k[layer], self.v[layer]

    def advance(self, positions: Tensor) -> None:
        pass


class OnnxPolicy(nn.Module):
    """Wraps GPT with the flat input/output signature above."""

    def __init__(self, model: GPT) -> None:
        super().__init__()
        self.model = model
        self.n_layer = model.config.n_layer

    def forward(self, input_ids: Tensor, positions: Tensor, past_positions: Tensor,
                *past: Tensor) -> tuple[Tensor, ...]:
        cache = _ConcatCache(past_positions, list(past[: self.n_layer]), list(past[self.n_layer:]))
        logits = self.model(input_ids, kv_cache=cache, positions=positions)  # type: ignore[arg-type]
        return (logits, cache.positions, *cache.k, *cache.v)


def _names(n_layer: int) -> tuple[list[str], list[str]]:
    inputs = ["input_ids", "positions", "past_positions",
              *[f"past_key.{i}" for i in range(n_layer)], *[f"past_value.{i}" for i in range(n_layer)]]
    outputs = ["logits", "present_positions",
               *[f"present_key.{i}" for i in range(n_layer)], *[f"present_value.{i}" for i in range(n_layer)]]
    return inputs, outputs


def _example_inputs(model: GPT, batch: int, t: int, past: int) -> tuple[Tensor, ...]:
    c = model.config
    g = torch.Generator().manual_seed(0)
    ids = torch.randint(0, c.vocab_size, (batch, t), generator=g)
    positions = past + torch.arange(t)[None].expand(batch, t).clone()
    past_positions = torch.arange(past)[None].expand(batch, past).clone()
    kv = [torch.randn(batch, c.n_kv_head, past, c.head_dim, generator=g) for _ in range(2 * c.n_layer)]
    return (ids, positions, past_positions, *kv)


def export_onnx(model: GPT, path: str | os.PathLike, opset_version: int = 18) -> Path:
    """Export ``model`` (float32, CPU copy) to a single self-contained .onnx file at ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    cpu_model = GPT(model.config)
    cpu_model.load_state_dict({k: v.detach().float().cpu() for k, v in model.state_dict().items()})
    wrapper = OnnxPolicy(cpu_model).eval()
    n = model.config.n_layer
    inputs, outputs = _names(n)
    # Example sizes >= 2 so the exporter does not specialise the dynamic dims to 0/1.
    args = _example_inputs(cpu_model, batch=2, t=3, past=4)
    batch, seq, past = torch.export.Dim("batch"), torch.export.Dim("seq"), torch.export.Dim("past")
    kv_dims = {0: batch, 2: past}
    dynamic_shapes = ({0: batch, 1: seq}, {0: batch, 1: seq}, {0: batch, 1: past},
                      tuple(kv_dims for _ in range(2 * n)))  # the *past varargs form one entry
    tmp = path.with_name(f".{path.name}.tmp")
    with torch.no_grad():
        program = torch.onnx.export(wrapper, args, dynamo=True, input_names=inputs, output_names=outputs,
                                    dynamic_shapes=dynamic_shapes, opset_version=opset_version,
                                    external_data=False, optimize=True,
                                    verbose=False)
    assert program is not None
    program.save(str(tmp), external_data=False)
    os.replace(tmp, path)  # atomic: readers never see a half-written model
    return path


def _ort_run(session, ids: Tensor, positions: Tensor, past_positions: Tensor,
             past: list[np.ndarray]) -> list[np.ndarray]:
    feed = {"input_ids": ids.numpy(), "positions": positions.numpy(),
            "past_positions": past_positions.numpy()}
    names = [i.name for i in session.get_inputs()][3:]
    feed.update(dict(zip(names, past, strict=True)))
    return session.run(None, feed)


@torch.inference_mode()
def check_onnx(model: GPT, path: str | os.PathLike, atol: float = 1e-3) -> float:
    """Run onnxruntime and PyTorch (with KVCache) on a left-padded variable-length prefill plus one
    decode step; return the max abs logit difference over non-padding positions. Raises
    AssertionError when it exceeds ``atol``."""
    import onnxruntime as ort

    c = model.config
    cpu_model = GPT(c)
    cpu_model.load_state_dict({k: v.detach().float().cpu() for k, v in model.state_dict().items()})
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    g = torch.Generator().manual_seed(1)
    lengths = [7, 4]
    width = max(lengths)
    ids = torch.randint(0, c.vocab_size, (len(lengths), width), generator=g)
    positions = torch.stack([torch.arange(width) - (width - n) for n in lengths]).clamp(min=-1)
    valid = positions >= 0

    cache = KVCache.for_model(cpu_model, len(lengths), width + 1)
    ref = cpu_model(ids, kv_cache=cache, positions=positions)
    empty = [np.zeros((len(lengths), c.n_kv_head, 0, c.head_dim), dtype=np.float32)] * (2 * c.n_layer)
    out = _ort_run(session, ids, positions, torch.zeros(len(lengths), 0, dtype=torch.long), empty)
    diff = float((torch.from_numpy(out[0]) - ref)[valid].abs().max())

    nxt = ref[:, -1].argmax(-1, keepdim=True)
    step_pos = positions[:, -1:] + 1
    ref2 = cpu_model(nxt, kv_cache=cache, positions=step_pos)
    out2 = _ort_run(session, nxt, step_pos, torch.from_numpy(out[1]), list(out[2:]))
    diff = max(diff, float((torch.from_numpy(out2[0]) - ref2).abs().max()))
    assert diff <= atol, f"onnxruntime logits differ from PyTorch by {diff} > {atol}"
    return diff
