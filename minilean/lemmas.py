"""A table of the Mathlib lemmas competition proofs name as terms, admitted only once z3 has checked them.

Each entry gives the lemma's Mathlib statement as a schema over a type variable `α` (with its explicit
`(…)` and implicit `{…}` binders, in Mathlib's order) and the types it is instantiated at. A lemma is
usable by name (`exact mul_pos ha hb`, `have := sq_nonneg (a - b)`, `nlinarith [abs_nonneg x]`,
`rw [mul_comm]`, `simp [two_mul]`) only after its instance at the type in use has been checked VALID by
z3: a wrong entry is refused, never trusted. The type is the one the arguments (or the expected type)
fix, as Lean's unifier would.

Exponent parameters (`pow_pos h n`): minilean's exponents are numerals, so an `(n : exp)` binder must be
given a numeral literal, which is substituted into the statement before it is checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from minilean import smt
from minilean.decls import Binder, Decl, initial_env
from minilean.goals import TacticFail
from minilean.lemma_table2 import ROWS as EXTRA_ROWS
from minilean.lemma_table3 import ALIASES, PROOFS
from minilean.lemma_table3 import ROWS as BATCH3_ROWS
from minilean.lemma_table4 import ROWS as BATCH4_ROWS
from minilean.lemma_table5 import PER_INSTANCE as BATCH5_PER_INSTANCE
from minilean.lemma_table5 import PROOFS as BATCH5_PROOFS
from minilean.lemma_table5 import ROWS as BATCH5_ROWS
from minilean.lemma_table6 import ALIASES as BATCH6_ALIASES
from minilean.lemma_table6 import ROWS as BATCH6_ROWS
from minilean.lemma_table7 import PROOFS as BATCH7_PROOFS
from minilean.lemma_table7 import ROWS as BATCH7_ROWS
from minilean.lemma_table8 import NUMERAL_ARGS as BATCH8_NUMERAL_ARGS
from minilean.lemma_table8 import PROOFS as BATCH8_PROOFS
from minilean.lemma_table8 import ROWS as BATCH8_ROWS
from minilean.lemma_table9 import NUMERAL_ARGS as BATCH9_NUMERAL_ARGS
from minilean.lemma_table9 import PROOFS as BATCH9_PROOFS
from minilean.lemma_table9 import ROWS as BATCH9_ROWS
from minilean.lemma_table10 import MAX_NUMERAL as BATCH10_MAX_NUMERAL
from minilean.lemma_table10 import NUMERAL_ARGS as BATCH10_NUMERAL_ARGS
from minilean.lemma_table10 import PROOFS as BATCH10_PROOFS
from minilean.lemma_table10 import ROWS as BATCH10_ROWS
from minilean.lemma_table11 import ROWS as BATCH11_ROWS
from minilean.lemma_table12 import PROOFS as BATCH12_PROOFS
from minilean.lemma_table12 import ROWS as BATCH12_ROWS
from minilean.lemma_table13 import PER_INSTANCE as BATCH13_PER_INSTANCE
from minilean.lemma_table13 import ROWS as BATCH13_ROWS
from minilean.lemma_table14 import PROOFS as BATCH14_PROOFS
from minilean.lemma_table14 import ROWS as BATCH14_ROWS
from minilean.lemma_table15 import ROWS as BATCH15_ROWS
from minilean.lemma_table16 import ROWS as BATCH16_ROWS
from minilean.lemma_table17 import ROWS as BATCH17_ROWS
from minilean.lemma_table18 import MAX_NUMERAL as BATCH18_MAX_NUMERAL
from minilean.lemma_table18 import NUMERAL_ARGS as BATCH18_NUMERAL_ARGS
from minilean.lemma_table18 import PROOFS as BATCH18_PROOFS
from minilean.lemma_table18 import ROWS as BATCH18_ROWS
from minilean.lemma_table18e import ROWS as BATCH18E_ROWS
from minilean.lemma_table19 import PRIME_UNFOLD as BATCH19_PRIME_UNFOLD
from minilean.lemma_table19 import PROOFS as BATCH19_PROOFS
from minilean.lemma_table19 import ROWS as BATCH19_ROWS
from minilean.lemma_table19 import prime_unfolded
from minilean.lemma_table21 import MAX_NUMERAL as BATCH21_MAX_NUMERAL
from minilean.lemma_table21 import PER_INSTANCE as BATCH21_PER_INSTANCE
from minilean.lemma_table21 import ROWS as BATCH21_ROWS
from minilean.lemma_table22 import NUMERAL_ARGS as BATCH22_NUMERAL_ARGS
from minilean.lemma_table22 import PER_INSTANCE as BATCH22_PER_INSTANCE
from minilean.lemma_table22 import PRIME_UNFOLD as BATCH22_PRIME_UNFOLD
from minilean.lemma_table22 import PROOFS as BATCH22_PROOFS
from minilean.lemma_table22 import ROWS as BATCH22_ROWS
from minilean.lemma_table22 import SYMBOLIC as BATCH22_SYMBOLIC
from minilean.lemma_table23 import OPEN_ALIASES as BATCH23_OPEN_ALIASES
from minilean.lemma_table23 import PER_INSTANCE as BATCH23_PER_INSTANCE
from minilean.lemma_table23 import REFUSED as BATCH23_REFUSED
from minilean.lemma_table23 import ROWS as BATCH23_ROWS
from minilean.lemma_table24 import NUMERAL_ARGS as BATCH24_NUMERAL_ARGS
from minilean.lemma_table24 import PRIME_UNFOLD as BATCH24_PRIME_UNFOLD
from minilean.lemma_table24 import PROOFS as BATCH24_PROOFS
from minilean.lemma_table24 import REFUSED as BATCH24_REFUSED
from minilean.lemma_table24 import ROWS as BATCH24_ROWS
from minilean.pow_laws import PROOFS as POW_LAWS_PROOFS
from minilean.statements import _Fail, _statement
from minilean.syntax import INT, NAT, RAT, REAL, ENum, PBin, PQuant, PRel, Prop, show_prop

ALL = (NAT, INT, RAT, REAL)
RING = (INT, RAT, REAL)  # ordered rings with negation
FIELD = (RAT, REAL)
_CODES = {"N": NAT, "Z": INT, "Q": RAT, "R": REAL}


@dataclass(frozen=True)
class Schema:
    name: str
    types: tuple[str, ...]
    binders: str  # Lean binders over α, e.g. "{a b : α} (ha : 0 < a) (hb : 0 < b)"
    concl: str

    def exponents(self) -> list[str]:
        """Exponent binders, explicit `(n : exp)` and implicit `{n : exp}` (read off the arguments)."""
        return re.findall(r"[({](\w+) : exp[)}]", self.binders)


def _s(name: str, types: str, binders: str, concl: str) -> Schema:
    return Schema(name, tuple(_CODES[c] for c in types), binders, concl)


# Statements as in Mathlib (names, binder kinds and order); the type lists are where Mathlib's type
# classes hold AND minilean can state the lemma (ℕ lacks negation and `|·|`).
SCHEMAS: tuple[Schema, ...] = (
    # ---- squares and products
    _s("sq_nonneg", "NZQR", "(a : α)", "0 ≤ a ^ 2"),
    _s("pow_two_nonneg", "NZQR", "(a : α)", "0 ≤ a ^ 2"),
    _s("mul_self_nonneg", "ZQR", "(a : α)", "0 ≤ a * a"),
    _s("mul_pos", "NZQR", "{a b : α} (ha : 0 < a) (hb : 0 < b)", "0 < a * b"),
    _s("mul_nonneg", "NZQR", "{a b : α} (ha : 0 ≤ a) (hb : 0 ≤ b)", "0 ≤ a * b"),
    _s("mul_pos_of_neg_of_neg", "ZQR", "{a b : α} (ha : a < 0) (hb : b < 0)", "0 < a * b"),
    _s("add_pos", "NZQR", "{a b : α} (ha : 0 < a) (hb : 0 < b)", "0 < a + b"),
    _s("add_nonneg", "NZQR", "{a b : α} (ha : 0 ≤ a) (hb : 0 ≤ b)", "0 ≤ a + b"),
    _s("add_pos_of_pos_of_nonneg", "NZQR", "{a b : α} (ha : 0 < a) (hb : 0 ≤ b)", "0 < a + b"),
    _s("pow_pos", "NZQR", "{a : α} (H : 0 < a) (n : exp)", "0 < a ^ n"),
    _s("pow_nonneg", "NZQR", "{a : α} (H : 0 ≤ a) (n : exp)", "0 ≤ a ^ n"),
    _s("div_pos", "QR", "{a b : α} (ha : 0 < a) (hb : 0 < b)", "0 < a / b"),
    _s("div_nonneg", "QR", "{a b : α} (ha : 0 ≤ a) (hb : 0 ≤ b)", "0 ≤ a / b"),
    # ---- ring identities
    _s("pow_two", "NZQR", "(a : α)", "a ^ 2 = a * a"),
    _s("sq", "NZQR", "(x : α)", "x ^ 2 = x * x"),
    _s("two_mul", "NZQR", "(a : α)", "2 * a = a + a"),
    _s("mul_comm", "NZQR", "(a b : α)", "a * b = b * a"),
    _s("add_comm", "NZQR", "(a b : α)", "a + b = b + a"),
    _s("mul_assoc", "NZQR", "(a b c : α)", "a * b * c = a * (b * c)"),
    _s("add_assoc", "NZQR", "(a b c : α)", "a + b + c = a + (b + c)"),
    _s("mul_add", "NZQR", "(a b c : α)", "a * (b + c) = a * b + a * c"),
    _s("add_mul", "NZQR", "(a b c : α)", "(a + b) * c = a * c + b * c"),
    _s("mul_sub", "ZQR", "(a b c : α)", "a * (b - c) = a * b - a * c"),
    _s("sub_mul", "ZQR", "(a b c : α)", "(a - b) * c = a * c - b * c"),
    _s("mul_one", "NZQR", "(a : α)", "a * 1 = a"),
    _s("one_mul", "NZQR", "(a : α)", "1 * a = a"),
    _s("mul_zero", "NZQR", "(a : α)", "a * 0 = 0"),
    _s("zero_mul", "NZQR", "(a : α)", "0 * a = 0"),
    _s("add_zero", "NZQR", "(a : α)", "a + 0 = a"),
    _s("zero_add", "NZQR", "(a : α)", "0 + a = a"),
    _s("sub_self", "ZQR", "(a : α)", "a - a = 0"),
    _s("neg_neg", "ZQR", "(a : α)", "- -a = a"),
    _s("add_sq", "NZQR", "(a b : α)", "(a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2"),
    _s("sub_sq", "ZQR", "(a b : α)", "(a - b) ^ 2 = a ^ 2 - 2 * a * b + b ^ 2"),
    _s("add_pow_two", "NZQR", "(a b : α)", "(a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2"),
    _s("mul_self_abs", "ZQR", "(a : α)", "|a| * |a| = a * a"),
    # ---- order
    _s("sub_nonneg", "ZQR", "{a b : α}", "0 ≤ a - b ↔ b ≤ a"),
    _s("sub_pos", "ZQR", "{a b : α}", "0 < a - b ↔ b < a"),
    _s("sub_eq_zero", "ZQR", "{a b : α}", "a - b = 0 ↔ a = b"),
    _s("le_refl", "NZQR", "(a : α)", "a ≤ a"),
    _s("le_of_lt", "NZQR", "{a b : α} (h : a < b)", "a ≤ b"),
    _s("le_of_eq", "NZQR", "{a b : α} (h : a = b)", "a ≤ b"),
    _s("ne_of_gt", "NZQR", "{a b : α} (h : a > b)", "a ≠ b"),
    _s("ne_of_lt", "NZQR", "{a b : α} (h : a < b)", "a ≠ b"),
    _s("le_antisymm", "NZQR", "{a b : α} (h₁ : a ≤ b) (h₂ : b ≤ a)", "a = b"),
    _s("le_trans", "NZQR", "{a b c : α} (h₁ : a ≤ b) (h₂ : b ≤ c)", "a ≤ c"),
    _s("lt_of_lt_of_le", "NZQR", "{a b c : α} (h₁ : a < b) (h₂ : b ≤ c)", "a < c"),
    _s("lt_of_le_of_lt", "NZQR", "{a b c : α} (h₁ : a ≤ b) (h₂ : b < c)", "a < c"),
    _s("lt_trans", "NZQR", "{a b c : α} (h₁ : a < b) (h₂ : b < c)", "a < c"),
    # ---- absolute value
    _s("abs_nonneg", "ZQR", "(a : α)", "0 ≤ |a|"),
    _s("abs_pos", "ZQR", "{a : α}", "0 < |a| ↔ a ≠ 0"),
    _s("sq_abs", "ZQR", "(a : α)", "|a| ^ 2 = a ^ 2"),
    _s("abs_mul_abs_self", "ZQR", "(a : α)", "|a| * |a| = a * a"),
    _s("abs_mul_self", "ZQR", "(a : α)", "|a * a| = a * a"),
    _s("abs_of_nonneg", "ZQR", "{a : α} (h : 0 ≤ a)", "|a| = a"),
    _s("abs_of_pos", "ZQR", "{a : α} (h : 0 < a)", "|a| = a"),
    _s("abs_of_neg", "ZQR", "{a : α} (h : a < 0)", "|a| = -a"),
    _s("abs_of_nonpos", "ZQR", "{a : α} (h : a ≤ 0)", "|a| = -a"),
    _s("abs_sub_comm", "ZQR", "(a b : α)", "|a - b| = |b - a|"),
    _s("abs_le", "ZQR", "{a b : α}", "|a| ≤ b ↔ -b ≤ a ∧ a ≤ b"),
    _s("abs_lt", "ZQR", "{a b : α}", "|a| < b ↔ -b < a ∧ a < b"),
    _s("le_abs_self", "ZQR", "(a : α)", "a ≤ |a|"),
    _s("neg_abs_le", "ZQR", "(a : α)", "-|a| ≤ a"),
    _s("abs_mul", "ZQR", "(a b : α)", "|a * b| = |a| * |b|"),
    _s("abs_add", "ZQR", "(a b : α)", "|a + b| ≤ |a| + |b|"),
    _s("abs_add_le", "ZQR", "(a b : α)", "|a + b| ≤ |a| + |b|"),
    _s("abs_sub_abs_le_abs_sub", "ZQR", "(a b : α)", "|a| - |b| ≤ |a - b|"),
    # ---- fields
    _s("div_eq_iff", "QR", "{a b c : α} (hc : c ≠ 0)", "a / c = b ↔ a = b * c"),
    _s("eq_div_iff", "QR", "{a b c : α} (hc : c ≠ 0)", "a = b / c ↔ a * c = b"),
    _s("div_le_iff", "QR", "{a b c : α} (hc : 0 < c)", "a / c ≤ b ↔ a ≤ b * c"),
    _s("div_le_iff₀", "QR", "{a b c : α} (hc : 0 < c)", "a / c ≤ b ↔ a ≤ b * c"),
    _s("le_div_iff", "QR", "{a b c : α} (hc : 0 < c)", "a ≤ b / c ↔ a * c ≤ b"),
    _s("le_div_iff₀", "QR", "{a b c : α} (hc : 0 < c)", "a ≤ b / c ↔ a * c ≤ b"),
    _s("div_lt_iff", "QR", "{a b c : α} (hc : 0 < c)", "a / c < b ↔ a < b * c"),
    _s("div_lt_iff₀", "QR", "{a b c : α} (hc : 0 < c)", "a / c < b ↔ a < b * c"),
    _s("lt_div_iff", "QR", "{a b c : α} (hc : 0 < c)", "a < b / c ↔ a * c < b"),
    _s("lt_div_iff₀", "QR", "{a b c : α} (hc : 0 < c)", "a < b / c ↔ a * c < b"),
    _s("mul_div_cancel_left₀", "QR", "(b : α) {a : α} (ha : a ≠ 0)", "a * b / a = b"),
    _s("div_self", "QR", "{a : α} (h : a ≠ 0)", "a / a = 1"),
    _s("eq_neg_of_add_eq_zero_left", "ZQR", "{a b : α} (h : a + b = 0)", "a = -b"),
    _s("add_eq_zero_iff_eq_neg", "ZQR", "{a b : α}", "a + b = 0 ↔ a = -b"),
    _s("sub_ne_zero", "ZQR", "{a b : α}", "a - b ≠ 0 ↔ a ≠ b"),
    _s("mul_right_inj'", "NZQR", "{a b c : α} (ha : a ≠ 0)", "a * b = a * c ↔ b = c"),
    _s("mul_left_inj'", "NZQR", "{a b c : α} (hc : c ≠ 0)", "a * c = b * c ↔ a = b"),
    # ---- logic (the type is irrelevant: one instance)
    _s("not_and_or", "N", "{a b : Prop}", "¬(a ∧ b) ↔ ¬a ∨ ¬b"),
    _s("not_or", "N", "{a b : Prop}", "¬(a ∨ b) ↔ ¬a ∧ ¬b"),
    _s("not_not", "N", "{a : Prop}", "¬¬a ↔ a"),
    # ---- natural numbers
    _s("Nat.mod_add_div", "N", "(m k : α)", "m % k + k * (m / k) = m"),
    _s("Nat.mul_mod", "N", "(a b n : α)", "a * b % n = a % n * (b % n) % n"),
    _s("Nat.add_mod", "N", "(a b n : α)", "(a + b) % n = (a % n + b % n) % n"),
    _s("Nat.pow_mod", "N", "(a : α) (b : exp) (n : α)", "a ^ b % n = (a % n) ^ b % n"),
    _s("Nat.mod_lt", "N", "(x : α) {y : α} (h : y > 0)", "x % y < y"),
    _s("Nat.mod_two_eq_zero_or_one", "N", "(n : α)", "n % 2 = 0 ∨ n % 2 = 1"),
    _s("Nat.le_of_lt_succ", "N", "{m n : α} (h : m < n + 1)", "m ≤ n"),
    _s("Nat.succ_le_of_lt", "N", "{n m : α} (h : n < m)", "n + 1 ≤ m"),
    _s("Int.emod_emod_of_dvd", "Z", "(n : α) {m k : α} (h : m ∣ k)", "n % k % m = n % m"),
)
SCHEMAS += tuple(
    _s(*row) for row in EXTRA_ROWS + BATCH3_ROWS + BATCH4_ROWS + BATCH5_ROWS + BATCH6_ROWS + BATCH7_ROWS
    + BATCH8_ROWS + BATCH9_ROWS + BATCH10_ROWS + BATCH11_ROWS + BATCH12_ROWS + BATCH13_ROWS
    + BATCH14_ROWS + BATCH15_ROWS + BATCH16_ROWS + BATCH17_ROWS + BATCH18_ROWS
)
SCHEMAS += tuple(_s(*row) for row in BATCH18E_ROWS)  # round 18e, kept apart from the batch line
SCHEMAS += tuple(_s(*row) for row in BATCH19_ROWS)  # round 19c
SCHEMAS += tuple(_s(*row) for row in BATCH21_ROWS)  # round 21b (Nat.fib)
SCHEMAS += tuple(_s(*row) for row in BATCH22_ROWS)  # round 22a
SCHEMAS += tuple(_s(*row) for row in BATCH23_ROWS)  # round 23a
SCHEMAS += tuple(_s(*row) for row in BATCH24_ROWS)  # round 24a
# rows proved for every exponent: `pow_laws` and batch 22's core `Nat.pow_*` / `Nat.one_le_pow`
SYMBOLIC_PROOFS: dict[str, str] = {**POW_LAWS_PROOFS, **BATCH22_SYMBOLIC}
PRIME_UNFOLD = BATCH19_PRIME_UNFOLD | BATCH22_PRIME_UNFOLD | BATCH24_PRIME_UNFOLD
NUMERAL_ARGS: dict[str, tuple[str, ...]] = {
    **BATCH8_NUMERAL_ARGS, **BATCH9_NUMERAL_ARGS, **BATCH10_NUMERAL_ARGS, **BATCH18_NUMERAL_ARGS,
    **BATCH22_NUMERAL_ARGS, **BATCH24_NUMERAL_ARGS,
}
MAX_NUMERAL: dict[str, int] = {**BATCH10_MAX_NUMERAL, **BATCH18_MAX_NUMERAL, **BATCH21_MAX_NUMERAL}
BY_NAME: dict[str, Schema] = {s.name: s for s in SCHEMAS}
BY_NAME.update(
    {alias: replace(BY_NAME[target], name=alias) for alias, target in (ALIASES | BATCH6_ALIASES).items()}
)
_IFF_FIELDS = {"mp": False, "1": False, "mpr": True, "2": True}
_SWAP = {"mp": "mpr", "1": "2", "mpr": "mp", "2": "1"}


class OpenArguments(TacticFail):
    """Implicit numeral arguments (an exponent `{k : ℕ}`) that neither the arguments nor the expected type
    fix. `rw` can still fix them from the rewritten term (rewrite.rules_for); `trial`: (name, type, args)."""

    def __init__(self, msg: str, trial: tuple[str, str, list]) -> None:
        super().__init__(msg)
        self.trial = trial


class NotAdmitted(TacticFail):
    """The lemma's instance could not be checked valid: it is refused."""


