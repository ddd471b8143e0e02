"""`rw [Nat.pow_mod]` without arguments: the exponent is found by the rewrite's match (Mathlib states
`Nat.pow_mod (a b n : ℕ) : a ^ b % n = (a % n) ^ b % n`), and each instance used is checked by z3."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(m : ℕ) : m ^ 6 % 5 = (m % 5) ^ 6 % 5 := by\n  rw [Nat.pow_mod]",
        # the `^` that core's `Nat.pow_mod` puts into the goal is core `Nat.pow`, which rw's closing rfl
        # evaluates (round 22d, core_pow.py); a `^` written in the statement is not (norm_num finishes)
        "(m : ℕ) (h : m % 3 = 2) : m ^ 4 % 3 = 1 := by\n  rw [Nat.pow_mod, h]",
        ": 9 ^ 50 % 8 = 1 := by\n  rw [Nat.pow_mod]",
        "(m : ℕ) (h : m = 2) : m ^ 4 % 3 = 1 := by\n  rw [h]\n  norm_num",
    ],
)
def test_rw_pow_mod_without_arguments(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(m : ℕ) (h : m % 3 = 2) : m ^ 4 % 3 = 2 := by\n  rw [Nat.pow_mod, h]\n  norm_num",  # 2^4 % 3 = 1
        ": 9 ^ 50 % 8 = 2 := by\n  rw [Nat.pow_mod]\n  norm_num",
        # rw's rfl closed these goals already: Lean's norm_num then fails with "no goals"
        ": 9 ^ 50 % 8 = 1 := by\n  rw [Nat.pow_mod]\n  norm_num",
        "(m : ℕ) (h : m % 3 = 2) : m ^ 4 % 3 = 1 := by\n  rw [Nat.pow_mod, h]\n  norm_num",
        # no instance of `_ ^ _ % _`
        "(m : ℕ) : m % 5 = m % 5 + 0 := by\n  rw [Nat.pow_mod]",
    ],
)
def test_rw_pow_mod_refusals(src: str) -> None:
    assert not _accepts(src)
