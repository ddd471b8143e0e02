"""`rw [rules] at h₁ h₂`: each rule rewrites each named hypothesis in turn, and every location must
contain an instance (Lean's withLocation on explicit targets)."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


HEAD = "(a b m : ℕ) (h₀ : m = 2 * a) (h₁ : m + b = 5) (h₂ : m * b = 4) : "


def test_two_hypotheses_rewritten() -> None:
    assert _accepts(HEAD + "2 * a + b = 5 := by\n  rw [h₀] at h₁ h₂\n  exact h₁")
    assert _accepts(HEAD + "2 * a * b = 4 := by\n  rw [h₀] at h₁ h₂\n  exact h₂")
    assert not _accepts(HEAD + "m * b = 4 := by\n  rw [h₀] at h₁ h₂\n  exact h₂")  # h₂ was rewritten too


def test_every_location_needs_an_instance() -> None:
    src = "(a b m : ℕ) (h₀ : m = 2 * a) (h₁ : m + b = 5) (h₂ : b = 4) : 2 * a + b = 5 := by\n"
    assert not _accepts(src + "  rw [h₀] at h₁ h₂\n  exact h₁")
    assert _accepts(src + "  rw [h₀] at h₁\n  exact h₁")
