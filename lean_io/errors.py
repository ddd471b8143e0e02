"""Exception hierarchy of the Lean client.

Two kinds of failure matter to a prover (docs/PROTOCOL.md §1):

* ``LeanBusinessError``: the prover's own fault. HTTP 200 with an ``error`` key: a tactic failed, a
  theorem did not elaborate. An ordinary search outcome; retrying elsewhere gives the same answer.
* ``LeanInfraError``: anything that is not the prover's fault (server errors, timeouts, dropped
  connections, garbage). The theorem may be retried on another slot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


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


class LeanConnectTimeoutError(LeanConnectionError):
    """The TCP connect did not complete in time (a dead or unreachable host)."""


class LeanTimeoutError(LeanInfraError):
    """The socket timed out waiting for the server."""


class LeanPoolTimeoutError(LeanTimeoutError):
    """The slot pool could not obtain a lease within its deadline."""


class LeanProtocolError(LeanInfraError):
    """The server answered something that is not the protocol: non-JSON or a wrong-shaped body."""


class LeanStuckLeaseError(LeanInfraError):
    """A server with a free slot (by the pool's count) handed out no process in time: a lease is stuck."""


# -- error categories of outcome rows ----------------------------------------------------------------
# An `error` outcome is one of three kinds; only `statement` says something about the theorem itself.
INFRASTRUCTURE = "infrastructure"  # Lean servers failed (drops, 5xx, timeouts, stuck leases)
STATEMENT = "statement"  # the statement cannot start a proof (bad row, elaboration failed, no goals)
SEARCH = "search"  # the search itself failed (a bug, the model): neither the theorem's nor Lean's fault
ERROR_CATEGORIES = (INFRASTRUCTURE, STATEMENT, SEARCH)

# The reason prefixes `search.runner` / `search.prover` write (kept in one place: DuckDB uses them too).
INFRASTRUCTURE_PREFIXES = ("lean infrastructure:",)
STATEMENT_PREFIXES = ("bad statement:", "proof init failed:", "proof init: no goals")


def error_category(outcome: str | None, error: str | None) -> str | None:
    """The category of an outcome row's error (None when the outcome is not ``error``)."""
    if outcome != "error":
        return None
    text = error or ""
    if text.startswith(INFRASTRUCTURE_PREFIXES):
        return INFRASTRUCTURE
    if text.startswith(STATEMENT_PREFIXES):
        return STATEMENT
    return SEARCH


def error_category_sql(outcome: str = "outcome", error: str = "error") -> str:
    """The same rule as a DuckDB expression over an outcome and an error column."""

    def any_prefix(prefixes: tuple[str, ...]) -> str:
        return " OR ".join(f"starts_with(coalesce({error}, ''), '{p}')" for p in prefixes)

    return (
        f"CASE WHEN {outcome} <> 'error' THEN NULL "
        f"WHEN {any_prefix(INFRASTRUCTURE_PREFIXES)} THEN '{INFRASTRUCTURE}' "
        f"WHEN {any_prefix(STATEMENT_PREFIXES)} THEN '{STATEMENT}' ELSE '{SEARCH}' END"
    )


class InfrastructureShareError(RuntimeError):
    """Too many outcome rows of an RL iteration are infrastructure errors: nothing may be learned from it."""


DEFAULT_MAX_INFRA_SHARE = 0.20


def infrastructure_share(rows: Iterable[Any]) -> tuple[int, int]:
    """(infrastructure errors, rows) over outcome rows (``Attempt`` objects or dicts with outcome/error)."""
    infra = total = 0
    for r in rows:
        outcome = r.get("outcome") if isinstance(r, Mapping) else getattr(r, "outcome", None)
        error = r.get("error") if isinstance(r, Mapping) else getattr(r, "error", None)
        total += 1
        infra += error_category(outcome, error) == INFRASTRUCTURE
    return infra, total


def check_infrastructure_share(rows: Iterable[Any], max_share: float = DEFAULT_MAX_INFRA_SHARE) -> float:
    """The share of infrastructure errors; raises ``InfrastructureShareError`` (one line) above ``max_share``.

    An RL iteration calls this before anything is written or registered: when the Lean fleet is sick its
    outcomes say nothing about the policy, so the iteration fails loudly instead of training on them."""
    if not 0.0 <= max_share <= 1.0:
        raise ValueError(f"max_share must be in [0, 1], got {max_share}")
    infra, total = infrastructure_share(rows)
    share = infra / total if total else 0.0
    if share > max_share:
        raise InfrastructureShareError(
            f"{infra} of {total} attempts ({share:.0%}) failed on Lean infrastructure, above the "
            f"{max_share:.0%} limit: the iteration is failed and nothing is registered "
            "(check the Lean servers)"
        )
    return share
