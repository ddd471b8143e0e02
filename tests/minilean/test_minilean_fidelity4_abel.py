"""Mathlib's `abel` (its `abel1` step): equal in the free commutative additive group over atoms, where
products, quotients, non-zero numerals and functions are atoms compared as written."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_abel_regroups_sums_of_atoms() -> None:
    src = "(x y z : ℝ) : x * y + x + 1 / y + z = z + (x + 1 / y) + x * y := by\n  abel"
    assert _accepts(src)
    assert _accepts("(a b c : ℤ) : a - (b - c) + 0 = -b + c + a := by\n  abel")
    assert _accepts("(a b : ℕ) : a + (b + a) = b + a + a := by\n  abel")


def test_abel_refuses_what_is_not_a_group_identity() -> None:
    assert not _accepts("(x y : ℝ) : x + y = x + x := by\n  abel")
    assert not _accepts("(x : ℝ) : x + x = 2 * x := by\n  abel")  # `2 * x` is an atom for abel
    assert not _accepts("(x : ℝ) : x * 2 = 2 * x := by\n  abel")  # multiplication is not read
    assert not _accepts("(x : ℝ) : x + 2 + 3 = x + 5 := by\n  abel")  # numerals are atoms
    assert not _accepts("(a b : ℕ) : a - b + b = a := by\n  abel")  # ℕ subtraction is an atom
    assert not _accepts("(x y : ℝ) (h : 0 ≤ y) : x ≤ x + y := by\n  abel")  # equalities only
