"""Powers with non-ℕ exponents: `x ^ (y : ℝ)` is Real.rpow, `x ^ (n : ℤ)` is zpow, as Lean's `HPow`
instances resolve them (the exponent is elaborated on its own; numerals default to ℕ, Monoid.npow)."""

from __future__ import annotations

import pytest

from minilean import smt
from minilean.engine import elaborate, initial_env
from minilean.syntax import parse_prop

S = {"x": "ℝ", "y": "ℝ", "n": "ℕ", "m": "ℤ"}


def _goal(stmt: str) -> str:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, [m.data for m in res.messages]
    return res.sorries[0].render().split("⊢ ")[-1]


def _proves(stmt: str, tactic: str) -> bool:
    return not elaborate(initial_env(), f"theorem t {stmt} := by\n  {tactic}").has_errors


def _valid(goal: str, hyps: tuple[str, ...] = ()) -> bool | None:
    return smt.valid([parse_prop(h, S) for h in hyps], parse_prop(goal, S), S, 3000)


def test_exponent_type_selects_the_power() -> None:
    # an untyped exponent is shown ascribed: `3 / 2` alone would be ℕ division (= 1)
    assert _goal(": (2 : ℝ) ^ ((3 : ℝ) / 2) = 1") == "(2 ^ (3 / 2 : ℝ) : ℝ) = 1"
    assert _goal("(b : ℝ) : b ^ (-(3 : ℤ)) = 1") == "b ^ (-3 : ℤ) = 1"
    assert _goal("(x y : ℝ) : x ^ y = 8 ^ x") == "x ^ y = 8 ^ x"
    # numerals are ℕ exponents: `1 / 3` is ℕ division, so this is x ^ 0
    assert _goal("(x : ℝ) : x ^ (1 / 3) = 1") == "x ^ (1 / 3) = 1"
    assert _valid("x ^ (1 / 3) = 1") is True


@pytest.mark.parametrize(
    "stmt", ["(x : ℝ) : 2 ^ x = 3", "(x : ℝ) : (2 : ℕ) ^ x = 3", ": (2 : ℤ) ^ (1 : ℤ) = 2"]
)
def test_powers_without_an_instance_are_refused(stmt: str) -> None:
    assert elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry").has_errors


def test_rpow_is_an_atom_with_mathlib_facts() -> None:
    assert _proves("(x : ℝ) (h : (2 : ℝ) ^ x = 3) : (2 : ℝ) ^ x + 1 = 4", "linarith")
    assert not _proves("(x : ℝ) (h : (2 : ℝ) ^ x = 3) : (2 : ℝ) ^ x + 1 = 5", "linarith")
    assert _valid("x ^ (0 : ℝ) = 1") is True  # Real.rpow_zero
    assert _valid("x ^ (1 : ℝ) = x") is True  # Real.rpow_one
    assert _valid("(2 : ℝ) ^ y > 0") is True  # Real.rpow_pos_of_pos
    assert _valid("(2 : ℝ) ^ y > 1") is False  # y may be negative: nothing more is known
    assert _valid("x ^ y ≥ 0") is False  # (-1) ^ (1/2) is not known to be ≥ 0 (it is not, in Lean)


def test_zpow_and_symbolic_npow_are_exact() -> None:
    assert _valid("x ^ (-2 : ℤ) = 1 / x ^ 2") is True  # zpow_neg, with 0⁻¹ = 0
    assert _valid("(0 : ℝ) ^ (-1 : ℤ) = 0") is True
    assert _valid("x ^ (-1 : ℤ) = x") is False
    assert _valid("x ^ m = x ^ 2", ("m = 2",)) is True
    assert _valid("x ^ (n + 1) = x * x ^ n") is True  # Monoid.npow with a symbolic exponent
    assert _valid("x ^ (n + 1) = x + x ^ n") is False


def test_inverse_in_fields() -> None:
    assert _goal("(x : ℝ) : (4 / x)⁻¹ * x = 1") == "(4 / x)⁻¹ * x = 1"
    assert _goal("(a : ℝ) : 8⁻¹ / 4⁻¹ - a⁻¹ = 1") == "8⁻¹ / 4⁻¹ - a⁻¹ = 1"  # numerals take the tree's type
    assert elaborate(initial_env(), "theorem t : (2 : ℕ)⁻¹ = 0 := by\n  sorry").has_errors  # no Inv ℕ
    assert _proves(": (8 : ℝ)⁻¹ / 4⁻¹ = 1 / 2", "norm_num")
    assert not _proves(": (8 : ℝ)⁻¹ / 4⁻¹ = 2", "norm_num")
    assert _valid("x * x⁻¹ = 1", ("x ≠ 0",)) is True
    assert _valid("x * x⁻¹ = 1") is False  # 0⁻¹ = 0
    assert _valid("(0 : ℝ)⁻¹ = 0") is True
