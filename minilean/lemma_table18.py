"""Batch 18 of the lemma table (`lemmas.py`): lemmas named as terms by near-miss public proofs (round 18a).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: Mathlib's (or Lean core's)
statement, binder kinds and order; every instance is checked valid by z3 before it is admitted, so a wrong
row is refused.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Lean core (`Init/Data/Nat/Gcd.lean`): `theorem gcd_mul_left (m n k : Nat) : gcd (m * n) (m * k) =
    # m * gcd n k`, all three explicit (the same in 2024 and current cores). z3 checks the instance through
    # the `lib_facts` instance of this core theorem at applications of that shape.
    ("Nat.gcd_mul_left", "N", "(m n k : α)", "Nat.gcd (m * n) (m * k) = m * Nat.gcd n k"),
    # Lean core (`Init/Data/Nat/Lcm.lean`, current): `theorem lcm_mul_left (m n k : Nat) : lcm (m * n) (m * k)
    # = m * lcm n k`. Mathlib's mid-2024 version (`Data/Nat/GCD/Basic.lean`) had `{m n k : ℕ}` implicit; both
    # versions have the lemma, so the current (explicit) binders are used: `apply`/`rw` uses agree, and an
    # explicit-argument use written for the old version (`Nat.lcm_mul_left (m := 2)`) is not modelled.
    ("Nat.lcm_mul_left", "N", "(m n k : α)", "Nat.lcm (m * n) (m * k) = m * Nat.lcm n k"),
    # Lean core (`Init/Data/Nat/Dvd.lean`) and Mathlib mid-2024 (`Data/Nat/Defs.lean`), the same statement:
    # `protected theorem Nat.mul_dvd_mul_iff_left {a b c : ℕ} (h : 0 < a) : a * b ∣ a * c ↔ b ∣ c`
    ("Nat.mul_dvd_mul_iff_left", "N", "{a b c : α} (h : 0 < a)", "a * b ∣ a * c ↔ b ∣ c"),
    # Mathlib (`Data/Nat/Prime/Defs.lean` in 2024 and now): `theorem Nat.dvd_prime {p m : ℕ} (pp : p.Prime) :
    # m ∣ p ↔ m = 1 ∨ m = p`; admitted per prime `p` given as a numeral (`NUMERAL_ARGS`), for every `m`
    ("Nat.dvd_prime", "N", "{p m : α} (pp : Nat.Prime p)", "m ∣ p ↔ m = 1 ∨ m = p"),
    # Mathlib (`Data/Real/Sqrt.lean`,
    # `variable {x y : ℝ}`): `theorem sqrt_eq_iff_mul_self_eq (hx : 0 ≤ x) (hy : 0 ≤ y) : √x = y ↔ x = y * y`
    # since 2024-08-25; before, the right side read `y * y = x`. Only the current form is stated (a proof
    # relying on the old side order is refused).
    (
        "Real.sqrt_eq_iff_mul_self_eq",
        "R",
        "{x y : α} (hx : 0 ≤ x) (hy : 0 ≤ y)",
        "Real.sqrt x = y ↔ x = y * y",
    ),
    # Mathlib (`Algebra/GroupWithZero/Basic.lean`, `variable {a b : G₀}`): `lemma div_mul_cancel₀ (a : G₀)
    # (h : b ≠ 0) : a / b * b = a`, the name since the 2024-03 rename (`#align div_mul_cancel`), unchanged
    # since;
    # the older lemma of that name (before the rename) is not modelled
    ("div_mul_cancel₀", "QR", "(a : α) {b : α} (h : b ≠ 0)", "a / b * b = a"),
    # Mathlib (`Algebra/Order/Field/Basic` / `Algebra/Field/Basic.lean`, `[DivisionRing α]`):
    # `theorem sub_div (a b c : α) : (a - b) / c = a / c - b / c`
    # Mathlib (`Algebra/Group/Basic.lean`, `[MonoidWithZero M₀] [Div M₀] [MulDivCancelClass M₀]`: fields,
    # ℕ, ℤ):
    # `lemma mul_div_cancel_right₀ (a : M₀) {b : M₀} (hb : b ≠ 0) : a * b / b = a` (since the 2024-03 rename,
    # `#align mul_div_cancel`; the older lemma of that name is not modelled)
    ("mul_div_cancel_right₀", "NZQR", "(a : α) {b : α} (hb : b ≠ 0)", "a * b / b = a"),
    ("sub_div", "QR", "(a b c : α)", "(a - b) / c = a / c - b / c"),
    # Mathlib (`Algebra/Ring/Defs.lean`, `[MulOneClass α] [HasDistribNeg α]`): `theorem neg_one_mul (a : α) :
    # -1 * a = -a`
    ("neg_one_mul", "ZQR", "(a : α)", "-1 * a = -a"),
    # Mathlib (`Algebra/Group/Basic.lean`, `[SubtractionMonoid α]`… as `[AddGroup α]` in 2024): `theorem
    # sub_neg_eq_add (a b : α) : a - -b = a + b`
    ("sub_neg_eq_add", "ZQR", "(a b : α)", "a - -b = a + b"),
    # Mathlib (`Algebra/Order/Group/Defs`…`Unbundled/Basic.lean`): `alias ⟨lt_of_sub_neg, sub_neg_of_lt⟩ :=
    # sub_neg` with `sub_neg {a b : α} : a - b < 0 ↔ a < b`, so `sub_neg_of_lt {a b : α} : a < b → a - b < 0`
    ("sub_neg_of_lt", "ZQR", "{a b : α} (h : a < b)", "a - b < 0"),
    # Mathlib (`Algebra/Order/Field/Basic.lean`, `variable {a b : α}`): `theorem div_neg_of_neg_of_pos
    # (ha : a < 0) (hb : 0 < b) : a / b < 0`
    ("div_neg_of_neg_of_pos", "QR", "{a b : α} (ha : a < 0) (hb : 0 < b)", "a / b < 0"),
)

# rows z3 cannot prove (divisibility with a variable divisor is nonlinear): admitted once minilean proves the
# statement at the type in use with this tactic block (`lemmas._proved`), as `lemma_table3.PROOFS`
PROOFS: dict[str, str] = {
    "Nat.mul_dvd_mul_iff_left": (
        "constructor\n"
        "  · intro h1\n    obtain ⟨k, hk⟩ := h1\n"
        "    exact ⟨k, Nat.eq_of_mul_eq_mul_left h (by rw [hk]; ring)⟩\n"
        "  · intro h1\n    obtain ⟨k, hk⟩ := h1\n    exact ⟨k, by rw [hk]; ring⟩"
    ),
    # for a numeral `p` (substituted here): a divisor of `p ≠ 0` is at most `p`, then each candidate `m` is
    # checked; for a non-prime `p`, `pp` itself is refuted by norm_num (the instance is vacuous, as in
    # Lean); `p = 0` is refused (the proof fails there; Lean's instance is vacuous: weaker)
    "Nat.dvd_prime": (
        "constructor\n"
        "  · intro h\n"
        "    have hp0 : 0 < p := by norm_num\n"
        "    have hle : m ≤ p := Nat.le_of_dvd hp0 h\n"
        "    interval_cases m <;> norm_num at h pp ⊢\n"
        "  · rintro (h | h) <;> rw [h] <;> norm_num"
    ),
}

# `p` is substituted by the numeral a use fixes (through `pp`'s type or the expected type); a variable `p`
# is refused (Lean accepts: weaker)
NUMERAL_ARGS: dict[str, tuple[str, ...]] = {"Nat.dvd_prime": ("p",)}

# the proof checks each `m ≤ p` case by case: larger numerals are refused (Lean accepts: weaker)
MAX_NUMERAL: dict[str, int] = {"Nat.dvd_prime": 100}

__all__ = ["MAX_NUMERAL", "NUMERAL_ARGS", "PROOFS", "ROWS"]
