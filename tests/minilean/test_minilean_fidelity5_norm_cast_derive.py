"""`norm_cast` on a cast-free ℕ goal: Lean's `derive` leaves it unchanged and the macro's `try trivial`
closes it exactly when `trivial` does (minilean.norm_cast_derive)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.norm_cast_derive import nat_cast_free
from minilean.syntax import INT, NAT, REAL, EBin, ECast, ENum, EVar, PRel


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "goal",
    [
        "(∏ i in Finset.range 4, (i + 2)) % 7 = 1",  # 2*3*4*5 = 120 = 17*7 + 1
        "(∑ i in Finset.range 5, i * i) = 30",
        "(7 : ℕ) * 8 = 56",
        "(17 : ℕ) % 5 ≠ 3",
    ],
)
def test_closed_nat_goal_closed_by_trivial(goal: str) -> None:
    assert _accepts(f": {goal} := by\n  norm_cast")


@pytest.mark.parametrize(
    "goal",
    [
        "(∏ i in Finset.range 4, (i + 2)) % 7 = 2",  # false: trivial cannot close it
        "(7 : ℕ) * 8 = 57",
        "(7 : ℤ) * 8 = 56",  # ℤ numerals become casts in pass 1: Lean's result not modelled
        "(7 : ℝ) * 8 = 56",
    ],
)
def test_refused(goal: str) -> None:
    assert not _accepts(f": {goal} := by\n  norm_cast")


def test_open_nat_goal_not_closed_by_trivial() -> None:
    # a variable: `decide` cannot run, no hypothesis matches; the goal is left as it was
    assert not _accepts("(n : ℕ) (h : n = 3) : n * 2 = 6 := by\n  norm_cast")
    assert _accepts("(n : ℕ) (h : n * 2 = 6) : n * 2 = 6 := by\n  norm_cast")


def test_nat_cast_free_predicate() -> None:
    x = EVar("x")
    assert nat_cast_free(PRel("=", EBin("*", x, ENum(2)), ENum(6), NAT))
    assert not nat_cast_free(PRel("=", ECast(x, NAT, INT), ENum(6), INT))
    assert not nat_cast_free(PRel("=", EBin("*", x, ENum(2)), ENum(6), REAL))
