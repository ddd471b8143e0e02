# ruff: noqa: E501
"""Round 23a: lemma batch 23 (`minilean/lemma_table23.py`), `_root_.X` names, names reached through `open`
only while their namespace is opened, and names refused on purpose with a reason. Each name is used as Lean
uses it (`rw`, `simp only`, `simp_all only`, `exact`, `apply`) and a false use is refused."""

from __future__ import annotations

import pytest
from lemma_batch_checks import assert_row_admitted, assert_row_refused

from minilean.engine import elaborate, initial_env
from minilean.lemma_table23 import ROWS


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


def _errors(src: str) -> str:
    return " ".join(str(m.data) for m in elaborate(initial_env(), src).messages)


ACCEPTED = [
    # `_root_.X` is the root declaration X, wherever a lemma name is looked up
    "theorem t (x : ℕ) : x ^ 0 = 1 := _root_.pow_zero x",
    "theorem t (x : ℝ) : x ^ 0 + 1 = 2 := by\n  rw [_root_.pow_zero]\n  norm_num",
    "theorem t (x : ℝ) (h : x ^ 0 = x) : x = 1 := by\n  simp only [_root_.pow_zero] at h\n  linarith",
    "theorem t (x : ℝ) (h : 1 < x) : 0 < Real.log x := _root_.Real.log_pos h",
    # a local of the same name does not shadow `_root_.X`
    "theorem t (x : ℕ) (pow_zero : x = 5) : x ^ 0 = 1 := _root_.pow_zero x",
    # rpow_two (qualified, and under `open Real`)
    "theorem t (x : ℝ) : x ^ (2 : ℝ) = x ^ 2 := Real.rpow_two x",
    "theorem t (x : ℝ) (h : x ^ (2 : ℝ) = 4) : x ^ 2 = 4 := by\n  rw [Real.rpow_two] at h\n  exact h",
    "open Real\ntheorem t (x : ℝ) (h : x ^ (2 : ℝ) = 9) (h2 : 0 ≤ x) : x = 3 := by\n  simp_all only [rpow_two]\n  nlinarith",
    # add_right_comm
    "theorem t (a b c : ℝ) : a + b + c = a + c + b := add_right_comm a b c",
    "theorem t (a b c : ℕ) (h : a + b + c = 7) : a + c + b = 7 := by\n  rw [add_right_comm] at h\n  exact h",
    "theorem t (a b c : ℝ) (h : a - b + c = 0) : a + c - b = 0 := by\n  simp only [sub_eq_add_neg, add_right_comm] at h ⊢\n  exact h",
    # add_sub_add_right_eq_sub
    "theorem t (a b c : ℤ) : a + c - (b + c) = a - b := add_sub_add_right_eq_sub a b c",
    "theorem t (x y : ℝ) (h : x + 3 - (y + 3) = 5) : x - y = 5 := by\n  simp_all only [add_sub_add_right_eq_sub]",
    # Nat.add_mul_mod_self_right (per instance: the divisor a numeral)
    "theorem t (x : ℕ) : (x + 3 * 7) % 7 = x % 7 := by\n  apply Nat.add_mul_mod_self_right",
    "theorem t (x k : ℕ) : (x + k * 7) % 7 = x % 7 := Nat.add_mul_mod_self_right x k 7",
    "theorem t (x k : ℕ) : (x + k * 7) % 7 = x % 7 := by\n  rw [Nat.add_mul_mod_self_right]",
    "theorem t (x k : ℕ) : (x + k * 7) % 7 = x % 7 := by\n  simp only [Nat.add_mul_mod_self_right]",
    # add_eq_zero_iff_neg_eq
    "theorem t (x y : ℝ) (h : x + y = 0) : -x = y := add_eq_zero_iff_neg_eq.mp h",
    "theorem t (x y : ℤ) (h : x + y = 0) : y = -x := by\n  rw [eq_comm.mp (add_eq_zero_iff_neg_eq.mp h)]",
    # Nat.lt_one_iff, and lt_one_iff under `open Nat`
    "theorem t (n : ℕ) (h : n < 1) : n = 0 := Nat.lt_one_iff.mp h",
    "open Nat\ntheorem t (n : ℕ) (h : n < 1) : n = 0 := lt_one_iff.mp h",
    "open Nat\ntheorem t (n : ℕ) (h : n < 1) : n = 0 := by\n  simp_all only [ge_iff_le, gt_iff_lt, lt_one_iff]",
    # ne_eq (an equation of propositions, used as the `↔`)
    "theorem t (a b : ℝ) (h : a ≠ b) : ¬a = b := by\n  simp only [ne_eq] at h\n  exact h",
    "theorem t (a b : ℤ) (h : ¬a = b) : a ≠ b := by\n  simp only [ne_eq]\n  exact h",
    "theorem t (a b : ℕ) (h : a ≠ b) : ¬a = b := by\n  rw [ne_eq] at h\n  exact h",
    # and_imp
    "theorem t (p q r : Prop) (h : p → q → r) : p ∧ q → r := by\n  simp only [and_imp]\n  exact h",
    "theorem t (x y : ℝ) (h : x > 0 ∧ y > 0 → x + y > 0) : x > 0 → y > 0 → x + y > 0 := by\n  simp only [and_imp] at h\n  exact h",
    "theorem t (h₀ : ∀ z : ℝ, z > 0 ∧ z < 1 → z ^ 2 < 1) : ∀ z : ℝ, z > 0 → z < 1 → z ^ 2 < 1 := by\n  simp_all only [and_imp]\n  intro z a b\n  exact h₀ z a b",
]

