# ruff: noqa: E501
"""Round 6: big operators compared up to the name of their index (alpha-equivalence in
`goals.match_expr`), `Finset.sum_range_id` admitted per ground instance, a per-instance lemma
(`Nat.mul_mod`, `Nat.add_mod`) used without arguments admitted for the instance its goal fixes, and
lemma batch 5 (`lemma_table5.py`). Each accepting case has refusals next to it: a captured index, a false
instance, a dropped premise."""

from __future__ import annotations

import re

import pytest

from minilean.engine import elaborate, initial_env
from minilean.lemma_table5 import PER_INSTANCE, ROWS
from minilean.lemmas import NotAdmitted, _s, admitted, check_schema


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


ACCEPT = [
    # alpha-equivalent big operators (Lean terms are locally nameless)
    "(n : ℕ) (h : ∑ i ∈ Finset.range n, i = 7) : ∑ k ∈ Finset.range n, k = 7 := by\n  exact h",
    "(n m : ℕ) (h : ∑ i ∈ Finset.range n, i * m = 7) : ∑ j ∈ Finset.range n, j * m = 7 := by\n  rw [h]",
    "(n : ℕ) (h : ∏ i ∈ Finset.Icc 1 n, (i + 1) = 7) : ∏ x ∈ Finset.Icc 1 n, (x + 1) = 7 := by\n  exact h",
    # `Finset.sum_range_id` per instance
    ": (∑ k ∈ Finset.range 101, k) % 6 = 4 := by\n  rw [Finset.sum_range_id]",
    ": (∑ k ∈ Finset.range 10, k) = 45 := Finset.sum_range_id 10",
    # symbolic range: z3 cannot check the schema; since round 24 minilean's proof of it (lemma_table24.PROOFS)
    # admits it for explicit arguments, as Lean does
    "(n : ℕ) : (∑ k ∈ Finset.range n, k) = n * (n - 1) / 2 := Finset.sum_range_id n",
    # `apply Nat.mul_mod` / `Nat.add_mod`: the goal's instance
    "(n : ℕ) : (12 * n) % 11 = ((12 % 11) * (n % 11)) % 11 := by\n  apply Nat.mul_mod",
    "(a b : ℕ) : (a + b) % 2 = ((a % 2) + (b % 2)) % 2 := by\n  apply Nat.add_mod",
    "(a b : ℕ) : (a + b) % 2 = ((a % 2) + (b % 2)) % 2 := by\n  exact Nat.add_mod a b 2",
    # batch 5
    "(x y a : ℕ) (ha : a ≠ 0) (h : x * a = y * a) : x = y := (Nat.mul_left_inj ha).mp h",
    "(n m k : ℕ) : n * (m - k) = n * m - n * k := Nat.mul_sub_left_distrib n m k",
    "(n m k : ℕ) : n * (m + k) = n * m + n * k := Nat.mul_add n m k",
    "(n m k : ℕ) : (n + m) * k = n * k + m * k := by\n  rw [Nat.add_mul]",
    "(n m k : ℕ) : n * m * k = n * (m * k) := Nat.mul_assoc n m k",
    ": Real.logb 40 2 = (Real.logb 2 40)⁻¹ := by\n  rw [← Real.inv_logb 2 40]",
    "(a : ℕ) (h : 1 ≤ a) : 11 ≤ 11 * a := Nat.mul_le_mul_left 11 h",
    "(a b : ℕ) (h : a ≤ b) : a * 3 ≤ b * 3 := Nat.mul_le_mul_right 3 h",
    "(a b c : ℝ) (h : a - b = c) : a = c + b := sub_eq_iff_eq_add.mp h",
    "(k : ℤ) (h : 0 < k) : k ≥ 1 := Int.pos_iff_one_le.mp h",
    "(k : ℤ) (h : k ≥ 1) : 8 * k ≥ 8 * 1 := Int.mul_le_mul_of_nonneg_left h (by norm_num)",
    "(n : ℕ) (h : 101 ∣ n) : (101 : ℤ) ∣ (n : ℤ) := Nat.cast_dvd_cast h",
    "(k : ℤ) (h : ¬k < 0) : 0 ≤ k := by\n  rw [Int.not_lt] at h\n  exact h",
    "(a b : ℤ) : -(a - b) = b - a := Int.neg_sub a b",
    "(a b : ℤ) (h : a ∣ b) : a ∣ -b := Int.dvd_neg.mpr h",
    "(k : ℤ) (h1 : 0 ≤ k) (h2 : 0 ≠ k) : 0 < k := Int.lt_iff_le_and_ne.mpr ⟨h1, h2⟩",
    "(m : ℤ) : (8 * m + 1) % 8 = ((8 * m) % 8 + 1 % 8) % 8 := by\n  apply Int.add_emod",
    "(a b : ℤ) : (a * b) % 5 = ((a % 5) * (b % 5)) % 5 := Int.mul_emod a b 5",
    "(m : ℤ) : (8 * m) % 8 = 0 := by\n  apply Int.emod_eq_zero_of_dvd\n  apply dvd_mul_right 8 m",
    "(p q : Prop) (hp : p) (h : p ↔ q) : q := by\n  rw [iff_true_left hp] at h\n  exact h",
    "(h : Nat.Prime 0) : False := Nat.not_prime_zero h",
    "(h : Nat.Prime 1) : 1 = 2 := absurd h Nat.not_prime_one",
    # a cast ℕ literal ≥ 2 is the literal (Mathlib's `instOfNat` unfolds to `Nat.cast`), for exact/have
    "(a : ℕ → ℝ) (d : ℝ) (h : ∀ n : ℕ, a n = a 0 + (n : ℝ) * d) : a 5 = a 0 + (5 : ℝ) * d := h 5",
    "(x : ℤ) (h : x = ((7 : ℕ) : ℤ)) : x = 7 := by\n  exact h",
    # an implicit exponent read off the argument
    "(y : ℝ) (h : (1 - y) ^ 2 = 0) : 1 - y = 0 := pow_eq_zero h",
    "(y : ℤ) (h : y ^ 3 = 0) : y = 0 := by\n  exact pow_eq_zero h",
    "(y : ℝ) (h : y ^ 2 = 0) : y = 0 := by\n  apply pow_eq_zero h",
    "(x : ℝ) (h₀ : 0 ≤ 1 + 2 * x) : Real.sqrt (1 + 2 * x) < 7 / 2 ↔ 1 + 2 * x < (7 / 2) ^ 2 := by\n  apply Real.sqrt_lt h₀\n  norm_num",
    "(x : ℝ) : Real.sqrt x < 3 ↔ x < 3 ^ 2 := Real.sqrt_lt' (by norm_num)",
    # congruence as an equivalence
    "(a b : ℕ) (h : a ≡ b [MOD 7]) : b ≡ a [MOD 7] := Nat.ModEq.symm h",
    "(a b c : ℕ) (h : a ≡ b [MOD 7]) (h2 : b ≡ c [MOD 7]) : a ≡ c [MOD 7] := by\n  exact Nat.ModEq.trans h h2",
    "(a : ℕ) : a ≡ a [MOD 7] := Nat.ModEq.refl a",
    "(a b : ℤ) (h : a ≡ b [ZMOD 3]) : b ≡ a [ZMOD 3] := Int.ModEq.symm h",
    "(a b c : ℤ) (h : a ≡ b [ZMOD 3]) (h2 : b ≡ c [ZMOD 3]) : a ≡ c [ZMOD 3] := Int.ModEq.trans h h2",
]

