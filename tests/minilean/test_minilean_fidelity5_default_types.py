"""Lean's default instances, as they fix the type of untyped numerals:
- a unary minus in an otherwise untyped arithmetic term makes it ℤ (core's `@[default_instance mid]
  instance : Neg Int` comes before `OfNat ℕ`, prio low), e.g. in `rw [show … by ring]`;
- a lemma applied to numerals under an expected type (`exact dvd_mul_right 11 _`) takes the expected
  type's α: the numerals' `OfNat ?α` waits until the result is unified with the goal."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        ": -1 + 1 = 0 := by\n  norm_num",
        ": -3 * 2 < 0 := by\n  norm_num",
        "(n : ℕ) (x : ℤ) (h : x + (-1) ^ n = 5 ^ n - (-1) ^ n + (-1) ^ n) : x + (-1) ^ n = 5 ^ n := by\n"
        "  rw [show 5 ^ n - (-1) ^ n + (-1) ^ n = 5 ^ n by ring] at h\n  exact h",
        "(x : ℤ) : (7 : ℤ) ∣ 7 * x := by\n  exact dvd_mul_right 7 _",
        "(x y : ℤ) (h : 7 ∣ y) : (7 : ℤ) ∣ 7 * x + y := by\n  exact dvd_add (dvd_mul_right 7 _) h",
    ],
)
def test_default_types_accept(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        ": (-1 : ℕ) + 1 = 0 := by\n  norm_num",  # an ascribed ℕ leaf still wins: Neg ℕ fails
        ": -1 + 2 = 0 := by\n  norm_num",  # false over ℤ
        ": -1 + 1 = 1 := by\n  norm_num",  # false over ℤ (it would hold nowhere else either)
        "(x : ℤ) : (7 : ℤ) ∣ 8 * x := by\n  exact dvd_mul_right 7 _",  # false instance
        # no expected type: the numerals default to ℕ and the fact is about ℕ, not the ℤ goal
        ": (7 : ℤ) ∣ 7 * 5 := by\n  have h := dvd_mul_right 7 5\n  exact h",
    ],
)
def test_default_types_refuse(src: str) -> None:
    assert not _accepts(src)