def _statement_text(schema: Schema, ty: str, exps: dict[str, int]) -> str:
    """The statement with the variables of `exps` replaced by those numerals (their binders dropped)."""

    def drop(m: re.Match) -> str:
        if not all(re.fullmatch(r"[^\W\d]\w*'*", v) for v in m.group(2).split()):
            return m.group(0)  # not a binder group: a parenthesised proposition (`(2 ≤ p ∧ ∀ d : ℕ, …)`)
        names = [v for v in m.group(2).split() if v not in exps]
        return f"{m.group(1)}{' '.join(names)} : {m.group(3)}{m.group(4)}" if names else ""

    binders = re.sub(r"([({])([^(){}:]+) : ([^(){}]+)([)}])", drop, schema.binders)
    concl = schema.concl
    for v, n in exps.items():
        # an exponent is an ℕ: its cast `(k : ℝ)` stays a cast of the ℕ numeral, `((3 : ℕ) : ℝ)`, as in
        # Lean's instance (`rw`'s closing reducible `rfl` does not identify it with the literal `(3 : ℝ)`)
        binders = re.sub(rf"\({v} : ([ℤℚℝ])\)", rf"(({n} : ℕ) : \1)", binders)
        concl = re.sub(rf"\({v} : ([ℤℚℝ])\)", rf"(({n} : ℕ) : \1)", concl)
        binders = re.sub(rf"\b{v}\b", str(n), binders)
        concl = re.sub(rf"\b{v}\b", str(n), concl)
    return f"theorem {schema.name} {binders.replace('α', ty)} : {concl.replace('α', ty)}"


