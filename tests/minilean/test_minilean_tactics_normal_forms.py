# ruff: noqa: E501
"""ring_nf, push_cast, push_neg, contrapose!, field_simp, linarith's preprocessing, rw/apply with
arguments to find: the goals they leave (Mathlib's shapes) and that false statements stay rejected."""

from __future__ import annotations

import pytest

from minilean.engine import ProofState, TacticError, _statement, apply_tactic, elaborate, initial_env
from minilean.syntax import show_prop


def _state(header: str) -> ProofState:
    _, g = _statement(initial_env(), f"theorem t {header}", 0, 0)
    return ProofState((g,))


def _goals(header: str, tactic: str) -> list[str]:
    return [show_prop(s.goals[0].target) for s in apply_tactic(_state(header), tactic)]


def _hyp(header: str, tactic: str, name: str) -> str:
    (out,) = apply_tactic(_state(header), tactic)
    h = out.goals[0].lookup(name)
    assert h is not None
    return show_prop(h.ty)  # type: ignore[arg-type]


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_ring_nf_leaves_a_normal_form() -> None:
    assert _goals("(x y : ℤ) : (x - y) ^ 2 + 3 = y * y - 2 * x * y + x ^ 2 + 3", "ring_nf") == []
    (g,) = _goals("(x y : ℤ) : (x - y) ^ 2 + 3 = y * y - 2 * x * y + x ^ 2 + 4", "ring_nf")
    left, right = g.split(" = ")
    assert left == "3 + x ^ 2 - x * y * 2 + y ^ 2"  # constant first, degree order, coefficients on the right
    assert right == "4 + x ^ 2 - x * y * 2 + y ^ 2"  # one atom order for the whole goal
    assert _hyp("(x : ℝ) (h : x * 2 + 1 = 3 + x) : x = 2", "ring_nf at h", "h") == "1 + x * 2 = 3 + x"
    with pytest.raises(TacticError, match="ring_nf made no progress"):
        apply_tactic(_state("(x : ℝ) (h : 1 + x = 3) : x = 2"), "ring_nf at h")


def test_push_neg_shapes_as_mathlib() -> None:
    assert _goals("(p q : Prop) : ¬(p ∧ q)", "push_neg") == ["p → ¬q"]
    assert _goals("(p q : Prop) : ¬(p ∨ q)", "push_neg") == ["¬p ∧ ¬q"]
    assert _goals("(a b : ℝ) : ¬ a > b", "push_neg") == ["a ≤ b"]
    assert _goals("(a b : ℝ) : ¬¬¬(a ≤ b)", "push_neg") == ["b < a"]
    expected = _state("(a : ℝ) : ∃ x : ℝ, x < a ∧ ∀ y : ℝ, y < a → ∃ z : ℝ, x ≠ z").goals[0].target
    assert _goals("(a : ℝ) : ¬ ∀ x : ℝ, x < a → ∃ y : ℝ, y < a ∧ ∀ z : ℝ, x = z", "push_neg") == [
        show_prop(expected)
    ]
    expected = _state("(x : ℝ) : ∀ y : ℝ, y ≤ x").goals[0].target
    assert _hyp("(x : ℝ) (h : ¬ ∃ y : ℝ, y > x) : True", "push_neg at h", "h") == show_prop(expected)
    with pytest.raises(TacticError, match="push_neg made no progress"):
        apply_tactic(_state("(a b : ℝ) : a ≤ b"), "push_neg")


def test_contrapose() -> None:
    (out,) = apply_tactic(_state("(x : ℝ) (h : x ^ 2 ≠ 4) : x ≠ 2"), "contrapose! h")
    g = out.goals[0]
    assert show_prop(g.target) == "x ^ 2 = 4"
    assert show_prop(g.lookup("h").ty) == "x = 2"  # type: ignore[union-attr, arg-type]
    assert _goals("(p q : Prop) : p → q", "contrapose") == ["¬q → ¬p"]


def test_push_cast_and_field_simp() -> None:
    assert _hyp("(n : ℕ) (h : ((n + 1 : ℕ) : ℝ) = 4) : True", "push_cast at h", "h") == "(↑n + 1 : ℝ) = 4"
    # the subtraction cast needs `n ≥ 1`: push_cast leaves it
    with pytest.raises(TacticError, match="no progress"):
        apply_tactic(_state("(n : ℕ) : ((n - 1 : ℕ) : ℤ) = 0"), "push_cast")
    assert _hyp("(a b : ℝ) (hb : b ≠ 0) (h : a / b = 2) : True", "field_simp at h", "h") == "a = 2 * b"
    with pytest.raises(TacticError, match="denominator"):
        apply_tactic(_state("(a b : ℝ) (h : a / b = 2) : True"), "field_simp at h")
    assert _goals("(x : ℝ) (hx : 0 < x) : x / x = 1", "field_simp") == []  # `0 < x` discharges `x ≠ 0`


