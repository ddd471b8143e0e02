"""minilean's HTTP server, driven by an independent stdlib client written only from the protocol doc.

``_request`` mirrors LeanTree's ``LeanClient._request`` (urllib; every 2xx body is JSON; HTTPError ->
remote error from the JSON ``error``; URLError/socket timeout -> ConnectionError), so these tests
check what an unchanged nanoproof would see, independently of ``lean_io.client``.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from lean_io.client import LeanClient
from lean_io.errors import LeanBusinessError, LeanServerError
from lean_io.local import minilean_servers

AND_THM = "theorem srv_and (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  sorry"


class RemoteError(RuntimeError):
    def __init__(self, code: int, body: dict[str, Any]) -> None:
        super().__init__(f"Error from LeanServer: {body.get('error')}")
        self.code = code
        self.body = body


def _request(
    base: str, method: str, path: str, data: dict[str, Any] | None = None, timeout: float = 360
) -> Any:
    body = json.dumps(data).encode("utf-8") if data is not None else None
    req = urllib.request.Request(base + path, data=body, method=method)
    if body is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return json.loads(resp.read().decode("utf-8"))
    except urllib.error.HTTPError as e:
        raw = e.read()
        try:
            err = json.loads(raw)
        except ValueError:
            raise RuntimeError(raw) from None
        raise RemoteError(e.code, err) from None
    except (urllib.error.URLError, TimeoutError, ConnectionError) as e:
        raise ConnectionError(str(e)) from e


def _get(base: str, timeout: float = 10.0, blocking: bool = True) -> int | None:
    return _request(base, "POST", "/process/get", {"blocking": blocking, "timeout": timeout}, timeout + 30)[
        "process_id"
    ]


@pytest.fixture
def pid(minilean_url: str) -> Iterator[int]:
    p = _get(minilean_url)
    assert isinstance(p, int)
    yield p
    _request(minilean_url, "POST", f"/process/{p}/return")


def _pfs(base: str, pid: int, src: str) -> dict[str, Any]:
    return _request(base, "POST", f"/process/{pid}/proof_from_sorry", {"theorem_with_sorry": src}, 60)


def _tac(base: str, pid: int, bid: int, tactic: str, timeout: int = 1000) -> dict[str, Any]:
    return _request(
        base,
        "POST",
        f"/process/{pid}/branch/{bid}/try_apply_tactic",
        {"tactic": tactic, "timeout": timeout},
        timeout / 1000 + 30,
    )


def test_document_client_proof_flow(minilean_url: str, pid: int) -> None:
    start = _pfs(minilean_url, pid, AND_THM)
    assert set(start) == {"value"} and set(start["value"]) == {"branch_id", "goals"}
    (goal,) = start["value"]["goals"]
    assert goal["type"] == "p ∧ q" and "tag" not in goal
    assert all(set(h) == {"type", "user_name"} for h in goal["hypotheses"])  # no empty value, no mvar_id

    split = _tac(minilean_url, pid, start["value"]["branch_id"], "constructor")
    assert set(split) == {"value"}  # never an "error" key in a success, not even null
    left, right = split["value"]
    assert [b["goals"][0]["type"] for b in (left, right)] == ["p", "q"]
    assert _tac(minilean_url, pid, left["branch_id"], "exact hp") == {"value": []}  # solved == empty list
    assert _tac(minilean_url, pid, right["branch_id"], "exact hq") == {"value": []}

    state = _request(minilean_url, "POST", f"/process/{pid}/branch/{left['branch_id']}/state", {})
    assert state == {"branch_id": left["branch_id"], "goals": left["goals"], "is_solved": False}


def test_document_client_business_errors(minilean_url: str, pid: int) -> None:
    bid = _pfs(minilean_url, pid, AND_THM)["value"]["branch_id"]
    failed = _tac(minilean_url, pid, bid, "exact hq")
    assert set(failed) == {"error"} and isinstance(failed["error"], str) and failed["error"]
    assert _tac(minilean_url, pid, bid, "exact?") == {
        "error": "Search tactics (apply?, rw?, exact?) are not allowed."
    }
    assert _tac(minilean_url, pid, bid, "rw? at hp")["error"].startswith("Search tactics")
    assert _tac(minilean_url, pid, bid, "have h := hp") == {
        "error": "`have` must specify the hypothesis type"
    }
    bad = _pfs(minilean_url, pid, "theorem srv_bad (p : Prop) : p := by\n  exact nope\n  sorry")
    assert set(bad) == {"error"} and bad["error"].startswith("REPL returned error messages: ")
    messages = json.loads(bad["error"].removeprefix("REPL returned error messages: "))
    assert messages and all(m["severity"] == "error" and m["data"] for m in messages)
    two = _pfs(
        minilean_url,
        pid,
        "theorem srv_two (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  constructor\n  sorry\n  sorry",
    )
    assert two == {"error": "Expected 1 sorry, found 2"}


def test_document_client_infrastructure_errors(minilean_url: str, pid: int) -> None:
    with pytest.raises(RemoteError) as info:
        _pfs(minilean_url, 424242, AND_THM)
    assert info.value.code == 404 and info.value.body == {"error": "Process 424242 not found"}
    with pytest.raises(RemoteError) as info:
        _tac(minilean_url, pid, 10**9, "rfl")
    assert (
        info.value.code == 500 and info.value.body["error"] == f"Branch {10**9} not found for process {pid}"
    )
    assert "exception" not in info.value.body  # nothing for a client to unpickle
    with pytest.raises(RemoteError) as info:
        _pfs(minilean_url, pid, "theorem srv_done (p : Prop) (hp : p) : p := by\n  exact hp")
    assert info.value.code == 500 and "No `sorries` in REPL response" in info.value.body["error"]
    with pytest.raises(RemoteError) as info:
        _request(
            minilean_url,
            "POST",
            f"/process/{pid}/command",
            {"command": "theorem srv_c (p q : Prop) (hp : p) : q := by\n  exact hp"},
        )
    assert info.value.code == 500 and "exception" not in info.value.body
    for method, path in (
        ("GET", "/nope"),
        ("POST", "/status/"),
        ("POST", "/process/get/"),
        ("GET", "/process/get"),
    ):
        with pytest.raises(RemoteError) as info:
            _request(minilean_url, method, path, {} if method == "POST" else None)
        assert info.value.code == 404 and info.value.body == {"error": "Not Found"}
    with pytest.raises(ConnectionError):  # int("x") fails: the connection drops with no response
        _request(minilean_url, "POST", "/process/x/proof_from_sorry", {"theorem_with_sorry": AND_THM})
    with pytest.raises(RemoteError) as info:
        _request(minilean_url, "PUT", "/status", {})
    assert info.value.code == 501


def test_return_is_idempotent_and_needs_no_body(minilean_url: str) -> None:
    p = _get(minilean_url)
    assert _request(minilean_url, "POST", f"/process/{p}/return") == {"status": "ok"}
    assert _request(minilean_url, "POST", f"/process/{p}/return") == {
        "status": "ok",
        "already_returned": True,
    }
    assert _request(minilean_url, "POST", "/process/999999/return") == {
        "status": "ok",
        "already_returned": True,
    }
    with pytest.raises(RemoteError) as info:  # a returned pid is not ours any more
        _pfs(minilean_url, p, AND_THM)
    assert info.value.code == 404


def test_term_mode_sorry_and_env_accumulation(minilean_url: str, pid: int) -> None:
    # `:= sorry` is rewritten to `:= by sorry`, as the real server does.
    start = _pfs(minilean_url, pid, "theorem srv_term (p : Prop) (hp : p) : p := sorry")
    assert start["value"]["goals"][0]["type"] == "p"
    out = _request(
        minilean_url,
        "POST",
        f"/process/{pid}/command",
        {"command": "theorem srv_acc (p : Prop) (hp : p) : p := by\n  exact hp"},
    )
    assert set(out) >= {"env", "messages", "sorries"}
    again = _request(
        minilean_url,
        "POST",
        f"/process/{pid}/is_valid_source",
        {"source": "theorem srv_acc (p : Prop) (hp : p) : p := by\n  exact hp"},
        60,
    )
    assert again == {"is_valid": False}  # the declaration from the command stayed in the lease env


def test_branch_ids_are_global_and_increasing(minilean_url: str) -> None:
    a, b = _get(minilean_url), _get(minilean_url)
    assert a is not None and b is not None and a != b
    try:
        ids = []
        for i, p in enumerate((a, b, a)):
            src = AND_THM.replace("srv_and", f"srv_and_{i}")
            ids.append(_pfs(minilean_url, p, src)["value"]["branch_id"])
        assert ids == sorted(ids) and len(set(ids)) == 3
    finally:
        for p in (a, b):
            _request(minilean_url, "POST", f"/process/{p}/return")


def test_status_excludes_itself_from_active_requests(minilean_url: str) -> None:
    st = _request(minilean_url, "GET", "/status", timeout=10)
    assert all(r["path"] != "/status" for r in st["active_requests"])


def test_never_more_leases_than_max_processes(minilean_urls: Callable[..., list[str]]) -> None:
    (url,) = minilean_urls(1, max_processes=2)
    barrier = threading.Barrier(6)
    got: list[int | None] = []
    lock = threading.Lock()

    def grab() -> None:
        barrier.wait()
        p = _get(url, blocking=False)
        with lock:
            got.append(p)

    threads = [threading.Thread(target=grab) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    leased = [p for p in got if p is not None]
    assert len(got) == 6 and len(leased) == 2 and len(set(leased)) == 2
    st = _request(url, "GET", "/status", timeout=10)
    assert st["used_processes"] == 2 and st["total_processes"] == 2


@pytest.fixture(scope="module")
def reaping_url() -> Iterator[str]:
    with minilean_servers(1, max_processes=1, extra_args=["--lease-timeout", "0.3"]) as urls:
        yield urls[0]


def test_idle_leases_are_reaped(reaping_url: str) -> None:
    p = _get(reaping_url)
    assert p is not None
    deadline = time.monotonic() + 20
    while (
        _request(reaping_url, "GET", "/status", timeout=10)["used_processes"] and time.monotonic() < deadline
    ):
        time.sleep(0.1)
    st = _request(reaping_url, "GET", "/status", timeout=10)
    assert st["used_processes"] == 0 and st["reaped_leases"] == 1
    with pytest.raises(RemoteError) as info:
        _pfs(reaping_url, p, AND_THM)
    assert info.value.code == 404
    q = _get(reaping_url)  # the slot is free again
    assert q is not None and q != p  # a reaped process is destroyed, never handed out again
    _request(reaping_url, "POST", f"/process/{q}/return")


def test_minilean_servers_stops_everything_when_the_body_raises() -> None:
    with pytest.raises(ZeroDivisionError), minilean_servers(2, max_processes=1) as urls:
        assert all(_request(u, "GET", "/status", timeout=10)["max_processes"] == 1 for u in urls)
        started = urls
        raise ZeroDivisionError
    for u in started:
        with pytest.raises(ConnectionError):
            _request(u, "GET", "/status", timeout=2)


@pytest.fixture(scope="module")
def keep_alive_url() -> Iterator[str]:
    with minilean_servers(1, max_processes=2, extra_args=["--keep-alive"]) as urls:
        yield urls[0]


def test_keep_alive_transport(keep_alive_url: str) -> None:
    with urllib.request.urlopen(f"{keep_alive_url}/status", timeout=10) as resp:
        assert resp.version == 11 and resp.headers.get("Content-Length")
    with LeanClient(keep_alive_url) as c:
        for i in range(3):
            with c.get_process(timeout=5) as proc:
                assert proc is not None
                left, right = proc.proof_from_sorry(AND_THM.replace("srv_and", f"ka_{i}")).try_apply_tactic(
                    "constructor"
                )
                assert left.try_apply_tactic("exact hp") == []
                with pytest.raises(LeanBusinessError):
                    right.try_apply_tactic("exact hp")
        with pytest.raises(LeanServerError):
            c.request("POST", "/process/4242/command", {"command": "x"}, 10)
        assert c.status()["used_processes"] == 0
