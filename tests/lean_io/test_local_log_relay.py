"""A local minilean server's warnings reach the caller's log while it runs, and survive its stop.

The server writes to a temporary file deleted on close; the pool's quarantines are explained only by
what the server warned about (a reaped lease here, a tactic far past its budget in a real run)."""

from __future__ import annotations

import logging
import time

import pytest

from lean_io.client import LeanClient
from lean_io.local import RELAY_INTERVAL, start_minilean


def _relayed(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "lean_io.local" and "minilean :" in r.getMessage()]


def test_server_warning_is_relayed_live(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="lean_io.local")
    server = start_minilean(max_processes=1, extra_args=["--lease-timeout", "0.3"])
    try:
        with LeanClient(server.url) as client:
            assert client.get_process(blocking=True, timeout=5.0) is not None  # leased, then left idle
        deadline = time.monotonic() + 10 * RELAY_INTERVAL + 5
        while not _relayed(caplog) and time.monotonic() < deadline:
            time.sleep(0.1)
        # relayed while the server still runs: the message sits beside whatever it explains
        assert server.alive
        records = _relayed(caplog)
        assert records, "the reaper's warning never reached the caller's log"
        assert records[0].levelno == logging.WARNING
        assert f"minilean :{server.port}:" in records[0].getMessage()
        assert "reaped process 0" in records[0].getMessage()
    finally:
        server.close()
    assert not server.log_path.exists()  # the file is still removed


def test_info_lines_are_not_relayed_and_close_drains(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="lean_io.local")
    server = start_minilean(max_processes=1, extra_args=["--log-level", "INFO"])
    try:
        with server.log_path.open("a", encoding="utf-8") as f:  # as the server would, just before stopping
            f.write("2026-01-01 00:00:00,000 INFO minilean.server: routine\n")
            f.write("2026-01-01 00:00:00,001 ERROR minilean.server: last words\n")
            f.write("2026-01-01 00:00:00,002 WARNING minilean.server: half a li")  # no newline yet
    finally:
        server.close()
    messages = [r.getMessage() for r in _relayed(caplog)]
    assert any("last words" in m for m in messages)
    assert not any("routine" in m for m in messages)
    assert not any("half a li" in m for m in messages)
    assert [r.levelno for r in _relayed(caplog) if "last words" in r.getMessage()] == [logging.ERROR]
