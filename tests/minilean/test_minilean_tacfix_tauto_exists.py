"""Round tacfix: Mathlib's `tauto` closing an `∃` goal whose witness a destructed `∃` hypothesis supplies
(`finishingConstructorMatcher` matches `Exists _`, `solve_by_elim` assigns the witness from the first
conjunct), and `push_neg at h` / `ring_nf at h` … naming the innermost `h`, as Lean resolves names."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(stmt: str, proof: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {proof}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "stmt",
    [
        # `2 < d` is `Nat.le 3 d` after unfolding `Nat.lt`: solve_by_elim's `apply h` unifies it with `3 ≤ m`
        "(a : ℕ) (h : ∃ m, m ∣ a ∧ 3 ≤ m ∧ m < a) : ∃ d, d ∣ a ∧ 2 < d ∧ d < a",
        "(n : ℕ) (h0 : 0 < n) (h : ∃ m, 2 ≤ m ∧ m ∣ n) : ∃ d, 1 < d ∧ d ∣ n",
        "(n : ℕ) (hp : ¬ Nat.Prime n) (h : (∃ m, m ∣ n ∧ m < n) ∧ 0 < n) : ∃ d, d ∣ n ∧ d < n ∧ 0 < n",
        "(x : ℤ) (h : ∃ y, x < y ∧ y ≤ 7) : ∃ z, x < z ∧ z ≤ 7",
    ],
)
def test_tauto_exists_goal_from_exists_hypothesis(stmt: str) -> None:
    assert _accepts(stmt, "tauto")


@pytest.mark.parametrize(
    "stmt",
    [
        "(a : ℕ) (h : ∃ m, m ∣ a ∧ 3 ≤ m ∧ m < a) : ∃ d, d ∣ a ∧ 3 < d ∧ d < a",  # false (a = 6, m = 3)
        "(a : ℕ) : ∃ d, d ∣ a ∧ d < a",  # false at a = 0; no hypothesis gives a witness
        "(a : ℕ) (h : ∃ m, m ∣ a) : ∃ d, d ∣ a ∧ d < a",  # the witness must satisfy every conjunct
        # two hypotheses could give the witness: which one solve_by_elim tries first is not modelled
        "(a b c : ℕ) (h1 : b ∣ a) (h2 : c ∣ a) (h3 : c < a) : ∃ d, d ∣ a ∧ d < a",
        # a disjunction would branch (and give solve_by_elim more to try): refused, weaker than Lean
        "(a : ℕ) (h : ∃ m, m ∣ a ∧ m < a) (h' : a = 2 ∨ a = 3) : ∃ d, d ∣ a ∧ d < a ∧ (a = 2 ∨ a = 3)",
    ],
)
def test_tauto_exists_refusals(stmt: str) -> None:
    assert not _accepts(stmt, "tauto")


def test_push_neg_at_names_the_innermost_hypothesis() -> None:
    stmt = "(k : ℕ) (h : ¬ Nat.Prime k) : ¬ (k > 1) → k ≤ 1"
    assert _accepts(stmt, "intro h\n  push_neg at h\n  exact h")
    # the shadowed `h : ¬ Nat.Prime k` is not what `h` names: pushing it is no fix for the goal
    assert not _accepts("(k : ℕ) (h : ¬ (k > 1)) : ¬ (k > 3) → k ≤ 1", "intro h\n  push_neg at h\n  exact h")
