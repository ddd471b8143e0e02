# ruff: noqa: E501
"""Round 24a: lemma batch 24 (`minilean/lemma_table24.py`), `Nat.le_induction (m := a) (P := fun k hk => …)` as a
term (`le_induction_term.py`), per-instance lemmas applied to explicit non-numeral terms (`lemma_instances.py`),
`NUMERAL_ARGS` rows with some variables left open (`lemmas._read_off`), and names refused with a reason. Each
name is used as Lean uses it and a false use is refused."""

from __future__ import annotations

import pytest
from lemma_batch_checks import assert_row_admitted, assert_row_refused

from minilean.engine import elaborate, initial_env
from minilean.lemma_table24 import ROWS


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


def _errors(src: str) -> str:
    return " ".join(str(m.data) for m in elaborate(initial_env(), src).messages)


ACCEPTED = [
    # Nat.prime_def_lt / Nat.Prime.coprime_iff_not_dvd / Nat.coprime_primes
    "theorem t (q : ℕ) (hq : Nat.Prime q) : 1 < q := (Nat.prime_def_lt.mp hq).left",
    "theorem t (q : ℕ) (hq : Nat.Prime q) (d : ℕ) (hd : d < q) (h : d ∣ q) : d = 1 := (Nat.prime_def_lt.mp hq).2 d hd h",
    "theorem t (x : ℕ) (h5 : Nat.Prime 5) (hx : ¬5 ∣ x) : Nat.Coprime 5 x := (Nat.Prime.coprime_iff_not_dvd h5).mpr hx",
    "theorem t (p x : ℕ) (hp : Nat.Prime p) (hx : Nat.Coprime p x) : ¬p ∣ x := (Nat.Prime.coprime_iff_not_dvd hp).mp hx",
    "theorem t (h3 : Nat.Prime 3) (h11 : Nat.Prime 11) : Nat.Coprime 3 11 := by\n  apply (Nat.coprime_primes h3 h11).mpr\n  norm_num",
    # Int.ofNat_ne_zero
    "theorem t (k : ℕ) (hk : k ≠ 0) : (k : ℤ) ≠ 0 := by\n  apply Int.ofNat_ne_zero.mpr\n  exact hk",
    "theorem t (k : ℕ) (hk : (k : ℤ) ≠ 0) : k ≠ 0 := Int.ofNat_ne_zero.mp hk",
    # div_add_div_same / mul_div_cancel₀
    "theorem t (x y : ℝ) (h : x / 7 + y / 7 = 2) : (x + y) / 7 = 2 := by\n  rw [div_add_div_same] at h\n  exact h",
    "theorem t (u v w : ℚ) : u / w + v / w = (u + v) / w := div_add_div_same u v w",
    "theorem t (x : ℝ) : 5 * (x / 5) = x := by\n  apply mul_div_cancel₀\n  norm_num",
    "theorem t (x y : ℝ) (hy : y ≠ 0) : y * (x / y) = x := mul_div_cancel₀ x hy",
    # Nat.lt_mul_iff_one_lt_right
    "theorem t (c e : ℕ) (hc : 0 < c) (h : c < c * e) : 1 < e := (Nat.lt_mul_iff_one_lt_right hc).mp h",
    # Odd.pow_nonpos (the exponent read off `Odd 5`)
    "theorem t (z : ℤ) (hz : z ≤ 0) (h5 : Odd 5) : z ^ 5 ≤ 0 := Odd.pow_nonpos h5 hz",
    "theorem t (z : ℝ) (hz : z ≤ 0) : z ^ 3 ≤ 0 := Odd.pow_nonpos (Nat.odd_iff.mpr (by norm_num : 3 % 2 = 1)) hz",
    # Nat.Coprime.dvd_mul_left with its divisor a variable: the instance z3 proves (`lemmas._read_off`)
    "theorem t (b : ℕ) (hb : Nat.Coprime b 5) (h : b ∣ 5 * 11) : b ∣ 11 := by\n  have e : b ∣ 5 * 11 ↔ b ∣ 11 := Nat.Coprime.dvd_mul_left hb\n  exact e.mp h",
    # a NUMERAL_ARGS row refused as a schema, admitted at the numerals its hypothesis fixes (`lemmas._narrower`)
    "theorem t (h : 23 ≡ 2 [MOD 7]) : 23 ^ 11 ≡ 2 ^ 11 [MOD 7] := Nat.ModEq.pow 11 h",
    # a per-instance lemma applied to explicit terms (`lemma_instances.py`)
    "theorem t (x k : ℕ) : 2 ^ k * ((x + 1) / 2 ^ k) + (x + 1) % 2 ^ k = x + 1 := by\n  rw [Nat.div_add_mod (x + 1) (2 ^ k)]",
    # a per-instance row admitted for a variable argument by its minilean proof (`lemma_table24.PROOFS`)
    "theorem t (q : ℕ) (h : ∑ i ∈ Finset.range q, i = 21) : q * (q - 1) / 2 = 21 := by\n  rw [Finset.sum_range_id q] at h\n  exact h",
    # Nat.even_mul_pred_self / Nat.two_mul_div_two_of_even
    "theorem t (r : ℕ) : 2 * (r * (r - 1) / 2) = r * (r - 1) := Nat.two_mul_div_two_of_even (Nat.even_mul_pred_self r)",
    # Nat.le_induction with its motive given
    "theorem t (n : ℕ) (h : 3 ≤ n) : 2 * n + 1 ≤ n ^ 2 := by\n  apply Nat.le_induction (m := 3) (P := fun k hk => 2 * k + 1 ≤ k ^ 2)\n  · norm_num\n  · intro k hk ih\n    nlinarith\n  · exact h",
    "theorem t (n : ℕ) (h : 2 ≤ n) : n + 2 ≤ 2 * n := by\n  apply Nat.le_induction (m := 2) (P := fun k _ => k + 2 ≤ 2 * k)\n  · show 2 + 2 ≤ 2 * 2\n    norm_num\n  · intro k hk ih\n    show k + 1 + 2 ≤ 2 * (k + 1)\n    omega\n  · exact h",
]

