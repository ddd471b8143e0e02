"""minilean speaking the older LeanTree protocol generation (docs/PROTOCOL.md §4), so the client's
generation detection and its legacy driver are tested against a real server (``--protocol legacy``).

Differences from :class:`minilean.server.MiniLeanApp` (the current generation):
- ``GET /status``: only ``available_processes``, ``used_processes``, ``max_processes``; no ``/heap``.
- ``POST /process/get`` reads only ``blocking`` (a blocking lease waits up to 60 s).
- ``proof_from_sorry`` answers ``{"value": {"proof_state_id", "goals"}}``; only the first sorry is used.
- ``/process/{pid}/proof/{id}/try_apply_tactic`` answers ONE element holding every remaining goal
  (solved = no goals); ``/apply_tactic`` answers it unwrapped, without the error checks; ``/state``
  answers ``{"proof_state_id"}`` only.
- No ``is_valid_source`` (404). Exceptions, including the search-tactic and untyped-``have`` bans and
  unknown proof states,
  are HTTP 500 ``{"error": ...}``; a tactic Lean rejects is 200 ``{"error": "Could not apply tactic ..."}``.
"""

from __future__ import annotations

import re
import time
from typing import Any

from minilean.server import (
    _HAVE_WITHOUT_TYPE,
    _ID,
    _SEARCH_TACTICS,
    NO_TACTIC_TIMEOUT_MS,
    BranchEntry,
    DropConnection,
    HttpError,
    MiniLeanApp,
    ProcessEntry,
)

_LEGACY_PROCESS_PATH = re.compile(rf"^/process/{_ID}/(return|command|proof_from_sorry)$")
_PROOF_PATH = re.compile(rf"^/process/{_ID}/proof/{_ID}/(try_apply_tactic|apply_tactic|state)$")
_PROOF_ACTIONS = {"try_apply_tactic": "try_apply_tactic", "apply_tactic": "apply_tactic",
                  "state": "proof_state"}


class LegacyMiniLeanApp(MiniLeanApp):
    def route(self, method: str, path: str) -> tuple[str, tuple[int, ...]]:
        if method == "GET" and path == "/status":
            return "status", ()
        if method == "POST":
            if path == "/process/get":
                return "get", ()
            m = _LEGACY_PROCESS_PATH.match(path) or _PROOF_PATH.match(path)
            if m:
                *ids, action = m.groups()
                try:
                    return _PROOF_ACTIONS.get(action, action) if len(ids) == 2 else action, tuple(
                        int(i) for i in ids)
                except ValueError:
                    raise DropConnection() from None
        raise HttpError(404, "Not Found")

    def handle(self, action: str, ids: tuple[int, ...], body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if action not in ("apply_tactic", "proof_state"):
            return super().handle(action, ids, body)
        entry = self.pool.begin(ids[0])
        try:
            with entry.lock:
                if not self.pool.still_leased(entry):
                    raise HttpError(404, f"Process {entry.pid} not found")
                branch = self._branch(entry, ids[1])
                if action == "proof_state":
                    return 200, {"proof_state_id": ids[1]}
                tactic = body.get("tactic")
                if not isinstance(tactic, str):
                    raise HttpError(500, "request body needs 'tactic' of type str")
                value = self._apply(entry, branch, tactic, body.get("timeout"))
                if "error" in value:
                    raise HttpError(500, value["error"])
                return 200, value["value"][0]
        finally:
            self.pool.end(entry)

    def _branch(self, entry: ProcessEntry, sid: int) -> BranchEntry:
        branch = entry.branches.get(sid)
        if branch is None:
            raise HttpError(500, f"Unknown proof state {sid}")
        branch.last_touch = time.monotonic()
        return branch

    def status(self) -> dict[str, Any]:
        counts = self.pool.counts(time.monotonic())
        keys = ("available_processes", "used_processes")
        return {**{k: counts[k] for k in keys}, "max_processes": self.pool.max_processes}

    def get_process(self, body: dict[str, Any]) -> dict[str, Any]:
        blocking = body.get("blocking", True)
        return {"process_id": self.pool.acquire(60.0 if blocking else 0.0)}

    def proof_from_sorry(self, entry: ProcessEntry, source: str) -> dict[str, Any]:
        result, errors = self._elaborate(entry, source)
        if errors:
            return {"error": f"Could not run command in REPL: {errors[0]['data']}"}
        self._advance(entry, result)
        if not result.sorries:
            return {"error": "No sorries found in theorem"}
        return {"value": self._legacy_state(entry, result.sorries[0])}

    def _legacy_state(self, entry: ProcessEntry, state: Any) -> dict[str, Any]:
        branch = self._new_branch(entry, state)
        return {"proof_state_id": branch["branch_id"], "goals": branch["goals"]}

    def _apply(self, entry: ProcessEntry, branch: BranchEntry, tactic: str, timeout: Any) -> dict[str, Any]:
        timeout_ms = int(timeout) if isinstance(timeout, int | float) and timeout else NO_TACTIC_TIMEOUT_MS
        try:
            states = self.engine.apply_tactic(branch.state, tactic, timeout_ms)
        except self.engine.TacticError as e:
            return {"error": f"Could not apply tactic in REPL: {e}"}
        goals = tuple(g for s in states for g in s.goals)  # no factorization: one state, every goal
        merged = type(branch.state)(goals, branch.state.env)
        return {"value": [self._legacy_state(entry, merged)]}

    def try_apply_tactic(self, entry: ProcessEntry, branch: BranchEntry, tactic: str,
                         timeout: float | None) -> dict[str, Any]:
        if any(s in tactic for s in _SEARCH_TACTICS):
            raise HttpError(500, "AssertionError: search tactics are not allowed")
        if _HAVE_WITHOUT_TYPE.search(tactic):
            raise HttpError(500, "AssertionError: `have` must specify the hypothesis type")
        return self._apply(entry, branch, tactic, timeout)
