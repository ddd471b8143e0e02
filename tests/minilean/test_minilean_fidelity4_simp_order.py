"""Default-set simp lemmas on order relations (simp_order.py) and `add_tsub_cancel_right/left` (simp.py):
`le_add_iff_nonneg_right/left`, `lt_add_iff_pos_right/left`, `add_le_iff_nonpos_*`, `add_lt_iff_neg_*`,
`sub_nonneg`, `sub_pos`, `nonpos_iff_eq_zero` (ℕ), `abs_eq_self`, `abs_eq_neg_self`. `simp only` does not
use them; false goals stay open."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _errors(binders: str, goal: str, *tactics: str) -> list[str]:
    body = "\n".join(f"  {t}" for t in tactics)
    res = elaborate(initial_env(), f"theorem t {binders} : {goal} := by\n{body}\n")
    return [str(m.data) for m in res.messages if m.severity == "error"]


@pytest.mark.parametrize("binders, goal", [
    ("(n : ℕ)", "7 ≤ 7 + n"),  # le_add_iff_nonneg_right, then zero_le
    ("(n : ℕ)", "7 ≤ n + 7"),  # le_add_iff_nonneg_left
    ("(x y : ℝ) (h : y ≤ x)", "y ≤ x ↔ 0 ≤ x - y"),  # sub_nonneg, then iff_self
    ("(x y : ℝ)", "x < y ↔ 0 < y - x"),  # sub_pos
    ("", "|(2 : ℝ)| = 2"),  # abs_eq_self, then the literal comparison
    ("", "|(5 : ℤ)| = 5"),
    ("(n : ℕ)", "(n + 3) - 3 = n"),  # add_tsub_cancel_right
    ("(n : ℕ)", "(3 + n) - 3 = n"),  # add_tsub_cancel_left
])
def test_simp_closes(binders: str, goal: str) -> None:
    assert _errors(binders, goal, "simp") == []


@pytest.mark.parametrize("binders, goal", [
    ("(x : ℝ)", "x ≤ x + 1 ↔ x < 0"),  # false: simp leaves `0 ≤ 1 ↔ x < 0`, i.e. `x < 0`
    ("", "|(-2 : ℝ)| = -2"),  # abs_neg, then `2 = -2`: false
    ("(n : ℕ)", "n + 3 ≤ n"),  # false: becomes `3 ≤ 0` → False
])
def test_simp_does_not_close_false_goals(binders: str, goal: str) -> None:
    assert _errors(binders, goal, "simp")


def test_simp_only_does_not_use_them() -> None:
    errs = _errors("(n : ℕ)", "7 ≤ 7 + n", "simp only []")
    assert errs


@pytest.mark.parametrize("binders, goal, expected", [
    ("(x : ℝ) (h : 0 < x)", "x ≤ x + x", "0 ≤ x"),
    ("(x y : ℝ) (h : x < y)", "x + y < x", "y < 0"),
    ("(n m : ℕ) (h : m = 0)", "n + m ≤ n", "m = 0"),  # add_le_iff_nonpos_right, nonpos_iff_eq_zero
    ("(x : ℝ) (h : x ≤ 0)", "|x| = -x", "x ≤ 0"),
])
def test_simp_result_form(binders: str, goal: str, expected: str) -> None:
    # the goal simp leaves is exactly the one `exact h`-style closing needs: `simp; exact ?`
    errs = _errors(binders, goal, "simp", "done")
    assert errs and f"⊢ {expected}" in errs[0]
