"""Adversarial audit of the round 22a–d paths (lemma batch 22, trig lib facts, contradiction's decide check,
sum_const, the ℕ→ℤ cast defeq, ring with variable exponents, ℕ `<` in argument unification, numeral-only
`show` types, apply up to defeq, rw's rfl on core powers, Or.intro_*, ∀ conclusions with extra arguments,
`absurd rfl h`).

About 600 attacks were tried on all four paths (try_apply_tactic, is_valid_source, /command, whole-proof
scripts) and none was accepted; these pin the strongest one per class. Each statement is false under Lean's
semantics (truncated ℕ `-`, `Int.ediv`/`emod`, `x / 0 = 0`, `0 ^ 0 = 1`) or, for the fidelity rows, true but
beyond the Mathlib tactic named.
"""

from __future__ import annotations

import pytest

from benchmarks import soundness_fuzz
from benchmarks.soundness_fuzz import Mutant, Paths

# (class, false statement, script): the strongest attack per new code path
ATTACKS = [
    # sum_const / card_Icc: the card of an empty Icc is truncated (`3 + 1 - 5 = 0`), also once cast to ℤ
    ("sum_const", ": ∑ i ∈ Finset.Icc 5 3, (2:ℤ) = -2", "norm_num"),
    ("sum_const", "(a : ℕ) : ∑ i ∈ Finset.Icc a (a - 1), (1:ℤ) = 1", "simp\nomega"),
    ("sum_const", "(n : ℕ) : ∑ i ∈ Finset.range (n - 1), 1 = n", "simp"),
    # sub_add_cancel / add_sub_cancel are for groups: ℕ's truncated `-` never gets them
    ("sub_add_cancel", "(a b : ℕ) : a - b + b = a", "simp"),
    ("sub_add_cancel", "(n : ℕ) : ∑ i ∈ Finset.range n, (i - 1 + 1) = ∑ i ∈ Finset.range n, i", "simp"),
    # Rat.cast_div only: ℕ/ℤ division casts need divisibility
    ("cast_div", "(a b : ℤ) : ((a / b : ℤ) : ℚ) = (a : ℚ) / b", "simp"),
    # the ℕ→ℤ cast defeq stops at ℕ `-`
    ("nat_int_cast", "(a b c : ℕ) : ((a + (b - c) : ℕ) : ℤ) = a + b - c", "exact rfl"),
    ("nat_int_cast", "(a : ℕ) : ((a - 1 : ℕ) : ℤ) + 1 = a", "rfl"),
    # ring with variable exponents: ℕ `-` in an exponent is an atom; 0 ^ e needs e provably positive
    ("ring_exp", "(x : ℝ) (n : ℕ) : x ^ (n - 1 + 1) = x ^ n", "ring"),
    ("ring_exp", "(n : ℕ) : (0:ℝ) ^ (n ^ 2) = 0", "ring"),
    ("ring_exp", "(x : ℝ) (n : ℤ) : x ^ (n + 1) = x ^ n * x", "ring"),
    ("ring_exp", "(n : ℕ) (h : (0:ℕ) ^ n = 1) : False", "ring_nf at h\nsimp at h"),
    # ℕ `<` as `+1 ≤` only on ℕ, and never through `a - 1 + 1`
    ("nat_lt", "(x y : ℝ) (h : x < y) : x + 1 ≤ y", "exact le_trans h (le_refl y)"),
    ("nat_lt", "(a b : ℕ) (h : a ≤ b) : a - 1 < b", "exact lt_of_lt_of_le h le_rfl"),
    # a numeral-only `show` type read at the expected type is proved at that type
    (
        "show_numerals",
        ": (0:ℤ) = 1",
        "exfalso\nhave h : ¬ ((2:ℤ) - 3 = 0) := by norm_num\nexact h (show 2 - 3 = 0 by norm_num)",
    ),
    ("show_numerals", ": (1:ℝ) / 2 = 0", "exact show 1 / 2 = 0 by norm_num"),
    # apply / exact up to defeq: Int.ediv/emod with a negative divisor, x % 0 = x
    ("apply_defeq", ": (7:ℤ) / -2 = -4", "apply Eq.refl (-4)"),
    ("apply_defeq", ": (3:ℕ) ≡ 10 [MOD 0]", "apply Nat.ModEq.refl 3"),
    # rw's closing rfl on core powers computes the real residue
    ("core_pow", "(n : ℕ) (h : n % 7 = 2) : n ^ 10 % 7 = 3", "rw [Nat.pow_mod, h]"),
    # Or.intro_left's explicit argument is the *other* disjunct; the proof is still checked
    ("or_intro", "(x : ℕ) (h : x = 1) : x = 2 ∨ x = 3", "exact Or.intro_left (x = 3) h"),
    # ∀ conclusions with extra arguments: each extra argument is checked against its binder
    (
        "start_app",
        "(h : ∀ ε : ℝ, ε > 0 → ∀ x : ℝ, x < ε → x ≤ 0) : (1:ℝ) ≤ 0",
        "exact h 1 (by norm_num) 1 (by norm_num)",
    ),
    # rfl waiting for its type meets the type `absurd` gives it
    ("absurd_rfl", "(x : ℤ) (h : (7:ℤ) / -2 ≠ -4) : x = 7", "exact absurd rfl h"),
    # lemma batch 22: field notation and per-instance moduli
    ("lemma22", "(p : ℕ) (hp : Nat.Prime (p + 1)) : 2 ≤ p", "exact hp.two_le"),
    ("lemma22", "(n : ℕ) : n % 6 % 4 = n % 4", "exact Nat.mod_mod_of_dvd n (by norm_num)"),
    ("lemma22", "(a b : ℕ) : a - b + b = a", "exact sub_add_cancel a b"),
    ("lemma22", "(a b : ℤ) (h : a ≡ b [ZMOD 5]) : a ^ 2 ≡ b ^ 2 [ZMOD 6]", "exact h.pow 2"),
    ("lemma22", "(x : ℝ) : Real.cos (2 * x) = 2 * Real.cos x ^ 2 + 1", "rw [Real.cos_two_mul]"),
    # a bounded-looking ∃ is not a closed decidable fact for contradiction
    ("contradiction", "(h : ∃ x : ℕ, x > 100) : False", "contradiction"),
    ("contradiction", "(h : (7:ℤ) / -2 = -3) : False", "contradiction"),
]

