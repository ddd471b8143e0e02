# ruff: noqa: E501
"""Round 11: lemma batch 10 (`lemma_table10.py`): `Nat.factorial_succ` (z3 unfolds its recursive
function once), `Nat.factorial_pos` / `Nat.factorial_ne_zero` and Bernoulli's
`one_add_mul_le_pow` (proved in minilean by induction over every `n`, not per instance),
`Nat.Prime.dvd_factorial` (per numeral prime, every `n`), `sq_pos_of_pos`. Accepting uses next to refusals and false variants."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts, assert_row_admitted, assert_row_refused

from minilean.lemma_table10 import NUMERAL_ARGS, PROOFS, ROWS
from minilean.lemmas import NotAdmitted, _s, admitted, check_schema

_accepts = accepts


ACCEPT = [
    "(n : ℕ) : n ! ≠ 0 := Nat.factorial_ne_zero n",
    "(m : ℕ) : 0 < m ! := Nat.factorial_pos m",
    "(k : ℕ) : (k + 1) ! = (k + 1) * k ! := Nat.factorial_succ k",
    "(k : ℕ) (h : 2 ≤ k) : (k + 1) ! ≠ 0 := by\n  exact Nat.factorial_ne_zero (k + 1)",
    "(n : ℕ) : 0 < n ! * 2 := by\n  have h := Nat.factorial_pos n\n  omega",
    "(k : ℕ) : (k + 1) ! = (k + 1) * k ! := by\n  rw [Nat.factorial_succ]",
    "(x : ℝ) (hx : 0 < x) : 0 < x ^ 2 := sq_pos_of_pos hx",
    "(x : ℤ) (hx : 0 < x) : 0 < x ^ 2 := by\n  have h := sq_pos_of_pos hx\n  exact h",
    "(x y : ℝ) (hx : 0 < x) (h : y = x ^ 2) : 0 < y := by\n  nlinarith [sq_pos_of_pos hx]",
    # a prime divides `n !` iff it is at most `n`: per numeral prime, for every `n`
    "(n : ℕ) (hp : Nat.Prime 17) (h : 17 ∣ n !) : 17 ≤ n := (Nat.Prime.dvd_factorial hp).mp h",
    "(n : ℕ) : Nat.Prime 17 → (17 ∣ n ! ↔ 17 ≤ n) := by\n  apply Nat.Prime.dvd_factorial",
    "(n : ℕ) (hp : Nat.Prime 7) (h : 7 ≤ n) : 7 ∣ n ! := (Nat.Prime.dvd_factorial hp).mpr h",
    # Bernoulli for every `n` (the row is proved by induction in minilean, at ℤ ℚ ℝ)
    "(x : ℝ) (n : ℕ) (h₀ : -1 < x) : 1 + ↑n * x ≤ (1 + x) ^ n := by\n  apply one_add_mul_le_pow\n  linarith",
    "(x : ℚ) (n : ℕ) (h : -2 ≤ x) : 1 + (n : ℚ) * x ≤ (1 + x) ^ n := one_add_mul_le_pow h n",
    "(x : ℤ) (k : ℕ) (h : 0 ≤ x) : 1 + (k : ℤ) * x ≤ (1 + x) ^ k := one_add_mul_le_pow (by linarith) k",
    # `Int.floor_eq_iff` in `rw`, at a hypothesis and at the goal
    "(x : ℝ) (h : Int.floor x = 3) : 3 ≤ x := by\n  rw [Int.floor_eq_iff] at h\n  norm_num at h\n  linarith [h.1]",
    ": Int.floor ((7 : ℝ) / 2) = 3 := by\n  rw [Int.floor_eq_iff]\n  norm_num",
]

REFUSE = [
    # `Int.floor_eq_iff`: the interval is [z, z + 1), so neither bound may move
    "(x : ℝ) (h : Int.floor x = 3) : 4 ≤ x := by\n  rw [Int.floor_eq_iff] at h\n  norm_num at h\n  linarith [h.1]",
    "(x : ℝ) (h : Int.floor x = 3) : x < 3 := by\n  rw [Int.floor_eq_iff] at h\n  norm_num at h\n  linarith [h.2]",
    ": Int.floor ((7 : ℝ) / 2) = 4 := by\n  rw [Int.floor_eq_iff]\n  norm_num",
    # the conclusions do not follow
    "(n : ℕ) : 1 < n ! := Nat.factorial_pos n",
    "(k : ℕ) : (k + 1) ! = k * k ! := Nat.factorial_succ k",
    "(k : ℕ) : (k + 1) ! = (k + 2) * k ! := by\n  rw [Nat.factorial_succ]",
    # `sq_pos_of_pos` needs `0 < a`, not `a ≠ 0` nor `0 ≤ a`
    "(x : ℝ) (hx : x ≠ 0) : 0 < x ^ 2 := sq_pos_of_pos hx",
    "(x : ℝ) (hx : 0 ≤ x) : 0 < x ^ 2 := sq_pos_of_pos hx",
    "(x : ℝ) (hx : 0 < x) : 0 < x ^ 3 := sq_pos_of_pos hx",
    # a wrong bound; a variable prime (Lean accepts: weaker)
    "(n : ℕ) (hp : Nat.Prime 17) (h : 17 ∣ n !) : 18 ≤ n := (Nat.Prime.dvd_factorial hp).mp h",
    "(n : ℕ) (hp : Nat.Prime 17) (h : 16 ≤ n) : 17 ∣ n ! := (Nat.Prime.dvd_factorial hp).mpr h",
    "(n p : ℕ) (hp : Nat.Prime p) (h : p ∣ n !) : p ≤ n := (Nat.Prime.dvd_factorial hp).mp h",
    # Bernoulli needs `-2 ≤ a` (false at `a = -3`, `n = 5`); the exponent must match `n`
    "(x : ℝ) (n : ℕ) (h₀ : -3 ≤ x) : 1 + ↑n * x ≤ (1 + x) ^ n := by\n  apply one_add_mul_le_pow\n  linarith",
    "(x : ℝ) (n : ℕ) (h : -2 ≤ x) : 1 + (n : ℝ) * x ≤ (1 + x) ^ (n + 1) := one_add_mul_le_pow h n",
    "(x : ℝ) (n : ℕ) (h : -2 ≤ x) : 1 + (n : ℝ) * x < (1 + x) ^ n := one_add_mul_le_pow h n",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src), src


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_rows_checked(row: tuple[str, str, str, str]) -> None:
    assert_row_admitted(row, {v: 13 for v in NUMERAL_ARGS.get(row[0], ())})


def test_dvd_factorial_needs_its_prime() -> None:
    with pytest.raises(NotAdmitted):
        admitted("Nat.Prime.dvd_factorial", "ℕ")
    # `6` is no prime (and `6 ∣ 3 !`): the instance is vacuous, as in Lean, and admitted through `hp`
    assert admitted("Nat.Prime.dvd_factorial", "ℕ", (("p", 6),)) is not None
    # `0` (vacuous in Lean too): the proof does not cover it; refused (weaker)
    with pytest.raises(NotAdmitted):
        admitted("Nat.Prime.dvd_factorial", "ℕ", (("p", 0),))
    # a prime above the case-by-case bound is refused without running the proof (Lean accepts: weaker)
    with pytest.raises(NotAdmitted):
        admitted("Nat.Prime.dvd_factorial", "ℕ", (("p", 101),))


def test_proof_rows_are_proved_not_z3() -> None:
    # z3 cannot do the induction: these rows are admitted only through their minilean proofs
    assert set(PROOFS) == {
        "Nat.factorial_pos", "Nat.factorial_ne_zero", "one_add_mul_le_pow", "Nat.Prime.dvd_factorial"
    }


FALSE_VARIANTS = [
    # the row's proof is run on the (false) statement and must fail: a proof is never trusted blindly
    ("Nat.factorial_pos", "N", "(n : α)", "1 < n !"),
    ("Nat.factorial_ne_zero", "N", "(n : α)", "n ! ≠ 1"),
    ("Nat.factorial_succ", "N", "(n : α)", "(n + 1) ! = n * n !"),
    ("sq_pos_of_pos", "Z", "{a : α} (ha : 0 ≤ a)", "0 < a ^ 2"),
    ("one_add_mul_le_pow", "R", "{a : α} (H : -3 ≤ a) (n : ℕ)", "1 + (n : α) * a ≤ (1 + a) ^ n"),
    ("one_add_mul_le_pow", "R", "{a : α} (H : -2 ≤ a) (n : ℕ)", "1 + 2 * (n : α) * a ≤ (1 + a) ^ n"),
    ("one_add_mul_le_pow", "Z", "{a : α} (H : -2 ≤ a) (n : ℕ)", "1 + (n : α) * a < (1 + a) ^ n"),
]


@pytest.mark.parametrize("row", FALSE_VARIANTS, ids=[r[0] for r in FALSE_VARIANTS])
def test_false_variants_refused(row: tuple[str, str, str, str]) -> None:
    assert_row_refused(row)


def test_dvd_factorial_false_variant_refused() -> None:
    # the row's proof, run at `p = 13` on a wrong bound, must fail
    schema = _s("Nat.Prime.dvd_factorial", "N", "{n p : α} (hp : Nat.Prime p)", "p ∣ n ! ↔ p - 1 ≤ n")
    with pytest.raises(NotAdmitted):
        check_schema(schema, "ℕ", {"p": 13})
    good = _s("Nat.Prime.dvd_factorial", "N", "{n p : α} (hp : Nat.Prime p)", "p ∣ n ! ↔ p ≤ n")
    assert check_schema(good, "ℕ", {"p": 13}) is not None
