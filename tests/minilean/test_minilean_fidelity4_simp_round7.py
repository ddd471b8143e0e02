"""Round 7 simp details: `Real.sqrt_zero` / `Real.sqrt_one` (@[simp]); field_simp's hint equations also
fire on the cleared form (simp runs to a fixpoint), taken only where that closes the goal."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_sqrt_zero_one() -> None:
    assert _accepts(": Real.sqrt (1 + 0) = 1 := by\n  norm_num")
    assert _accepts(": Real.sqrt 0 = 0 := by\n  simp")
    assert not _accepts(": Real.sqrt 1 = 0 := by\n  simp")
    assert not _accepts(": Real.sqrt 4 = 2 := by\n  simp")  # no evaluation of other square roots


def test_field_simp_hint_closes_cleared_goal() -> None:
    head = "(n : ℕ) (h : (n : ℝ) * 4 = 2008) (f : (4 : ℝ) ≠ 0) : (n : ℝ) = 2008 / 4 := by\n  "
    assert _accepts(head + "field_simp [h, f]")
    assert not _accepts(head + "field_simp [f]")  # a hypothesis that is not a hint is not used
    bad = "(n : ℕ) (h : (n : ℝ) * 4 = 2009) (f : (4 : ℝ) ≠ 0) : (n : ℝ) = 2008 / 4 := by\n  "
    assert not _accepts(bad + "field_simp [h, f]")


def test_field_simp_default_lemmas_on_flat_divisions() -> None:
    # field_simp runs the default simp set too: `5 * y / 5` cancels (mul_div_cancel_left₀) and closes
    assert _accepts("(y : ℝ) (f : (5 : ℝ) ≠ 0) : y = 5 * y / 5 := by\n  field_simp [f]")
    assert not _accepts("(y : ℝ) : y = 5 * y / 6 := by\n  field_simp")
    # nested divisions: field_simps lemmas act first in Lean and a goal stays, for `ring`
    nested = "(x : ℝ) (f : x ≠ 0) : 7 / 25 * x / x = 7 / 25 := by\n  field_simp [f]"
    assert not _accepts(nested)
    assert _accepts(nested + "\n  ring")


def test_nat_cast_nonneg() -> None:
    assert _accepts("(n : ℕ) : (0 : ℝ) ≤ n := by\n  norm_num")
    assert _accepts("(n : ℕ) : (n : ℤ) ≥ 0 := by\n  simp")
    assert not _accepts("(n : ℤ) : (0 : ℝ) ≤ n := by\n  simp")  # casts from ℤ can be negative
    assert not _accepts("(n : ℕ) : (0 : ℝ) < n := by\n  simp")


def test_field_simp_reads_inverses_as_one_div() -> None:
    head = "(a : ℝ) (h₀ : a ≠ 0) (h₁ : 8⁻¹ / 4⁻¹ - a⁻¹ = 1) : a = C := by\n  field_simp at h₁\n  linarith"
    assert _accepts(head.replace("C", "-2"))
    assert not _accepts(head.replace("C", "2"))
    # `a⁻¹` needs `a ≠ 0` to be cleared
    assert not _accepts("(a : ℝ) (h₁ : 8⁻¹ / 4⁻¹ - a⁻¹ = 1) : a = -2 := by\n  field_simp at h₁\n  linarith")


def test_sqrt_simp_lemmas_and_dvd_zero() -> None:
    # Real.mul_self_sqrt / Real.sq_sqrt need `0 ≤ x` from the discharger
    assert _accepts(": Real.sqrt 88 * Real.sqrt 88 = 88 := by\n  norm_num")
    assert _accepts("(x : ℝ) (h : 0 ≤ x) : Real.sqrt x ^ 2 = x := by\n  simp [h]")
    assert not _accepts("(x : ℝ) : Real.sqrt x * Real.sqrt x = x := by\n  simp")
    assert not _accepts(": Real.sqrt (-4) * Real.sqrt (-4) = -4 := by\n  norm_num")
    assert _accepts("(x : ℝ) : 0 ≤ Real.sqrt (x - 1) := by\n  simp")  # Real.sqrt_nonneg
    assert _accepts(": (11 : ℤ) ∣ 10 ^ 0 - (-1) ^ 0 := by\n  simp")  # dvd_zero after evaluation
    assert not _accepts(": (11 : ℤ) ∣ 10 ^ 1 - (-1) ^ 0 := by\n  simp")


def test_one_div_is_inv() -> None:
    assert _accepts("(x : ℝ) : x⁻¹ = 1 / x := by\n  simp")
    assert _accepts("(x : ℝ) (h : x⁻¹ = 3) : 1 / x = 3 := by\n  simp\n  exact h")  # goal becomes `x⁻¹ = 3`
    assert not _accepts("(x : ℝ) : x⁻¹ = 2 / x := by\n  simp")
    assert not _accepts("(x : ℕ) : 1 / x = 0 := by\n  simp")  # ℕ division is not a field's
