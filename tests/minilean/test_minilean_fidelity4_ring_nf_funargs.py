"""`ring_nf` normalizes inside the arguments of local functions (`f (x + 2 - 2)` ↦ `f x`), as Mathlib's
recursive ring_nf does; arguments with several atoms are left alone (their printed order is not modelled)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(f : ℤ → ℤ) (z : ℕ) : f (-z - 1 + 1) - (f 1 - f 0) = f (-z) - (f 1 - f 0) := by\n  ring_nf",
        "(f : ℝ → ℝ) (x : ℝ) (h : f x = 3) : f (x + 2 - 2) = 3 := by\n  ring_nf\n  exact h",
        "(f : ℕ → ℕ) (h : f 5 = 1) : f (2 + 3) = 1 := by\n  ring_nf\n  exact h",
        "(g : ℚ → ℚ → ℚ) (a : ℚ) : g (a * 2 - a) (1 + 1) = g a 2 := by\n  ring_nf",
    ],
)
def test_ring_nf_enters_local_function_arguments(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false: the arguments differ after normalization
        "(f : ℤ → ℤ) (z : ℕ) : f (-z - 1 + 1) = f (-z + 1) := by\n  ring_nf",
        "(f : ℝ → ℝ) (x : ℝ) (h : f x = 3) : f (x + 2 - 1) = 3 := by\n  ring_nf\n  exact h",
        # ring_nf does not know anything about f itself
        "(f : ℝ → ℝ) (x : ℝ) : f (2 * x) = 2 * f x := by\n  ring_nf",
    ],
)
def test_ring_nf_function_arguments_refuse(src: str) -> None:
    assert not _accepts(src)
