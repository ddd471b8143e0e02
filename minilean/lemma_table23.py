# ruff: noqa: E501
"""Batch 23 of the lemma table (`lemmas.py`): names public proofs of MiniF2F *valid* theorems use that
minilean answered with "unknown identifier" (round 23a).

Rows are (name, type codes, binders, conclusion) as in `lemma_table2.py`: the statement, binder names,
kinds and order as Mathlib (or Lean core) states them, each instance checked valid by z3 before it is
admitted (`Nat.add_mul_mod_self_right`, nonlinear with a variable divisor, per instance as `Nat.add_mod`).

One row states an equation of propositions as an `↔`: `ne_eq (a b : α) : (a ≠ b) = ¬(a = b)` (Lean core
`Init/SimpLemmas.lean`, proved by `rfl`); `rw` and `simp` use an `Eq` of propositions as they use the `↔`
(`propext`), and minilean's `rw`/`simp` take every `↔` row that way. `and_imp` is an `↔` in Mathlib /
Lean core already (`theorem and_imp : (a ∧ b → c) ↔ (a → b → c)`, `{a b c : Prop}`).

Names reached through `open` (`OPEN_ALIASES`): unlike the older `ALIASES` maps (`lemma_table3`), which hold
whatever is opened, these resolve only while their namespace is opened in the source (`open_names.opened`),
as Lean's `open Real` makes `rpow_two` name `Real.rpow_two`: `Nat.lt_one_iff` is not protected (Mathlib
`Data/Nat/Defs.lean`; Lean core's `Nat/Basic.lean` later, also `@[simp]`, not protected), and no root
`rpow_two`/`lt_one_iff` nor one in another namespace the MiniF2F header opens exists.

Names left refused with a reason (`REFUSED`): see the messages.
"""

from __future__ import annotations

ROWS: tuple[tuple[str, str, str, str], ...] = (
    # Mathlib `Algebra/Group/Basic.lean` (`@[to_additive]` of `mul_right_comm : ∀ a b c : G, a * b * c =
    # a * c * b`, `[CommSemigroup G]`: ℕ too)
    ("add_right_comm", "NZQR", "(a b c : α)", "a + b + c = a + c + b"),
    # `@[to_additive (attr := simp)] theorem mul_div_mul_right_eq_div (a b c : G) : a * c / (b * c) = a / b`
    # (`[Group G]`, so additive groups only: ℕ's truncated `-` has `Nat.add_sub_add_right` instead)
    ("add_sub_add_right_eq_sub", "ZQR", "(a b c : α)", "a + c - (b + c) = a - b"),
    # `@[to_additive] theorem mul_eq_one_iff_inv_eq : a * b = 1 ↔ a⁻¹ = b` (`[Group G]`, `{a b}` implicit)
    ("add_eq_zero_iff_neg_eq", "ZQR", "{a b : α}", "a + b = 0 ↔ -a = b"),
    # Lean core `Nat/Basic.lean`: `@[simp] theorem add_mul_mod_self_right (x y z : Nat) : (x + y * z) % z =
    # x % z` (per instance: the divisor `z` a numeral, `PER_INSTANCE`)
    ("Nat.add_mul_mod_self_right", "N", "(x y z : α)", "(x + y * z) % z = x % z"),
    # Mathlib `Data/Nat/Defs.lean` / Lean core: `@[simp] theorem lt_one_iff {n : ℕ} : n < 1 ↔ n = 0`
    ("Nat.lt_one_iff", "N", "{n : α}", "n < 1 ↔ n = 0"),
    # Mathlib `Analysis/SpecialFunctions/Pow/Real.lean`: `theorem rpow_two (x : ℝ) : x ^ (2 : ℝ) = x ^ 2`
    # (@[simp] in the 2023–24 pins; z3 sees numeral `rpow` exponents, as `Real.rpow_one`)
    ("Real.rpow_two", "R", "(x : α)", "x ^ (2 : ℝ) = x ^ 2"),
    # Lean core `Init/SimpLemmas.lean`: `@[simp] theorem ne_eq (a b : α) : (a ≠ b) = ¬(a = b) := rfl`
    # (stated as `↔`, see the module docstring; at the types minilean states `≠` on)
    ("ne_eq", "NZQR", "(a b : α)", "a ≠ b ↔ ¬a = b"),
    # Lean core `Init/PropLemmas.lean` (Mathlib `Logic/Basic.lean` before): `@[simp] theorem and_imp :
    # (a ∧ b → c) ↔ (a → b → c)`
    ("and_imp", "N", "{a b c : Prop}", "(a ∧ b → c) ↔ (a → b → c)"),
)

# admitted per instance (`lemmas.PER_INSTANCE`): z3 proves the row once its divisor is a numeral
PER_INSTANCE: dict[str, list[str]] = {"Nat.add_mul_mod_self_right": ["z"]}

# unqualified name -> (namespace that must be opened, table name)
OPEN_ALIASES: dict[str, tuple[str, str]] = {
    "rpow_two": ("Real", "Real.rpow_two"),
    "lt_one_iff": ("Nat", "Nat.lt_one_iff"),
}

# names minilean refuses on purpose, with the reason (instead of "unknown identifier")
REFUSED: dict[str, str] = {
    "Complex.cpow_two": (
        "minilean: 'Complex.cpow_two' (x ^ (2 : ℂ) = x ^ 2) is not modelled: minilean cannot state a complex "
        "power with a complex exponent (HPow ℂ ℂ ℂ)"
    ),
    "Nat.one_eq_succ_zero": (
        "minilean: 'Nat.one_eq_succ_zero' (1 = Nat.succ 0, Mathlib `Init/Data/Nat/Lemmas.lean` of 2024) is not "
        "modelled: minilean writes `Nat.succ n` as `n + 1`, so rewriting `1` to `succ 0` cannot be told apart "
        "from `0 + 1`, which still contains `1`"
    ),
    "Nat.succ.injEq": (
        "minilean: 'Nat.succ.injEq' is not modelled: how `simp` applies it to numerals depends on the Lean "
        "version's offset unification (`n + 1 = 3`)"
    ),
}
# the same under `open Nat`
REFUSED["succ.injEq"] = REFUSED["Nat.succ.injEq"]
REFUSED["one_eq_succ_zero"] = REFUSED["Nat.one_eq_succ_zero"]

__all__ = ["OPEN_ALIASES", "PER_INSTANCE", "REFUSED", "ROWS"]
