# ruff: noqa: E501
"""Round 20b: `x ∈ ({a, b, c} : Finset T)` literals (minilean/finset_literal.py): accepted where Lean + Mathlib
accept (simp/norm_num with `Finset.mem_insert`/`mem_singleton`, `decide` on closed ℕ/ℤ membership), refused
for false variants and for what Lean elaborates differently or minilean does not model."""

from __future__ import annotations

from lemma_batch_checks import accepts

from minilean import engine  # noqa: F401  (registers the proof checker)


def test_simp_at_hypothesis_gives_disjunction() -> None:
    assert accepts(
        "(y : ℤ) (h : y ∈ ({2, 5, 11} : Finset ℤ)) : y = 2 ∨ y = 5 ∨ y = 11 := by\n  simp at h\n  exact h"
    )
    assert accepts(
        "(y : ℕ) (h : y ∈ ({4, 9} : Finset ℕ)) : y ≤ 9 := by\n"
        "  simp only [Finset.mem_insert, Finset.mem_singleton] at h\n  rcases h with h | h <;> omega"
    )
    # false variant: 4 is not ≥ 5
    assert not accepts(
        "(y : ℕ) (h : y ∈ ({4, 9} : Finset ℕ)) : 5 ≤ y := by\n"
        "  simp only [Finset.mem_insert, Finset.mem_singleton] at h\n  rcases h with h | h <;> omega"
    )


def test_mem_insert_alone_leaves_the_singleton() -> None:
    # Finset.mem_insert peels the inserts; `y ∈ {9}` stays until mem_singleton
    assert not accepts(
        "(y : ℕ) (h : y ∈ ({4, 9} : Finset ℕ)) : y = 4 ∨ y = 9 := by\n"
        "  simp only [Finset.mem_insert] at h\n  exact h"
    )


def test_goal_side_simp_norm_num_decide() -> None:
    assert accepts("(y : ℚ) (h : y = 3 / 2) : y ∈ ({1, 3 / 2} : Finset ℚ) := by\n  simp [h]")
    assert accepts(": (7 : ℤ) ∈ ({1, 7, 13} : Finset ℤ) := by\n  norm_num")
    assert accepts(": (2 * 3 : ℕ) ∈ ({6, 10} : Finset ℕ) := by\n  decide")
    assert accepts(": ¬ (5 : ℤ) ∈ ({0, 1, 4} : Finset ℤ) := by\n  decide")
    # non-members
    assert not accepts(": (5 : ℤ) ∈ ({0, 1, 4} : Finset ℤ) := by\n  decide")
    assert not accepts(": (5 : ℤ) ∈ ({0, 1, 4} : Finset ℤ) := by\n  norm_num")
    assert not accepts("(y : ℝ) (h : y = 2) : y ∈ ({1, 3} : Finset ℝ) := by\n  simp [h]")
    # decide on ℝ membership: no computable DecidableEq
    assert not accepts(": (1 : ℝ) ∈ ({1, 3} : Finset ℝ) := by\n  decide")


def test_linarith_does_not_see_through_membership() -> None:
    # without simp the membership is an atom: linarith/omega cannot use it
    assert not accepts("(y : ℕ) (h : y ∈ ({4, 9} : Finset ℕ)) : y ≤ 9 := by\n  omega")
    # z3-backed closers see the exact disjunction (nlinarith preprocessing does not; `tauto` is propositional)
    assert accepts("(y : ℕ) (h : y ∈ ({4, 9} : Finset ℕ)) (h' : y ∈ ({4, 9} : Finset ℕ) → y < 10) : y < 10 := h' h")


def test_refused_forms() -> None:
    # untyped literal: Lean cannot infer the collection type; Set literals, card, set-builder: not modelled
    assert not accepts("(y : ℕ) (h : y ∈ {1, 2}) : y ≤ 2 := by\n  simp at h\n  omega")
    assert not accepts("(y : ℕ) (h : y ∈ ({1, 2} : Set ℕ)) : y ≤ 2 := by\n  simp at h\n  omega")
    assert not accepts(": ({1, 1} : Finset ℕ).card = 2 := by\n  rfl")
    assert not accepts(": ({1, 1} : Finset ℕ).card = 1 := by\n  rfl")
    # an element of another type than the ascription (coercion placement not modelled)
    assert not accepts("(n : ℕ) (y : ℤ) (h : y ∈ ({n, 2} : Finset ℤ)) : True := by\n  trivial")
    # rcases directly on the membership: Lean whnf's it to List.Mem, not Or: refused
    assert not accepts(
        "(y : ℕ) (h : y ∈ ({4, 9} : Finset ℕ)) : y ≤ 9 := by\n  rcases h with rfl | rfl <;> norm_num"
    )


def test_contradiction_and_rewrite_inside() -> None:
    assert accepts(
        "(y : ℤ) (h : y % 8 ∈ ({0, 1, 4} : Finset ℤ)) (h5 : y % 8 = 5) : False := by\n"
        "  rw [h5] at h\n  simp at h"
    )
    assert accepts(
        "(h : (5 : ℤ) ∈ ({0, 1, 4} : Finset ℤ)) (h' : ¬ (5 : ℤ) ∈ ({0, 1, 4} : Finset ℤ)) : False := by\n  contradiction"
    )


def test_literals_of_different_lengths_do_not_match() -> None:
    # matching `y ∈ {4, 9}` against `y ∈ {4, 9, 11}` is a mismatch (refused), not an internal error
    assert not accepts("(y : ℕ) (h : y ∈ ({4, 9} : Finset ℕ)) : y ∈ ({4, 9, 11} : Finset ℕ) := by\n  exact h")
    assert not accepts("(y : ℕ) (h : y ∈ ({4, 9, 11} : Finset ℕ)) : y ∈ ({4, 9} : Finset ℕ) := by\n  exact h")
    assert accepts("(y : ℕ) (h : y ∈ ({4, 9} : Finset ℕ)) : y ∈ ({4, 9} : Finset ℕ) := by\n  exact h")
