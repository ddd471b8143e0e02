"""The second batch of the z3-checked lemma table (minilean/lemma_table2.py): every row is valid at each of
its types, false variants are refused, and the lemmas work by name with Mathlib's argument structure."""

from __future__ import annotations

import pytest

from minilean import lemmas
from minilean.engine import elaborate, initial_env
from minilean.lemma_table2 import ROWS
from minilean.lemmas import NotAdmitted, Schema, _s, check_schema

_NEW = [_s(*row) for row in ROWS]
_CASES = [(s, ty) for s in _NEW for ty in s.types]


@pytest.mark.parametrize(("schema", "ty"), _CASES, ids=[f"{s.name}@{t}" for s, t in _CASES])
def test_every_new_row_is_checked_valid(schema: Schema, ty: str) -> None:
    assert check_schema(schema, ty, {v: 3 for v in schema.exponents()}).name == schema.name


def test_the_rows_are_in_the_table() -> None:
    assert all(lemmas.BY_NAME[s.name] == s for s in _NEW)


@pytest.mark.parametrize(
    ("name", "types", "binders", "concl"),
    [
        ("bad_eq_sub_of_add_eq", "R", "{a b c : α} (h : a + c = b)", "a = c - b"),
        ("bad_mul_left_cancel", "R", "{a b c : α} (h : a * b = a * c)", "b = c"),  # needs a ≠ 0
        ("bad_lt_of_not_le", "N", "{a b : α} (h : ¬b ≤ a)", "b < a"),
        ("bad_sub_pos", "N", "{n m : α}", "0 < n - m ↔ m ≤ n"),
        ("bad_le_of_dvd", "N", "{m n : α} (h2 : m ∣ n)", "m ≤ n"),  # false at n = 0
        ("bad_div_zero", "R", "(a : α)", "a / 0 = a"),
    ],
)
def test_false_variants_are_refused(name: str, types: str, binders: str, concl: str) -> None:
    with pytest.raises(NotAdmitted):
        check_schema(_s(name, types, binders, concl), _s(name, types, binders, concl).types[0], {})


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(y : ℝ) (h : 3 * y + 5 = 11) : 3 * y = 11 - 5 := eq_sub_of_add_eq h",
        "(p : ℤ) (h : 2 * p + 7 = 1) : 2 * p = 1 - 7 := by exact eq_sub_of_add_eq h",
        "(u v : ℝ) (h : ¬ v ≤ u) : u < v := lt_of_not_le h",
        "(k : ℕ) (h : ¬ 6 ≤ k) : k < 6 := Nat.lt_of_not_le h",
        "(k : ℕ) (h : ¬ 6 ≤ k) : k < 6 := Nat.not_le.mp h",
        "(q : ℝ) (h₀ : (4:ℝ) ≠ 0) (h : 4 * q = 4 * 9) : q = 9 := mul_left_cancel₀ h₀ h",
        "(q : ℝ) (h₀ : (4:ℝ) ≠ 0) (h : q * 4 = 9 * 4) : q = 9 := mul_right_cancel₀ h₀ h",
        "(z : ℝ) (h₀ : (5:ℝ) ≠ 0) (h : z * 5 = 20) : z = 20 / 5 := eq_div_of_mul_eq h₀ h",
        "(d : ℕ) (h : d ∣ 91) : d ≤ 91 := Nat.le_of_dvd (by norm_num) h",
        "(a b : ℕ) (h : 0 < a - b) : b < a := Nat.sub_pos_iff_lt.mp h",
        "(x : ℝ) (hx : x ≠ 0) : x ^ 3 ≠ 0 := pow_ne_zero 3 hx",
        "(a b : ℤ) (h : a ^ 2 = b ^ 2) : a = b ∨ a = -b := sq_eq_sq_iff_eq_or_eq_neg.mp h",
        "(r s t : ℝ) (h₁ : r = s) (h₂ : s = t + 1) : r = t + 1 := Eq.trans h₁ h₂",
        "(n : ℕ) (h : n % 7 = 0) : 7 ∣ n := by rw [Nat.dvd_iff_mod_eq_zero]; exact h",
    ],
)
def test_lemmas_by_name(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize(
    "src",
    [
        # the premise proves the other inequality: the lemma does not apply
        "(u v : ℝ) (h : ¬ u ≤ v) : u < v := lt_of_not_le h",
        # cancelling needs a ≠ 0 first, as in Mathlib (the hypotheses in the other order are refused)
        "(q : ℝ) (h₀ : (4:ℝ) ≠ 0) (h : 4 * q = 4 * 9) : q = 9 := mul_left_cancel₀ h h₀",
        # the sign of the moved term is wrong
        "(y : ℝ) (h : 3 * y + 5 = 11) : 3 * y = 11 + 5 := eq_sub_of_add_eq h",
        # `{a b}` are implicit in Mathlib: explicit arguments are refused
        "(u v : ℝ) (h : ¬ v ≤ u) : u < v := lt_of_not_le u v h",
        # the exponent is an explicit argument that comes first
        "(x : ℝ) (hx : x ≠ 0) : x ^ 3 ≠ 0 := pow_ne_zero hx 3",
        # a divisor of 91 is not bounded by 90
        "(d : ℕ) (h : d ∣ 91) : d ≤ 90 := Nat.le_of_dvd (by norm_num) h",
    ],
)
def test_misuses_are_refused(src: str) -> None:
    assert not _accepts(src), src
