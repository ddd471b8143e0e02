"""Exception hierarchy of the Lean client.

Two kinds of failure matter to a prover (see leantree-protocol.md §1 "Error shapes"):

* ``LeanBusinessError``: the prover's own fault. HTTP 200 with an ``error`` key: a tactic failed, a
  theorem did not elaborate. An ordinary search outcome; retrying elsewhere gives the same answer.
* ``LeanInfraError``: anything that is not the prover's fault (server errors, timeouts, dropped
  connections, garbage). The theorem may be retried on another slot.
"""

from __future__ import annotations


class LeanError(Exception):
    """Base class of every error raised by ``lean_io``."""


class LeanBusinessError(LeanError):
    """HTTP 200 ``{"error": ...}``: the tactic failed or the proof could not be started."""


class UnsafeTacticError(LeanBusinessError):
    """The sanitizer refused a tactic; it was never sent to a server."""

    def __init__(self, reason: str, tactic: str = "") -> None:
        super().__init__(f"unsafe tactic refused: {reason}")
        self.reason = reason
        self.tactic = tactic


class LeanInfraError(LeanError):
    """Anything that is not the prover's fault; retrying on another slot may help."""


class LeanServerError(LeanInfraError):
    """A 4xx/5xx answer carrying ``{"error": ...}`` (the server's ``exception`` field is never read)."""

    def __init__(self, status: int, error: str, traceback: str | None = None) -> None:
        super().__init__(f"Error from LeanServer (HTTP {status}): {error}")
        self.status = status
        self.error = error
        self.traceback = traceback


class LeanConnectionError(LeanInfraError):
    """Connection refused, reset, or closed before a complete response."""


class LeanTimeoutError(LeanInfraError):
    """The socket timed out waiting for the server."""


class LeanPoolTimeoutError(LeanTimeoutError):
    """The slot pool could not obtain a lease within its deadline."""


class LeanProtocolError(LeanInfraError):
    """The server answered something that is not the protocol: non-JSON or a wrong-shaped body."""