# (statement, script): true, but the Mathlib tactic named does not prove it; minilean must not either.
# The trig/π facts of lib_facts reach z3 only through lemma admission and rewrite-instance checks.
BEYOND_MATHLIB = [
    ("(x : ℝ) : Real.sin x ^ 2 + Real.cos x ^ 2 = 1", "nlinarith"),
    ("(x : ℝ) (h : Real.sin x = 2) : False", "linarith"),
    (": Real.pi > 3", "norm_num"),
    (": Real.pi ≤ 4", "nlinarith"),
    ("(x : ℝ) : Real.cos (2 * x) = 2 * Real.cos x ^ 2 - 1", "ring"),
    # contradiction's decide: `Real.decidableLT` is classical, whnf never reaches `false`
    ("(h : (1:ℝ) < 0) : False", "contradiction"),
    # Nat.cast into ℝ is not definitional on variables; ℤ powers with a variable exponent are stuck
    ("(a b : ℕ) : ((a + b : ℕ) : ℝ) = (a:ℝ) + b", "exact rfl"),
    ("(a n : ℕ) : ((a ^ n : ℕ) : ℤ) = (a:ℤ) ^ n", "rfl"),
    # ring: numeral bases stay apart, ℕ `-` in an exponent is an atom
    ("(n : ℕ) : (4:ℕ) ^ n = 2 ^ (2 * n)", "ring"),
    ("(x : ℝ) (n : ℕ) : x ^ (n + 1 - 1) = x ^ n", "ring"),
]


@pytest.fixture(scope="module")
def paths() -> Paths:
    return Paths()


def _accepted(paths: Paths, stmt: str, script: str) -> dict[str, bool]:
    statement = f"theorem audit22_attack {stmt} := by\n  sorry"
    assert soundness_fuzz._root_goal("", statement) is not None, "the statement must be stated"
    m = Mutant("audit22_attack", "", statement, "test", "")
    src = soundness_fuzz._wrap(statement, script)
    return {
        "tactic": paths.tactics_close(m, script),
        "source": paths.source_valid(src),
        "command": paths.command_ok(src),
        "whole_proof": paths.whole_proof_ok(m, script),
    }


_IDS = [f"{a[0]}-{i}" for i, a in enumerate(ATTACKS)]


@pytest.mark.parametrize(("cls", "stmt", "script"), ATTACKS, ids=_IDS)
def test_round22_attack_is_refused_on_every_path(paths: Paths, cls: str, stmt: str, script: str) -> None:
    got = _accepted(paths, stmt, script)
    assert not any(got.values()), (cls, got)


@pytest.mark.parametrize(("stmt", "script"), BEYOND_MATHLIB)
def test_round22_paths_prove_no_more_than_mathlib(paths: Paths, stmt: str, script: str) -> None:
    statement = f"theorem audit22_probe {stmt} := by\n  sorry"
    assert not paths.source_valid(soundness_fuzz._wrap(statement, script))


def test_round22_true_twins_are_accepted(paths: Paths) -> None:
    """The refusals above are not refusals of everything: nearby true statements go through."""
    for stmt, script in [
        ("(a b : ℤ) : a - b + b = a", "simp"),
        ("(a b : ℕ) : ((a + b : ℕ) : ℤ) = (a:ℤ) + b", "rfl"),
        ("(n : ℕ) : (0:ℝ) ^ (n + 1) = 0", "ring"),
        ("(a b : ℕ) (h : a < b) : a + 1 ≤ b", "exact le_trans h (le_refl b)"),
        ("(n : ℕ) (h : n % 7 = 2) : n ^ 10 % 7 = 2", "rw [Nat.pow_mod, h]"),
        ("(x : ℕ) (h : x = 1) : x = 1 ∨ x = 3", "exact Or.intro_left (x = 3) h"),
        ("(n : ℕ) : n % 8 % 4 = n % 4", "exact Nat.mod_mod_of_dvd n (by norm_num)"),
    ]:
        statement = f"theorem audit22_twin {stmt} := by\n  sorry"
        assert paths.source_valid(soundness_fuzz._wrap(statement, script)), stmt
