"""minilean's HTTP server: LeanTree's ``leanserver`` protocol (docs/PROTOCOL.md §1) over the
pure-Python engine in :mod:`minilean.engine`.

Transport mirrors the real server: stdlib ``ThreadingHTTPServer`` (one daemon thread per request,
``request_queue_size`` 128), HTTP/1.0 with the connection closed after each response, JSON bodies.
A Content-Length header is sent unless ``omit_content_length`` (then it behaves byte-for-byte like
the real server, whose responses have none). ``keep_alive`` switches to HTTP/1.1 persistent
connections (always with Content-Length) so a client's connection pool is actually reused.

Deliberate choices where the protocol leaves room:

* A non-integer id in a path (``/process/abc/return``) drops the connection with no response, as the
  real server does when ``int()`` raises in its handler.
* A pid that exists but is not leased is "not found" (404): only the holder of a lease may use it.
* ``/process/{pid}/command`` answers ``{"env", "messages", "sorries"}`` always (the REPL omits empty
  lists); a Lean error there is HTTP 500, as ``LeanInteractionException`` is on the real server.
* Unsupported methods (PUT, DELETE, PATCH) get 501 with a JSON body.
* Leases idle for more than ``lease_timeout`` with no request in flight are reaped: the process is
  destroyed (its pid is never handed out again) and later calls on it get 404.
"""

from __future__ import annotations

import gc
import json
import logging
import os
import re
import sys
import threading
import time
import traceback
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import ModuleType
from typing import Any

from lean_io.goals import Goal, render_state
from minilean.faults import Fault, FaultConfig, FaultInjector

log = logging.getLogger("minilean.server")
SLOW_FACTOR = 3  # a tactic taking this many times its timeout (and at least SLOW_FLOOR_MS) is logged
SLOW_FLOOR_MS = 2000
SLOW_REQUEST_S = 5.0  # any request holding a process this long is logged

DEFAULT_LEASE_TIMEOUT = 600.0
NO_TACTIC_TIMEOUT_MS = 300_000  # a falsy "timeout" means "no per-tactic timeout" on the real server
_SORRY_TERM = re.compile(r":=\s*sorry\b")
_HAVE_WITHOUT_TYPE = re.compile(r"(?<![\w.'])have\b[^:]*:=")
_SEARCH_TACTICS = ("apply?", "rw?", "exact?")
_ID = r"([^/]+)"
_PROCESS_PATH = re.compile(rf"^/process/{_ID}/(return|command|is_valid_source|proof_from_sorry)$")
_BRANCH_PATH = re.compile(rf"^/process/{_ID}/branch/{_ID}/(try_apply_tactic|state)$")


