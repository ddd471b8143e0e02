# ruff: noqa: E501
"""Round 13: `rw [Finset.prod_Icc_succ_top h]` / `Finset.sum_Icc_succ_top` (`finset_succ_top.py`).

Mathlib: `prod_Icc_succ_top {a b : ℕ} (hab : a ≤ b + 1) (f : ℕ → M) : (∏ k ∈ Icc a (b + 1), f k) =
(∏ k ∈ Icc a b, f k) * f (b + 1)`. The hypothesis argument is elaborated after the rewrite fixed `a b`
(a `by` block sees `a ≤ b + 1` and the goal's hypotheses); omitted, it is a new goal. Refusals: a wrong
right side, a wrong bound, a false hypothesis, a `by` block that cannot prove it, a ℤ index."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


ACCEPT = [
    # the hypothesis proved by a postponed `by` block that needs the goal's hypothesis h
    "(n : ℕ) (h : 2 ≤ n) : ∏ k ∈ Finset.Icc 3 (n + 1), ((k : ℝ) + 1) = (∏ k ∈ Finset.Icc 3 n, ((k : ℝ) + 1)) * (((n + 1 : ℕ) : ℝ) + 1) := by\n  rw [Finset.prod_Icc_succ_top (by linarith)]",
    # a hypothesis name as the argument
    "(n : ℕ) (h : 2 ≤ n + 1) : ∑ k ∈ Finset.Icc 2 (n + 1), k = ∑ k ∈ Finset.Icc 2 n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top h]",
    # omitted: `a ≤ b + 1` becomes the second goal
    "(n : ℕ) : ∑ k ∈ Finset.Icc 1 (n + 1), k ^ 2 = ∑ k ∈ Finset.Icc 1 n, k ^ 2 + (n + 1) ^ 2 := by\n  rw [Finset.sum_Icc_succ_top]\n  omega",
    # a literal bound: Icc 1 5 = Icc 1 (4 + 1), the summand at `4 + 1`
    ": ∑ k ∈ Finset.Icc 1 5, k = ∑ k ∈ Finset.Icc 1 4, k + (4 + 1) := by\n  rw [Finset.sum_Icc_succ_top (by norm_num)]",
    # an offset bound n + 1 + 1, at a hypothesis
    "(n : ℕ) (x : ℝ) (h : ∏ k ∈ Finset.Icc 1 (n + 1 + 1), (x + k) = 3) : (∏ k ∈ Finset.Icc 1 (n + 1), (x + k)) * (x + ((n + 1 + 1 : ℕ) : ℝ)) = 3 := by\n  rw [Finset.prod_Icc_succ_top (by omega)] at h\n  exact h",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_succ_top_accepts(src: str) -> None:
    assert _accepts(src), src


REFUSE = [
    # a wrong right side: the new factor is f (b + 1), not f b
    "(n : ℕ) (h : 1 ≤ n) : ∑ k ∈ Finset.Icc 1 (n + 1), k = ∑ k ∈ Finset.Icc 1 n, k + n := by\n  rw [Finset.sum_Icc_succ_top (by linarith)]",
    # a wrong bound on the right: Icc 1 (n + 1) again
    "(n : ℕ) : ∑ k ∈ Finset.Icc 1 (n + 1), k = ∑ k ∈ Finset.Icc 1 (n + 1), k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top (by omega)]",
    # the hypothesis a ≤ b + 1 is false (5 ≤ 2 + 1): the `by` block fails
    ": ∑ k ∈ Finset.Icc 5 3, k = ∑ k ∈ Finset.Icc 5 2, k + (2 + 1) := by\n  rw [Finset.sum_Icc_succ_top (by norm_num)]",
    # omitted hypothesis left as a goal that is false, nothing closes it
    ": ∑ k ∈ Finset.Icc 5 3, k = ∑ k ∈ Finset.Icc 5 2, k + (2 + 1) := by\n  rw [Finset.sum_Icc_succ_top]",
    # the `by` block lacks the hypothesis it needs (m ≤ n + 1 is not provable without h)
    "(m n : ℕ) : ∑ k ∈ Finset.Icc m (n + 1), k = ∑ k ∈ Finset.Icc m n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top (by omega)]",
    # a hypothesis of the wrong statement
    "(n : ℕ) (h : 1 ≤ n) : ∑ k ∈ Finset.Icc 2 (n + 1), k = ∑ k ∈ Finset.Icc 2 n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top h]",
    # the bound 0 does not unify with ?b + 1
    ": ∑ k ∈ Finset.Icc 0 0, k = 0 := by\n  rw [Finset.sum_Icc_succ_top (by norm_num)]",
    # sum lemma on a product (no instance)
    "(n : ℕ) : ∏ k ∈ Finset.Icc 1 (n + 1), k = (∏ k ∈ Finset.Icc 1 n, k) * (n + 1) := by\n  rw [Finset.sum_Icc_succ_top (by omega)]",
    # a ℤ index: the lemma is about ℕ intervals
    "(n : ℤ) : ∑ k ∈ Finset.Icc (1 : ℤ) (n + 1), k = ∑ k ∈ Finset.Icc 1 n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top (by omega)]",
    # sorry as the argument is not accepted as a proof
    "(n : ℕ) : ∑ k ∈ Finset.Icc 1 (n + 1), k = ∑ k ∈ Finset.Icc 1 n, k + (n + 1) := by\n  rw [Finset.sum_Icc_succ_top sorry]",
]


@pytest.mark.parametrize("src", REFUSE)
def test_succ_top_refuses(src: str) -> None:
    assert not _accepts(src), src


# `linarith only [...]` (linarith_only.py): only the listed terms and the negated goal
ONLY_ACCEPT = [
    "(x y : ℝ) (h₁ : x + y = 3) (h₂ : x - y = 1) : x = 2 := by\n  linarith only [h₁, h₂]",
    "(a b : ℝ) (h : a < b) (h' : 0 ≤ a) : a ≤ b := by\n  linarith only [h]",
    "(a b : ℝ) : a * b ≤ (a ^ 2 + b ^ 2) / 2 := by\n  nlinarith only [sq_nonneg (a - b)]",
    "(n : ℕ) (h : n ≤ 3) (h' : 2 ≤ n) : n < 4 := by\n  linarith only [h]",
]


@pytest.mark.parametrize("src", ONLY_ACCEPT)
def test_linarith_only_accepts(src: str) -> None:
    assert _accepts(src), src


ONLY_REFUSE = [
    # the needed hypothesis h₂ is in the context but not listed
    "(x y : ℝ) (h₁ : x + y = 3) (h₂ : x - y = 1) : x = 2 := by\n  linarith only [h₁]",
    # an empty list: the context is not used
    "(a b : ℝ) (h : a < b) : a ≤ b := by\n  linarith only []",
    # a false goal stays refused
    "(x y : ℝ) (h₁ : x + y = 3) (h₂ : x - y = 1) : x = 3 := by\n  linarith only [h₁, h₂]",
    # nlinarith only without the square hint
    "(a b : ℝ) (h : 0 ≤ (a - b) ^ 2) : a * b ≤ (a ^ 2 + b ^ 2) / 2 := by\n  nlinarith only []",
    # ≠ goals are refused under only (not settled)
    "(a b : ℝ) (h : a < b) : a ≠ b := by\n  linarith only [h]",
]


@pytest.mark.parametrize("src", ONLY_REFUSE)
def test_linarith_only_refuses(src: str) -> None:
    assert not _accepts(src), src
