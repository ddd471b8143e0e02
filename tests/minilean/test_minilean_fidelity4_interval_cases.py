"""`interval_cases e` as Mathlib's: `e` may be a term (generalized: its instances are replaced by each
value), bounds come only from hypotheses (also negated ones), and there is no limit on the number of
cases (minilean keeps a safety valve far above any competition proof)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.interval_bounds import MAX_CASES


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        # a remainder as the scrutinee, its bound given by `Nat.mod_lt` in the context
        "(n : ℕ) (h₀ : 3 * (n % 7) % 7 = 2) (h₁ : n % 7 < 7) : n % 7 = 3 := by\n"
        "  interval_cases n % 7 <;> omega",
        # an application as the scrutinee
        "(a : ℕ → ℕ) (h : a 0 ^ 2 = 9) (hb : a 0 ≤ 5) : a 0 = 3 := by\n  interval_cases (a 0) <;> omega",
        # more than 100 cases (Mathlib has no limit)
        "(n : ℕ) (h : n < 300) (h2 : 7 ∣ n + 1) (h3 : n % 97 = 0) (h4 : 0 < n) : n = 97 := by\n"
        "  interval_cases n <;> omega",
        # negated bounds are bounds
        "(n : ℕ) (h1 : ¬n < 2) (h2 : ¬3 < n) : n = 2 ∨ n = 3 := by\n  interval_cases n <;> simp",
        # inconsistent bounds close the goal
        "(n : ℕ) (h1 : 5 < n) (h2 : n < 3) : n = 100 := by\n  interval_cases n",
    ],
)
def test_interval_cases_accepts(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # no upper bound on the remainder in the context: Mathlib does not derive one from Nat.mod_lt
        "(n : ℕ) (h₀ : 3 * (n % 7) % 7 = 2) : n % 7 = 3 := by\n  interval_cases n % 7 <;> omega",
        # a false variant: the case 3 is left unprovable
        "(n : ℕ) (h₀ : 3 * (n % 7) % 7 = 2) (h₁ : n % 7 < 7) : n % 7 = 4 := by\n"
        "  interval_cases n % 7 <;> omega",
        # the variable stays: the case goals still mention `n` where it is not under `% 7`
        "(n : ℕ) (h₁ : n % 7 < 7) : n % 7 = n := by\n  interval_cases n % 7 <;> rfl",
        # a false variant with many cases
        "(n : ℕ) (h : n < 300) (h2 : 7 ∣ n + 1) (h3 : n % 97 = 0) (h4 : 0 < n) : n = 194 := by\n"
        "  interval_cases n <;> omega",
        # ℝ is not supported by Mathlib's interval_cases
        "(x : ℝ) (h1 : 0 ≤ x) (h2 : x ≤ 1) : x = 0 ∨ x = 1 := by\n  interval_cases x <;> simp",
    ],
)
def test_interval_cases_refuses(src: str) -> None:
    assert not _accepts(src)


def test_safety_valve_is_far_above_competition_sizes() -> None:
    assert MAX_CASES >= 5000
