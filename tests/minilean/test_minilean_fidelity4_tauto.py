"""`tauto`: classical propositional consequence over opaque atoms (Mathlib's distribNot/cases/intro loop
closes exactly those branches by assumption/contradiction); no arithmetic, no symmetry of `=`."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_reorders_disjunctions() -> None:
    assert _accepts("(y : ℝ) (h : y = 0 ∨ y = 1 ∨ y = -1) : y = 1 ∨ y = -1 ∨ y = 0 := by\n  tauto")
    assert not _accepts("(y : ℝ) (h : y = 0 ∨ y = 1 ∨ y = -1) : y = 1 ∨ y = -1 := by\n  tauto")


def test_classical_propositional() -> None:
    assert _accepts("(p q : Prop) : ((p → q) → p) → p := by\n  tauto")
    assert _accepts("(p q r : Prop) (h : p ↔ q) (h' : r ↔ q) (h'' : ¬ r) : ¬ p := by\n  tauto")
    assert _accepts("(p q : Prop) (h : ¬ (p ↔ q)) (h' : ¬ p) : q := by\n  tauto")
    assert _accepts("(x y : ℕ) (h : ¬x ≠ y) : x = y := by\n  tauto")
    assert not _accepts("(p q : Prop) (h : p → q) : q → p := by\n  tauto")
    assert not _accepts("(p q : Prop) (h : ¬ (p ↔ q)) : q := by\n  tauto")


def test_no_arithmetic_or_symmetry() -> None:
    assert not _accepts("(x : ℕ) (h : x = 2) : x ≥ 2 := by\n  tauto")
    assert not _accepts("(x y : ℕ) (h : x = y) : y = x := by\n  tauto")
    assert not _accepts("(x : ℕ) (h : x < 2) : x ≤ 1 := by\n  tauto")
    assert _accepts("(x : ℕ) (p : Prop) (h : x ≠ x) : p := by\n  tauto")
