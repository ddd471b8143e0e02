"""`Real.log` of numerals: simp's `Real.log_eq_zero` (@[simp]), positivity's `evalLogNatLit` /
`evalLogNatCast` (Mathlib.Analysis.SpecialFunctions.Log.Basic), and field_simp's discharger, whose
positivity step proves `Real.log n ≠ 0` for an integer literal with |n| ≥ 2."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _errors(binders: str, goal: str, *tactics: str) -> list[str]:
    body = "\n".join(f"  {t}" for t in tactics)
    res = elaborate(initial_env(), f"theorem t {binders} : {goal} := by\n{body}\n")
    return [str(m.data) for m in res.messages if m.severity == "error"]


@pytest.mark.parametrize("binders, goal, tactics", [
    ("", "Real.log 3 ≠ 0", ("norm_num",)),
    ("(x : ℝ) (h : Real.log x = 0) (hx : 2 < x)", "False",
     ("simp at h", "rcases h with h | h | h <;> linarith")),
    ("", "0 < Real.log 3", ("positivity",)),
    ("", "0 ≤ Real.log 1", ("positivity",)),
    ("(n : ℕ)", "0 ≤ Real.log n", ("positivity",)),
    ("", "Real.log 8 / Real.log 2 = Real.log 8 / Real.log 2", ("field_simp",)),
])
def test_accepted(binders: str, goal: str, tactics: tuple[str, ...]) -> None:
    assert _errors(binders, goal, *tactics) == []


def test_field_simp_clears_a_log_denominator() -> None:
    errs = _errors("", "Real.log 27 / Real.log 3 = 3", "field_simp", "done")
    assert errs and "⊢ Real.log 27 = 3 * Real.log 3" in errs[0]


@pytest.mark.parametrize("binders, goal, tactics", [
    ("", "Real.log 1 ≠ 0", ("norm_num",)),  # false
    ("", "0 < Real.log 1", ("positivity",)),  # false
    ("(x : ℝ)", "0 ≤ Real.log x", ("positivity",)),  # not true for 0 < x < 1
    ("", "Real.log 27 / Real.log 1 = 3", ("field_simp",)),  # log 1 = 0: not dischargeable
    ("", "Real.log 27 / Real.log (1 / 2) = 3", ("field_simp",)),  # rational branch not modelled
])
def test_refused(binders: str, goal: str, tactics: tuple[str, ...]) -> None:
    assert _errors(binders, goal, *tactics)


@pytest.mark.parametrize("binders, goal, tactics", [
    ("(h : Real.log 64 / Real.log 2 = Real.log 16 / Real.log 1)", "False", ("norm_num at h",)),
    ("(h : Real.log (-64) / Real.log 2 = Real.log 16 / Real.log (-1))", "False", ("norm_num at h",)),
    ("(x : ℝ)", "Real.log (-x) = Real.log x", ("simp",)),  # Real.log_neg_eq_log
    ("(x : ℝ)", "Real.log (abs x) = Real.log x", ("simp",)),  # Real.log_abs
    ("(x : ℝ) (h : Real.log 1 = x)", "x = 0", ("simp at h", "linarith")),  # Real.log_one
])
def test_log_simp_lemmas(binders: str, goal: str, tactics: tuple[str, ...]) -> None:
    assert _errors(binders, goal, *tactics) == []


@pytest.mark.parametrize("binders, goal, tactics", [
    ("(h : Real.log 64 / Real.log 2 = Real.log 64 / Real.log 2)", "False", ("norm_num at h",)),
    ("(x : ℝ)", "Real.log (-x) = -Real.log x", ("simp",)),
    ("(x : ℝ) (h : Real.log 1 = x)", "x = 1", ("simp at h", "linarith")),
])
def test_log_simp_refusals(binders: str, goal: str, tactics: tuple[str, ...]) -> None:
    assert _errors(binders, goal, *tactics)
