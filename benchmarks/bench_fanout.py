"""Fan-out: tactic calls/s through ``SlotPool`` over several minilean servers with injected latency,
against the ideal ``slots / latency`` (docs/SCALING.md).

N threads each hold one lease via ``SlotPool.run``, start a proof with ``proof_from_sorry`` and then
apply the same tactic to the root branch again and again (branches are immutable on the server, so
every call does the same work) until the window closes. All threads start the window together
(barrier), calls finishing inside it are counted. CPU seconds of this process, of every server and of
the whole machine are read from /proc over the same window: per-call CPU cost and core saturation are
what explain a shortfall. A cProfile of one client thread against a latency-free server shows where the
client's CPU goes.

Headline: achieved / ideal at 64 slots over 4 servers, 50 ms latency (target >= 90%).
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import os
import pstats
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import requests

from benchmarks.common import REPO_ROOT, BenchResult, cpu_window, fmt, log, median
from lean_io.client import LeanProcess
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
    nodelay: bool = False  # servers with the proposed TCP_NODELAY fix
    # False = the proposed client fix: requests stops reading proxy settings from os.environ per call
    trust_env: bool = True

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


# The proposed minilean fix, applied from outside for the A/B measurement: TCP_NODELAY on the handler's
# socket. Without it a keep-alive answer is two writes (headers, then body) and Nagle holds the body
# until the client's delayed ACK (~40 ms on Linux) arrives.
_NODELAY_MAIN = ("import sys; from minilean import server, __main__ as m; "
                 "server.MiniLeanHandler.disable_nagle_algorithm = True; sys.exit(m.main(sys.argv[1:]))")


class _NodelayMinilean(MinileanProcess):
    """A minilean subprocess whose handler sets TCP_NODELAY (everything else as shipped)."""

    def start(self, ready_timeout: float = 30.0) -> MinileanProcess:
        env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
        cmd = [sys.executable, "-c", _NODELAY_MAIN, "--host", self.host, "--port", str(self.port),
               "--max-processes", str(self.max_processes), "--exit-with-parent", *self.extra_args]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=self._log,
                                     stderr=subprocess.STDOUT, env=env, start_new_session=True)
        deadline = time.monotonic() + ready_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"patched minilean exited: {self.log_tail()}")
            with contextlib.suppress(requests.RequestException):
                if requests.get(f"{self.url}/status", timeout=2.0).status_code == 200:
                    return self
            time.sleep(0.05)
        self.stop()
        raise TimeoutError("patched minilean not ready")


@contextlib.contextmanager
def _servers(n: int, max_processes: int, args: Sequence[str], *,
             nodelay: bool = False) -> Iterator[list[MinileanProcess]]:
    with contextlib.ExitStack() as stack:
        servers: list[MinileanProcess] = []
        for _ in range(n):
            server = (_NodelayMinilean(None, max_processes, args).start() if nodelay
                      else start_minilean(None, max_processes, args))
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

    with _servers(cfg.n_servers, cfg.max_processes, cfg.server_args(), nodelay=cfg.nodelay) as servers:
        pool = SlotPool([s.url for s in servers])
        if not cfg.trust_env:
            _no_env_proxies(pool)
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
        "keep_alive": cfg.keep_alive, "trust_env": cfg.trust_env, "calls": calls,
        "achieved_per_s": achieved, "ideal_per_s": ideal, "efficiency": achieved / ideal,
        "p50_ms": 1000 * median(all_lat),
        "p99_ms": 1000 * all_lat[int(0.99 * (len(all_lat) - 1))] if all_lat else float("nan"),
        "client_cpu_ms_per_call": 1000 * client_cpu / max(1, calls),
        "server_cpu_ms_per_call": 1000 * server_cpu / max(1, calls),
        "our_cores_busy": (client_cpu + server_cpu) / cpu.wall,
        "machine_utilization": cpu.machine_utilization,
        "cores": os.cpu_count(),
    }


def _no_env_proxies(pool: SlotPool) -> None:
    """The proposed ``LeanClient`` fix, applied from outside for the A/B measurement:
    ``session.trust_env = False`` (no proxy/netrc lookup in ``os.environ`` on every request)."""
    for server in pool._servers:
        server.client._session.trust_env = False


def client_cpu_per_call(calls: int = 300, *, trust_env: bool = True, top: int = 0,
                        server_args: Sequence[str] = (), nodelay: bool = False) -> dict[str, Any]:
    """One client thread doing ``calls`` tactic calls on a latency-free local server: the thread's CPU
    per call (``time.thread_time``, no profiler). With ``top`` > 0, a second pass under cProfile (thread
    CPU clock) lists the ``top`` functions by cumulative CPU."""
    source, tactic = workload()
    with _servers(1, 1, server_args, nodelay=nodelay) as servers:
        pool = SlotPool([servers[0].url])
        if not trust_env:
            _no_env_proxies(pool)
        try:
            def loop(process: LeanProcess) -> dict[str, Any]:
                branch = process.proof_from_sorry(source)
                for _ in range(20):
                    branch.try_apply_tactic(tactic)
                c0, t0 = time.thread_time(), time.perf_counter()
                for _ in range(calls):
                    branch.try_apply_tactic(tactic)
                cpu, wall = time.thread_time() - c0, time.perf_counter() - t0
                out: dict[str, Any] = {"cpu_ms_per_call": 1000 * cpu / calls,
                                       "wall_ms_per_call": 1000 * wall / calls, "profile": []}
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
                    out["profile"] = [_shorten(ln) for ln in lines[at:] if ln.strip()]
                return out

            return pool.run(loop)
        finally:
            pool.close()


def _shorten(line: str) -> str:
    """cProfile names whole paths; keep what follows site-packages/, lib/pythonX.Y/ or the repo root."""
    line = re.sub(r"/\S*/(?:site-packages|lib/python3\.\d+)/", "", line)
    return line.replace(f"{REPO_ROOT}/", "")


HEADLINE = "64 slots / 4 servers, 50 ms, keep-alive (as the pipeline ships)"


# one-connection checks: name -> (client_cpu_per_call arguments, slow as shipped: ~45 ms a call)
ONE_CONNECTION: dict[str, tuple[dict[str, Any], bool]] = {
    "HTTP/1.0 (LeanTree's transport; minilean's default)": ({}, False),
    "HTTP/1.0, trust_env=False": ({"trust_env": False}, False),
    "keep-alive (the pipeline's local servers)": ({"server_args": ["--keep-alive"]}, True),
    "keep-alive + TCP_NODELAY": ({"server_args": ["--keep-alive"], "nodelay": True}, False),
    "keep-alive + TCP_NODELAY + trust_env=False": (
        {"server_args": ["--keep-alive"], "nodelay": True, "trust_env": False}, False),
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
        FanoutConfig("same, keep-alive + client trust_env=False", keep_alive=True, trust_env=False),
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
    log("fanout: one connection, latency 0: client CPU and wall per call, as shipped and fixed")
    single = {name: client_cpu_per_call(
        max(5, n_prof // 8) if slow else n_prof, top=14 if i == 0 else 0, **kwargs)
        for i, (name, (kwargs, slow)) in enumerate(ONE_CONNECTION.items())
        if variants is None or name in variants}
    nan = {"cpu_ms_per_call": float("nan"), "wall_ms_per_call": float("nan"), "profile": []}
    as_is, no_env, ka, ka_fixed = (single.get(k, nan) for k in list(ONE_CONNECTION)[:4])

    rows = [[r["label"], r["slots"], fmt(r["ideal_per_s"]), fmt(r["achieved_per_s"]),
             f"{100 * r['efficiency']:.0f}%", fmt(r["p50_ms"]), fmt(r["client_cpu_ms_per_call"]),
             fmt(r["server_cpu_ms_per_call"]), f"{r['our_cores_busy']:.2f} / {r['cores']}",
             f"{100 * r['machine_utilization']:.0f}%"] for r in results]
    head = results[0]
    ratio = head["efficiency"]
    per_call_cpu = head["client_cpu_ms_per_call"] + head["server_cpu_ms_per_call"]
    cores = head["cores"] or 1
    cpu_cap = 1000 * cores / per_call_cpu if per_call_cpu else float("inf")
    env_share = 1 - no_env["cpu_ms_per_call"] / as_is["cpu_ms_per_call"] if single else float("nan")
    single_table = "\n".join(
        ["| one connection, latency 0 | wall ms/call | client CPU ms/call |", "|---|---|---|"]
        + [f"| {k} | {v['wall_ms_per_call']:.2f} | {v['cpu_ms_per_call']:.2f} |" for k, v in single.items()])
    notes = [
        f"Workload: `try_apply_tactic` of one fixed tactic on a proof's root branch, each thread holding "
        f"one lease via `SlotPool.run`; {duration:.0f} s window after all threads hold a lease; "
        f"ideal = min(threads, slots) / latency. CPU from /proc over the window.",
        f"CPU per call at the headline setting: client {head['client_cpu_ms_per_call']:.2f} ms + servers "
        f"{head['server_cpu_ms_per_call']:.2f} ms = {per_call_cpu:.2f} ms, so {cores} cores, fully ours, "
        f"would cap the rate near {cpu_cap:,.0f} calls/s (ideal {head['ideal_per_s']:,.0f}); the client's "
        f"share runs under one GIL, capping one client process near "
        f"{1000 / max(head['client_cpu_ms_per_call'], 1e-9):,.0f} calls/s.",
        "One client thread, one server process, no injected latency (the cost of a call itself):",
        single_table,
        f"requests' environment lookup: with `session.trust_env = False` the client spends "
        f"{no_env['cpu_ms_per_call']:.2f} instead of {as_is['cpu_ms_per_call']:.2f} ms CPU per call "
        f"({100 * env_share:.0f}% less): requests re-reads proxy settings from os.environ on every request "
        "(`merge_environment_settings` -> `get_environ_proxies` -> `getproxies_environment`, and "
        "`should_bypass_proxies`). Landed in `lean_io/client.py` (`self._session.trust_env = False`), so the "
        "\"as shipped\" rows already include it and the trust_env rows re-apply it "
        "(their difference is noise).",
        f"minilean `--keep-alive`: {ka['wall_ms_per_call']:.1f} ms per call vs "
        f"{ka_fixed['wall_ms_per_call']:.1f} ms with TCP_NODELAY set again: the handler writes the headers "
        "and the body in two sends, and on a persistent connection Nagle's algorithm would hold the body "
        "until the client's delayed ACK (~40 ms); `minilean/server.py` sets `disable_nagle_algorithm`, so "
        "both rows include it. The pipeline's local minilean servers use keep-alive "
        "(`lean.minilean_keep_alive`, on by default): it saves client and server CPU per call (the "
        "HTTP/1.0 row above). minilean run by hand answers HTTP/1.0 as LeanTree's real server does, and the "
        "client is tested against both.",
        "cProfile (thread CPU clock) of the client over HTTP/1.0, by cumulative time (profiling inflates the "
        "many small calls of the environment lookup; the A/B numbers above are unprofiled):",
        "```\n" + "\n".join(as_is["profile"]) + "\n```",
    ]
    if ratio < TARGET:
        notes.append(_diagnosis(results, cpu_cap))
    return BenchResult(
        name="fanout",
        title="Fan-out: SlotPool over minilean servers vs the ideal slots / latency",
        target=f"achieved >= {100 * TARGET:.0f}% of slots/latency at 64 slots, 4 servers, 50 ms",
        columns=["setting", "slots", "ideal calls/s", "achieved calls/s", "of ideal", "p50 ms",
                 "client CPU ms/call", "server CPU ms/call", "our cores busy", "machine busy"],
        rows=rows,
        ratio=ratio,
        met=ratio >= TARGET,
        summary=f"{100 * ratio:.0f}% of ideal ({head['achieved_per_s']:,.0f} of "
                f"{head['ideal_per_s']:,.0f} calls/s; target >= {100 * TARGET:.0f}%)",
        notes=notes,
        seconds=time.perf_counter() - t_start,
        extra={"runs": results, "one_connection": single},
    )


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
            f"Not CPU-bound (machine {100 * head['machine_utilization']:.0f}% busy): the extra "
            f"{head['p50_ms'] - head['latency_ms']:.1f} ms per call over the injected latency is waiting "
            "(locks, connection setup, scheduling).")
    for r in results[1:]:
        parts.append(f"{r['label']}: {100 * r['efficiency']:.0f}% of ideal "
                     f"({r['client_cpu_ms_per_call'] + r['server_cpu_ms_per_call']:.2f} ms CPU/call).")
    return "Measured cause of the miss: " + " ".join(parts)


if __name__ == "__main__":
    import json

    print(json.dumps(run(quick=True).to_dict(), indent=2, default=str))
