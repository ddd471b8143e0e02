"""Batch 19 of the lemma table (`lemmas.py`): lemmas named as terms by near-miss public proofs (round 19c).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: Mathlib's (or Lean core's)
statement, binder kinds and order, as at the Seed-Prover pin (mathlib4 f0957a7, mid-2024). Every instance is
checked valid before it is admitted: by z3, by a proof in minilean (`PROOFS`), or, for the rows in
`PRIME_UNFOLD`, by z3 after `Nat.Prime x` is replaced by Mathlib's characterisation (see `prime_unfolded`).
"""

from __future__ import annotations

import re

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib (`Data/Nat/Prime/Basic.lean`, the pin and now): `theorem not_prime_iff_exists_dvd_lt {n : ℕ}
    # (h : 2 ≤ n) : (¬Prime n) ↔ ∃ m, m ∣ n ∧ 2 ≤ m ∧ m < n`
    (
        "Nat.not_prime_iff_exists_dvd_lt",
        "N",
        "{n : α} (h : 2 ≤ n)",
        "¬Nat.Prime n ↔ ∃ m : ℕ, m ∣ n ∧ 2 ≤ m ∧ m < n",
    ),
    # Mathlib (`Algebra/Group/Basic.lean`, `[Semigroup α] {a b : α}`): `theorem exists_eq_mul_right_of_dvd
    # (h : a ∣ b) : ∃ c, b = a * c` (the definition of `∣` itself); minilean's `∣` lives on ℕ and ℤ
    ("exists_eq_mul_right_of_dvd", "NZ", "{a b : α} (h : a ∣ b)", "∃ c : α, b = a * c"),
    # Lean core (`Init/Data/Nat/Basic.lean`, also at the pin): `protected theorem Nat.add_le_add_iff_right
    # {n : Nat} : m + n ≤ k + n ↔ m ≤ k` (`m k` auto-bound implicit, before `n`)
    ("Nat.add_le_add_iff_right", "N", "{m k n : α}", "m + n ≤ k + n ↔ m ≤ k"),
    # Mathlib (`Algebra/Order/Ring/Abs.lean`, `variable [LinearOrderedRing R] {a b : R} {n : ℕ}`):
    # `lemma pow_eq_pow_iff_cases : a ^ n = b ^ n ↔ n = 0 ∨ a = b ∨ a = -b ∧ Even n` (present at the pin: the
    # Lean-checked Seed-Prover rows use it; same statement now). A linear ordered ring: ℤ ℚ ℝ, no ℕ; the
    # exponent is read off the argument and checked per numeral (z3 decides `Even 9` and the powers)
    ("pow_eq_pow_iff_cases", "ZQR", "{a b : α} {n : exp}", "a ^ n = b ^ n ↔ n = 0 ∨ a = b ∨ a = -b ∧ Even n"),
    # Mathlib (`Algebra/Order/Field/Basic` at the pin, `Algebra/Field/Basic.lean` now,
    # `[DivisionSemiring α]`): `theorem add_div (a b c : α) : (a + b) / c = a / c + b / c`
    ("add_div", "QR", "(a b c : α)", "(a + b) / c = a / c + b / c"),
)

# z3 does not prove `∃ c, b = a * c` from the `%` encoding of `∣` (nonlinear): a minilean proof instead
PROOFS: dict[str, str] = {
    "exists_eq_mul_right_of_dvd": "obtain ⟨c, hc⟩ := h\n  exact ⟨c, hc⟩",
}

# rows whose statement mentions `Nat.Prime x` for a variable `x`: z3 has no `Nat.Prime`, so the check runs on
# the statement with each `Nat.Prime x` replaced by Mathlib's `Nat.prime_def_lt {p : ℕ} : Prime p ↔ 2 ≤ p ∧
# ∀ m < p, m ∣ p → m = 1` (the same statement in 2023, at the pin and now). A theorem proved with an
# equivalent in place of `Nat.Prime x` holds for `Nat.Prime x` itself.
PRIME_UNFOLD: frozenset[str] = frozenset({"Nat.not_prime_iff_exists_dvd_lt"})

_PRIME_VAR = re.compile(r"Nat\.Prime (\w+)")


def prime_unfolded(binders: str, concl: str) -> tuple[str, str] | None:
    """The row's binders and conclusion with `Nat.Prime x` (`x` a variable name) unfolded by
    `Nat.prime_def_lt`; None when some `Nat.Prime` is applied to anything else (no check then)."""
    text = binders + "\n" + concl
    if text.count("Nat.Prime") != len(_PRIME_VAR.findall(text)) or "pd₀" in text:
        return None

    def unfold(m: re.Match) -> str:
        x = m.group(1)
        return f"(2 ≤ {x} ∧ ∀ pd₀ : ℕ, pd₀ < {x} → pd₀ ∣ {x} → pd₀ = 1)"

    return _PRIME_VAR.sub(unfold, binders), _PRIME_VAR.sub(unfold, concl)


__all__ = ["PRIME_UNFOLD", "PROOFS", "ROWS", "prime_unfolded"]
