"""Decoder-only transformer in the modern nanochat style (the reference prover's network).

Token embedding -> parameter-free RMSNorm -> pre-norm blocks (RoPE, QK-norm, ReLU² MLP, no biases)
-> RMSNorm -> untied lm_head -> logit soft-cap. Vocab is padded to a multiple of 64 for the
embedding/head matrices; logits are sliced back to ``vocab_size``.

Padding and batched decode use *per-token positions*: every token carries its RoPE position and a
position < 0 marks padding, which is never attended to. ``KVCache`` stores the positions of its slots,
so rows of one batch may hold prompts of different lengths (left- or right-padded) and still decode
in lock-step: a new token always goes to the next slot, with its row's own next position.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from models.static_cache import SlotRows, StaticKVCache

VOCAB_MULTIPLE = 64


@dataclass
class GPTConfig:
    vocab_size: int
    sequence_len: int = 768
    n_layer: int = 4
    n_head: int = 4
    n_kv_head: int = 4
    n_embd: int = 128
    # Tiled over layers; "L" = full context, "S" = short window (sequence_len/4 rounded up to 128).
    # The last layer is always full context.
    window_pattern: str = "L"
    rope_base: float = 100_000.0
    softcap: float = 15.0
    qk_scale: float = 1.2  # q and k are multiplied by this after QK-norm ("sharper attention")
    # The reference network's extras, off by default so older checkpoints load unchanged:
    # per-layer scalars: block i's input is resid_lambdas[i]·x + x0_lambdas[i]·x0 (x0 = normed embedding),
    # init 1.15→1.05 and 0.20→0.05 linearly over depth
    layer_scalars: bool = False
    # backout: subtract backout_lambda (init 0.2) × the residual after layer n_layer/2 before the final norm
    backout: bool = False

    def __post_init__(self) -> None:
        if self.n_embd % self.n_head:
            raise ValueError(f"n_embd {self.n_embd} not divisible by n_head {self.n_head}")
        if self.n_head % self.n_kv_head:
            raise ValueError(f"n_head {self.n_head} not divisible by n_kv_head {self.n_kv_head}")
        if (self.n_embd // self.n_head) % 2:
            raise ValueError("head_dim must be even for RoPE")
        if not self.window_pattern or set(self.window_pattern.upper()) - {"S", "L"}:
            raise ValueError(f"bad window_pattern {self.window_pattern!r}")

    @property
    def head_dim(self) -> int:
        return self.n_embd // self.n_head

    @property
    def padded_vocab_size(self) -> int:
        return math.ceil(self.vocab_size / VOCAB_MULTIPLE) * VOCAB_MULTIPLE

    def window_sizes(self) -> list[int | None]:
        """Per-layer attention window in tokens (None = full context)."""
        short = math.ceil(self.sequence_len / 4 / 128) * 128
        pattern = self.window_pattern.upper()
        sizes: list[int | None] = [
            None if pattern[i % len(pattern)] == "L" else short for i in range(self.n_layer)
        ]
        sizes[-1] = None
        return sizes

    @classmethod
    def preset(cls, name: str, vocab_size: int, sequence_len: int = 768) -> GPTConfig:
        """"tiny" (CPU smoke, ~1M params + embeddings) or "dNN" nanochat sizes (d_model = depth·64
        rounded up to a multiple of 128, head_dim 128, SSSL windows)."""
        if name == "tiny":
            return cls(vocab_size=vocab_size, sequence_len=sequence_len, n_layer=4, n_head=4,
                       n_kv_head=4, n_embd=128, window_pattern="L")
        if name.startswith("d") and name[1:].isdigit():
            depth = int(name[1:])
            n_embd = math.ceil(depth * 64 / 128) * 128
            n_head = n_embd // 128
            return cls(vocab_size=vocab_size, sequence_len=sequence_len, n_layer=depth, n_head=n_head,
                       n_kv_head=n_head, n_embd=n_embd, window_pattern="SSSL", layer_scalars=True,
                       backout=True)
        raise ValueError(f"unknown preset {name!r} (expected 'tiny' or 'd<depth>', e.g. d12, d20, d26)")

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> GPTConfig:
        known = {f.name for f in fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"unknown GPTConfig keys: {sorted(unknown)}")
        return cls(**d)


def norm(x: Tensor) -> Tensor:
    return F.rms_norm(x, (x.size(-1),))


def apply_rotary(x: Tensor, cos: Tensor, sin: Tensor) -> Tensor:
    """x: [B, T, H, D]; cos/sin: [B, T, 1, D/2]."""
    d = x.shape[-1] // 2
    x1, x2 = x[..., :d], x[..., d:]
    return torch.cat([x1 * cos + x2 * sin, x2 * cos - x1 * sin], dim=-1)


class KVCache(SlotRows):
    """Key/value cache for batched incremental decoding.

    Slots are filled left to right for all rows at once (``length`` is shared); ``positions[b, s]`` is
    the RoPE position of slot s in row b, or -1 for padding/unfilled slots (never attended to).
    ``next_position[b]`` is the position the next token of row b gets by default.
    """

    def __init__(self, n_layer: int, batch_size: int, n_kv_head: int, head_dim: int, max_len: int,
                 device: torch.device | str = "cpu", dtype: torch.dtype = torch.float32) -> None:
        shape = (n_layer, batch_size, n_kv_head, max_len, head_dim)
        self.k = torch.zeros(shape, device=device, dtype=dtype)
        self.v = torch.zeros(shape, device=device, dtype=dtype)
        self.positions = torch.full((batch_size, max_len), -1, dtype=torch.long, device=device)
        self.next_position = torch.zeros(batch_size, dtype=torch.long, device=device)
        self.length = 0

    @classmethod
    def for_model(cls, model: GPT, batch_size: int, max_len: int,
                  dtype: torch.dtype | None = None) -> KVCache:
        c = model.config
        p = next(model.parameters())
        return cls(c.n_layer, batch_size, c.n_kv_head, c.head_dim, max_len, p.device, dtype or p.dtype)

    def _derived(self, k: Tensor, v: Tensor, positions: Tensor, next_position: Tensor) -> KVCache:
        new = KVCache.__new__(KVCache)
        new.k, new.v, new.positions, new.next_position = k, v, positions, next_position
        new.length = self.length
        return new

    def select(self, rows: Tensor) -> KVCache:
        """A new cache holding the given rows (index tensor; repeats allowed), e.g. to fan out a
        prefilled prompt into several samples."""
        rows = rows.to(self.positions.device)
        # indexing with a tensor already copies: no clone on top (the fan-out copies every layer's keys)
        return self._derived(self.k[:, rows], self.v[:, rows], self.positions[rows], self.next_position[rows])

    def repeat_interleave(self, n: int) -> KVCache:
        rows = torch.arange(self.batch_size, device=self.positions.device).repeat_interleave(n)
        return self.select(rows)

    def reserve(self, positions: Tensor) -> None:
        """Record the positions of the next T slots ([B, T]); called once per forward before the layers."""
        t = positions.shape[1]
        if self.length + t > self.max_len:
            raise ValueError(f"KV cache overflow: {self.length} + {t} > {self.max_len}")
        self.positions[:, self.length:self.length + t] = torch.where(positions < 0, -1, positions)

    def write(self, layer: int, k: Tensor, v: Tensor) -> tuple[Tensor, Tensor]:
        """k, v: [B, H_kv, T, D] of the new slots; returns all filled keys/values incl. the new ones."""
        t = k.shape[2]
        end = self.length + t
        self.k[layer, :, :, self.length:end] = k.to(self.k.dtype)
        self.v[layer, :, :, self.length:end] = v.to(self.v.dtype)
        return self.k[layer, :, :, :end], self.v[layer, :, :, :end]

    def advance(self, positions: Tensor) -> None:
        self.length += positions.shape[1]
        last = positions.max(dim=1).values
        self.next_position = torch.maximum(self.next_position, last + 1)


class CausalSelfAttention(nn.Module):
    def __init__(self, config: GPTConfig, layer_idx: int) -> None:
        super().__init__()
        self.layer_idx = layer_idx
        self.n_head, self.n_kv_head, self.head_dim = config.n_head, config.n_kv_head, config.head_dim
        self.qk_scale = config.qk_scale
        d = config.n_embd
        self.c_q = nn.Linear(d, self.n_head * self.head_dim, bias=False)
        self.c_k = nn.Linear(d, self.n_kv_head * self.head_dim, bias=False)
        self.c_v = nn.Linear(d, self.n_kv_head * self.head_dim, bias=False)
        self.c_proj = nn.Linear(d, d, bias=False)

    def forward(self, x: Tensor, cos: Tensor, sin: Tensor, mask: Tensor | None,
                kv_cache: KVCache | StaticKVCache | None) -> Tensor:
        b, t, _ = x.shape
        q = self.c_q(x).view(b, t, self.n_head, self.head_dim)
        k = self.c_k(x).view(b, t, self.n_kv_head, self.head_dim)
        v = self.c_v(x).view(b, t, self.n_kv_head, self.head_dim)
        cos, sin = cos.to(q.dtype), sin.to(q.dtype)  # stay in the compute dtype under autocast
        q, k = apply_rotary(q, cos, sin), apply_rotary(k, cos, sin)
        q, k = norm(q) * self.qk_scale, norm(k) * self.qk_scale
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)  # [B, H, T, D]
        if kv_cache is not None:
            k, v = kv_cache.write(self.layer_idx, k, v)
            k, v = k.to(q.dtype), v.to(q.dtype)
        if self.n_kv_head != self.n_head:  # GQA: share each kv head among n_head/n_kv_head query heads
            rep = self.n_head // self.n_kv_head
            k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
        if mask is None:
            # one query (decode) attends every cached key; several queries are a fresh causal block
            y = F.scaled_dot_product_attention(q, k, v, is_causal=q.shape[2] > 1)
        else:
            y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return self.c_proj(y.transpose(1, 2).reshape(b, t, -1))


class MLP(nn.Module):
    def __init__(self, config: GPTConfig) -> None:
        super().__init__()
        self.c_fc = nn.Linear(config.n_embd, 4 * config.n_embd, bias=False)
        self.c_proj = nn.Linear(4 * config.n_embd, config.n_embd, bias=False)

    def forward(self, x: Tensor) -> Tensor:
        return self.c_proj(F.relu(self.c_fc(x)).square())


class Block(nn.Module):
    def __init__(self, config: GPTConfig, layer_idx: int) -> None:
        super().__init__()
        self.attn = CausalSelfAttention(config, layer_idx)
        self.mlp = MLP(config)

    def forward(self, x: Tensor, cos: Tensor, sin: Tensor, mask: Tensor | None,
                kv_cache: KVCache | StaticKVCache | None) -> Tensor:
        x = x + self.attn(norm(x), cos, sin, mask, kv_cache)
        return x + self.mlp(norm(x))


class GPT(nn.Module):
    def __init__(self, config: GPTConfig) -> None:
        super().__init__()
        self.config = config
        self.window_sizes = config.window_sizes()
        # KV-cache attention layout: "bool" (boolean masks; the CPU path), "kernel" (no mask where the batch
        # has no padding and no window bites, else an additive float mask in the compute dtype, which
        # SDPA's memory-efficient/cuDNN kernels take), "auto" = "kernel" on CUDA, "bool" elsewhere
        self.attention_layout = "auto"
        v = config.padded_vocab_size
        self.transformer = nn.ModuleDict({
            "wte": nn.Embedding(v, config.n_embd),
            "h": nn.ModuleList([Block(config, i) for i in range(config.n_layer)]),
        })
        self.lm_head = nn.Linear(config.n_embd, v, bias=False)
        if config.layer_scalars:
            self.resid_lambdas = nn.Parameter(torch.ones(config.n_layer))
            self.x0_lambdas = nn.Parameter(torch.zeros(config.n_layer))
        if config.backout:
            self.backout_lambda = nn.Parameter(torch.zeros(()))
        self.rotary_len = 10 * config.sequence_len
        self.register_buffer("rope_cos", torch.empty(0), persistent=False)
        self.register_buffer("rope_sin", torch.empty(0), persistent=False)
        self.init_weights()

    # ---------------------------------------------------------------- init
    def _rotary_tables(self, device: torch.device) -> tuple[Tensor, Tensor]:
        hd = self.config.head_dim
        inv_freq = 1.0 / (self.config.rope_base ** (torch.arange(0, hd, 2, dtype=torch.float32,
                                                                   device=device) / hd))
        t = torch.arange(self.rotary_len, dtype=torch.float32, device=device)
        freqs = torch.outer(t, inv_freq)
        return freqs.cos(), freqs.sin()

    @torch.no_grad()
    def init_weights(self) -> None:
        """Reference init: wte N(0, 0.8), lm_head N(0, 0.001), q/k/v and c_fc uniform with std 1/√d
        (c_fc ×0.4), output projections zero. Also (re)builds the rotary tables, so it can be called
        after ``to_empty`` on a meta-constructed model."""
        d = self.config.n_embd
        bound = math.sqrt(3.0) / math.sqrt(d)
        nn.init.normal_(self.transformer.wte.weight, mean=0.0, std=0.8)
        nn.init.normal_(self.lm_head.weight, mean=0.0, std=0.001)
        for block in self.transformer.h:
            for lin in (block.attn.c_q, block.attn.c_k, block.attn.c_v):
                nn.init.uniform_(lin.weight, -bound, bound)
            nn.init.uniform_(block.mlp.c_fc.weight, -0.4 * bound, 0.4 * bound)
            nn.init.zeros_(block.attn.c_proj.weight)
            nn.init.zeros_(block.mlp.c_proj.weight)
        n = self.config.n_layer
        frac = torch.linspace(0.0, 1.0, n) if n > 1 else torch.zeros(1)
        if self.config.layer_scalars:
            self.resid_lambdas.copy_(1.15 - 0.10 * frac)
            self.x0_lambdas.copy_(0.20 - 0.15 * frac)
        if self.config.backout:
            self.backout_lambda.fill_(0.2)
        self.rope_cos, self.rope_sin = self._rotary_tables(self.lm_head.weight.device)

    # ---------------------------------------------------------------- stats
    def num_params(self, exclude_embedding: bool = False) -> int:
        n = sum(p.numel() for p in self.parameters())
        return n - self.transformer.wte.weight.numel() if exclude_embedding else n

    def estimate_flops_per_token(self) -> float:
        """Training FLOPs per token: 6·(non-embedding params) + attention 12·d·(effective context)
        per layer (sliding windows counted at their size), as nanochat's ``estimate_flops``."""
        c = self.config
        attn = sum(12 * c.n_head * c.head_dim * min(w or c.sequence_len, c.sequence_len)
                   for w in self.window_sizes)
        return 6.0 * self.num_params(exclude_embedding=True) + attn

    # ---------------------------------------------------------------- forward
    def _attention_masks(self, q_pos: Tensor, k_pos: Tensor,
                         q_slot0: int) -> dict[int | None, Tensor | None]:
        """Boolean masks [B, 1, T, S] (True = attend) per distinct window size. Keys with position < 0
        are padding; causality is by slot order. Every query may attend to its own slot so that padding
        queries never see an all-masked row (which would give NaNs that leak through the values)."""
        t, s = q_pos.shape[1], k_pos.shape[1]
        dev = q_pos.device
        q_slot = torch.arange(q_slot0, q_slot0 + t, device=dev)
        k_slot = torch.arange(s, device=dev)
        causal = k_slot[None, :] <= q_slot[:, None]  # [T, S]
        diag = k_slot[None, :] == q_slot[:, None]
        base = causal[None] & (k_pos[:, None, :] >= 0)  # [B, T, S]
        masks: dict[int | None, Tensor | None] = {}
        for w in set(self.window_sizes):
            m = base if w is None else base & (q_pos[:, :, None] - k_pos[:, None, :] <= w)
            masks[w] = (m | diag[None]).unsqueeze(1)
        return masks

    def _kernel_masks(self, masks: dict[int | None, Tensor | None], q_pos: Tensor, k_pos: Tensor,
                      q_slot0: int) -> dict[int | None, Tensor | None]:
        """The same attention as ``masks`` in a kernel-friendly form: None (maskless SDPA) where no key
        is padding, the queries are one decode step or a fresh causal block, and no window cuts off a key;
        otherwise an additive 0/-inf mask in the compute dtype instead of a boolean one."""
        dtype = torch.get_autocast_dtype("cuda") if torch.is_autocast_enabled("cuda") else \
            self.lm_head.weight.dtype
        maskless = (q_pos.shape[1] == 1 or q_slot0 == 0) and bool((k_pos >= 0).all())
        span = int(q_pos.max() - k_pos.min()) if maskless else 0
        out: dict[int | None, Tensor | None] = {}
        for w, m in masks.items():
            if maskless and (w is None or span <= w):
                out[w] = None
            else:
                assert m is not None
                out[w] = torch.zeros(m.shape, dtype=dtype, device=m.device).masked_fill(~m, float("-inf"))
        return out

    def _check_positions(self, positions: Tensor) -> None:
        if torch.compiler.is_compiling() or torch.jit.is_tracing():
            return  # a data-dependent check cannot be traced; eager calls still get it
        if int(positions.max()) >= self.rotary_len:
            raise ValueError(f"position {int(positions.max())} beyond rotary table ({self.rotary_len})")

    def forward(self, idx: Tensor, kv_cache: KVCache | None = None,
                positions: Tensor | None = None) -> Tensor:
        """idx [B, T] -> logits [B, T, vocab_size] (float32, soft-capped).

        positions ([B, T] or [T], optional): RoPE position per token, < 0 = padding (masked as a key).
        Default: 0..T-1 without a cache; with a cache, each row continues from its next position.
        With a cache the new tokens are appended to it.
        """
        return self.logits(self.hidden_states(idx, kv_cache, positions))

    def logits(self, h: Tensor) -> Tensor:
        """Final hidden states [..., n_embd] -> soft-capped float32 logits [..., vocab_size]. Split from
        ``forward`` so decoders can project only the positions they need."""
        logits = self.lm_head(h)[..., : self.config.vocab_size].float()
        cap = self.config.softcap
        return cap * torch.tanh(logits / cap) if cap > 0 else logits

    def hidden_states(self, idx: Tensor, kv_cache: KVCache | StaticKVCache | None = None,
                      positions: Tensor | None = None) -> Tensor:
        """Like ``forward`` but returns the final normalized hidden states [B, T, n_embd]. With a
        ``StaticKVCache`` idx is one token per row ([B, 1]) at the rows' next positions, and the step runs
        without host syncs (what a CUDA graph captures)."""
        b, t = idx.shape
        mask_by_window: dict[int | None, Tensor | None] | None = None
        if isinstance(kv_cache, StaticKVCache):
            if t != 1 or positions is not None:
                raise ValueError("a static KV cache decodes one token per row at the rows' next positions")
            positions = kv_cache.next_position[:, None]
            kv_cache.reserve(positions)
            dev = idx.device.type
            dtype = (torch.get_autocast_dtype(dev) if torch.is_autocast_enabled(dev)
                     else self.lm_head.weight.dtype)
            mask_by_window = dict(kv_cache.masks(positions, self.window_sizes, dtype))
        elif kv_cache is not None:
            if positions is None:
                positions = kv_cache.next_position[:, None] + torch.arange(t, device=idx.device)[None]
            positions = positions.expand(b, t) if positions.dim() == 2 else positions[None].expand(b, t)
            self._check_positions(positions)
            q_slot0 = kv_cache.length
            kv_cache.reserve(positions)
            mask_by_window = self._attention_masks(positions, kv_cache.positions[:, :q_slot0 + t], q_slot0)
            layout = self.attention_layout
            if layout == "kernel" or (layout == "auto" and idx.is_cuda):
                mask_by_window = self._kernel_masks(mask_by_window, positions,
                                                    kv_cache.positions[:, :q_slot0 + t], q_slot0)
        elif positions is not None:
            positions = positions.expand(b, t) if positions.dim() == 2 else positions[None].expand(b, t)
            self._check_positions(positions)
            mask_by_window = self._attention_masks(positions, positions, 0)
        else:
            # Training fast path (no host sync): plain causal unless a sliding window is shorter than T.
            if t > self.rotary_len:
                raise ValueError(f"sequence of {t} tokens beyond rotary table ({self.rotary_len})")
            positions = torch.arange(t, device=idx.device)[None]  # [1, T], broadcast over the batch
            if any(w is not None and w < t for w in self.window_sizes):
                mask_by_window = self._attention_masks(positions, positions, 0)
                mask_by_window[None] = None  # full-context layers keep the is_causal kernel path

        pos = positions.clamp(min=0)
        x = self.transformer.wte(idx)
        cos = self.rope_cos[pos].unsqueeze(2)
        sin = self.rope_sin[pos].unsqueeze(2)
        x = x0 = norm(x)
        c = self.config
        mid = c.n_layer // 2
        x_mid: Tensor | None = None
        for i, block in enumerate(self.transformer.h):
            mask = None if mask_by_window is None else mask_by_window[self.window_sizes[i]]
            if c.layer_scalars:
                x = self.resid_lambdas[i].to(x.dtype) * x + self.x0_lambdas[i].to(x.dtype) * x0
            x = block(x, cos, sin, mask, kv_cache)
            if c.backout and i + 1 == mid:
                x_mid = x
        if x_mid is not None:
            x = x - self.backout_lambda.to(x.dtype) * x_mid
        if kv_cache is not None:
            kv_cache.advance(positions)
        return norm(x)

    def loss(self, idx: Tensor, targets: Tensor, reduction: str = "mean") -> Tensor:
        """Cross-entropy of next-token prediction; targets == -1 are ignored. ``reduction="none"``
        returns per-token losses [B, T] (0 where ignored) for weighted losses."""
        logits = self(idx)
        losses = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=-1,
                                 reduction="none" if reduction == "none" else reduction)
        return losses.view_as(targets) if reduction == "none" else losses
