"""`ring` reads a cast of a numeral as that numeral (Mathlib's `ring` evaluates such atoms with
norm_num), while a cast of a non-numeral term stays an atom (`ring` does not push casts)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(y : ℕ) : ((y : ℤ) - 2) + ((↑(4 : ℕ) : ℤ) * ↑y - 1) = 5 * ↑y - 3 := by ring",
        "(y : ℤ) : (↑(3 : ℤ) : ℝ) * (y : ℝ) = 3 * (y : ℝ) := by ring",
        "(y : ℝ) : (↑(7 : ℕ) : ℝ) * y - y = 6 * y := by ring",
    ],
)
def test_ring_cast_numerals(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(y : ℕ) : ((y : ℤ) - 2) + ((↑(4 : ℕ) : ℤ) * ↑y - 1) = 5 * ↑y - 2 := by ring",
        "(y : ℝ) : (↑(7 : ℕ) : ℝ) * y - y = 7 * y := by ring",
        # a cast of a sum is an atom for ring
        "(y : ℕ) : ((y + 2 : ℕ) : ℤ) = (y : ℤ) + 2 := by ring",
    ],
)
def test_ring_cast_refusals(src: str) -> None:
    assert not _accepts(src)
