"""GPT model: presets and parameter counts, forward/loss, KV cache, padding, windows, GQA."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from models.gpt import GPT, GPTConfig, KVCache

REF_VOCAB = 50_441  # GPT-2 + 184 added tokens; padded to 50,496 (the reference vocabulary)


def meta_model(name: str, vocab: int = REF_VOCAB) -> GPT:
    with torch.device("meta"):
        return GPT(GPTConfig.preset(name, vocab))


def random_model(config: GPTConfig, seed: int = 0) -> GPT:
    """Random init with non-zero output projections (the reference init zeroes them, which would make
    every block an identity and the tests vacuous)."""
    torch.manual_seed(seed)
    model = GPT(config)
    with torch.no_grad():
        for p in model.parameters():
            p.normal_(0.0, 0.15)
    return model.eval()


def tiny(vocab: int = 300, **kw: object) -> GPTConfig:
    base = GPTConfig.preset("tiny", vocab, sequence_len=256)
    return GPTConfig.from_dict({**base.to_dict(), "n_embd": 64, **kw})


def test_preset_parameter_counts() -> None:
    d26 = meta_model("d26")
    c = d26.config
    assert (c.n_embd, c.n_head, c.n_kv_head, c.head_dim, c.padded_vocab_size) == (1664, 13, 13, 128, 50_496)
    # 2 embedding matrices + 12·d² per block + the per-layer scalars (26 resid + 26 x0 lambdas) and the
    # backout lambda; the reference's 1,031,946,318 also counts smear (a 24→1 gate + its lambda = 25).
    assert d26.num_params() == 2 * 50_496 * 1664 + 12 * 1664**2 * 26 + 53 == 1_031_946_293
    assert d26.num_params() + 25 == 1_031_946_318
    assert abs(meta_model("d20").num_params() - 522e6) < 1e6
    assert abs(meta_model("d12").num_params() - 162e6) < 1e6
    assert meta_model("tiny", 2048).num_params() < 2e6
    # reference estimate_flops for d26 ≈ 5.9e9 per token (sliding windows counted at 256)
    assert d26.estimate_flops_per_token() == pytest.approx(5.9e9, rel=0.01)
    assert d26.transformer.wte.weight.device.type == "meta"  # nothing was allocated


def test_window_sizes_and_config_dict() -> None:
    c = GPTConfig.preset("d26", REF_VOCAB)
    sizes = c.window_sizes()
    assert sizes.count(None) == 7 and sizes.count(256) == 19 and sizes[-1] is None
    assert GPTConfig.from_dict(c.to_dict()) == c
    with pytest.raises(ValueError, match="unknown"):
        GPTConfig.from_dict({**c.to_dict(), "bogus": 1})
    with pytest.raises(ValueError):
        GPTConfig.preset("huge", 100)
    with pytest.raises(ValueError):
        GPTConfig(vocab_size=100, n_head=4, n_kv_head=3, n_embd=128)


def test_reference_init() -> None:
    model = GPT(tiny())
    for block in model.transformer.h:
        assert not block.attn.c_proj.weight.any() and not block.mlp.c_proj.weight.any()
    assert model.lm_head.weight.std().item() == pytest.approx(0.001, rel=0.2)
    assert model.transformer.wte.weight.std().item() == pytest.approx(0.8, rel=0.1)
    assert all(m.bias is None for m in model.modules() if isinstance(m, torch.nn.Linear))


def test_forward_shapes_softcap_and_loss() -> None:
    model = random_model(tiny(vocab=300))
    assert model.config.padded_vocab_size == 320 and model.lm_head.weight.shape[0] == 320
    idx = torch.randint(0, 300, (3, 17))
    logits = model(idx)
    assert logits.shape == (3, 17, 300) and logits.dtype == torch.float32
    assert logits.abs().max() <= 15.0
    targets = idx.roll(-1, dims=1)
    targets[:, -1] = -1
    targets[0, :5] = -1
    expected = F.cross_entropy(logits.reshape(-1, 300), targets.reshape(-1), ignore_index=-1)
    assert model.loss(idx, targets).item() == pytest.approx(expected.item(), rel=1e-5)
    per_token = model.loss(idx, targets, reduction="none")
    assert per_token.shape == (3, 17) and (per_token[targets == -1] == 0).all()
    assert (per_token.sum() / (targets != -1).sum()).item() == pytest.approx(expected.item(), rel=1e-5)


def test_backward_reaches_all_parameters() -> None:
    model = random_model(tiny())
    idx = torch.randint(0, 300, (2, 9))
    model.loss(idx, idx).backward()
    assert all(p.grad is not None and p.grad.abs().sum() > 0 for p in model.parameters())


def test_causality() -> None:
    model = random_model(tiny())
    idx = torch.randint(0, 300, (1, 12))
    changed = idx.clone()
    changed[0, 8] = (idx[0, 8] + 1) % 300
    a, b = model(idx), model(changed)
    torch.testing.assert_close(a[:, :8], b[:, :8])
    assert (a[:, 8:] - b[:, 8:]).abs().max() > 1e-3


@pytest.mark.parametrize("kw", [{}, {"n_kv_head": 2}, {"window_pattern": "SL", "n_layer": 2}])
def test_kv_cache_incremental_equals_full(kw: dict) -> None:
    # windows: sequence_len 256 -> short window 128 < T, so the S layers really are windowed
    model = random_model(tiny(**kw))
    t = 150 if "window_pattern" in kw else 20
    idx = torch.randint(0, 300, (2, t))
    with torch.no_grad():
        full = model(idx)
        cache = KVCache.for_model(model, 2, t)
        chunks = [model(idx[:, : t - 5], kv_cache=cache)]
        chunks += [model(idx[:, i : i + 1], kv_cache=cache) for i in range(t - 5, t)]
    assert cache.length == t and cache.next_position.tolist() == [t, t]
    torch.testing.assert_close(torch.cat(chunks, dim=1), full, atol=1e-4, rtol=1e-4)


def test_sliding_window_changes_long_range_attention() -> None:
    windowed = random_model(tiny(window_pattern="SL", n_layer=2))
    full = GPT(tiny(window_pattern="L", n_layer=2)).eval()
    full.load_state_dict(windowed.state_dict())
    idx = torch.randint(0, 300, (1, 150))
    with torch.no_grad():
        a, b = windowed(idx), full(idx)
    torch.testing.assert_close(a[:, :129], b[:, :129], atol=1e-4, rtol=1e-4)  # all keys inside the window
    assert (a[:, 140:] - b[:, 140:]).abs().max() > 1e-3


@pytest.mark.parametrize("side", ["left", "right"])
def test_padded_batch_matches_single_rows(side: str) -> None:
    model = random_model(tiny())
    seqs = [torch.randint(0, 300, (n,)) for n in (11, 4, 7)]
    width = 11
    ids = torch.zeros(3, width, dtype=torch.long)
    pos = torch.full((3, width), -1)
    for i, s in enumerate(seqs):
        sl = slice(width - len(s), width) if side == "left" else slice(0, len(s))
        ids[i, sl], pos[i, sl] = s, torch.arange(len(s))
    with torch.no_grad():
        batched = model(ids, positions=pos)  # no cache
        cache = KVCache.for_model(model, 3, width + 3)
        cached = model(ids, kv_cache=cache, positions=pos)
        nxt = torch.randint(0, 300, (3, 1))
        step = model(nxt, kv_cache=cache)  # continues each row at its own next position
        for i, s in enumerate(seqs):
            single = model(s[None])
            mask = pos[i] >= 0
            torch.testing.assert_close(batched[i, mask], single[0], atol=1e-5, rtol=1e-5)
            torch.testing.assert_close(cached[i, mask], single[0], atol=1e-5, rtol=1e-5)
            one_more = model(torch.cat([s, nxt[i]])[None])
            torch.testing.assert_close(step[i, 0], one_more[0, -1], atol=1e-5, rtol=1e-5)
    assert not torch.isnan(batched).any()


def test_cache_select_and_overflow() -> None:
    model = random_model(tiny())
    idx = torch.randint(0, 300, (2, 6))
    with torch.no_grad():
        cache = KVCache.for_model(model, 2, 8)
        model(idx, kv_cache=cache)
        fan = cache.select(torch.tensor([1, 1, 0]))
        nxt = torch.tensor([[5], [5], [7]])
        out = model(nxt, kv_cache=fan)
        ref = model(torch.cat([idx[[1, 1, 0]], nxt], dim=1))[:, -1]
        torch.testing.assert_close(out[:, 0], ref, atol=1e-5, rtol=1e-5)
        model(nxt, kv_cache=fan)
        with pytest.raises(ValueError, match="overflow"):
            model(nxt, kv_cache=fan)


def test_meta_then_materialize() -> None:
    with torch.device("meta"):
        model = GPT(tiny())
    model.to_empty(device="cpu")
    model.init_weights()
    out = model(torch.randint(0, 300, (1, 5)))
    assert torch.isfinite(out).all()


# ------------------------------------------------------------------ reference extras (model-config flags)
def _extras_model(**flags: bool) -> GPT:
    torch.manual_seed(0)
    cfg = GPTConfig(vocab_size=300, sequence_len=64, n_layer=4, n_head=2, n_kv_head=2, n_embd=32, **flags)
    m = GPT(cfg)
    with torch.no_grad():  # non-zero output projections so every block contributes
        for p in m.parameters():
            if p.ndim == 2:
                p.add_(0.02 * torch.randn_like(p))
    return m.eval()


def test_layer_scalars_flag_init_and_effect() -> None:
    plain, scal = _extras_model(), _extras_model(layer_scalars=True)
    assert not hasattr(plain, "resid_lambdas")
    assert torch.allclose(scal.resid_lambdas, torch.tensor([1.15, 1.15 - 0.1 / 3, 1.15 - 0.2 / 3, 1.05]))
    assert torch.allclose(scal.x0_lambdas, torch.tensor([0.20, 0.15, 0.10, 0.05]))
    scal.load_state_dict(plain.state_dict(), strict=False)
    idx = torch.randint(0, 300, (2, 16))
    assert not torch.allclose(plain(idx), scal(idx))
    with torch.no_grad():  # lambdas (1, 0) make it the plain model again
        scal.resid_lambdas.fill_(1.0)
        scal.x0_lambdas.zero_()
    assert torch.allclose(plain(idx), scal(idx), atol=1e-6)


def test_backout_flag_subtracts_the_mid_residual() -> None:
    plain, back = _extras_model(), _extras_model(backout=True)
    back.load_state_dict(plain.state_dict(), strict=False)
    assert float(back.backout_lambda.detach()) == pytest.approx(0.2)
    idx = torch.randint(0, 300, (2, 16))
    assert not torch.allclose(plain(idx), back(idx))
    with torch.no_grad():
        back.backout_lambda.zero_()
    assert torch.allclose(plain(idx), back(idx), atol=1e-6)


def test_extras_keep_kv_cache_decoding_exact_and_train() -> None:
    m = _extras_model(layer_scalars=True, backout=True)
    idx = torch.randint(0, 300, (2, 12))
    full = m(idx)
    cache = KVCache.for_model(m, 2, 16)
    steps = [m(idx[:, :8], kv_cache=cache)] + [m(idx[:, t:t + 1], kv_cache=cache) for t in range(8, 12)]
    assert torch.allclose(torch.cat(steps, dim=1), full, atol=1e-5)
    m.train()
    m.loss(idx[:, :-1], idx[:, 1:]).backward()
    assert m.resid_lambdas.grad is not None and m.resid_lambdas.grad.abs().sum() > 0
    assert m.backout_lambda.grad is not None
    # config round trip (checkpoints store it) and the dNN presets turn the extras on
    assert GPTConfig.from_dict(m.config.to_dict()) == m.config
    d4 = GPTConfig.preset("d4", 300)
    assert d4.layer_scalars and d4.backout