REFUSED = [
    # prime_def_lt / coprime_iff_not_dvd / coprime_primes: the wrong side; a non-prime; equal primes
    "theorem t (q : ℕ) (hq : Nat.Prime q) : 2 < q := (Nat.prime_def_lt.mp hq).left",
    "theorem t (x : ℕ) (h4 : Nat.Prime 4) (hx : ¬2 ∣ x) : Nat.Coprime 2 x := (Nat.Prime.coprime_iff_not_dvd h4).mpr hx",
    "theorem t (x : ℕ) (h5 : Nat.Prime 5) (hx : 5 ∣ x) : Nat.Coprime 5 x := (Nat.Prime.coprime_iff_not_dvd h5).mpr hx",
    "theorem t (h3 : Nat.Prime 3) : Nat.Coprime 3 3 := by\n  apply (Nat.coprime_primes h3 h3).mpr\n  norm_num",
    # Int.ofNat_ne_zero: the wrong direction's hypothesis
    "theorem t (k : ℕ) (hk : k = 0) : (k : ℤ) ≠ 0 := Int.ofNat_ne_zero.mpr hk",
    # div_add_div_same: different denominators; ℤ division is not a field's
    "theorem t (x y : ℝ) (h : x / 7 + y / 5 = 2) : (x + y) / 7 = 2 := by\n  rw [div_add_div_same] at h\n  exact h",
    "theorem t (u v w : ℤ) : u / w + v / w = (u + v) / w := div_add_div_same u v w",
    # mul_div_cancel₀: the divisor zero; the other factor
    "theorem t (x : ℝ) : 0 * (x / 0) = x := by\n  apply mul_div_cancel₀\n  norm_num",
    "theorem t (x : ℝ) : 5 * (x / 3) = x := by\n  apply mul_div_cancel₀\n  norm_num",
    # Nat.lt_mul_iff_one_lt_right: no positivity; the wrong side
    "theorem t (c e : ℕ) (h : c < c * e) : 2 < e := (Nat.lt_mul_iff_one_lt_right (by omega : 0 < c)).mp h",
    # Odd.pow_nonpos: an even exponent with a true `Odd` hypothesis missing; the wrong sign
    "theorem t (z : ℤ) (hz : z ≤ 0) : z ^ 2 ≤ 0 := Odd.pow_nonpos (Nat.odd_iff.mpr (by norm_num : 2 % 2 = 1)) hz",
    "theorem t (z : ℤ) (hz : 0 ≤ z) (h3 : Odd 3) : z ^ 3 ≤ 0 := Odd.pow_nonpos h3 hz",
    # Coprime.dvd_mul_left with an open divisor: a false instance stays refused
    "theorem t (b : ℕ) (hb : Nat.Coprime b 5) (h : b ∣ 5 * 11) : b ∣ 5 := by\n  have e : b ∣ 5 * 11 ↔ b ∣ 5 := Nat.Coprime.dvd_mul_left hb\n  exact e.mp h",
    # the narrower instance is the one the hypothesis gives, not another
    "theorem t (h : 23 ≡ 2 [MOD 7]) : 23 ^ 11 ≡ 3 ^ 11 [MOD 7] := Nat.ModEq.pow 11 h",
    "theorem t (h : 23 ≡ 2 [MOD 7]) : 23 ^ 11 ≡ 2 ^ 12 [MOD 7] := Nat.ModEq.pow 11 h",
    # a per-instance lemma at explicit terms: a false instance (the wrong modulus in the goal)
    "theorem t (x k : ℕ) : 2 ^ k * ((x + 1) / 2 ^ k) + (x + 1) % 2 ^ (k + 1) = x + 1 := by\n  rw [Nat.div_add_mod (x + 1) (2 ^ k)]",
    # Finset.sum_range_id at a variable: the wrong closed form
    "theorem t (q : ℕ) (h : ∑ i ∈ Finset.range q, i = 21) : q * (q + 1) / 2 = 21 := by\n  rw [Finset.sum_range_id q] at h\n  exact h",
    # parity: `r * (r + 2)` is not always even; `two_mul_div_two_of_even` needs `Even`
    "theorem t (r : ℕ) : 2 * (r * (r + 2) / 2) = r * (r + 2) := Nat.two_mul_div_two_of_even (Nat.even_mul_pred_self r)",
    "theorem t (r : ℕ) (h : Odd r) : 2 * (r / 2) = r := Nat.two_mul_div_two_of_even h",
    # Nat.le_induction: a false base case; a false step; the bound not available
    "theorem t (n : ℕ) (h : 1 ≤ n) : 2 * n + 1 ≤ n ^ 2 := by\n  apply Nat.le_induction (m := 1) (P := fun k hk => 2 * k + 1 ≤ k ^ 2)\n  · norm_num\n  · intro k hk ih\n    nlinarith\n  · exact h",
    "theorem t (n : ℕ) (h : 3 ≤ n) : n ^ 2 ≤ 2 * n + 1 := by\n  apply Nat.le_induction (m := 3) (P := fun k hk => k ^ 2 ≤ 2 * k + 1)\n  · norm_num\n  · intro k hk ih\n    nlinarith\n  · exact h",
    "theorem t (n : ℕ) (h : 2 ≤ n) : 2 * n + 1 ≤ n ^ 2 := by\n  apply Nat.le_induction (m := 3) (P := fun k hk => 2 * k + 1 ≤ k ^ 2)\n  · norm_num\n  · intro k hk ih\n    nlinarith\n  · exact h",
    # the motive must be given (Lean's `elab_as_elim` would infer it: not modelled)
    "theorem t (n : ℕ) (h : 3 ≤ n) : 2 * n + 1 ≤ n ^ 2 := by\n  apply Nat.le_induction\n  · norm_num\n  · intro k hk ih\n    nlinarith\n  · exact h",
]


