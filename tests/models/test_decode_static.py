"""The static-cache decode step (what CUDA graphs replay) against the KVCache step, run eagerly on CPU."""

from __future__ import annotations

import pytest
import torch

from models.decode_graphs import DecodeGraphs, bucket
from models.gpt import GPT, GPTConfig, KVCache
from models.sampler import Sampler, SamplingSettings, prefill
from models.static_cache import StaticKVCache
from models.tokenizer import ProofTokenizer

STATES = [
    "a b : ℕ\nh : a ≤ b\n⊢ a < b + 1",
    "⊢ True",
    "p q : Prop\nhp : p\nhq : q\n⊢ p ∧ q ∧ (p ∨ ¬q)",
]
# long enough (hundreds of tokens) that a d2 model's 128-token sliding window cuts off part of the prompt
LONG = "\n".join(f"h{i} : x{i} + {i} ≤ y{i} * {i + 1}" for i in range(40)) + "\n⊢ x0 ≤ y0"


@pytest.fixture(scope="module")
def tok() -> ProofTokenizer:
    corpus = [*STATES, LONG, "omega", "exact ⟨hp, hq, Or.inl hp⟩", "trivial", "intro x", "simp"] * 50
    return ProofTokenizer.train(corpus, vocab_size=600)


def _model(tok: ProofTokenizer, preset: str) -> GPT:
    torch.manual_seed(0)
    m = GPT(GPTConfig.preset(preset, tok.vocab_size, sequence_len=256))
    with torch.no_grad():
        for p in m.parameters():
            p.normal_(0.0, 0.15)
    return m.eval()


@pytest.mark.parametrize("preset", ["tiny", "d2"])
@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_static_decode_samples_what_the_kv_cache_decode_samples(tok: ProofTokenizer, preset: str,
                                                                 temperature: float) -> None:
    model = _model(tok, preset)
    states = [*STATES, LONG]
    if preset == "d2":  # the window bites: the prompt is longer than the short layers' window
        assert len(tok.tactic_prompt(LONG)) > model.config.window_sizes()[0]
    settings = SamplingSettings(num_samples=4, temperature=temperature, max_new_tokens=10, max_prompt_len=300)
    eager = Sampler(model, tok, settings).sample_ids(states, [5, 6, 7, 8])
    sampler = Sampler(model, tok, settings, static_decode=True)
    static = sampler.sample_ids(states, [5, 6, 7, 8])
    assert sampler.graphs is not None and sampler.graphs.captures == 0  # eager on CPU
    assert static[0] == eager[0]
    assert static[1] == pytest.approx(eager[1], abs=1e-4)
    assert static[2] == pytest.approx(eager[2], abs=1e-4)


def test_static_step_logits_match_kv_cache_step(tok: ProofTokenizer) -> None:
    """Step by step, with padded rows of different prompt lengths: the same logits."""
    model = _model(tok, "d2")
    prompts = [tok.tactic_prompt(s) for s in [*STATES, LONG]]
    with torch.no_grad():
        cache, last = prefill(model, prompts, 6)
        graphs = DecodeGraphs(model, max_len=cache.length + 6, autocast=False)
        dynamic: KVCache = cache.select(torch.arange(len(prompts)))  # a copy the eager steps advance
        tokens = last.argmax(dim=-1)
        with graphs.session(cache) as step:
            for _ in range(5):
                got = step(tokens)
                want = model.logits(model.hidden_states(tokens[:, None], kv_cache=dynamic)[:, -1])
                torch.testing.assert_close(got, want, atol=1e-4, rtol=1e-4)
                tokens = want.argmax(dim=-1)


def test_buckets_share_one_static_cache(tok: ProofTokenizer) -> None:
    model = _model(tok, "tiny")
    settings = SamplingSettings(num_samples=3, temperature=1.0, max_new_tokens=6)
    sampler = Sampler(model, tok, settings, static_decode=True)
    alone = sampler([STATES[2]], [42])[0]
    graphs = sampler.graphs
    assert graphs is not None
    assert bucket(3) == 8 and bucket(8) == 8 and bucket(9) == 16
    many = [f"{STATES[0]}\nh{i} : True" for i in range(5)] + [STATES[2]]
    outs = sampler(many, [0, 1, 2, 3, 4, 42])  # 18 rows: the cache grows to a 32-row bucket
    assert graphs._static is not None and graphs._static.batch_size == 32
    assert outs[-1].tactics == alone.tactics  # the padded, larger batch does not change a state's samples
    assert outs[-1].logprobs == pytest.approx(alone.logprobs, abs=1e-4)
    again = sampler([STATES[2]], [42])[0]  # a smaller call runs in the first rows of the same buffers
    assert again.tactics == alone.tactics
    assert graphs._static.batch_size == 32


def test_static_cache_refuses_what_does_not_fit(tok: ProofTokenizer) -> None:
    model = _model(tok, "tiny")
    c = model.config
    static = StaticKVCache.allocate(c.n_layer, 2, c.n_kv_head, c.head_dim, 8, "cpu", torch.float32)
    with torch.no_grad():
        cache, _ = prefill(model, [tok.tactic_prompt(STATES[0])], 4)
    with pytest.raises(ValueError, match="do not fit"):
        static.load(cache.k[:, :, :, :cache.length], cache.v[:, :, :, :cache.length],
                    cache.positions[:, :cache.length], cache.next_position)
    graphs = DecodeGraphs(model, max_len=cache.length, autocast=False)
    with pytest.raises(ValueError, match="no slot"), graphs.session(cache):
        pass
    with pytest.raises(ValueError, match="one token per row"):
        model.hidden_states(torch.zeros(2, 2, dtype=torch.long), kv_cache=static)
    with pytest.raises(ValueError, match="CUDA"):
        DecodeGraphs(model, max_len=16, autocast=False, use_graphs=True)
