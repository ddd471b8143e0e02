"""Sampling noise: per-state hashed streams, inverse-CDF categorical draws, capped first tokens."""

from __future__ import annotations

import itertools
import math

import pytest
import torch

from models.noise import StateSeeds, categorical, from_weights, uniform
from models.sampler import first_tokens_capped


def _chi2(counts: torch.Tensor, expected: torch.Tensor) -> float:
    return float(((counts - expected) ** 2 / expected).sum())


def test_state_streams_are_uniform_and_strictly_inside_the_unit_interval() -> None:
    u = StateSeeds([0, 1, 2**40 + 3, -5], "cpu").uniform((4, 50_000))
    assert u.dtype == torch.float32 and bool((u > 0).all()) and bool((u < 1).all())
    for row in u:
        counts = torch.histc(row, bins=20, min=0.0, max=1.0)
        # 19 degrees of freedom: the 99.9 % quantile is 43.8
        assert _chi2(counts, torch.full((20,), 2500.0)) < 43.8
    # every index of a stream is uniform across streams (a hash whose index 1 was the same in every
    # stream once passed the per-stream checks)
    cols = StateSeeds(list(range(20_000)), "cpu").uniform((20_000, 4))
    for col in cols.T:
        assert _chi2(torch.histc(col, bins=20, min=0.0, max=1.0), torch.full((20,), 1000.0)) < 43.8
    # neighbouring indices and neighbouring seeds are uncorrelated
    assert abs(float(torch.corrcoef(torch.stack([u[0, :-1], u[0, 1:]]))[0, 1])) < 0.02
    assert abs(float(torch.corrcoef(u[:2])[0, 1])) < 0.02


def test_a_state_stream_depends_on_its_seed_and_draw_count_only() -> None:
    alone = StateSeeds([7], "cpu")
    first, second = alone.uniform((3, 5)), alone.uniform((3, 5))
    assert not torch.equal(first, second)  # each draw advances the stream
    batch = StateSeeds([9, 7, 11], "cpu")
    a, b = batch.uniform((9, 5)), batch.uniform((9, 5))
    assert torch.equal(a[3:6], first) and torch.equal(b[3:6], second)  # state 1 owns rows 3..5
    assert not torch.equal(a[0:3], first) and not torch.equal(a[6:9], first)
    with pytest.raises(ValueError, match="split"):
        batch.uniform((4, 5))
    with pytest.raises(ValueError, match="seed"):
        StateSeeds([], "cpu")
    g = torch.Generator().manual_seed(0)
    assert bool((uniform((1000,), g, torch.device("cpu")) > 0).all())


def test_categorical_follows_the_tempered_softmax_and_never_picks_a_masked_token() -> None:
    logits = torch.tensor([2.0, 0.0, float("-inf"), 1.0, -1.0])
    n = 40_000
    u = StateSeeds([3], "cpu").uniform((n,))
    for temperature in (1.0, 0.5):
        picks = categorical(logits.expand(n, -1), temperature, u)
        counts = torch.bincount(picks, minlength=5).float()
        assert counts[2] == 0
        p = torch.softmax(logits / temperature, dim=-1)
        keep = p > 0
        assert _chi2(counts[keep], n * p[keep]) < 16.3  # 3 d.o.f., 99.9 %
    # u at the very top of its range still lands on a token of positive weight
    w = torch.tensor([[0.3, 0.7, 0.0, 0.0]])
    assert from_weights(w, torch.tensor([1.0 - 2.0 ** -25])).item() == 1


def test_capped_first_tokens_follow_sampling_without_replacement() -> None:
    """The ordered pairs of k=2 draws with cap 1 have the Plackett-Luce law p_a · p_b / (1 - p_a)."""
    logits = torch.log(torch.tensor([0.5, 0.3, 0.15, 0.05]))
    n = 30_000
    picks = first_tokens_capped(logits.expand(n, -1).clone(), 2, 1, 1.0, StateSeeds(list(range(n)), "cpu"))
    p = logits.exp()
    pairs = list(itertools.permutations(range(4), 2))
    counts = torch.tensor([float(((picks[:, 0] == a) & (picks[:, 1] == b)).sum()) for a, b in pairs])
    expected = torch.tensor([n * float(p[a] * p[b] / (1 - p[a])) for a, b in pairs])
    assert _chi2(counts, expected) < 32.9  # 11 d.o.f., 99.9 %
    # cap 2: a token may appear twice, its second copy at half its first weight
    twice = first_tokens_capped(logits.expand(n, -1).clone(), 2, 2, 1.0, StateSeeds(list(range(n)), "cpu"))
    same = float((twice[:, 0] == twice[:, 1]).float().mean())
    want = sum(float(q * (q / 2) / (1 - q / 2)) for q in p)  # P(second = first) summed over tokens
    assert math.isclose(same, want, abs_tol=0.015)
