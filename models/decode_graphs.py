"""Decode steps replayed from CUDA graphs.

One eager decode step of a small model is hundreds of kernel launches of microseconds each, so on a GPU
the step costs what the host needs to launch them, whatever the batch (BENCHMARKS.md, GPU section: a d12
Sampler call took 378 ms for 1 state and 492 ms for 256). A CUDA graph records the step's kernels once
and replays them with one launch.

``DecodeGraphs`` owns one ``StaticKVCache`` (rows for the largest batch seen, slots for the longest
prompt plus the token budget) and one captured step per batch-size bucket (powers of two from 8): a call
loads its prefilled rows into the static cache, pads the batch to its bucket with empty rows, and each
``step`` copies the last tokens in, replays the graph and returns the new logits. The padding rows
attend only to their own slot and are never read. Steps are serialised by a lock (the buffers are
shared), which costs nothing on one GPU stream.

Without CUDA (``use_graphs=False``) the same buffers and code run eagerly, which is how the tests check
that a static step computes what a ``KVCache`` step computes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

import torch
from torch import Tensor

from models.gpt import GPT, KVCache
from models.static_cache import StaticKVCache

MIN_BUCKET = 8


def bucket(rows: int) -> int:
    """The batch size a call of ``rows`` rows runs at: the next power of two, at least MIN_BUCKET."""
    size = MIN_BUCKET
    while size < rows:
        size *= 2
    return size


class DecodeGraphs:
    def __init__(self, model: GPT, max_len: int, *, autocast: bool, use_graphs: bool | None = None) -> None:
        self.model = model
        self.max_len = max_len  # slots per row: the longest prompt plus the token budget
        self.autocast = autocast
        self.device = next(model.parameters()).device
        self.use_graphs = self.device.type == "cuda" if use_graphs is None else use_graphs
        if self.use_graphs and self.device.type != "cuda":
            raise ValueError("CUDA graphs need the model on a CUDA device")
        self.cache_dtype = torch.bfloat16 if autocast else next(model.parameters()).dtype
        self._static: StaticKVCache | None = None
        self._tokens: Tensor | None = None
        self._graphs: dict[int, tuple[torch.cuda.CUDAGraph, Tensor]] = {}
        self._pool: tuple[int, int] | None = None
        self._lock = threading.Lock()
        self.captures = 0  # graphs captured so far (a capture costs a few eager steps)

    def _autocast(self) -> AbstractContextManager:
        # no cast cache: a cached bf16 weight made during capture would be freed while the graph uses it
        return (torch.autocast(self.device.type, dtype=torch.bfloat16, cache_enabled=False) if self.autocast
                else nullcontext())

    def _ensure_rows(self, rows: int) -> StaticKVCache:
        if self._static is None or self._static.batch_size < rows:
            c = self.model.config
            # the graphs point into the old buffers; their memory pool dies with them (capturing into a
            # dead pool trips an allocator assert: seen on a GPU when an eval's batches grew)
            self._graphs.clear()
            self._pool = None
            self._static = None
            self._static = StaticKVCache.allocate(c.n_layer, rows, c.n_kv_head, c.head_dim, self.max_len,
                                                  self.device, self.cache_dtype)
            self._tokens = torch.zeros(rows, dtype=torch.long, device=self.device)
        return self._static

    def _forward(self, rows: int) -> Tensor:
        assert self._static is not None and self._tokens is not None
        with self._autocast():
            h = self.model.hidden_states(self._tokens[:rows, None], kv_cache=self._static.rows(rows))
            return self.model.logits(h[:, -1])

    def _capture(self, rows: int) -> tuple[torch.cuda.CUDAGraph, Tensor]:
        static = self._static
        assert static is not None
        static.slot.zero_()  # the warm-up steps write real slots of a valid (empty) cache
        static.positions.fill_(-1)
        side = torch.cuda.Stream(self.device)
        side.wait_stream(torch.cuda.current_stream(self.device))
        with torch.cuda.stream(side):
            for _ in range(2):  # library handles and kernel choices are made outside the capture
                self._forward(rows)
        torch.cuda.current_stream(self.device).wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, pool=self._pool):
            out = self._forward(rows)
        self._pool = graph.pool()
        self.captures += 1
        return graph, out

    @contextmanager
    def session(self, cache: KVCache) -> Iterator[Callable[[Tensor], Tensor]]:
        """Load ``cache`` (prefilled, all rows to continue) and yield ``step``: last tokens [n] -> the next
        logits [n, V] (float32), advancing the static cache by one slot."""
        n, w = cache.batch_size, cache.length
        if w + 1 > self.max_len:
            raise ValueError(f"a prompt of {w} tokens leaves no slot in a static cache of {self.max_len}")
        if int(cache.next_position.max()) + self.max_len - w > self.model.rotary_len:
            raise ValueError("decode positions would run past the rotary table")
        with self._lock:
            rows = bucket(n)
            static = self._ensure_rows(rows)
            graph = None
            if self.use_graphs:
                graph = self._graphs.get(rows)
                if graph is None:
                    graph = self._graphs[rows] = self._capture(rows)
            static.rows(rows).load(cache.k[:, :, :, :w], cache.v[:, :, :, :w], cache.positions[:, :w],
                                   cache.next_position)
            tokens = self._tokens
            assert tokens is not None

            def step(last: Tensor) -> Tensor:
                tokens[:n].copy_(last)
                if graph is None:
                    return self._forward(rows)[:n]
                graph[0].replay()
                return graph[1][:n]

            yield step
