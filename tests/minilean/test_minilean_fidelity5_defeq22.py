"""Round 22d: how terms are checked against expected types. ℕ's `<` as `+ 1 ≤` when a lemma argument is
unified with its binder (nat_lt_unfold.match_nat_lt), numeral-only `show`/ascription types typed by the
expected type (open_numerals.py), ℕ → ℤ casts under `rfl` and `apply`'s conclusion up to the term check's
defeq, `rw`'s closing `rfl` on powers a core lemma introduced (core_pow.py), `Or.intro_left/right`.
Each accepted example sits next to near variants Lean refuses and false statements."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts

from minilean.engine import elaborate, initial_env

ACCEPT = [
    # 1. `2 ≤ d` unifies with `?a < ?b` (ℕ): Nat.lt unfolds to `Nat.le (?a + 1) ?b`, `?a + 1 =?= 2` gives 1
    "(d e : ℕ) (h : 2 ≤ d) (h2 : d ≤ e) : 1 < e := lt_of_lt_of_le h h2",
    "(d e : ℕ) (h : 2 ≤ d) (h2 : d < e) : 1 < e := by\n  have h3 := Nat.lt_trans h h2\n  exact h3",
    "(d e : ℕ) (h : d ≥ 3) (h2 : d ≤ e) : 2 < e := by\n  exact lt_of_lt_of_le h h2",
    # ... and the converse: `1 < d` against `2 ≤ ?b` (`1 + 1 =?= 2`)
    "(d e : ℕ) (h : 1 < d) (h2 : d ≤ e) : 2 ≤ e := le_trans h h2",
    # 2. numerals of a `show`/ascription type take the binder's type once the lemma's α is fixed
    "(x : ℝ) (h : 0 < x) : 0 < 2 * x := mul_pos (show 0 < 2 by norm_num) h",
    "(x : ℝ) (h : 0 < x) : 0 < x * 3 := by\n  exact mul_pos h (show 0 < 3 by norm_num)",
    "(x : ℝ) (h : 0 < x) : 0 < 2 * x := by\n  have h2 := mul_pos (show 0 < 2 by norm_num) h\n  exact h2",
    "(x : ℝ) (h : 0 < x) : 0 < 2 * x := mul_pos (by norm_num : 0 < 2) h",
    "(x : ℝ) (h : 0 < x) : (0 : ℝ) < 2 ∧ 0 < x := ⟨show 0 < 2 by norm_num, h⟩",
    # 3. `((a + 1 : ℕ) : ℤ)` is `↑a + 1` by Int.add's definition, in either order; `apply` unifies the
    # conclusion its arguments fixed with the goal at default transparency (ModEq unfolds, literals evaluate)
    "(a : ℕ) : ((a : ℤ) + 1) = ((a + 1 : ℕ) : ℤ) := rfl",
    "(a : ℕ) : ((a + 1 : ℕ) : ℤ) = (a : ℤ) + 1 := by rfl",
    "(a b : ℕ) : ((a : ℤ) * b) = ((a * b : ℕ) : ℤ) := by rfl",
    "(h : (7 : ℤ) ∣ 29 - 1) : (29 : ℤ) ≡ 1 [ZMOD 7] := by\n  apply Int.modEq_iff_dvd.mpr h",
    # ... and with a numeral exponent (`Nat.cast_pow k 2 : ↑(k ^ 2) = ↑k ^ 2` proves the swapped equation)
    "(k : ℕ) : (k : ℤ) ^ 2 = ((k ^ 2 : ℕ) : ℤ) := Nat.cast_pow k 2",
    "(k : ℕ) : ((k ^ 3 : ℕ) : ℤ) = (k : ℤ) ^ 3 := by rfl",
    # 4. `Nat.pow_mod` is a core lemma: the `^` it introduces is core `Nat.pow`, which rw's rfl evaluates
    ": 2 ^ 2010 % 2 = 0 := by\n  rw [Nat.pow_mod]",
    ": 10 ^ 5 % 3 = 1 := by\n  rw [Nat.pow_mod]",
    "(m : ℕ) (h : m % 3 = 2) : m ^ 4 % 3 = 1 := by\n  rw [Nat.pow_mod, h]",  # later rules of the call
    "(a : ℕ) (h : a = 8) : a = 2 ^ 3 := by\n  rw [h]; norm_num",
    # 5. Or.intro_left (b : Prop) (h : a) : a ∨ b, Or.intro_right (a : Prop) (h : b) : a ∨ b
    "(x : ℕ) (h : x = 1) : x = 1 ∨ x = 2 := Or.intro_left _ h",
    "(x : ℕ) (h : x = 1) : x = 1 ∨ x = 2 := Or.intro_left (x = 2) h",
    "(x : ℕ) (h : x = 2) : x = 1 ∨ x = 2 := by\n  exact Or.intro_right (x = 1) h",
]

REFUSE = [
    # 1. false conclusions; ℝ's `<` is not `+ 1 ≤`
    "(d e : ℕ) (h : 2 ≤ d) (h2 : d ≤ e) : 2 < e := lt_of_lt_of_le h h2",
    "(d e : ℕ) (h : 0 ≤ d) (h2 : d ≤ e) : 0 < e := lt_of_lt_of_le h h2",
    "(d e : ℕ) (h : 1 < d) (h2 : d ≤ e) : 3 ≤ e := le_trans h h2",
    "(x y : ℝ) (h : 2 ≤ x) (h2 : x ≤ y) : 1 < y := lt_of_lt_of_le h h2",
    # 2. without an expected type the numerals default to ℕ (Lean: `h2 : (0 : ℕ) < 2`); wrong numerals
    "(x : ℝ) (h : 0 < x) : 0 < 2 * x := by\n  have h2 := show 0 < 2 by norm_num\n  exact mul_pos h2 h",
    "(x : ℝ) (h : 0 < x) : 0 < 3 * x := mul_pos (show 0 < 2 by norm_num) h",
    "(x : ℝ) (h : 0 < x) : 0 < 0 * x := mul_pos (show 0 < 0 by norm_num) h",
    # 3. false cast equations; casts into ℝ are not definitional; `exact` fixes the conclusion from the goal
    # first (`7 ∣ 1 - 29` is then expected of `h`)
    "(a : ℕ) : ((a : ℤ) + 2) = ((a + 1 : ℕ) : ℤ) := by rfl",
    "(a b : ℕ) : ((a - b : ℕ) : ℤ) = (a : ℤ) - b := by rfl",
    "(a : ℕ) : ((a : ℝ) + 1) = ((a + 1 : ℕ) : ℝ) := by rfl",
    "(k : ℕ) : (k : ℤ) ^ 2 = ((k ^ 3 : ℕ) : ℤ) := by rfl",
    "(k : ℕ) : (k : ℝ) ^ 2 = ((k ^ 2 : ℕ) : ℝ) := by rfl",
    "(k n : ℕ) : (k : ℤ) ^ n = ((k ^ n : ℕ) : ℤ) := by rfl",
    "(h : (7 : ℤ) ∣ 30 - 1) : (30 : ℤ) ≡ 1 [ZMOD 7] := by\n  apply Int.modEq_iff_dvd.mpr h",
    "(h : (7 : ℤ) ∣ 29 - 1) : (29 : ℤ) ≡ 1 [ZMOD 7] := by\n  exact Int.modEq_iff_dvd.mpr h",
    # 4. false; a `^` written in the (Mathlib) statement is not evaluated; after rfl closed it, no goals
    ": 3 ^ 2010 % 2 = 0 := by\n  rw [Nat.pow_mod]",
    "(a : ℕ) (h : a = 8) : a = 2 ^ 3 := by\n  rw [h]",
    ": 2 ^ 2010 % 2 = 0 := by\n  rw [Nat.pow_mod]\n  norm_num",
    # a power the user's hypothesis puts in place of the core one carries the user's instance
    "(m x : ℕ) (h : (m % 3) ^ 4 = x ^ 2) (hx : x = 4) : m ^ 4 % 3 = 1 := by\n  rw [Nat.pow_mod, h, hx]",
    # 5. the wrong side, a wrong explicit disjunct, a proof where the Prop goes
    "(x : ℕ) (h : x = 1) : x = 1 ∨ x = 2 := Or.intro_right _ h",
    "(x : ℕ) (h : x = 1) : x = 1 ∨ x = 2 := Or.intro_left (x = 3) h",
    "(x : ℕ) (h : x = 1) : x = 1 ∨ x = 2 := Or.intro_left h",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not accepts(src), src


# 6. a theorem concluding `∀ p q, …` applied to more arguments than its binders: they instantiate the ∀
_AUX = "theorem aux (m : ℝ) (hm : 0 < m) : ∀ (p q : ℝ), p < q → p < q + m := by\n  intro p q h\n  linarith\n"


def _accepts_after_aux(src: str) -> bool:
    res = elaborate(initial_env(), _AUX + src)
    return not res.has_errors and not res.sorries


_T = "theorem t (m : ℝ) (hm : 0 < m) : "


def test_forall_conclusion_takes_extra_arguments() -> None:
    assert _accepts_after_aux(_T + "(1 : ℝ) < 2 + m := aux m hm 1 2 (by norm_num)")
    assert _accepts_after_aux(_T + "(1 : ℝ) < 2 + m := by\n  apply aux m hm 1 2\n  norm_num")
    # the values go to `p` then `q` (the swapped order proves another proposition); a false one
    assert not _accepts_after_aux(_T + "(1 : ℝ) < 2 + m := aux m hm 2 1 (by norm_num)")
    assert not _accepts_after_aux(_T + "(2 : ℝ) < 1 + m := aux m hm 2 1 (by norm_num)")
