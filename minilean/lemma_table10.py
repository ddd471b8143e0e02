# ruff: noqa: E501
"""Batch 10 of the lemma table (`lemmas.py`): lemmas the public proofs name as terms after round 10
(round 11).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`, with Mathlib's statements,
binder kinds and order; each instance is checked valid by z3, or (`PROOFS`) proved by minilean itself
before it is admitted. The factorial rows: z3 knows `n !` as a recursive function, which it unfolds one
step (so `Nat.factorial_succ` is checked by z3) but cannot do induction over; `Nat.factorial_pos` and
`Nat.factorial_ne_zero` are therefore proved in minilean by induction on `n`, for every `n`.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (Data/Nat/Factorial/Basic.lean): `theorem factorial_succ (n : ℕ) : (n + 1)! = (n + 1) * n !`
    ("Nat.factorial_succ", "N", "(n : α)", "(n + 1) ! = (n + 1) * n !"),
    # Mathlib: `theorem factorial_pos : ∀ n, 0 < n !` and `theorem factorial_ne_zero (n : ℕ) : n ! ≠ 0`
    ("Nat.factorial_pos", "N", "(n : α)", "0 < n !"),
    ("Nat.factorial_ne_zero", "N", "(n : α)", "n ! ≠ 0"),
    # Mathlib (Algebra/Order/Ring/Lemmas; `[StrictOrderedSemiring R] {a : R}`): `theorem sq_pos_of_pos
    # (ha : 0 < a) : 0 < a ^ 2` (later generalised to `[PosMulStrictMono M₀]`, same statement)
    ("sq_pos_of_pos", "NZQR", "{a : α} (ha : 0 < a)", "0 < a ^ 2"),
    # Mathlib (Algebra/Order/Ring/Lemmas, `[LinearOrderedRing R] {a : R}`): Bernoulli's inequality,
    # `lemma one_add_mul_le_pow (H : -2 ≤ a) (n : ℕ) : 1 + n * a ≤ (1 + a) ^ n`, for every `n` (a ℕ
    # variable, not an `exp` numeral): proved below by induction, z3 does not prove it
    # Mathlib (Data/Nat/Prime/Factorial.lean): `theorem Prime.dvd_factorial : ∀ {n p : ℕ} (_ : Prime p),
    # p ∣ n ! ↔ p ≤ n`; admitted per prime `p` given as a numeral (`NUMERAL_ARGS`), for every `n` (proof
    # below). The hypothesis is anonymous in Mathlib; named `hp` here (only `(hp := …)` could tell)
    ("Nat.Prime.dvd_factorial", "N", "{n p : α} (hp : Nat.Prime p)", "p ∣ n ! ↔ p ≤ n"),
    ("one_add_mul_le_pow", "ZQR", "{a : α} (H : -2 ≤ a) (n : ℕ)", "1 + (n : α) * a ≤ (1 + a) ^ n"),
    # Mathlib (Algebra/Order/Floor.lean, `[LinearOrderedRing α] [FloorRing α] {z : ℤ} {a : α}`):
    # `theorem floor_eq_iff : ⌊a⌋ = z ↔ ↑z ≤ a ∧ a < z + 1` (z3-checked)
    ("Int.floor_eq_iff", "QR", "{a : α} {z : ℤ}", "Int.floor a = z ↔ (z : α) ≤ a ∧ a < (z : α) + 1"),
)

# proofs by induction over every `n` (not per instance): each goes through minilean's elaborator
# (`lemmas._proved`), using the z3-checked `Nat.factorial_succ` row for the step
PROOFS: dict[str, str] = {
    "Nat.factorial_pos": (
        "induction n with\n  | zero => decide\n  | succ k ih =>\n    rw [Nat.factorial_succ]\n"
        "    exact Nat.mul_pos (Nat.succ_pos k) ih"
    ),
    # from the row above (itself proved by induction), as Mathlib does: `(factorial_pos n).ne'`
    "Nat.factorial_ne_zero": "exact Nat.ne_of_gt (Nat.factorial_pos n)",
    # for a numeral `p` (substituted here): below `p`, `n !` is a numeral `p` does not divide (checked
    # case by case, `interval_cases`; for a non-prime `p`, `hp` itself is refuted there, the instance is
    # vacuous as in Lean); from `p` on, `p ∣ n !` by induction (`(k + 1)! = (k + 1) * k !`)
    "Nat.Prime.dvd_factorial": (
        "constructor\n"
        "  · intro h\n"
        "    by_contra hlt\n"
        "    push_neg at hlt\n"
        "    interval_cases n <;> norm_num at h hp\n"
        "  · intro h\n"
        "    have key : ∀ m : ℕ, p ≤ m → p ∣ m ! := by\n"
        "      intro m\n"
        "      induction m with\n"
        "      | zero => intro h0; omega\n"
        "      | succ k ih =>\n"
        "        intro hk\n"
        "        rw [Nat.factorial_succ]\n"
        "        by_cases hk' : p ≤ k\n"
        "        · exact Dvd.dvd.mul_left (ih hk') (k + 1)\n"
        "        · have e : k + 1 = p := by omega\n"
        "          rw [e]\n"
        "          exact dvd_mul_right p (k !)\n"
        "    exact key n h"
    ),
    # Bernoulli for `-2 ≤ a` needs two steps back (`1 + a` may be negative): induction on the pair
    # (P m, P (m + 1)); the step multiplies P m by `(1 + a) ^ 2 ≥ 0` and uses `m * a ^ 2 * (2 + a) ≥ 0`
    "one_add_mul_le_pow": (
        "have key : ∀ m : ℕ, (1 + (m : α) * a ≤ (1 + a) ^ m) ∧ (1 + ((m : α) + 1) * a ≤ (1 + a) ^ (m + 1)) := by\n"
        "    intro m\n"
        "    induction m with\n"
        "    | zero => constructor <;> simp\n"
        "    | succ k ih =>\n"
        "      obtain ⟨h1, h2⟩ := ih\n"
        "      constructor\n"
        "      · push_cast\n"
        "        exact h2\n"
        "      · have e : (1 + a) ^ (k + 1 + 1) = (1 + a) ^ k * (1 + a) ^ 2 := by ring\n"
        "        rw [e]\n"
        "        have hsq : 0 ≤ (1 + a) ^ 2 := sq_nonneg (1 + a)\n"
        "        have hk : 0 ≤ (k : α) := Nat.cast_nonneg k\n"
        "        have h3 : 0 ≤ (k : α) * a ^ 2 * (2 + a) := mul_nonneg (mul_nonneg hk (sq_nonneg a)) (by linarith)\n"
        "        push_cast\n"
        "        nlinarith [mul_le_mul_of_nonneg_right h1 hsq, sq_nonneg a]\n"
        "  exact (key n).1"
    ),
}

# `p` is substituted by the numeral a use fixes (through `hp`'s type or the expected type), in the
# statement and in the proof; with a variable `p` the use is refused (Lean accepts: weaker)
NUMERAL_ARGS: dict[str, tuple[str, ...]] = {"Nat.Prime.dvd_factorial": ("p",)}

# the proof checks each `n < p` case by case: numerals above this bound are refused (Lean accepts:
# weaker), so a large prime costs a refusal, not a long elaboration
MAX_NUMERAL: dict[str, int] = {"Nat.Prime.dvd_factorial": 100}

__all__ = ["MAX_NUMERAL", "NUMERAL_ARGS", "PROOFS", "ROWS"]
