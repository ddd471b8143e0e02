"""`c⁻¹` of a closed numeral is a number to linarith (its cancelDenoms preprocessing runs norm_num on the
hypothesis first, so `2⁻¹ + 2 / 3` is `7 / 6`) and to ring (which inverts numerals in a field). `0⁻¹`
(which is 0 in Lean) and inverses of terms with variables stay atoms, so minilean is never stronger."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(stmt: str, proof: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {proof}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    ("stmt", "proof"),
    [
        ("(x : ℝ) (h₀ : x * 2⁻¹ = 1) : x = 2", "linarith"),
        ("(x : ℝ) (h₀ : x * (2⁻¹ + 2 / 3) = 1) : x = 6 / 7", "linarith"),
        ("(x : ℚ) (h₀ : 3⁻¹ * x ≤ 1) : x ≤ 3", "linarith"),
        ("(x : ℝ) (h₀ : x * (1 / 2 + 2 / 3) = 1) : x = 6 / 7", "simp_all only [one_div]\n  linarith"),
        ("(x : ℝ) : x * 2⁻¹ * 2 = x", "ring"),
        ("(x : ℝ) : x * 4⁻¹ = x / 4", "ring"),
    ],
)
def test_numeral_inverses_are_numbers(stmt: str, proof: str) -> None:
    assert _accepts(stmt, proof)


@pytest.mark.parametrize(
    ("stmt", "proof"),
    [
        ("(x : ℝ) (h₀ : x * 2⁻¹ = 1) : x = 3", "linarith"),  # false
        ("(x : ℝ) (h₀ : x * (2⁻¹ + 2 / 3) = 1) : x = 7 / 6", "linarith"),  # false
        ("(x : ℝ) : x * 2⁻¹ = x / 3", "ring"),  # false
        ("(x : ℝ) (h₀ : x * 0⁻¹ = 1) : x = 5", "linarith"),  # true in Lean (0⁻¹ = 0), not by cancelDenoms
        ("(x y : ℝ) (hy : y = 2) (h₀ : x * y⁻¹ = 1) : x = 2", "linarith"),  # y⁻¹ is an atom to linarith
    ],
)
def test_what_is_not_a_numeral_inverse_is_refused(stmt: str, proof: str) -> None:
    assert not _accepts(stmt, proof)