def admitted(name: str, ty: str, exps: tuple[tuple[str, int], ...] = ()) -> Decl:
    """The lemma's declaration at type `ty` (exponents substituted), once z3 proves it valid."""
    schema = BY_NAME[name]
    if ty not in schema.types:
        raise TacticFail(f"failed to synthesize instance: '{name}' does not apply at type {ty}")
    got = _checked(name, ty, exps)
    if isinstance(got, NotAdmitted):
        raise NotAdmitted(str(got))
    return got


# schemas z3 cannot prove with their modulus a variable (nonlinear ℕ/ℤ arithmetic): only instances are
# admitted, with the numerals the proof gives (`Nat.mul_mod a b 7`) or per rewrite (`rw [Nat.mul_mod]`)
PER_INSTANCE = frozenset(
    {"Nat.mul_mod", "Nat.add_mod", "Nat.pow_mod", "Int.emod_emod_of_dvd", "Nat.mod_add_div"}
    | {"Nat.div_add_mod"}
    | set(BATCH5_PER_INSTANCE) | set(BATCH13_PER_INSTANCE) | set(BATCH21_PER_INSTANCE)
    | set(BATCH22_PER_INSTANCE) | set(BATCH23_PER_INSTANCE)
)


@lru_cache(maxsize=4096)
def _checked(name: str, ty: str, exps: tuple[tuple[str, int], ...]) -> Decl | NotAdmitted:
    """Refusals are remembered too: a schema z3 cannot prove costs its timeout once, not per use."""
    schema = BY_NAME[name]
    if name in PER_INSTANCE and any(v not in dict(exps) for v in _modulus(schema)):
        return NotAdmitted(f"minilean: lemma '{name}' is admitted per instance only (give its numerals)")
    if any(abs(n) > MAX_NUMERAL.get(name, abs(n)) for _, n in exps):
        bound = MAX_NUMERAL[name]
        return NotAdmitted(f"minilean: lemma '{name}' is admitted with numerals up to {bound} only")
    try:
        return check_schema(BY_NAME[name], ty, dict(exps))
    except NotAdmitted as e:
        return e


