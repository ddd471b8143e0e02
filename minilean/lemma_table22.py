# ruff: noqa: E501
"""Batch 22 of the lemma table (`lemmas.py`): Mathlib / Lean-core lemmas that competition proofs name as
terms (round 22a).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: the statement, binder names,
kinds and order as Mathlib (or Lean core) states them. Every instance is checked valid before it is
admitted: by z3, by a minilean proof (`PROOFS`), by a minilean proof for every exponent (`SYMBOLIC`,
as `pow_laws.PROOFS`), or by z3 with `Nat.Prime x` unfolded (`PRIME_UNFOLD`, as `lemma_table19`), so a
wrong row is refused, never trusted. The trigonometric rows are checked against the `lib_facts`
instances of the same Mathlib theorems.

Deprecations: where Mathlib later renamed a lemma, the row keeps the name the 2023–2025 pins have
(`not_lt_of_le`, `le_or_lt`: deprecated aliases since 2025-05-11 with the same statement; `div_le_div_iff`,
`div_lt_div_iff`: the 2023–2024 statements, deprecated later), and `≥`/`>` forms written as the older pins wrote them (`lt_or_ge`'s
`a ≥ b`, `lt_or_gt_of_ne`'s `a > b`, the same propositions as today's `b ≤ a`, `b < a`).
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # ---- rings and fields: identities (Mathlib `Algebra/Ring/Defs.lean`, `Algebra/Group/Basic.lean`,
    # `Algebra/Field/Basic.lean`; `@[to_additive]` twins for `sub_*`). ℕ has no negation / truncates `-`.
    # `theorem neg_mul (a b : α) : -a * b = -(a * b)`, `theorem mul_neg (a b : α) : a * -b = -(a * b)`
    ("neg_mul", "ZQR", "(a b : α)", "-a * b = -(a * b)"),
    ("mul_neg", "ZQR", "(a b : α)", "a * -b = -(a * b)"),
    # `sub_zero (a : G) : a - 0 = a`, `zero_sub (a : G) : 0 - a = -a` (additive `div_one`, `one_div`)
    ("sub_zero", "ZQR", "(a : α)", "a - 0 = a"),
    ("zero_sub", "ZQR", "(a : α)", "0 - a = -a"),
    # `sub_add_cancel (a b : G) : a - b + b = a`, `sub_eq_add_neg (a b : α) : a - b = a + -b`
    ("sub_add_cancel", "ZQR", "(a b : α)", "a - b + b = a"),
    ("sub_eq_add_neg", "ZQR", "(a b : α)", "a - b = a + -b"),
    # `mul_mul_mul_comm (a b c d : G) : a * b * (c * d) = a * c * (b * d)`, `mul_left_comm : ∀ a b c : G,
    # a * (b * c) = b * (a * c)` (commutative semigroups: ℕ too)
    ("mul_mul_mul_comm", "NZQR", "(a b c d : α)", "a * b * (c * d) = a * c * (b * d)"),
    ("mul_left_comm", "NZQR", "(a b c : α)", "a * (b * c) = b * (a * c)"),
    # `one_add_one_eq_two [AddMonoidWithOne α] : 1 + 1 = (2 : α)`
    ("one_add_one_eq_two", "NZQR", "", "(1 : α) + 1 = 2"),
    # `neg_div (a b : K) : -b / a = -(b / a)` (note the order: the divisor first)
    ("neg_div", "QR", "(a b : α)", "-b / a = -(b / a)"),
    # `inv_eq_one_div (x : G) : x⁻¹ = 1 / x`, `div_eq_mul_one_div (a b : G) : a / b = a * (1 / b)`,
    # `mul_div_assoc (a b c : G) : a * b / c = a * (b / c)` (`[DivInvMonoid G]`: fields, not ℕ ℤ)
    ("inv_eq_one_div", "QR", "(x : α)", "x⁻¹ = 1 / x"),
    ("div_eq_mul_one_div", "QR", "(a b : α)", "a / b = a * (1 / b)"),
    ("mul_div_assoc", "QR", "(a b c : α)", "a * b / c = a * (b / c)"),
    # `div_mul_div_comm (a b c d : α) : a / b * (c / d) = a * c / (b * d)` (`[DivisionCommMonoid α]`)
    ("div_mul_div_comm", "QR", "(a b c d : α)", "a / b * (c / d) = a * c / (b * d)"),
    # `lemma div_mul_cancel_left₀ (ha : a ≠ 0) (b : G₀) : a / (a * b) = b⁻¹` (`Algebra/GroupWithZero/Basic.lean`,
    # `variable {a b : G₀}`), the statement since the 2024-03-22 renames (which deprecated `div_mul_right`
    # for it); an older lemma of the name is not modelled, as `lemma_table18`'s `div_mul_cancel₀`
    ("div_mul_cancel_left₀", "QR", "{a : α} (ha : a ≠ 0) (b : α)", "a / (a * b) = b⁻¹"),
    # ---- numerals (`one_ne_zero [NeZero (1 : α)]`, `two_ne_zero`, `zero_le_one [ZeroLEOneClass α]`,
    # `zero_le_two`, `zero_lt_three`: the type is implicit, fixed by the expected type)
    ("one_ne_zero", "NZQR", "", "(1 : α) ≠ 0"),
    ("two_ne_zero", "NZQR", "", "(2 : α) ≠ 0"),
    ("zero_le_one", "NZQR", "", "(0 : α) ≤ 1"),
    ("zero_le_two", "NZQR", "", "(0 : α) ≤ 2"),
    ("zero_lt_three", "NZQR", "", "(0 : α) < 3"),
    # ---- orders (`Order/Defs`: `{a b : α}` implicit throughout)
    # `lemma lt_of_le_of_ne : a ≤ b → a ≠ b → a < b`
    ("lt_of_le_of_ne", "NZQR", "{a b : α} (h₁ : a ≤ b) (h₂ : a ≠ b)", "a < b"),
    # `theorem not_lt_of_le (h : a ≤ b) : ¬b < a` (deprecated 2025-05-11 for `not_lt_of_ge`, same statement)
    ("not_lt_of_le", "NZQR", "{a b : α} (h : a ≤ b)", "¬b < a"),
    # `lemma lt_or_gt_of_ne (h : a ≠ b) : a < b ∨ a > b` (today written `b < a`)
    ("lt_or_gt_of_ne", "NZQR", "{a b : α} (h : a ≠ b)", "a < b ∨ a > b"),
    # `lemma lt_or_ge (a b : α) : a < b ∨ a ≥ b`, `lemma le_or_lt (a b : α) : a ≤ b ∨ b < a` (the latter a
    # deprecated alias of `le_or_gt` since 2025-05-11)
    ("lt_or_ge", "NZQR", "(a b : α)", "a < b ∨ a ≥ b"),
    ("le_or_lt", "NZQR", "(a b : α)", "a ≤ b ∨ b < a"),
    # `Left.add_pos` (additive `Left.one_lt_mul`, `Algebra/Order/Monoid/Lemmas.lean`): `{a b : α} (ha : 0 < a)
    # (hb : 0 < b) : 0 < a + b`
    ("Left.add_pos", "NZQR", "{a b : α} (ha : 0 < a) (hb : 0 < b)", "0 < a + b"),
    # `Algebra/Order/Group/Defs.lean`: `neg_lt_neg : a < b → -b < -a` (additive `inv_lt_inv'`) and
    # `alias sub_lt_zero := sub_neg` with `sub_neg : a - b < 0 ↔ a < b`
    ("neg_lt_neg", "ZQR", "{a b : α} (h : a < b)", "-b < -a"),
    ("sub_lt_zero", "ZQR", "{a b : α}", "a - b < 0 ↔ a < b"),
    # `Algebra/Order/Field/Basic.lean` (`variable {a b c d : α}`): `one_div_lt_one_div_of_lt (ha : 0 < a)
    # (h : a < b) : 1 / b < 1 / a`, `one_div_pos : 0 < 1 / a ↔ 0 < a`, `div_lt_one (hb : 0 < b) :
    # a / b < 1 ↔ a < b`, `div_le_div_iff (b0 : 0 < b) (d0 : 0 < d) : a / b ≤ c / d ↔ a * d ≤ c * b` and
    # `div_lt_div_iff` (the 2023–2024 statements, read at their `#align`; deprecated aliases in later pins)
    ("one_div_lt_one_div_of_lt", "QR", "{a b : α} (ha : 0 < a) (h : a < b)", "1 / b < 1 / a"),
    ("one_div_pos", "QR", "{a : α}", "0 < 1 / a ↔ 0 < a"),
    ("div_lt_one", "QR", "{a b : α} (hb : 0 < b)", "a / b < 1 ↔ a < b"),
    ("div_le_div_iff", "QR", "{a b c d : α} (b0 : 0 < b) (d0 : 0 < d)", "a / b ≤ c / d ↔ a * d ≤ c * b"),
    ("div_lt_div_iff", "QR", "{a b c d : α} (b0 : 0 < b) (d0 : 0 < d)", "a / b < c / d ↔ a * d < c * b"),
    # canonically ordered (ℕ only): `le_zero_iff : a ≤ 0 ↔ a = 0`; `Algebra/Order/Sub/…`: `tsub_le_tsub_right
    # (h : a ≤ b) (c : α) : a - c ≤ b - c` (the row keeps to ℕ, where `-` is truncated subtraction)
    ("le_zero_iff", "N", "{a : α}", "a ≤ 0 ↔ a = 0"),
    ("tsub_le_tsub_right", "N", "{a b : α} (h : a ≤ b) (c : α)", "a - c ≤ b - c"),
    # ---- divisibility (`Algebra/Group/Basic.lean`, `Algebra/GroupWithZero/Divisibility.lean`,
    # `Algebra/Ring/Divisibility/Basic.lean`): `dvd_refl (a : α) : a ∣ a`, `zero_dvd_iff : 0 ∣ a ↔ a = 0`,
    # `dvd_neg : a ∣ -b ↔ a ∣ b` (implicit `{a b}` in Mathlib 4; Lean 3's had them explicit)
    ("dvd_refl", "NZ", "(a : α)", "a ∣ a"),
    ("zero_dvd_iff", "NZ", "{a : α}", "0 ∣ a ↔ a = 0"),
    ("dvd_neg", "Z", "{a b : α}", "a ∣ -b ↔ a ∣ b"),
    # ---- parity (`Algebra/Group/Even.lean`, `Algebra/Ring/Parity.lean`, `Data/Nat/Parity.lean`,
    # `Data/Int/Parity.lean`); minilean's `Even`/`Odd` live on ℕ and ℤ
    ("Nat.even_iff", "N", "{n : α}", "Even n ↔ n % 2 = 0"),
    ("Nat.odd_iff", "N", "{n : α}", "Odd n ↔ n % 2 = 1"),
    ("Int.even_iff", "Z", "{n : α}", "Even n ↔ n % 2 = 0"),
    ("Int.odd_iff", "Z", "{n : α}", "Odd n ↔ n % 2 = 1"),
    ("even_iff_two_dvd", "NZ", "{a : α}", "Even a ↔ 2 ∣ a"),
    ("even_two_mul", "NZ", "(m : α)", "Even (2 * m)"),
    ("odd_two_mul_add_one", "NZ", "(m : α)", "Odd (2 * m + 1)"),
    ("Even.mul_left", "NZ", "{a : α} (ha : Even a) (b : α)", "Even (b * a)"),
    # ---- natural numbers: Lean core (`Init/Prelude.lean`, `Init/Data/Nat/Basic.lean`, `Nat/Lemmas.lean`;
    # the same statements in 2023–2025 cores), `succ n` written `n + 1` as in `lemma_table15`
    ("Nat.lt_of_succ_le", "N", "{n m : α} (h : n + 1 ≤ m)", "n < m"),
    ("Nat.lt_succ_of_le", "N", "{n m : α} (h : n ≤ m)", "n < m + 1"),
    # `protected theorem Nat.lt_trans {n m k : Nat} (h₁ : n < m) : m < k → n < k`
    ("Nat.lt_trans", "N", "{n m k : α} (h₁ : n < m) (h₂ : m < k)", "n < k"),
    ("Nat.le_antisymm", "N", "{n m : α} (h₁ : n ≤ m) (h₂ : m ≤ n)", "n = m"),
    ("Nat.eq_or_lt_of_le", "N", "{a b : α} (h : a ≤ b)", "a = b ∨ a < b"),
    ("Nat.lt_iff_add_one_le", "N", "{m n : α}", "m < n ↔ m + 1 ≤ n"),
    ("Nat.mul_zero", "N", "(n : α)", "n * 0 = 0"),
    ("Nat.zero_add", "N", "(n : α)", "0 + n = n"),
    ("Nat.add_zero", "N", "(n : α)", "n + 0 = n"),
    ("Nat.two_mul", "N", "(n : α)", "2 * n = n + n"),
    ("Nat.add_left_comm", "N", "(n m k : α)", "n + (m + k) = m + (n + k)"),
    ("Nat.add_sub_cancel_left", "N", "{n m : α}", "n + m - n = m"),
    ("Nat.sub_pos_of_lt", "N", "{m n : α} (h : m < n)", "0 < n - m"),
    ("Nat.add_le_add_right", "N", "{n m : α} (h : n ≤ m) (k : α)", "n + k ≤ m + k"),
    ("Nat.add_right_cancel", "N", "{n m k : α} (h : n + m = k + m)", "n = k"),
    ("Nat.mul_le_mul", "N", "{p q m n : α} (h₁ : p ≤ m) (h₂ : q ≤ n)", "p * q ≤ m * n"),
    ("Nat.div_eq_of_lt", "N", "{a b : α} (h₀ : a < b)", "a / b = 0"),
    # `theorem Nat.exists_eq_succ_of_ne_zero : ∀ {n}, n ≠ 0 → ∃ k, n = succ k`
    ("Nat.exists_eq_succ_of_ne_zero", "N", "{n : α} (h : n ≠ 0)", "∃ k : ℕ, n = k + 1"),
    # Mathlib (`Data/Nat/Defs.lean`): `lemma two_le_iff : ∀ n, 2 ≤ n ↔ n ≠ 0 ∧ n ≠ 1` (explicit `n`)
    ("Nat.two_le_iff", "N", "(n : α)", "2 ≤ n ↔ n ≠ 0 ∧ n ≠ 1"),
    # `theorem Nat.mod_mod_of_dvd (n : Nat) (h : m ∣ k) : n % k % m = n % m` (`{m k}` implicit); z3 checks it
    # per instance with `m k` the numerals the use fixes (`NUMERAL_ARGS`): nonlinear for variable moduli
    ("Nat.mod_mod_of_dvd", "N", "(n : α) {m k : α} (h : m ∣ k)", "n % k % m = n % m"),
    # powers with a symbolic exponent (`SYMBOLIC`, proved by induction as `pow_laws`): Lean core
    # `theorem Nat.one_le_pow (n m : Nat) (h : 0 < m) : 1 ≤ m ^ n`, `protected theorem Nat.pow_mul (a m n :
    # Nat) : a ^ (m * n) = (a ^ m) ^ n`, `protected theorem Nat.pow_add (a m n : Nat) : a ^ (m + n) = a ^ m *
    # a ^ n`, `protected theorem Nat.pow_zero (b : Nat) : b ^ 0 = 1`
    ("Nat.one_le_pow", "N", "(n : exp) (m : α) (h : 0 < m)", "1 ≤ m ^ n"),
    ("Nat.pow_mul", "N", "(a : α) (m : exp) (n : exp)", "a ^ (m * n) = (a ^ m) ^ n"),
    ("Nat.pow_add", "N", "(a : α) (m : exp) (n : exp)", "a ^ (m + n) = a ^ m * a ^ n"),
    ("Nat.pow_zero", "N", "(b : α)", "b ^ 0 = 1"),
    # `@[simp] protected theorem Nat.one_pow (n : Nat) : 1 ^ n = 1` (every exponent, `SYMBOLIC`)
    ("Nat.one_pow", "N", "(n : exp)", "1 ^ n = 1"),
    # Lean core divisibility (`Init/Data/Nat/Dvd.lean`): `protected theorem Nat.dvd_add {a b c : Nat} (h₁ : a ∣ b)
    # (h₂ : a ∣ c) : a ∣ b + c`, `protected theorem Nat.dvd_trans {a b c : Nat} (h₁ : a ∣ b) (h₂ : b ∣ c) : a ∣ c`
    # (z3 does not prove them with a variable divisor: `PROOFS`); `theorem Nat.gcd_eq_zero_iff {i j : Nat} :
    # gcd i j = 0 ↔ i = 0 ∧ j = 0` (checked through `lib_facts`' instance of it) and `theorem Nat.Coprime.symm :
    # Coprime n m → Coprime m n` (`Nat.gcd_comm`'s `lib_facts` instance)
    ("Nat.dvd_add", "N", "{a b c : α} (h₁ : a ∣ b) (h₂ : a ∣ c)", "a ∣ b + c"),
    ("Nat.dvd_trans", "N", "{a b c : α} (h₁ : a ∣ b) (h₂ : b ∣ c)", "a ∣ c"),
    ("Nat.gcd_eq_zero_iff", "N", "{i j : α}", "Nat.gcd i j = 0 ↔ i = 0 ∧ j = 0"),
    ("Nat.Coprime.symm", "N", "{n m : α} (h : Nat.Coprime n m)", "Nat.Coprime m n"),
    # ---- casts (`Data/Nat/Cast/Defs.lean`, `Data/Nat/Cast/Basic.lean`): `Nat.cast_zero : ((0 : ℕ) : R) = 0`,
    # `Nat.cast_one`, `Nat.cast_pow (n m : ℕ) : ↑(n ^ m) = (n : R) ^ m` (`[Semiring R]`; the exponent a
    # numeral, as every `exp` binder without a symbolic proof)
    ("Nat.cast_zero", "ZQR", "", "((0 : ℕ) : α) = 0"),
    ("Nat.cast_one", "ZQR", "", "((1 : ℕ) : α) = 1"),
    ("Nat.cast_pow", "ZQR", "(n : ℕ) (m : exp)", "((n ^ m : ℕ) : α) = (n : α) ^ m"),
    # ---- primes (`Data/Nat/Prime/Defs.lean`; `{p : ℕ}` implicit): checked with `Nat.Prime p` unfolded by
    # `Nat.prime_def_lt` (`PRIME_UNFOLD`), `eq_one_or_self_of_dvd` by the proof in `PROOFS`
    ("Nat.Prime.two_le", "N", "{p : α} (hp : Nat.Prime p)", "2 ≤ p"),
    ("Nat.Prime.one_lt", "N", "{p : α} (hp : Nat.Prime p)", "1 < p"),
    ("Nat.Prime.pos", "N", "{p : α} (pp : Nat.Prime p)", "0 < p"),
    ("Nat.Prime.eq_two_or_odd", "N", "{p : α} (hp : Nat.Prime p)", "p = 2 ∨ p % 2 = 1"),
    ("Nat.Prime.eq_one_or_self_of_dvd", "N", "{p : α} (pp : Nat.Prime p) (m : α) (hm : m ∣ p)", "m = 1 ∨ m = p"),
    # ---- congruences (`Data/Int/ModEq.lean`, `Data/Nat/ModEq.lean`, `variable {n a b : ℤ}`): the modulus is
    # fixed by the use and checked as a numeral (`NUMERAL_ARGS`)
    # `theorem modEq_iff_dvd : a ≡ b [ZMOD n] ↔ n ∣ b - a`, `protected theorem ModEq.eq : a ≡ b [ZMOD n] →
    # a % n = b % n`, `protected theorem ModEq.pow (m : ℕ) (h : a ≡ b [ZMOD n]) : a ^ m ≡ b ^ m [ZMOD n]`
    ("Int.modEq_iff_dvd", "Z", "{n a b : α}", "a ≡ b [ZMOD n] ↔ n ∣ b - a"),
    ("Int.ModEq.eq", "Z", "{n a b : α} (h : a ≡ b [ZMOD n])", "a % n = b % n"),
    ("Int.ModEq.pow", "Z", "{n a b : α} (m : exp) (h : a ≡ b [ZMOD n])", "a ^ m ≡ b ^ m [ZMOD n]"),
    ("Nat.ModEq.pow", "N", "{n a b : α} (m : exp) (h : a ≡ b [MOD n])", "a ^ m ≡ b ^ m [MOD n]"),
    # Euler (`Mathlib/FieldTheory/Finite/Basic.lean`): `theorem Nat.ModEq.pow_totient {x n : ℕ}
    # (h : Nat.Coprime x n) : x ^ φ n ≡ 1 [MOD n]`; checked per numeral instance (nat_totient.py)
    ("Nat.ModEq.pow_totient", "N", "{x n : α} (h : Nat.Coprime x n)", "x ^ Nat.totient n ≡ 1 [MOD n]"),
    # ---- logic (Lean core / Mathlib `Logic/Basic.lean`): `theorem not_congr (h : a ↔ b) : ¬a ↔ ¬b`,
    # `theorem or_comm : a ∨ b ↔ b ∨ a`, `theorem and_comm : a ∧ b ↔ b ∧ a` (`{a b : Prop}`)
    ("not_congr", "N", "{a b : Prop} (h : a ↔ b)", "¬a ↔ ¬b"),
    ("or_comm", "N", "{a b : Prop}", "a ∨ b ↔ b ∨ a"),
    ("and_comm", "N", "{a b : Prop}", "a ∧ b ↔ b ∧ a"),
    # ---- trigonometry (Mathlib `Data/Complex/Exponential.lean` / `Trigonometric.lean`, `variable (x y : ℝ)`
    # explicit; `sin_pi_sub (x : ℝ)` in `Analysis/SpecialFunctions/Trigonometric/Basic.lean`), checked
    # against the `lib_facts` instances of these theorems
    ("Real.sin_sq_add_cos_sq", "R", "(x : α)", "Real.sin x ^ 2 + Real.cos x ^ 2 = 1"),
    ("Real.cos_sq_add_sin_sq", "R", "(x : α)", "Real.cos x ^ 2 + Real.sin x ^ 2 = 1"),
    ("Real.sin_neg", "R", "(x : α)", "Real.sin (-x) = -Real.sin x"),
    ("Real.cos_neg", "R", "(x : α)", "Real.cos (-x) = Real.cos x"),
    ("Real.sin_sub", "R", "(x y : α)", "Real.sin (x - y) = Real.sin x * Real.cos y - Real.cos x * Real.sin y"),
    ("Real.cos_sub", "R", "(x y : α)", "Real.cos (x - y) = Real.cos x * Real.cos y + Real.sin x * Real.sin y"),
    ("Real.sin_two_mul", "R", "(x : α)", "Real.sin (2 * x) = 2 * Real.sin x * Real.cos x"),
    ("Real.cos_two_mul", "R", "(x : α)", "Real.cos (2 * x) = 2 * Real.cos x ^ 2 - 1"),
    ("Real.sin_pi_sub", "R", "(x : α)", "Real.sin (Real.pi - x) = Real.sin x"),
    ("Real.cos_pi_sub", "R", "(x : α)", "Real.cos (Real.pi - x) = -Real.cos x"),
    # `theorem Real.sin_eq_zero_iff {x : ℝ} : sin x = 0 ↔ ∃ n : ℤ, (n : ℝ) * π = x` (`…/Trigonometric/Basic.lean`)
    ("Real.sin_eq_zero_iff", "R", "{x : α}", "Real.sin x = 0 ↔ ∃ n : ℤ, (n : ℝ) * Real.pi = x"),
    ("Real.sin_pi", "R", "", "Real.sin Real.pi = 0"),
    # `theorem Real.pi_pos : 0 < π`, `theorem Real.pi_ne_zero : π ≠ 0` (z3 knows `3 < π ≤ 4`)
    ("Real.pi_pos", "R", "", "0 < Real.pi"),
    ("Real.pi_ne_zero", "R", "", "Real.pi ≠ 0"),
    ("Real.cos_pi", "R", "", "Real.cos Real.pi = -1"),
)

# rows z3 cannot prove: admitted once minilean proves the statement at the type in use (`lemmas._proved`).
# `eq_one_or_self_of_dvd` (z3 does not bound a divisor by `p`: nonlinear): a divisor `m` of `p ≥ 2` is at
# most `p` (`Nat.le_of_dvd`); if `m < p` and `m ≠ 1`, then `2 ≤ m` and `m` witnesses `¬Nat.Prime p` by
# `Nat.not_prime_iff_exists_dvd_lt` (`lemma_table19`), contradicting `pp`
PROOFS: dict[str, str] = {
    # the witnesses of the two divisibilities give one of the conclusion (as `lemma_table3`'s `dvd_trans`)
    "Nat.dvd_add": "obtain ⟨k, hk⟩ := h₁\n  obtain ⟨m, hm⟩ := h₂\n  exact ⟨k + m, by rw [hk, hm]; ring⟩",
    "Nat.dvd_trans": "obtain ⟨k, hk⟩ := h₁\n  obtain ⟨m, hm⟩ := h₂\n  exact ⟨k * m, by rw [hm, hk, mul_assoc]⟩",
    "Nat.Prime.eq_one_or_self_of_dvd": (
        "have h2 : 2 ≤ p := Nat.Prime.two_le pp\n"
        "  have hle : m ≤ p := Nat.le_of_dvd (by omega) hm\n"
        "  rcases Nat.eq_or_lt_of_le hle with h | h\n"
        "  · right\n    exact h\n"
        "  · left\n"
        "    by_contra hne\n"
        "    have hm0 : m ≠ 0 := by\n      rintro rfl\n      rw [zero_dvd_iff] at hm\n      omega\n"
        "    have hm2 : 2 ≤ m := by omega\n"
        "    exact (Nat.not_prime_iff_exists_dvd_lt h2).mpr ⟨m, hm, hm2, h⟩ pp"
    ),
}

# rows proved for every exponent (their `exp` binders read as ℕ variables), by induction as `pow_laws`
SYMBOLIC: dict[str, str] = {
    # Lean core: `theorem Nat.one_le_pow (n m : Nat) (h : 0 < m) : 1 ≤ m ^ n`
    "Nat.one_le_pow": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [pow_succ]\n    nlinarith"
    ),
    "Nat.one_pow": "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [pow_succ, ih]",
    # the same proofs as `pow_laws`' `pow_mul` / `pow_add` (the core rows state the same equations at ℕ)
    "Nat.pow_add": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n    rw [← add_assoc, pow_succ, pow_succ, ih, mul_assoc]"
    ),
    "Nat.pow_mul": (
        "induction n with\n  | zero => simp\n  | succ k ih =>\n"
        "    rw [show m * (k + 1) = m * k + m by ring, pow_add, pow_succ, ih]"
    ),
}

# `Nat.Prime x` unfolded by `Nat.prime_def_lt` for the z3 check (`lemma_table19.prime_unfolded`)
PRIME_UNFOLD: frozenset[str] = frozenset(
    {"Nat.Prime.two_le", "Nat.Prime.one_lt", "Nat.Prime.pos", "Nat.Prime.eq_two_or_odd"}
)

# implicit variables a use must fix to numerals (the modulus); that instance alone is checked (a variable
# modulus is refused: Lean accepts, weaker)
NUMERAL_ARGS: dict[str, tuple[str, ...]] = {
    "Int.modEq_iff_dvd": ("n",),
    "Int.ModEq.eq": ("n",),
    "Int.ModEq.pow": ("n",),
    "Nat.ModEq.pow": ("n",),
    "Nat.ModEq.pow_totient": ("x", "n"),
    "Nat.mod_mod_of_dvd": ("m", "k"),
}

# admitted per instance (`lemmas.PER_INSTANCE`): none in this batch (`Nat.mod_mod_of_dvd`'s implicit moduli
# are read off the use as `NUMERAL_ARGS`)
PER_INSTANCE: dict[str, list[str]] = {}

__all__ = ["NUMERAL_ARGS", "PER_INSTANCE", "PRIME_UNFOLD", "PROOFS", "ROWS", "SYMBOLIC"]
