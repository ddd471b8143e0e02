# ruff: noqa: E501
"""Round 7: `rw` with the big-operator lemmas whose argument is the summand (`finset_lemmas.py`):
`Finset.sum_range_succ`, `Finset.prod_range_succ`, `Finset.sum_add_distrib`, `Finset.sum_nat_mod`.
Each accepted use has refusals next to it: a false right side, a bound that does not unify with
`?n + 1`, a captured index, a shape the lemma does not have."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


ACCEPT = [
    # sum_range_succ on a symbolic bound (the induction step), then the hypothesis
    "(m : ℕ) (ih : ∑ k ∈ Finset.range m, k ^ 3 = 5) : ∑ k ∈ Finset.range (m + 1), k ^ 3 = 5 + m ^ 3 := by\n  rw [Finset.sum_range_succ, ih]",
    # rw closes the goal by rfl after rewriting
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + m := by\n  rw [Finset.sum_range_succ]",
    # only the first instance's summand is rewritten; the other sum stays
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), 2 * k = ∑ k ∈ Finset.range m, 2 * k + 2 * m := by\n  rw [Finset.sum_range_succ]",
    # a literal bound: range 4 = range (3 + 1)
    ": ∑ k ∈ Finset.range 4, k = ∑ k ∈ Finset.range 3, k + 3 := by\n  rw [Finset.sum_range_succ]",
    # an offset bound: range (m + 2) = range ((m + 1) + 1)
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 2), k = ∑ k ∈ Finset.range (m + 1), k + (m + 1) := by\n  rw [Finset.sum_range_succ]",
    # products
    "(m : ℕ) : ∏ k ∈ Finset.range (m + 1), (k + 1) = (∏ k ∈ Finset.range m, (k + 1)) * (m + 1) := by\n  rw [Finset.prod_range_succ]",
    # at a hypothesis
    "(m : ℕ) (h : ∑ k ∈ Finset.range (m + 1), k = 10) : ∑ k ∈ Finset.range m, k + m = 10 := by\n  rw [Finset.sum_range_succ] at h\n  exact h",
    # sum_add_distrib: the summand split at its top `+`, any index set
    "(a : ℝ) (n : ℕ) : ∑ k ∈ Finset.range n, (a + (k : ℝ)) = ∑ k ∈ Finset.range n, a + ∑ k ∈ Finset.range n, (k : ℝ) := by\n  rw [Finset.sum_add_distrib]",
    "(n : ℕ) : ∑ k ∈ Finset.Icc 1 n, (k + 2 * k) = ∑ k ∈ Finset.Icc 1 n, k + ∑ k ∈ Finset.Icc 1 n, 2 * k := by\n  rw [Finset.sum_add_distrib]",
    # sum_nat_mod, then norm_num evaluates the range sum
    ": (∑ x ∈ Finset.range 6, (x + 1) ^ 2) % 7 = 0 := by\n  rw [Finset.sum_nat_mod]\n  norm_num",
    "(n m : ℕ) : (∑ i ∈ Finset.range n, i * m) % 3 = (∑ i ∈ Finset.range n, i * m % 3) % 3 := by\n  rw [Finset.sum_nat_mod]",
]

REFUSE = [
    # false right sides (the last term is f n, not f (n + 1); the product is not a sum)
    "(m : ℕ) : ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + (m + 1) := by\n  rw [Finset.sum_range_succ]",
    "(m : ℕ) : ∏ k ∈ Finset.range (m + 1), (k + 1) = (∏ k ∈ Finset.range m, (k + 1)) + (m + 1) := by\n  rw [Finset.prod_range_succ]",
    # a bare variable bound does not unify with ?n + 1
    "(m : ℕ) : ∑ k ∈ Finset.range m, k = ∑ k ∈ Finset.range (m - 1), k + (m - 1) := by\n  rw [Finset.sum_range_succ]",
    # range 0 has no predecessor
    ": ∑ k ∈ Finset.range 0, k = 0 := by\n  rw [Finset.sum_range_succ]",
    # an Icc sum is not a range sum
    "(m : ℕ) : ∑ k ∈ Finset.Icc 1 (m + 1), k = ∑ k ∈ Finset.Icc 1 m, k + (m + 1) := by\n  rw [Finset.sum_range_succ]",
    # sum_range_succ is about sums: prod_range_succ's shape is refused for ∑ and vice versa
    "(m : ℕ) : ∏ k ∈ Finset.range (m + 1), (k + 1) = (∏ k ∈ Finset.range m, (k + 1)) * (m + 1) := by\n  rw [Finset.sum_range_succ]",
    # sum_add_distrib needs a `+` summand; a `*` summand does not distribute
    "(n : ℕ) : ∑ k ∈ Finset.range n, (2 * k) = ∑ k ∈ Finset.range n, 2 * ∑ k ∈ Finset.range n, k := by\n  rw [Finset.sum_add_distrib]",
    # sum_add_distrib is not a product lemma
    "(n : ℕ) : ∏ k ∈ Finset.range n, (k + 1) = ∏ k ∈ Finset.range n, k + ∏ k ∈ Finset.range n, 1 := by\n  rw [Finset.sum_add_distrib]",
    # sum_nat_mod: a false evaluation afterwards, and ℤ (the lemma is about ℕ)
    ": (∑ x ∈ Finset.range 6, (x + 1) ^ 2) % 7 = 1 := by\n  rw [Finset.sum_nat_mod]\n  norm_num",
    "(n : ℕ) (m : ℤ) : (∑ i ∈ Finset.range n, (i : ℤ) * m) % 3 = (∑ i ∈ Finset.range n, (i : ℤ) * m % 3) % 3 := by\n  rw [Finset.sum_nat_mod]",
    # the modulus mentions the index name: refused (no capture)
    "(n i : ℕ) : (∑ i ∈ Finset.range n, i) % i = (∑ j ∈ Finset.range n, j % i) % i := by\n  rw [Finset.sum_nat_mod]",
    # not supported: ← (weaker than Lean, never a false accept); explicit arguments are modelled since
    # round 18d (test_minilean_fidelity5_bigops18.py)
    "(m : ℕ) : ∑ k ∈ Finset.range m, k + m = ∑ k ∈ Finset.range (m + 1), k := by\n  rw [← Finset.sum_range_succ]",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src), src


def test_bound_variable_instances_are_skipped() -> None:
    # inside ∀ m, the sum over range (m + 1) mentions the bound m: kabstract cannot abstract it, so rw
    # finds no instance (Lean: "motive is not type correct"/"did not find instance")
    src = "(h : True) : ∀ m : ℕ, ∑ k ∈ Finset.range (m + 1), k = ∑ k ∈ Finset.range m, k + m := by\n  rw [Finset.sum_range_succ]"
    assert not _accepts(src)
