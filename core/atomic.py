"""Atomic file writes: a reader sees the old file or the new one, never half of one.

A writer killed mid-write (SIGKILL, OOM) leaves its temp file behind; the next write of the same target
removes it. Each writer holds an exclusive ``flock`` on its temp file until the rename, so a concurrent
writer of the same target only removes temp files whose owner is gone (the kernel drops a dead process's
locks).
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

# mkstemp's random part: 8 characters of [a-z0-9_]; matching it exactly keeps the temp files of target
# "a.b" (".a.b.XXXXXXXX.tmp") out of the sweep for target "a".
_RANDOM_PART = re.compile(r"[a-z0-9_]{8}")


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def _remove_stale_temps(target: Path) -> None:
    """Unlink the temp files of ``target`` left by earlier writes that died before their rename."""
    prefix = _temp_prefix(target)
    for stale in target.parent.glob(f"{glob.escape(prefix)}*.tmp"):
        if not _RANDOM_PART.fullmatch(stale.name[len(prefix) : -len(".tmp")]):
            continue
        try:
            fd = os.open(stale, os.O_RDONLY)
        except FileNotFoundError:  # renamed or removed meanwhile
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # a live writer is still on it
            continue
        else:
            stale.unlink(missing_ok=True)
        finally:
            os.close(fd)


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary file handle whose content replaces ``path`` when the block ends without an exception.

    The temp file lives in the target's directory (same filesystem, so ``os.replace`` is atomic), is
    flushed and fsynced before the rename, and is removed if the block raises; the old file stays intact.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(target)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=".tmp", dir=target.parent)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # held until the file is closed, i.e. after the rename
        os.fchmod(fd, 0o644)  # mkstemp makes 0600 files; published artifacts are world-readable
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
            os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through a temp file in the same directory and ``os.replace``."""
    with atomic_file(path) as fh:
        fh.write(data)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
