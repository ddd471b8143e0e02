# ruff: noqa: E501
"""Round 5: field notation on relation proofs (`h.le`, `h.ne'`, `h.trans_le`, … as Mathlib's `LT.lt.*`,
`LE.le.*`, `Eq.*`, `Ne.*`, with `>`/`≥` unfolded as Lean does), a table lemma's field
(`Nat.zero_lt_two.trans_le`), a lemma argument that waits for a later argument
(`mt add_eq_zero_iff_eq_neg.mp h`), core `Iff.not` / `Or.imp_right`, and lemma batch 4
(`lemma_table4.py`, with the `Real.log` / `Real.mul_rpow` facts of `lib_facts.py`). Each accepting case
has refusals next to it: the false variant, the wrong direction, a premise dropped."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.lemma_table4 import ROWS
from minilean.lemmas import NotAdmitted, _s, admitted, check_schema


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


ACCEPT = [
    # `LT.lt`
    "(a b : ℝ) (h : a < b) : a ≤ b := h.le",
    "(a b : ℝ) (h : a < b) : a ≠ b := h.ne",
    "(b : ℝ) (hb : 0 < b) : b ≠ 0 := hb.ne'",
    "(a b c : ℤ) (h : a < b) (h2 : b ≤ c) : a < c := h.trans_le h2",
    "(a b c : ℚ) (h : a < b) (h2 : b < c) : a < c := h.trans h2",
    "(a b : ℕ) (h : a < b) : ¬b ≤ a := h.not_le",
    "(a b : ℝ) (h : a < b) : ¬b < a := h.not_lt",
    # `>` / `≥` unfold to `<` / `≤` (only `GT.gt.lt` / `GE.ge.le` exist in those namespaces)
    "(b : ℝ) (hb : b > 0) : b ≠ 0 := hb.ne'",
    "(a b : ℝ) (h : a > b) : b ≤ a := h.le",
    "(a b : ℝ) (h : a > b) : b < a := h.lt",
    "(a b : ℝ) (h : a ≥ b) : ¬a < b := h.not_lt",
    "(a b : ℕ) (h : a ≥ b) : b ≤ a := h.le",
    # `LE.le`, `Eq`, `Ne`
    "(a b c : ℝ) (h : a ≤ b) (h2 : b < c) : a < c := h.trans_lt h2",
    "(a b : ℤ) (h : a ≤ b) (h2 : b ≤ a) : a = b := h.antisymm h2",
    "(a b : ℝ) (h : a ≤ b) (h2 : a ≠ b) : a < b := h.lt_of_ne h2",
    "(a b : ℝ) (h : a ≤ b) (h2 : b ≠ a) : a < b := h.lt_of_ne' h2",
    "(b : ℕ) (h : 120 * b = 360) (h2 : 120 * 3 = 360) : 120 * b = 120 * 3 := h.trans h2.symm",
    "(a b : ℝ) (h : a = b) : a ≤ b := h.le",
    "(a b : ℝ) (h : a = b) : b ≤ a := h.ge",
    "(a b c : ℝ) (h : a = b) (h2 : b < c) : a < c := h.trans_lt h2",
    "(a b : ℝ) (h : a ≠ b) (h2 : a ≤ b) : a < b := h.lt_of_le h2",
    "(a b : ℂ) (h : a = b) : b = a := h.symm",
    # a field of an applied lemma, and of a lemma name
    "(a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 ≤ a * b := (mul_pos ha hb).le",
    "(x : ℕ) (h : 2 ≤ x) : x > 0 := Nat.zero_lt_two.trans_le h",
    # core logic
    "(p q : Prop) (h : p ↔ q) : ¬p ↔ ¬q := Iff.not h",
    "(p q r : Prop) (h : p ↔ q) (h2 : q ↔ r) : p ↔ r := h.trans h2",
    "(x y : ℝ) (h : x ≤ y ∨ x > 3) : x ≤ y ∨ 3 ≤ x := Or.imp_right (fun h' => h'.le) h",
    # a lemma argument whose type a later argument fixes
    "(x : ℝ) (h₀ : x ≠ -1) : x + 1 ≠ 0 := mt (add_eq_zero_iff_eq_neg.mp) h₀",
    "(x : ℝ) (h₀ : x ≠ -1) : x + 1 ≠ 0 := by\n  have h := mt add_eq_zero_iff_eq_neg.mp h₀\n  exact h",
    "(x : ℝ) (h₀ : x ≠ -1) (h₁ : 3 / (x + 1) = 2) : x = 1 / 2 := by\n  rw [div_eq_iff (mt (add_eq_zero_iff_eq_neg.mp) h₀)] at h₁\n  linarith",
    # `congr_arg` with a `fun` literal (the application beta-reduced, as Lean's `inferType` gives it)
    "(x a b : ℝ) (h : a = b) : x * a = x * b := congr_arg (fun z => x * z) h",
    "(x y : ℤ) (h : x ^ 5 = y ^ 2 + 4) : x ^ 5 % 11 = (y ^ 2 + 4) % 11 := by\n  have h₁ := congr_arg (fun x => x % 11) h\n  exact h₁",
    "(a b : ℕ) (h : a = b) : (a : ℝ) + 1 = (b : ℝ) + 1 := congrArg (fun (z : ℕ) => (z : ℝ) + 1) h",
    # batch 4 lemmas
    "(x y : ℝ) (h : x + y = 3) : x ^ 1 + y ^ 1 = 3 := by\n  rw [pow_one x, pow_one y]\n  exact h",
    "(u : ℝ) (h : u ^ 2 * u ^ 3 = 1) : u ^ (2 + 3) = 1 := by\n  rw [pow_add u 2 3]\n  exact h",
    "(n : ℕ) (h : n ≠ 0) : (n : ℝ) ≠ 0 := Nat.cast_ne_zero.mpr h",
    "(a b : ℕ) (h : 0 < a * b) : 0 < b := Nat.pos_of_mul_pos_left h",
    "(n m : ℕ) (h : m ≤ n) : n - m + m = n := Nat.sub_add_cancel h",
    "(b : ℕ) (h : 120 * b = 120 * 7) : b = 7 := Nat.eq_of_mul_eq_mul_left (by norm_num) h",
    "(m n : ℕ) : Nat.gcd m n ∣ m := Nat.gcd_dvd_left m n",
    "(n : ℕ) : (n : ℤ) ≥ 0 := Int.ofNat_zero_le n",
    "(m n : ℕ) (h : (m : ℤ) = (n : ℤ)) : m = n := Int.ofNat_inj.mp h",
    "(a b : ℕ) (h : a ∣ b) : a * (b / a) = b := Nat.mul_div_cancel_left' h",
    "(x : ℝ) (h : x ≠ 0) : x * x⁻¹ = 1 := mul_inv_cancel₀ h",
    "(a b : ℝ) (h : a⁻¹ = b) : a = b⁻¹ := inv_eq_iff_eq_inv.mp h",
    # logarithms and real powers (checked against lib_facts)
    ": Real.log 0 = 0 := Real.log_zero",
    "(h : (3:ℝ) > 0) (h' : (3:ℝ) ≠ 1) : Real.log 3 ≠ 0 := mt (Real.eq_one_of_pos_of_log_eq_zero h) h'",
    "(x : ℝ) (hx : 0 < x) (h : 0 ≤ Real.log x) : 1 ≤ x := (log_nonneg_iff hx).mp h",
    ": Real.log 2 ≠ 0 := Real.log_ne_zero.mpr (by norm_num)",
    "(x : ℝ) : Real.log (-x) = Real.log x := Real.log_neg_eq_log x",
    "(x y z : ℝ) (hx : 0 ≤ x) (hy : 0 ≤ y) : (x * y) ^ z = x ^ z * y ^ z := by\n  rw [mul_rpow hx hy]",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src)


REFUSE = [
    # wrong direction / false consequence of a field
    "(b : ℝ) (hb : 0 < b) : b ≠ 0 := hb.ne",
    "(a b : ℝ) (h : a > b) : a ≤ b := h.le",
    "(a b c : ℝ) (h : a < b) (h2 : b ≤ c) : c < a := h.trans_le h2",
    "(a b c : ℝ) (h : a ≤ b) (h2 : b ≤ c) : a < c := h.trans h2",
    "(a b : ℝ) (h : a ≤ b) : a < b := h.lt_of_ne h",
    "(a b : ℝ) (h : a = b) : a < b := h.le",
    # fields Mathlib does not have (for these relations)
    "(a b : ℝ) (h : a < b) : a ≤ b := h.weaken",
    "(a b : ℝ) (h : a ≥ b) : b < a := h.lt",  # no `GE.ge.lt`, and `LE.le.lt` does not exist either
    # order lemmas do not apply to ℂ
    "(a b : ℂ) (h : a = b) : b = a ∨ False := Or.inl h.le",
    # a table lemma's field needs the lemma's type fixed where Lean would fix it later (refused, weaker)
    "(x : ℕ) (h : 1 ≤ x) : x > 0 := Nat.zero_lt_two.trans_le h",
    # postponed argument: the later argument must still fit
    "(x : ℝ) (h₀ : x ≠ 1) : x + 1 ≠ 0 := mt (add_eq_zero_iff_eq_neg.mp) h₀",
    "(x : ℝ) (h₀ : x ≠ -1) : x + 2 ≠ 0 := by\n  have h := mt add_eq_zero_iff_eq_neg.mp h₀\n  exact h",
    "(p q : Prop) (h : p ↔ q) : ¬q ↔ ¬p := Iff.not h",
    "(x a b : ℝ) (h : a = b) : x * a = x * b + 1 := congr_arg (fun z => x * z) h",
    "(x y : ℤ) (h : x ^ 5 = y ^ 2 + 4) : x ^ 5 % 11 = (y ^ 2 + 5) % 11 := by\n  have h₁ := congr_arg (fun x => x % 11) h\n  exact h₁",
    "(a b : ℕ) (h : a = b + 1) : (a : ℝ) + 1 = (b : ℝ) + 1 := congrArg (fun (z : ℕ) => (z : ℝ) + 1) h",
    "(a b : ℝ) (h : a < b) : a + 1 < b + 1 := congr_arg (fun z => z + 1) h",
    # batch 4: false variants, premises that do not hold, types where Mathlib's classes fail
    "(x y : ℝ) (h : x + y = 3) : x ^ 1 + y ^ 1 = 4 := by\n  rw [pow_one x, pow_one y]\n  exact h",
    "(n : ℕ) (h : n ≠ 1) : (n : ℝ) ≠ 0 := Nat.cast_ne_zero.mpr h",
    "(a b : ℕ) (h : 0 < a * b) : 0 < b + 1 := Nat.pos_of_mul_pos_left h",
    "(n m : ℕ) : n - m + m = n := Nat.sub_add_cancel (by norm_num)",
    "(b : ℕ) (h : 0 * b = 0 * 7) : b = 7 := Nat.eq_of_mul_eq_mul_left (by norm_num) h",
    "(a b : ℤ) (h : 1 ≤ a) (h2 : b < 3) : b < a * 3 := lt_mul_of_one_le_of_lt h h2",  # ℕ only
    "(x : ℝ) : x * x⁻¹ = 1 := mul_inv_cancel₀ (by norm_num)",
    # logarithms: log 1 = 0, log (-1) = 0
    "(x : ℝ) (h : 0 ≤ Real.log x) : 1 ≤ x := (log_nonneg_iff (by norm_num)).mp h",
    ": Real.log (-1) ≠ 0 := Real.log_ne_zero.mpr (by norm_num)",
    "(h' : (-3:ℝ) ≠ 1) : Real.log (-3) ≠ 0 := mt (Real.eq_one_of_pos_of_log_eq_zero (by norm_num)) h'",
    # unqualified `log_zero` is ambiguous with `Complex.log_zero` under `open Complex`: not aliased
    ": Real.log 0 = 0 := log_zero",
    "(x y z : ℝ) (hx : 0 ≤ x) : (x * y) ^ z = x ^ z * y ^ z := by\n  rw [mul_rpow hx (by norm_num)]",
]


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src)


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_batch4_rows_admitted(row: tuple[str, str, str, str]) -> None:
    """Every row is admitted at each of its types (z3 proves its statement there)."""
    from minilean.lemmas import BY_NAME

    schema = BY_NAME[row[0]]
    exps = tuple((v, 2) for v in schema.exponents())
    for ty in schema.types:
        assert admitted(row[0], ty, exps).name == row[0]


@pytest.mark.parametrize(
    "row",
    [
        ("LT.lt.ne'", "NZQR", "{a b : α} (h : a < b)", "b ≠ a + 1"),
        ("LE.le.lt_of_ne", "NZQR", "{a b : α} (h₁ : a ≤ b)", "a < b"),
        ("Eq.ge", "NZQR", "{a b : α} (h : a = b)", "b < a + 0"),
        ("Real.log_ne_zero", "R", "{x : α}", "Real.log x ≠ 0 ↔ x ≠ 0 ∧ x ≠ 1"),
        ("Real.log_nonneg_iff", "R", "{x : α}", "0 ≤ Real.log x ↔ 1 ≤ x"),
        ("Real.mul_rpow", "R", "{x y z : α} (hy : 0 ≤ y)", "(x * y) ^ z = x ^ z * y ^ z"),
        ("Nat.mul_div_cancel_left'", "N", "{a b : α}", "a * (b / a) = b"),
        ("one_le_mul", "Z", "{a b : α} (ha : 1 ≤ a)", "1 ≤ a * b"),
    ],
)
def test_false_rows_refused(row: tuple[str, str, str, str]) -> None:
    """A wrong statement (or a dropped premise) is never admitted: the check is real."""
    schema = _s(*row)
    for ty in schema.types:
        with pytest.raises(NotAdmitted):
            check_schema(schema, ty, {})