REFUSE = [
    # a free variable named like the other sum's index is not the index (no capture)
    "(n k : ℕ) (h : ∑ i ∈ Finset.range n, i * k = 7) : ∑ k ∈ Finset.range n, k * k = 7 := by\n  exact h",
    "(n k : ℕ) (h : ∑ i ∈ Finset.range n, i * k = 7) : ∑ k ∈ Finset.range n, k * k = 7 := by\n  rw [h]",
    "(n k : ℕ) (h : ∑ i ∈ Finset.range n, k = 7) : ∑ k ∈ Finset.range n, k = 7 := by\n  exact h",
    # different ranges or operators stay different
    "(n : ℕ) (h : ∑ i ∈ Finset.range n, i = 7) : ∏ k ∈ Finset.range n, k = 7 := by\n  exact h",
    "(n : ℕ) (h : ∑ i ∈ Finset.range n, i = 7) : ∑ k ∈ Finset.range (n + 1), k = 7 := by\n  exact h",
    # a false goal after the rewrite; a summand that is not the index
    ": (∑ k ∈ Finset.range 101, k) % 6 = 5 := by\n  rw [Finset.sum_range_id]",
    ": (∑ k ∈ Finset.range 10, (k + 1)) = 45 := by\n  rw [Finset.sum_range_id]",
    # the goal is not an instance of the lemma
    "(a b : ℕ) : (a + b) % 2 = ((a % 2) + (b % 3)) % 2 := by\n  apply Nat.add_mod",
    "(a b : ℕ) : (a * b) % 2 = ((a % 2) + (b % 2)) % 2 := by\n  apply Nat.mul_mod",
    # a term needs its explicit arguments
    "(a b : ℕ) : (a + b) % 2 = ((a % 2) + (b % 2)) % 2 := Nat.add_mod",
    # batch 5: wrong side, missing premise
    "(x y a : ℕ) (h : x * a = y * a) : x = y := (Nat.mul_left_inj h).mp h",
    "(n m k : ℕ) : n * (m - k) = n * m - k := Nat.mul_sub_left_distrib n m k",
    ": Real.logb 40 2 = Real.logb 2 40 := by\n  rw [← Real.inv_logb 2 40]",
    "(a : ℕ) (h : 1 ≤ a) : 12 ≤ 11 * a := Nat.mul_le_mul_left 11 h",
    "(a b : ℕ) (h : a ≤ b) : 3 * a ≤ b * 3 := Nat.mul_le_mul_right 3 h",
    "(a b c : ℝ) (h : a - b = c) : a = c - b := sub_eq_iff_eq_add.mp h",
    "(k : ℤ) (h : 0 ≤ k) : k ≥ 1 := Int.pos_iff_one_le.mp h",
    "(a c : ℤ) (h : a ≤ 1) : c * a ≤ c * 1 := Int.mul_le_mul_of_nonneg_left h (by norm_num)",
    "(x : ℝ) (h : x = ((5 : ℕ) : ℝ)) : x = 6 := h",
    "(x : ℝ) (h : x = ((1 : ℕ) : ℝ)) : x = 1 := h",
    "(x : ℝ) (h : x = ((5 : ℕ) : ℝ)) : x = 5 := by\n  rw [h]",
    "(k : ℤ) (h : ¬k < 0) : 0 < k := by\n  rw [Int.not_lt] at h\n  exact h",
    "(a b : ℤ) : -(a - b) = a - b := Int.neg_sub a b",
    "(m : ℤ) : (8 * m + 1) % 8 = ((8 * m) % 8 + 1 % 8) % 7 := by\n  apply Int.add_emod",
    "(a b n : ℤ) : (a + b) % n = (a % n + b % n) % n := by\n  apply Int.add_emod",
    "(p q : Prop) (h : p ↔ q) : q := by\n  rw [iff_true_left h] at h\n  exact h",
    "(h : Nat.Prime 0) : False := Nat.not_prime_one h",
    # a symbolic exponent (z3 cannot check the schema), a hypothesis that is not an instance, a wrong goal
    "(y n : ℕ) (h : y ^ n = 0) : y = 0 := pow_eq_zero h",
    "(y : ℝ) (h : (1 - y) ^ 2 = 1) : 1 - y = 0 := pow_eq_zero h",
    "(y : ℝ) (h : y ^ 2 = 0) : y = 1 := pow_eq_zero h",
    "(x : ℝ) : Real.sqrt x < 3 ↔ x < 3 ^ 2 := Real.sqrt_lt (by norm_num) (by norm_num)",
    # different moduli, wrong orientation (`Nat.ModEq.mul_left` is admitted per modulus since round 10:
    # lemma_table9, tested in test_minilean_fidelity4_lemma_batch9.py)
    "(a b c : ℕ) (h : a ≡ b [MOD 7]) (h2 : b ≡ c [MOD 5]) : a ≡ c [MOD 7] := Nat.ModEq.trans h h2",
    "(a b : ℕ) (h : a ≡ b [MOD 7]) : b ≡ a [MOD 5] := Nat.ModEq.symm h",
    "(a b : ℕ) (h : a ≡ b [MOD 7]) : a ≡ b [MOD 7] := Nat.ModEq.symm h",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src), src