def unchecked(name: str, ty: str) -> Decl:
    """The schema's declaration WITHOUT the validity check, for callers that check every instance they
    use instead (`rw [Nat.mul_mod]`: z3 cannot prove the schema, but proves each ground instance).
    Exponent parameters become ℕ variables, so the rewrite's match gives them the goal's exponent."""
    schema = BY_NAME[table_key(name) or name]
    schema = replace(schema, binders=re.sub(r": exp([)}])", rf": {NAT}\1", schema.binders))
    return check_schema(schema, ty, {}, check=False)


def check_schema(
    schema: Schema, ty: str, exps: dict[str, int], timeout_ms: int = 4000, check: bool = True
) -> Decl:
    """Parse the schema at `ty` and check `∀ vars, hyps → concl` with z3; NotAdmitted unless valid."""
    try:
        decl, goal = _statement(initial_env(), _statement_text(schema, ty, exps), 0, 0)
    except _Fail as e:
        raise NotAdmitted(f"minilean: lemma '{schema.name}' cannot be stated: {e.msg}") from None
    assert decl is not None
    hyps = [h.ty for h in goal.hyps if not h.is_var]
    if not check:
        return Decl(schema.name, decl.binders, decl.concl)
    try:
        verdict = smt.valid(hyps, decl.concl, goal.sorts(), timeout_ms)  # type: ignore[arg-type]
    except smt.Untranslatable:
        verdict = None
    if verdict is not True and _proved(schema, ty, exps):
        verdict = True
    if verdict is not True and schema.name in PRIME_UNFOLD:
        verdict = _valid_prime_unfolded(schema, ty, exps, timeout_ms)
    if verdict is not True:
        raise NotAdmitted(
            f"minilean: lemma '{schema.name}' at {ty} is not admitted (z3 did not prove "
            f"{show_prop(decl.concl)} valid)"
        )
    binders = tuple(Binder(b.name, b.ty, b.implicit) for b in decl.binders)
    return Decl(schema.name, binders, decl.concl)


def _valid_prime_unfolded(schema: Schema, ty: str, exps: dict[str, int], timeout_ms: int) -> bool:
    """z3's verdict on the statement with `Nat.Prime x` unfolded by `Nat.prime_def_lt` (`lemma_table19`)."""
    got = prime_unfolded(schema.binders, schema.concl)
    if got is None:
        return False
    unfolded = replace(schema, binders=got[0], concl=got[1])
    try:
        decl, goal = _statement(initial_env(), _statement_text(unfolded, ty, exps), 0, 0)
    except _Fail:
        return False
    assert decl is not None
    hyps = [h.ty for h in goal.hyps if not h.is_var]
    try:
        return smt.valid(hyps, decl.concl, goal.sorts(), timeout_ms) is True  # type: ignore[arg-type]
    except smt.Untranslatable:
        return False


