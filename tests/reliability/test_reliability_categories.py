"""Infrastructure errors never blacklist a theorem and never train: categories, the matchmaker rule, and the
iteration guard, over a real minilean fleet that answers only junk."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lean_io.errors import (
    INFRASTRUCTURE,
    InfrastructureShareError,
    check_infrastructure_share,
    error_category,
)
from lean_io.pool import SlotPool
from rl.matchmaker import Matchmaker
from search.config import SearchConfig
from search.prover import Attempt
from search.runner import prove_many
from tests.reliability.test_reliability_faults import eval_theorems, reference_policy

KEY = ("minilean", "t1")


def test_only_statement_errors_lower_the_weight() -> None:
    theorem = {"dataset": "minilean", "id": "t1", "statement": "theorem t1 : True := by\n  sorry"}
    mm = Matchmaker([theorem])
    for _ in range(5):
        mm.record(KEY, "error", error="lean infrastructure: LeanConnectionError: dropped")
        mm.record(KEY, "error", error="RuntimeError: the model broke")
    assert mm.weight(KEY) == 1.0 and mm.stats[KEY].outcomes == []  # nothing recorded
    mm.record(KEY, "error", error="proof init failed: unknown identifier 'x'")
    assert mm.weight(KEY) == 1.0
    mm.record(KEY, "error", error="bad statement: the statement is empty")
    assert mm.weight(KEY) == 0.0  # two statement errors in a row: a broken statement
    rows = [{"iteration": 1, "dataset": "minilean", "theorem_id": "t1", "outcome": "error",
             "error": "lean infrastructure: LeanServerError: 500"}] * 3
    assert Matchmaker.from_history([theorem], rows).weight(KEY) == 1.0


def test_threshold_check() -> None:
    ok = Attempt("d", "a", "proven")
    infra = Attempt("d", "b", "error", error="lean infrastructure: LeanTimeoutError: slow")
    stmt = Attempt("d", "c", "error", error="bad statement: empty")
    assert check_infrastructure_share([ok] * 4 + [infra]) == pytest.approx(0.2)  # at the limit: passes
    assert check_infrastructure_share([stmt] * 9 + [ok]) == 0.0  # statement errors are not infrastructure
    with pytest.raises(InfrastructureShareError) as err:
        check_infrastructure_share([ok] * 3 + [infra] * 2)
    assert "2 of 5 attempts (40%)" in str(err.value) and "\n" not in str(err.value)
    assert check_infrastructure_share([ok, infra], max_share=0.5) == 0.5
    assert check_infrastructure_share([]) == 0.0
    with pytest.raises(ValueError):
        check_infrastructure_share([ok], max_share=1.5)


def test_junk_fleet_fails_the_iteration(minilean_urls: Callable[..., list[str]]) -> None:
    """A fleet answering only HTTP 500s: every row is an infrastructure error, the guard refuses the
    iteration, and the matchmaker built from those rows blacklists nothing."""
    (url,) = minilean_urls(1, max_processes=2, extra_args=["--error-rate", "1.0"])
    theorems = eval_theorems()[:4]
    with SlotPool([url], attempts=2, backoff=0.01, probe_interval=0.05) as pool:
        attempts = prove_many(theorems, pool, reference_policy(theorems), SearchConfig(num_simulations=4),
                              concurrency=2)
    assert {error_category(a.outcome, a.error) for a in attempts} == {INFRASTRUCTURE}
    with pytest.raises(InfrastructureShareError, match="4 of 4 attempts"):
        check_infrastructure_share(attempts)
    rows = [{**a.to_row(), "iteration": k} for k in (1, 2, 3) for a in attempts]
    mm = Matchmaker.from_history(theorems, rows)
    assert all(mm.weight((t["dataset"], t["id"])) > 0 for t in theorems)
