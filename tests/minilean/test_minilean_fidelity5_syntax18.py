"""Round 18b surface syntax: several `(by` term arguments laid over lines inside `rw [...]`, chained as
`) (by` (`minilean/by_in_brackets.py`). Lean reads each block after `by` as a tactic sequence whose column is
fixed by its first tactic; minilean joins a chained argument only when it lies deeper than the tactic line."""

from __future__ import annotations

import minilean.engine as engine
from minilean.by_in_brackets import join_by_blocks
from minilean.decls import initial_env


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


_HEAD = (
    "theorem t (x y : ℝ) (hx : 0 < x) (hy : 0 < y) :\n"
    "    Real.log (x * y) = Real.log x + Real.log y := by\n"
)


def _two_blocks(first: str, second: str, chain_col: int = 4) -> str:
    pad = " " * chain_col
    return (
        _HEAD
        + "  rw [Real.log_mul (by\n"
        + "".join(f"{pad}{t}\n" for t in first)
        + f"{pad}) (by\n"
        + "".join(f"{pad}{t}\n" for t in second)
        + f"{pad})\n"
        + "  ]\n"
    )


_NE_X = ["by_contra h", "have h0 : x = 0 := by nlinarith", "rw [h0] at hx", "linarith"]
_NE_Y = ["by_contra h", "have h0 : y = 0 := by nlinarith", "rw [h0] at hy", "linarith"]


def test_chained_by_arguments_accepted() -> None:
    assert _errors(_two_blocks(_NE_X, _NE_Y)) == []


def test_second_block_must_prove_its_own_side_goal() -> None:
    # `norm_num` uses no hypotheses: `y ≠ 0` is left unsolved (the block is checked, not skipped)
    wrong = ["have h0 : 0 < x := hx", "norm_num"]
    assert _errors(_two_blocks(_NE_X, wrong))


def test_without_positivity_hypothesis_refused() -> None:
    src = _two_blocks(_NE_X, _NE_Y).replace("(hy : 0 < y)", "(hy : 0 ≤ y)")
    assert _errors(src)


def test_chain_at_the_tactic_column_left_alone() -> None:
    # `) (by` at the column of `rw` itself: not a layout minilean settled against Lean (brackets clear
    # Lean's saved position), so it stays as written and is refused: weaker, never more accepting
    items = [
        (1, 2, "rw [foo (by"),
        (2, 4, "simp"),
        (3, 2, ") (by"),
        (4, 2, "simp"),
        (5, 2, ")]"),
    ]
    out = join_by_blocks(items)
    assert out[0] == (1, 2, "rw [foo (by (simp)")
    assert out[1:] == items[2:]


def test_chain_joined_when_deeper_than_the_tactic() -> None:
    items = [
        (1, 2, "rw [foo (by"),
        (2, 4, "simp"),
        (3, 4, ") (by"),
        (4, 4, "ring"),
        (5, 4, ")"),
        (6, 2, "]"),
    ]
    assert join_by_blocks(items) == [
        (1, 2, "rw [foo (by (simp)"),
        (3, 4, ") (by (ring)"),
        (5, 4, ")"),
        (6, 2, "]"),
    ]


def test_lone_close_paren_opener_without_a_chain_left_alone() -> None:
    # a `) (by` line with no `(by` block read before it on this tactic: nothing to continue
    items = [(1, 2, "exact foo"), (2, 4, ") (by"), (3, 4, "simp"), (4, 4, ")")]
    assert join_by_blocks(items) == items


# `case tag =>` ending its line, its body at the column of `case` itself (engine._run_block): Lean's
# `case … " => " tacticSeq` takes every following tactic at or right of the body's first tactic.

_CASES = "theorem t (n : ℕ) : {goal} := by\n  cases n\n"


def test_case_body_at_case_column_inside_cdot_accepted() -> None:
    src = _CASES.format(goal="0 + n = n") + "  . case zero =>\n    rfl\n  . case succ m =>\n    omega\n"
    assert _errors(src) == []


def test_case_body_at_case_column_is_checked() -> None:
    src = _CASES.format(goal="0 + n = n + 1") + "  . case zero =>\n    rfl\n  . case succ m =>\n    omega\n"
    assert _errors(src)


def test_case_body_takes_the_following_cases_greedily() -> None:
    # as in Lean, `case succ m =>` at the same column is read inside `zero`'s body, where no `succ` goal is
    errs = _errors(_CASES.format(goal="0 + n = n") + "  case zero =>\n  rfl\n  case succ m =>\n  omega\n")
    assert errs and "Case tag 'succ' not found" in errs[0]


def test_case_without_body_still_an_error() -> None:
    errs = _errors(_CASES.format(goal="0 + n = n") + "  case zero =>\n")
    assert errs
