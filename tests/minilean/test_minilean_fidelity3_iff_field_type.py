"""`Nat.cast_le.mpr h` / `Nat.cast_pos.mpr h`: the argument is a fact about ℕ, while the lemma lives at
the cast's target type, which the expected type gives."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(k j : ℕ) (h : k ≤ j) : (k : ℝ) ≤ (j : ℝ) := Nat.cast_le.mpr h",
        "(k : ℕ) (h : 0 < k) : (0 : ℚ) < (k : ℚ) := Nat.cast_pos.mpr h",
        "(k j : ℕ) (h : k < j) : (k : ℤ) < (j : ℤ) := Nat.cast_lt.mpr h",
        "(k j : ℕ) (h : (k : ℝ) ≤ (j : ℝ)) : k ≤ j := Nat.cast_le.mp h",
    ],
)
def test_iff_field_takes_the_expected_type(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(k : ℕ) (h : 1 < k) : (0 : ℝ) < (k : ℝ) := Nat.cast_pos.mpr h",
        "(k j : ℕ) (h : k ≤ j) : (k : ℝ) < (j : ℝ) := Nat.cast_le.mpr h",
        "(k j : ℕ) (h : k ≤ j) : (j : ℝ) ≤ (k : ℝ) := Nat.cast_le.mpr h",
    ],
)
def test_iff_field_refusals(src: str) -> None:
    assert not _accepts(src)
