"""One ``proofmill run`` per Dagster instance: an OS file lock in $DAGSTER_HOME.

Checking "is a run in progress?" and then creating a run is a race: two launches started together both
see no run and both start one. The check and every run the command creates happen while this process
holds an exclusive ``flock`` on ``<DAGSTER_HOME>/proofmill-run.lock``; a second launch finds it held
and is refused in one line. The kernel drops the lock when the process exits, killed or not, so a crash
never leaves a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = "proofmill-run.lock"


class RunLocked(RuntimeError):
    """Another process holds the instance's run lock."""


def lock_path(dagster_home: str | Path) -> Path:
    return Path(dagster_home) / LOCK_NAME


@contextmanager
def exclusive_run(dagster_home: str | Path) -> Iterator[Path]:
    """Hold the instance's run lock for the ``with`` block; ``RunLocked`` (one line, naming the holder's
    pid) when another process holds it. Never waits: a second launch is refused, not queued."""
    path = lock_path(dagster_home)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
            raise RunLocked(
                f"another `proofmill run` (pid {holder}) is running on {Path(dagster_home)}; "
                "wait for it to finish or stop it"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        try:
            yield path
        finally:
            os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def held(dagster_home: str | Path) -> bool:
    """Whether a ``proofmill run`` holds the lock now (for launchers that should wait for it: the sensor)."""
    path = lock_path(dagster_home)
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)
