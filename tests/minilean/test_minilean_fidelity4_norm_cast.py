"""`norm_cast` that leaves a goal: kept only where Lean's result is known (no cast at all, so the goal is
unchanged; or a comparison of casts of variables that lowers to the source type), refused otherwise."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_cast_free_goal_is_left_unchanged() -> None:
    assert _accepts("(a b : ℝ) (h : a < b ∧ b < 3) : a < b := by\n  norm_cast\n  exact h.1")
    # the goal is still about ℝ, so an ℕ fact does not fit it
    assert not _accepts("(a b : ℝ) (h : a < b + 1) : a < b := by\n  norm_cast\n  exact h")


def test_cast_of_variable_lowers() -> None:
    assert _accepts("(n : ℕ) (h : n ≠ 1 ∧ n ≠ 2) : (n : ℝ) ≠ 1 := by\n  norm_cast\n  exact h.1")
    assert _accepts("(m n : ℕ) (h : m + 1 < n ∧ n < 9) : (m : ℝ) + 1 < n := by\n  norm_cast\n  exact h.1")
    # the lowered goal is the ℕ statement: a wrong ℕ fact is still refused
    assert not _accepts("(n : ℕ) (h : n ≠ 2 ∧ n ≠ 3) : (n : ℝ) ≠ 1 := by\n  norm_cast\n  exact h.1")


@pytest.mark.parametrize(
    "goal",
    [
        "(a : ℝ) (h : a = 5 ∧ a > 0) : a = 2 + 3",  # numeral arithmetic: Lean may evaluate it
        "(m n : ℕ) (h : m ≠ n ∧ m < n) : (m : ℝ) ≠ n",  # `≠` between two casts: result not known
        "(m n : ℕ) (h : m > n ∧ m < 9) : (m : ℝ) > n",  # `>` may come out as `<`
    ],
)
def test_unknown_results_are_refused(goal: str) -> None:
    assert not _accepts(f"{goal} := by\n  norm_cast\n  exact h.1")


def test_rfl_closing_goal_is_not_kept_open() -> None:
    # `try trivial` closes `a ≤ a` (le_refl is @[refl]); minilean refuses rather than keep it open
    assert not _accepts("(a : ℝ) (h : a ≤ a ∧ a < 1) : a ≤ a := by\n  norm_cast\n  exact h.1")
