"""One model shared by many concurrent searches: merge their policy calls into batched forward passes.

Each search thread calls the `BatchingPolicy` as if it were the policy and blocks on a future. A worker
thread takes the first waiting request, keeps collecting until `max_batch` states or `max_wait_ms` after
that first request, calls the wrapped policy once on all states and hands each caller its slice.

With ``workers`` > 1 that many worker threads do this side by side over one queue, so several batched
calls of the one model are in flight at once. On CPU a small model's forward pass leaves the GIL for most
of its time, so two workers keep two cores busy where one worker and the Lean servers kept one
(BENCHMARKS.md, "Search"); the policy must then accept concurrent calls (`SamplerPolicy` does for
seeded calls, which is every call a search makes).

Seeds travel with their states, so a seeded search gets the same samples whatever it was batched with.
A merged call without any seeded request goes out without seeds (the policy's own random stream); in a
mixed one, the unseeded states get seeds drawn from this object's own `random.Random(seed)`, which keeps
the call well-formed but, like any unseeded request, depends on arrival order.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any

from search.policy import Policy, SampleOutput

log = logging.getLogger(__name__)

_STOP = object()


class BatchingPolicy:
    def __init__(self, policy: Policy, max_batch: int = 64, max_wait_ms: float = 5.0, seed: int = 0,
                 workers: int = 1) -> None:
        if max_batch < 1:
            raise ValueError("max_batch must be >= 1")
        if workers < 1:
            raise ValueError("workers must be >= 1")
        self.policy = policy
        self.max_batch = max_batch
        self.max_wait_s = max_wait_ms / 1000.0
        self._queue: queue.Queue[Any] = queue.Queue()
        self._rng = random.Random(seed)  # drawn under _rng_lock (the workers share it)
        self._rng_lock = threading.Lock()
        self._stats_lock = threading.Lock()
        self._calls = 0  # requests from searches
        self._batches = 0  # calls of the wrapped policy
        self._rows = 0  # states sent to the wrapped policy
        self._max_rows = 0
        self._policy_seconds = 0.0
        self._closed = False
        self._submit_lock = threading.Lock()
        self._workers = [threading.Thread(target=self._loop, name=f"batching-policy-{i}", daemon=True)
                         for i in range(workers)]
        for worker in self._workers:
            worker.start()

    @property
    def model_version(self) -> str | None:
        return getattr(self.policy, "model_version", None)

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[SampleOutput]:
        states = list(states)
        if not states:
            return []
        if seeds is not None and len(seeds) != len(states):
            raise ValueError(f"{len(seeds)} seeds for {len(states)} states")
        future: Future[list[SampleOutput]] = Future()
        with self._submit_lock:  # nothing is queued behind the stop marker
            if self._closed:
                raise RuntimeError("BatchingPolicy is closed")
            self._queue.put((states, None if seeds is None else list(seeds), future))
        return future.result()

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            batch = [item]
            rows = len(item[0])
            deadline = time.monotonic() + self.max_wait_s
            stop = False
            while rows < self.max_batch:
                remaining = deadline - time.monotonic()
                try:
                    nxt = self._queue.get(timeout=remaining) if remaining > 0 else self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is _STOP:
                    stop = True
                    break
                batch.append(nxt)
                rows += len(nxt[0])
            self._run(batch)
            if stop:
                return

    def _run(self, batch: list[tuple[list[str], list[int] | None, Future[list[SampleOutput]]]]) -> None:
        states = [s for req, _, _ in batch for s in req]
        seeds: list[int] | None = None
        if any(req_seeds is not None for _, req_seeds, _ in batch):
            seeds = []
            with self._rng_lock:
                for req, req_seeds, _ in batch:
                    seeds.extend(req_seeds if req_seeds is not None else
                                 [self._rng.getrandbits(63) for _ in req])
        t0 = time.monotonic()
        try:
            outputs = list(self.policy(states) if seeds is None else self.policy(states, seeds))
            if len(outputs) != len(states):
                raise RuntimeError(f"policy returned {len(outputs)} outputs for {len(states)} states")
        except BaseException as exc:  # every waiting search gets the failure instead of hanging
            for _, _, future in batch:
                future.set_exception(exc)
            return
        finally:
            with self._stats_lock:
                self._calls += len(batch)
                self._batches += 1
                self._rows += len(states)
                self._max_rows = max(self._max_rows, len(states))
                self._policy_seconds += time.monotonic() - t0
        i = 0
        for req, _, future in batch:
            future.set_result(outputs[i : i + len(req)])
            i += len(req)

    def stats(self) -> dict[str, float]:
        """calls (requests), batches (policy calls), rows, mean_batch (rows per policy call), max_batch."""
        with self._stats_lock:
            return {
                "calls": self._calls,
                "batches": self._batches,
                "rows": self._rows,
                "mean_batch": self._rows / self._batches if self._batches else 0.0,
                "max_batch": self._max_rows,
                "policy_seconds": round(self._policy_seconds, 3),
            }

    def close(self) -> None:
        """Finish the queued requests, then stop the workers."""
        with self._submit_lock:
            if self._closed:
                return
            self._closed = True
            for _ in self._workers:  # one marker each: a worker that takes one stops
                self._queue.put(_STOP)
        for worker in self._workers:
            worker.join()

    def __enter__(self) -> BatchingPolicy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
