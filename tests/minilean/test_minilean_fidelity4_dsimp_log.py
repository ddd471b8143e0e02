"""`dsimp [a]` through a let-bound value mentioning `Real.log`: no @[simp] rfl lemma rewrites `Real.log`
(`Real.log_div_log` is rfl but not @[simp] in Mathlib 4), so dsimp unfolds the let and leaves the logs."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _errors(src: str) -> list[str]:
    res = elaborate(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"] + (["sorry"] if res.sorries else [])


def test_dsimp_unfolds_a_log_quotient() -> None:
    src = (
        "theorem t (x : ℝ) (h : Real.log x / Real.log 2 = 3) : True := by\n"
        "  let a := Real.log x / Real.log 2\n"
        "  have ha : a = 3 := by\n"
        "    dsimp [a]\n"
        "    exact h\n"
        "  trivial\n"
    )
    assert _errors(src) == []


def test_dsimp_log_keeps_meaning() -> None:
    # a false variant: the unfolded goal is not the hypothesis
    src = (
        "theorem t (x : ℝ) (h : Real.log x / Real.log 2 = 3) : True := by\n"
        "  let a := Real.log x / Real.log 3\n"
        "  have ha : a = 3 := by\n"
        "    dsimp [a]\n"
        "    exact h\n"
        "  trivial\n"
    )
    assert _errors(src) != []


def test_dsimp_does_not_evaluate_log_zero() -> None:
    # `Real.log_zero` is @[simp] but proved by `dif_pos rfl`, not `rfl`: dsimp leaves `Real.log 0`
    src = (
        "theorem t : True := by\n"
        "  let a := Real.log 0\n"
        "  have ha : a = 0 := by\n"
        "    dsimp [a]\n"
        "  trivial\n"
    )
    assert _errors(src) != []