def _proved(schema: Schema, ty: str, exps: dict[str, int]) -> bool:
    """Does minilean prove the instance with the row's proof (`lemma_table3.PROOFS`)?"""
    proof = PROOFS.get(schema.name) or BATCH5_PROOFS.get(schema.name) or BATCH7_PROOFS.get(schema.name)
    proof = proof or BATCH8_PROOFS.get(schema.name) or BATCH9_PROOFS.get(schema.name)
    proof = proof or BATCH10_PROOFS.get(schema.name) or BATCH12_PROOFS.get(schema.name)
    proof = proof or BATCH14_PROOFS.get(schema.name) or BATCH18_PROOFS.get(schema.name)
    proof = proof or BATCH19_PROOFS.get(schema.name) or BATCH22_PROOFS.get(schema.name)
    proof = proof or BATCH24_PROOFS.get(schema.name)
    if proof is None or _CHECK_PROOF is None:
        return False
    # a proof may name the row's type as `α` (a cast `(m : α)`): it is checked at the instance's type;
    # variables the instance fixes to numerals (`NUMERAL_ARGS`) are gone from the statement, so the
    # proof names their numerals too (as `_statement_text` substitutes them)
    proof = proof.replace("α", ty)
    for v, n in exps.items():
        proof = re.sub(rf"\b{v}\b", str(n), proof)
    # the statement under a plain name: a dotted row name (`Finset.sum_range_id`) would make the rename check
    # treat its namespace as a user name and rename `Finset.range` in the proof with it (round 24)
    header = _statement_text(schema, ty, exps).replace(f"theorem {schema.name} ", "theorem row_check ", 1)
    return _CHECK_PROOF(f"{header} := by\n  {proof}")


# Admitting a lemma by a proof needs the whole elaborator, which sits above this module (engine ->
# tactics -> terms -> lemmas), so engine registers its checker here when it is imported. Lemmas are only
# ever admitted while a tactic runs, i.e. with engine loaded; without it no lemma is admitted by proof.
_CHECK_PROOF: Callable[[str], bool] | None = None


def register_proof_checker(check: Callable[[str], bool]) -> None:
    """`check(source)`: does minilean accept the theorem `source` with no error and no sorry?"""
    global _CHECK_PROOF
    _CHECK_PROOF = check


def _first_type(p: Prop) -> str | None:
    if isinstance(p, PRel):
        return p.ty
    if isinstance(p, PBin):
        return _first_type(p.lhs) or _first_type(p.rhs)
    if isinstance(p, PQuant):
        return p.sort
    arg = getattr(p, "arg", None)
    if arg is not None and not hasattr(p, "ty"):
        return _first_type(arg)
    return getattr(p, "ty", None)


def _numeral(node: object) -> bool:
    """A numeral expression without ascription (`1`, `2 * 3`, `-1`): its type is still open."""
    if not isinstance(node, tuple) or not node:
        return False
    if node[0] == "num":
        return True
    if node[0] == "neg":
        return _numeral(node[1])
    if node[0] == "bin":
        return _numeral(node[2]) and _numeral(node[3])
    return node[0] == "paren" and _numeral(node[1])


def _modulus(schema: Schema) -> list[str]:
    moduli = {"Int.emod_emod_of_dvd": ["m", "k"], "Nat.mod_add_div": ["k"], "Nat.div_add_mod": ["k"]}
    moduli.update(BATCH5_PER_INSTANCE)
    moduli.update(BATCH13_PER_INSTANCE)
    moduli.update(BATCH21_PER_INSTANCE)
    moduli.update(BATCH22_PER_INSTANCE)
    moduli.update(BATCH23_PER_INSTANCE)
    return moduli.get(schema.name, ["n"])


def _about_exponents_only(schema: Schema, binder_type: str) -> bool:
    """A hypothesis binder that mentions exponent variables and no variable of type α
    (`pow_eq_zero_iff`'s `(hn : n ≠ 0)`): its argument is about ℕ and says nothing about α."""
    words = set(re.findall(r"\w+", binder_type))
    alpha_vars = {v for vs in re.findall(r"[({]([^(){}:]+) : α[)}]", schema.binders) for v in vs.split()}
    # variables declared at ℕ whatever α is (`Nat.cast_sub {m n : ℕ} (h : m ≤ n)`): a fact about them is
    # a ℕ fact too; α comes from the goal, as Lean's elaborator takes the cast's target from it
    nat_vars = {v for vs in re.findall(r"[({]([^(){}:]+) : ℕ[)}]", schema.binders) for v in vs.split()}
    return bool(words & (set(schema.exponents()) | nat_vars)) and not words & alpha_vars


ROOT = "_root_."
# unqualified aliases of a namespaced row (`log_pos` for `Real.log_pos`): names reached through `open`, which
# `_root_.X` does not reach (Lean: `_root_.X` is the root declaration `X` only)
_OPENED_ONLY = frozenset(
    {a for a, t in (ALIASES | BATCH6_ALIASES).items() if "." not in a and "." in t}
    | set(BATCH23_OPEN_ALIASES)
)


def table_key(name: str) -> str | None:
    """The table row (a `BY_NAME` key) the global name `name` denotes, or None. `_root_.X` is the root
    declaration `X` (Lean's `_root_` prefix; every table row is stated at the root of its full name), never
    a name reached through `open`; an unqualified `OPEN_ALIASES` name is its row while its namespace is
    opened in the source (open_names.opened). Callers look locals up first: `_root_.h` is no local."""
    if name.startswith(ROOT):
        short = name[len(ROOT) :]
        return short if short in BY_NAME and short not in _OPENED_ONLY else None
    if name in BY_NAME:
        return name
    alias = BATCH23_OPEN_ALIASES.get(name)
    if alias is not None:
        from minilean.open_names import opened

        if alias[0] in opened():
            return alias[1]
    return None


def refusal(name: str) -> str | None:
    """Why minilean refuses the library name `name` on purpose (`lemma_table23`/`24.REFUSED`), or None."""
    short = name[len(ROOT) :] if name.startswith(ROOT) else name
    base, _, fld = short.rpartition(".")
    if base and (fld in _IFF_FIELDS or fld == "symm"):  # `Int.fract_eq_fract.mp`: the refused name's field
        short = base
    return BATCH23_REFUSED.get(short) or BATCH24_REFUSED.get(short)


def split_name(name: str) -> tuple[str, str | None] | None:
    """`sub_nonneg.mpr` -> ("sub_nonneg", "mpr"); None when `name` is not a table lemma. The first part is
    the row's `BY_NAME` key (`table_key`: `_root_.X`, names through `open`)."""
    key = table_key(name)
    if key is not None:
        return key, None
    base, _, fld = name.rpartition(".")
    key = table_key(base) if base else None
    if key is not None and fld in _IFF_FIELDS:
        return key, fld
    if key is not None and fld == "symm" and "↔" in BY_NAME[key].concl:
        return key, fld  # `Iff.symm foo`: the two sides swapped (`simp [le_sub_iff_add_le.symm]`)
    # `foo.symm.mp` is `Iff.mp (Iff.symm foo)`, which is `foo.mpr` (Iff.symm swaps the two directions)
    inner, _, sym = base.rpartition(".")
    key = table_key(inner) if inner else None
    if sym == "symm" and key is not None and fld in _IFF_FIELDS and "↔" in BY_NAME[key].concl:
        return key, _SWAP[fld]
    return None