@pytest.mark.parametrize("row", [r for r in ROWS if r[0] not in PER_INSTANCE], ids=lambda r: r[0])
def test_batch5_rows_admitted(row: tuple[str, str, str, str]) -> None:
    """Every row (but the per-instance ones) is admitted at each of its types: z3 proves it there."""
    for ty in _s(*row).types:
        exps = tuple((v, 2) for v in re.findall(r"\{(\w+) : exp\}", row[2]))
        assert admitted(row[0], ty, exps).name == row[0]


def test_a_false_proved_row_is_refused() -> None:
    """The proof route is a real check too: `norm_num` does not prove `¬Nat.Prime 2`."""
    from minilean.lemma_table5 import PROOFS

    PROOFS["bad_not_prime_two"] = "norm_num"
    try:
        with pytest.raises(NotAdmitted):
            check_schema(_s("bad_not_prime_two", "N", "", "¬Nat.Prime 2"), "ℕ", {})
    finally:
        del PROOFS["bad_not_prime_two"]


def test_no_row_shadows_an_earlier_one() -> None:
    """`lemmas.BY_NAME` keeps the last row of a name: a batch 5 row must not silently replace one."""
    from collections import Counter

    from minilean.lemmas import SCHEMAS

    assert [n for n, c in Counter(s.name for s in SCHEMAS).items() if c > 1] == []


