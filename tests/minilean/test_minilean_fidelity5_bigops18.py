# ruff: noqa: E501
"""Round 18d: explicit arguments of the big-operator lemmas in `rw` (`finset_explicit.py`).

Lean's `rw [Finset.sum_range_succ (fun k => body) n]` takes the lemma's type through `inferType`, whose
`instantiateBetaRevRange` beta-reduces `f x`: the pattern is `∑ x ∈ range (n + 1), body[x]` and the
right side the same instance the implicit form gives. kabstract picks the first subterm that matches the
*given* arguments, so a sum with another summand or another bound is skipped (or the rewrite fails)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


ACCEPT = [
    # the function and the bound given
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + m := by\n  rw [Finset.sum_range_succ (fun k => k) m]",
    # only the function: the bound comes from the instance; the binder name does not matter
    "(m : ℕ) : ∑ j ∈ Finset.range (m + 1), 2 * j = ∑ j ∈ Finset.range m, 2 * j + 2 * m := by\n  rw [Finset.sum_range_succ (fun k => 2 * k)]",
    # the function picks the second sum, not the first one kabstract would take without it
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k ^ 2 + ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range (m + 1), k ^ 2 + (∑ k ∈ Finset.range m, k + m) := by\n  rw [Finset.sum_range_succ (fun i => i)]",
    # a literal bound 7 = 6 + 1, a summand over a local function, the product lemma
    "(a : ℕ → ℕ) : ∏ k ∈ Finset.range 7, (3 * a k) = (∏ k ∈ Finset.range 6, (3 * a k)) * (3 * a 6) := by\n  rw [Finset.prod_range_succ (fun k => 3 * a k) 6]",
    # a local function name as `f` (eta), `_` for the bound
    "(g : ℕ → ℝ) (m : ℕ) : ∑ k ∈ Finset.range (m + 1), g k = ∑ k ∈ Finset.range m, g k + g m := by\n  rw [Finset.sum_range_succ g _]",
    # a real-valued body with a typed binder
    "(n : ℕ) : ∑ k ∈ Finset.range (n + 1), ((k : ℝ) + 1) = ∑ k ∈ Finset.range n, ((k : ℝ) + 1) + ((n : ℝ) + 1) := by\n  rw [Finset.sum_range_succ (fun k : ℕ => (k : ℝ) + 1) n]",
    # Icc_succ_top with named arguments and the hypothesis positional
    "(n : ℕ) (h : 1 ≤ n) : ∏ k ∈ Finset.Icc 1 (n + 1), (1 + (1 : ℝ) / k) = (∏ k ∈ Finset.Icc 1 n, (1 + (1 : ℝ) / k)) * (1 + (1 : ℝ) / ((n + 1 : ℕ) : ℝ)) := by\n  rw [Finset.prod_Icc_succ_top (a := 1) (b := n) (M := ℝ) (f := fun k : ℕ => 1 + (1 : ℝ) / k) (by omega)]",
    # Icc_succ_top with the hypothesis and `f` positional
    "(n : ℕ) : ∑ k ∈ Finset.Icc 0 (n + 1), k = ∑ k ∈ Finset.Icc 0 n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top (by omega) (fun k => k)]",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_explicit_args_accepted(src: str) -> None:
    assert _accepts(src), src


REFUSE = [
    # the given bound does not match the sum's bound: no instance (Lean: pattern not found)
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + m := by\n  rw [Finset.sum_range_succ (fun k => k) (m + 1)]",
    ": ∑ k ∈ Finset.range 7, k = ∑ k ∈ Finset.range 6, k + 6 := by\n  rw [Finset.sum_range_succ (fun k => k) 5]",
    # the given function is not the summand
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + m := by\n  rw [Finset.sum_range_succ (fun k => k ^ 2)]",
    # the function's body is ℕ-valued, the sum is over ℝ (Lean: β := ℕ, no instance)
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), (k : ℝ) = ∑ k ∈ Finset.range m, (k : ℝ) + m := by\n  rw [Finset.sum_range_succ (fun k => k)]",
    # a body whose type Lean leaves to the unifier: not modelled (refused)
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), (1 : ℝ) = ∑ k ∈ Finset.range m, (1 : ℝ) + 1 := by\n  rw [Finset.sum_range_succ (fun _ => 1)]",
    # a false right side: the new term is f m, not f (m + 1)
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + (m + 1) := by\n  rw [Finset.sum_range_succ (fun k => k) m]",
    # the function captures a context variable of the index's name: not the summand
    "(j m : ℕ) : ∑ j ∈ Finset.range (m + 1), (j + j) = ∑ j ∈ Finset.range m, (j + j) + (m + m) := by\n  rw [Finset.sum_range_succ (fun k => k + j)]",
    # too many arguments, an unknown named argument, `_` for the hypothesis
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + m := by\n  rw [Finset.sum_range_succ (fun k => k) m 0]",
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + m := by\n  rw [Finset.sum_range_succ (g := fun k => k)]",
    "(n : ℕ) : ∑ k ∈ Finset.Icc 0 (n + 1), k = ∑ k ∈ Finset.Icc 0 n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top _ (fun k => k)]",
    # Icc_succ_top: a named lower bound that is not the sum's, a wrong `M`
    "(n : ℕ) : ∑ k ∈ Finset.Icc 0 (n + 1), k = ∑ k ∈ Finset.Icc 0 n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top (a := 1) (by omega)]",
    "(n : ℕ) : ∑ k ∈ Finset.Icc 0 (n + 1), k = ∑ k ∈ Finset.Icc 0 n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top (M := ℝ) (by omega)]",
    # ← stays refused
    "(m : ℕ) : ∑ k ∈ Finset.range m, k + m = ∑ k ∈ Finset.range (m + 1), k := by\n  rw [← Finset.sum_range_succ (fun k => k) m]",
]


@pytest.mark.parametrize("src", REFUSE)
def test_explicit_args_refused(src: str) -> None:
    assert not _accepts(src), src
