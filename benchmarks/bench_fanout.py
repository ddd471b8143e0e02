"""Fan-out: tactic calls/s through ``SlotPool`` over several minilean servers with injected latency,
against the ideal ``slots / latency`` (docs/SCALING.md).

N threads each hold one lease via ``SlotPool.run``, start a proof with ``proof_from_sorry`` and then
apply the same tactic to the root branch again and again (branches are immutable on the server, so
every call does the same work) until the window closes. All threads start the window together
(barrier), calls finishing inside it are counted. CPU seconds of this process, of every server and of
the whole machine are read from /proc over the same window: per-call CPU cost and core saturation are
what explain a shortfall. One client thread against a latency-free server gives the client's CPU per
call (robust on a shared machine, where the fan-out percentage is not) and a cProfile of where it goes.
Diagnostic rows: LeanTree's HTTP/1.0 transport, the client's former per-call route through
``requests.Session.request``, and a shorter GIL switch interval.

Headline: achieved / ideal at 64 slots over 4 servers, 50 ms latency (target >= 90%).
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import os
import pstats
import re
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import requests

from benchmarks.common import REPO_ROOT, BenchResult, cpu_window, fmt, log, median
from lean_io.client import CONNECT_TIMEOUT, LeanClient, LeanProcess
from lean_io.local import MinileanProcess, start_minilean
from lean_io.pool import SlotPool
from minilean.theorems import load_theorems

TARGET = 0.90


@dataclass(frozen=True)
class FanoutConfig:
    label: str
    n_servers: int = 4
    max_processes: int = 16
    latency_ms: float = 50.0
    threads: int | None = None  # default: every slot
    keep_alive: bool = False
    # True: every call goes through ``requests.Session.request``, the client's route before it built its
    # requests itself (see ``_via_session_request``)
    session_request: bool = False
    switch_interval_ms: float | None = None  # sys.setswitchinterval in this process over the run

    @property
    def slots(self) -> int:
        return self.n_servers * self.max_processes

    @property
    def n_threads(self) -> int:
        return self.threads if self.threads is not None else self.slots

    def server_args(self) -> list[str]:
        args = ["--latency-ms", str(self.latency_ms)]
        return [*args, "--keep-alive"] if self.keep_alive else args


def workload() -> tuple[str, str]:
    """(proof_from_sorry source, a tactic that succeeds on its root goal) from minilean's train set."""
    row = next(t for t in load_theorems("train") if t["proof"])
    source = ((row["header"] or "").strip() + "\n\n" + row["statement"]).strip()
    return source, row["proof"].split("\n")[0].strip()


@contextlib.contextmanager
def _servers(n: int, max_processes: int, args: Sequence[str]) -> Iterator[list[MinileanProcess]]:
    with contextlib.ExitStack() as stack:
        servers: list[MinileanProcess] = []
        for _ in range(n):
            server = start_minilean(None, max_processes, args)
            stack.callback(server.close)
            servers.append(server)
        yield servers


