# ruff: noqa: E501
"""The Mathlib lemma table: every entry is admitted only after z3 proves it, a false entry is refused, and
the lemmas work by name in the term positions competition proofs use (exact, have, rw, hints)."""

from __future__ import annotations

import pytest

from minilean import lemmas
from minilean.engine import elaborate, initial_env
from minilean.lemmas import SCHEMAS, NotAdmitted, Schema, check_schema

# z3 cannot prove these schemas for a variable modulus (nonlinear ℕ arithmetic); they are admitted per
# instance, with the numerals a proof gives (checked below at a literal modulus)
_PER_INSTANCE = lemmas.PER_INSTANCE


def _instances() -> list[tuple[Schema, str]]:
    return [(s, ty) for s in SCHEMAS for ty in s.types]


@pytest.mark.parametrize(("schema", "ty"), _instances(), ids=[f"{s.name}@{t}" for s, t in _instances()])
def test_every_entry_is_checked_valid(schema: Schema, ty: str) -> None:
    exps = {v: 3 for v in schema.exponents()}
    if schema.name in _PER_INSTANCE:
        # the instance at modulus 7 (the exponent too, where there is one)
        exps = {**exps, "n": 7} if schema.name != "Int.emod_emod_of_dvd" else {"m": 3, "k": 6}
        if schema.name == "Nat.pow_mod":
            exps = {"b": 3, "n": 7}
        if schema.name == "Nat.mod_mul_mod":  # Mathlib names its modulus `c`
            exps = {"c": 7}
        if schema.name == "Nat.add_mul_mod_self_right":  # Lean core names its divisor `z`
            exps = {"z": 7}
    # rows admitted only with some implicit variables numerals (`Nat.dvd_gcd`'s `m n`): one instance
    exps.update({v: n for v, n in zip(lemmas.NUMERAL_ARGS.get(schema.name, ()), (12, 18), strict=False)})
    decl = check_schema(schema, ty, exps)
    assert decl.name == schema.name


def test_per_instance_lemmas_need_their_numerals() -> None:
    with pytest.raises(NotAdmitted, match="per instance"):
        lemmas.admitted("Nat.mul_mod", lemmas.NAT)
    assert lemmas.admitted("Nat.mul_mod", lemmas.NAT, (("n", 7),)).name == "Nat.mul_mod"


def test_a_false_entry_is_refused() -> None:
    wrong = Schema("bogus_sq_pos", (lemmas.REAL,), "(a : α)", "0 < a ^ 2")  # false at a = 0
    with pytest.raises(NotAdmitted, match="not admitted"):
        check_schema(wrong, lemmas.REAL, {})
    wrong_binders = Schema("bogus_mul_pos", (lemmas.INT,), "{a b : α} (ha : 0 < a)", "0 < a * b")
    with pytest.raises(NotAdmitted):
        check_schema(wrong_binders, lemmas.INT, {})


def test_statements_mirror_mathlib_binders() -> None:
    mul_pos = lemmas.admitted("mul_pos", lemmas.REAL)
    kinds = [(b.name, b.implicit, isinstance(b.ty, str)) for b in mul_pos.binders]
    assert kinds == [("a", True, True), ("b", True, True), ("ha", False, False), ("hb", False, False)]
    sq = lemmas.admitted("sq_nonneg", lemmas.NAT)
    assert [(b.name, b.implicit) for b in sq.binders] == [("a", False)]


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


USES = [
    ("(a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a * b := by exact mul_pos ha hb", True),
    ("(a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a * b := mul_pos ha hb", True),
    ("(a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a + b := mul_pos ha hb", False),
    ("(a b : ℝ) (ha : 0 < a) (hb : b < 0) : 0 < a * b := mul_pos ha hb", False),
    ("(x : ℝ) : 0 ≤ (x - 1) ^ 2 := sq_nonneg (x - 1)", True),
    ("(x : ℝ) : 0 < (x - 1) ^ 2 := sq_nonneg (x - 1)", False),
    ("(x y : ℝ) (h : y ≤ x) : 0 ≤ x - y := sub_nonneg.mpr h", True),
    ("(x y : ℝ) (h : x ≤ y) : 0 ≤ x - y := sub_nonneg.mpr h", False),
    ("(x : ℝ) (hx : x < 0) : |x| = -x := abs_of_neg hx", True),
    ("(x : ℝ) (hx : x < 0) : |x| = x := abs_of_neg hx", False),
    ("(n : ℕ) : |(n : ℤ)| ≥ 0 := abs_nonneg (n : ℤ)", True),
    ("(a : ℝ) (h : 0 < a) : 0 < a ^ 3 + a := by\n  have h3 := pow_pos h 3\n  linarith", True),
    ("(a : ℝ) (h : 0 < a) : 0 < a ^ 3 := pow_pos h 2", False),
    ("(a b : ℕ) : a * b % 3 = a % 3 * (b % 3) % 3 := Nat.mul_mod a b 3", True),
    ("(a b : ℕ) : a * b % 3 = a % 3 * (b % 3) % 4 := Nat.mul_mod a b 3", False),
    ("(a b c : ℝ) : a * b * c = c * (a * b) := by rw [mul_comm]", True),
    ("(a b : ℝ) (hb : 0 < b) (h : a ≤ 3 * b) : a / b ≤ 3 := by\n  rw [div_le_iff hb]\n  exact h", True),
    ("(a b : ℝ) (h : a ≤ 3 * b) : a / b ≤ 3 := by\n  rw [div_le_iff h]\n  exact h", False),
    ("(n : ℕ) (h₀ : n % 5 = 3) : 2 * n % 5 = 1 := by rw [Nat.mul_mod, h₀]", True),
    ("(n : ℕ) (h₀ : n % 5 = 3) : 2 * n % 5 = 2 := by rw [Nat.mul_mod, h₀]", False),
    ("(a b : ℝ) : a * b = b * a := by simp [mul_comm]", True),
    ("(a b : ℝ) : a * b = b * b := by simp [mul_comm]", False),
    (
        "(a b c : ℝ) : a * b + b * c + c * a ≤ a ^ 2 + b ^ 2 + c ^ 2 := by\n  nlinarith [sq_nonneg (a - b), sq_nonneg (b - c), sq_nonneg (c - a)]",
        True,
    ),
    ("(a b : ℝ) : a * b ≤ a ^ 2 := by nlinarith [sq_nonneg (a - b), sq_nonneg a]", False),
    ("(x : ℝ) (h : 0 ≤ x) : x ≤ |x| + 1 := by linarith [le_abs_self x]", True),
    ("(x : ℕ) : 0 ≤ |x| := abs_nonneg x", False),  # no |·| on ℕ
]


@pytest.mark.parametrize(("src", "ok"), USES, ids=[f"use{i}" for i in range(len(USES))])
def test_lemmas_by_name(src: str, ok: bool) -> None:
    assert _accepts(src) == ok
