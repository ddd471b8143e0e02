"""`intro z` under an inner `∀ z` (no capture: the inner binder is another variable), and `all_goals` /
`any_goals` / `try` followed by an indented tactic block (the block runs on each goal)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env

_STMT = "(f : ℤ → ℤ) (h : ∀ x, f x = 2 * x + 1) : ∀ z, f z = 0 ∨ ∃ c, ∀ z, f z = 2 * z + c := by\n"


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        _STMT + "  intro z\n  right\n  use 1\n  intro w\n  exact h w",
        # the second `intro z` shadows the first z (z✝); `h z` speaks of the new one
        _STMT + "  intro z\n  right\n  use 1\n  intro z\n  exact h z",
        "(f : ℤ → ℤ) (h : ∀ x, f x = 0) : ∀ z, f z = 0 ∨ ∃ c, ∀ z, f z = 2 * z + c := by\n"
        "  intro z\n  left\n  exact h z",
    ],
)
def test_intro_under_inner_binder_of_same_name(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # the inner binder is not the new local: `h z` does not prove the statement about w
        _STMT + "  intro z\n  right\n  use 1\n  intro w\n  exact h z",
        # the outer z is not the inner one: `left` needs f z = 0 for this z
        _STMT + "  intro z\n  left\n  have := h z\n  omega",
        # the inaccessible name cannot be written
        _STMT + "  intro z\n  right\n  use 1\n  intro z✝\n  exact h z",
    ],
)
def test_intro_under_inner_binder_refuses(src: str) -> None:
    assert not _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(a : ℕ) (h : a = 1) : a = 1 ∧ a + 1 = 2 := by\n  constructor\n  all_goals\n    subst h\n    rfl",
        "(f : ℤ → ℤ) (h : ∀ x, f x = 2 * x + 1) : ∀ z, f z = 2 * z + 1 := by\n"
        "  all_goals\n    intro z\n    exact h z",
        # the failing `try` block leaves both goals as they were
        "(a : ℕ) (h : a = 1) : a = 1 ∧ a + 1 = 2 := by\n  constructor\n  try\n    exact h\n    done\n"
        "  all_goals omega",
        "(a : ℕ) (h : a = 1) : a = 1 ∧ a + 1 = 2 := by\n  constructor\n  any_goals\n    exact h\n  omega",
        # no goals left: `all_goals` with a block does nothing
        "(a : ℕ) (h : a = 1) : a = 1 := by\n  exact h\n  all_goals\n    intro z\n    rfl",
    ],
)
def test_combinator_blocks(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # all_goals fails when the block fails on one goal
        "(a : ℕ) (h : a = 1) : a = 1 ∧ a + 1 = 2 := by\n  constructor\n  all_goals\n    exact h",
        # the block is a sequence, not the arguments of its first tactic; here the second goal is left
        "(a : ℕ) (h : a = 1) : a = 1 ∧ a + 1 = 2 := by\n  constructor\n  any_goals\n    exact h",
        # a false statement stays unprovable through a block
        "(a : ℕ) (h : a = 1) : a = 1 ∧ a + 1 = 3 := by\n  constructor\n  all_goals\n    subst h\n    rfl",
    ],
)
def test_combinator_blocks_refuse(src: str) -> None:
    assert not _accepts(src)