def measure(cfg: FanoutConfig, duration_s: float) -> dict[str, Any]:
    """Run ``cfg.n_threads`` lease holders for ``duration_s`` seconds; throughput, latency and CPU."""
    source, tactic = workload()
    n = cfg.n_threads
    start = [0.0]
    barrier = threading.Barrier(n + 1, action=lambda: start.__setitem__(0, time.perf_counter()))
    counts = [0] * n
    latencies: list[list[float]] = [[] for _ in range(n)]
    errors: list[str] = []

    def holder(i: int, process: LeanProcess) -> None:
        branch = process.proof_from_sorry(source)
        branch.try_apply_tactic(tactic)  # connection + code paths warm before the window
        barrier.wait(timeout=120)
        end = start[0] + duration_s
        while True:
            t0 = time.perf_counter()
            if t0 >= end:
                return
            branch.try_apply_tactic(tactic)
            t1 = time.perf_counter()
            if t1 <= end:
                counts[i] += 1
                latencies[i].append(t1 - t0)

    def worker(i: int) -> None:
        try:
            pool.run(lambda process: holder(i, process))
        except Exception as e:  # reported, never hidden: a failed holder shrinks the achieved rate
            errors.append(f"{type(e).__name__}: {e}")
            with contextlib.suppress(threading.BrokenBarrierError):
                barrier.abort()

    old_interval = sys.getswitchinterval()
    with _servers(cfg.n_servers, cfg.max_processes, cfg.server_args()) as servers:
        pool = SlotPool([s.url for s in servers])
        if cfg.session_request:
            _via_session_request(pool)
        if cfg.switch_interval_ms is not None:
            sys.setswitchinterval(cfg.switch_interval_ms / 1000)
        try:
            slots = pool.total_slots
            with ThreadPoolExecutor(max_workers=n, thread_name_prefix="fanout") as ex:
                futures = [ex.submit(worker, i) for i in range(n)]
                pids = [os.getpid()] + [s.proc.pid for s in servers if s.proc is not None]
                try:
                    barrier.wait(timeout=180)
                    with cpu_window(pids) as cpu:
                        time.sleep(duration_s)
                except threading.BrokenBarrierError:
                    cpu = None
                for f in futures:
                    f.result()
        finally:
            sys.setswitchinterval(old_interval)
            pool.close()
    if cpu is None or errors:
        raise RuntimeError(f"fan-out run {cfg.label} failed: {errors[:3]}")
    calls = sum(counts)
    achieved = calls / duration_s
    ideal = min(n, slots) / (cfg.latency_ms / 1000.0)
    all_lat = sorted(x for lat in latencies for x in lat)
    client_cpu = cpu.by_pid[os.getpid()]
    server_cpu = sum(v for p, v in cpu.by_pid.items() if p != os.getpid())
    return {
        "label": cfg.label, "slots": slots, "threads": n, "latency_ms": cfg.latency_ms,
        "keep_alive": cfg.keep_alive, "session_request": cfg.session_request,
        "switch_interval_ms": 1000 * sys.getswitchinterval() if cfg.switch_interval_ms is None
        else cfg.switch_interval_ms, "calls": calls,
        "achieved_per_s": achieved, "ideal_per_s": ideal, "efficiency": achieved / ideal,
        "p50_ms": 1000 * median(all_lat),
        "p99_ms": 1000 * all_lat[int(0.99 * (len(all_lat) - 1))] if all_lat else float("nan"),
        "client_cpu_ms_per_call": 1000 * client_cpu / max(1, calls),
        "server_cpu_ms_per_call": 1000 * server_cpu / max(1, calls),
        "our_cores_busy": (client_cpu + server_cpu) / cpu.wall,
        "machine_utilization": cpu.machine_utilization,
        # cores the rest of the machine used meanwhile (other jobs): what makes this run noisy
        "other_cores": max(0.0, cpu.machine_utilization * (os.cpu_count() or 1)
                           - (client_cpu + server_cpu) / cpu.wall),
        "cores": os.cpu_count(),
    }


def _use_session_request(client: LeanClient, on: bool = True) -> None:
    """The client's per-call route before it built its requests itself, for the A/B rows: each call
    through ``requests.Session.request`` (``prepare_request``: cookie, header, hook and auth merges, URL
    preparation; the environment merge; ``Session.send``). Everything around it (JSON, error mapping)
    is the shipped client's. ``on=False`` puts the shipped route back."""
    if not on:
        vars(client).pop("_prepare", None)
        vars(client).pop("_send", None)
        return
    session = client._session

    def prepare(method: str, path: str, payload: bytes | None) -> Any:
        return method, f"{client.url}{path}", payload

    def send(call: Any, timeout: float) -> requests.Response:
        method, url, payload = call
        return session.request(
            method, url, data=payload,
            headers={"Content-Type": "application/json"} if payload is not None else None,
            timeout=(min(CONNECT_TIMEOUT, timeout), timeout), allow_redirects=False)

    client._prepare = prepare  # type: ignore[method-assign]
    client._send = send  # type: ignore[method-assign]


def _via_session_request(pool: SlotPool) -> None:
    for server in pool._servers:
        _use_session_request(server.client)


SHIPPED, SESSION_REQUEST = "as shipped", "Session.request per call (before)"


