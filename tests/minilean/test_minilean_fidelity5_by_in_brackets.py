"""A `(by` term argument whose tactic block spans lines inside `rw [...]` (`minilean/by_in_brackets.py`):
Lean reads the lines after `by` as a tactic sequence laid out by column, closed by the `)` on its own line."""

from __future__ import annotations

import minilean.engine as engine
from minilean.by_in_brackets import join_by_blocks
from minilean.decls import initial_env


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


_HEAD = "theorem t (a : ℕ) (h : 6 ≤ a) : a - 3 + 3 = a := by\n  rw [Nat.sub_add_cancel (by\n"


def test_multiline_by_argument_accepted() -> None:
    assert _errors(_HEAD + "    have h2 : 3 ≤ 6 := by norm_num\n    omega\n  )]\n") == []


def test_inner_by_does_not_swallow_next_tactic() -> None:
    # `have … := by norm_num` proves only `3 ≤ 6`; the next line must close `3 ≤ a` on its own
    errs = _errors(_HEAD + "    have h2 : 3 ≤ 6 := by norm_num\n    exact h2\n  )]\n")
    assert errs and "type mismatch" in errs[0]


def test_block_that_does_not_prove_the_side_goal_refused() -> None:
    # no `6 ≤ a`: `3 ≤ a` is unprovable
    src = (
        "theorem t (a : ℕ) : a - 3 + 3 = a := by\n  rw [Nat.sub_add_cancel (by\n"
        "    norm_num\n    omega\n  )]\n"
    )
    assert _errors(src)


def test_layout_with_deeper_lines_left_alone() -> None:
    items = [(1, 2, "rw [foo (by"), (2, 4, "have h : P := by"), (3, 6, "simp"), (4, 2, ")]")]
    assert join_by_blocks(items) == items


def test_simple_layout_joined() -> None:
    items = [(1, 2, "rw [foo (by"), (2, 4, "have h : P := by simp"), (3, 4, "exact h"), (4, 2, ")]")]
    assert join_by_blocks(items) == [(1, 2, "rw [foo (by (have h : P := by simp); (exact h)"), (4, 2, ")]")]