class HttpError(Exception):
    """Answer with ``status`` and ``{"error": message}`` (plus a traceback for 500s)."""

    def __init__(self, status: int, message: str, tb: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.tb = tb


class DropConnection(Exception):
    """Close the socket without writing a response."""


# ---------------------------------------------------------------------------------------------- state


@dataclass
class BranchEntry:
    state: Any  # engine.ProofState (immutable)
    last_touch: float


@dataclass
class ProcessEntry:
    pid: int
    env: Any  # engine.Env (immutable)
    env_id: int = 0
    leased: bool = False
    last_touch: float = field(default_factory=time.monotonic)
    in_flight: int = 0
    proof_states: int = 0
    branches: dict[int, BranchEntry] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def reset(self, env: Any) -> None:
        """Back to the post-import checkpoint: no declaration or branch survives a lease."""
        self.env = env
        self.env_id = 0
        self.proof_states = 0
        self.branches.clear()


class ProcessPool:
    """Leases over at most ``max_processes`` engine "processes"; ids are reused across leases."""

    def __init__(self, max_processes: int, initial_env: Any, lease_timeout: float) -> None:
        if max_processes <= 0:
            raise ValueError("max_processes must be > 0")
        self.max_processes = max_processes
        self.initial_env = initial_env
        self.lease_timeout = lease_timeout
        self.cond = threading.Condition(threading.RLock())
        self.processes: dict[int, ProcessEntry] = {}
        self.idle: deque[int] = deque()
        self._next_pid = 0
        self._next_bid = 0
        self.reaped = 0

    def acquire(self, timeout: float) -> int | None:
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                if self.idle:
                    entry = self.processes[self.idle.popleft()]
                elif len(self.processes) < self.max_processes:
                    entry = ProcessEntry(pid=self._next_pid, env=self.initial_env)
                    self._next_pid += 1
                    self.processes[entry.pid] = entry
                else:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return None
                    self.cond.wait(remaining)
                    continue
                entry.leased = True
                entry.last_touch = time.monotonic()
                return entry.pid

    def begin(self, pid: int) -> ProcessEntry:
        """Mark a request in flight on a leased pid (404 otherwise); pair with :meth:`end`."""
        with self.cond:
            entry = self.processes.get(pid)
            if entry is None or not entry.leased:
                raise HttpError(404, f"Process {pid} not found")
            entry.in_flight += 1
            entry.last_touch = time.monotonic()
            return entry

    def end(self, entry: ProcessEntry) -> None:
        with self.cond:
            entry.in_flight -= 1
            entry.last_touch = time.monotonic()

    def still_leased(self, entry: ProcessEntry) -> bool:
        with self.cond:
            return entry.leased and self.processes.get(entry.pid) is entry

    def release(self, pid: int) -> bool:
        """Return a lease; False when it was unknown or already returned (idempotent)."""
        with self.cond:
            entry = self.processes.get(pid)
            if entry is None or not entry.leased:
                return False
            entry.in_flight += 1
        with entry.lock:  # wait for requests in flight on this pid, like the real server's REPL lock
            with self.cond:
                entry.in_flight -= 1
                if not entry.leased or self.processes.get(pid) is not entry:
                    return False
                entry.reset(self.initial_env)
                entry.leased = False
                entry.last_touch = time.monotonic()
                self.idle.append(pid)
                self.cond.notify()
                return True

    def new_branch_id(self) -> int:
        with self.cond:
            bid = self._next_bid
            self._next_bid += 1
            return bid

    def reap(self, now: float | None = None) -> list[int]:
        """Destroy leases idle for more than ``lease_timeout`` with no request in flight."""
        now = time.monotonic() if now is None else now
        with self.cond:
            dead = [
                e.pid
                for e in self.processes.values()
                if e.leased and e.in_flight == 0 and now - e.last_touch > self.lease_timeout
            ]
            for pid in dead:
                entry = self.processes.pop(pid)
                entry.leased = False
                entry.branches.clear()
                log.warning("reaped process %d (lease idle > %.0f s)", pid, self.lease_timeout)
            if dead:
                self.reaped += len(dead)
                self.cond.notify(len(dead))
            return dead

    def counts(self, now: float) -> dict[str, int]:
        with self.cond:
            entries = list(self.processes.values())
            used = sum(e.leased for e in entries)
            return {
                "total_processes": len(entries),
                "used_processes": used,
                "available_processes": len(entries) - used,
                "idle_too_long_60s": sum(now - e.last_touch > 60 for e in entries),
                "total_branches": sum(len(e.branches) for e in entries),
                "inactive_branches_60s": sum(
                    now - b.last_touch > 60 for e in entries for b in e.branches.values()
                ),
            }


# ---------------------------------------------------------------------------------------------- host stats


class CpuSampler:
    """Per-core busy percentages between successive samples of /proc/stat."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._prev = self._read()

    @staticmethod
    def _read() -> list[tuple[int, int]]:
        try:
            with open("/proc/stat", encoding="ascii") as fh:
                rows = [line.split() for line in fh if re.match(r"cpu\d+ ", line)]
        except OSError:
            return []
        out = []
        for row in rows:
            vals = [int(v) for v in row[1:]]
            idle = vals[3] + (vals[4] if len(vals) > 4 else 0)
            out.append((sum(vals), idle))
        return out

    def percents(self) -> list[float]:
        with self._lock:
            cur = self._read()
            prev, self._prev = self._prev, cur
        if not cur:
            return [0.0] * (os.cpu_count() or 1)
        out = []
        for i, (total, idle) in enumerate(cur):
            p_total, p_idle = prev[i] if i < len(prev) else (0, 0)
            dt, di = total - p_total, idle - p_idle
            out.append(round(100.0 * (dt - di) / dt, 1) if dt > 0 else 0.0)
        return out


def ram_stats() -> dict[str, float]:
    info: dict[str, int] = {}
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                key, _, rest = line.partition(":")
                info[key] = int(rest.split()[0]) * 1024
        total, available = info["MemTotal"], info.get("MemAvailable", info.get("MemFree", 0))
    except (OSError, KeyError, ValueError, IndexError):
        total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        available = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    used = total - available
    return {
        "total_bytes": total,
        "available_bytes": available,
        "used_bytes": used,
        "percent": round(100.0 * used / total, 1) if total else 0.0,
    }


def rss_bytes() -> int | None:
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


# ---------------------------------------------------------------------------------------------- app


def _repl_message(m: Any) -> dict[str, Any]:
    return {"severity": m.severity, "pos": {"line": m.line, "column": m.column}, "data": m.data}


def _repl_errors_text(errors: Sequence[dict[str, Any]]) -> str:
    return f"REPL returned error messages: {json.dumps(list(errors), ensure_ascii=False)}"


class MiniLeanApp:
    """Everything behind the HTTP layer; thread-safe. ``engine`` is :mod:`minilean.engine`."""

    def __init__(
        self,
        *,
        max_processes: int,
        faults: FaultConfig | None = None,
        lease_timeout: float = DEFAULT_LEASE_TIMEOUT,
        imports: Sequence[str] = (),
        engine: ModuleType | None = None,
    ) -> None:
        if engine is None:
            from minilean import engine as engine_module

            engine = engine_module
        self.engine = engine
        self.imports = list(imports)
        self.pool = ProcessPool(max_processes, engine.initial_env(), lease_timeout)
        self.faults = FaultInjector(faults or FaultConfig())
        self.cpu = CpuSampler()
        self._req_lock = threading.Lock()
        self._next_request = 0
        self.active: dict[int, tuple[str, float, str]] = {}
        self.started = time.time()

    # -- request bookkeeping -------------------------------------------------------------------
    def track(self, path: str) -> int:
        with self._req_lock:
            rid = self._next_request
            self._next_request += 1
            self.active[rid] = (path, time.monotonic(), threading.current_thread().name)
            return rid

    def untrack(self, rid: int) -> None:
        with self._req_lock:
            self.active.pop(rid, None)

    # -- routing -------------------------------------------------------------------------------
    def route(self, method: str, path: str) -> tuple[str, tuple[int, ...]]:
        """(handler name, int ids). Raises HttpError(404) or DropConnection (non-int id)."""
        if method == "GET" and path in ("/status", "/heap"):
            return path[1:], ()
        if method == "POST":
            if path == "/process/get":
                return "get", ()
            m = _PROCESS_PATH.match(path) or _BRANCH_PATH.match(path)
            if m:
                *ids, action = m.groups()
                try:
                    return action, tuple(int(i) for i in ids)
                except ValueError:
                    raise DropConnection() from None
        raise HttpError(404, "Not Found")

    def handle(self, action: str, ids: tuple[int, ...], body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if action == "status":
            return 200, self.status()
        if action == "heap":
            return 200, self.heap()
        if action == "get":
            return 200, self.get_process(body)
        if action == "return":
            released = self.pool.release(ids[0])
            return 200, {"status": "ok"} if released else {"status": "ok", "already_returned": True}
        entry = self.pool.begin(ids[0])
        try:
            with entry.lock:
                held = time.monotonic()
                try:
                    return self._on_process(entry, action, ids, body)
                finally:
                    if (spent := time.monotonic() - held) > SLOW_REQUEST_S:
                        # `/return` of this lease waits as long: a client that gives up on it (3 × 10 s)
                        # quarantines the whole server
                        log.warning("request %s on process %d held it for %.1f s%s", action, entry.pid, spent,
                                    _what(body))
        finally:
            self.pool.end(entry)

    def _on_process(
        self, entry: ProcessEntry, action: str, ids: tuple[int, ...], body: dict[str, Any]
    ) -> tuple[int, dict[str, Any]]:
        """One request on a leased process, its lock held."""
        if not self.pool.still_leased(entry):  # returned or reaped while we waited
            raise HttpError(404, f"Process {entry.pid} not found")
        if action == "proof_from_sorry":
            return 200, self.proof_from_sorry(entry, _field(body, "theorem_with_sorry", str))
        if action == "is_valid_source":
            return 200, {"is_valid": self.is_valid_source(entry, _field(body, "source", str))}
        if action == "command":
            return 200, self.command(entry, _field(body, "command", str))
        branch = entry.branches.get(ids[1])
        if branch is None:
            raise HttpError(500, f"Branch {ids[1]} not found for process {entry.pid}")
        branch.last_touch = time.monotonic()
        if action == "state":
            goals = branch.state.goals_json()
            return 200, {"branch_id": ids[1], "goals": goals, "is_solved": not goals}
        timeout = body.get("timeout", 1000)
        if timeout is not None and (
            not isinstance(timeout, int | float) or isinstance(timeout, bool)
        ):
            raise HttpError(500, f"timeout must be a number of milliseconds, got {timeout!r}")
        return 200, self.try_apply_tactic(entry, branch, _field(body, "tactic", str), timeout)

    # -- endpoints -----------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        now = time.monotonic()
        with self._req_lock:
            active = [
                {"request_id": rid, "path": p, "duration_seconds": round(now - t0, 3), "thread": th}
                for rid, (p, t0, th) in self.active.items()
                if p != "/status"
            ]
        return {
            "status": "warming_up" if self.faults.warming_up() else "ready",
            "max_processes": self.pool.max_processes,
            **self.pool.counts(now),
            "starting_processes": 0,
            "stopping_processes": 0,
            "active_requests": active,
            "cpu_percent_per_core": self.cpu.percents(),
            "ram": ram_stats(),
            "leanserver_rss_bytes": rss_bytes(),
            # minilean extras (clients read fields with .get())
            "server": "minilean",
            "imports": self.imports,
            "uptime_s": round(time.time() - self.started, 3),
            "calls": self.faults.calls,
            "injected_faults": dict(self.faults.injected),  # what --error-rate / --drop-rate answered
            "reaped_leases": self.pool.reaped,
        }

    def heap(self) -> dict[str, Any]:
        objs = gc.get_objects()
        counts: Counter[str] = Counter()
        sizes: Counter[str] = Counter()
        for o in objs:
            name = type(o).__name__
            counts[name] += 1
            sizes[name] += sys.getsizeof(o, 0)
        pool = self.pool.counts(time.monotonic())
        return {
            "total_objects": len(objs),
            "rss_bytes": rss_bytes(),
            "top_by_count": [[k, v] for k, v in counts.most_common(20)],
            "top_by_size_bytes": [[k, v] for k, v in sizes.most_common(20)],
            "server_branches": pool["total_branches"],
            "pool_total_processes": pool["total_processes"],
            "pool_used_processes": pool["used_processes"],
            "pool_available_processes": pool["available_processes"],
            "pool_stopping_processes": 0,
        }

    def get_process(self, body: dict[str, Any]) -> dict[str, Any]:
        if self.faults.warming_up():
            raise HttpError(503, "server is warming up")
        blocking = body.get("blocking", True)
        timeout = body.get("timeout", 60.0)
        if timeout is None:
            timeout = 60.0
        if not isinstance(timeout, int | float) or isinstance(timeout, bool) or timeout < 0:
            raise HttpError(500, f"timeout must be a non-negative number of seconds, got {timeout!r}")
        return {"process_id": self.pool.acquire(float(timeout) if blocking else 0.0)}

    def _elaborate(self, entry: ProcessEntry, source: str) -> tuple[Any, list[dict[str, Any]]]:
        """Run ``source`` in the lease env: (ElabResult or None, REPL-style error messages)."""
        source = _SORRY_TERM.sub(":= by sorry", source)
        try:
            result = self.engine.elaborate(entry.env, source)
        except self.engine.ElabError as e:
            return None, [{"severity": "error", "pos": {"line": 1, "column": 0}, "data": str(e)}]
        except ValueError as e:
            if not self.engine.is_huge_numeral_error(e):
                raise
            return None, [{"severity": "error", "pos": {"line": 1, "column": 0},
                           "data": self.engine.HUGE_NUMERAL_MSG}]
        errors = [_repl_message(m) for m in result.messages if m.severity == "error"]
        return result, errors

    def _advance(self, entry: ProcessEntry, result: Any) -> None:
        entry.env = result.env
        entry.env_id += 1

    def _new_branch(self, entry: ProcessEntry, state: Any, goals: list[Any] | None = None) -> dict[str, Any]:
        bid = self.pool.new_branch_id()
        entry.branches[bid] = BranchEntry(state, time.monotonic())
        return {"branch_id": bid, "goals": state.goals_json() if goals is None else goals}

    def proof_from_sorry(self, entry: ProcessEntry, source: str) -> dict[str, Any]:
        result, errors = self._elaborate(entry, source)
        if errors:
            return {"error": _repl_errors_text(errors)}
        self._advance(entry, result)
        if not result.sorries:
            # The REPL omits `sorries` when there are none; the real server fails with a KeyError (500).
            raise HttpError(
                500, f"No `sorries` in REPL response: {json.dumps(self._repl_response(entry, result))}"
            )
        if len(result.sorries) != 1:
            return {"error": f"Expected 1 sorry, found {len(result.sorries)}"}
        return {"value": self._new_branch(entry, result.sorries[0])}

    def is_valid_source(self, entry: ProcessEntry, source: str) -> bool:
        result, errors = self._elaborate(entry, source)
        if errors:
            return False
        self._advance(entry, result)
        return True

    def _repl_response(self, entry: ProcessEntry, result: Any) -> dict[str, Any]:
        sorries = []
        for state in result.sorries:
            entry.proof_states += 1
            goals = [Goal.from_json(g) for g in state.goals_json()]
            sorries.append({"goal": render_state(goals), "proofState": entry.proof_states - 1})
        return {
            "env": entry.env_id,
            "messages": [_repl_message(m) for m in result.messages],
            "sorries": sorries,
        }

    def command(self, entry: ProcessEntry, command: str) -> dict[str, Any]:
        result, errors = self._elaborate(entry, command)
        if errors:
            raise HttpError(500, _repl_errors_text(errors))
        self._advance(entry, result)
        return self._repl_response(entry, result)

    def try_apply_tactic(
        self, entry: ProcessEntry, branch: BranchEntry, tactic: str, timeout: float | None
    ) -> dict[str, Any]:
        if any(s in tactic for s in _SEARCH_TACTICS):
            return {"error": "Search tactics (apply?, rw?, exact?) are not allowed."}
        if _HAVE_WITHOUT_TYPE.search(tactic):
            return {"error": "`have` must specify the hypothesis type"}
        if re.search(r"\bsimpa\b", tactic) and re.search(r"\bsorry\b", tactic):
            return {"error": "`sorry` not allowed in `simpa`"}
        timeout_ms = int(timeout) if timeout else NO_TACTIC_TIMEOUT_MS
        started = time.monotonic()
        try:
            states = self.engine.apply_tactic(branch.state, tactic, timeout_ms)
            goals = [s.goals_json() for s in states]  # printed here: a huge numeral fails before any branch
        except self.engine.TacticError as e:
            return {"error": str(e)}
        except ValueError as e:
            if not self.engine.is_huge_numeral_error(e):
                raise
            return {"error": self.engine.HUGE_NUMERAL_MSG}
        finally:
            spent_ms = 1000 * (time.monotonic() - started)
            if spent_ms > max(SLOW_FACTOR * timeout_ms, SLOW_FLOOR_MS):
                # a tactic far past its budget holds this process's lock, so the client's `/return` of
                # the lease waits on it (and a client that gives up quarantines the whole server)
                log.warning("tactic overran its budget: %.0f ms for timeout %d ms: %r on %r", spent_ms,
                            timeout_ms, tactic[:200], branch.state.render()[:300])
        return {"value": [self._new_branch(entry, s, g) for s, g in zip(states, goals, strict=True)]}


_DECL_NAME = re.compile(r"\b(?:theorem|lemma|example)\b\s*([^\s:(]*)")


def _what(body: dict[str, Any]) -> str:
    """What a slow request was about, for its log line: the declaration a source states, or the tactic."""
    if isinstance(tactic := body.get("tactic"), str):
        return f": tactic {tactic[:200]!r}"
    for key in ("source", "command", "theorem_with_sorry"):
        if isinstance(text := body.get(key), str):
            m = _DECL_NAME.search(text)
            name = (m.group(1) or "example") if m else "?"
            return f": {key} of {name!r} ({len(text)} chars, {text.count(chr(10)) + 1} lines)"
    return ""


def _field(body: dict[str, Any], name: str, kind: type) -> Any:
    value = body.get(name)
    if not isinstance(value, kind):
        raise HttpError(500, f"request body needs {name!r} of type {kind.__name__}")
    return value


# ---------------------------------------------------------------------------------------------- HTTP


class MiniLeanHandler(BaseHTTPRequestHandler):
    server: MiniLeanHTTPServer
    protocol_version = "HTTP/1.0"
    # headers and body go out in two writes; without TCP_NODELAY keep-alive calls stall ~40 ms (Nagle)
    disable_nagle_algorithm = True
    server_version = "minilean/1.0"

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("%s - %s", self.address_string(), format % args)

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def _unsupported(self) -> None:
        self._send(501, {"error": f"Unsupported method ({self.command!r})"})

    do_PUT = do_DELETE = do_PATCH = _unsupported

    def _read_body(self) -> bytes:
        length = self.headers.get("Content-Length")
        if not length:
            return b""  # /return is sent with no body and no Content-Length
        return self.rfile.read(int(length))

    def _send(self, status: int, payload: dict[str, Any]) -> None:
        # Echoed request text may hold lone surrogates (a \udc80 escape in the JSON body): backslashreplace
        # writes them back as the same JSON escape instead of failing the answer with a 500.
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8", errors="backslashreplace")
        keep_alive = self.server.keep_alive and status < 500
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        if keep_alive or not self.server.omit_content_length:
            self.send_header("Content-Length", str(len(data)))
        if not keep_alive:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
        self.close_connection = not keep_alive

    def _drop(self) -> None:
        self.close_connection = True  # write nothing; socketserver closes the socket

    def setup(self) -> None:
        super().setup()
        if self.server.keep_alive:
            self.protocol_version = "HTTP/1.1"

    def _dispatch(self, method: str) -> None:
        app = self.server.app
        path = self.path
        rid = app.track(path) if path != "/status" else None
        try:
            raw = self._read_body()
            try:
                action, ids = app.route(method, path)
            except HttpError as e:
                action, ids, early = "", (), e
            else:
                early = None
            fault = app.faults.before_call(path)
            if fault is Fault.DROP:
                return self._drop()
            if fault is Fault.ERROR:
                return self._send(500, {"error": "injected fault: internal server error"})
            if early is not None:
                raise early
            try:
                body = json.loads(raw.decode("utf-8")) if raw.strip() else {}
            except (UnicodeDecodeError, ValueError) as e:
                raise HttpError(500, f"request body is not JSON: {e}") from None
            if not isinstance(body, dict):
                raise HttpError(500, "request body must be a JSON object")
            status, payload = app.handle(action, ids, body)
            self._send(status, payload)
        except DropConnection:
            self._drop()
        except HttpError as e:
            payload = {"error": e.message}
            if e.tb:
                payload["traceback"] = e.tb
            self._send(e.status, payload)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as e:  # a bug in the engine or here: 500, never a dead server
            log.exception("error handling %s %s", method, path)
            self._send(500, {"error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()})
        finally:
            if rid is not None:
                app.untrack(rid)


class MiniLeanHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128
    allow_reuse_address = True

    def __init__(
        self,
        address: tuple[str, int],
        app: MiniLeanApp,
        *,
        omit_content_length: bool = False,
        keep_alive: bool = False,
    ) -> None:
        self.app = app
        self.omit_content_length = omit_content_length
        self.keep_alive = keep_alive
        super().__init__(address, MiniLeanHandler)


class LeaseReaper(threading.Thread):
    def __init__(self, pool: ProcessPool) -> None:
        super().__init__(name="minilean-reaper", daemon=True)
        self.pool = pool
        self.interval = min(60.0, max(0.05, pool.lease_timeout / 4))
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(self.interval):
            self.pool.reap()


def serve(
    host: str,
    port: int,
    app: MiniLeanApp,
    *,
    omit_content_length: bool = False,
    keep_alive: bool = False,
    ready: threading.Event | None = None,
) -> None:
    """Serve until SIGINT/SIGTERM (``KeyboardInterrupt``/``SystemExit``) or ``server.shutdown()``."""
    httpd = MiniLeanHTTPServer(
        (host, port), app, omit_content_length=omit_content_length, keep_alive=keep_alive
    )
    reaper = LeaseReaper(app.pool)
    reaper.start()
    log.info(
        "minilean listening on http://%s:%d (max_processes=%d)",
        host,
        httpd.server_port,
        app.pool.max_processes,
    )
    if ready is not None:
        ready.set()
    try:
        httpd.serve_forever(poll_interval=0.2)
    finally:
        reaper.stopped.set()
        httpd.server_close()
