"""Batched tactic sampling and value readout for search.

One ``Sampler`` call takes B proof states and does:
  * one prefill forward over the B tactic prompts and B value prompts together (left-padded; each token
    carries its own RoPE position, see models/gpt.py), filling a KV cache for the tactic rows;
  * value = expected proof depth Σ p_i·i, p = softmax of the last-position logits restricted to the 64
    bin tokens (so value ∈ [1, 64]);
  * k = num_samples samples per state: the cache is fanned out to B·k rows; the k first tokens of a state
    are a sample without replacement from a bag holding each token ``first_token_cap`` times (so each
    first token appears at most cap times); later tokens i.i.d. at the temperature (0 = greedy). EOS is
    masked at step 0 (min 1 token), other special tokens always; a row stops at EOS or after
    ``max_new_tokens``.

Randomness (models/noise.py): one uniform per row per draw, tokens by inverse CDF. With ``seeds`` (one
per state) every state draws from its own hashed stream, a fixed amount per decoding step whether or not
its rows have finished, so a state's samples depend only on its state, its seed and the weights — not on
which other states share the batch (searches running concurrently are merged into one call). Without
seeds all noise comes from the sampler's one generator.

Returned per state: tactics (decoded, stripped; empty ones dropped; duplicates merged keeping the max
logprob, in order of first appearance), their log-probabilities, and the value. A tactic's logprob is
the model's own log-probability of its tokens (temperature 1, no masks; EOS not included) — the same
number a teacher-forced forward gives — so it does not depend on the sampling temperature.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

import torch
from torch import Tensor

from models.decode_graphs import DecodeGraphs
from models.gpt import GPT, KVCache
from models.noise import Noise, StateSeeds, categorical, from_weights, uniform
from models.tokenizer import NUM_VALUE_BINS, ProofTokenizer

# A state is cut to its last max_prompt_len × this many characters before tokenizing. A token of the
# byte-level BPE rarely spans more than a few characters, so the cut leaves far more tokens than the prompt
# keeps, and the kept tail tokenizes as in the whole state (BPE merges do not reach that far back).
TAIL_CHARS_PER_TOKEN = 32


@dataclass
class SampleOutput:
    tactics: list[str]
    logprobs: list[float]
    value: float  # expected proof depth in [1, 64]


def left_pad(prompts: Sequence[Sequence[int]], pad_id: int,
             device: torch.device | str) -> tuple[Tensor, Tensor]:
    """Left-pad prompts into ids [N, L] and positions [N, L] (0.. per prompt, -1 on padding)."""
    if not prompts or any(len(p) == 0 for p in prompts):
        raise ValueError("need at least one non-empty prompt")
    width = max(len(p) for p in prompts)
    ids = torch.full((len(prompts), width), pad_id, dtype=torch.long)
    for i, p in enumerate(prompts):
        ids[i, width - len(p):] = torch.tensor(list(p), dtype=torch.long)
    lengths = torch.tensor([len(p) for p in prompts], dtype=torch.long)
    positions = torch.arange(width)[None] - (width - lengths)[:, None]
    return ids.to(device), positions.clamp(min=-1).to(device)


def _autocast(device: torch.device, enabled: bool) -> AbstractContextManager:
    return torch.autocast(device.type, dtype=torch.bfloat16) if enabled else nullcontext()


def prefill(model: GPT, prompts: Sequence[Sequence[int]], extra_len: int, pad_id: int = 0,
            cache_dtype: torch.dtype | None = None) -> tuple[KVCache, Tensor]:
    """Run the prompts through the model into a fresh KV cache with room for ``extra_len`` more tokens.
    Returns the cache and the last-position logits [N, vocab]."""
    device = next(model.parameters()).device
    ids, positions = left_pad(prompts, pad_id, device)
    cache = KVCache.for_model(model, len(prompts), ids.shape[1] + extra_len, dtype=cache_dtype)
    h = model.hidden_states(ids, kv_cache=cache, positions=positions)
    return cache, model.logits(h[:, -1])


def _pick(logits: Tensor, temperature: float, u: Tensor | None) -> Tensor:
    """One token per row: argmax at temperature 0, else a categorical sample by inverse CDF with the
    row's uniform from ``u`` [R]."""
    if temperature <= 0 or u is None:
        return logits.argmax(dim=-1)
    return categorical(logits, temperature, u)


