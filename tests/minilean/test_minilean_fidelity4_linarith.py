"""nlinarith multiplies natToInt's `(↑t : ℤ) ≥ 0` facts with the other hypotheses (they are added before
the products, as in Mathlib's preprocessing chain), and `by_contra h` on a negated goal (`¬q`, `a ≠ b`)
introduces `h : q` / `h : a = b` (Batteries' macro)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        # u ≥ 0 times v - u ≥ 0
        "(u v : ℕ) (h : u ≤ v) : u ^ 2 ≤ u * v := by\n  nlinarith",
        "(u v : ℕ) (h : u ≤ v) : u * u ≤ v * u := by\n  nlinarith",
        # a cast atom in a real fact
        "(n : ℕ) (x : ℝ) (h : 1 ≤ x) : (n : ℝ) ≤ n * x := by\n  nlinarith",
        # by_contra on `≠` gives the equation
        "(x : ℝ) (h : 2 * x = 3) : x ≠ 1 := by\n  by_contra hx\n  rw [hx] at h\n  norm_num at h",
        # by_contra on `¬q` gives `q`
        "(x : ℝ) (h : x > 2) : ¬ x < 1 := by\n  by_contra hx\n  linarith",
        "(x : ℝ) (h : x > 2) : x ≠ 1 := by\n  by_contra hx\n  linarith",
    ],
)
def test_accepts(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false variants
        "(u v : ℕ) (h : u ≤ v) : u * v ≤ u ^ 2 := by\n  nlinarith",
        "(n : ℕ) (x : ℝ) (h : x ≤ 1) : (n : ℝ) ≤ n * x := by\n  nlinarith",
        # integers have no nonnegativity fact
        "(u v : ℤ) (h : u ≤ v) : u ^ 2 ≤ u * v := by\n  nlinarith",
        # the hypothesis is `x = 1`, not `¬x ≠ 1`: a tactic expecting the double negation fails
        "(x : ℝ) (h : 2 * x = 3) : x ≠ 1 := by\n  by_contra hx\n  exact hx rfl",
    ],
)
def test_refuses(src: str) -> None:
    assert not _accepts(src)
