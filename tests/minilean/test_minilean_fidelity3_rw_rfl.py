"""After rewriting, `rw` tries `rfl` with reducible transparency: closed ℕ arithmetic under + - * / %
is evaluated, but `^` is not (Mathlib's ℕ power is `Monoid.npow`, not reducible), so the goal stays open
for the next tactic."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        # the power survives rw's rfl: the next tactic has a goal to close
        "(m : ℕ) (h : m = 3) : m ^ 2 % 5 = 4 := by\n  rw [h]\n  norm_num",
        ": (17 ^ 3 + 4) % 10 = 7 := by\n  rw [Nat.add_mod]\n  norm_num",
        # without a power, rw's rfl closes closed arithmetic
        "(m : ℕ) (h : m = 3) : m * 7 % 5 = 1 := by\n  rw [h]",
    ],
)
def test_rw_rfl_reach(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # Lean's rw leaves `3 ^ 2 % 5 = 4`, so the proof has an unsolved goal
        "(m : ℕ) (h : m = 3) : m ^ 2 % 5 = 4 := by\n  rw [h]",
        # and here a following tactic would meet "no goals" in Lean
        "(m : ℕ) (h : m = 3) : m * 7 % 5 = 1 := by\n  rw [h]\n  norm_num",
    ],
)
def test_rw_rfl_refusals(src: str) -> None:
    assert not _accepts(src)