@pytest.mark.parametrize("src", ACCEPTED)
def test_batch24_uses_accepted(src: str) -> None:
    assert _accepts(src), (src, _errors(src))


@pytest.mark.parametrize("src", REFUSED)
def test_batch24_misuses_refused(src: str) -> None:
    assert not _accepts(src), src


def _row(name: str) -> tuple[str, str, str, str]:
    return next(r for r in ROWS if r[0] == name)


def test_rows_admitted() -> None:
    for name in ("Nat.prime_def_lt", "Nat.Prime.coprime_iff_not_dvd", "Int.ofNat_ne_zero", "div_add_div_same",
                 "mul_div_cancel₀", "Nat.lt_mul_iff_one_lt_right", "Nat.even_mul_pred_self",
                 "Nat.two_mul_div_two_of_even"):
        assert_row_admitted(_row(name), {})
    assert_row_admitted(_row("Nat.coprime_primes"), {"p": 5, "q": 13})
    assert_row_admitted(_row("Odd.pow_nonpos"), {"n": 3})


@pytest.mark.parametrize(
    "row,numerals",
    [
        (("Nat.prime_def_lt_bad", "N", "{p : α}", "Nat.Prime p ↔ 2 ≤ p ∧ ∀ m < p, m ∣ p → m = 2"), {}),
        (("Nat.Prime.coprime_iff_not_dvd_bad", "N", "{p n : α} (pp : Nat.Prime p)", "Nat.Coprime p n ↔ p ∣ n"), {}),
        (("Nat.coprime_primes_bad", "N", "{p q : α} (pp : Nat.Prime p) (pq : Nat.Prime q)", "Nat.Coprime p q ↔ p = q"), {"p": 5, "q": 13}),
        (("Int.ofNat_ne_zero_bad", "Z", "{n : ℕ}", "(n : ℤ) ≠ 1 ↔ n ≠ 0"), {}),
        (("div_add_div_same_bad", "QR", "(a b c : α)", "a / c + b / c = (a + b) / (c + c)"), {}),
        (("mul_div_cancel₀_bad", "QR", "{b : α} (a : α) (hb : b ≠ 0)", "b * (a / b) = b"), {}),
        (("Nat.lt_mul_iff_one_lt_right_bad", "N", "{a b : α} (ha : 0 < a)", "a < a * b ↔ 0 < b"), {}),
        (("Nat.even_mul_pred_self_bad", "N", "(n : α)", "Even (n * (n - 2))"), {}),
        (("Nat.two_mul_div_two_of_even_bad", "N", "{n : α} (h : Even n)", "2 * (n / 2) = n + 2"), {}),
        (("Odd.pow_nonpos_bad", "ZQR", "{a : α} {n : exp} (hn : Odd n) (ha : a ≤ 0)", "a ^ n < 0"), {"n": 3}),
    ],
)
def test_false_rows_refused(row: tuple[str, str, str, str], numerals: dict[str, int]) -> None:
    assert_row_refused(row, numerals)


@pytest.mark.parametrize(
    "src,why",
    [
        ("theorem t (x : ℝ) (hx : 0 ≤ x) : x ≤ x := by\n  apply Real.geom_mean_le_arith_mean2_weighted\n  all_goals norm_num", "concavity"),
        ("theorem t (z : ℂ) (h : z = 1) : z = 1 := by\n  simp only [Complex.ext_iff] at h\n  exact h", "Complex.re"),
        ("theorem t (x : ℝ) (h : x ≠ 0) : x ≠ 0 := by\n  have := Complex.ofReal_ne_zero.mpr h\n  exact h", "Complex.ofReal"),
        ("theorem t (a b : ℝ) (h : a = b) : a = b := by\n  have := Int.fract_eq_fract.mp h\n  exact h", "Int.fract"),
    ],
)
def test_names_refused_with_their_reason(src: str, why: str) -> None:
    assert not _accepts(src)
    assert why in _errors(src)
