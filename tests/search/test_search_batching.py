"""BatchingPolicy: concurrent callers share batched policy calls and each gets its own rows back."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import pytest

from search.batching import BatchingPolicy
from search.policy import SampleOutput


class GatedEcho:
    """Echoes each state as its only tactic. The first call waits until `waiting` more requests are
    queued behind it, so the next batch deterministically sees them all."""

    def __init__(self, waiting: int) -> None:
        self.waiting = waiting
        self.batches: list[list[str]] = []
        self.batcher: BatchingPolicy | None = None
        self.entered = threading.Event()

    def __call__(self, states: Sequence[str]) -> list[SampleOutput]:
        if not self.batches:
            assert self.batcher is not None
            self.entered.set()
            while self.batcher._queue.qsize() < self.waiting:
                time.sleep(0.001)
        self.batches.append(list(states))
        return [SampleOutput(tactics=[s], logprobs=[0.0], value=float(len(s))) for s in states]


def _call_concurrently(
    batcher: BatchingPolicy, policy: GatedEcho, requests: list[list[str]]
) -> list[list[SampleOutput]]:
    results: list[list[SampleOutput] | None] = [None] * len(requests)

    def worker(i: int) -> None:
        results[i] = batcher(requests[i])

    first = threading.Thread(target=worker, args=(0,))
    first.start()
    assert policy.entered.wait(timeout=30)  # the first request is being served, alone
    rest = [threading.Thread(target=worker, args=(i,)) for i in range(1, len(requests))]
    for t in rest:
        t.start()
    for t in [first, *rest]:
        t.join(timeout=30)
    assert all(r is not None for r in results)
    return results  # type: ignore[return-value]


def test_concurrent_calls_are_merged_and_routed_back() -> None:
    policy = GatedEcho(waiting=7)
    with BatchingPolicy(policy, max_batch=64, max_wait_ms=1) as batcher:
        policy.batcher = batcher
        requests = [[f"s{i}"] if i % 2 else [f"s{i}", f"t{i}"] for i in range(8)]
        results = _call_concurrently(batcher, policy, requests)
        stats = batcher.stats()
    for req, res in zip(requests, results, strict=True):
        assert [o.tactics[0] for o in res] == req
    assert stats["calls"] == 8 and stats["batches"] == 2
    assert stats["rows"] == sum(len(r) for r in requests)
    assert stats["mean_batch"] > 1 and stats["max_batch"] == stats["rows"] - 2
    assert len(policy.batches[1]) == stats["rows"] - 2


def test_max_batch_caps_rows_per_call() -> None:
    policy = GatedEcho(waiting=7)
    with BatchingPolicy(policy, max_batch=3, max_wait_ms=1) as batcher:
        policy.batcher = batcher
        results = _call_concurrently(batcher, policy, [[f"s{i}"] for i in range(8)])
    assert [r[0].tactics for r in results] == [[f"s{i}"] for i in range(8)]
    assert max(len(b) for b in policy.batches) == 3
    assert sum(len(b) for b in policy.batches) == 8


def test_policy_failure_reaches_every_caller_and_close() -> None:
    def broken(states: Sequence[str]) -> list[SampleOutput]:
        raise ValueError("model exploded")

    batcher = BatchingPolicy(broken, max_wait_ms=1)
    with pytest.raises(ValueError, match="model exploded"):
        batcher(["s"])
    assert batcher([]) == []
    batcher.close()
    batcher.close()  # idempotent
    with pytest.raises(RuntimeError, match="closed"):
        batcher(["s"])


class TwoAtOnce:
    """Echoes states; each call waits until another call is inside too (or 10 s pass), so a batcher whose
    workers really overlap finishes fast and counts two calls in flight."""

    def __init__(self) -> None:
        self.inside = 0
        self.most = 0
        self.lock = threading.Lock()
        self.both = threading.Event()

    def __call__(self, states: Sequence[str]) -> list[SampleOutput]:
        with self.lock:
            self.inside += 1
            self.most = max(self.most, self.inside)
            if self.inside >= 2:
                self.both.set()
        self.both.wait(timeout=10)
        with self.lock:
            self.inside -= 1
        return [SampleOutput(tactics=[s], logprobs=[0.0], value=1.0) for s in states]


def test_workers_keep_several_policy_calls_in_flight() -> None:
    policy = TwoAtOnce()
    with BatchingPolicy(policy, max_batch=1, max_wait_ms=0, workers=2) as batcher:
        results: dict[int, list[SampleOutput]] = {}
        threads = [threading.Thread(target=lambda i=i: results.__setitem__(i, batcher([f"s{i}"])))
                   for i in range(6)]
        t0 = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert time.monotonic() - t0 < 8  # one worker would have waited out the 10 s gate
        stats = batcher.stats()
    assert policy.most == 2
    assert {i: r[0].tactics for i, r in results.items()} == {i: [f"s{i}"] for i in range(6)}
    assert stats["calls"] == 6 and stats["batches"] == 6
    with pytest.raises(ValueError, match="workers"):
        BatchingPolicy(policy, workers=0)


def test_close_drains_every_worker() -> None:
    policy = TwoAtOnce()
    policy.both.set()  # no gate
    batcher = BatchingPolicy(policy, max_batch=2, max_wait_ms=1, workers=3)
    out = [batcher([f"s{i}"]) for i in range(5)]
    batcher.close()
    assert [o[0].tactics for o in out] == [[f"s{i}"] for i in range(5)]
    assert all(not w.is_alive() for w in batcher._workers)