def client_cpu_per_call(calls: int = 300, *, server_args: Sequence[str] = (), rounds: int = 3,
                        top: int = 0) -> dict[str, dict[str, Any]]:
    """One client thread doing tactic calls on a latency-free local server, the shipped route and
    ``requests.Session.request`` alternating (``rounds`` x ``calls`` each, same lease): the thread's CPU
    per call (``time.thread_time``, no profiler), the median over rounds, by route. With ``top`` > 0, a
    pass of the shipped route under cProfile (thread CPU clock) lists the ``top`` functions by
    cumulative CPU."""
    source, tactic = workload()
    with _servers(1, 1, server_args) as servers:
        pool = SlotPool([servers[0].url])
        try:
            def loop(process: LeanProcess) -> dict[str, dict[str, Any]]:
                branch = process.proof_from_sorry(source)
                samples: dict[str, list[tuple[float, float]]] = {SHIPPED: [], SESSION_REQUEST: []}
                for _ in range(max(1, rounds)):
                    for route, runs in samples.items():
                        _use_session_request(process.client, route == SESSION_REQUEST)
                        for _ in range(20):
                            branch.try_apply_tactic(tactic)
                        c0, t0 = time.thread_time(), time.perf_counter()
                        for _ in range(calls):
                            branch.try_apply_tactic(tactic)
                        runs.append((time.thread_time() - c0, time.perf_counter() - t0))
                _use_session_request(process.client, False)
                out = {route: {"cpu_ms_per_call": 1000 * median([c for c, _ in runs]) / calls,
                               "wall_ms_per_call": 1000 * median([w for _, w in runs]) / calls,
                               "profile": []}
                       for route, runs in samples.items()}
                if top:
                    prof = cProfile.Profile(time.thread_time)
                    prof.enable()
                    for _ in range(calls):
                        branch.try_apply_tactic(tactic)
                    prof.disable()
                    text = io.StringIO()
                    pstats.Stats(prof, stream=text).sort_stats("cumulative").print_stats(top)
                    lines = text.getvalue().splitlines()
                    at = next((i for i, ln in enumerate(lines) if "ncalls" in ln), 0)
                    out[SHIPPED]["profile"] = [_shorten(ln) for ln in lines[at:] if ln.strip()]
                return out

            return pool.run(loop)
        finally:
            pool.close()


def _shorten(line: str) -> str:
    """cProfile names whole paths; keep what follows site-packages/, lib/pythonX.Y/ or the repo root."""
    line = re.sub(r"/\S*/(?:site-packages|lib/python3\.\d+)/", "", line)
    return line.replace(f"{REPO_ROOT}/", "")


HEADLINE = "64 slots / 4 servers, 50 ms, keep-alive (as the pipeline ships)"
PIPELINE_SERVER = "keep-alive (the pipeline's local servers)"

# one-connection checks: server kind -> minilean arguments; each measures both client routes
ONE_CONNECTION: dict[str, list[str]] = {
    PIPELINE_SERVER: ["--keep-alive"],
    "HTTP/1.0 (LeanTree's transport; minilean's default)": [],
}


def configs(quick: bool) -> list[FanoutConfig]:
    # the pipeline starts its local minilean servers with keep-alive (`lean.minilean_keep_alive`);
    # the HTTP/1.0 row is the transport of LeanTree's own server
    headline = FanoutConfig(HEADLINE, keep_alive=True)
    http10 = FanoutConfig("same, HTTP/1.0, a connection per call (LeanTree's transport)")
    if quick:
        return [headline, http10]
    return [
        headline,
        http10,
        FanoutConfig("same, client through Session.request per call (before)", keep_alive=True,
                     session_request=True),
        FanoutConfig("same, GIL switch interval 1 ms (Python's default: 5 ms)", keep_alive=True,
                     switch_interval_ms=1.0),
        FanoutConfig("16 slots / 4 servers, 50 ms, keep-alive", max_processes=4, keep_alive=True),
        FanoutConfig("64 slots / 4 servers, 200 ms, keep-alive", latency_ms=200.0, keep_alive=True),
    ]