REFUSED = [
    # `_root_.` reaches neither locals nor names through `open` (`log_pos` is `Real.log_pos` only by `open Real`)
    "theorem t (x : ℕ) (h : x ^ 0 = 1) : x ^ 0 = 1 := _root_.h",
    "open Real\ntheorem t (x : ℝ) (h : 1 < x) : 0 < Real.log x := _root_.log_pos h",
    "theorem t (x : ℕ) : x ^ 0 = 0 := _root_.pow_zero x",
    # rpow_two: the wrong exponent or side; unqualified without `open Real`
    "theorem t (x : ℝ) (h : x ^ (2 : ℝ) = 4) : x ^ 3 = 4 := by\n  rw [Real.rpow_two] at h\n  exact h",
    "theorem t (x : ℝ) (h : x ^ (3 : ℝ) = 4) : x ^ 2 = 4 := by\n  rw [Real.rpow_two] at h\n  exact h",
    "theorem t (x : ℝ) (h : x ^ (2 : ℝ) = 4) : x ^ 2 = 4 := by\n  simp only [rpow_two] at h\n  exact h",
    # add_right_comm / add_sub_add_right_eq_sub: the wrong side, the wrong type (ℕ's `-` truncates)
    "theorem t (a b c : ℝ) : a + b + c = b + a + c := add_right_comm a b c",
    "theorem t (a b c : ℤ) : a + c - (c + b) = a - b := add_sub_add_right_eq_sub a b c",
    "theorem t (a b c : ℕ) : a + c - (b + c) = a - b := add_sub_add_right_eq_sub a b c",
    "theorem t (x y : ℝ) (h : x + 3 - (3 + y) = 5) : x - y = 5 := by\n  simp_all only [add_sub_add_right_eq_sub]",
    # Nat.add_mul_mod_self_right at a mismatched divisor
    "theorem t (x k : ℕ) : (x + k * 7) % 5 = x % 5 := Nat.add_mul_mod_self_right x k 7",
    "theorem t (x k : ℕ) : (x + k * 7) % 5 = x % 5 := by\n  rw [Nat.add_mul_mod_self_right]",
    "theorem t : (2 + 3 * 7) % 5 = 2 % 5 := by\n  apply Nat.add_mul_mod_self_right",
    "theorem t (x k : ℕ) : (x + 7 * k) % 7 = x % 7 := by\n  rw [Nat.add_mul_mod_self_right]",
    # add_eq_zero_iff_neg_eq: the wrong side; ℕ has no negation
    "theorem t (x y : ℝ) (h : x + y = 0) : x = y := add_eq_zero_iff_neg_eq.mp h",
    "theorem t (x y : ℝ) (h : x - y = 0) : -x = y := add_eq_zero_iff_neg_eq.mp h",
    # lt_one_iff: the wrong side; unqualified without `open Nat`
    "theorem t (n : ℕ) (h : n < 1) : n = 1 := Nat.lt_one_iff.mp h",
    "theorem t (n : ℕ) (h : n ≤ 1) : n = 0 := Nat.lt_one_iff.mp h",
    "theorem t (n : ℕ) (h : n < 1) : n = 0 := lt_one_iff.mp h",
    # ne_eq / and_imp do not prove what they do not say
    "theorem t (a b : ℝ) (h : a ≠ b) : a = b := by\n  rw [ne_eq] at h\n  exact h",
    "theorem t (p q r : Prop) (h : p ∧ q → r) : p → r := by\n  simp only [and_imp] at h\n  exact h",
    "theorem t (p q r : Prop) (h : p ∨ q → r) : p → q → r := by\n  simp only [and_imp] at h\n  exact h",
]


