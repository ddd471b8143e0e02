"""Sampler: cached vs naive decoding, batch consistency, first-token cap, logprobs, values."""

from __future__ import annotations

import copy
import math
import threading

import pytest
import torch

from models.gpt import GPT, GPTConfig
from models.sampler import (
    Sampler,
    SamplingSettings,
    first_tokens_capped,
    greedy_decode_cached,
    greedy_decode_naive,
)
from models.tokenizer import ProofTokenizer

STATES = [
    "a b : ℕ\nh : a ≤ b\n⊢ a < b + 1",
    "⊢ True",
    "p q : Prop\nhp : p\nhq : q\n⊢ p ∧ q ∧ (p ∨ ¬q)",
]


@pytest.fixture(scope="module")
def tok() -> ProofTokenizer:
    corpus = [*STATES, "omega", "exact ⟨hp, hq, Or.inl hp⟩", "trivial", "intro x", "simp"] * 50
    return ProofTokenizer.train(corpus, vocab_size=600)


@pytest.fixture(scope="module")
def model(tok: ProofTokenizer) -> GPT:
    torch.manual_seed(0)
    m = GPT(GPTConfig.preset("tiny", tok.vocab_size, sequence_len=256))
    with torch.no_grad():
        for p in m.parameters():
            p.normal_(0.0, 0.15)  # non-zero output projections: a non-trivial random model
    return m.eval()


def test_cached_greedy_equals_naive(model: GPT, tok: ProofTokenizer) -> None:
    prompts = [tok.tactic_prompt(s) for s in STATES]
    assert len({len(p) for p in prompts}) == 3  # genuinely variable lengths
    naive = [greedy_decode_naive(model, p, 12) for p in prompts]
    assert greedy_decode_cached(model, prompts[:1], 12) == naive[:1]
    assert greedy_decode_cached(model, prompts, 12) == naive
    assert all(len(r) == 12 for r in naive)
    # with an EOS id the decoders stop there (pick a token the greedy path emits as "EOS")
    eos = naive[1][3]
    assert greedy_decode_cached(model, prompts, 12, eos_id=eos) == [
        greedy_decode_naive(model, p, 12, eos_id=eos) for p in prompts]


def test_batch_matches_single(model: GPT, tok: ProofTokenizer) -> None:
    sampler = Sampler(model, tok, SamplingSettings(num_samples=4, temperature=0.0, first_token_cap=1,
                                                   max_new_tokens=10))
    batched = sampler(STATES)
    for state, out in zip(STATES, batched, strict=True):
        alone = sampler([state])[0]
        assert out.value == pytest.approx(alone.value, abs=1e-4)
        assert out.tactics == alone.tactics
        assert out.logprobs == pytest.approx(alone.logprobs, abs=1e-3)


def test_first_token_cap() -> None:
    g = torch.Generator().manual_seed(0)
    logits = torch.randn(50, 40, generator=g)
    for cap in (1, 2, 3):
        first = first_tokens_capped(logits, 6, cap, 1.0, g)
        assert first.shape == (50, 6)
        for row in first.tolist():
            assert max(row.count(t) for t in row) <= cap
    peaked = torch.full((4, 40), -10.0)
    peaked[:, 7] = 10.0
    first = first_tokens_capped(peaked, 6, 2, 1.0, g)
    assert all(row.count(7) == 2 for row in first.tolist())  # the dominant token exactly cap times
    greedy = first_tokens_capped(torch.arange(40.0)[None], 5, 2, 0.0, None)
    assert greedy.tolist() == [[39, 39, 38, 38, 37]]
    with pytest.raises(ValueError, match="cap"):
        first_tokens_capped(torch.tensor([[0.0, float("-inf")]]), 3, 2, 1.0, g)


def test_sampler_rows_respect_cap_and_limits(model: GPT, tok: ProofTokenizer) -> None:
    sampler = Sampler(model, tok, SamplingSettings(num_samples=6, first_token_cap=2, max_new_tokens=8),
                      seed=3)
    rows, logprobs, values = sampler.sample_ids(STATES)
    assert len(rows) == 18 and len(logprobs) == 18 and len(values) == 3
    specials = {tok.pad_id, tok.tactic_id, tok.value_id, *tok.bin_ids}
    for s in range(3):
        group = rows[6 * s : 6 * s + 6]
        firsts = [r[0] for r in group]
        assert max(firsts.count(t) for t in firsts) <= 2
        for r in group:
            assert 1 <= len(r) <= 8 and r[0] != tok.eos_id  # min one token
            assert tok.eos_id not in r[:-1] and not specials & set(r)
    assert sampler.stats == {"batches": 1, "states": 3, "rows": 18, "tokens": sum(map(len, rows))}


