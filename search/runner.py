"""Many theorems in flight: one thread per search, each holding one Lean slot, one shared policy."""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lean_io.errors import LeanInfraError
from search.config import SearchConfig
from search.policy import Policy
from search.prover import Attempt, prove

log = logging.getLogger(__name__)

_IMPORT_LINE = re.compile(r"^\s*import\b", re.MULTILINE)


def statement_problem(theorem: dict[str, Any]) -> str | None:
    """Why a statements row can never start a proof, or None. Such rows are refused before a Lean slot is
    leased: sent to Lean they are answered HTTP 500, which the pool would retry and blame on the server."""
    statement = theorem.get("statement")
    header = theorem.get("header") or ""
    if not isinstance(statement, str):
        return "no 'statement' text in the row"
    if not isinstance(header, str):
        return f"'header' must be text, got {type(header).__name__}"
    for name, text in (("header", header), ("statement", statement)):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            return f"the {name} is not valid UTF-8 text: {exc}"
        if _IMPORT_LINE.search(text):
            # the server's fixed imports are the environment; a source may not import (protocol doc)
            return f"invalid 'import' command in the {name}: imports are the Lean server's, not the row's"
    if not statement.rstrip().endswith("sorry"):
        what = "is empty" if not statement.strip() else "does not end with `sorry`"
        return f"the statement {what}; it must end with `sorry` (the goal the search starts from)"
    return None


def prove_many(
    theorems: Sequence[dict[str, Any]],
    pool: Any,
    policy: Policy,
    config: SearchConfig,
    concurrency: int,
    *,
    model_version: str | None = None,
    on_attempt: Callable[[Attempt], None] | None = None,
) -> list[Attempt]:
    """Prove `theorems` with up to `concurrency` searches at once over `pool` (a `lean_io.pool.SlotPool`).

    Returns exactly one Attempt per theorem, in input order. Lean infrastructure errors are retried by the
    pool on other slots; what still fails, and any other exception, becomes outcome "error" with the reason.
    Pass a `BatchingPolicy` as `policy` so the searches share batched model calls. A theorem row with a
    `num_simulations` key gets that simulation budget instead of `config.num_simulations`.
    """
    if concurrency < 1:
        raise ValueError("concurrency must be >= 1")
    version = model_version if model_version is not None else getattr(policy, "model_version", None)

    def one(theorem: dict[str, Any]) -> Attempt:
        t0 = time.monotonic()
        problem = statement_problem(theorem)
        if problem is not None:
            attempt = Attempt.failed(theorem, f"bad statement: {problem}", time.monotonic() - t0, version)
            if on_attempt is not None:
                on_attempt(attempt)
            return attempt
        budget = theorem.get("num_simulations")
        cfg = config.replace(num_simulations=int(budget)) if budget else config
        # A restart after an infrastructure error gets what is left of the time budget, and none starts
        # once it is spent: a theorem never takes much more than its budget, faults or not.
        stop = t0 + cfg.time_budget_s if cfg.time_budget_s else None

        def search(process: Any) -> Attempt:
            c = cfg
            if stop is not None and cfg.time_budget_s is not None:
                c = cfg.replace(time_budget_s=min(cfg.time_budget_s, max(0.5, stop - time.monotonic())))
            return prove(theorem, process, policy, c, model_version=version)

        try:
            attempt = pool.run(search, retry_until=stop)
        except LeanInfraError as exc:
            attempt = Attempt.failed(theorem, f"lean infrastructure: {type(exc).__name__}: {exc}",
                                     time.monotonic() - t0, version)
        except Exception as exc:  # a bug or a model failure must not take the other theorems down
            log.exception("attempt on %s failed", theorem.get("id"))
            attempt = Attempt.failed(theorem, f"{type(exc).__name__}: {exc}", time.monotonic() - t0, version)
        if on_attempt is not None:
            on_attempt(attempt)
        return attempt

    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="prover") as executor:
        attempts = list(executor.map(one, theorems))
    elapsed = time.monotonic() - t0
    counts = {o: sum(a.outcome == o for a in attempts) for o in ("proven", "unproven", "error")}
    batch_stats = policy.stats() if hasattr(policy, "stats") else None
    log.info("proved %d/%d theorems (%d errors) in %.1fs with %d in flight; policy batching: %s",
             counts["proven"], len(attempts), counts["error"], elapsed, concurrency, batch_stats)
    return attempts
