"""Sampling noise: one draw per row, from one generator or from per-state seeds.

A sampler call draws its randomness here, a fixed amount per decoding step (one uniform per row), so
the cost does not grow with the vocabulary and a GPU step needs one kernel, not one per state.

Two sources:
  * a ``torch.Generator`` (or None: torch's default one) for the whole batch;
  * ``StateSeeds``: one stream per state, computed by hashing (state seed, draw number, index in the
    state's block) with a 32-bit integer mixer. A state's noise therefore depends only on its seed and on
    how many draws came before, never on which other states share the batch, and all states are drawn
    in one vectorised expression. The mixer is MurmurHash3's 32-bit finaliser (a bijection of 32-bit
    integers with full avalanche), applied twice with keys in between; products are split into 16-bit
    halves so that no intermediate leaves int64's range (torch gives no wrap-around guarantee).
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from torch import Tensor

_MASK32 = 0xFFFFFFFF
_GOLDEN = 0x9E3779B9  # odd constants of the finaliser and the key schedule
_M1, _M2, _M3 = 0x85EBCA6B, 0xC2B2AE35, 0x27D4EB2F


def _mul32(h: Tensor, c: int) -> Tensor:
    """(h · c) mod 2^32 for 0 ≤ h < 2^32 held in int64, without overflow."""
    lo, hi = c & 0xFFFF, c >> 16
    return (h * lo + (((h * hi) & 0xFFFF) << 16)) & _MASK32


def _fmix32(h: Tensor) -> Tensor:
    h = h ^ (h >> 16)
    h = _mul32(h, _M1)
    h = h ^ (h >> 13)
    h = _mul32(h, _M2)
    return h ^ (h >> 16)


class StateSeeds:
    """Independent noise streams, one per state; ``uniform`` splits the rows evenly over the states in
    order (state i owns rows i·n .. i·n + n - 1) and advances every stream by one draw."""

    def __init__(self, seeds: Sequence[int], device: torch.device | str) -> None:
        if not seeds:
            raise ValueError("need at least one seed")
        s = [int(x) % (1 << 64) for x in seeds]
        lo = torch.tensor([x & _MASK32 for x in s], dtype=torch.long, device=device)
        hi = torch.tensor([x >> 32 for x in s], dtype=torch.long, device=device)
        self._key = _fmix32(_fmix32(lo ^ _GOLDEN) ^ hi)  # [B]
        self.draws = 0
        self.device = torch.device(device)

    def __len__(self) -> int:
        return int(self._key.shape[0])

    def uniform(self, shape: Sequence[int]) -> Tensor:
        b = len(self)
        rows = shape[0] // b
        if rows * b != shape[0]:
            raise ValueError(f"{shape[0]} rows do not split over {b} seeds")
        per_state = rows
        for d in shape[1:]:
            per_state *= int(d)
        self.draws += 1
        draw = _mul32(torch.tensor(self.draws & _MASK32, dtype=torch.long, device=self.device), _GOLDEN)
        k1 = _fmix32(self._key ^ draw)[:, None]  # [B, 1]: this draw's key per state
        # the second key must not be a function of (index constant ^ k1): with k2 = fmix(k1 ^ M3), index 1
        # mapped to fmix(0) in every stream
        k2 = _fmix32((k1 + _GOLDEN) & _MASK32)
        idx = _mul32(torch.arange(per_state, dtype=torch.long, device=self.device), _M3)[None]
        h = _fmix32(_fmix32(idx ^ k1) ^ k2)  # [B, per_state]
        # 24 random bits, centred in their cell: strictly inside (0, 1), exact in float32
        u = ((h >> 8).to(torch.float32) + 0.5) * (2.0 ** -24)
        return u.reshape(tuple(shape))


# The noise source of a sampler call.
Noise = torch.Generator | StateSeeds | None


def uniform(shape: Sequence[int], noise: Noise, device: torch.device) -> Tensor:
    """U(0, 1) noise of ``shape`` from ``noise`` (see the module docstring)."""
    if isinstance(noise, StateSeeds):
        return noise.uniform(shape)
    return torch.rand(tuple(shape), generator=noise, device=device).clamp_(min=2.0 ** -25)


def categorical(logits: Tensor, temperature: float, u: Tensor) -> Tensor:
    """One token per row of ``logits`` [R, V] at the temperature, by inverse CDF with the row's uniform
    ``u`` [R] (a zero-probability token, e.g. a masked one, is never returned)."""
    return from_weights(torch.softmax(logits.float() / temperature, dim=-1), u)


def from_weights(weights: Tensor, u: Tensor) -> Tensor:
    """One index per row of the non-negative ``weights`` [R, V] (each row with a positive sum), drawn
    with probability proportional to its weight by inverse CDF with the row's uniform ``u`` [R]; an index
    of weight 0 is never returned."""
    cdf = weights.cumsum(dim=-1)
    target = (u * cdf[:, -1]).unsqueeze(1)
    idx = torch.searchsorted(cdf, target, right=True)[:, 0]
    # u·total can round up to total: fall back to the last token whose probability moved the CDF
    return torch.minimum(idx, cdf.argmax(dim=-1))
