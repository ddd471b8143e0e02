"""`rfl` / `congr` close closed ℕ equations whose sums have more than `libsem.DECIDE_TERMS` terms
(Lean's `Eq.refl` at default transparency evaluates them); false ones, filtered sums and `decide` stay
refused (rfl_eval.py)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.rfl_eval import RFL_TERMS


def _errors(goal: str, *tactics: str) -> list[str]:
    body = "\n".join(f"  {t}" for t in tactics)
    res = elaborate(initial_env(), f"theorem t : {goal} := by\n{body}\n")
    return [str(m.data) for m in res.messages if m.severity == "error"]


@pytest.mark.parametrize("goal", [
    "(∑ i ∈ Finset.range 150, i) % 5 = 0",  # 11175
    "(∑ i ∈ Finset.Icc 1000 1999, i) % 1000 = 500",  # 1499500
    "(∑ i ∈ Finset.range 120, 3 ^ i) % 4 = 0",
    "∑ i ∈ Finset.range 200, (2 * i + 1) = 40000",
])
@pytest.mark.parametrize("tac", ["rfl", "congr"])
def test_long_closed_sums_close_by_rfl(goal: str, tac: str) -> None:
    assert _errors(goal, tac) == []


@pytest.mark.parametrize("goal", [
    "(∑ i ∈ Finset.range 150, i) % 5 = 1",
    "(∑ i ∈ Finset.Icc 1000 1999, i) % 1000 = 499",
    "∑ i ∈ Finset.range 200, (2 * i + 1) = 40001",
])
@pytest.mark.parametrize("tac", ["rfl", "congr"])
def test_false_long_sums_are_refused(goal: str, tac: str) -> None:
    assert _errors(goal, tac)


def test_beyond_the_cap_is_refused() -> None:
    n = RFL_TERMS + 10
    total = n * (n - 1) // 2
    assert _errors(f"∑ i ∈ Finset.range {n}, i = {total}", "rfl")


def test_filtered_long_sum_is_refused() -> None:
    # a `Nat.Prime` filter's reduction by rfl depends on the Lean version (minFac): not modelled
    goal = "∑ p ∈ Finset.filter (fun x => Nat.Prime x) (Finset.range 200), 1 = 46"
    assert _errors(goal, "rfl")


def test_decide_keeps_its_cap() -> None:
    assert _errors("(∑ i ∈ Finset.range 150, i) % 5 = 0", "decide")


def test_real_sums_are_not_rfl() -> None:
    assert _errors("(∑ i ∈ Finset.range 150, (i : ℝ)) = 11175", "rfl")
