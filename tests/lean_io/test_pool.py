"""SlotPool over real minilean servers: load spreading, limits, retries, failover and re-probing."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from lean_io.client import LeanProcess
from lean_io.errors import (
    LeanBusinessError,
    LeanConnectionError,
    LeanInfraError,
    LeanPoolTimeoutError,
    LeanServerError,
)
from lean_io.local import free_port, minilean_servers, start_minilean
from lean_io.pool import SlotPool

THM = "theorem pool_{i} (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  sorry"


def prove(i: int) -> Callable[[LeanProcess], str]:
    """A small real job: start a proof, split it, close both halves; returns the server URL."""

    def job(process: LeanProcess) -> str:
        left, right = process.proof_from_sorry(THM.format(i=i)).try_apply_tactic("constructor")
        assert left.try_apply_tactic("exact hp") == [] and right.try_apply_tactic("exact hq") == []
        return process.client.url

    return job


@pytest.fixture(scope="module")
def two_servers() -> Iterator[list[str]]:
    with minilean_servers(2, max_processes=2) as urls:
        yield urls


def test_slots_spread_and_limits(two_servers: list[str]) -> None:
    with SlotPool(two_servers, probe_interval=0.2) as pool:
        assert pool.total_slots == 4
        lock = threading.Lock()
        running: Counter[str] = Counter()
        peak: Counter[str] = Counter()

        def job(i: int) -> Callable[[LeanProcess], str]:
            inner = prove(i)

            def wrapped(process: LeanProcess) -> str:
                url = process.client.url
                with lock:
                    running[url] += 1
                    peak[url] = max(peak[url], running[url])
                try:
                    return inner(process)
                finally:
                    with lock:
                        running[url] -= 1

            return wrapped

        with ThreadPoolExecutor(8) as ex:
            urls = list(ex.map(lambda i: pool.run(job(i)), range(40)))
        assert Counter(urls).keys() == set(two_servers)  # both servers did work
        assert all(peak[u] <= 2 for u in two_servers)  # never more than max_processes per server
        m = pool.metrics()
        assert m["calls"] == 40 and m["slots_busy"] == 0 and m["slots_total"] == 4 and m["servers_alive"] == 2
        assert m["errors_by_kind"] == {} and m["calls_per_s"] > 0
        lat = m["latency_ms"]
        assert lat["p50"] is not None and lat["p50"] <= lat["p90"] <= lat["p99"]


def test_business_errors_are_not_retried(two_servers: list[str]) -> None:
    with SlotPool(two_servers) as pool:
        tries: list[int] = []

        def bad(process: LeanProcess) -> None:
            tries.append(process.id)
            process.proof_from_sorry("theorem pool_bad (p : Prop) : p := by\n  exact nope\n  sorry")

        with pytest.raises(LeanBusinessError):
            pool.run(bad)
        assert len(tries) == 1
        with pytest.raises(ZeroDivisionError):  # other exceptions pass through too, and the slot comes back
            pool.run(lambda p: 1 // 0)
        m = pool.metrics()
        assert m["slots_busy"] == 0 and m["errors_by_kind"] == {} and m["retries"] == 0


def test_pool_timeout_when_all_slots_are_held(minilean_urls: Callable[..., list[str]]) -> None:
    (url,) = minilean_urls(1, max_processes=1)
    with SlotPool([url], lease_timeout=0.5) as pool:
        holding, release = threading.Event(), threading.Event()

        def hold(process: LeanProcess) -> int:
            holding.set()
            release.wait(30)
            return process.id

        with ThreadPoolExecutor(1) as ex:
            fut = ex.submit(pool.run, hold)
            assert holding.wait(30)
            with pytest.raises(LeanPoolTimeoutError):
                pool.run(lambda p: p.id)
            release.set()
            assert isinstance(fut.result(30), int)
        assert pool.run(lambda p: p.id) == fut.result()  # the slot is usable again


def test_retries_are_bounded_and_reraise(minilean_urls: Callable[..., list[str]]) -> None:
    (url,) = minilean_urls(1, max_processes=2, extra_args=["--error-rate", "1.0"])
    calls: list[int] = []
    with SlotPool([url], attempts=3, backoff=0.01, probe_interval=60) as pool:
        with pytest.raises(LeanServerError):
            pool.run(lambda p: calls.append(p.id))
        m = pool.metrics()
    assert calls == []  # every /process/get failed, fn never ran
    assert m["errors_by_kind"] == {"LeanServerError": 3} and m["retries"] == 2
    assert m["servers_alive"] == 0  # 3 consecutive failures took it out of rotation


def test_partial_fleet_at_start_and_all_down() -> None:
    dead = f"127.0.0.1:{free_port()}"
    with pytest.raises(LeanConnectionError):
        SlotPool([dead, f"127.0.0.1:{free_port()}"])
    with minilean_servers(1, max_processes=3) as (url,), SlotPool([dead, url], probe_interval=60) as pool:
        assert pool.total_slots == 3
        m = pool.metrics()
        assert m["servers_alive"] == 1 and m["servers_total"] == 2
        assert pool.run(prove(0)) == url


@pytest.mark.slow
def test_failover_and_reprobe_after_restart() -> None:
    crashing = start_minilean(max_processes=2, extra_args=["--crash-after", "12"])
    steady = start_minilean(max_processes=2)
    try:
        with SlotPool([crashing.url, steady.url], attempts=3, backoff=0.05, probe_interval=0.2) as pool:
            outcomes: list[str] = []
            lock = threading.Lock()

            def one(i: int) -> None:
                try:
                    url = pool.run(prove(i))
                except LeanInfraError as e:
                    url = f"error:{type(e).__name__}"
                with lock:
                    outcomes.append(url)

            with ThreadPoolExecutor(4) as ex:
                list(ex.map(one, range(30)))
            assert len(outcomes) == 30  # every attempt accounted for
            assert not crashing.alive
            assert outcomes.count(steady.url) >= 30 - outcomes.count(crashing.url) - 0
            assert all(not o.startswith("error:") for o in outcomes), (
                outcomes
            )  # retried onto the steady server
            m = pool.metrics()
            assert m["servers_alive"] == 1 and m["slots_total"] == 2
            assert m["errors_by_kind"].get("LeanConnectionError", 0) >= 1

            restarted = start_minilean(port=crashing.port, max_processes=2)
            try:
                deadline = time.monotonic() + 30
                while pool.metrics()["servers_alive"] < 2 and time.monotonic() < deadline:
                    time.sleep(0.1)
                assert pool.metrics()["servers_alive"] == 2 and pool.total_slots == 4
                with ThreadPoolExecutor(4) as ex:
                    urls = list(ex.map(lambda i: pool.run(prove(100 + i)), range(12)))
                assert restarted.url in urls  # back in rotation
            finally:
                restarted.close()
    finally:
        crashing.close()
        steady.close()
