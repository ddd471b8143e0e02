# ruff: noqa: E501
"""Elaboration up to definitional equality, as Lean does it: an application whose type does not match the
expected type syntactically is finished and then compared by definitional equality (`12 ∣ 12 * 2` is
`12 ∣ 24` in ℕ, not in ℝ-valued terms), and ℕ literal offsets unify (`?n + 1` with `2` gives `?n := 1`).
Also `interval_cases x using hl, hu` takes its bounds from exactly those hypotheses."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.goals import match_expr
from minilean.syntax import NAT, REAL, EBin, EMeta, ENum


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_nat_offset_unification() -> None:
    pat = EBin("+", EMeta(1, NAT), ENum(1))
    assert match_expr(pat, ENum(5), {}, NAT) == {1: ENum(4)}
    assert match_expr(pat, ENum(0), {}, NAT) is None  # no ℕ literal is 0 = ?n + 1
    assert match_expr(EBin("+", EMeta(1, REAL), ENum(1)), ENum(5), {}, REAL) is None  # ℕ only


@pytest.mark.parametrize(
    "src",
    [
        ": 9 ∣ 27 := by exact Nat.dvd_mul_right 9 3",
        "(k : ℕ) (h₀ : 0 < k) : 1 ≤ k := Nat.succ_le_iff.mpr h₀",
        "(m : ℕ) (hn : m < 4) : m ≤ 3 := Nat.lt_succ_iff.mp hn",
        "(k : ℕ) (h1 : 2 ≤ k) (h2 : k ≤ 4) : k * k ≤ 16 := by\n  interval_cases k using h1, h2 <;> norm_num",
    ],
)
def test_accepted_up_to_definitional_equality(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize(
    "src",
    [
        ": 9 ∣ 28 := by exact Nat.dvd_mul_right 9 3",
        "(k : ℕ) (h₀ : 0 < k) : 2 ≤ k := Nat.succ_le_iff.mpr h₀",
        "(m : ℕ) (hn : m < 4) : m ≤ 2 := Nat.lt_succ_iff.mp hn",
        # ℝ arithmetic is not evaluated by definitional unfolding: Lean refuses `0 + 1 ≤ x + 1` for `1 ≤ x + 1`
        "(x : ℝ) (h₀ : 0 ≤ x) : 1 ≤ x + 1 := add_le_add_right h₀ 1",
        # the named hypotheses give the bounds: `h3` is too weak for the claim at k = 5
        "(k : ℕ) (h1 : 2 ≤ k) (h2 : k ≤ 4) (h3 : k ≤ 5) : k * k ≤ 16 := by\n  interval_cases k using h1, h3 <;> norm_num",
        "(k : ℕ) (h1 : 2 ≤ k) (h2 : k ≤ 4) : k * k ≤ 16 := by\n  interval_cases k using h1, nope <;> norm_num",
    ],
)
def test_refused(src: str) -> None:
    assert not _accepts(src), src
