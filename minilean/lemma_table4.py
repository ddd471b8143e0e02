"""Batch 4 of the z3-checked lemma table (`lemmas.py`): the order/equality lemmas that field notation on
a hypothesis reaches (`h.le`, `h.ne'`, `h.trans_le`, `h.not_lt`, … in the namespace of the hypothesis'
relation: `LT.lt`, `LE.le`, `Eq`, `Ne`, `GT.gt`, `GE.ge`; see `rel_fields.py`), and more lemmas that
competition proofs name as terms.

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Mathlib's statements
(`Mathlib/Order/Basic.lean`, `Mathlib/Order/Defs/*.lean`); every instance is checked valid by z3 before it
is admitted. The order lemmas hold in any preorder / partial order / linear order, so at ℕ ℤ ℚ ℝ.
Deprecated aliases that the proofs still use (`LT.lt.not_le`, `LE.le.not_lt`, `LT.lt.not_lt`) are kept
with the statement of the declaration they alias.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # ---- `LT.lt` (h : a < b)
    ("LT.lt.le", "NZQR", "{a b : α} (h : a < b)", "a ≤ b"),
    ("LT.lt.ne", "NZQR", "{a b : α} (h : a < b)", "a ≠ b"),
    ("LT.lt.ne'", "NZQR", "{a b : α} (h : a < b)", "b ≠ a"),
    ("LT.lt.gt", "NZQR", "{a b : α} (h : a < b)", "b > a"),
    ("LT.lt.trans", "NZQR", "{a b c : α} (h₁ : a < b) (h₂ : b < c)", "a < c"),
    ("LT.lt.trans_le", "NZQR", "{a b c : α} (h₁ : a < b) (h₂ : b ≤ c)", "a < c"),
    ("LT.lt.trans_eq", "NZQR", "{a b c : α} (h₁ : a < b) (h₂ : b = c)", "a < c"),
    ("LT.lt.not_le", "NZQR", "{a b : α} (h : a < b)", "¬b ≤ a"),
    ("LT.lt.not_ge", "NZQR", "{a b : α} (h : a < b)", "¬b ≤ a"),
    ("LT.lt.not_lt", "NZQR", "{a b : α} (h : a < b)", "¬b < a"),
    ("LT.lt.not_gt", "NZQR", "{a b : α} (h : a < b)", "¬b < a"),
    ("LT.lt.asymm", "NZQR", "{a b : α} (h : a < b)", "¬b < a"),
    # ---- `LE.le` (h : a ≤ b)
    ("LE.le.ge", "NZQR", "{a b : α} (h : a ≤ b)", "b ≥ a"),
    ("LE.le.trans", "NZQR", "{a b c : α} (h₁ : a ≤ b) (h₂ : b ≤ c)", "a ≤ c"),
    ("LE.le.trans_lt", "NZQR", "{a b c : α} (h₁ : a ≤ b) (h₂ : b < c)", "a < c"),
    ("LE.le.trans_eq", "NZQR", "{a b c : α} (h₁ : a ≤ b) (h₂ : b = c)", "a ≤ c"),
    ("LE.le.antisymm", "NZQR", "{a b : α} (h₁ : a ≤ b) (h₂ : b ≤ a)", "a = b"),
    ("LE.le.lt_of_ne", "NZQR", "{a b : α} (h₁ : a ≤ b) (h₂ : a ≠ b)", "a < b"),
    ("LE.le.lt_of_ne'", "NZQR", "{a b : α} (h₁ : a ≤ b) (h₂ : b ≠ a)", "a < b"),
    ("LE.le.lt_of_not_le", "NZQR", "{a b : α} (h₁ : a ≤ b) (h₂ : ¬b ≤ a)", "a < b"),
    ("LE.le.lt_of_not_ge", "NZQR", "{a b : α} (h₁ : a ≤ b) (h₂ : ¬b ≤ a)", "a < b"),
    ("LE.le.not_lt", "NZQR", "{a b : α} (h : a ≤ b)", "¬b < a"),
    ("LE.le.not_gt", "NZQR", "{a b : α} (h : a ≤ b)", "¬b < a"),
    ("LE.le.lt_or_eq", "NZQR", "{a b : α} (h : a ≤ b)", "a < b ∨ a = b"),
    ("LE.le.eq_or_lt", "NZQR", "{a b : α} (h : a ≤ b)", "a = b ∨ a < b"),
    # ---- `Eq` (h : a = b); `Eq.symm` / `Eq.trans` are in batch 2
    ("Eq.le", "NZQR", "{a b : α} (h : a = b)", "a ≤ b"),
    ("Eq.ge", "NZQR", "{a b : α} (h : a = b)", "b ≤ a"),
    ("Eq.trans_le", "NZQR", "{a b c : α} (h₁ : a = b) (h₂ : b ≤ c)", "a ≤ c"),
    ("Eq.trans_lt", "NZQR", "{a b c : α} (h₁ : a = b) (h₂ : b < c)", "a < c"),
    ("Eq.not_lt", "NZQR", "{a b : α} (hab : a = b)", "¬a < b"),
    ("Eq.not_gt", "NZQR", "{a b : α} (hab : a = b)", "¬b < a"),
    # ---- `Ne` (h : a ≠ b)
    ("Ne.symm", "NZQR", "{a b : α} (h : a ≠ b)", "b ≠ a"),
    ("Ne.lt_of_le", "NZQR", "{a b : α} (h₁ : a ≠ b) (h₂ : a ≤ b)", "a < b"),
    ("Ne.lt_of_le'", "NZQR", "{a b : α} (h₁ : b ≠ a) (h₂ : a ≤ b)", "a < b"),
    ("Ne.le_iff_lt", "NZQR", "{a b : α} (h : a ≠ b)", "a ≤ b ↔ a < b"),
    ("Ne.lt_or_lt", "NZQR", "{a b : α} (h : a ≠ b)", "a < b ∨ b < a"),
    # ---- `GT.gt` / `GE.ge`: the only declarations in these namespaces (other fields unfold to `<`/`≤`)
    ("GT.gt.lt", "NZQR", "{a b : α} (h : a > b)", "b < a"),
    ("GE.ge.le", "NZQR", "{a b : α} (h : a ≥ b)", "b ≤ a"),
    # ---- numeral facts (Lean core's `Nat.` ones are about ℕ; Mathlib's hold in ordered semirings)
    ("Nat.zero_lt_two", "N", "", "0 < 2"),
    ("Nat.zero_lt_one", "N", "", "0 < 1"),
    ("Nat.one_pos", "N", "", "0 < 1"),
    ("zero_lt_two", "NZQR", "", "(0 : α) < 2"),
    ("two_pos", "NZQR", "", "(0 : α) < 2"),
    ("zero_lt_one", "NZQR", "", "(0 : α) < 1"),
    ("one_pos", "NZQR", "", "(0 : α) < 1"),
    # ---- monoid powers
    ("pow_one", "NZQR", "(a : α)", "a ^ 1 = a"),
    ("pow_zero", "NZQR", "(a : α)", "a ^ 0 = 1"),
    ("one_pow", "NZQR", "(n : exp)", "(1 : α) ^ n = 1"),
    ("pow_add", "NZQR", "(a : α) (m : exp) (n : exp)", "a ^ (m + n) = a ^ m * a ^ n"),
    # ---- natural numbers (Lean core's statements)
    ("Nat.pos_of_mul_pos_left", "N", "{a b : α} (h : 0 < a * b)", "0 < b"),
    ("Nat.pos_of_mul_pos_right", "N", "{a b : α} (h : 0 < a * b)", "0 < a"),
    ("Nat.sub_add_cancel", "N", "{n m : α} (h : m ≤ n)", "n - m + m = n"),
    ("Nat.add_sub_cancel", "N", "{n m : α}", "n + m - m = n"),
    ("Nat.eq_of_mul_eq_mul_left", "N", "{m k n : α} (hn : 0 < n) (h : n * m = n * k)", "m = k"),
    ("Nat.eq_of_mul_eq_mul_right", "N", "{n m k : α} (hm : 0 < m) (h : n * m = k * m)", "n = k"),
    ("Nat.gcd_dvd_left", "N", "(m n : α)", "Nat.gcd m n ∣ m"),
    ("Nat.gcd_dvd_right", "N", "(m n : α)", "Nat.gcd m n ∣ n"),
    ("Int.ofNat_zero_le", "Z", "(n : ℕ)", "0 ≤ (n : ℤ)"),
    ("Int.ofNat_inj", "Z", "{m n : ℕ}", "(m : ℤ) = (n : ℤ) ↔ m = n"),
    ("Nat.succ_pos", "N", "(n : α)", "0 < n + 1"),
    ("Nat.lcm_zero_left", "N", "(m : α)", "Nat.lcm 0 m = 0"),
    ("Nat.lcm_zero_right", "N", "(m : α)", "Nat.lcm m 0 = 0"),
    # `MulLeftMono` (as `Left.one_le_mul` of batch 3, whose alias this is): ℕ only
    ("one_le_mul", "N", "{a b : α} (ha : 1 ≤ a) (hb : 1 ≤ b)", "1 ≤ a * b"),
    ("lt_mul_of_one_le_of_lt", "N", "{a b c : α} (ha : 1 ≤ a) (h : b < c)", "b < a * c"),
    ("Nat.mul_div_cancel_left", "N", "(m : α) {n : α} (H : 0 < n)", "n * m / n = m"),
    ("Nat.mul_div_cancel_left'", "N", "{a b : α} (Hd : a ∣ b)", "a * (b / a) = b"),
    ("Nat.mul_div_cancel'", "N", "{n m : α} (H : n ∣ m)", "n * (m / n) = m"),
    ("Nat.div_mul_cancel", "N", "{a b : α} (H : b ∣ a)", "a / b * b = a"),
    ("dvd_of_eq", "NZ", "{a b : α} (h : a = b)", "a ∣ b"),
    # ---- casts from ℕ (Mathlib: `CharZero` / ordered semirings)
    ("Nat.cast_ne_zero", "ZQR", "{n : ℕ}", "(n : α) ≠ 0 ↔ n ≠ 0"),
    ("Nat.one_le_cast", "ZQR", "{n : ℕ}", "1 ≤ (n : α) ↔ 1 ≤ n"),
    ("Nat.cast_pos'", "ZQR", "{n : ℕ}", "(0 : α) < (n : α) ↔ 0 < n"),
    # ---- logarithms (checked against the facts of `lib_facts.py`)
    ("Real.log_zero", "R", "", "Real.log 0 = 0"),
    ("Real.log_one", "R", "", "Real.log 1 = 0"),
    ("Real.log_neg", "R", "{x : α} (h0 : 0 < x) (h1 : x < 1)", "Real.log x < 0"),
    ("Real.log_neg_eq_log", "R", "(x : α)", "Real.log (-x) = Real.log x"),
    ("Real.log_nonneg_iff", "R", "{x : α} (hx : 0 < x)", "0 ≤ Real.log x ↔ 1 ≤ x"),
    ("Real.log_ne_zero", "R", "{x : α}", "Real.log x ≠ 0 ↔ x ≠ 0 ∧ x ≠ 1 ∧ x ≠ -1"),
    ("Real.mul_rpow", "R", "{x y z : α} (hx : 0 ≤ x) (hy : 0 ≤ y)", "(x * y) ^ z = x ^ z * y ^ z"),
    ("Real.eq_one_of_pos_of_log_eq_zero", "R", "{x : α} (h₁ : 0 < x) (h₂ : Real.log x = 0)", "x = 1"),
    # ---- fields
    ("inv_eq_iff_eq_inv", "QR", "{a b : α}", "a⁻¹ = b ↔ a = b⁻¹"),
    ("mul_one_div", "QR", "(a b : α)", "a * (1 / b) = a / b"),
    ("one_div", "QR", "(a : α)", "1 / a = a⁻¹"),
    ("div_eq_mul_inv", "QR", "(a b : α)", "a / b = a * b⁻¹"),
    ("mul_inv_cancel₀", "QR", "{a : α} (h : a ≠ 0)", "a * a⁻¹ = 1"),
    ("inv_mul_cancel₀", "QR", "{a : α} (h : a ≠ 0)", "a⁻¹ * a = 1"),
    # the `GroupWithZero` statement this name had until Mathlib 2024-08 (now the `Group` lemma, which
    # does not apply to ℚ ℝ); the public proofs were checked against Mathlib versions of both eras
    ("mul_inv_cancel", "QR", "{a : α} (h : a ≠ 0)", "a * a⁻¹ = 1"),
    ("div_mul_eq_mul_div", "QR", "(a b c : α)", "a / b * c = a * c / b"),
)

__all__ = ["ROWS"]