def resolve(
    el: object, name: str, args: list, expected: Prop | None, ty_hint: str | None = None
) -> tuple[Decl, list] | None:
    """The table lemma `name` (possibly `.mp`/`.mpr`) instantiated at the type its use fixes, with the
    argument list left to apply (exponent literals consumed), or None when `name` is not in the table.
    `ty_hint`: the type a named argument `(α := T)` fixes (named_type_args.py)."""
    from minilean.coe_postpone import bare_coe
    from minilean.open_numerals import has_open_numerals
    from minilean.syntax import SyntaxErr, _Typer

    parts = split_name(name)
    if parts is None:
        why = refusal(name)
        if why is not None:
            raise TacticFail(why)
        return None
    base, fld = parts
    schema = BY_NAME[base]
    # explicit binders in order: which argument goes to which binder
    explicit = re.findall(r"\(([^():]+) : ([^()]+)\)", schema.binders)
    flat: list[tuple[str, str]] = [(v, t.strip()) for vs, t in explicit for v in vs.split()]
    if fld is None:  # `(n := 2)`: placed at its binder as Lean's elaborator does (named_positional.py)
        from minilean.named_positional import to_positional

        args = to_positional(flat, args)
    exps: dict[str, int] = {}
    hole_exps: list[str] = []
    rest: list = []
    ty: str | None = ty_hint
    if ty_hint is not None and ty_hint not in schema.types:
        raise TacticFail(f"minilean: '{base}' is not available at type {ty_hint}")
    symbolic_exp = False
    numeral_default = False  # a numeral argument: ℕ unless another argument (or the goal) fixes α
    coe_ty: str | None = None  # the type of the first bare `↑x` argument, if it alone is left to fix α
    sorts = el._sorts()  # type: ignore[attr-defined]
    projected = fld is None and expected is None and "_expected" in el.__dict__
    if projected:  # `(foo a).mpr` (terms._applied_iff): the expected type is one side of the `↔`
        expected = el.__dict__.pop("_expected")
    for i, arg in enumerate(args):
        kind = flat[i][1] if i < len(flat) and fld is None else None
        if kind == "exp":
            if isinstance(arg, tuple) and arg[0] in ("hole", "wild"):
                if base in SYMBOLIC_PROOFS:  # `Nat.one_le_pow _ _ h`: the row holds for every exponent
                    symbolic_exp = True
                    continue
                hole_exps.append(flat[i][0])  # `Nat.pow_mod _ _ _`: unification fixes it (below)
                continue
            if not (isinstance(arg, tuple) and arg[0] == "num"):
                if base not in SYMBOLIC_PROOFS:
                    raise TacticFail(f"minilean: the exponent argument of '{base}' must be a numeral")
                symbolic_exp = True  # `pow_pos h n`: the row proved for every exponent (pow_laws.py)
                continue
            exps[flat[i][0]] = arg[1]
            continue
        rest.append(arg)
        if ty is None and not isinstance(arg, tuple) and hasattr(arg, "ty"):
            ty = _first_type(arg.ty)  # the receiver of field notation (`hp.two_le`, `h.mul_left b`)
            if ty not in schema.types:
                ty = None
            continue
        if ty is not None or not isinstance(arg, tuple) or arg[0] in ("hole", "wild", "sorry"):
            continue
        if kind is not None and _about_exponents_only(schema, kind):
            continue  # `(hn : n ≠ 0)` is a ℕ fact whatever α is: it cannot fix α
        if kind == "α":
            if len(schema.types) == 1:  # a lemma about one type (`Real.sqrt_nonneg 22`): numerals take it
                ty = schema.types[0]
                continue
            if _numeral(arg):  # Lean postpones `OfNat α 1`: a later argument (`sub_sq 1 x`) fixes α
                numeral_default = True
                continue
            if bare_coe(arg):  # `↑m` waits for α (coe_postpone.py); its own type is the last resort
                if coe_ty is None:
                    try:
                        coe_ty = _Typer(sorts).tree(arg, None)[1]
                    except SyntaxErr:
                        pass
                continue
            try:
                ty = _Typer(sorts).tree(arg, None)[1]
            except SyntaxErr:
                continue
        elif arg[0] == "ascr" and has_open_numerals(arg[2]):
            # `show 0 < 2 by tac`: its numerals wait for α like a numeral argument (open_numerals.py)
            numeral_default = True
        elif arg[0] in ("id", "app", "proj", "ascr"):
            try:
                ty = _first_type(el.synth(arg))  # type: ignore[attr-defined]
            except TacticFail:
                continue
    if fld is None and base in SYMBOLIC_PROOFS and any(k == "exp" for _, k in flat[len(args) :]):
        # `apply Nat.one_le_pow` / `apply pow_pos`: an explicit exponent the use does not give is left to
        # unification (Lean makes it a metavariable), which the row proved for every exponent allows
        symbolic_exp = True
    if ty is None and coe_ty is not None:
        # no other argument fixed α: the bare `↑x` takes `x`'s own type, as before round 18 (Lean would keep
        # it postponed, as an opaque metavariable, into `rw`'s matching: not modelled, see coe_postpone.py)
        ty = coe_ty
    if "Prop" in schema.binders or len(schema.types) == 1:
        # a lemma about propositions (the numbers inside them do not matter), or stated at one type only
        # (`Int.ofNat_sub h` with `h` about ℕ is still the ℤ lemma): no choice to make
        ty = schema.types[0]
    if fld is not None and ty is not None and ty not in schema.types:
        ty = None  # `Nat.cast_le.mpr h`: `h` is about ℕ, the lemma's type is the other side's
    if ty is None and numeral_default and not projected and (fld is not None or expected is None):
        # only numerals: Lean's default instance makes them ℕ before the `↔` is taken apart. With an
        # expected type and no projection, `OfNat ?α 11` stays postponed until the result type is
        # unified with it (default instances come last), so the expected type fixes α (below)
        ty = NAT
    if ty is None and expected is not None:
        ty = _first_type(expected)
        if (fld is not None or projected) and ty is not None and ty not in schema.types:
            ty = None
    if ty is None and numeral_default:
        ty = NAT
    if ty is None and len(schema.types) == 1:
        ty = schema.types[0]
    if ty is None:
        raise TacticFail(f"don't know how to synthesize implicit argument 'α' in '{base}'")
    if symbolic_exp:
        whole = symbolic(base, ty)
        if whole is None:
            raise TacticFail(f"minilean: the exponent argument of '{base}' must be a numeral")
        return whole, list(args)  # its exponents are ℕ binders now: every argument is applied
    if hole_exps:  # an exponent given as `_`: read off the expected type by the trial, as an implicit one
        exps.update(_infer_exponents(el, base, ty, list(args), expected, hole_exps))
    implicit_exps = [v for v in re.findall(r"\{(\w+) : exp\}", schema.binders) if v not in exps]
    if implicit_exps and fld is None:
        exps.update(_infer_exponents(el, base, ty, rest, expected, implicit_exps))
    elif implicit_exps and fld in _IFF_FIELDS and rest and not symbolic_exp:
        # `pow_eq_pow_iff_cases.mp h` (round 19c): Lean elaborates `Iff.mp (lemma) h` with the exponent a
        # metavariable that `h`'s type assigns; the trial unifies the arguments with the projected side
        exps.update(_infer_exponents(el, base, ty, rest, None, implicit_exps, fld=fld))
    # implicit variables z3 checks only as numerals (`Nat.dvd_gcd`'s `m n`): read off the arguments
    read_off = [v for v in NUMERAL_ARGS.get(base, ()) if v not in exps]
    # the trial states the row with its exponents as ℕ binders, so it takes the exponent arguments too
    # (`Int.ModEq.pow 2 h`: `2` is `m`, `h` fixes the modulus)
    trial_args = list(args) if fld is None and any(k == "exp" for _, k in flat[: len(args)]) else rest
    if read_off and fld is None:
        exps.update(_read_off(el, base, ty, trial_args, expected, read_off, exps, None))
    elif read_off and fld in _IFF_FIELDS:
        # `Int.modEq_iff_dvd.mpr h` / `apply Int.modEq_iff_dvd.mpr`: Lean elaborates the projection with the
        # modulus a metavariable that `h` (or the goal) assigns; the trial reads it off the same way
        exps.update(_read_off(el, base, ty, rest, expected, read_off, exps, fld))
    try:
        decl = admitted(base, ty, tuple(sorted(exps.items())))
    except NotAdmitted:
        narrow = _narrower(el, base, ty, trial_args, expected, exps, fld) if base in NUMERAL_ARGS else None
        if narrow is not None:  # `Int.ModEq.pow 13 h` with `h : 29 ≡ 1 [ZMOD 7]` (round 24)
            exps.update(narrow)
            return _finish(base, fld, admitted(base, ty, tuple(sorted(exps.items()))), rest)
        # z3 cannot decide some schemas in general (`Nat.mul_mod`: nonlinear ℕ), but decides the
        # instance with the numerals the proof gives: admit exactly that instance
        lits = {v: a[1] for (v, k), a in zip(flat, args, strict=False) if k == "α" and a[0] == "num"}
        # `Nat.pow_mod _ _ _` is `Nat.pow_mod` with every argument left to unification, as with none
        holes = all(isinstance(a, tuple) and a and a[0] in ("hole", "wild") for a in args)
        if not lits and fld is None and holes and expected is not None and not projected:
            inst = _goal_instance(el, base, ty, expected)
            if inst is not None:
                return inst, list(args)
        if not lits and fld is None and args and not holes and not projected:
            # every explicit argument a term (round 24, lemma_instances.py): if z3 proves the whole schema
            from minilean.lemma_instances import args_instance

            if args_instance(base, ty, unchecked(base, ty), list(args), schema_valid):
                return unchecked(base, ty), list(args)
        if not lits or fld is not None:
            raise
        decl = admitted(base, ty, tuple(sorted({**exps, **lits}.items())))
        rest = [a for (v, k), a in zip(flat, args, strict=False) if k != "exp" and v not in lits]
        rest += args[len(flat) :]
    return _finish(base, fld, decl, rest)