@dataclass(frozen=True)
class DecodeRule:
    """How ``decode`` continues a row: when it stops and how it picks each next token."""

    max_new_tokens: int  # the row's token budget, its first token included
    eos_id: int | None  # the token that ends a row (None: only the budget does)
    temperature: float = 0.0  # 0: greedy
    generator: Noise = None  # the noise source (per-state seeds, or one generator for all)
    suppress: Tensor | None = None  # [V] bool: ids never sampled after the first token


def decode(model: GPT, cache: KVCache, first: Tensor, first_logits: Tensor,
           rule: DecodeRule, graphs: DecodeGraphs | None = None) -> tuple[list[list[int]], Tensor]:
    """Continue every cache row from its given first token until EOS or ``rule.max_new_tokens`` tokens.

    first: [R] first tokens, first_logits: [R, V] the logits they were chosen from. The noise for every
    row and every step, finished or not, is drawn once up front ([R, max_new_tokens - 1], state-major
    rows), so per-state noise streams stay independent of the other states.
    Returns per row the generated tokens (EOS included if produced) and the summed model
    log-probabilities [R] of the non-EOS tokens.

    Eager (no ``graphs``), finished rows leave the forward pass: once at most 3/4 of the cache's rows still
    run, the cache is cut down to them (a smoke-eval tactic is 7 tokens on average against a 24-token
    budget, so most rows finish long before the last one; each row's logits do not depend on the other
    rows, so the samples are unchanged). On the smoke SFT eval of 60 theorems: 20.2 s -> 16.2 s, the same
    attempts. With ``graphs`` every step is one replayed CUDA graph over all rows (finished ones keep
    emitting EOS), and the host checks for the end only every ``GRAPH_SYNC_EVERY`` steps, so it can queue
    steps ahead of the GPU.
    """
    if graphs is None:
        return _decode_loop(model, cache, first, first_logits, rule, None)
    with graphs.session(cache) as step:
        return _decode_loop(model, cache, first, first_logits, rule, step)


GRAPH_SYNC_EVERY = 4


def _decode_loop(model: GPT, cache: KVCache, first: Tensor, first_logits: Tensor, rule: DecodeRule,
                 step: Callable[[Tensor], Tensor] | None) -> tuple[list[list[int]], Tensor]:
    max_new_tokens, eos_id, temperature = rule.max_new_tokens, rule.eos_id, rule.temperature
    generator, suppress = rule.generator, rule.suppress
    r = first.shape[0]
    device = first.device
    tokens = [first]
    logprob = torch.log_softmax(first_logits.float(), dim=-1).gather(1, first[:, None])[:, 0]
    done = first == eos_id if eos_id is not None else torch.zeros(r, dtype=torch.bool, device=device)
    logprob = torch.where(done, 0.0, logprob)
    in_cache = torch.arange(r, device=device)  # the batch row of each cache row
    noise = (uniform((r, max_new_tokens - 1), generator, device)
             if temperature > 0 and max_new_tokens > 1 else None)
    for i in range(max_new_tokens - 1):
        if (step is None or i % GRAPH_SYNC_EVERY == 0) and bool(done.all()):
            break
        if step is None:
            running = (~done[in_cache]).nonzero()[:, 0]
            if 4 * running.numel() <= 3 * in_cache.numel():
                cache, in_cache = cache.select(running), in_cache[running]
            h = model.hidden_states(tokens[-1][in_cache][:, None], kv_cache=cache)
            logits = model.logits(h[:, -1])
        else:
            logits = step(tokens[-1])
        masked = logits if suppress is None else logits.masked_fill(suppress, float("-inf"))
        u = None if noise is None else noise[:, i] if step is not None else noise[in_cache, i]
        picked = _pick(masked, temperature, u)
        lp_rows = torch.log_softmax(logits, dim=-1).gather(1, picked[:, None])[:, 0]
        if step is None:  # rows may have left the cache: scatter back to batch rows
            nxt = torch.full((r,), eos_id if eos_id is not None else 0, dtype=picked.dtype, device=device)
            nxt[in_cache] = picked
            lp = torch.zeros(r, dtype=lp_rows.dtype, device=device)
            lp[in_cache] = lp_rows
        else:
            nxt, lp = picked, lp_rows
        if eos_id is not None:
            nxt = torch.where(done, eos_id, nxt)  # finished rows keep emitting EOS
        stop = nxt == eos_id if eos_id is not None else torch.zeros_like(done)
        logprob = logprob + torch.where(done | stop, 0.0, lp)
        done = done | stop
        tokens.append(nxt)
    out = torch.stack(tokens, dim=1).tolist()
    rows: list[list[int]] = []
    for row in out:
        if eos_id is not None and eos_id in row:
            row = row[: row.index(eos_id) + 1]
        rows.append(row)
    return rows, logprob


