"""More Mathlib (and Lean core) lemmas for the z3-checked table of `lemmas.py`: order, cancellation and
natural-number facts that competition proofs name as terms. Each row is (name, type codes, binders,
conclusion) with Mathlib's binder names, kinds and order; `lemmas.py` admits an instance only once z3 has
proved it valid at that type, so a wrong row is refused, never trusted.

Lemmas Mathlib states as an alias of one direction of an `↔` (`sub_nonneg_of_le`) take that direction's
premise as their explicit argument, as the alias does."""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # ---- additive groups: moving terms across an equation or inequality
    ("eq_sub_of_add_eq", "ZQR", "{a b c : α} (h : a + c = b)", "a = b - c"),
    ("sub_eq_of_eq_add", "ZQR", "{a b c : α} (h : a = c + b)", "a - b = c"),
    ("eq_add_of_sub_eq", "ZQR", "{a b c : α} (h : a - c = b)", "a = b + c"),
    ("add_eq_of_eq_sub", "ZQR", "{a b c : α} (h : a = c - b)", "a + b = c"),
    ("eq_neg_iff_add_eq_zero", "ZQR", "{a b : α}", "a = -b ↔ a + b = 0"),
    ("le_sub_iff_add_le", "ZQR", "{a b c : α}", "a ≤ c - b ↔ a + b ≤ c"),
    ("sub_le_iff_le_add", "ZQR", "{a b c : α}", "a - c ≤ b ↔ a ≤ b + c"),
    ("sub_nonneg_of_le", "ZQR", "{a b : α} (h : b ≤ a)", "0 ≤ a - b"),
    ("le_of_sub_nonneg", "ZQR", "{a b : α} (h : 0 ≤ a - b)", "b ≤ a"),
    ("sub_pos_of_lt", "ZQR", "{a b : α} (h : b < a)", "0 < a - b"),
    ("lt_of_sub_pos", "ZQR", "{a b : α} (h : 0 < a - b)", "b < a"),
    # ---- linear orders
    ("lt_of_not_le", "NZQR", "{a b : α} (h : ¬b ≤ a)", "a < b"),
    ("le_of_not_lt", "NZQR", "{a b : α} (h : ¬b < a)", "a ≤ b"),
    ("lt_iff_not_le", "NZQR", "{a b : α}", "a < b ↔ ¬b ≤ a"),
    ("not_le", "NZQR", "{a b : α}", "¬a ≤ b ↔ b < a"),
    ("not_lt", "NZQR", "{a b : α}", "¬a < b ↔ b ≤ a"),
    ("eq_comm", "NZQR", "{a b : α}", "a = b ↔ b = a"),
    ("ne_comm", "NZQR", "{a b : α}", "a ≠ b ↔ b ≠ a"),
    ("Eq.trans", "NZQR", "{a b c : α} (h₁ : a = b) (h₂ : b = c)", "a = c"),
    # ---- products and quotients
    ("mul_ne_zero", "NZQR", "{a b : α} (ha : a ≠ 0) (hb : b ≠ 0)", "a * b ≠ 0"),
    ("pow_ne_zero", "NZQR", "{a : α} (n : exp) (h : a ≠ 0)", "a ^ n ≠ 0"),
    ("mul_left_cancel₀", "NZQR", "{a b c : α} (ha : a ≠ 0) (h : a * b = a * c)", "b = c"),
    ("mul_right_cancel₀", "NZQR", "{a b c : α} (hb : b ≠ 0) (h : a * b = c * b)", "a = c"),
    ("mul_nonneg_iff_of_pos_left", "NZQR", "{b c : α} (h : 0 < c)", "0 ≤ c * b ↔ 0 ≤ b"),
    ("mul_nonneg_iff_of_pos_right", "NZQR", "{b c : α} (h : 0 < c)", "0 ≤ b * c ↔ 0 ≤ b"),
    ("sq_eq_sq_iff_eq_or_eq_neg", "ZQR", "{a b : α}", "a ^ 2 = b ^ 2 ↔ a = b ∨ a = -b"),
    ("div_zero", "QR", "(a : α)", "a / 0 = 0"),
    ("zero_div", "QR", "(a : α)", "0 / a = 0"),
    ("eq_div_of_mul_eq", "QR", "{a b c : α} (hc : c ≠ 0) (h : a * c = b)", "a = b / c"),
    ("div_eq_of_eq_mul", "QR", "{a b c : α} (hb : b ≠ 0) (h : a = c * b)", "a / b = c"),
    ("eq_div_iff_mul_eq", "QR", "{a b c : α} (hc : c ≠ 0)", "a = b / c ↔ a * c = b"),
    ("div_eq_iff_mul_eq", "QR", "{a b c : α} (hb : b ≠ 0)", "a / b = c ↔ c * b = a"),
    # ---- natural numbers (Lean core's statements)
    ("Nat.lt_of_not_le", "N", "{a b : α} (h : ¬a ≤ b)", "b < a"),
    ("Nat.not_le", "N", "{a b : α}", "¬a ≤ b ↔ b < a"),
    ("Nat.not_lt", "N", "{a b : α}", "¬a < b ↔ b ≤ a"),
    ("Nat.le_total", "N", "(m n : α)", "m ≤ n ∨ n ≤ m"),
    ("Nat.pos_of_ne_zero", "N", "{n : α} (h : n ≠ 0)", "0 < n"),
    ("Nat.pos_iff_ne_zero", "N", "{n : α}", "0 < n ↔ n ≠ 0"),
    ("Nat.sub_pos_iff_lt", "N", "{n m : α}", "0 < n - m ↔ m < n"),
    ("Nat.sub_eq_iff_eq_add", "N", "{a b c : α} (h : b ≤ a)", "a - b = c ↔ a = c + b"),
    ("Nat.add_one_sub_one", "N", "(n : α)", "n + 1 - 1 = n"),
    ("Nat.mul_comm", "N", "(n m : α)", "n * m = m * n"),
    ("Nat.add_comm", "N", "(n m : α)", "n + m = m + n"),
    ("Nat.mul_assoc", "N", "(n m k : α)", "n * m * k = n * (m * k)"),
    ("Nat.add_assoc", "N", "(n m k : α)", "n + m + k = n + (m + k)"),
    ("Nat.dvd_mul_right", "N", "(a b : α)", "a ∣ a * b"),
    ("Nat.dvd_mul_left", "N", "(a b : α)", "a ∣ b * a"),
    ("dvd_mul_right", "NZ", "(a b : α)", "a ∣ a * b"),
    ("dvd_mul_left", "NZ", "(a b : α)", "a ∣ b * a"),
    ("Dvd.intro", "NZ", "{a b : α} (k : α) (h : a * k = b)", "a ∣ b"),
    ("Nat.mod_eq_zero_of_dvd", "N", "{a b : α} (h : a ∣ b)", "b % a = 0"),
    ("Nat.dvd_of_mod_eq_zero", "N", "{a b : α} (h : b % a = 0)", "a ∣ b"),
    ("Nat.dvd_iff_mod_eq_zero", "N", "{k n : α}", "k ∣ n ↔ n % k = 0"),
    ("Nat.le_of_dvd", "N", "{m n : α} (h1 : 0 < n) (h2 : m ∣ n)", "m ≤ n"),
)

__all__ = ["ROWS"]