def _finish(base: str, fld: str | None, decl: Decl, rest: list) -> tuple[Decl, list]:
    """The admitted row, or its projection `.mp` / `.mpr` / `.symm`, with the arguments left to apply."""
    if fld is None:
        return decl, rest
    concl = decl.concl
    if not (isinstance(concl, PBin) and concl.op == "↔"):
        raise TacticFail(f"invalid field '{fld}': '{base}' is not an ↔")
    if any(not b.implicit and isinstance(b.ty, str) for b in decl.binders):
        raise TacticFail(f"minilean: '{base}.{fld}' needs its explicit arguments first")
    if fld == "symm":
        return Decl(f"{base}.symm", decl.binders, PBin("↔", concl.rhs, concl.lhs)), rest
    lhs, rhs = (concl.rhs, concl.lhs) if _IFF_FIELDS[fld] else (concl.lhs, concl.rhs)
    return Decl(f"{base}.{fld}", decl.binders, PBin("→", lhs, rhs)), rest


def _infer_exponents(
    el: object,
    name: str,
    ty: str,
    args: list,
    expected: Prop | None,
    names: list[str],
    fld: str | None = None,
    partial: bool = False,
) -> dict[str, int]:
    """Implicit exponents (`pow_eq_zero {n : ℕ} (H : x ^ n = 0)`): Lean's unifier reads them off the
    arguments (or the expected type). A trial elaboration of the statement with the exponent as a ℕ
    variable finds them; each must come out a numeral, which is then substituted and the instance checked
    by z3 as any other (a symbolic exponent is refused: z3 cannot check the schema)."""
    from minilean.goals import match

    decl = unchecked(name, ty)
    if fld is not None:  # the trial applies the arguments to the projection `lhs → rhs` (`rhs → lhs`)
        concl = decl.concl
        if not (isinstance(concl, PBin) and concl.op == "↔"):
            raise TacticFail(f"invalid field '{fld}': '{name}' is not an ↔")
        lhs, rhs = (concl.rhs, concl.lhs) if _IFF_FIELDS[fld] else (concl.lhs, concl.rhs)
        decl = Decl(decl.name, decl.binders, PBin("→", lhs, rhs))
    holes, sorries = list(el.holes), list(el.sorries)  # type: ignore[attr-defined]
    found: dict[str, int] = {}
    # Lean postpones `by` blocks until the other arguments are elaborated, so a `(by simp)` argument
    # never fixes an implicit variable: in the trial it stands in as a `sorry` of its binder's type
    trial = [("sorry",) if isinstance(a, tuple) and a and a[0] == "by" else a for a in args]
    try:
        st = el.start_app(decl, trial, for_apply=True)  # type: ignore[attr-defined]
        if expected is not None:
            s = match(st.pattern_result, expected, st.subst)
            pat = st.pattern_result
            if s is None and isinstance(pat, PBin) and pat.op == "↔":
                # `(foo ha hb hn).mp h` (terms._applied_iff): the expected type is the side the projection
                # concludes, so match it against either side (the side that does not fit gives nothing)
                s = match(pat.lhs, expected, st.subst) or match(pat.rhs, expected, st.subst)
            if s is None and fld is not None and not args and isinstance(pat, PBin) and pat.op == "→":
                # `apply foo.mpr` with no argument: the goal is the projection's conclusion
                s = match(pat.rhs, expected, st.subst)
            if s is not None:
                st.subst = s
        el.finish_app(st)  # type: ignore[attr-defined]
        variables = [b.name for b in decl.binders if isinstance(b.ty, str)]
        for v in names:
            got = st.subst.get(st.metas[variables.index(v)])
            if isinstance(got, ENum):
                found[v] = got.n
    except TacticFail:
        pass
    finally:  # the trial's goals and sorries are not the use's
        el.holes[:] = holes  # type: ignore[attr-defined]
        el.sorries[:] = sorries  # type: ignore[attr-defined]
    missing = [v for v in names if v not in found]
    if missing and fld is not None and expected is not None and args:
        # `apply Int.modEq_iff_dvd.mpr h`: Lean elaborates `h` before it unifies the conclusion with the goal
        # (up to defeq, which the trial's syntactic match is not), so the arguments alone may fix them
        return _infer_exponents(el, name, ty, args, None, names, fld=fld, partial=partial)
    if missing and partial:
        return found  # `_read_off`: the caller checks the instance with the others left symbolic
    if missing:
        what = "exponent" if missing[0] in BY_NAME[name].exponents() else "argument"
        msg = f"minilean: the {what} '{missing[0]}' of '{name}' must be a numeral its arguments fix"
        raise OpenArguments(msg, (name, ty, list(args)))
    return found


