# ruff: noqa: E501
"""Round 19c: lemma rows of `minilean/lemma_table19.py` used as Lean would, and false variants the admission
check must refuse (a dropped hypothesis, a wrong side); `Nat.Prime` rows are checked with
`Nat.prime_def_lt` unfolded."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts, assert_row_refused

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)
from minilean.lemma_table19 import prime_unfolded
from minilean.lemmas import NotAdmitted, _s, check_schema

_PRIME_ROW = ("Nat.not_prime_iff_exists_dvd_lt", "N", "{n : α} (h : 2 ≤ n)", "¬Nat.Prime n ↔ ∃ m : ℕ, m ∣ n ∧ 2 ≤ m ∧ m < n")


def test_not_prime_iff_exists_dvd_lt_as_term() -> None:
    assert accepts(
        "(k : ℕ) (hk : 2 ≤ k) (hn : ¬Nat.Prime k) : ∃ m : ℕ, m ∣ k ∧ 2 ≤ m ∧ m < k := "
        "(Nat.not_prime_iff_exists_dvd_lt hk).mp hn"
    )
    assert accepts(
        "(k : ℕ) (hk : 2 ≤ k) (h : ∃ m : ℕ, m ∣ k ∧ 2 ≤ m ∧ m < k) : ¬Nat.Prime k := "
        "(Nat.not_prime_iff_exists_dvd_lt hk).mpr h"
    )
    # the hypothesis must be `2 ≤ n`: `1 ≤ k` does not fit it
    assert not accepts(
        "(k : ℕ) (hk : 1 ≤ k) (hn : ¬Nat.Prime k) : ∃ m : ℕ, m ∣ k ∧ 2 ≤ m ∧ m < k := "
        "(Nat.not_prime_iff_exists_dvd_lt hk).mp hn"
    )


def test_prime_row_false_variants_refused_under_unfolding() -> None:
    # the same name (so the `Nat.prime_def_lt` check runs) with the hypothesis dropped: false at n = 0 / 1
    schema = _s("Nat.not_prime_iff_exists_dvd_lt", "N", "{n : α}", _PRIME_ROW[3])
    with pytest.raises(NotAdmitted):
        check_schema(schema, "ℕ", {})
    # `m ≤ n` in place of `m < n`: `n` itself would witness every `n ≥ 2`, prime or not
    schema = _s(*_PRIME_ROW[:3], "¬Nat.Prime n ↔ ∃ m : ℕ, m ∣ n ∧ 2 ≤ m ∧ m ≤ n")
    with pytest.raises(NotAdmitted):
        check_schema(schema, "ℕ", {})
    # the true row is admitted
    assert check_schema(_s(*_PRIME_ROW), "ℕ", {}) is not None


def test_prime_unfolding_only_on_variables() -> None:
    assert prime_unfolded("{n : α}", "Nat.Prime n") == ("{n : α}", "(2 ≤ n ∧ ∀ pd₀ : ℕ, pd₀ < n → pd₀ ∣ n → pd₀ = 1)")
    # `Nat.Prime` of a compound term is not unfolded textually: no check
    assert prime_unfolded("{n : α}", "Nat.Prime (n + 1)") is None


def test_exists_eq_mul_right_of_dvd() -> None:
    assert accepts("(d k : ℕ) (h : d ∣ k) : ∃ c : ℕ, k = d * c := exists_eq_mul_right_of_dvd h")
    assert accepts("(d k : ℤ) (h : d ∣ k) : ∃ c : ℤ, k = d * c := exists_eq_mul_right_of_dvd h")
    # the factor is on the right: `c * d` is another statement (`exists_eq_mul_left_of_dvd`)
    assert not accepts("(d k : ℕ) (h : d ∣ k) : ∃ c : ℕ, k = c * d := exists_eq_mul_right_of_dvd h")
    assert_row_refused(("exists_eq_mul_right_of_dvd_bad", "N", "{a b : α} (h : a ∣ b)", "∃ c : α, a = b * c"))


def test_nat_add_le_add_iff_right() -> None:
    assert accepts("(x y : ℕ) (h : x + 3 ≤ y + 3) : x ≤ y := Nat.add_le_add_iff_right.mp h")
    assert not accepts("(x y : ℕ) (h : x + 3 ≤ y + 4) : x ≤ y := Nat.add_le_add_iff_right.mp h")
    assert_row_refused(("Nat.add_le_add_iff_right_bad", "N", "{m k n : α}", "m + n ≤ k + n ↔ m < k"))


def test_add_div() -> None:
    assert accepts("(x y z : ℝ) : (x + y) / z = x / z + y / z := add_div x y z")
    assert not accepts("(x y z : ℝ) : (x + y) / z = x / z + y := add_div x y z")
    # no ℕ row: ℕ division truncates, `(1 + 1) / 2 ≠ 1 / 2 + 1 / 2`
    assert not accepts("(x y z : ℕ) : (x + y) / z = x / z + y / z := add_div x y z")
    assert_row_refused(("add_div_bad", "QR", "(a b c : α)", "(a + b) / c = a / c + b"))


def test_pow_eq_pow_iff_cases_mp_reads_the_exponent() -> None:
    assert accepts("(b : ℝ) (h : b ^ 9 = (2 / 3) ^ 9) : 9 = 0 ∨ b = 2 / 3 ∨ b = -(2 / 3) ∧ Even 9 := by\n  apply pow_eq_pow_iff_cases.mp h")
    assert accepts("(b c : ℤ) (h : b ^ 3 = c ^ 3) : 3 = 0 ∨ b = c ∨ b = -c ∧ Even 3 := pow_eq_pow_iff_cases.mp h")
    # the exponent is the argument's: `Even 2` is another proposition than the instance's `Even 3`
    assert not accepts("(b c : ℤ) (h : b ^ 3 = c ^ 3) : 3 = 0 ∨ b = c ∨ b = -c ∧ Even 2 := pow_eq_pow_iff_cases.mp h")
    # a linear ordered ring: no ℕ instance
    assert not accepts("(b c : ℕ) (h : b ^ 3 = c ^ 3) : 3 = 0 ∨ b = c ∨ b = c ∧ Even 3 := pow_eq_pow_iff_cases.mp h")
    # false variants: the `n = 0` case dropped (false at n = 0), `Odd` for `Even`
    assert_row_refused(("pow_eq_pow_iff_cases_bad", "ZQR", "{a b : α} {n : exp}", "a ^ n = b ^ n ↔ a = b ∨ a = -b ∧ Even n"), {"n": 0})
    assert_row_refused(("pow_eq_pow_iff_cases_bad", "ZQR", "{a b : α} {n : exp}", "a ^ n = b ^ n ↔ n = 0 ∨ a = b ∨ a = -b ∧ Odd n"), {"n": 2})


def test_field_simp_reciprocal_product() -> None:
    assert accepts("(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x / y * (y / x) = 1 := by\n  field_simp [hx, hy]")
    assert accepts("(hx : Real.log 2 ≠ 0) (hy : Real.log 3 ≠ 0) : Real.log 3 / Real.log 2 * (Real.log 2 / Real.log 3) = 1 := by\n  field_simp [hx, hy]")
    # a denominator not known to be non-zero: the quotient is not cleared
    assert not accepts("(x y : ℝ) (hx : x ≠ 0) : x / y * (y / x) = 1 := by\n  field_simp [hx]")
    # not reciprocal: the two field_simps orders differ there, nothing beyond the earlier model
    assert not accepts("(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x / y * (x / y) = 1 := by\n  field_simp [hx, hy]")
    # false: the product is 1, not 2
    assert not accepts("(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x / y * (y / x) = 2 := by\n  field_simp [hx, hy]")


# ---- `apply e` with `_` in `e`: Lean's `MVarId.apply` appends the unassigned mvars of `e` (natural `_` holes
# as well as `?_`) as goals after the premises it adds; `exact`/`refine` still refuse a natural `_`


def test_apply_turns_placeholders_into_goals() -> None:
    assert accepts("(x : ℝ) (h : x < 1 ∨ x > 2) : x < 2 ∨ x > 1 := by\n  apply Or.imp _ _ h\n  · intro h1; linarith\n  · intro h2; linarith")
    # both holes are goals: leaving one open fails
    assert not accepts("(x : ℝ) (h : x < 1 ∨ x > 2) : x < 2 ∨ x > 1 := by\n  apply Or.imp _ _ h\n  · intro h1; linarith")
    # the premises `apply` adds come first, then the `_` of the term
    assert accepts("(a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a + b := by\n  apply add_pos _\n  exact hb\n  exact ha")
    assert not accepts("(a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a + b := by\n  apply add_pos _\n  exact ha\n  exact hb")


def test_exact_and_refine_still_refuse_placeholders() -> None:
    assert not accepts("(x : ℝ) (h : x < 1 ∨ x > 2) : x < 2 ∨ x > 1 := by\n  exact Or.imp _ _ h")
    assert not accepts("(x : ℝ) (h : x < 1 ∨ x > 2) : x < 2 ∨ x > 1 := by\n  refine Or.imp _ _ h\n  · intro h1; linarith\n  · intro h2; linarith")
    # a false goal stays unprovable through the new goals
    assert not accepts("(x : ℝ) (h : x < 1 ∨ x > 2) : x < 0 ∨ x > 1 := by\n  apply Or.imp _ _ h\n  · intro h1; linarith\n  · intro h2; linarith")
