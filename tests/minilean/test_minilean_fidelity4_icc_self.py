"""`Finset.Icc_self` with `sum_singleton` / `prod_singleton` (all @[simp]): the default simp set (and
norm_num's) turns a big operator over `Icc a a` (numeral `a`) into its summand at `a` (range_simp.py)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _errors(goal: str, *tactics: str) -> list[str]:
    body = "\n".join(f"  {t}" for t in tactics)
    res = elaborate(initial_env(), f"theorem t : {goal} := by\n{body}\n")
    return [str(m.data) for m in res.messages if m.severity == "error"]


@pytest.mark.parametrize("goal, tac", [
    ("∏ k in Finset.Icc 2 2, (1 + 1 / (2 ^ k : ℚ)) ≤ (5 / 3 : ℚ) * (1 - 1 / (2 ^ 2 : ℚ))", "norm_num"),
    ("∑ k in Finset.Icc (3 : ℕ) 3, k ^ 2 = 9", "simp"),
    ("∑ k in Finset.Icc (3 : ℕ) 3, (k : ℝ) = 3", "norm_num"),
])
def test_icc_self_closes(goal: str, tac: str) -> None:
    assert _errors(goal, tac) == []


@pytest.mark.parametrize("goal, tac", [
    ("∏ k in Finset.Icc 2 2, (1 + 1 / (2 ^ k : ℚ)) ≤ 1", "norm_num"),  # false: 5/4 ≤ 1
    ("∑ k in Finset.Icc (3 : ℕ) 3, k ^ 2 = 10", "simp"),
    ("∑ k in Finset.Icc (3 : ℕ) 3, k ^ 2 = 9", "simp only []"),  # not in `simp only`
    ("∑ k in Finset.Icc (3 : ℕ) 4, k = 7", "simp"),  # a ≠ b: later interval simprocs not modelled
])
def test_icc_self_refusals(goal: str, tac: str) -> None:
    assert _errors(goal, tac)


def test_simp_rewrites_the_bounds_of_a_big_operator() -> None:
    # simp rewrites `n` in the bound with the hypothesis (congruence), then Icc_self and prod_singleton
    src = "(n : ℕ) (h : n = 0) : ∏ k in Finset.Icc 1 (n + 1), (1 + (1 : ℝ) / k ^ 3) ≤ 2"
    res = elaborate(initial_env(), f"theorem t {src} := by\n  simp [h]\n  norm_num\n")
    assert not res.has_errors
    bad = "(n : ℕ) (h : n = 0) : ∏ k in Finset.Icc 1 (n + 1), (1 + (1 : ℝ) / k ^ 3) ≤ 1"
    res = elaborate(initial_env(), f"theorem t {bad} := by\n  simp [h]\n  norm_num\n")
    assert res.has_errors


def test_bounds_are_simplified_without_a_named_range_lemma() -> None:
    tac = "simp only [Finset.sum_range_succ, Finset.sum_range_zero]"
    assert _errors("∑ k in Finset.range (2 + 1), k = 3", tac) == []
    assert _errors("∑ k in Finset.range (2 + 1), k = 4", tac)
