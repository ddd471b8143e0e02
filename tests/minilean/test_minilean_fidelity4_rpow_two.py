"""`Real.rpow_two` (`x ^ (2 : ℝ) = x ^ 2`, @[simp]; later Mathlib's `Real.rpow_ofNat` agrees for 2): simp
and norm_num turn a real power with exponent 2 into the monoid power, then norm_num evaluates it. Other
numeral exponents of a symbolic base are left (their simp lemma exists only in later Mathlib); a numeral
base with any integer numeral exponent is norm_num's rpow extension (round 12)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _errors(binders: str, goal: str, tac: str) -> list[str]:
    res = elaborate(initial_env(), f"theorem t {binders} : {goal} := by\n  {tac}\n")
    return [str(m.data) for m in res.messages if m.severity == "error"]


@pytest.mark.parametrize("binders, goal, tac", [
    ("", "((1 / 3 : ℝ) ^ (2 : ℝ) * 6 ^ (2 : ℝ) : ℝ) = 4", "norm_num"),
    ("", "((7 : ℝ) ^ (2 : ℝ)) = 49", "norm_num"),
    # round 12: norm_num's rpow extension (Pow/Real.lean, 2024 and 2025 files) evaluates any integer numeral
    # exponent of a numeral base (rpow_numerals.py); only simp's `Real.rpow_ofNat` stays unmodelled
    ("", "((7 : ℝ) ^ (3 : ℝ)) = 343", "norm_num"),
    ("(x : ℝ)", "x ^ (2 : ℝ) = x ^ 2", "simp"),
])
def test_rpow_two_accepted(binders: str, goal: str, tac: str) -> None:
    assert _errors(binders, goal, tac) == []


@pytest.mark.parametrize("binders, goal, tac", [
    ("", "((7 : ℝ) ^ (2 : ℝ)) = 48", "norm_num"),  # false
    ("(x : ℝ)", "x ^ (3 : ℝ) = x ^ 3", "simp"),  # symbolic base, exponent 3: `rpow_ofNat`, not modelled
    ("(x : ℝ)", "x ^ (2 : ℝ) = x ^ 2", "simp only []"),
])
def test_rpow_two_refused(binders: str, goal: str, tac: str) -> None:
    assert _errors(binders, goal, tac)