def run(quick: bool = False, *, duration_s: float | None = None, cfgs: list[FanoutConfig] | None = None,
        profile_calls: int | None = None, variants: tuple[str, ...] | None = None) -> BenchResult:
    """``variants``: which one-connection checks to run (default all of ``ONE_CONNECTION``)."""
    t_start = time.perf_counter()
    duration = duration_s if duration_s is not None else (3.0 if quick else 6.0)
    results = []
    for cfg in cfgs if cfgs is not None else configs(quick):
        log(f"fanout: {cfg.label} for {duration:.0f}s")
        results.append(measure(cfg, duration))
    n_prof = profile_calls if profile_calls is not None else (150 if quick else 300)
    log("fanout: one connection, latency 0: client CPU and wall per call, shipped route vs Session.request")
    single = {name: client_cpu_per_call(n_prof, server_args=args, rounds=2 if quick else 3,
                                        top=14 if name == PIPELINE_SERVER else 0)
              for name, args in ONE_CONNECTION.items() if variants is None or name in variants}
    nan = {"cpu_ms_per_call": float("nan"), "wall_ms_per_call": float("nan"), "profile": []}
    ka = single.get(PIPELINE_SERVER, {SHIPPED: nan, SESSION_REQUEST: nan})

    rows = [[r["label"], r["slots"], fmt(r["ideal_per_s"]), fmt(r["achieved_per_s"]),
             f"{100 * r['efficiency']:.0f}%", fmt(r["p50_ms"]), fmt(r["client_cpu_ms_per_call"]),
             fmt(r["server_cpu_ms_per_call"]), f"{r['our_cores_busy']:.2f} / {r['cores']}",
             f"{r['other_cores']:.2f}"] for r in results]
    head = results[0]
    ratio = head["efficiency"]
    per_call_cpu = head["client_cpu_ms_per_call"] + head["server_cpu_ms_per_call"]
    cores = head["cores"] or 1
    cpu_cap = 1000 * cores / per_call_cpu if per_call_cpu else float("inf")
    saved = 1 - ka[SHIPPED]["cpu_ms_per_call"] / ka[SESSION_REQUEST]["cpu_ms_per_call"]
    single_table = "\n".join(
        ["| one connection, latency 0 | client route | wall ms/call | client CPU ms/call |",
         "|---|---|---|---|"]
        + [f"| {server} | {route} | {v['wall_ms_per_call']:.2f} | {v['cpu_ms_per_call']:.3f} |"
           for server, by_route in single.items() for route, v in by_route.items()])
    notes = [
        f"Workload: `try_apply_tactic` of one fixed tactic on a proof's root branch, each thread holding "
        f"one lease via `SlotPool.run`; {duration:.0f} s window after all threads hold a lease; "
        f"ideal = min(threads, slots) / latency. CPU from /proc over the window; \"other jobs\" is the "
        "rest of the machine's CPU meanwhile, in cores: the fan-out percentage moves with it, the CPU per "
        "call much less.",
        f"CPU per call at the headline setting: client {head['client_cpu_ms_per_call']:.2f} ms + servers "
        f"{head['server_cpu_ms_per_call']:.2f} ms = {per_call_cpu:.2f} ms, so {cores} cores, fully ours, "
        f"would cap the rate near {cpu_cap:,.0f} calls/s (ideal {head['ideal_per_s']:,.0f}); the client's "
        f"share runs under one GIL, capping one client process near "
        f"{1000 / max(head['client_cpu_ms_per_call'], 1e-9):,.0f} calls/s.",
        "One client thread, one server process, no injected latency (the cost of a call itself); the two "
        "client routes alternate on one lease, median of the rounds:",
        single_table,
        f"Client route: `LeanClient` builds each `PreparedRequest` itself and sends it through the adapter "
        f"mounted for the URL (urllib3 `Retry` and connection pool included); on the pipeline's transport "
        f"that is {ka[SHIPPED]['cpu_ms_per_call']:.3f} ms client CPU per call instead of "
        f"{ka[SESSION_REQUEST]['cpu_ms_per_call']:.3f} ms ({100 * saved:.0f}% less) through "
        "`requests.Session.request`, whose "
        "`prepare_request` (cookie-jar merges, header/hook/auth merges through `typing` protocol checks, "
        "URL re-quoting) and environment merge redo the same work on every call. The \"before\" rows put "
        "that route back for comparison. Already in every row: `session.trust_env = False` (no proxy "
        "lookup in os.environ per request) and minilean's TCP_NODELAY (`disable_nagle_algorithm`: without "
        "it a keep-alive answer's body waits for the client's delayed ACK, ~40 ms).",
        *_switch_interval_note(results),
        "cProfile (thread CPU clock) of the client on the pipeline's transport, by cumulative time "
        "(profiling inflates many small calls; the A/B numbers above are unprofiled):",
        "```\n" + "\n".join(ka[SHIPPED]["profile"]) + "\n```",
    ]
    if ratio < TARGET:
        notes.append(_diagnosis(results, cpu_cap))
    return BenchResult(
        name="fanout",
        title="Fan-out: SlotPool over minilean servers vs the ideal slots / latency",
        target=f"achieved >= {100 * TARGET:.0f}% of slots/latency at 64 slots, 4 servers, 50 ms",
        columns=["setting", "slots", "ideal calls/s", "achieved calls/s", "of ideal", "p50 ms",
                 "client CPU ms/call", "server CPU ms/call", "our cores busy", "other jobs, cores"],
        rows=rows,
        ratio=ratio,
        met=ratio >= TARGET,
        summary=f"{100 * ratio:.0f}% of ideal ({head['achieved_per_s']:,.0f} of "
                f"{head['ideal_per_s']:,.0f} calls/s; target >= {100 * TARGET:.0f}%)",
        notes=notes,
        seconds=time.perf_counter() - t_start,
        extra={"runs": results, "one_connection": single},
    )


