"""`rw` finds instances as Lean's kabstract does: keyed on the head symbol, then compared by reducible
definitional equality, which for ℕ includes offsets (`?n + 1 =?= 6`, `k + 1 + 1 =?= k + 2`) and closed
literal arithmetic without `^`; function arguments are compared at their own type. The `rfl` that `rw`
tries afterwards uses the same equality. `rwa` is `rw …; assumption`."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        # the pattern's `?x + 1` unifies with the argument `1` (offset), then rw's rfl closes `0 + 1 = 1`
        "(f : ℕ → ℕ) (h : ∀ x, f (x + 1) = x) : f 1 = 0 := by\n  rw [h]",
        # every instance defeq to the instantiated pattern is rewritten: `f 3` and `f (2 + 1)`
        "(f : ℕ → ℕ) (h : ∀ x, f (x + 1) = x) : f 3 + f (2 + 1) = 4 := by\n  rw [h]",
        # offsets on both sides: `k + 1 + 1` is `k + 2`
        "(f : ℕ → ℕ) (k : ℕ) (h : f (k + 2) = 7) : f (k + 1 + 1) = 7 := by\n  rw [h]",
        # closed ℕ arithmetic inside a sum is the literal (evalNat)
        "(n m : ℕ) (h : 20 * 100 + n = m) (h2 : 3 ∣ 2000 + n) : 3 ∣ m := by\n  rw [h] at h2\n  exact h2",
        # an ↔ rule whose pattern needs an offset: `n < ?k + 1` against `n < 6`
        "(n : ℕ) (hn : n < 6) : n ≤ 5 := by\n  rw [Nat.lt_succ_iff] at hn\n  exact hn",
        # arguments of library functions are found at their type (here `Int.floor` of a real)
        "(x : ℝ) (h : x = 2) : Int.floor (3 * x) = Int.floor (3 * (2 : ℝ)) := by\n  rw [h]",
        # rw's rfl closes offsets: `y + 1 + 1 = y + 2`
        "(x y : ℕ) (h : x = y + 1) : x + 1 = y + 2 := by\n  rw [h]",
        # `7 % 3` and `4 % 3` are both the literal 1, so the closed `4 % 3` is an instance of `7 % 3`
        "(x : ℕ) (h : 7 % 3 = 1) : 4 % 3 * x = x := by\n  rw [h]\n  ring",
        # rwa: rewrite a hypothesis, then close the goal with it
        "(n m : ℕ) (hp : n * m = 4) (h : n = 2) : 2 * m = 4 := by\n  rwa [h] at hp",
        "(a b : ℕ) (h : a = b) (hb : b > 3) : a > 3 := by\n  rwa [h]",
    ],
)
def test_rw_finds_like_kabstract(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # no offset unification for ℝ: `?x + 1` never matches the real `2`
        "(f : ℝ → ℝ) (h : ∀ x, f (x + 1) = 0) : f 2 = 0 := by\n  rw [h]",
        # closed ℤ arithmetic does not reduce at reducible transparency
        "(f : ℤ → ℤ) (h : f (2 + 2) = 0) : f 4 = 0 := by\n  rw [h]",
        # the key: a literal is never an instance of a `+` pattern (kabstract compares heads first)
        "(g : ℕ → ℕ) (h : ∀ n, n + 1 = g n) : 5 = g 4 := by\n  rw [h]",
        # nor is a product an instance of a literal pattern
        "(m : ℕ) (h : 2000 = m) : 20 * 100 = m := by\n  rw [h]",
        # rw's rfl: `y + 1 + 1 = 2 + y` is not an offset identity, the goal stays open
        "(x y : ℕ) (h : x = y + 1) : x + 1 = 2 + y := by\n  rw [h]",
        # over ℝ the rfl does not evaluate arithmetic
        "(x y : ℝ) (h : x = y + 1) : x + 1 = y + 2 := by\n  rw [h]",
        # `^` is not evaluated by rw's rfl (Monoid.npow)
        "(m : ℕ) (h : m = 2) : m ^ 3 = 8 := by\n  rw [h]",
        # the offset needs a large enough literal: `?n + 3` does not match `2`
        "(f : ℕ → ℕ) (h : ∀ x, f (x + 3) = x) : f 2 = 0 := by\n  rw [h]",
        # rwa: the rewritten hypothesis must close the goal
        "(a b : ℕ) (h : a = b) (hb : b > 3) : a > 4 := by\n  rwa [h]",
        # rwa: false variants stay unprovable
        "(n : ℕ) (hn : n < 6) : n ≤ 4 := by\n  rwa [Nat.lt_succ_iff] at hn",
    ],
)
def test_rw_refusals(src: str) -> None:
    assert not _accepts(src)