@pytest.mark.parametrize("src", ACCEPTED)
def test_batch23_uses_accepted(src: str) -> None:
    assert _accepts(src), (src, _errors(src))


@pytest.mark.parametrize("src", REFUSED)
def test_batch23_misuses_refused(src: str) -> None:
    assert not _accepts(src), src


@pytest.mark.parametrize(
    "src,why",
    [
        ("theorem t (x : ℂ) (h : x = 1) : x = 1 := by\n  simp only [Complex.cpow_two] at h\n  exact h", "HPow ℂ ℂ ℂ"),
        ("theorem t (n : ℕ) (h : n = 1) : n = 1 := by\n  simp_all only [Nat.one_eq_succ_zero]", "Nat.succ"),
        ("open Nat\ntheorem t (n : ℕ) (h : n + 1 = 3) : n = 2 := by\n  simp only [succ.injEq] at h\n  exact h", "offset"),
    ],
)
def test_names_refused_with_their_reason(src: str, why: str) -> None:
    assert not _accepts(src)
    assert why in _errors(src)


def _row(name: str) -> tuple[str, str, str, str]:
    return next(r for r in ROWS if r[0] == name)


def test_rows_admitted() -> None:
    for name in ("add_right_comm", "add_sub_add_right_eq_sub", "add_eq_zero_iff_neg_eq", "Nat.lt_one_iff",
                 "Real.rpow_two", "ne_eq", "and_imp"):
        assert_row_admitted(_row(name), {})
    assert_row_admitted(_row("Nat.add_mul_mod_self_right"), {"z": 7})


@pytest.mark.parametrize(
    "row,numerals",
    [
        (("add_right_comm_bad", "NZQR", "(a b c : α)", "a + b + c = b + c + a + 1"), {}),
        (("add_sub_add_right_eq_sub_bad", "N", "(a b c : α)", "a + c - (b + c) = a - b + c"), {}),
        (("add_eq_zero_iff_neg_eq_bad", "ZQR", "{a b : α}", "a + b = 0 ↔ a = b"), {}),
        (("Nat.add_mul_mod_self_right_bad", "N", "(x y z : α)", "(x + y * z) % z = x % y"), {"z": 7}),
        (("Nat.lt_one_iff_bad", "N", "{n : α}", "n ≤ 1 ↔ n = 0"), {}),
        (("Real.rpow_two_bad", "R", "(x : α)", "x ^ (2 : ℝ) = x ^ 3"), {}),
        (("ne_eq_bad", "NZQR", "(a b : α)", "a ≠ b ↔ a = b"), {}),
        (("and_imp_bad", "N", "{a b c : Prop}", "(a ∨ b → c) ↔ (a → b → c)"), {}),
    ],
)
def test_false_rows_refused(row: tuple[str, str, str, str], numerals: dict[str, int]) -> None:
    assert_row_refused(row, numerals)
