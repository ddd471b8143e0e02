"""LeanClient against a real minilean server process: every endpoint and both error kinds."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest
import requests

from lean_io.client import LeanClient, LeanProcess, normalize_url
from lean_io.errors import (
    LeanBusinessError,
    LeanConnectionError,
    LeanProtocolError,
    LeanServerError,
    LeanTimeoutError,
    UnsafeTacticError,
)
from lean_io.goals import parse_state
from lean_io.local import free_port, minilean_servers

AND_THM = "theorem client_and (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  sorry"
IMP_THM = "theorem client_imp (p q : Prop) : p → q → p := by\n  sorry"


@pytest.fixture
def client(minilean_url: str) -> Iterator[LeanClient]:
    c = LeanClient(minilean_url)
    yield c
    c.close()


@pytest.fixture
def process(client: LeanClient) -> Iterator[LeanProcess]:
    proc = client.get_process(timeout=10)
    assert proc is not None
    with proc:
        yield proc


def test_normalize_url() -> None:
    assert normalize_url("127.0.0.1:9000") == "http://127.0.0.1:9000"
    assert normalize_url("http://127.0.0.1:9000/") == "http://127.0.0.1:9000"
    assert normalize_url("leanbox") == "http://leanbox:8000"
    with pytest.raises(ValueError):
        normalize_url("host:port")


def test_status_has_every_field(minilean_url: str) -> None:
    host_port = minilean_url.removeprefix("http://")
    with LeanClient(host_port) as c:  # the "host:port" form
        assert c.url == minilean_url
        st = c.status()
    assert st["status"] == "ready" and st["max_processes"] == 4
    ints = ["total_processes", "used_processes", "available_processes", "starting_processes"]
    ints += ["stopping_processes", "idle_too_long_60s", "total_branches", "inactive_branches_60s"]
    for key in ints:
        assert isinstance(st[key], int), key
    assert st["total_processes"] == (
        st["used_processes"] + st["available_processes"] + st["starting_processes"] + st["stopping_processes"]
    )
    assert st["cpu_percent_per_core"] and all(isinstance(x, float) for x in st["cpu_percent_per_core"])
    assert set(st["ram"]) == {"total_bytes", "available_bytes", "used_bytes", "percent"}
    assert st["leanserver_rss_bytes"] is None or st["leanserver_rss_bytes"] > 0
    assert isinstance(st["active_requests"], list)
    assert "error" not in st


def test_heap(client: LeanClient) -> None:
    heap = client.heap()
    assert heap["total_objects"] > 0 and heap["top_by_count"] and heap["top_by_size_bytes"]
    for key in ("server_branches", "pool_total_processes", "pool_used_processes", "pool_available_processes"):
        assert isinstance(heap[key], int)


def test_proof_flow_split_solve_and_reuse(process: LeanProcess) -> None:
    root = process.proof_from_sorry(AND_THM)
    assert not root.is_solved
    (goal,) = root.goals
    assert goal.type == "p ∧ q"
    assert [h.user_name for h in goal.hypotheses] == ["p", "q", "hp", "hq"]
    assert parse_state(root.state_text) == root.goals

    left, right = root.try_apply_tactic("constructor")  # independent goals -> separate branches
    assert [b.goals[0].type for b in (left, right)] == ["p", "q"]
    assert len({root.id, left.id, right.id}) == 3
    assert left.try_apply_tactic("exact hp") == []  # [] == solved
    assert right.try_apply_tactic("exact hq") == []

    again = root.try_apply_tactic("constructor")  # the input branch is not consumed; deterministic
    assert [b.goals for b in again] == [left.goals, right.goals]
    assert {b.id for b in again}.isdisjoint({left.id, right.id})

    refreshed = root.refresh()
    assert refreshed.id == root.id and refreshed.goals == root.goals
    solved = left.try_apply_tactic("exact hp")
    assert solved == []


def test_intro_keeps_one_branch(process: LeanProcess) -> None:
    root = process.proof_from_sorry(IMP_THM)
    (b,) = root.try_apply_tactic("intro hp")
    (b,) = b.try_apply_tactic("intro hq")
    assert b.goals[0].type == "p"
    assert [h.user_name for h in b.goals[0].hypotheses][-2:] == ["hp", "hq"]
    assert b.try_apply_tactic("exact hp") == []


def test_business_errors(process: LeanProcess) -> None:
    root = process.proof_from_sorry(AND_THM)
    with pytest.raises(LeanBusinessError) as info:
        root.try_apply_tactic("exact hq")
    assert not isinstance(info.value, UnsafeTacticError)
    with pytest.raises(LeanBusinessError, match="must specify the hypothesis type"):
        root.try_apply_tactic("have h := hp")
    with pytest.raises(LeanBusinessError, match="REPL returned error messages: "):
        process.proof_from_sorry("theorem client_bad (p : Prop) : p := by\n  exact nope\n  sorry")
    with pytest.raises(LeanBusinessError, match="Expected 1 sorry, found 2"):
        process.proof_from_sorry(
            "theorem client_two (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  constructor\n  sorry\n  sorry"
        )
    # The branch survives failed tactics.
    assert len(root.try_apply_tactic("constructor")) == 2


def test_sanitizer_runs_before_sending(process: LeanProcess) -> None:
    root = process.proof_from_sorry(AND_THM)
    calls_before = process.client.status()["calls"]
    for tactic in ("exact?", "sorry", "#eval 1", "native_decide"):
        with pytest.raises(UnsafeTacticError):
            root.try_apply_tactic(tactic)
    assert process.client.status()["calls"] == calls_before  # nothing reached the server


def test_server_side_search_tactic_refusal(process: LeanProcess) -> None:
    root = process.proof_from_sorry(AND_THM)
    # Bypass the client sanitizer to see the server's own refusal (like the real server's).
    data = process.client.request(
        "POST", f"/process/{process.id}/branch/{root.id}/try_apply_tactic", {"tactic": "apply?"}, 10
    )
    assert data == {"error": "Search tactics (apply?, rw?, exact?) are not allowed."}


def test_no_sorry_is_a_server_error(process: LeanProcess) -> None:
    with pytest.raises(LeanServerError) as info:
        process.proof_from_sorry("theorem client_done (p : Prop) (hp : p) : p := by\n  exact hp")
    assert info.value.status == 500 and "No `sorries` in REPL response" in info.value.error


def test_is_valid_source_and_command(process: LeanProcess) -> None:
    assert process.is_valid_source("theorem client_v1 (p : Prop) (hp : p) : p := by\n  exact hp")
    assert not process.is_valid_source("theorem client_v2 (p q : Prop) (hp : p) : q := by\n  exact hp")
    # `sorry` is only a warning: the source is valid.
    assert process.is_valid_source("theorem client_v3 (p : Prop) : p := by\n  sorry")
    out = process.command("theorem client_c1 (p : Prop) (hp : p) : p := by\n  exact hp")
    assert isinstance(out["env"], int) and out["messages"] == [] and out["sorries"] == []
    out2 = process.command("theorem client_c2 (p : Prop) : p := by\n  sorry")
    assert out2["env"] > out["env"]
    assert out2["sorries"] and out2["sorries"][0]["goal"].endswith("⊢ p")
    assert any(m["severity"] == "warning" for m in out2["messages"])
    with pytest.raises(LeanServerError) as info:
        process.command("theorem client_c3 (p q : Prop) (hp : p) : q := by\n  exact hp")
    assert info.value.status == 500 and info.value.error.startswith("REPL returned error messages:")


def test_lease_isolation_and_pid_reuse(minilean_urls: Callable[..., list[str]]) -> None:
    (url,) = minilean_urls(1, max_processes=1)
    lemma = "theorem iso_lemma (p : Prop) (hp : p) : p := by\n  exact hp"
    user = "theorem iso_user (q : Prop) (hq : q) : q := by\n  sorry"
    with LeanClient(url) as c:
        first = c.get_process(timeout=5)
        assert first is not None
        with first:
            assert first.is_valid_source(lemma)
            assert not first.is_valid_source(lemma)  # already declared in this lease
            assert first.proof_from_sorry(user).try_apply_tactic("exact iso_lemma q hq") == []
        second = c.get_process(timeout=5)
        assert second is not None
        with second:
            assert second.id == first.id  # the same process, handed out again
            with pytest.raises(LeanBusinessError):  # ... but the declaration did not survive the lease
                second.proof_from_sorry(user).try_apply_tactic("exact iso_lemma q hq")
            assert second.is_valid_source(lemma)


def test_leases_block_and_time_out(minilean_urls: Callable[..., list[str]]) -> None:
    (url,) = minilean_urls(1, max_processes=2)
    with LeanClient(url) as c:
        a, b = c.get_process(timeout=5), c.get_process(timeout=5)
        assert a is not None and b is not None and a.id != b.id
        assert c.get_process(blocking=False) is None
        assert c.get_process(timeout=0.2) is None
        assert c.status()["used_processes"] == 2

        got: list[LeanProcess | None] = []
        waiter = threading.Thread(target=lambda: got.append(c.get_process(timeout=30)))
        waiter.start()
        a.return_process()
        waiter.join(30)
        assert got and got[0] is not None and got[0].id == a.id
        got[0].return_process()
        b.return_process()
        assert c.status()["used_processes"] == 0


def test_return_is_idempotent(client: LeanClient) -> None:
    proc = client.get_process(timeout=5)
    assert proc is not None
    pid = proc.id
    proc.return_process()
    proc.return_process()  # no second request, no error
    assert proc.returned
    with pytest.raises(RuntimeError):
        proc.proof_from_sorry(AND_THM)
    # A POST with no body and no Content-Length, exactly like LeanTree's urllib client sends.
    req = urllib.request.Request(f"{client.url}/process/{pid}/return", method="POST")
    with urllib.request.urlopen(req, timeout=10) as resp:
        assert json.loads(resp.read()) == {"status": "ok", "already_returned": True}


def test_infrastructure_errors(client: LeanClient, process: LeanProcess) -> None:
    with pytest.raises(LeanServerError) as info:
        client.request("POST", "/process/987654/proof_from_sorry", {"theorem_with_sorry": AND_THM}, 10)
    assert info.value.status == 404 and info.value.error == "Process 987654 not found"
    with pytest.raises(LeanServerError) as info:
        client.request("POST", f"/process/{process.id}/branch/987654/try_apply_tactic", {"tactic": "rfl"}, 10)
    assert info.value.status == 500 and "Branch 987654 not found" in info.value.error
    with pytest.raises(LeanServerError) as info:
        client.request("GET", "/nope", None, 10)
    assert info.value.status == 404 and info.value.error == "Not Found"
    with pytest.raises(LeanConnectionError):  # a non-integer id drops the connection, like the real server
        client.request("POST", "/process/abc/return", None, 10)
    resp = requests.post(f"{client.url}/process/get", data=b"{nope", timeout=10)  # a body that is not JSON
    assert resp.status_code == 500 and "not JSON" in resp.json()["error"]


def test_connection_refused() -> None:
    with LeanClient(f"127.0.0.1:{free_port()}") as c:
        with pytest.raises(LeanConnectionError):
            c.status()
        with pytest.raises(LeanConnectionError):
            c.get_process(timeout=1)


@pytest.fixture(scope="module")
def slow_url() -> Iterator[str]:
    with minilean_servers(1, max_processes=2, extra_args=["--latency-ms", "1500"]) as urls:
        yield urls[0]


def test_socket_timeout_is_an_infra_error(slow_url: str) -> None:
    with LeanClient(slow_url) as c:
        assert c.status()["status"] == "ready"  # /status is exempt from latency
        with pytest.raises(LeanTimeoutError):
            c.request("POST", "/process/get", {"blocking": False}, timeout=0.3)


@pytest.fixture(scope="module")
def leantree_transport_url() -> Iterator[str]:
    with minilean_servers(1, max_processes=2, extra_args=["--omit-content-length"]) as urls:
        yield urls[0]


def test_works_against_http10_without_content_length(leantree_transport_url: str) -> None:
    with urllib.request.urlopen(f"{leantree_transport_url}/status", timeout=10) as resp:
        assert resp.headers.get("Content-Length") is None and resp.version == 10
    with LeanClient(leantree_transport_url) as c, c.get_process(timeout=5) as proc:
        assert proc is not None
        left, right = proc.proof_from_sorry(AND_THM).try_apply_tactic("constructor")
        assert left.try_apply_tactic("exact hp") == []
        with pytest.raises(LeanBusinessError):
            right.try_apply_tactic("exact hp")


class _GarbageHandler(BaseHTTPRequestHandler):
    """Answers that are not the protocol (a proxy error page, wrong shapes)."""

    answers: ClassVar[dict[str, tuple[int, bytes]]] = {
        "/status": (200, b"<html>ok</html>"),
        "/process/get": (200, b'{"process_id": "seven"}'),
        "/process/1/is_valid_source": (200, b'{"valid": true}'),
        "/process/1/proof_from_sorry": (200, b"[1, 2]"),
        "/process/2/proof_from_sorry": (200, b'{"value": {"branch_id": 1}}'),
        "/process/3/proof_from_sorry": (502, b"<html>Bad Gateway</html>"),
        "/process/4/proof_from_sorry": (500, b'{"error": "boom", "exception": "gASVAAAAAAAAAAA="}'),
    }

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        status, body = self.answers.get(self.path, (404, b'{"error": "Not Found"}'))
        self.send_response(status)
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def garbage_url() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _GarbageHandler)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def test_protocol_errors(garbage_url: str) -> None:
    with LeanClient(garbage_url) as c:
        with pytest.raises(LeanProtocolError):
            c.status()
        with pytest.raises(LeanProtocolError):
            c.get_process()
        with pytest.raises(LeanProtocolError):
            LeanProcess(c, 1).is_valid_source("x")
        with pytest.raises(LeanProtocolError):
            LeanProcess(c, 1).proof_from_sorry("x")
        with pytest.raises(LeanProtocolError):
            LeanProcess(c, 2).proof_from_sorry("x")
        with pytest.raises(LeanProtocolError, match="502"):
            LeanProcess(c, 3).proof_from_sorry("x")
        with pytest.raises(LeanServerError) as info:  # the pickled `exception` is ignored, never loaded
            LeanProcess(c, 4).proof_from_sorry("x")
        assert info.value.error == "boom"
