"""Every minilean fault flag has an observable effect, and the client raises the right error type."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from lean_io.client import LeanClient
from lean_io.errors import LeanConnectionError, LeanServerError, LeanTimeoutError
from lean_io.local import start_minilean
from minilean.faults import CRASH_EXIT_CODE, Fault, FaultConfig, FaultInjector

URLS = Callable[..., list[str]]


def _get_and_return(c: LeanClient) -> None:
    proc = c.get_process(timeout=5)
    assert proc is not None
    proc.return_process()


def test_injector_is_seeded_and_exempts_status() -> None:
    cfg = FaultConfig(error_rate=0.3, drop_rate=0.3, seed=7)
    runs = []
    for _ in range(2):
        inj = FaultInjector(cfg)
        runs.append([inj.before_call("/process/get") for _ in range(200)])
    assert runs[0] == runs[1]  # same seed, same faults
    assert {Fault.NONE, Fault.ERROR, Fault.DROP} == set(runs[0])
    inj = FaultInjector(FaultConfig(error_rate=1.0))
    assert inj.before_call("/status") is Fault.NONE and inj.before_call("/heap") is Fault.NONE
    assert inj.calls == 0 and inj.before_call("/process/get") is Fault.ERROR


@pytest.mark.parametrize(
    "kwargs",
    [{"error_rate": 1.5}, {"drop_rate": -0.1}, {"error_rate": 0.6, "drop_rate": 0.6}, {"latency_ms": -1}],
)
def test_config_validation(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        FaultConfig(**kwargs)  # type: ignore[arg-type]


def test_latency_makes_calls_time_out(minilean_urls: URLS) -> None:
    (url,) = minilean_urls(1, 2, ["--latency-ms", "1000", "--jitter-ms", "200", "--seed", "1"])
    with LeanClient(url) as c:
        with pytest.raises(LeanTimeoutError):
            c.request("POST", "/process/get", {"blocking": False}, timeout=0.25)
        data = c.request(
            "POST", "/process/get", {"blocking": False}, timeout=30
        )  # patient clients get through
        assert isinstance(data["process_id"], int)


def test_error_rate_answers_500(minilean_urls: URLS) -> None:
    (url,) = minilean_urls(1, 2, ["--error-rate", "1.0"])
    with LeanClient(url) as c:
        assert c.status()["status"] == "ready"  # health checks see the truth
        with pytest.raises(LeanServerError) as info:
            c.get_process(timeout=1)
        assert info.value.status == 500 and "injected fault" in info.value.error


def test_drop_rate_drops_connections(minilean_urls: URLS) -> None:
    (url,) = minilean_urls(1, 2, ["--drop-rate", "1.0"])
    with LeanClient(url) as c:
        assert c.status()["max_processes"] == 2
        with pytest.raises(LeanConnectionError):
            c.get_process(timeout=1)


def test_partial_rates_mix_outcomes(minilean_urls: URLS) -> None:
    (url,) = minilean_urls(1, 2, ["--error-rate", "0.3", "--drop-rate", "0.3", "--seed", "3"])
    seen: list[str] = []
    with LeanClient(url) as c:
        for _ in range(40):
            try:  # an idempotent call with no state, so every outcome is independent
                assert c.request("POST", "/process/999/return", None, 10)["already_returned"] is True
                seen.append("ok")
            except (LeanServerError, LeanConnectionError) as e:
                seen.append(type(e).__name__)
        injected = c.status()["calls"]
    assert set(seen) == {"ok", "LeanServerError", "LeanConnectionError"}
    assert injected == 40


def test_crash_after_exits_the_process() -> None:
    server = start_minilean(max_processes=4, extra_args=["--crash-after", "3"])
    try:
        with LeanClient(server.url) as c:
            for _ in range(3):
                assert c.request("POST", "/process/get", {"blocking": False}, 10)["process_id"] is not None
            assert c.status()["calls"] == 3  # /status is not a call and never crashes the server
            with pytest.raises(LeanConnectionError):  # call 4: the process dies mid-request
                c.get_process(timeout=1)
            assert server.proc is not None and server.proc.wait(10) == CRASH_EXIT_CODE
            with pytest.raises(LeanConnectionError):  # afterwards: connection refused
                c.status()
    finally:
        server.close()


def test_warmup_answers_503_then_serves(minilean_urls: URLS) -> None:
    (url,) = minilean_urls(1, 2, ["--warmup-s", "1.0"])
    with LeanClient(url) as c:
        assert c.status()["status"] == "warming_up"
        with pytest.raises(LeanServerError) as info:
            c.get_process(timeout=1)
        assert info.value.status == 503 and info.value.error == "server is warming up"
        deadline = time.monotonic() + 30
        while c.status()["status"] != "ready" and time.monotonic() < deadline:
            time.sleep(0.1)
        _get_and_return(c)
