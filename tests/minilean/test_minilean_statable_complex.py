"""ℂ in statements: a field with `Complex.I` and casts ℕ → ℤ → ℚ → ℝ → ℂ, but no order.

Mathlib's order on ℂ is scoped (`open ComplexOrder`), which MiniF2F does not open, so `<`, `≤` and `|z|`
are refused, and the order-based tactics (linarith, nlinarith, positivity) must not read ℂ facts: over ℂ
`x ^ 2 + y ^ 2 = 0` does not give `x = 0` (x = 1, y = i). Ring and field identities hold as in any field.
"""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _proves(stmt: str, tactic: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {tactic}")
    return not res.has_errors


def _goal(stmt: str) -> str:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, [m.data for m in res.messages]
    return res.sorries[0].render().split("⊢ ")[-1]


def test_complex_statements_elaborate_with_casts() -> None:
    assert _goal("(z : ℂ) (x : ℝ) (n : ℕ) : z = x + n") == "z = ↑x + ↑n"
    assert _goal("(x : ℂ) : x ^ 2 + 49 = (x + 7 * Complex.I) * (x + -7 * Complex.I)") == (
        "x ^ 2 + 49 = (x + 7 * Complex.I) * (x + -7 * Complex.I)"
    )
    assert _goal("(z : ℂ) : z = (1 + Complex.I) / Real.sqrt 2") == "z = (1 + Complex.I) / ↑(Real.sqrt 2)"
    assert _goal("(f : ℂ → ℂ) : ∀ x, f x = x") == "∀ (x : ℂ), f x = x"


@pytest.mark.parametrize(
    "stmt",
    [
        "(z : ℂ) : z < 1",
        "(z : ℂ) : 0 ≤ z",
        "(z : ℂ) : |z| = 1",
        "(z : ℂ) : z % 2 = 0",
        "(z : ℂ) : Even z",
    ],
)
def test_no_order_on_complex(stmt: str) -> None:
    assert elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry").has_errors


def test_ring_and_norm_num_work_in_the_field() -> None:
    assert _proves("(a : ℂ) : (a - 10) * (a + 11) = a ^ 2 + a - 110", "ring")
    assert not _proves("(a : ℂ) : (a - 10) * (a + 11) = a ^ 2 + a - 111", "ring")
    assert _proves(": (2 : ℂ) / 4 + 1 = 3 / 2", "norm_num")
    assert not _proves(": (2 : ℂ) / 4 + 1 = 2", "norm_num")
    assert _proves(": (1 : ℂ) / 0 = 0", "norm_num")  # x / 0 = 0 in every field
    # `ring` does not know I ^ 2 = -1 (neither does Mathlib's): it is an atom
    assert not _proves(": Complex.I ^ 2 = -1", "ring")


@pytest.mark.parametrize(
    ("stmt", "tactic"),
    [
        ("(x y : ℂ) (h : x ^ 2 + y ^ 2 = 0) : x = 0", "nlinarith"),  # false: x = 1, y = I
        ("(x y : ℂ) (h : x ^ 2 + y ^ 2 = 0) : x = 0", "nlinarith [sq_nonneg x, sq_nonneg y]"),
        ("(x : ℂ) (h₀ : x + 1 = 3) : x = 2", "linarith"),  # true, but linarith needs an order
        ("(x : ℂ) : x ^ 2 + 1 ≠ 0", "positivity"),  # false: x = I
        ("(x e : ℂ) (h₀ : x + e = 7) (h₁ : 2 * x + e = 3) : False", "linarith"),
    ],
)
def test_order_tactics_do_not_read_complex_facts(stmt: str, tactic: str) -> None:
    assert not _proves(stmt, tactic)


def test_complex_equations_are_used_by_rewriting() -> None:
    stmt = "(a b c : ℂ) (h₀ : a + b = 2 * c) (h₁ : c = Complex.I) : a * c + b * c = (a + b) * Complex.I"
    assert _proves(stmt, "rw [← h₁]\n  ring")
    bad = "(a b c : ℂ) (h₀ : a + b = 2 * c) (h₁ : c = Complex.I) : a * c + b * c = (a - b) * Complex.I"
    assert not _proves(bad, "rw [← h₁]\n  ring")


def test_real_and_imaginary_parts() -> None:
    assert _goal("(z : ℂ) (h : z.re = 1) : z.im = 0") == "Complex.im z = 0"
    assert _goal("(f : ℂ → ℂ) : ∀ z, f z = 0 → 0 < z.re") == "∀ (z : ℂ), f z = 0 → 0 < Complex.re z"
    assert elaborate(initial_env(), "theorem t (x : ℝ) : x.re = 1 := by\n  sorry").has_errors
    # z.re is an ordinary real: linarith reads facts about it
    assert _proves("(z : ℂ) (h : z.re = 1) : z.re + 1 = 2", "linarith")
    assert not _proves("(z : ℂ) (h : z.re = 1) : z.re + 1 = 3", "linarith")
