"""With no goals left, Lean's `done`, `skip`, `try t` and `all_goals t` succeed (done checks that nothing
is unsolved; all_goals runs on none); other tactics and `any_goals` fail with "no goals"."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "tail",
    ["done", "skip", "try linarith", "all_goals linarith", "repeat linarith"],
)
def test_no_goal_combinators_succeed(tail: str) -> None:
    assert _accepts(f"(x : ℕ) (h : x = 2) : x + 1 = 3 := by\n  omega\n  {tail}")


@pytest.mark.parametrize("tail", ["linarith", "any_goals linarith", "rfl", "norm_num"])
def test_other_tactics_fail_without_goals(tail: str) -> None:
    assert not _accepts(f"(x : ℕ) (h : x = 2) : x + 1 = 3 := by\n  omega\n  {tail}")


def test_done_still_reports_open_goals() -> None:
    assert not _accepts("(x : ℕ) (h : x = 2) : x + 1 = 3 := by\n  done")
    # a false statement stays unprovable
    assert not _accepts("(x : ℕ) (h : x = 2) : x + 1 = 4 := by\n  omega\n  done")