@torch.inference_mode()
def greedy_decode_naive(model: GPT, ids: Sequence[int], max_new_tokens: int,
                        eos_id: int | None = None) -> list[int]:
    """Reference decoder: re-runs the full sequence every step (no cache). Returns the new tokens,
    including EOS if it was produced."""
    device = next(model.parameters()).device
    seq = list(ids)
    out: list[int] = []
    for _ in range(max_new_tokens):
        logits = model(torch.tensor([seq], dtype=torch.long, device=device))
        nxt = int(logits[0, -1].argmax())
        out.append(nxt)
        seq.append(nxt)
        if nxt == eos_id:
            break
    return out


@torch.inference_mode()
def greedy_decode_cached(model: GPT, prompts: Sequence[Sequence[int]], max_new_tokens: int,
                         eos_id: int | None = None, pad_id: int = 0) -> list[list[int]]:
    """Batched greedy decoding of variable-length prompts with the KV cache (same output contract as
    ``greedy_decode_naive``, one list per prompt)."""
    cache, last = prefill(model, prompts, max_new_tokens, pad_id)
    rows, _ = decode(model, cache, last.argmax(dim=-1), last, DecodeRule(max_new_tokens, eos_id))
    return rows


def first_tokens_capped(logits: Tensor, k: int, cap: int, temperature: float, noise: Noise) -> Tensor:
    """[B, V] logits -> [B, k] first tokens: a sample of k tokens without replacement from a bag holding
    each token cap times (weights = probabilities at the temperature), drawn one at a time: a token's
    weight is its probability times its copies left (the same law as Gumbel-top-k over the (token, copy)
    pairs, at one uniform per state per draw). At temperature 0 the noise is dropped: the top
    ceil(k/cap) tokens, each repeated up to cap times."""
    b, v = logits.shape
    if int(torch.isfinite(logits).sum(dim=-1).min()) * cap < k:
        raise ValueError(f"fewer than {k} admissible (token, copy) pairs: raise first_token_cap")
    if temperature <= 0:
        scores = logits.unsqueeze(1).expand(b, cap, v)
        return scores.reshape(b, cap * v).topk(k, dim=-1).indices % v
    probs = torch.softmax(logits.float() / temperature, dim=-1)
    copies = torch.full((b, v), float(cap), device=logits.device)
    rows = torch.arange(b, device=logits.device)
    u = uniform((b, k), noise, logits.device)  # one draw for the k picks of every state
    picked = []
    for j in range(k):
        t = from_weights(probs * copies, u[:, j])
        copies[rows, t] -= 1
        picked.append(t)
    return torch.stack(picked, dim=1)


@dataclass(frozen=True)
class SamplingSettings:
    """How a ``Sampler`` draws tactics."""

    num_samples: int = 6  # tactics per state
    temperature: float = 1.0  # 0: greedy
    first_token_cap: int = 2  # at most this many of a state's samples share a first token
    max_new_tokens: int = 24  # token budget of one tactic
    max_prompt_len: int = 512  # a prompt keeps only its last this many tokens