CASES = [
    # linarith preprocessing as Mathlib's: conjunctions split, ¬/≠ goals, numeral denominators only
    ("(x y : ℝ) (h : x + 1 ≤ y ∧ y ≤ 3) : x ≤ 2 := by linarith", True),
    ("(x y : ℝ) (h : x + 1 ≤ y ∨ y ≤ 3) : x ≤ 2 := by linarith", False),
    ("(x y : ℝ) (h : 0 ≤ x ∧ x < y) : x ≠ y := by linarith", True),
    ("(x y : ℝ) (h : 0 ≤ x ∧ x ≤ y) : x ≠ y := by linarith", False),
    ("(a : ℝ) (ha : 12 / (5 + 1) ≤ a) : 2 ≤ a := by linarith", True),
    ("(x y : ℝ) (h : x / (y - y + 2) = 3) : x = 6 := by linarith", False),
    ("(a b : ℝ) (hb : b = 2) (h : a / b = 3) : a = 6 := by linarith", False),
    # rw / apply with arguments found by unification
    ("(f : ℕ → ℕ) (hf : ∀ n, f n = 2 * n) : f 3 = 6 := by rw [hf]", True),
    ("(f : ℕ → ℕ) (hf : ∀ n, f n = 2 * n) : f 3 = 7 := by rw [hf]", False),
    ("(f : ℕ → ℕ) (h : ∀ n, n > 0 → f n = 1) : f 4 = 1 := by\n  apply h\n  norm_num", True),
    ("(f : ℕ → ℕ) (h : ∀ n, n > 0 → f n = 1) : f 0 = 1 := by\n  apply h\n  norm_num", False),
    ("(x : ℝ) (hx : 0 ≤ x) : |x| = x := by\n  rw [abs_of_nonneg]\n  exact hx", True),
    ("(x : ℝ) (hx : x ≤ 0) : |x| = x := by\n  rw [abs_of_nonneg]\n  exact hx", False),
    # ring_nf / field_simp / push_cast in whole proofs
    ("(x : ℝ) (h : x * 2 + 1 = 3 + x) : x = 2 := by\n  ring_nf at h\n  linarith", True),
    ("(x : ℝ) (h : x * 2 + 1 = 3 + x) : x = 3 := by\n  ring_nf at h\n  linarith", False),
    ("(x : ℝ) (h : x ≠ 0) (h2 : 3 / x = 1) : x = 3 := by\n  field_simp [h] at h2\n  linarith", True),
    ("(x : ℝ) (h : x ≠ 0) (h2 : 3 / x = 1) : x = 2 := by\n  field_simp [h] at h2\n  linarith", False),
    ("(n : ℕ) (h : ((n + 1 : ℕ) : ℝ) = 4) : (n : ℝ) = 3 := by\n  push_cast at h\n  linarith", True),
    ("(n : ℕ) (h : ((n + 1 : ℕ) : ℝ) = 4) : (n : ℝ) = 4 := by\n  push_cast at h\n  linarith", False),
    # nlinarith: the square facts enter the pairwise products (Mathlib's nlinarithExtras)
    (
        "(a b : ℝ) (h₀ : a ^ 2 + b ^ 2 = 1) : a * b + (a - b) ≤ 1 := by\n  have h₁ := sq_nonneg (a - b)\n  nlinarith [h₀, h₁]",
        True,
    ),
    (
        "(a b : ℝ) (h₀ : a ^ 2 + b ^ 2 = 1) : a * b + (a - b) ≤ 0 := by\n  have h₁ := sq_nonneg (a - b)\n  nlinarith [h₀, h₁]",
        False,
    ),
    # linarith atoms: ℕ literal arithmetic in arguments is computed, field arithmetic is not
    ("(a : ℕ → ℝ) (h : ∀ n, a (n + 1) = a n + 2) (h0 : a 0 = 1) : a 2 = 5 := by linarith [h 0, h 1]", True),
    ("(a : ℕ → ℝ) (h : ∀ n, a (n + 1) = a n + 2) (h0 : a 0 = 1) : a 2 = 6 := by linarith [h 0, h 1]", False),
    ("(a : ℝ → ℝ) (h : a (1 + 1) = 3) : a 2 = 3 := by linarith", False),
    # field_simp rewrites with its arguments, side conditions discharged by norm_num
    (
        "(f : ℝ → ℝ) (h₀ : ∀ x, x ≠ -2 → f x = 1 / (x + 2)) : f (f 1) = 3 / 7 := by\n  field_simp [h₀]\n  ring",
        True,
    ),
    (
        "(f : ℝ → ℝ) (h₀ : ∀ x, x ≠ -2 → f x = 1 / (x + 2)) : f (f 1) = 3 / 8 := by\n  field_simp [h₀]\n  ring",
        False,
    ),
    ("(f : ℝ → ℝ) (h₀ : ∀ x, x ≠ -2 → f x = 1 / (x + 2)) : f (-2) = 0 := by\n  field_simp [h₀]", False),
    ("(x : ℝ) : (2 : ℝ) ^ 2014 + x = x + 2 ^ 2014 := by ring_nf", True),
    # revert: hypotheses back into the goal (a variable takes its dependents along)
    ("(n : ℕ) (h₀ : n < 5) : n ≤ 4 := by\n  revert n h₀\n  intro n h\n  omega", True),
    ("(n : ℕ) (h₀ : n < 5) : n ≤ 3 := by\n  revert n h₀\n  intro n h\n  omega", False),
    ("(n : ℕ) (h₀ : n < 5) : n ≤ 4 := by\n  revert n\n  intro n h\n  omega", True),
    # apply a table lemma: its type is fixed by the goal
    ("(x : ℝ) (h : x + 3 = 0) : x = -3 := by\n  apply eq_neg_of_add_eq_zero_left\n  exact h", True),
    ("(x : ℝ) (h : x + 3 = 0) : x = -4 := by\n  apply eq_neg_of_add_eq_zero_left\n  exact h", False),
]


@pytest.mark.parametrize(("src", "ok"), CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_cases(src: str, ok: bool) -> None:
    assert _accepts(src) == ok
