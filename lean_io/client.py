"""HTTP client for LeanTree's ``leanserver`` protocol (docs/PROTOCOL.md §1-2), and minilean.

Written from the protocol facts in docs/PROTOCOL.md only; no ``leantree`` package is needed. Per-call socket
timeouts follow LeanTree's own ``LeanClient`` (get: timeout + 30, command: 360, is_valid_source
and proof_from_sorry: 60, tactic: ms/1000 + 30, return: 10 with 3 tries, status: 10). The connect
phase is capped at 10 s so a dead host is noticed quickly. Works with HTTP/1.0 servers that close
the connection and send no Content-Length (the real server) as well as with keep-alive ones.

The server's ``exception`` field (a base64 pickle) is never read: network data is never unpickled.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from types import TracebackType
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from requests.cookies import extract_cookies_to_jar
from urllib3.util.retry import Retry

from lean_io.errors import (
    LeanBusinessError,
    LeanConnectionError,
    LeanConnectTimeoutError,
    LeanInfraError,
    LeanProtocolError,
    LeanServerError,
    LeanTimeoutError,
)
from lean_io.goals import Goal, render_state
from lean_io.protocol_gen import ADAPTERS, CURRENT, GENERATIONS, Adapter, detect_generation, refusal
from lean_io.sanitize import sanitize_tactic

log = logging.getLogger(__name__)

DEFAULT_PORT = 8000
CONNECT_TIMEOUT = 10.0
COMMAND_TIMEOUT = 360.0
VALID_SOURCE_TIMEOUT = 60.0 + 5.0  # the server's 60 s budget plus a margin for the round trip
PROOF_FROM_SORRY_TIMEOUT = 60.0
RETURN_TIMEOUT = 10.0
RETURN_SLEEPS = (0.5, 1.0)  # between the 3 tries of /return
STATUS_TIMEOUT = 10.0
# Idempotent calls (a tactic on an existing branch, is_valid_source, state reads) are
# retried in place on a dropped connection, a 5xx or a garbled answer: at worst the server made an orphan
# branch. Timeouts are not retried (that would multiply the wait) and neither is a 404 (the lease is gone).
IDEMPOTENT_TRIES = 3
IDEMPOTENT_SLEEPS = (0.05, 0.2)
# Paths that requests' URL preparation leaves exactly as they are (no quoting, query or fragment): the ones
# this client builds (``/process/7/branch/3/try_apply_tactic``). Any other path takes requests' full route.
_PLAIN_PATH = re.compile(r"/[A-Za-z0-9_./-]*")


def normalize_url(address: str) -> str:
    """``host``, ``host:port`` or ``http://host:port[/]`` -> ``http://host:port`` (default port 8000)."""
    addr = address.strip().rstrip("/")
    scheme = "http"
    if "://" in addr:
        scheme, addr = addr.split("://", 1)
    if not addr:
        raise ValueError(f"not a server address: {address!r}")
    if addr.startswith("["):  # [ipv6]:port
        host, _, rest = addr.partition("]")
        host += "]"
        port = rest[1:] if rest.startswith(":") else str(DEFAULT_PORT)
    elif ":" in addr:
        host, port = addr.rsplit(":", 1)
    else:
        host, port = addr, str(DEFAULT_PORT)
    if not port.isdigit():
        raise ValueError(f"bad port in server address {address!r}")
    return f"{scheme}://{host}:{int(port)}"


def _tactic_socket_timeout(timeout_ms: int | None) -> float:
    return timeout_ms / 1000 + 30 if timeout_ms else 330.0


