"""Fault injection for minilean: the failure modes a real LeanTree fleet shows, on demand.

Each flag has one observable effect on the wire:

* ``latency_ms`` + ``jitter_ms``: every call except ``/status``/``/heap`` sleeps
  ``latency + U(0, jitter)`` ms before it is handled (client timeouts, slow servers).
* ``error_rate``: that fraction of calls answers HTTP 500 ``{"error": "injected fault: ..."}``.
* ``drop_rate``: that fraction of calls reads the request and closes the socket with no response.
* ``crash_after``: the process serves N calls, then ``os._exit`` on the next one (the connection
  in flight drops; later connections are refused).
* ``warmup_s``: for that many seconds after start ``/status`` says ``"warming_up"`` and
  ``/process/get`` answers 503 ``{"error": "server is warming up"}`` like ``leanserver --warmup``.

``/status`` and ``/heap`` are exempt from every fault so health checks see the truth. One seeded
RNG (under a lock) decides errors and drops; the thread interleaving still varies between runs.
"""

from __future__ import annotations

import enum
import os
import random
import sys
import threading
import time
from dataclasses import dataclass

EXEMPT_PATHS = frozenset({"/status", "/heap"})
CRASH_EXIT_CODE = 3


class Fault(enum.Enum):
    NONE = "none"
    ERROR = "error"
    DROP = "drop"


@dataclass(frozen=True)
class FaultConfig:
    latency_ms: float = 0.0
    jitter_ms: float = 0.0
    error_rate: float = 0.0
    drop_rate: float = 0.0
    crash_after: int | None = None
    warmup_s: float = 0.0
    seed: int = 0

    def __post_init__(self) -> None:
        for name in ("error_rate", "drop_rate"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be in [0, 1]")
        if self.error_rate + self.drop_rate > 1.0:
            raise ValueError("error_rate + drop_rate must be <= 1")
        if self.latency_ms < 0 or self.jitter_ms < 0 or self.warmup_s < 0:
            raise ValueError("latency, jitter and warmup must be >= 0")
        if self.crash_after is not None and self.crash_after < 0:
            raise ValueError("crash_after must be >= 0")


class FaultInjector:
    def __init__(self, config: FaultConfig, *, clock: float | None = None) -> None:
        self.config = config
        self._rng = random.Random(config.seed)
        self._lock = threading.Lock()
        self._calls = 0
        self._started = time.monotonic() if clock is None else clock
        self.injected = {"error": 0, "drop": 0}

    def warming_up(self) -> bool:
        return time.monotonic() - self._started < self.config.warmup_s

    @property
    def calls(self) -> int:
        return self._calls

    def before_call(self, path: str) -> Fault:
        """Called once per request before it is handled; may sleep, exit the process, or pick a fault."""
        if path in EXEMPT_PATHS:
            return Fault.NONE
        cfg = self.config
        with self._lock:
            self._calls += 1
            if cfg.crash_after is not None and self._calls > cfg.crash_after:
                sys.stderr.write(
                    f"minilean: crashing on call {self._calls} (--crash-after {cfg.crash_after})\n"
                )
                sys.stderr.flush()
                os._exit(CRASH_EXIT_CODE)  # a crash, not a shutdown: no cleanup, sockets just vanish
            delay = cfg.latency_ms + (self._rng.uniform(0.0, cfg.jitter_ms) if cfg.jitter_ms else 0.0)
            roll = self._rng.random()
        if delay > 0:
            time.sleep(delay / 1000.0)
        if roll < cfg.error_rate:
            with self._lock:
                self.injected["error"] += 1
            return Fault.ERROR
        if roll < cfg.error_rate + cfg.drop_rate:
            with self._lock:
                self.injected["drop"] += 1
            return Fault.DROP
        return Fault.NONE
