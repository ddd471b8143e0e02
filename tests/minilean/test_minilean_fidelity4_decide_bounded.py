"""`decide` on `∀ x : ℕ, x ≤ n → P x` / `x < n → …` with a literal bound (Lean's Nat.decidableBallLE /
Nat.decidableBallLT instances evaluate every case); small bounds only."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_bounded_forall_after_revert() -> None:
    src = "(n : ℕ) (h₀ : n ≤ 9) (h₁ : 18 ∣ 3740 + n) : n = C := by\n  revert h₀ h₁\n  revert n\n  decide"
    assert _accepts(src.replace("C", "4"))
    assert not _accepts(src.replace("C", "5"))


def test_strict_bound_and_refusals() -> None:
    assert _accepts(": ∀ n : ℕ, n < 5 → n * n < 20 := by\n  decide")
    assert not _accepts(": ∀ n : ℕ, n < 6 → n * n < 20 := by\n  decide")
    assert not _accepts(": ∀ n : ℕ, n * n ≥ 0 := by\n  decide")  # unbounded: no Decidable instance
    assert not _accepts(": ∀ n : ℕ, n ≤ 500 → n * n ≥ 0 := by\n  decide")  # beyond the modelled budget
    assert not _accepts("(m : ℕ) : ∀ n : ℕ, n < 3 → n < m + 3 := by\n  decide")  # free variable
