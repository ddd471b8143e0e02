# ruff: noqa: E501
"""Round 10: lemma batch 9 (`lemma_table9.py`): `pow_left_inj` (its exponent read off `hn`, with `by`
arguments postponed and the expected type matched against the side `.mp`/`.mpr` concludes),
`Nat.ModEq.mul_left/mul_right/mul` admitted per modulus (read off the hypotheses as a numeral), `rw [h]`
with `h : a ≡ b [MOD n]` (Lean's `matchEq?` unfolds the def), exponents given as `_`
(`Nat.pow_mod _ _ _`), and `Exists.intro w h` as a term. Accepting uses next to refusals."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts, assert_row_admitted, assert_row_refused

from minilean.lemma_table9 import NUMERAL_ARGS, ROWS
from minilean.lemmas import NotAdmitted, _s, admitted

_accepts = accepts


ACCEPT = [
    # `pow_left_inj`: the exponent comes from `hn`, `a b` from the side `.mp` concludes
    "(x : ℕ) (h : x ^ 3 = 2 ^ 3) (h3 : 3 ≠ 0) : x = 2 := (pow_left_inj (by simp) (by simp) h3).mp h",
    "(x : ℝ) (hx : 0 ≤ x) (h : x ^ 2 = 3 ^ 2) (h2 : 2 ≠ 0) : x = 3 := (pow_left_inj hx (by norm_num) h2).mp h",
    "(x : ℝ) (hx : 0 ≤ x) (h : x = 3) (h2 : 2 ≠ 0) : x ^ 2 = 3 ^ 2 := (pow_left_inj hx (by norm_num) h2).mpr h",
    # `h₀ : n % 5 = 3` is `n ≡ 3 [MOD 5]` up to unfolding the def (and `3 % 5` reducing to `3`)
    "(n : ℕ) (h₀ : n % 5 = 3) : 2 * n ≡ 2 * 3 [MOD 5] := Nat.ModEq.mul_left 2 h₀",
    "(n : ℕ) (h₀ : n ≡ 3 [MOD 7]) : n * 4 ≡ 3 * 4 [MOD 7] := Nat.ModEq.mul_right 4 h₀",
    "(n m : ℕ) (h₀ : n ≡ 3 [MOD 5]) (h1 : m ≡ 4 [MOD 5]) : n * m ≡ 3 * 4 [MOD 5] := Nat.ModEq.mul h₀ h1",
    # `rw` with a congruence rewrites its unfolded equation `a % n = b % n`
    "(n : ℕ) (h₁ : 2 * n ≡ 6 [MOD 5]) : 2 * n % 5 = 1 := by\n  rw [h₁]",
    "(n : ℕ) (h₀ : n % 5 = 3) : 2 * n % 5 = 1 := by\n  have h₁ : 2 * n ≡ 2 * 3 [MOD 5] := Nat.ModEq.mul_left 2 h₀\n  have h₂ : 2 * 3 % 5 = 1 := by norm_num\n  rw [h₁, h₂]",
    # an exponent (and the modulus) left as `_`: the expected type fixes them, z3 checks that instance
    "(h : 1 = 1) : 16 ^ 17 % 10 = (16 % 10) ^ 17 % 10 := Nat.pow_mod _ _ _",
    "(h : 1 = 1) : 16 ^ 17 % 10 = (16 % 10) ^ 17 % 10 := Nat.pow_mod 16 _ 10",
    "(a b : ℕ) : (a + b) % 7 = (a % 7 + b % 7) % 7 := Nat.add_mod _ _ _",
    "(x : ℝ) : (2 * x) ^ 3 = 2 ^ 3 * x ^ 3 := mul_pow _ _ _",
    # `Exists.intro w h` against an expected `∃` (or a def unfolding to one: `∣`, `Odd`) is `⟨w, h⟩`
    "(B D : ℕ) (h : 7 * D = 5 * B) : 7 ∣ 5 * B := Exists.intro D (Eq.symm h)",
    "(B D : ℤ) (h : 5 * B = 7 * D) : 7 ∣ 5 * B := by\n  have h2 : 7 ∣ 5 * B := Exists.intro D h\n  exact h2",
    "(x : ℕ) (h : x = 3 ∧ x > 1) : ∃ y : ℕ, y = 3 ∧ y > 1 := Exists.intro x h",
    "(n : ℕ) (h : n = 2 * 3 + 1) : Odd n := Exists.intro 3 h",
    # coprime cancellation with the coprime pair numerals; `Dvd.intro`, `Nat.ne_of_gt`
    "(B : ℕ) (hc : Nat.Coprime 7 5) (h : 7 ∣ 5 * B) : 7 ∣ B := (Nat.Coprime.dvd_mul_left hc).mp h",
    "(B : ℕ) (hc : Nat.Coprime 7 5) (h : 7 ∣ B * 5) : 7 ∣ B := (Nat.Coprime.dvd_mul_right hc).mp h",
    "(B : ℕ) (hc : Nat.Coprime 7 5) (h : 7 ∣ B) : 7 ∣ 5 * B := (Nat.Coprime.dvd_mul_left hc).mpr h",
    "(j k : ℕ) (h : j * k = 3) : j ∣ 3 := dvd_of_mul_right_eq k h",
    "(j k : ℤ) (h : j * k = 3) : j ∣ 3 := Dvd.intro k h",
    "(j : ℕ) (h : 0 < j) : j ≠ 0 := Nat.ne_of_gt h",
]

REFUSE = [
    # `pow_left_inj` needs `0 ≤ b`: `(-3) ^ 2 = 3 ^ 2` does not give `-3 = 3`; a false conclusion fails
    "(x : ℝ) (h : x ^ 2 = 3 ^ 2) (h2 : 2 ≠ 0) : x = 3 := (pow_left_inj (by norm_num) (by norm_num) h2).mp h",
    "(x : ℕ) (h : x ^ 3 = 2 ^ 3) (h3 : 3 ≠ 0) : x = 3 := (pow_left_inj (by simp) (by simp) h3).mp h",
    # a symbolic exponent: z3 cannot check the schema (Lean accepts: weaker)
    "(x y : ℕ) (k : ℕ) (h : x ^ k = y ^ k) (hk : k ≠ 0) : x = y := (pow_left_inj (by simp) (by simp) hk).mp h",
    # the congruence must follow: 2 * 3 is not 2 * 4 mod 5
    "(n : ℕ) (h₀ : n ≡ 3 [MOD 5]) : 2 * n ≡ 2 * 4 [MOD 5] := Nat.ModEq.mul_left 2 h₀",
    # a variable modulus is refused (Lean accepts: weaker), as is a modulus the hypotheses disagree on
    "(n k : ℕ) (h₀ : n ≡ 3 [MOD k]) : 2 * n ≡ 2 * 3 [MOD k] := Nat.ModEq.mul_left 2 h₀",
    "(n m : ℕ) (h₀ : n ≡ 3 [MOD 5]) (h1 : m ≡ 4 [MOD 6]) : n * m ≡ 3 * 4 [MOD 5] := Nat.ModEq.mul h₀ h1",
    # `rw [h₁]` leaves `6 % 5 = 2`, false
    "(n : ℕ) (h₁ : 2 * n ≡ 6 [MOD 5]) : 2 * n % 5 = 2 := by\n  rw [h₁]",
    # holes the expected type does not fit, or a symbolic exponent (weaker than Lean)
    "(h : 1 = 1) : 16 ^ 17 % 10 = (16 % 10) ^ 16 % 10 := Nat.pow_mod _ _ _",
    "(h : 1 = 1) : 16 ^ 17 % 10 = (16 % 10) ^ 17 % 9 := Nat.pow_mod _ _ _",
    "(k : ℕ) : 16 ^ k % 10 = (16 % 10) ^ k % 10 := Nat.pow_mod _ _ _",
    "(a b : ℕ) : (a + b) % 7 = (a % 7 + b % 7) % 6 := Nat.add_mod _ _ _",
    # `Exists.intro`: the proof must fit the witness (`D * 7` is not `7 * D` by unfolding), the expected
    # type must be an `∃` (not an `∧`), and it takes two arguments (the anonymous constructor flattens)
    "(B D : ℕ) (h : 5 * B = D * 7) : 7 ∣ 5 * B := Exists.intro D h",
    "(x : ℕ) (h : x = 4) : ∃ y : ℕ, y = 3 := Exists.intro x h",
    "(x : ℕ) (h : x = 3) (h2 : x = 3) : x = 3 ∧ x = 3 := Exists.intro h h2",
    "(x : ℕ) (h : x = 3) (h1 : x > 1) : ∃ y : ℕ, y = 3 ∧ y > 1 := Exists.intro x h h1",
    # a variable coprime pair (Lean accepts: weaker); the wrong side of the product; the swapped `≠`
    "(B k : ℕ) (hc : Nat.Coprime k 5) (h : k ∣ 5 * B) : k ∣ B := (Nat.Coprime.dvd_mul_left hc).mp h",
    "(B : ℕ) (hc : Nat.Coprime 7 5) (h : 7 ∣ 5 * B) : 7 ∣ B := (Nat.Coprime.dvd_mul_right hc).mp h",
    "(j k : ℕ) (h : k * j = 3) : j ∣ 3 := dvd_of_mul_right_eq k h",
    "(j : ℕ) (h : 0 < j) : 0 ≠ j := Nat.ne_of_gt h",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src), src


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_rows_checked(row: tuple[str, str, str, str]) -> None:
    exps = dict(zip(NUMERAL_ARGS.get(row[0], ()), (7, 5), strict=False))
    exps.update({v: 3 for v in _s(*row).exponents()})
    assert_row_admitted(row, exps)


def test_modeq_schema_needs_its_modulus() -> None:
    with pytest.raises(NotAdmitted):
        admitted("Nat.ModEq.mul", "ℕ")


FALSE_VARIANTS = [
    # without `0 ≤ b`, or with an even exponent over ℤ, injectivity fails
    ("pow_left_inj", "Z", "{a b : α} (ha : 0 ≤ a) (hn : 2 ≠ 0)", "a ^ 2 = b ^ 2 ↔ a = b"),
    ("Nat.ModEq.mul_left", "N", "{a b : α} (c : α) (h : a ≡ b [MOD 6])", "c * a ≡ b [MOD 6]"),
    ("Nat.ModEq.mul", "N", "{a b c d : α} (h₁ : a ≡ b [MOD 6]) (h₂ : c ≡ d [MOD 6])", "a * c ≡ b + d [MOD 6]"),
    ("Nat.Coprime.dvd_mul_left", "N", "{n : α} (H : Nat.Coprime 6 5)", "6 ∣ 4 * n ↔ 6 ∣ n"),
    ("Dvd.intro", "Z", "{a b : α} (c : α) (h : c * b = a)", "a ∣ b"),
    ("Nat.ne_of_gt", "N", "{a b : α} (h : b ≤ a)", "a ≠ b"),
]


@pytest.mark.parametrize("row", FALSE_VARIANTS, ids=[r[0] for r in FALSE_VARIANTS])
def test_false_variants_refused(row: tuple[str, str, str, str]) -> None:
    assert_row_refused(row)
