"""`cases n` on a ℕ variable: goals `zero` (`n := 0`) and `succ` (`n✝ + 1`), hypotheses mentioning `n`
rewritten in both, and no induction hypothesis (unlike `induction`)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(k : ℕ) : k = 0 ∨ 0 < k := by\n  cases k with\n  | zero => left; rfl\n  | succ j => right; omega",
        "(k : ℕ) : k = 0 ∨ 0 < k := by\n  cases k\n  · left; rfl\n  · right; omega",
        # a hypothesis mentioning k is rewritten in each case
        "(k : ℕ) (hk : k ≠ 0) : 1 ≤ k := by\n  cases k with\n  | zero => simp at hk\n  | succ j => omega",
        "(k : ℕ) (hk : 3 < k) : 2 < k := by\n  cases k with\n  | zero => omega\n  | succ j => omega",
    ],
)
def test_cases_on_nat(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false variant
        "(k : ℕ) : k = 0 ∨ 1 < k := by\n  cases k with\n  | zero => left; rfl\n  | succ j => right; omega",
        # no induction hypothesis in the succ case
        "(k : ℕ) : k * 0 = 0 := by\n  cases k with\n  | zero => rfl\n  | succ j ih => simp",
        # every goal needs its alternative
        "(k : ℕ) : k = 0 ∨ 0 < k := by\n  cases k with\n  | zero => left; rfl",
        # cases on a ℤ variable is not this split
        "(k : ℤ) : k = 0 ∨ k ≠ 0 := by\n  cases k with\n  | zero => left; rfl\n  | succ j => right; omega",
    ],
)
def test_cases_on_nat_refusals(src: str) -> None:
    assert not _accepts(src)
