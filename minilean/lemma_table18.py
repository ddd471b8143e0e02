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
}

__all__ = ["PROOFS", "ROWS"]
