"""LeanClient's per-call transport: the request it builds without ``Session.prepare_request`` is the one
requests would build, and the adapter route keeps timeouts, error mapping, retries and the UTF-8 refusal."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest
import requests

from lean_io.client import CONNECT_TIMEOUT, LeanClient, LeanProcess
from lean_io.errors import (
    LeanBusinessError,
    LeanConnectionError,
    LeanProtocolError,
    LeanServerError,
    LeanTimeoutError,
)
from lean_io.local import free_port

AND_THM = "theorem transport_and (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  sorry"


class _RecordingHandler(BaseHTTPRequestHandler):
    """Records every request as it came over the wire; answers JSON (or a redirect, for /moved)."""

    seen: ClassVar[list[dict[str, Any]]] = []

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.seen.append(
            {"method": self.command, "path": self.path, "headers": list(self.headers.items()), "body": body}
        )
        if self.path == "/cookie":
            self.send_response(200)
            self.send_header("Set-Cookie", "lease=xyz; Path=/")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")
            return
        if self.path.startswith("/moved"):
            self.send_response(302)
            self.send_header("Location", "/process/get")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        out = json.dumps({"ok": True, "max_processes": 1}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def recording_url() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _RecordingHandler)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


CALLS: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/process/7/branch/3/try_apply_tactic", {"tactic": "intro h\nexact h", "timeout": 1000}),
    ("POST", "/process/7/proof_from_sorry", {"theorem_with_sorry": AND_THM}),  # non-ASCII, \u-escaped
    ("POST", "/process/7/return", None),  # no body: Content-Length 0
    ("GET", "/status", None),
    ("GET", "/heap", None),
    ("POST", "/process/get", {"blocking": True, "timeout": 5.0}),
    ("POST", "/odd path?x=1", {"a": 1}),  # not a plain path: requests prepares (and quotes) it
]


def _as_shipped_before(session: requests.Session, url: str, method: str, body: dict[str, Any] | None) -> None:
    """The transport before the direct route: ``Session.request`` with the same arguments."""
    resp = session.request(
        method,
        url,
        data=json.dumps(body).encode("ascii") if body is not None else None,
        headers={"Content-Type": "application/json"} if body is not None else None,
        timeout=(CONNECT_TIMEOUT, 30.0),
        allow_redirects=False,
    )
    assert resp.content


@pytest.mark.parametrize("method,path,body", CALLS)
def test_wire_bytes_match_session_request(recording_url: str, method: str, path: str, body: Any) -> None:
    with LeanClient(recording_url) as c:
        _RecordingHandler.seen.clear()
        c.request(method, path, body, 30.0)
        _as_shipped_before(c._session, f"{c.url}{path}", method, body)
        fast, reference = _RecordingHandler.seen
    assert fast == reference
    if body is not None:
        assert fast["body"] == json.dumps(body).encode("ascii")


@pytest.mark.parametrize("address", ["LOCALHOST:8123", "http://127.0.0.1:8123/", "[::1]:8123"])
@pytest.mark.parametrize("method,path,body", CALLS)
def test_prepared_request_matches_requests(address: str, method: str, path: str, body: Any) -> None:
    with LeanClient(address) as c:
        payload = json.dumps(body).encode("ascii") if body is not None else None
        ours = c._prepare(method, path, payload)
        theirs = c._session.prepare_request(
            requests.Request(
                method,
                f"{c.url}{path}",
                data=payload,
                headers={"Content-Type": "application/json"} if body is not None else None,
            )
        )
    assert (ours.method, ours.url, ours.body) == (theirs.method, theirs.url, theirs.body)
    assert list(ours.headers.items()) == list(theirs.headers.items())


def test_a_changed_session_takes_requests_full_route(recording_url: str) -> None:
    """Cookies (or auth, hooks, env proxies) set on the session are honoured: requests prepares and sends."""
    with LeanClient(recording_url) as c:
        c._session.cookies.set("lease", "abc")
        hooked: list[int] = []
        c._session.hooks["response"].append(lambda r, **kw: hooked.append(r.status_code))
        _RecordingHandler.seen.clear()
        c.request("POST", "/process/get", {"blocking": False}, 10.0)
    (seen,) = _RecordingHandler.seen
    assert ("Cookie", "lease=abc") in seen["headers"]
    assert hooked == [200]


def test_cookies_a_server_sets_are_sent_back_as_before(recording_url: str) -> None:
    with LeanClient(recording_url) as c:
        _RecordingHandler.seen.clear()
        c.request("GET", "/cookie", None, 10.0)
        c.request("GET", "/heap", None, 10.0)
    assert ("Cookie", "lease=xyz") in _RecordingHandler.seen[1]["headers"]


def test_redirects_are_not_followed(recording_url: str) -> None:
    with LeanClient(recording_url) as c:
        _RecordingHandler.seen.clear()
        with pytest.raises(LeanProtocolError, match="HTTP 302"):
            c.request("POST", "/moved", {"x": 1}, 10.0)
    assert [s["path"] for s in _RecordingHandler.seen] == ["/moved"]


def test_timeouts_reach_the_adapter(minilean_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """(connect, read) as before: connect capped at CONNECT_TIMEOUT, read = the call's socket timeout."""
    with LeanClient(minilean_url) as c:
        adapter = c._session.get_adapter(f"{c.url}/process/get")
        seen: list[Any] = []
        real_send = adapter.send

        def spy(request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
            seen.append(kwargs["timeout"])
            return real_send(request, **kwargs)

        monkeypatch.setattr(adapter, "send", spy)
        proc = c.get_process(timeout=5)
        assert proc is not None
        with proc:
            branch = proc.proof_from_sorry(AND_THM)
            branch.try_apply_tactic("constructor", timeout_ms=2000)
            c.request("POST", "/process/get", {"blocking": False}, 2.5)  # a short one: connect capped at it
    # get (blocking 5 s + 30), proof_from_sorry (60), tactic (2 s + 30), get, return (10)
    assert seen == [
        (CONNECT_TIMEOUT, 35.0),
        (CONNECT_TIMEOUT, 60.0),
        (CONNECT_TIMEOUT, 32.0),
        (2.5, 2.5),
        (CONNECT_TIMEOUT, 10.0),
    ]


def test_read_timeout_and_server_errors_are_mapped(minilean_urls: Any) -> None:
    (slow,) = minilean_urls(1, max_processes=1, extra_args=["--latency-ms", "800"])
    with LeanClient(slow) as c:
        with pytest.raises(LeanTimeoutError):
            c.request("POST", "/process/get", {"blocking": False}, timeout=0.2)
        with pytest.raises(LeanServerError) as info:
            c.request("POST", "/process/987654/proof_from_sorry", {"theorem_with_sorry": AND_THM}, 10)
        assert info.value.status == 404


def test_status_retries_the_connect_and_other_calls_do_not(caplog: pytest.LogCaptureFixture) -> None:
    """The urllib3 ``Retry`` mounted for /status still runs (it lives in the adapter's urlopen)."""
    with LeanClient(f"127.0.0.1:{free_port()}") as c, caplog.at_level(logging.WARNING, "urllib3"):
        with pytest.raises(LeanConnectionError):
            c.request("POST", "/process/get", {"blocking": False}, 5.0)
        assert not [r for r in caplog.records if "Retrying" in r.getMessage()]
        with pytest.raises(LeanConnectionError):
            c.status(timeout=5.0)
        assert len([r for r in caplog.records if "Retrying" in r.getMessage()]) == 3


def test_text_that_is_not_utf8_is_never_sent(recording_url: str) -> None:
    with LeanClient(recording_url) as c:
        _RecordingHandler.seen.clear()
        with pytest.raises(LeanBusinessError, match="not valid UTF-8"):
            c.request("POST", "/process/1/is_valid_source", {"source": "x\udc80"}, 10.0)
        assert _RecordingHandler.seen == []
        # paired surrogates (an emoji) and Hangul (\ud55c) look alike when escaped: they are sent, escaped
        text = "-- 😀 한"
        c.request("POST", "/process/1/is_valid_source", {"source": text}, 10.0)
    (seen,) = _RecordingHandler.seen
    assert seen["body"] == json.dumps({"source": text}).encode("ascii")


def test_keep_alive_reuses_one_connection(minilean_urls: Any) -> None:
    (url,) = minilean_urls(1, max_processes=1, extra_args=["--keep-alive"])
    with LeanClient(url) as c:
        proc = c.get_process(timeout=5)
        assert isinstance(proc, LeanProcess)
        with proc:
            branch = proc.proof_from_sorry(AND_THM)
            for _ in range(5):
                branch.try_apply_tactic("constructor")
        prep = c._prepare("GET", "/heap", None)
        pool = c._session.get_adapter(f"{c.url}/heap").get_connection_with_tls_context(prep, True)
        assert pool.num_connections == 1 and pool.num_requests >= 8
