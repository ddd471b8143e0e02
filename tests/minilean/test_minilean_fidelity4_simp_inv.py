"""Plain `simp` and `1 / n`: Mathlib's @[simp] `one_div` turns `1 / 3` into `3⁻¹` (no simproc evaluates
ℝ literals), `inv_eq_zero` lets the discharger prove `3⁻¹ ≠ 0`, library-function arguments are simplified
at the function's domain (`⌊x⌋ : ℤ` takes `x : ℝ`), and `Complex.I_sq` / `Complex.I_mul_I` are @[simp].
norm_num keeps `1 / 3` as its rational literal."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _errors(src: str) -> list[str]:
    res = elaborate(initial_env(), src)
    return [str(m.data) for m in res.messages if m.severity == "error"]


def _thm(binders: str, goal: str, tacs: list[str]) -> str:
    body = "\n".join("  " + t for t in tacs)
    return f"theorem t {binders} : {goal} := by\n{body}\n"


@pytest.mark.parametrize("binders, goal, tacs", [
    # simp leaves `10 * 3⁻¹` inside the floor; the inverse can then be rewritten back by name
    ("", "Int.floor (7 * (1 / 4 : ℝ)) = 1", ["simp", "rw [← div_eq_mul_inv (7 : ℝ) (4 : ℝ)]", "sorry"]),
    ("(x : ℝ) (h : x = 1 / 5)", "x = 5⁻¹", ["simp at h", "exact h"]),
    ("(x : ℝ)", "x * (1 / 7) = x * 7⁻¹", ["simp"]),
    ("", "(0 : ℝ) ^ ((1 : ℝ) / 5) = 0", ["simp [Real.zero_rpow]"]),  # discharges `5⁻¹ ≠ 0`
    ("", "(6 : ℝ)⁻¹ ≠ 0", ["simp"]),
    ("(x : ℝ) (h : x⁻¹ = 0)", "x = 0", ["simp at h", "exact h"]),
    ("", "Complex.I ^ 2 = -1", ["simp"]),
    ("", "Complex.I * Complex.I = -1", ["norm_num"]),
    ("(z : ℂ) (h : z = Complex.I)", "z ^ 2 + 1 = 0", ["rw [h]", "simp"]),
    ("", "(1 / 3 : ℝ) * 3 = 1", ["norm_num"]),
])
def test_accepted(binders: str, goal: str, tacs: list[str]) -> None:
    errs = _errors(_thm(binders, goal, tacs))
    assert all("declaration uses 'sorry'" in e for e in errs), errs


@pytest.mark.parametrize("binders, goal, tacs", [
    ("", "(0 : ℝ)⁻¹ ≠ 0", ["simp"]),  # false
    ("", "Complex.I ^ 2 = 1", ["norm_num"]),  # false
    ("", "Complex.I * Complex.I = 1", ["simp"]),  # false
    # norm_num keeps its rational literal `1 / 3`: no `3⁻¹` to rewrite
    ("", "Int.floor (7 * (1 / 4 : ℝ)) = 1", ["norm_num", "rw [← div_eq_mul_inv (7 : ℝ) (4 : ℝ)]"]),
    ("(x : ℝ) (h : x = 1 / 5)", "x = 5⁻¹", ["norm_num at h", "rw [div_eq_mul_inv] at h", "exact h"]),
    # simp does not evaluate ℝ literal arithmetic
    ("", "Int.floor ((7 / 2 : ℝ) * 2) = 7", ["simp only []"]),
    ("(x : ℝ) (h : x⁻¹ = 1)", "x = 0", ["simp at h", "exact h"]),
])
def test_refused(binders: str, goal: str, tacs: list[str]) -> None:
    assert _errors(_thm(binders, goal, tacs))
