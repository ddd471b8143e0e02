"""Round 13: the elaborator's defeq check sees ℕ's `<` as `+ 1 ≤` (`nat_lt_unfold.py`), and lemma batch 13
(`lemma_table13.py`: `Nat.add_left_cancel`, `Nat.mod_mul_mod`). Accepting uses next to near variants
Lean refuses and false rows the admission check must refuse."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts, assert_row_refused

from minilean.lemma_table13 import ROWS
from minilean.lemmas import _s, check_schema

ACCEPT = [
    # `Nat.lt n m` is `Nat.le (n + 1) m`; `0 + 1` folds to `1`
    "(m : ℕ) (h : 0 < m) : 1 ≤ m := h",
    "(m : ℕ) (h : 0 < m) : 1 ≤ m := by\n  have h' : 1 ≤ m := h\n  exact h'",
    "(m : ℕ) (h : m > 2) : 3 ≤ m := by\n  exact h",
    "(a b : ℕ) (h : a < b) : a + 1 ≤ b := h",
    "(a b : ℕ) (h : a + 1 ≤ b) : a < b := h",
    "(a b : ℕ) (h : a + 1 ≤ b) : b > a := by\n  exact h",
    # lemma batch 13
    "(m k : ℕ) (h : 7 + m = 7 + k) : m = k := Nat.add_left_cancel h",
    "(n : ℕ) (h : 14 + n = 14 + 4) : n = 4 := by\n  apply Nat.add_left_cancel at h\n  exact h",
    "(k : ℕ) : 100 % 7 * k % 7 = 100 * k % 7 := Nat.mod_mul_mod 100 k 7",
    "(k : ℕ) : 100 * k % 7 = 2 * k % 7 := by\n  rw [← Nat.mod_mul_mod 100 k 7]",
    # rw's match folds the closed `100 % 7` to `2` (Nat literals), then rfl closes the goal
    "(k : ℕ) : 100 * k % 7 = 2 * k % 7 := by\n  rw [Nat.mod_mul_mod 100 k 7]",
    "(m : ℕ) (h1 : 1 ≤ m) (h2 : m ≤ 4) : m ∈ Finset.Icc 1 4 := Finset.mem_Icc.mpr ⟨h1, h2⟩",
    "(m : ℕ) (h : m ∈ Finset.Icc 1 4) : m ≤ 4 := (Finset.mem_Icc.mp h).2",
    "(m : ℤ) (h1 : -1 ≤ m) (h2 : m ≤ 4) : m ∈ Finset.Icc (-1) 4 := by\n  exact Finset.mem_Icc.mpr ⟨h1, h2⟩",
]

REFUSE = [
    # the unfolding gives `0 + 1 ≤ m`, not `2 ≤ m`; and `k + 1 ≤ 5` is not `k ≤ 4` (no offset on one side)
    "(m : ℕ) (h : 0 < m) : 2 ≤ m := h",
    "(k : ℕ) (h : k < 5) : k ≤ 4 := h",
    # only ℕ's `<` is defined that way: ℝ's `0 < x` is not `1 ≤ x` (false), ℤ left refused (see the module)
    "(x : ℝ) (h : 0 < x) : 1 ≤ x := h",
    "(x : ℤ) (h : 0 < x) : 1 ≤ x := h",
    # `≤` is not `<`
    "(a b : ℕ) (h : a ≤ b) : a < b := h",
    # `Nat.add_left_cancel` cancels on the LEFT; its arguments are implicit
    "(m k : ℕ) (h : m + 7 = k + 7) : m = k := Nat.add_left_cancel h",
    "(m k : ℕ) (h : 7 + m = 7 + k) : m = k := Nat.add_left_cancel 7 h",
    # `Nat.mod_mul_mod (a b c)`: the modulus is the third argument, reduced on the left factor
    "(k : ℕ) : k * (100 % 7) % 7 = k * 100 % 7 := Nat.mod_mul_mod 100 k 7",
    "(k : ℕ) : 100 % 7 * k % 7 = 100 * k % 7 := Nat.mod_mul_mod 100 7 k",
    "(k : ℕ) : 100 * k % 7 = 3 * k % 7 := by\n  rw [Nat.mod_mul_mod 100 k 7]",
    # the bounds must be the set's; ℝ has no `Finset.Icc`
    "(m : ℕ) (h1 : 1 ≤ m) (h2 : m ≤ 4) : m ∈ Finset.Icc 1 3 := Finset.mem_Icc.mpr ⟨h1, h2⟩",
    "(m : ℕ) (h1 : 1 ≤ m) (h2 : m ≤ 4) : m ∈ Finset.Icc 1 4 := Finset.mem_Icc.mpr ⟨h2, h1⟩",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not accepts(src), src


def test_rows_admitted() -> None:
    check_schema(_s(*ROWS[0]), "ℕ", {})
    check_schema(_s(*ROWS[1]), "ℕ", {"c": 13})
    for ty in ("ℕ", "ℤ"):
        check_schema(_s(*ROWS[2]), ty, {})


FALSE_ROWS = [
    ("Nat.add_left_cancel", "N", "{n m k : α} (h : n + m = k + n)", "m = n"),
    ("Nat.add_left_cancel", "N", "{n m k : α} (h : n * m = n * k)", "m = k"),
    ("Finset.mem_Icc", "N", "{a b x : α}", "x ∈ Finset.Icc a b ↔ a ≤ x ∧ x < b"),
]


@pytest.mark.parametrize("row", FALSE_ROWS)
def test_false_rows_refused(row: tuple[str, str, str, str]) -> None:
    assert_row_refused(row)


def test_false_mod_row_refused() -> None:
    assert_row_refused(("Nat.mod_mul_mod", "N", "(a b c : α)", "a % c * b % c = a * (b % c) + 1"), {"c": 13})
