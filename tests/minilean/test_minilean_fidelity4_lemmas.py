# ruff: noqa: E501
"""Lemma table batch 3 (`lemma_table3.py`): Mathlib's statements, admitted once z3 (with the facts
`lib_facts.py` gives log / rpow / cos / gcd / lcm) or a proof in minilean checks them; the type of a lemma
comes from a later argument when the first is a bare numeral, and `(foo a).mpr` / `(foo).mp` take it from
the expected type. Each accepting case has a refusal next to it: a false variant, or a premise dropped."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.lemmas import NotAdmitted, _s, check_schema


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        # gcd · lcm (Lean core), checked against gcd ∣ m, gcd ∣ n, gcd = 0 ↔ m = n = 0, lcm's definition
        "(u v : ℕ) : Nat.gcd u v * Nat.lcm u v = u * v := Nat.gcd_mul_lcm u v",
        "(w : ℕ) (h₀ : Nat.gcd w 12 = 4) (h₁ : Nat.lcm w 12 = 36) : w = 12 := by\n  have h := Nat.gcd_mul_lcm w 12\n  rw [h₀, h₁] at h\n  omega",
        # logarithms
        "(y : ℝ) (hy : 1 < y) : 0 < Real.log y := Real.log_pos hy",
        "(y : ℝ) (hy : 3 < y) : Real.log y > 0 := log_pos (by linarith)",
        "(y : ℝ) (h0 : 0 < y) (h1 : y ≠ 1) : Real.log y ≠ 0 := Real.log_ne_zero_of_pos_of_ne_one h0 h1",
        "(y : ℝ) : Real.log (y ^ 5) = 5 * Real.log y := Real.log_pow y 5",
        "(u v : ℝ) : Real.log v / Real.log u = Real.logb u v := Real.log_div_log",
        # real powers
        "(t : ℝ) : (1 : ℝ) ^ t = 1 := by\n  apply Real.one_rpow",
        "(t : ℝ) (ht : t ≠ 0) : (0 : ℝ) ^ t = 0 := Real.zero_rpow ht",
        "(t : ℝ) : (0 : ℝ) ≤ (7 : ℝ) ^ t := by\n  apply Real.rpow_nonneg\n  norm_num",
        "(t : ℝ) : (0 : ℝ) < (3 : ℝ) ^ t := Real.rpow_pos_of_pos (by norm_num) t",
        "(u v w : ℝ) (hu : 0 ≤ u) : u ^ (v * w) = (u ^ v) ^ w := Real.rpow_mul hu v w",
        "(u : ℝ) : u ^ (4 : ℝ) = u ^ 4 := Real.rpow_natCast u 4",
        # trigonometry
        "(u v : ℝ) : Real.cos (u + v) = Real.cos u * Real.cos v - Real.sin u * Real.sin v := by\n  rw [Real.cos_add]",
        # powers, order, divisibility
        "(u : ℤ) (k : ℕ) : u ^ (k + 1) = u ^ k * u := pow_succ u k",
        "(u : ℚ) (h : u ^ (2 * 3) = 1) : (u ^ 2) ^ 3 = 1 := by\n  rw [← pow_mul u 2 3]\n  exact h",
        "(u w : ℕ) (h : u < w) : w ≠ 0 := ne_zero_of_lt h",
        "(u w : ℝ) (h : 0 < u * w) (hu : 0 ≤ u) : 0 < w := pos_of_mul_pos_right h hu",
        "(u w : ℕ) (hu : 1 ≤ u) (hw : 1 ≤ w) : 1 ≤ u * w := Left.one_le_mul hu hw",
        "(u : ℕ) (h₁ : 6 ∣ 12) (h₂ : 12 ∣ u) : 6 ∣ u := dvd_trans h₁ h₂",
        "(u : ℤ) : Even (u * (u + 1)) := Int.even_mul_succ_self u",
        "(m k : ℕ) (h : k ≤ m) : ((m - k : ℕ) : ℤ) = (m : ℤ) - (k : ℤ) := Int.ofNat_sub h",
        "(u : ℕ) (h : 7 * u = 91) : u = 91 / 7 := Nat.eq_div_of_mul_eq_right (by norm_num) h",
        "(u w : ℝ) : u⁻¹ / w⁻¹ = w / u := inv_div_inv u w",
        "(u w : ℤ) (h : u ≤ w) : u = w ∨ u < w := le_iff_eq_or_lt.mp h",
        "(u w : ℝ) (hu : 0 ≤ u) (hw : 0 ≤ w) (h : w ^ 2 = u) : Real.sqrt u = w := (Real.sqrt_eq_iff_sq_eq hu hw).mpr h",
    ],
)
def test_batch3_lemmas(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(u v : ℕ) : Nat.gcd u v * Nat.lcm u v = u * v + 1 := Nat.gcd_mul_lcm u v",
        "(y : ℝ) (hy : 0 < y) : 0 < Real.log y := Real.log_pos hy",  # log 1 = 0
        "(y : ℝ) (h1 : y ≠ 1) : Real.log y ≠ 0 := Real.log_ne_zero_of_pos_of_ne_one (by norm_num) h1",
        "(y : ℝ) : Real.log (y ^ 5) = 4 * Real.log y := Real.log_pow y 5",
        "(t : ℝ) : (0 : ℝ) ^ t = 0 := Real.zero_rpow (by norm_num)",  # 0 ^ 0 = 1
        "(u v w : ℝ) : u ^ (v * w) = (u ^ v) ^ w := Real.rpow_mul (by norm_num) v w",
        "(u : ℝ) : u ^ (4 : ℝ) = u ^ 3 := Real.rpow_natCast u 4",
        "(u : ℤ) (k : ℕ) : u ^ (k + 1) = u * u ^ k + 1 := pow_succ u k",
        "(u w : ℤ) (h : u < w) : w ≠ 0 := ne_zero_of_lt h",  # ℕ only (false at -1 < 0)
        "(u w : ℤ) (hu : 1 ≤ u) (hw : 1 ≤ w) : 1 ≤ u * w := Left.one_le_mul hu hw",  # ℕ only in Mathlib
        "(u : ℕ) (h₁ : 6 ∣ 12) (h₂ : u ∣ 12) : 6 ∣ u := dvd_trans h₁ h₂",
        "(u : ℕ) (h : 7 * u = 91) : u = 91 / 13 := Nat.eq_div_of_mul_eq_right (by norm_num) h",
        "(u w : ℝ) (h : 0 < u * w) : 0 < w := pos_of_mul_pos_right h (by norm_num)",
        "(u w : ℝ) (h : w ^ 2 = u) : Real.sqrt u = w := (Real.sqrt_eq_iff_sq_eq (by norm_num) (by norm_num)).mpr h",
        # `cos_add` unqualified is ambiguous under the MiniF2F header (`Complex.cos_add` is opened too)
        "(u v : ℝ) : Real.cos (u + v) = Real.cos u * Real.cos v - Real.sin u * Real.sin v := by\n  rw [cos_add]",
    ],
)
def test_batch3_refusals(src: str) -> None:
    assert not _accepts(src)


@pytest.mark.parametrize(
    ("binders", "concl", "types"),
    [
        ("(m n : α)", "Nat.lcm m n = m * n", "N"),  # lcm 2 2 = 2
        ("(m n : α)", "Nat.gcd m n = 1", "N"),
        ("{x y : α}", "Real.log (x * y) = Real.log x + Real.log y", "R"),  # log (0 * y) = 0
        ("{x : α} (h : 0 < x)", "Real.log x ≠ 0", "R"),
        ("(x y : α)", "(0 : ℝ) ^ x = 0", "R"),
        ("{x : α} (y z : α)", "x ^ (y * z) = (x ^ y) ^ z", "R"),  # needs 0 ≤ x
        ("(x y : α)", "Real.cos (x + y) = Real.cos x * Real.cos y + Real.sin x * Real.sin y", "R"),
        ("{a b : α} (h : a < b)", "b ≠ 0", "Z"),
        ("{a b c : α} (h₁ : a ∣ b) (h₂ : c ∣ b)", "a ∣ c", "N"),  # not admitted by z3 nor a proof
    ],
)
def test_false_schemas_are_refused(binders: str, concl: str, types: str) -> None:
    bogus = _s("bogus", types, binders, concl)
    with pytest.raises(NotAdmitted):
        check_schema(bogus, bogus.types[0], {})


def test_dvd_trans_proof_does_not_admit_other_statements() -> None:
    """The minilean proof attached to `dvd_trans` is tried on the row's own statement only."""
    bogus = _s("dvd_trans", "N", "{a b c : α} (h₁ : a ∣ b) (h₂ : c ∣ b)", "a ∣ c")
    with pytest.raises(NotAdmitted):
        check_schema(bogus, "ℕ", {})