class Sampler:
    """Policy + value readout over a batch of states (see module docstring). ``stats`` counts calls
    ("batches"), states, sampled rows and generated tokens (decode steps incl. EOS)."""

    def __init__(self, model: GPT, tokenizer: ProofTokenizer, sampling: SamplingSettings = SamplingSettings(),
                 *, seed: int = 0, device: str | torch.device = "cpu", autocast: bool | None = None,
                 static_decode: bool | None = None) -> None:
        num_samples, temperature = sampling.num_samples, sampling.temperature
        first_token_cap, max_new_tokens = sampling.first_token_cap, sampling.max_new_tokens
        max_prompt_len = sampling.max_prompt_len
        if num_samples < 1 or first_token_cap < 1 or max_new_tokens < 1:
            raise ValueError("num_samples, first_token_cap and max_new_tokens must be >= 1")
        if model.config.vocab_size != tokenizer.vocab_size:
            raise ValueError(f"model vocab {model.config.vocab_size} != "
                             f"tokenizer vocab {tokenizer.vocab_size}")
        self.device = torch.device(device)
        self.model = model.to(self.device)
        self.tokenizer = tokenizer
        self.num_samples = num_samples
        self.temperature = temperature
        self.first_token_cap = first_token_cap
        self.max_new_tokens = max_new_tokens
        self.max_prompt_len = max_prompt_len
        self.autocast = self.device.type == "cuda" if autocast is None else autocast
        self.generator = torch.Generator(device=self.device)
        self.generator.manual_seed(seed)
        # decode over a static KV cache: replayed CUDA graphs on a GPU (the default there), eager elsewhere
        # (what tests use to check it against the KVCache path)
        static = self.device.type == "cuda" if static_decode is None else static_decode
        self.graphs = DecodeGraphs(self.model, max_prompt_len + max_new_tokens, autocast=self.autocast,
                                   use_graphs=self.device.type == "cuda") if static else None
        self.stats: dict[str, int] = {"batches": 0, "states": 0, "rows": 0, "tokens": 0}
        self._stats_lock = threading.Lock()  # seeded calls may run in several threads at once
        v = tokenizer.vocab_size
        special = [tokenizer.pad_id, tokenizer.tactic_id, tokenizer.value_id, *tokenizer.bin_ids]
        self._suppress = torch.zeros(v, dtype=torch.bool, device=self.device)  # never sampled
        self._suppress[special] = True
        self._suppress_first = self._suppress.clone()  # at step 0 EOS too (min 1 token)
        self._suppress_first[tokenizer.eos_id] = True
        self._bin_ids = torch.tensor(tokenizer.bin_ids, dtype=torch.long, device=self.device)
        self._bin_values = torch.arange(1, NUM_VALUE_BINS + 1, dtype=torch.float32, device=self.device)

    def _count(self, states: int, rows: int, tokens: int) -> None:
        with self._stats_lock:
            self.stats["batches"] += 1
            self.stats["states"] += states
            self.stats["rows"] += rows
            self.stats["tokens"] += tokens

    def prompts(self, states: Sequence[str]) -> list[list[int]]:
        """The B tactic prompts, then the B value prompts: each state is tokenized once (both prompts
        share its ids), and only its tail, since a prompt keeps only the last ``max_prompt_len`` tokens
        (encoding a 1 MB state costs seconds)."""
        tok, limit = self.tokenizer, self.max_prompt_len * TAIL_CHARS_PER_TOKEN
        state_ids = tok.encode_batch([s[-limit:] + "\n" for s in states])
        return ([tok._prompt(ids, tok.tactic_id, self.max_prompt_len) for ids in state_ids]
                + [tok._prompt(ids, tok.value_id, self.max_prompt_len) for ids in state_ids])

    @torch.inference_mode()
    def sample_ids(self, states: Sequence[str], seeds: Sequence[int] | None = None
                   ) -> tuple[list[list[int]], list[float], list[float]]:
        """Raw samples: token rows (B·k, state-major; EOS included when produced), their summed
        logprobs (EOS excluded) and the B values. ``seeds``: one per state (see module docstring)."""
        tok, k, b = self.tokenizer, self.num_samples, len(states)
        generator: Noise = self.generator
        if seeds is not None:
            if len(seeds) != b:
                raise ValueError(f"{len(seeds)} seeds for {b} states")
            generator = StateSeeds(seeds, self.device)
        prompts = self.prompts(states)
        cache_dtype = torch.bfloat16 if self.autocast else None
        with _autocast(self.device, self.autocast):
            cache, last = prefill(self.model, prompts, self.max_new_tokens, tok.pad_id, cache_dtype)
            tactic_logits, value_logits = last[:b], last[b:]
            probs = torch.softmax(value_logits[:, self._bin_ids].float(), dim=-1)
            values = (probs * self._bin_values).sum(dim=-1).tolist()

            first = first_tokens_capped(tactic_logits.masked_fill(self._suppress_first, float("-inf")),
                                        k, self.first_token_cap, self.temperature, generator)
            rows_of = torch.arange(b, device=self.device).repeat_interleave(k)
            cache = cache.select(rows_of)  # fan the prefilled tactic prompts out to B·k rows
            rule = DecodeRule(self.max_new_tokens, tok.eos_id, self.temperature, generator, self._suppress)
            rows, logprobs = decode(self.model, cache, first.reshape(-1), tactic_logits[rows_of], rule,
                                    self.graphs)
        self._count(b, b * k, sum(len(r) for r in rows))
        return rows, logprobs.tolist(), values

    @torch.inference_mode()
    def sample_iid(self, states: Sequence[str], k: int, seeds: Sequence[int] | None = None
                   ) -> tuple[list[list[int]], list[float]]:
        """k independent samples per state from its tactic prompt: no first-token cap and duplicates kept,
        so the k rows are i.i.d. draws at the temperature (what an unbiased pass@k needs; whole-proof
        generation in ``stp.whole_proof``). Returns token rows (B·k, state-major; EOS included when
        produced) and their summed logprobs (EOS excluded). ``seeds``: one per state, as in sample_ids."""
        tok, b = self.tokenizer, len(states)
        if k < 1:
            raise ValueError("k must be >= 1")
        generator: Noise = self.generator
        if seeds is not None:
            if len(seeds) != b:
                raise ValueError(f"{len(seeds)} seeds for {b} states")
            generator = StateSeeds(seeds, self.device)
        limit = self.max_prompt_len * TAIL_CHARS_PER_TOKEN
        prompts = [tok._prompt(ids, tok.tactic_id, self.max_prompt_len)
                   for ids in tok.encode_batch([s[-limit:] + "\n" for s in states])]
        cache_dtype = torch.bfloat16 if self.autocast else None
        with _autocast(self.device, self.autocast):
            cache, last = prefill(self.model, prompts, self.max_new_tokens, tok.pad_id, cache_dtype)
            rows_of = torch.arange(b, device=self.device).repeat_interleave(k)
            cache = cache.select(rows_of)
            logits = last[rows_of]
            masked = logits.masked_fill(self._suppress_first, float("-inf"))
            first = _pick(masked, self.temperature, uniform((b * k,), generator, self.device))
            rule = DecodeRule(self.max_new_tokens, tok.eos_id, self.temperature, generator, self._suppress)
            rows, logprobs = decode(self.model, cache, first, logits, rule, self.graphs)
        self._count(b, b * k, sum(len(r) for r in rows))
        return rows, logprobs.tolist()

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]:
        if not states:
            return []
        rows, lps, values = self.sample_ids(states, seeds)
        tok, k = self.tokenizer, self.num_samples
        outputs: list[SampleOutput] = []
        for s in range(len(states)):
            best: dict[str, float] = {}
            for j in range(s * k, (s + 1) * k):
                ids = rows[j][:-1] if rows[j][-1] == tok.eos_id else rows[j]
                text = tok.decode(ids).strip()
                if text and (text not in best or lps[j] > best[text]):
                    best[text] = lps[j]
            outputs.append(SampleOutput(tactics=list(best), logprobs=list(best.values()), value=values[s]))
        return outputs
