"""`unfold Real.logb`: Mathlib's `Real.logb b x` is defined as `Real.log x / Real.log b` (unfold_logb.py)."""

from __future__ import annotations

import minilean.engine as engine
from minilean.decls import initial_env


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


def test_unfold_goal_then_rfl() -> None:
    src = "theorem t (x : ℝ) : Real.logb 2 x = Real.log x / Real.log 2 := by\n  unfold Real.logb\n  rfl\n"
    assert _errors(src) == []


def test_unfold_at_hypothesis() -> None:
    src = (
        "theorem t (x : ℝ) (h : Real.logb 2 x = 3) : Real.log x / Real.log 2 = 3 := by\n"
        "  unfold Real.logb at h\n  exact h\n"
    )
    assert _errors(src) == []


def test_unfold_leaves_the_goal_open() -> None:
    # `unfold` does not close the goal it produced: a following tactic is needed
    src = "theorem t (x : ℝ) : Real.logb 2 x = Real.log x / Real.log 2 := by\n  unfold Real.logb\n"
    assert _errors(src)


def test_swapped_quotient_refused() -> None:
    src = "theorem t (x : ℝ) : Real.logb 2 x = Real.log 2 / Real.log x := by\n  unfold Real.logb\n  rfl\n"
    assert _errors(src)


def test_nothing_to_unfold_refused() -> None:
    errs = _errors("theorem t (x : ℝ) : Real.log x = Real.log x := by\n  unfold Real.logb\n")
    assert errs and "unfold failed" in errs[0]


def test_other_definitions_still_refused() -> None:
    errs = _errors("theorem t (x : ℝ) : Real.sqrt x = Real.sqrt x := by\n  unfold Real.sqrt\n")
    assert errs
