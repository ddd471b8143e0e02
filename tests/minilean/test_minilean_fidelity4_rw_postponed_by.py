"""`rw [lemma (by tac)]`: a `by` argument whose type has metavariables is elaborated after the rewrite
assigned them (Lean's Term.withSynthesize around rewriteTarget), on the instantiated side condition."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_postponed_side_condition_proved() -> None:
    rw = "\n  rw [Real.mul_self_sqrt (by norm_num)]"
    assert _accepts(": (5 : ℝ) = Real.sqrt 5 * Real.sqrt 5 := by" + rw)
    src = "(a b : ℝ) (hb : 0 < b) (h : a * b ≤ 1) : a ≤ 1 / b := by\n"
    src += "  rw [le_div_iff (by positivity)]\n  exact h"
    assert _accepts(src)


def test_postponed_side_condition_must_hold() -> None:
    # `0 ≤ x` is not provable by norm_num for an arbitrary x
    rw = "\n  rw [Real.mul_self_sqrt (by norm_num)]"
    assert not _accepts("(x : ℝ) : x = Real.sqrt x * Real.sqrt x := by" + rw)
    # positivity cannot show `0 < b` without a hypothesis
    src = "(a b : ℝ) (h : a * b ≤ 1) : a ≤ 1 / b := by\n  rw [le_div_iff (by positivity)]\n  exact h"
    assert not _accepts(src)
    # the rewrite itself must still find an instance
    assert not _accepts(": (5 : ℝ) = Real.sqrt 5 * Real.sqrt 6 := by" + rw)
