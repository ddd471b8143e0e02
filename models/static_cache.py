"""A KV cache of fixed shape for one-token decode steps that a CUDA graph can capture.

``models.gpt.KVCache`` slices its buffers with a Python integer (the filled length) and lets the model
check positions on the host, so every step has new shapes and host syncs: fine eagerly, impossible to
capture. ``StaticKVCache`` keeps everything a step changes in tensors on the device: the next slot is a
one-element tensor, new keys/values go in with ``index_copy_``, and attention runs over all ``max_len``
slots with a mask built from the slots' positions (unfilled slots hold position -1 and are masked, so a
step attends exactly to what a ``KVCache`` step attends to). A step therefore has the same shapes and the
same kernels every time, and replaying a captured graph advances the cache by itself.

Views (``rows``) share the buffers: decode graphs for several batch sizes use one allocation.
"""

from __future__ import annotations

import torch
from torch import Tensor


class SlotRows:
    """What both KV caches share: ``positions`` [rows, slots] gives their shape."""

    positions: Tensor

    @property
    def batch_size(self) -> int:
        return self.positions.shape[0]

    @property
    def max_len(self) -> int:
        return self.positions.shape[1]


class StaticKVCache(SlotRows):
    def __init__(self, k: Tensor, v: Tensor, positions: Tensor, next_position: Tensor, slot: Tensor) -> None:
        self.k, self.v = k, v  # [n_layer, B, H_kv, S, D]
        self.positions = positions  # [B, S]: RoPE position per slot, -1 = empty or padding
        self.next_position = next_position  # [B]
        self.slot = slot  # [1]: the slot the next token goes to

    @classmethod
    def allocate(cls, n_layer: int, batch_size: int, n_kv_head: int, head_dim: int, max_len: int,
                 device: torch.device | str, dtype: torch.dtype) -> StaticKVCache:
        shape = (n_layer, batch_size, n_kv_head, max_len, head_dim)
        k, v = (torch.zeros(shape, device=device, dtype=dtype) for _ in range(2))
        return cls(k, v,
                   torch.full((batch_size, max_len), -1, dtype=torch.long, device=device),
                   torch.zeros(batch_size, dtype=torch.long, device=device),
                   torch.zeros(1, dtype=torch.long, device=device))

    def rows(self, n: int) -> StaticKVCache:
        """The first n rows, sharing this cache's memory (and its slot)."""
        return StaticKVCache(self.k[:, :n], self.v[:, :n], self.positions[:n], self.next_position[:n],
                             self.slot)

    @torch.no_grad()
    def load(self, k: Tensor, v: Tensor, positions: Tensor, next_position: Tensor) -> None:
        """Fill the first rows from a prefilled cache's buffers (``k``/``v`` [n_layer, n, H, W, D],
        ``positions`` [n, W], ``next_position`` [n]); the rows after them become empty padding rows and
        the next slot is W."""
        n, w = positions.shape
        if n > self.batch_size or w >= self.max_len:
            raise ValueError(f"{n} rows of {w} slots do not fit a static cache of {self.batch_size} x "
                             f"{self.max_len}")
        self.k[:, :n, :, :w] = k
        self.v[:, :n, :, :w] = v
        self.positions.fill_(-1)
        self.positions[:n, :w] = positions
        self.next_position.zero_()
        self.next_position[:n] = next_position
        self.slot.fill_(w)

    # ---- what models.gpt calls during a step (no host sync, fixed shapes)
    def reserve(self, positions: Tensor) -> None:
        """Record the new token's position ([B, 1]) in the current slot."""
        self.positions.index_copy_(1, self.slot, positions)

    def write(self, layer: int, k: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
        """k, v: [B, H_kv, 1, D] of the new token; returns all slots' keys/values (unfilled ones masked)."""
        self.k[layer].index_copy_(2, self.slot, k.to(self.k.dtype))
        self.v[layer].index_copy_(2, self.slot, v.to(self.v.dtype))
        return self.k[layer], self.v[layer]

    def masks(self, q_pos: Tensor, windows: list[int | None], dtype: torch.dtype) -> dict[int | None, Tensor]:
        """Additive attention masks [B, 1, 1, S] per window size for a query at ``q_pos`` [B, 1]: a slot is
        attended iff it holds a token (position >= 0) within the window. Slots after the current one are
        empty, so causality needs no slot test; the query's own slot always qualifies."""
        k_pos = self.positions
        filled = k_pos >= 0
        out: dict[int | None, Tensor] = {}
        for w in set(windows):
            ok = filled if w is None else filled & (q_pos - k_pos <= w)
            out[w] = torch.zeros(ok.shape, dtype=dtype, device=ok.device).masked_fill_(~ok, float("-inf"))[
                :, None, None, :]
        return out

    def advance(self, positions: Tensor) -> None:
        self.next_position.add_(1)
        self.slot.add_(1)
