"""`contradiction` closes a goal with `h : a < 0` in ℕ (Lean's empty-inductive check: `Nat.le (a + 1) 0`
has no constructor whose index unifies), not in ℤ/ℝ, and not `a ≤ 0`."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_nat_lt_zero() -> None:
    assert _accepts("(a : ℕ) (h : a < 0) : a = 7 := by\n  contradiction")
    assert _accepts("(h : (0 : ℕ) < 0) : False := by\n  contradiction")
    assert not _accepts("(a : ℤ) (h : a < 0) : a = 7 := by\n  contradiction")
    assert not _accepts("(a : ℕ) (h : a ≤ 0) : a = 7 := by\n  contradiction")


def test_induction_zero_case() -> None:
    src = "(n : ℕ) (h₀ : 0 < n) : 1 ≤ n := by\n  induction n with\n"
    src += "  | zero =>\n    contradiction\n  | succ k ih =>\n    omega"
    assert _accepts(src)