@pytest.mark.parametrize(
    ("src", "ok"),
    [
        # a numeral does not fix α when a later argument does (Lean postpones `OfNat α 1`)
        ("(u w : ℝ) : (1 - u * w) ^ 2 = 1 ^ 2 - 2 * 1 * (u * w) + (u * w) ^ 2 := by\n  rw [sub_sq 1 (u * w)]", True),
        ("(u w : ℝ) : (1 - u * w) ^ 2 = 1 ^ 2 - 2 * 1 * (u * w) + (u * w) ^ 3 := by\n  rw [sub_sq 1 (u * w)]", False),
        # `(foo h).mpr` under `apply`: α from the goal
        ("(u w : ℝ) (hw : 0 < w) (h : u < 2 * w) : u / w < 2 := by\n  apply (div_lt_iff₀ (by positivity)).mpr\n  linarith", True),
        ("(u w : ℝ) (hw : 0 < w) (h : u < 3 * w) : u / w < 2 := by\n  apply (div_lt_iff₀ (by positivity)).mpr\n  linarith", False),
        # `(foo).mp h`: the parentheses change nothing
        ("(k : ℕ) (h : k ≤ 1) : k = 0 ∨ k = 1 := (Nat.le_one_iff_eq_zero_or_eq_one).mp h", True),
        ("(k : ℕ) (h : k ≤ 2) : k = 0 ∨ k = 1 := (Nat.le_one_iff_eq_zero_or_eq_one).mp h", False),
        ("(z : ℤ) (h : z + 18 = 0) : z = -18 := (eq_neg_iff_add_eq_zero).mpr h", True),
        ("(z : ℤ) (h : z + 18 = 0) : z = 18 := (eq_neg_iff_add_eq_zero).mpr h", False),
    ],
)
def test_type_from_context(src: str, ok: bool) -> None:
    assert _accepts(src) is ok