def _switch_interval_note(results: list[dict[str, Any]]) -> list[str]:
    """What the switch-interval row showed against the headline (nothing when it was not run)."""
    head = results[0]
    rows = [r for r in results[1:] if r["label"].startswith("same, GIL switch interval")]
    if not rows:
        return []
    r = rows[0]
    gain = 100 * (r["efficiency"] - head["efficiency"])
    verdict = (
        "within run-to-run noise: the interval only bounds how long a thread keeps the GIL without "
        "blocking, and every client thread blocks on its socket after a fraction of a millisecond of "
        "work, so it is not what the threads wait on; the pipeline keeps Python's default"
        if abs(gain) < 2 else
        f"{gain:+.0f} points: more than this run's noise usually is; repeat it on an idle machine before "
        "changing a process-wide setting")
    return [
        f"GIL switch interval {r['switch_interval_ms']:g} ms instead of "
        f"{head['switch_interval_ms']:g}: {100 * r['efficiency']:.0f}% of ideal, p50 {r['p50_ms']:.1f} ms "
        f"(headline {100 * head['efficiency']:.0f}%, {head['p50_ms']:.1f} ms), {verdict}."]


def _diagnosis(results: list[dict[str, Any]], cpu_cap: float) -> str:
    """Name the cause of a miss from the runs' own numbers."""
    head = results[0]
    cores = head["cores"] or 1
    cpu_per_call = head["client_cpu_ms_per_call"] + head["server_cpu_ms_per_call"]
    parts = []
    if head["machine_utilization"] >= 0.9:
        parts.append(
            f"CPU-bound: the machine's {cores} cores were {100 * head['machine_utilization']:.0f}% busy "
            f"(our client + servers {head['our_cores_busy']:.2f} cores, the rest other processes); at "
            f"{cpu_per_call:.2f} ms CPU per call the ideal {head['ideal_per_s']:,.0f} calls/s needs "
            f"{head['ideal_per_s'] * cpu_per_call / 1000:.2f} cores. "
            f"p50 latency {head['p50_ms']:.0f} ms vs {head['latency_ms']:.0f} ms injected is time "
            "spent waiting for a core (and for the client's GIL).")
    else:
        parts.append(
            f"Not CPU-bound (machine {100 * head['machine_utilization']:.0f}% busy, other jobs "
            f"{head['other_cores']:.2f} cores): the extra {head['p50_ms'] - head['latency_ms']:.1f} ms per "
            "call over the injected latency is waiting for a core or for the client's GIL (SlotPool's lock "
            "is not on the per-call path, and each lease keeps one pooled connection).")
    for r in results[1:]:
        parts.append(f"{r['label']}: {100 * r['efficiency']:.0f}% of ideal "
                     f"({r['client_cpu_ms_per_call'] + r['server_cpu_ms_per_call']:.2f} ms CPU/call).")
    return "Measured cause of the miss: " + " ".join(parts)


if __name__ == "__main__":
    import json

    print(json.dumps(run(quick=True).to_dict(), indent=2, default=str))