class LeanClient:
    """One LeanTree server. Thread-safe: a ``requests.Session`` with a connection pool per client.

    The protocol generation (``lean_io.protocol_gen``) is read from the first ``/status`` answer (or on
    the first call that needs it); ``accept`` lists the generations this client will drive, any other is
    refused with a one-line ``LeanProtocolError`` naming the difference."""

    def __init__(self, url: str, *, pool_maxsize: int = 64, accept: tuple[str, ...] = GENERATIONS) -> None:
        self.url = normalize_url(url)
        if not accept or set(accept) - set(GENERATIONS):
            raise ValueError(f"accept must be a non-empty subset of {GENERATIONS}, got {accept!r}")
        self.accept = tuple(accept)
        self._generation: str | None = None
        self._gen_lock = threading.Lock()
        self._session = requests.Session()
        self._stats_lock = threading.Lock()
        self.retried_in_place = 0  # idempotent calls repeated after a transient failure
        # Lean servers are addressed directly; re-reading proxy env vars cost ~40% of a call's client CPU.
        self._session.trust_env = False
        self._session.headers.update({"Accept": "application/json"})
        plain = HTTPAdapter(pool_connections=1, pool_maxsize=pool_maxsize, max_retries=0)
        # Only the idempotent GET /status retries, and only when the connection could not be made.
        status_retry = Retry(
            total=3,
            connect=3,
            read=0,
            status=0,
            other=0,
            redirect=0,
            allowed_methods=frozenset({"GET"}),
            backoff_factor=0.2,
            raise_on_status=False,
        )
        self._session.mount(f"{self.url}/", plain)
        self._session.mount(f"{self.url}/status", HTTPAdapter(max_retries=status_retry))
        # requests' own form of the base URL (``prepare_url`` lower-cases the host, say); per-call URLs are
        # this plus a plain path, which ``prepare_url`` would leave unchanged.
        probe = self._session.prepare_request(requests.Request("GET", f"{self.url}/"))
        assert probe.url is not None and probe.url.endswith("/")
        self._base_url = probe.url[:-1]

    def __repr__(self) -> str:
        return f"LeanClient({self.url!r})"

    # -- transport -------------------------------------------------------------------------------
    def _plain_session(self) -> bool:
        """The session adds nothing per request beyond its headers: no proxy/netrc lookup in the
        environment, no auth, query parameters, cookies or response hooks (as this client sets it up)."""
        sess = self._session
        return (
            not sess.trust_env
            and sess.auth is None
            and not sess.params
            and not sess.hooks.get("response")
            and not sess.cookies
        )

    def _prepare(self, method: str, path: str, payload: bytes | None) -> requests.PreparedRequest:
        """The ``PreparedRequest`` that ``Session.prepare_request`` would build for this call.

        requests' preparation costs about a third of the client's CPU per call (cookie-jar merges, header,
        hook and auth merges through ``typing`` protocol checks, URL parsing and re-quoting), and for this
        client it always yields the same thing: the session's headers plus Content-Type and Content-Length,
        and the URL as given. So when the session is plain (``_plain_session``) and the path needs no
        quoting, it is built directly; otherwise requests prepares it. ``tests/lean_io`` checks the two
        agree."""
        if not (_PLAIN_PATH.fullmatch(path) and self._plain_session()):
            return self._session.prepare_request(
                requests.Request(
                    method,
                    f"{self.url}{path}",
                    data=payload,
                    headers={"Content-Type": "application/json"} if payload is not None else None,
                )
            )
        headers = self._session.headers.copy()
        if payload is not None:
            headers["Content-Type"] = "application/json"
            headers["Content-Length"] = str(len(payload))
        elif method not in ("GET", "HEAD"):
            headers["Content-Length"] = "0"
        prep = requests.PreparedRequest()
        prep.method = method.upper()
        prep.url = f"{self._base_url}{path}"
        prep.headers = headers
        prep.body = payload
        prep.hooks = {"response": []}
        return prep

    def _send(self, prep: requests.PreparedRequest, timeout: float) -> requests.Response:
        """Send through the adapter mounted for the URL (its urllib3 ``Retry`` and connection pool), with
        the session's TLS settings and proxies (``trust_env`` is off: no environment lookup). Redirects
        are not followed: a LeanTree server sends none, and a POST redirected as a GET would lose its body."""
        sess = self._session
        if not self._plain_session():  # someone changed the session: let it do everything it does
            return sess.send(prep, timeout=(min(CONNECT_TIMEOUT, timeout), timeout), allow_redirects=False)
        assert prep.url is not None
        resp = sess.get_adapter(prep.url).send(
            prep,
            stream=False,
            timeout=(min(CONNECT_TIMEOUT, timeout), timeout),
            verify=sess.verify,
            cert=sess.cert,
            proxies=dict(sess.proxies),
        )
        if resp.cookies:  # kept like Session.send keeps them (LeanTree sets none); later calls send them
            extract_cookies_to_jar(sess.cookies, prep, resp.raw)
        return resp

    def request(self, method: str, path: str, body: dict[str, Any] | None, timeout: float) -> dict[str, Any]:
        """One call; returns the JSON object of a 2xx answer, else raises a ``LeanInfraError``.

        A body that is not valid UTF-8 text is never sent: ``LeanBusinessError`` (not retried)."""
        url = f"{self.url}{path}"
        payload: bytes | None = None
        if body is not None:
            text = json.dumps(body)  # \u-escaped ASCII, as LeanTree's own client sends it
            # A lone surrogate (text decoded with surrogateescape, say) can only show as a \udXXX escape,
            # so text without one needs no second encoding to rule it out.
            if "\\ud" in text:
                try:
                    json.dumps(body, ensure_ascii=False).encode("utf-8")
                except UnicodeEncodeError as e:
                    # Lean can never accept them, and a server echoing them back fails with a 500 that
                    # would be blamed on the server.
                    raise LeanBusinessError(f"{method} {url}: request text is not valid UTF-8: {e}") from None
            payload = text.encode("ascii")
        try:
            resp = self._send(self._prepare(method, path, payload), timeout)
            content = resp.content  # the whole body inside the try: a drop mid-body is a connection error
        except requests.exceptions.ConnectTimeout as e:
            raise LeanConnectTimeoutError(f"{method} {url}: connect timed out: {e}") from e
        except requests.exceptions.ReadTimeout as e:
            raise LeanTimeoutError(f"{method} {url}: no answer within {timeout:.0f} s") from e
        except requests.exceptions.RequestException as e:  # refused, reset, closed without a response
            raise LeanConnectionError(f"{method} {url}: {type(e).__name__}: {e}") from e
        try:
            data = json.loads(content.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            snippet = content[:200].decode("utf-8", "replace")
            raise LeanProtocolError(
                f"{method} {url}: HTTP {resp.status_code} with a non-JSON body: {snippet!r}"
            ) from None
        if not 200 <= resp.status_code < 300:
            if isinstance(data, dict) and isinstance(data.get("error"), str):
                tb = data.get("traceback")
                raise LeanServerError(resp.status_code, data["error"], tb if isinstance(tb, str) else None)
            raise LeanProtocolError(
                f"{method} {url}: HTTP {resp.status_code} without an 'error' string: {data!r:.200}"
            )
        if not isinstance(data, dict):
            raise LeanProtocolError(f"{method} {url}: expected a JSON object, got {data!r:.200}")
        return data

    def idempotent(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None,
        timeout: float,
        *,
        retry_server_errors: bool = True,
    ) -> dict[str, Any]:
        """``request`` retried in place (``IDEMPOTENT_TRIES``) on transient infrastructure errors.

        ``retry_server_errors=False``: a 5xx is raised at once (a protocol where a 500 is an ordinary
        answer, such as a failed tactic on an older LeanTree server)."""
        for attempt in range(IDEMPOTENT_TRIES):
            try:
                return self.request(method, path, body, timeout)
            except (LeanTimeoutError, LeanConnectTimeoutError):
                raise
            except LeanServerError as e:
                if not retry_server_errors or e.status < 500 or attempt + 1 == IDEMPOTENT_TRIES:
                    raise
            except LeanInfraError:
                if attempt + 1 == IDEMPOTENT_TRIES:
                    raise
            with self._stats_lock:
                self.retried_in_place += 1
            time.sleep(IDEMPOTENT_SLEEPS[min(attempt, len(IDEMPOTENT_SLEEPS) - 1)])
        raise AssertionError("unreachable")

    # -- endpoints -------------------------------------------------------------------------------
    def status(self, timeout: float = STATUS_TIMEOUT) -> dict[str, Any]:
        data = self.request("GET", "/status", None, timeout)
        mp = data.get("max_processes")
        if not isinstance(mp, int) or isinstance(mp, bool):
            raise LeanProtocolError(f"/status without an int max_processes: {data!r:.200}")
        if self._generation is None:
            self._set_generation(detect_generation(data))
        return data

    def _set_generation(self, generation: str) -> None:
        with self._gen_lock:
            self._generation = generation
        if generation not in self.accept:
            raise LeanProtocolError(refusal(self.url, generation, self.accept))

    @property
    def generation(self) -> str:
        """``current`` or ``legacy``; detected from ``/status`` on first use (raises if refused)."""
        if self._generation is None:
            self.status()
        assert self._generation is not None
        if self._generation not in self.accept:
            raise LeanProtocolError(refusal(self.url, self._generation, self.accept))
        return self._generation

    @property
    def adapter(self) -> Adapter:
        return ADAPTERS[self.generation]

    def heap(self, timeout: float = STATUS_TIMEOUT) -> dict[str, Any]:
        return self.request("GET", "/heap", None, timeout)

    def get_process(self, blocking: bool = True, timeout: float = 60.0) -> LeanProcess | None:
        """Lease a process; ``None`` when none became free within ``timeout`` seconds."""
        data = self.request(
            "POST",
            "/process/get",
            self.adapter.get_body(blocking, timeout),
            (timeout if blocking else 0) + 30,
        )
        if "process_id" not in data:
            raise LeanProtocolError(f"/process/get without process_id: {data!r:.200}")
        pid = data["process_id"]
        if pid is None:
            return None
        if not isinstance(pid, int) or isinstance(pid, bool):
            raise LeanProtocolError(f"/process/get returned a non-int process_id: {pid!r}")
        return LeanProcess(self, pid)

    def close(self) -> None:
        self._session.close()

    def __enter__(self) -> LeanClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _business_value(data: dict[str, Any], what: str) -> Any:
    """``{"error": ...}`` (key present, whatever its value) -> LeanBusinessError; else ``value``."""
    if "error" in data:
        raise LeanBusinessError(str(data["error"]))
    if "value" not in data:
        raise LeanProtocolError(f"{what}: neither 'value' nor 'error' in {data!r:.200}")
    return data["value"]


class LeanProcess:
    """A leased REPL process. As a context manager it returns the lease on exit (never raising)."""

    def __init__(self, client: LeanClient, process_id: int) -> None:
        self.client = client
        self.id = process_id
        self._returned = False
        # Like LeanTree's client: whole-source calls on one lease are serialized; branch calls are not.
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"LeanProcess({self.client.url!r}, id={self.id}{', returned' if self._returned else ''})"

    @property
    def returned(self) -> bool:
        return self._returned

    def _path(self, suffix: str) -> str:
        if self._returned:
            # The id may already belong to someone else's lease: never talk to it again.
            raise RuntimeError(f"process {self.id} on {self.client.url} was already returned")
        return f"/process/{self.id}/{suffix}"

    def proof_from_sorry(self, theorem_with_sorry: str) -> Branch:
        with self._lock:
            # Not retried in place: it declares the theorem in the lease env, so a repeat can differ.
            data = self.client.request(
                "POST",
                self._path("proof_from_sorry"),
                {"theorem_with_sorry": theorem_with_sorry},
                PROOF_FROM_SORRY_TIMEOUT,
            )
        value = _business_value(data, "proof_from_sorry")
        return Branch.from_json(self, self.client.adapter.branch_json(value))

    def is_valid_source(self, source: str) -> bool:
        if not self.client.adapter.has_is_valid_source:
            return self._replay_source(source)
        with self._lock:
            data = self.client.idempotent(
                "POST", self._path("is_valid_source"), {"source": source}, VALID_SOURCE_TIMEOUT
            )
        valid = data.get("is_valid")
        if not isinstance(valid, bool):
            raise LeanProtocolError(f"is_valid_source without a bool is_valid: {data!r:.200}")
        return valid

    def _replay_source(self, source: str) -> bool:
        """``is_valid_source`` for servers without it: run the source through ``/command``, which answers
        HTTP 500 exactly when Lean reports an error-severity message (warnings do not count)."""
        try:
            self.command(source)
        except LeanServerError as e:
            if e.status != 500:
                raise
            return False
        return True

    def command(self, command: str) -> dict[str, Any]:
        """Run a REPL command in the lease env; a Lean error is an HTTP 500 (``LeanServerError``)."""
        with self._lock:
            data = self.client.request("POST", self._path("command"), {"command": command}, COMMAND_TIMEOUT)
        if "env" not in data:
            raise LeanProtocolError(f"command answer without env: {data!r:.200}")
        return data

    def return_process(self, tries: int = 3) -> None:
        """Give the lease back: 3 tries (10 s each); marked returned even when every try fails."""
        if self._returned:
            return
        path = self._path("return")
        self._returned = True
        last: Exception | None = None
        for attempt in range(max(1, tries)):
            try:
                data = self.client.request("POST", path, None, RETURN_TIMEOUT)
                if data.get("status") != "ok":
                    raise LeanProtocolError(f"/return answered {data!r:.200}")
                return
            except (LeanServerError, LeanConnectionError, LeanTimeoutError, LeanProtocolError) as e:
                last = e
                if attempt + 1 < tries:
                    time.sleep(RETURN_SLEEPS[min(attempt, len(RETURN_SLEEPS) - 1)])
        assert last is not None
        raise last

    def __enter__(self) -> LeanProcess:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        try:
            self.return_process()
        except Exception as e:  # returning is best effort; the server reaps idle leases anyway
            log.warning("could not return %r: %s", self, e)


class Branch:
    """A proof branch (server-side ``LeanProofBranch``); immutable on the server, reusable here."""

    def __init__(self, process: LeanProcess, branch_id: int, goals: list[Goal]) -> None:
        self.process = process
        self.id = branch_id
        self.goals = goals

    @classmethod
    def from_json(cls, process: LeanProcess, value: Any) -> Branch:
        if (
            not isinstance(value, dict)
            or not isinstance(value.get("branch_id"), int)
            or not isinstance(value.get("goals"), list)
        ):
            raise LeanProtocolError(f"not a branch: {value!r:.200}")
        try:
            goals = [Goal.from_json(g) for g in value["goals"]]
        except ValueError as e:
            raise LeanProtocolError(f"bad goal in branch: {e}") from e
        return cls(process, value["branch_id"], goals)

    def __repr__(self) -> str:
        return f"Branch(id={self.id}, goals={len(self.goals)}, process={self.process.id})"

    @property
    def state_text(self) -> str:
        return render_state(self.goals)

    @property
    def is_solved(self) -> bool:
        return not self.goals

    def try_apply_tactic(self, tactic: str, timeout_ms: int = 1000) -> list[Branch]:
        """Apply ``tactic``: ``[]`` = solved; several = independent goal groups; self stays usable."""
        clean = sanitize_tactic(tactic)
        adapter = self.process.client.adapter
        try:
            data = self.process.client.idempotent(
                "POST",
                self.process._path(adapter.branch_path(self.id, "try_apply_tactic")),
                {"tactic": clean, "timeout": timeout_ms},
                _tactic_socket_timeout(timeout_ms),
                # the older generation answers a failed tactic with a 500: never retry that in place
                retry_server_errors=adapter.generation == CURRENT,
            )
        except LeanServerError as e:
            if adapter.generation == CURRENT or e.status != 500:
                raise
            raise LeanBusinessError(e.error) from e  # the older generation reports tactic failures as 500
        value = _business_value(data, "try_apply_tactic")
        if not isinstance(value, list):
            raise LeanProtocolError(f"try_apply_tactic value is not a list: {value!r:.200}")
        return [Branch.from_json(self.process, v) for v in adapter.tactic_result(value)]

    def refresh(self) -> Branch:
        """Re-read this branch from the server (``POST .../state``; the current generation only)."""
        if self.process.client.generation != CURRENT:
            raise LeanProtocolError(f"{self.process.client.url}: the older protocol's /state has no goals")
        data = self.process.client.idempotent(
            "POST", self.process._path(f"branch/{self.id}/state"), {}, RETURN_TIMEOUT + 20
        )
        return Branch.from_json(self.process, data)