def _read_off(
    el: object,
    name: str,
    ty: str,
    args: list,
    expected: Prop | None,
    names: list[str],
    exps: dict[str, int],
    fld: str | None,
) -> dict[str, int]:
    """The numerals of a `NUMERAL_ARGS` row's variables `names` that the use fixes (`_infer_exponents`).
    Round 24: when the use leaves some of them open (`Nat.Coprime.dvd_mul_left h` with `h : Coprime a 3`
    fixes `m := 3` but `k := a` is a variable), the narrower instance (`_narrower`) is admitted if z3 proves
    it. Otherwise the use is refused as before (OpenArguments, which `rw` takes up)."""
    try:
        return _infer_exponents(el, name, ty, args, expected, names, fld=fld)
    except OpenArguments:
        got = _narrower(el, name, ty, args, expected, exps, fld, names)
        if got is None or not any(v in got for v in names):
            raise
        return got


def _narrower(
    el: object,
    name: str,
    ty: str,
    args: list,
    expected: Prop | None,
    exps: dict[str, int],
    fld: str | None,
    first: list[str] = [],  # noqa: B006 (read only)
) -> dict[str, int] | None:
    """Round 24: the instance of row `name` with every implicit variable of type α that the use fixes to a
    numeral substituted (`n := 7` from the expected type `a ∣ 3 * 7 ↔ a ∣ 7`; `a := 29`, `b := 1` from
    `h : 29 ≡ 1 [ZMOD 7]`), the others left as variables: its numerals when z3 proves that instance valid,
    else None. Lean takes every value of an implicit, so admitting a checked instance assumes nothing."""
    implicit = [v for vs in re.findall(r"\{([^{}:]+) : α\}", BY_NAME[name].binders) for v in vs.split()]
    wanted = first + [v for v in implicit if v not in first and v not in exps]
    if not wanted:
        return None
    got = _infer_exponents(el, name, ty, args, expected, wanted, fld=fld, partial=True)
    if not got or isinstance(_checked(name, ty, tuple(sorted({**exps, **got}.items()))), NotAdmitted):
        return None
    return got


def open_pattern(el: object, name: str, ty: str, args: list) -> Prop:
    """The statement of `name` at `ty` applied to `args` with its unfixed implicit variables left as
    metavariables (the term Lean's `rw` elaborates before `kabstract` assigns them). The trial's goals and
    sorries are dropped; `by` arguments stand in as `sorry`, as in _infer_exponents."""
    from minilean.goals import instantiate

    decl = unchecked(name, ty)
    holes, sorries = list(el.holes), list(el.sorries)  # type: ignore[attr-defined]
    trial = [("sorry",) if isinstance(a, tuple) and a and a[0] == "by" else a for a in args]
    try:
        st = el.start_app(decl, trial, for_apply=True)  # type: ignore[attr-defined]
        el.finish_app(st)  # type: ignore[attr-defined]
        return instantiate(st.pattern_result, st.subst)
    finally:
        el.holes[:] = holes  # type: ignore[attr-defined]
        el.sorries[:] = sorries  # type: ignore[attr-defined]


def _goal_instance(el: object, name: str, ty: str, expected: Prop) -> Decl | None:
    """`apply Nat.mul_mod` / `exact Nat.add_mod` with no arguments on a goal: the schema z3 cannot prove
    (nonlinear ℕ `%`) is admitted for the one instance that unifies with the goal, once z3 has checked that
    ground instance. Only for lemmas without hypotheses, so that the instance is all the use asserts; the
    later unification of `apply`/`exact` finds the same instance (first-order matching is deterministic)."""
    from minilean.goals import instantiate, is_ground, match

    decl = unchecked(name, ty)
    if any(not isinstance(b.ty, str) for b in decl.binders):
        return None
    st = el.start_app(decl, [], for_apply=True)  # type: ignore[attr-defined]
    s = match(st.pattern_result, expected, st.subst)
    if s is None:
        return None
    inst = instantiate(st.pattern_result, s)
    if not is_ground(inst):
        return None
    try:
        ok = smt.valid([], inst, el._sorts(), 4000)  # type: ignore[attr-defined]
    except smt.Untranslatable:
        return None
    return decl if ok is True else None


def candidate_types(name: str) -> tuple[str, ...]:
    parts = split_name(name)
    return BY_NAME[parts[0]].types if parts else ()



@lru_cache(maxsize=256)
def schema_valid(name: str, ty: str) -> bool:
    """Does z3 prove the whole schema of the table row `name` at `ty` (no exponent binders)?"""
    schema = BY_NAME[name]
    if schema.exponents():
        return False
    try:
        check_schema(schema, ty, {}, timeout_ms=2000)
    except NotAdmitted:
        return False
    return True


__all__ = [
    "BY_NAME",
    "SCHEMAS",
    "NotAdmitted",
    "OpenArguments",
    "Schema",
    "admitted",
    "check_schema",
    "open_pattern",
    "resolve",
    "unchecked",
]


_SYMBOLIC_IN_PROGRESS: set[tuple[str, str]] = set()
_SYMBOLIC_DONE: dict[tuple[str, str], Decl | None] = {}


def symbolic(name: str, ty: str) -> Decl | None:
    """The row `name` at `ty` with its exponents as ℕ variables, once its proof in `pow_laws.PROOFS` goes
    through; None when it has no proof, the proof fails, or the proof is being checked (a use inside its
    own proof). Here, not in pow_laws, because it needs this module's table and checker."""
    name = table_key(name) or name
    key = (name, ty)
    if key in _SYMBOLIC_DONE:
        return _SYMBOLIC_DONE[key]
    if name not in SYMBOLIC_PROOFS or name not in BY_NAME or key in _SYMBOLIC_IN_PROGRESS:
        return None
    schema = BY_NAME[name]
    if ty not in schema.types or not schema.exponents() or _CHECK_PROOF is None:
        return None
    whole = replace(schema, binders=re.sub(r": exp([)}])", r": ℕ\1", schema.binders))
    _SYMBOLIC_IN_PROGRESS.add(key)
    try:
        text = f"{_statement_text(whole, ty, {})} := by\n  {SYMBOLIC_PROOFS[name].replace('α', ty)}"
        ok = _CHECK_PROOF(text)
    finally:
        _SYMBOLIC_IN_PROGRESS.discard(key)
    decl = check_schema(whole, ty, {}, check=False) if ok else None
    _SYMBOLIC_DONE[key] = decl
    return decl
