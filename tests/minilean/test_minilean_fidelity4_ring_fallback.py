"""Mathlib's `ring` is `first | ring1 | try_this ring_nf`: when ring1 fails, the proof continues on
ring_nf's normalized goal; a goal ring_nf cannot change is still an error."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_ring_on_an_inequality_continues_with_ring_nf() -> None:
    src = "(x p : ℝ) (h : x ≤ 15) : 15 ≤ x - p + -(x - 15) + -(x - p - 15) := by\n  ring\n  linarith"
    assert _accepts(src)
    # the normalized goal `15 ≤ 30 - x` needs x ≤ 15: a weaker hypothesis does not do
    bad = "(x p : ℝ) (h : x ≤ 16) : 15 ≤ x - p + -(x - 15) + -(x - p - 15) := by\n  ring\n  linarith"
    assert not _accepts(bad)


def test_ring_leaves_normal_form_for_the_next_tactic() -> None:
    src = "(x : ℤ) (h₀ : x = 4) : (3 * x - 2) * (4 * x + 1) - (3 * x - 2) * (4 * x) + 1 = 11 := by\n"
    assert _accepts(src + "  ring\n  rw [h₀]\n  norm_num")
    assert not _accepts(src + "  ring")  # ring alone leaves `-1 + x * 3 = 11` unsolved


def test_ring_still_fails_when_ring_nf_makes_no_progress() -> None:
    assert not _accepts("(x y : ℝ) (h : x = y) : x = y := by\n  ring\n  exact h")


def test_ring_closes_identities_as_before() -> None:
    assert _accepts("(a b : ℝ) : (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2 := by\n  ring")


def test_ring_with_symbolic_exponents() -> None:
    # Mathlib's ring normalizes exponents (pow_add, pow_mul)
    assert _accepts("(x : ℝ) (n : ℕ) : x ^ (n + 2) = x ^ n * x ^ 2 := by\n  ring")
    assert _accepts("(x : ℝ) (n m : ℕ) : x ^ (2 * n + m) = (x ^ n) ^ 2 * x ^ m := by\n  ring")
    assert _accepts("(n : ℕ) : 2 ^ (n + 1) = 2 * 2 ^ n := by\n  ring")
    assert not _accepts("(x : ℝ) (n : ℕ) : x ^ (n + 2) = x ^ n * x ^ 3 := by\n  ring")
    assert not _accepts("(x : ℝ) (n : ℕ) : x ^ (n + 1) = x ^ n + x := by\n  ring")


def test_ring_nf_fallback_splits_symbolic_exponents() -> None:
    # the fallback's goal is `x * x ^ n ≤ 1` (pow_add, as Mathlib's ring_nf prints it); linarith reads
    # `x ^ (n + 1)` in h as another atom, so it cannot close it, in Lean as here (round 22c)
    src = "(x : ℝ) (n : ℕ) (h : x ^ (n + 1) ≤ 1) : x ^ (n + 1) + 0 ≤ 1 := by\n  ring\n  linarith"
    assert not _accepts(src)
    assert _accepts("(x : ℝ) (n : ℕ) (h : x * x ^ n ≤ 1) : x ^ (n + 1) + 0 ≤ 1 := by\n  ring\n  linarith")


def test_linarith_keeps_symbolic_powers_atomic() -> None:
    # linarith's linear forms do not apply pow_add: `x ^ (n + 1)` and `x ^ n * x` are unrelated atoms
    assert not _accepts("(x : ℝ) (n : ℕ) (h : x ^ n * x ≤ 1) : x ^ (n + 1) ≤ 1 := by\n  linarith")
