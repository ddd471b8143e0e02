"""field_simp's quotient nodes are simplified again by the default simp set: a numerator that is the
denominator times something cancels (`mul_div_cancel_left₀`); simp's `neg_mul`/`mul_neg`/`neg_mul_neg`."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_field_simp_cancels_whole_denominator() -> None:
    assert _accepts("(m : ℝ) (h8 : (8 : ℝ) ≠ 0) : (8 : ℝ)⁻¹ * (8 * m) = m := by\n  field_simp [h8]")
    assert _accepts("(t : ℝ) : 12 * ((1 : ℝ) / 12 * (4 : ℝ) ^ t) = (4 : ℝ) ^ t := by\n  field_simp")
    assert _accepts("(x y : ℝ) (hy : y ≠ 0) : y * (x / y) = x := by\n  field_simp")


def test_field_simp_cancel_refuses_false() -> None:
    assert not _accepts("(m : ℝ) : (8 : ℝ)⁻¹ * (8 * m) = 2 * m := by\n  field_simp")
    assert not _accepts("(x y : ℝ) (hy : y ≠ 0) : y * (x / y) = y := by\n  field_simp")
    # the denominator must be known non-zero
    assert not _accepts("(x y : ℝ) : y * (x / y) = x := by\n  field_simp")


def test_simp_neg_mul() -> None:
    assert _accepts("(b : ℝ) (h : -1 * -1 + b = 7) : 1 + b = 7 := by\n  simp at h\n  exact h")
    assert _accepts("(a b : ℝ) : -a * b = -(a * b) := by\n  simp")
    assert not _accepts("(b : ℝ) (h : -1 * -1 + b = 7) : -1 + b = 7 := by\n  simp at h\n  exact h")


def test_simp_forall_true() -> None:
    # simp rewrites the body with the hint to `True`, then implies_true closes `∀ a, True`
    src = "(f : ℤ → ℤ) (h : ∀ a, f (2 * a) + 2 * f 0 = f (f a)) : ∀ a, f (2 * a) + 2 * f 0 = f (f a) := by\n"
    assert _accepts(src + "  simp [h]")
    src = "(f : ℤ → ℤ) (h : ∀ a, f (2 * a) + 2 * f 0 = f (f a)) : ∀ a, f (2 * a) + 2 * f 1 = f (f a) := by\n"
    assert not _accepts(src + "  simp [h]")