def test_logprobs_match_teacher_forcing(model: GPT, tok: ProofTokenizer) -> None:
    sampler = Sampler(model, tok, SamplingSettings(num_samples=5, temperature=1.3, max_new_tokens=10),
                      seed=1)
    rows, logprobs, _ = sampler.sample_ids(STATES)
    with torch.no_grad():
        for j, row in enumerate(rows):
            prompt = tok.tactic_prompt(STATES[j // 5])
            tokens = row[:-1] if row[-1] == tok.eos_id else row
            seq = torch.tensor([prompt + tokens])
            logp = torch.log_softmax(model(seq)[0, len(prompt) - 1 : -1], dim=-1)
            expected = logp.gather(1, torch.tensor(tokens)[:, None]).sum().item()
            assert logprobs[j] == pytest.approx(expected, abs=1e-4)


def test_values_in_range_and_match_readout(model: GPT, tok: ProofTokenizer) -> None:
    outs = Sampler(model, tok, SamplingSettings(num_samples=2))(STATES)
    with torch.no_grad():
        for state, out in zip(STATES, outs, strict=True):
            assert 1.0 <= out.value <= 64.0
            logits = model(torch.tensor([tok.value_prompt(state)]))[0, -1]
            p = torch.softmax(logits[tok.bin_ids], dim=-1)
            assert out.value == pytest.approx(float((p * torch.arange(1, 65)).sum()), abs=1e-4)


def test_outputs_dedup_and_determinism(model: GPT, tok: ProofTokenizer) -> None:
    greedy = Sampler(model, tok, SamplingSettings(num_samples=6, temperature=0.0, first_token_cap=2))(STATES)
    for out in greedy:  # temperature 0, cap 2: pairs of identical rows merge into <= 3 tactics
        assert len(out.tactics) == len(set(out.tactics)) <= 3
        assert all(t == t.strip() and t for t in out.tactics)
        assert len(out.logprobs) == len(out.tactics) and all(lp <= 0 for lp in out.logprobs)
    a = Sampler(model, tok, seed=5)(STATES)
    b = Sampler(model, tok, seed=5)(STATES)
    c = Sampler(model, tok, seed=6)(STATES)
    assert a == b
    assert [o.tactics for o in a] != [o.tactics for o in c]
    assert Sampler(model, tok)([]) == []


def test_seeded_samples_do_not_depend_on_the_batch(model: GPT, tok: ProofTokenizer) -> None:
    """A state with its own seed gets the same samples alone or anywhere in any batch (what keeps
    concurrent searches, merged into one call, reproducible)."""
    sampler = Sampler(model, tok, SamplingSettings(num_samples=6, temperature=1.0, first_token_cap=2,
                                                   max_new_tokens=10))
    seeds = {s: 100 + i for i, s in enumerate(STATES)}
    alone = {s: sampler([s], [seeds[s]])[0] for s in STATES}
    sampler([STATES[0]])  # unseeded calls use the sampler's generator and do not disturb seeded ones
    for order in (STATES, STATES[::-1], [STATES[1], STATES[0], STATES[2], STATES[1]]):
        outs = sampler(order, [seeds[s] for s in order])
        for state, out in zip(order, outs, strict=True):
            assert out.tactics == alone[state].tactics
            assert out.logprobs == pytest.approx(alone[state].logprobs, abs=1e-4)
            assert out.value == pytest.approx(alone[state].value, abs=1e-4)
    # another seed gives other samples (for some state), the same seed the same ones in a new sampler
    others = sampler(STATES, [7 + seeds[s] for s in STATES])
    assert [o.tactics for o in others] != [alone[s].tactics for s in STATES]
    fresh = Sampler(model, tok, SamplingSettings(num_samples=6, temperature=1.0, first_token_cap=2,
                                                 max_new_tokens=10), seed=9)
    again = fresh(STATES, [seeds[s] for s in STATES])
    assert [o.tactics for o in again] == [alone[s].tactics for s in STATES]
    with pytest.raises(ValueError, match="seeds"):
        sampler(STATES, [1])


def test_long_prompt_truncated(model: GPT, tok: ProofTokenizer) -> None:
    long_state = "\n".join(f"h{i} : a ≤ b" for i in range(400)) + "\n⊢ True"
    sampler = Sampler(model, tok, SamplingSettings(num_samples=2, max_prompt_len=64, max_new_tokens=4))
    out = sampler([long_state, "⊢ True"])
    assert len(out) == 2 and 1 <= out[0].value <= 64
    # truncation keeps the tail, so the value only depends on the last 62 state tokens
    tail_only = tok.decode(tok.encode(long_state + "\n")[-62:])[:-1]
    assert out[0].value == pytest.approx(sampler([tail_only])[0].value, abs=1e-4)


def test_learns_prompt_format(tok: ProofTokenizer) -> None:
    """Overfit a tiny model on tactic/value rows built by the tokenizer; the sampler must read the
    same format back (tactic string and expected depth)."""
    torch.manual_seed(0)
    model = GPT(GPTConfig.preset("tiny", tok.vocab_size, sequence_len=128))
    data = [("⊢ True", "trivial", 1), ("a b : ℕ\nh : a ≤ b\n⊢ a < b + 1", "omega", 5)]
    rows = [r for s, t, d in data for r in (tok.tactic_row(s, t), tok.value_row(s, d))]
    width = max(len(ids) for ids, _ in rows)
    idx = torch.full((len(rows), width), tok.pad_id)
    targets = torch.full((len(rows), width), -1)
    for i, (ids, mask) in enumerate(rows):
        idx[i, : len(ids)] = torch.tensor(ids)
        for j in range(1, len(ids)):
            if mask[j]:
                targets[i, j - 1] = ids[j]
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    for _ in range(150):
        opt.zero_grad()
        loss = model.loss(idx, targets)
        loss.backward()
        opt.step()
    assert loss.item() < 0.05
    greedy = Sampler(model.eval(), tok, SamplingSettings(num_samples=2, temperature=0.0))
    outs = greedy([s for s, _, _ in data])
    for (_, tactic, depth), out in zip(data, outs, strict=True):
        assert out.tactics == [tactic]
        assert out.value == pytest.approx(depth, abs=0.2)
        assert math.exp(out.logprobs[0]) > 0.9


# ------------------------------------------------------------------ CUDA attention layout, checked on CPU
def _cached_logits(m: GPT, prompts: list[list[int]], steps: int) -> torch.Tensor:
    from models.sampler import prefill

    cache, first = prefill(m, prompts, steps + 1)
    outs = [first]
    for _ in range(steps):
        nxt = outs[-1].argmax(-1)
        outs.append(m.logits(m.hidden_states(nxt[:, None], kv_cache=cache)[:, -1]))
    return torch.stack(outs, 1)


@pytest.mark.parametrize("pattern", ["L", "SSSL"])
def test_kernel_attention_layout_matches_boolean_masks(tok: ProofTokenizer, pattern: str) -> None:
    """The CUDA layout (maskless where possible, else additive masks) gives the CPU path's logits: padded
    batches, an unpadded batch (the maskless path) and a prompt longer than the 128-token window."""
    torch.manual_seed(0)
    cfg = GPTConfig(vocab_size=tok.vocab_size, sequence_len=64, n_layer=4, n_head=4, n_kv_head=4, n_embd=64,
                    window_pattern=pattern)
    m = GPT(cfg)
    with torch.no_grad():
        for p in m.parameters():
            p.normal_(0.0, 0.15)
    m.eval()
    prompts = [tok.tactic_prompt(s) for s in STATES]
    long = (prompts[2] * 12)[:150]
    batches = {"padded": prompts, "unpadded": [prompts[0]] * 3, "long": [long, prompts[1]]}
    seen: list[object] = []
    real = m._kernel_masks

    def spy(*args: object) -> object:
        out = real(*args)  # type: ignore[arg-type]
        seen.extend(out.values())
        return out

    m._kernel_masks = spy  # type: ignore[method-assign]
    for name, batch in batches.items():
        m.attention_layout = "bool"
        ref = _cached_logits(m, batch, 6)
        m.attention_layout = "kernel"
        got = _cached_logits(m, batch, 6)
        assert torch.allclose(ref, got, atol=1e-4), name
    assert any(x is None for x in seen)  # the maskless path ran
    assert any(isinstance(x, torch.Tensor) and x.is_floating_point() for x in seen)  # and the additive one
    m.attention_layout = "auto"  # on CPU: the boolean path
    assert torch.equal(_cached_logits(m, prompts, 3), _cached_logits(m, prompts, 3))


def test_seeded_policy_calls_from_two_workers_match_one(model: GPT, tok: ProofTokenizer) -> None:
    """The smoke profile's two sampler workers: seeded calls of one SamplerPolicy run side by side and
    give each state the samples it gets from a single worker; the sampler's counters add up."""
    from search.batching import BatchingPolicy
    from search.policy import SamplerPolicy

    settings = SamplingSettings(num_samples=4, temperature=1.0, max_new_tokens=8)
    states = [f"{s}\nh{i} : True" for i in range(8) for s in STATES]
    seeds = list(range(len(states)))
    # float64: the batches the two workers form depend on timing, and float32 logits of one state move by
    # ~5e-6 with the other states in its call (padding width, matmul shapes); once in a few thousand
    # draws that moves a sample across a CDF boundary (see tests/search/test_search_determinism.py)
    model = copy.deepcopy(model).double()
    want = Sampler(model, tok, settings)(states, seeds)
    sampler = Sampler(model, tok, settings)
    with BatchingPolicy(SamplerPolicy(sampler), max_batch=3, max_wait_ms=1, workers=2) as batcher:
        results: list[list[object]] = [[] for _ in states]

        def call(i: int) -> None:
            results[i] = batcher([states[i]], [seeds[i]])

        threads = [threading.Thread(target=call, args=(i,)) for i in range(len(states))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
    for i, expected in enumerate(want):
        got = results[i][0]
        assert got.tactics == expected.tactics  # type: ignore[attr-defined]
        assert got.logprobs == pytest.approx(expected.logprobs, abs=1e-4)  # type: ignore[attr-defined]
    assert sampler.stats["states"] == len(states)


def test_finished_rows_leave_the_forward_pass(model: GPT, tok: ProofTokenizer) -> None:
    """Rows that emitted EOS stop being computed (the decode batch shrinks), and every state still gets
    exactly the samples it gets alone."""
    import copy

    model = copy.deepcopy(model)
    with torch.no_grad():  # EOS likelier than the model's favourite token, so rows end at varied lengths
        favourite = int(model(torch.tensor([tok.encode(STATES[0])]))[0, -1].argmax())
        model.lm_head.weight[tok.eos_id] = 1.8 * model.lm_head.weight[favourite]
    settings = SamplingSettings(num_samples=6, temperature=1.0, max_new_tokens=12)
    sampler = Sampler(model, tok, settings)
    seeds = [11, 12, 13]
    alone = [sampler([s], [seed])[0] for s, seed in zip(STATES, seeds, strict=True)]
    widths: list[int] = []
    forward = model.hidden_states

    def recording(idx: torch.Tensor, *args: object, **kwargs: object) -> torch.Tensor:
        widths.append(idx.shape[0])
        return forward(idx, *args, **kwargs)  # type: ignore[arg-type]

    model.hidden_states = recording  # type: ignore[method-assign]
    try:
        rows, _, _ = sampler.sample_ids(STATES, seeds)
        together = sampler(STATES, seeds)
    finally:
        del model.hidden_states
    lengths = sorted(len(r) for r in rows)
    assert lengths[0] < lengths[-1]  # some rows finish early ...
    decode_widths = widths[1 : lengths[-1]]  # after the prefill, one forward per decoding step
    assert decode_widths[0] == len(rows) and decode_widths[-1] < len(rows)  # ... and leave the batch
    assert decode_widths == sorted(decode_widths, reverse=True)
    for got, want in zip(together, alone, strict=True):
        assert got.tactics == want.tactics
        assert got.logprobs == pytest.approx(want.logprobs, abs=1e-4)
