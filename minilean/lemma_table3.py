# ruff: noqa: E501
"""Batch 3 of the z3-checked lemma table (`lemmas.py`): powers, logarithms, real powers, gcd/lcm,
divisibility and order facts that competition proofs name as terms.

Rows are (name, type codes, binders, conclusion) with Mathlib's (or Lean core's) binder names, kinds and
order, as in `lemma_table2.py`; `lemmas.py` admits an instance only once z3 has proved it valid at that
type. Lemmas about `Real.log`, `x ^ y` (`Real.rpow`), `Real.cos`/`Real.sin` and `Nat.gcd`/`Nat.lcm` are
checked against the facts the z3 encoding gives those functions (`lib_facts.py`: each an instance of a
Mathlib theorem), so the check is sound but only as strong as those facts.

Type codes follow Mathlib's classes: `ne_zero_of_lt` and `Left.one_le_mul` need a canonically ordered
(or multiplicatively monotone) type, so they apply at ℕ only (both are false at ℤ: `-1 < 0`).

`PROOFS`: lemmas admitted by a proof in minilean instead of z3 (see below).

`ALIASES`: names that resolve through the MiniF2F header's `open Real` (as `π` does, see `libfuns`), and
deprecated Mathlib aliases (`Real.rpow_nat_cast`) that the public proofs still use.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # ---- monoid powers (Mathlib's `pow_succ` is `a ^ n * a` since 2024; z3 unfolds `Monoid.npow` once)
    ("pow_succ", "NZQR", "(a : α) (n : ℕ)", "a ^ (n + 1) = a ^ n * a"),
    ("pow_mul", "NZQR", "(a : α) (m : exp) (n : exp)", "a ^ (m * n) = (a ^ m) ^ n"),
    ("Nat.pow_succ'", "N", "{m n : α}", "m ^ (n + 1) = m * m ^ n"),
    # ---- order and divisibility
    ("le_iff_eq_or_lt", "NZQR", "{a b : α}", "a ≤ b ↔ a = b ∨ a < b"),
    ("ne_zero_of_lt", "N", "{a b : α} (h : b < a)", "a ≠ 0"),
    ("pos_of_mul_pos_right", "NZQR", "{a b : α} (h : 0 < a * b) (ha : 0 ≤ a)", "0 < b"),
    ("Left.one_le_mul", "N", "{a b : α} (ha : 1 ≤ a) (hb : 1 ≤ b)", "1 ≤ a * b"),
    ("dvd_trans", "NZ", "{a b c : α} (h₁ : a ∣ b) (h₂ : b ∣ c)", "a ∣ c"),
    ("Nat.zero_le", "N", "(n : α)", "0 ≤ n"),
    ("Nat.eq_div_of_mul_eq_right", "N", "{a b c : α} (hc : c ≠ 0) (h : c * a = b)", "a = b / c"),
    ("Nat.eq_div_of_mul_eq_left", "N", "{a b c : α} (hc : c ≠ 0) (h : a * c = b)", "a = b / c"),
    ("EuclideanDomain.eq_div_of_mul_eq_left", "Z", "{a b c : α} (hb : b ≠ 0) (h : a * b = c)", "a = c / b"),
    ("inv_div_inv", "QR", "(a b : α)", "a⁻¹ / b⁻¹ = b / a"),
    # ---- integers
    ("Int.natAbs_sq", "Z", "(x : α)", "((Int.natAbs x : ℕ) : ℤ) ^ 2 = x ^ 2"),
    ("Int.ofNat_sub", "Z", "{m n : ℕ} (h : m ≤ n)", "((n - m : ℕ) : ℤ) = (n : ℤ) - (m : ℤ)"),
    ("Int.even_mul_succ_self", "Z", "(n : α)", "Even (n * (n + 1))"),
    # ---- gcd and lcm (Lean core)
    ("Nat.gcd_mul_lcm", "N", "(m n : α)", "Nat.gcd m n * Nat.lcm m n = m * n"),
    # ---- square roots (deprecated in Mathlib since 2024-08, still present)
    ("Real.sqrt_eq_iff_sq_eq", "R", "{x y : α} (hx : 0 ≤ x) (hy : 0 ≤ y)", "Real.sqrt x = y ↔ y ^ 2 = x"),
    # ---- logarithms
    ("Real.log_pos", "R", "{x : α} (hx : 1 < x)", "0 < Real.log x"),
    ("Real.log_ne_zero_of_pos_of_ne_one", "R", "{x : α} (hx_pos : 0 < x) (hx : x ≠ 1)", "Real.log x ≠ 0"),
    ("Real.log_pow", "R", "(x : α) (n : exp)", "Real.log (x ^ n) = (n : ℝ) * Real.log x"),
    ("Real.log_mul", "R", "{x y : α} (hx : x ≠ 0) (hy : y ≠ 0)", "Real.log (x * y) = Real.log x + Real.log y"),
    ("Real.log_div_log", "R", "{b x : α}", "Real.log x / Real.log b = Real.logb b x"),
    # ---- real powers `x ^ y` (y : ℝ)
    ("Real.zero_rpow", "R", "{x : α} (h : x ≠ 0)", "(0 : ℝ) ^ x = 0"),
    ("Real.one_rpow", "R", "(x : α)", "(1 : ℝ) ^ x = 1"),
    ("Real.rpow_nonneg", "R", "{x : α} (hx : 0 ≤ x) (y : α)", "0 ≤ x ^ y"),
    ("Real.rpow_pos_of_pos", "R", "{x : α} (hx : 0 < x) (y : α)", "0 < x ^ y"),
    ("Real.rpow_natCast", "R", "(x : α) (n : exp)", "x ^ (n : ℝ) = x ^ n"),
    ("Real.rpow_mul", "R", "{x : α} (hx : 0 ≤ x) (y z : α)", "x ^ (y * z) = (x ^ y) ^ z"),
    # ---- trigonometry
    ("Real.cos_add", "R", "(x y : α)", "Real.cos (x + y) = Real.cos x * Real.cos y - Real.sin x * Real.sin y"),
    ("Real.sin_add", "R", "(x y : α)", "Real.sin (x + y) = Real.sin x * Real.cos y + Real.cos x * Real.sin y"),
)

# other name -> table name (same statement)
ALIASES: dict[str, str] = {
    "Real.rpow_nat_cast": "Real.rpow_natCast",  # deprecated alias (2024-04)
    # through `open Real`; where another opened namespace has the name too (`Nat.log_pos`), Lean tries
    # both and minilean only the `Real` one (weaker). `cos_add` is left out: `Complex.cos_add` is also
    # opened by the MiniF2F header, and a bare `rw [cos_add]` is ambiguous in Lean.
    "log_pos": "Real.log_pos",
    "log_ne_zero_of_pos_of_ne_one": "Real.log_ne_zero_of_pos_of_ne_one",
    "log_div_log": "Real.log_div_log",
    "zero_rpow": "Real.zero_rpow",
    "one_rpow": "Real.one_rpow",
    "rpow_nonneg": "Real.rpow_nonneg",
    "rpow_pos_of_pos": "Real.rpow_pos_of_pos",
    "rpow_natCast": "Real.rpow_natCast",
    "rpow_nat_cast": "Real.rpow_natCast",
    "rpow_mul": "Real.rpow_mul",
    "sqrt_eq_iff_sq_eq": "Real.sqrt_eq_iff_sq_eq",
    # (`log_zero` / `log_one` are left out: `Complex.log_zero` / `Complex.log_one` exist, ambiguous as
    # `cos_add` is when a header opens `Complex`)
    "log_nonneg_iff": "Real.log_nonneg_iff",
    "log_mul": "Real.log_mul",
    "mul_rpow": "Real.mul_rpow",
    "log_neg_eq_log": "Real.log_neg_eq_log",
    "eq_one_of_pos_of_log_eq_zero": "Real.eq_one_of_pos_of_log_eq_zero",
}

# lemmas z3 cannot check (nonlinear divisibility): admitted once minilean itself proves the statement at
# the type in use with this tactic block (`lemmas.check_schema`); the proof goes through the same
# elaborator as user proofs, so a wrong row is refused, never trusted
PROOFS: dict[str, str] = {
    "dvd_trans": "obtain ⟨k, hk⟩ := h₁\n  obtain ⟨m, hm⟩ := h₂\n  exact ⟨k * m, by rw [hm, hk, mul_assoc]⟩",
}

__all__ = ["ALIASES", "PROOFS", "ROWS"]