@pytest.mark.parametrize("name", sorted(PER_INSTANCE))
def test_per_instance_rows_refused_as_schemas(name: str) -> None:
    with pytest.raises(NotAdmitted):
        admitted(name, _s(*next(r for r in ROWS if r[0] == name)).types[0])


@pytest.mark.parametrize(
    "row",
    [
        ("Nat.mul_left_inj", "N", "{a b c : α}", "b * a = c * a ↔ b = c"),
        ("Nat.mul_sub_left_distrib", "N", "(n m k : α)", "n * (m - k) = n * m - k"),
        ("Nat.add_mul", "N", "(n m k : α)", "(n + m) * k = n * k + m"),
        ("Nat.mul_assoc", "N", "(n m k : α)", "n * m * k = n * (m + k)"),
        ("Nat.ModEq.trans", "N", "{n a b c : α} (h₁ : a ≡ b [MOD n])", "a ≡ c [MOD n]"),
        ("Int.ModEq.symm", "Z", "{n a b : α} (h : a ≡ b [ZMOD n])", "b ≡ a + 1 [ZMOD n]"),
        ("Real.inv_logb", "R", "(a b : α)", "(Real.logb a b)⁻¹ = Real.logb a b"),
        ("Real.sqrt_lt", "R", "{x y : α} (hy : 0 ≤ y)", "Real.sqrt x < y ↔ x < y ^ 2"),
        ("Real.sqrt_lt", "R", "{x y : α} (hx : 0 ≤ x)", "Real.sqrt x < y ↔ x < y ^ 2"),
        ("Real.sqrt_lt'", "R", "{x y : α} (hy : 0 ≤ y)", "Real.sqrt x < y ↔ x < y ^ 2"),
        ("Nat.mul_le_mul_left", "N", "{m n : α} (k : α)", "k * m ≤ k * n"),
        ("iff_true_left", "N", "{a b : Prop}", "(a ↔ b) ↔ b"),
        ("Int.emod_eq_zero_of_dvd", "Z", "{a b : α} (h : b ∣ a)", "b % a = 0"),
        ("Int.lt_iff_le_and_ne", "Z", "{a b : α}", "a < b ↔ a ≤ b ∨ a ≠ b"),
        ("Int.dvd_neg", "Z", "{a b : α}", "a ∣ -b ↔ -a ∣ b + 1"),
        ("pow_eq_zero", "NZQR", "{x : α} (H : x ^ 2 = 1)", "x = 0"),
    ],
)
def test_false_rows_refused(row: tuple[str, str, str, str]) -> None:
    """A wrong statement (or a dropped premise) is never admitted: the check is real."""
    schema = _s(*row)
    for ty in schema.types:
        with pytest.raises(NotAdmitted):
            check_schema(schema, ty, {})
