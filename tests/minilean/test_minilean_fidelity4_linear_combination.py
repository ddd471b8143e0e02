"""Mathlib's `linear_combination e`: the goal `a' = b'` holds when `(a' - b') - (a - b) = 0` is a ring
identity, `a = b` being `e` expanded over + - * / (proof leaves stay proofs, other leaves are values);
`ring1` either closes that or the tactic fails. Product of proofs, ℕ, `≤` and `(norm := …)` are refused."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_linear_combination_of_hypotheses() -> None:
    head = "(x y : ℤ) (h1 : x * y + 2 * x = 1) (h2 : x = y) : x * y = -2 * y + 1 := by\n  "
    assert _accepts(head + "linear_combination h1 - 2 * h2")
    assert not _accepts(head + "linear_combination h1 + 2 * h2")  # wrong coefficient: ring1 fails
    assert not _accepts(head + "linear_combination h1")


def test_values_subtracted_from_a_proof() -> None:
    head = "(x : ℝ) (h : x ^ 4 = 5 * x ^ 2 - 6) : x ^ 4 - 5 * x ^ 2 + 6 = 0 := by\n  "
    assert _accepts(head + "linear_combination h")
    # a value added to both sides of h leaves (a - b) unchanged
    assert _accepts(head + "linear_combination h - (5 * x ^ 2 - 6)")
    assert not _accepts(head + "linear_combination 2 * h")
    assert not _accepts(head + "linear_combination h * x")


def test_no_argument_is_ring1() -> None:
    assert _accepts("(a b : ℚ) : (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2 := by\n  linear_combination")
    assert not _accepts("(a b : ℚ) (h : a = b) : a = b := by\n  linear_combination")


def test_exp_option() -> None:
    head = "(x y : ℝ) (h : x ^ 2 - 2 * x * y + y ^ 2 = 0) : x = y := by\n  "
    assert _accepts(head + "linear_combination (exp := 2) h")
    assert not _accepts(head + "linear_combination h")


def test_division_by_a_value() -> None:
    assert _accepts("(x : ℝ) (h : 2 * x = 6) : x = 3 := by\n  linear_combination h / 2")
    assert not _accepts("(x : ℝ) (h : 2 * x = 6) : x = 3 := by\n  linear_combination h / 3")


def test_refused_forms() -> None:
    assert not _accepts("(x : ℝ) (h : x = 2) : x ≤ 2 := by\n  linear_combination h")
    assert not _accepts("(x : ℕ) (h : x = 2) : x + 1 = 3 := by\n  linear_combination h")  # ℕ: refused
    assert not _accepts("(x y : ℝ) (h : x = 2) (k : y = 3) : x * y = 6 := by\n  linear_combination h * k")
    assert not _accepts("(x : ℝ) (h : x = 2) : x = 2 := by\n  linear_combination (norm := ring_nf) h")
    assert not _accepts("(x : ℝ) (y : ℤ) (h : y = 2) : x = 2 := by\n  linear_combination h")  # wrong type


def test_int_division_is_not_a_field_quotient() -> None:
    # in ℤ, `(2 * x) / 2` is Int.div: an atom to ring1, so dividing the proof does not cancel
    assert not _accepts("(x : ℤ) (h : 2 * x = 6) : x = 3 := by\n  linear_combination h / 2")
    assert _accepts("(x : ℚ) (h : 2 * x = 6) : x = 3 := by\n  linear_combination h / 2")
