"""simp's @[simp] order lemmas on ℕ: `zero_le` (`0 ≤ a` is True) and `not_lt_zero'` (`a < 0` is False);
not on ℤ/ℝ, where they are false."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_zero_le_on_nat() -> None:
    assert _accepts("(a : ℕ) : 0 ≤ a + 1 := by\n  simp")
    assert _accepts("(a : ℕ) : a + 3 ≥ 0 := by\n  simp")
    assert not _accepts("(a : ℤ) : 0 ≤ a + 1 := by\n  simp")
    assert not _accepts("(a : ℝ) : 0 ≤ a := by\n  simp")


def test_not_lt_zero_on_nat() -> None:
    assert _accepts("(a : ℕ) : ¬ a < 0 := by\n  simp")
    assert _accepts("(a : ℕ) (h : a * 2 < 0) : False := by\n  simp at h")
    assert not _accepts("(a : ℤ) : ¬ a < 0 := by\n  simp")
