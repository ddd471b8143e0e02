"""A tactic that runs far past its time budget is logged by the server with the tactic and the goal: such a
tactic holds its process's lock, so the client's `/return` of the lease waits on it, and a client that
gives up quarantines the whole server (seen in pipeline evals as "lost lease: /return … no answer")."""

from __future__ import annotations

import logging

import pytest

from minilean import server


def _app_with_branch() -> tuple[server.MiniLeanApp, int, int]:
    app = server.MiniLeanApp(max_processes=1)
    pid = app.pool.acquire(1.0)
    assert pid is not None
    stmt = "theorem t (x : ℕ) : x = x := by sorry"
    _, out = app.handle("proof_from_sorry", (pid,), {"theorem_with_sorry": stmt})
    return app, pid, out["value"]["branch_id"]


def test_a_tactic_past_its_budget_is_logged(monkeypatch: pytest.MonkeyPatch,
                                            caplog: pytest.LogCaptureFixture) -> None:
    app, pid, bid = _app_with_branch()
    monkeypatch.setattr(server, "SLOW_FLOOR_MS", 0)
    monkeypatch.setattr(server, "SLOW_FACTOR", 0)  # every tactic counts as past its budget
    with caplog.at_level(logging.WARNING, logger="minilean.server"):
        status, _ = app.handle("apply", (pid, bid), {"tactic": "rfl", "timeout": 1000})
    assert status == 200
    assert any("overran its budget" in r.getMessage() and "'rfl'" in r.getMessage() for r in caplog.records)


def test_a_tactic_within_its_budget_is_not_logged(caplog: pytest.LogCaptureFixture) -> None:
    app, pid, bid = _app_with_branch()
    with caplog.at_level(logging.WARNING, logger="minilean.server"):
        app.handle("apply", (pid, bid), {"tactic": "rfl", "timeout": 1000})
    assert not any("overran" in r.getMessage() for r in caplog.records)


def test_a_request_holding_its_process_long_is_logged(monkeypatch: pytest.MonkeyPatch,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    app, pid, bid = _app_with_branch()
    monkeypatch.setattr(server, "SLOW_REQUEST_S", 0.0)  # every request counts as long
    with caplog.at_level(logging.WARNING, logger="minilean.server"):
        app.handle("state", (pid, bid), {})
    assert any("request state on process" in r.getMessage() for r in caplog.records)
    caplog.clear()
    monkeypatch.setattr(server, "SLOW_REQUEST_S", 60.0)
    with caplog.at_level(logging.WARNING, logger="minilean.server"):
        app.handle("state", (pid, bid), {})
    assert not any("held it for" in r.getMessage() for r in caplog.records)


def test_a_slow_whole_source_request_names_its_declaration(monkeypatch: pytest.MonkeyPatch,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    # whole-source requests have no per-tactic budget; the log line says which proof held the process
    app, pid, _ = _app_with_branch()
    monkeypatch.setattr(server, "SLOW_REQUEST_S", 0.0)
    src = "theorem slow_one (a : ℕ) : a + 0 = a := by\n  omega"
    with caplog.at_level(logging.WARNING, logger="minilean.server"):
        app.handle("is_valid_source", (pid,), {"source": src})
        app.handle("command", (pid,), {"command": "example : 1 = 1 := rfl"})
    messages = [r.getMessage() for r in caplog.records if "held it for" in r.getMessage()]
    assert any("is_valid_source" in m and "source of 'slow_one' (50 chars, 2 lines)" in m for m in messages)
    assert any("command of 'example'" in m for m in messages)
