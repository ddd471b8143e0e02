"""A pool of Lean slots over many LeanTree/minilean servers.

One slot per server process (``max_processes`` from each ``/status``). ``run(fn)`` takes a slot on
the least busy live server, leases a process there, calls ``fn(process)`` and returns the lease.
Infrastructure failures are retried on another server when one has a free slot (bounded by
``attempts``, with backoff); business errors and other exceptions go straight to the caller.
Idempotent calls inside ``fn`` are already retried in place by the client (``LeanClient.idempotent``),
so a whole ``fn`` (a search) restarts only when the lease itself is lost.

A server leaves the rotation (is quarantined) when it fails ``max_failures`` consecutive calls, when a
lease cannot be returned after 3 tries (the process is leased by nobody until the server's reaper runs),
or when it hands out no process within ``lease_wait`` seconds although the pool counts a free slot there
(a stuck lease): the wait is bounded by the pool, not by the server's reaper. A background thread
re-probes quarantined servers every ``probe_interval`` seconds; a server comes back with the slots its
``/status`` says are really free (``max_processes`` minus leases the pool does not hold). Thread-safe.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lean_io.client import LeanClient, LeanProcess
from lean_io.errors import (
    LeanConnectionError,
    LeanInfraError,
    LeanPoolTimeoutError,
    LeanProtocolError,
    LeanStuckLeaseError,
)

log = logging.getLogger(__name__)
T = TypeVar("T")

GET_POLL_TIMEOUT = 5.0  # seconds per blocking /process/get; the loop re-checks the deadline between them
PROBE_TIMEOUT = 5.0
LATENCY_WINDOW = 10_000


@dataclass
class _Server:
    client: LeanClient
    capacity: int = 0  # max_processes as last reported
    busy: int = 0
    alive: bool = False
    failures: int = 0  # consecutive
    last_error: str | None = None
    calls: int = 0
    errors: int = 0
    downs: int = 0
    reported: int = 0  # max_processes as last reported (capacity may be lower: leases held by others)
    since: float = field(default_factory=time.monotonic)

    @property
    def url(self) -> str:
        return self.client.url

    def load(self) -> float:
        return self.busy / self.capacity if self.capacity else 1.0


def _percentile(sorted_values: list[float], q: float) -> float | None:
    if not sorted_values:
        return None
    idx = min(len(sorted_values) - 1, max(0, round(q / 100 * (len(sorted_values) - 1))))
    return round(sorted_values[idx], 3)


class SlotPool:
    def __init__(
        self,
        servers: Sequence[str],
        *,
        attempts: int = 3,
        lease_timeout: float = 300.0,
        lease_wait: float = 15.0,
        probe_interval: float = 5.0,
        max_failures: int = 3,
        backoff: float = 0.2,
    ) -> None:
        if not servers:
            raise ValueError("SlotPool needs at least one server")
        if attempts < 1:
            raise ValueError("attempts must be >= 1")
        self.attempts = attempts
        self.lease_timeout = lease_timeout
        self.lease_wait = lease_wait
        self.probe_interval = probe_interval
        self.max_failures = max_failures
        self.backoff = backoff
        self._cond = threading.Condition()
        self._servers = [_Server(LeanClient(url)) for url in dict.fromkeys(servers)]
        self._closed = threading.Event()
        self._started = time.monotonic()
        self._calls = 0
        self._retries = 0
        self._errors: Counter[str] = Counter()
        self._quarantines: Counter[str] = Counter()  # why servers left the rotation
        self._latencies: deque[float] = deque(maxlen=LATENCY_WINDOW)
        with ThreadPoolExecutor(max_workers=min(16, len(self._servers))) as ex:
            results = list(ex.map(self._probe, self._servers))
        if not any(results):
            errors = "; ".join(f"{s.url}: {s.last_error}" for s in self._servers)
            for s in self._servers:
                s.client.close()
            raise LeanConnectionError(f"no Lean server is usable: {errors}")
        for s in self._servers:
            if not s.alive:
                log.warning("Lean server %s is down at start (%s); will re-probe", s.url, s.last_error)
        self._prober = threading.Thread(target=self._probe_loop, name="slotpool-prober", daemon=True)
        self._prober.start()

    # -- health ----------------------------------------------------------------------------------
    def _probe(self, server: _Server) -> bool:
        """``/status`` answers with ``max_processes > 0`` -> (back) in rotation."""
        try:
            status = server.client.status(timeout=PROBE_TIMEOUT)
            reported = int(status["max_processes"])
            if reported <= 0:
                raise LeanProtocolError("server reports max_processes = 0")
        except LeanInfraError as e:
            with self._cond:
                server.last_error = f"{type(e).__name__}: {e}"
            return False
        used = status.get("used_processes")
        with self._cond:
            # Leases the pool does not hold (lost returns, other clients) are not slots for us.
            known = isinstance(used, int) and not isinstance(used, bool)
            foreign = max(0, used - server.busy) if known else 0
            capacity = max(0, reported - foreign)
            server.reported = reported
            if capacity == 0:
                server.last_error = f"no free process: {used}/{reported} leased by others (stuck or lost)"
                return False
            if not server.alive:
                log.info("Lean server %s is up with %d/%d slots", server.url, capacity, reported)
            server.capacity, server.alive, server.failures = capacity, True, 0
            server.since = time.monotonic()
            self._cond.notify_all()
        return True

    def _probe_loop(self) -> None:
        while not self._closed.wait(self.probe_interval):
            with self._cond:  # quarantined servers, and live ones running short of slots
                dead = [s for s in self._servers if not s.alive or s.capacity < s.reported]
            for server in dead:
                if self._closed.is_set():
                    return
                self._probe(server)

    def _failed(self, server: _Server, error: Exception) -> None:
        kind = type(error).__name__
        with self._cond:
            self._errors[kind] += 1
            server.errors += 1
            server.failures += 1
            server.last_error = f"{kind}: {error}"
            if server.alive and server.failures >= self.max_failures:
                server.alive = False
                server.downs += 1
                server.since = time.monotonic()
                log.warning(
                    "Lean server %s out of rotation after %d failures: %s", server.url, server.failures, error
                )
                self._cond.notify_all()  # waiters pinned on it can go elsewhere

    def _quarantine(self, server: _Server, reason: str) -> None:
        """Out of rotation at once; the prober brings it back with the slots that are really free."""
        with self._cond:
            self._quarantines[reason.split(":")[0]] += 1
            server.last_error = reason
            if server.alive:
                server.alive = False
                server.downs += 1
                server.since = time.monotonic()
                log.warning("Lean server %s quarantined: %s", server.url, reason)
                self._cond.notify_all()

    def _succeeded(self, server: _Server) -> None:
        with self._cond:
            server.failures = 0

    # -- slots -----------------------------------------------------------------------------------
    @property
    def total_slots(self) -> int:
        """Slots on the servers currently in rotation."""
        with self._cond:
            return sum(s.capacity for s in self._servers if s.alive)

    def _take_slot(self, avoid: set[str], deadline: float) -> _Server:
        with self._cond:
            while True:
                if self._closed.is_set():
                    raise LeanConnectionError("the slot pool is closed")
                free = [s for s in self._servers if s.alive and s.busy < s.capacity]
                preferred = [s for s in free if s.url not in avoid] or free
                if preferred:
                    server = min(preferred, key=lambda s: (s.load(), s.busy))
                    server.busy += 1
                    return server
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    alive = f"{sum(s.alive for s in self._servers)}/{len(self._servers)}"
                    raise LeanPoolTimeoutError(
                        f"no Lean slot free within {self.lease_timeout:.0f} s ({alive} servers alive)"
                    )
                self._cond.wait(min(remaining, 1.0))

    def _release_slot(self, server: _Server) -> None:
        with self._cond:
            server.busy -= 1
            self._cond.notify()

    def _lease(self, server: _Server, deadline: float) -> LeanProcess:
        """A process on ``server``, where the pool counts a free slot; ``lease_wait`` bounds the wait."""
        wait_until = min(deadline, time.monotonic() + self.lease_wait)
        while True:
            remaining = wait_until - time.monotonic()
            if remaining <= 0:
                reason = f"stuck lease: {server.url} gave no process within {self.lease_wait:.0f} s"
                self._quarantine(server, reason)
                raise LeanStuckLeaseError(reason)
            process = server.client.get_process(blocking=True, timeout=min(GET_POLL_TIMEOUT, remaining))
            if process is not None:
                return process

    # -- the one entry point ---------------------------------------------------------------------
    def run(self, fn: Callable[[LeanProcess], T], *, retry_until: float | None = None) -> T:
        """``fn(process)`` on a leased process; infrastructure failures are retried elsewhere.

        ``retry_until`` (a ``time.monotonic()`` value): no new attempt starts after it."""
        deadline = time.monotonic() + self.lease_timeout
        avoid: set[str] = set()
        last: LeanInfraError | None = None
        for attempt in range(self.attempts):
            if attempt and retry_until is not None and time.monotonic() >= retry_until:
                break
            if attempt:
                with self._cond:
                    self._retries += 1
                time.sleep(min(2.0, self.backoff * 2 ** (attempt - 1)))
            server = self._take_slot(avoid, deadline)
            t0 = time.monotonic()
            try:
                process = self._lease(server, deadline)
                try:
                    result = fn(process)
                except BaseException:
                    self._give_back(server, process)
                    raise
                self._give_back(server, process)
            except LeanPoolTimeoutError:
                self._release_slot(server)
                raise
            except LeanInfraError as e:
                self._release_slot(server)
                self._record_call(server, t0)
                self._failed(server, e)
                avoid.add(server.url)
                last = e
                log.info("attempt %d/%d on %s failed: %s", attempt + 1, self.attempts, server.url, e)
                continue
            except BaseException:
                self._release_slot(server)
                self._record_call(server, t0)
                raise
            self._release_slot(server)
            self._record_call(server, t0)
            self._succeeded(server)
            return result
        if last is None:
            raise LeanPoolTimeoutError("no attempt could start before the retry deadline")
        raise last

    def _give_back(self, server: _Server, process: LeanProcess) -> None:
        """Return the lease (3 tries: the server's /return is idempotent). A lease that cannot be returned
        stays leased by nobody until the server's reaper runs, so the server is quarantined meanwhile."""
        try:
            process.return_process(tries=3)
        except LeanInfraError as e:  # the result of fn still counts
            log.warning("could not return %r: %s", process, e)
            with self._cond:
                self._errors[f"return:{type(e).__name__}"] += 1
            self._quarantine(server, f"lost lease: /return of process {process.id} failed: {e}")

    def _record_call(self, server: _Server, t0: float) -> None:
        with self._cond:
            self._calls += 1
            server.calls += 1
            self._latencies.append((time.monotonic() - t0) * 1000.0)

    # -- observability -----------------------------------------------------------------------------
    def metrics(self) -> dict[str, Any]:
        with self._cond:
            lat = sorted(self._latencies)
            elapsed = max(1e-9, time.monotonic() - self._started)
            return {
                "slots_busy": sum(s.busy for s in self._servers),
                "slots_total": sum(s.capacity for s in self._servers if s.alive),
                "servers_alive": sum(s.alive for s in self._servers),
                "servers_total": len(self._servers),
                "calls": self._calls,
                "calls_per_s": round(self._calls / elapsed, 3),
                "retries": self._retries,
                "retried_in_place": sum(s.client.retried_in_place for s in self._servers),
                "quarantines": dict(self._quarantines),
                "errors_by_kind": dict(self._errors),
                "latency_ms": {
                    "p50": _percentile(lat, 50),
                    "p90": _percentile(lat, 90),
                    "p99": _percentile(lat, 99),
                },
                "servers": [
                    {
                        "url": s.url,
                        "alive": s.alive,
                        "capacity": s.capacity,
                        "busy": s.busy,
                        "consecutive_failures": s.failures,
                        "calls": s.calls,
                        "errors": s.errors,
                        "downs": s.downs,
                        "last_error": s.last_error,
                    }
                    for s in self._servers
                ],
            }

    def close(self) -> None:
        self._closed.set()
        with self._cond:
            self._cond.notify_all()
        self._prober.join(timeout=PROBE_TIMEOUT + 1)
        for s in self._servers:
            s.client.close()

    def __enter__(self) -> SlotPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
