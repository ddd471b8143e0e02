"""Start minilean servers as local subprocesses (tests, the smoke profile, benchmarks)."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import requests

READY_TIMEOUT = 30.0
STOP_TIMEOUT = 5.0
RELAY_INTERVAL = 1.0  # seconds between reads of a server's log
# A server line "<date> <time> LEVEL name: message" at WARNING or above is worth the run's log.
_RELAYED = re.compile(r"^\S+ \S+ (WARNING|ERROR|CRITICAL) ")

log = logging.getLogger(__name__)


class _LogRelay(threading.Thread):
    """Forward a server's warnings into this process's log while the server runs.

    The server writes to a temporary file that is deleted when it stops; its warnings (a tactic far past
    its budget, a request holding a process for seconds, a reaped lease) explain the pool's quarantines,
    so they go to the caller's log (a Dagster run's, a test's) as they happen, next to the quarantine."""

    def __init__(self, path: Path, port: int) -> None:
        super().__init__(name=f"minilean-{port}-log", daemon=True)
        self.path, self.port = path, port
        self.offset = 0
        self.stopped = threading.Event()
        self.relayed = 0

    def run(self) -> None:
        while not self.stopped.wait(RELAY_INTERVAL):
            self.drain()

    def drain(self) -> None:
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                chunk = f.read()
        except OSError:
            return
        end = chunk.rfind(b"\n") + 1  # a line still being written waits for the next read
        self.offset += end
        for line in chunk[:end].decode("utf-8", errors="replace").splitlines():
            m = _RELAYED.match(line)
            if m:
                self.relayed += 1
                log.log(logging.getLevelName(m.group(1)), "minilean :%d: %s", self.port, line)

    def stop(self) -> None:
        self.stopped.set()
        if self.is_alive():
            self.join(timeout=2 * RELAY_INTERVAL)
        self.drain()  # what the server wrote last, before its file goes


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class MinileanProcess:
    """One ``python -m minilean`` subprocess on loopback."""

    def __init__(
        self,
        port: int | None = None,
        max_processes: int = 4,
        extra_args: Sequence[str] = (),
        host: str = "127.0.0.1",
    ) -> None:
        self.host = host
        self.port = port if port is not None else free_port(host)
        self.max_processes = max_processes
        self.extra_args = list(extra_args)
        self.url = f"http://{host}:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self._log = tempfile.NamedTemporaryFile(prefix=f"minilean-{self.port}-", suffix=".log", delete=False)
        self._relay = _LogRelay(self.log_path, self.port)

    @property
    def log_path(self) -> Path:
        return Path(self._log.name)

    def log_tail(self, n: int = 2000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def start(self, ready_timeout: float = READY_TIMEOUT) -> MinileanProcess:
        cmd = [
            sys.executable,
            "-m",
            "minilean",
            "--host",
            self.host,
            "--port",
            str(self.port),
            "--max-processes",
            str(self.max_processes),
            "--exit-with-parent",  # no orphan servers even if this process is SIGKILLed
            *self.extra_args,
        ]
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parent.parent)  # importable even when not pip-installed
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,  # a Ctrl+C on the test runner does not hit the server first
        )
        if self._relay.ident is None:  # a thread starts once
            self._relay.start()
        deadline = time.monotonic() + ready_timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"minilean on port {self.port} exited with {self.proc.returncode}:\n{self.log_tail()}"
                )
            try:
                if requests.get(f"{self.url}/status", timeout=2.0).status_code == 200:
                    return self
            except requests.RequestException:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise TimeoutError(f"minilean on port {self.port} not ready after {ready_timeout} s")
            time.sleep(0.05)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """SIGTERM, then SIGKILL after ``timeout``; always reaps the child."""
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                proc.wait()

    def close(self) -> None:
        self.stop()
        self._relay.stop()
        self._log.close()
        self.log_path.unlink(missing_ok=True)

    def __enter__(self) -> MinileanProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def start_minilean(
    port: int | None = None, max_processes: int = 4, extra_args: Sequence[str] = (), tries: int = 3
) -> MinileanProcess:
    """Start one server; a free port taken by someone else between probe and bind is retried."""
    for attempt in range(tries):
        server = MinileanProcess(port, max_processes, extra_args)
        try:
            return server.start()
        except RuntimeError:
            server.close()
            if port is not None or attempt == tries - 1:
                raise
    raise AssertionError("unreachable")


@contextlib.contextmanager
def minilean_servers(
    n_servers: int = 1, max_processes: int = 4, extra_args: Sequence[str] = ()
) -> Iterator[list[str]]:
    """Start ``n_servers`` minilean servers on free loopback ports; yield their URLs; stop them all."""
    with contextlib.ExitStack() as stack:
        urls = []
        for _ in range(n_servers):
            server = start_minilean(None, max_processes, extra_args)
            stack.callback(server.close)
            urls.append(server.url)
        yield urls
