"""Soundness audit of the surface added after the first fuzzer: simp family, norm_num at, rw with lemma
names, the lemma table, field_simp, casts, calc, `<;>`, induction/cases/rcases, `use`, big operators,
library functions and ℂ.

No false theorem got through in the audit; these tests pin that down on every path a proof takes
(try_apply_tactic, is_valid_source, /command, whole-proof scripts), with the attack material of
benchmarks/soundness_surface.py and soundness_closed.py. Each attack's true twin is accepted (checked in
the seed test), so a refusal here is not a refusal of everything.
"""

from __future__ import annotations

import random

import pytest

from benchmarks import soundness_closed, soundness_fuzz, soundness_surface
from benchmarks.soundness_fuzz import Mutant, Paths
from minilean import smt
from minilean.engine import elaborate, initial_env
from minilean.theorems import full_proof_source

# (false statement, script): the targeted hand attacks of the audit, one line each
HAND_ATTACKS = [
    # a ∑ binder named like an outer variable: rewriting or substituting the outer one must not capture
    ("(i : ℕ) (h₀ : i = 5) : i + ∑ i ∈ Finset.range 3, i = 20", "rw [h₀]\ndecide"),
    ("(i : ℕ) (h₀ : i = 5) : i + ∑ i ∈ Finset.range 3, i = 20", "simp [h₀]"),
    ("(i : ℕ) (h₀ : i = 5) : i + ∑ i ∈ Finset.range 3, i = 20", "subst h₀\ndecide"),
    ("(n m : ℕ) (h₀ : m = n) : ∑ m ∈ Finset.range 3, n = 3", "rcases h₀ with rfl\ndecide"),
    ("(n : ℕ) (h₀ : n = 2) : ∑ n ∈ Finset.range 3, n = 3 * n", "simp_all"),
    # ℕ truncated subtraction and ℕ/ℤ division under the new tactics and lemmas
    (": ∑ k ∈ Finset.range 4, (2 - k) = 0", "norm_num"),
    ("(a : ℕ) : ((a - 1 : ℕ) : ℤ) = (a : ℤ) - 1", "push_cast\nring"),
    ("(a b : ℕ) (h₀ : a - b = 0) : a = b", "exact sub_eq_zero.mp h₀"),
    ("(a b : ℕ) (h₀ : a - b = 0) : a = b", "rw [sub_eq_zero] at h₀\nexact h₀"),
    ("(a : ℤ) : a / 2 * 2 = a", "field_simp"),
    (": (7 : ℕ) / 2 > 3", "simp"),
    # x / 0 = 0, side conditions of conditional lemmas
    ("(x : ℝ) : x / x = 1", "rw [div_self]"),
    ("(x : ℝ) : x / x = 1", "field_simp"),
    ("(x y : ℝ) (h₀ : x / y = 1) : x = y", "field_simp at h₀\nlinarith"),
    (": (0 : ℝ) / 0 = 1", "exact div_self (by norm_num)"),
    ("(x : ℝ) : |x| = x", "rw [abs_of_nonneg]"),
    ("(x : ℕ) : x % 0 < 0", "apply Nat.mod_lt\nnorm_num"),
    # floors of negatives, empty Icc, sqrt of negatives, factorial at 0
    (": Int.floor (-(1 : ℝ) / 2) = 0", "norm_num"),
    (": ∑ k ∈ Finset.Icc 5 3, k = 8", "decide"),
    (": Real.sqrt (-4) = 2", "norm_num"),
    ("(x : ℝ) : Real.sqrt x ^ 2 = x", "simp"),
    ("(n : ℕ) : Nat.factorial n = n * Nat.factorial (n - 1)", "simp"),
    # ℂ has no order: linarith, nlinarith and positivity may not use one
    ("(x y : ℂ) (h₀ : x ^ 2 + y ^ 2 = 0) : x = 0", "nlinarith [sq_nonneg x, sq_nonneg y]"),
    ("(x : ℂ) : x ^ 2 + 1 ≠ 0", "positivity"),
    # hints that are not proofs, calc with relations that do not compose, `<;>`, `use`, induction
    ("(x y : ℝ) : x * y ≤ 0", "nlinarith [sq_nonneg (x + y), sq_nonneg (x - y)]"),
    ("(a b c : ℕ) (h₀ : a ≤ b) (h₁ : b ≥ c) : a ≤ c", "calc a ≤ b := h₀\n  _ ≥ c := h₁"),
    ("(a b c : ℕ) (h₀ : a ≠ b) (h₁ : b ≠ c) : a ≠ c", "calc a ≠ b := h₀\n  _ ≠ c := h₁"),
    ("(x : ℕ) (h₀ : x = 1 ∨ x = 2) : x = 1", "rcases h₀ with h | h <;> simp_all"),
    (": ∃ x : ℕ, x * x = 2", "use 1"),
    ("(n : ℕ) (h₀ : n = 3) : n = 4", "induction n with\n| zero => omega\n| succ k ih => omega"),
    ("(x : ℕ) (h₀ : Even x) : x % 4 = 0", "obtain ⟨k, rfl⟩ := h₀\nomega"),
    ("(x : ℕ) (h₀ : 3 ∣ x) : x = 3", "rcases h₀ with ⟨k, rfl⟩\nomega"),
]


@pytest.fixture(scope="module")
def paths() -> Paths:
    return Paths()


def _statement(stmt: str) -> str:
    return f"theorem audit_attack {stmt} := by\n  sorry"


def _accepted(paths: Paths, statement: str, script: str) -> dict[str, bool]:
    m = Mutant("audit_attack", "", statement, "test", "")
    src = soundness_fuzz._wrap(statement, script)
    return {
        "tactic": paths.tactics_close(m, script),
        "source": paths.source_valid(src),
        "command": paths.command_ok(src),
        "whole_proof": paths.whole_proof_ok(m, script),
    }


def test_surface_seeds_are_proved_so_their_mutants_meet_real_proofs() -> None:
    for row in soundness_surface.surface_rows():
        res = elaborate(initial_env(), full_proof_source(row))
        assert not res.has_errors, (row["id"], [m.data for m in res.messages if m.severity == "error"])


def test_hand_written_false_statements_are_stated_and_false() -> None:
    undecided = []
    for name, st in soundness_surface.false_statements():
        g = soundness_fuzz._root_goal("", st)
        assert g is not None, f"{name} is not stated by minilean"
        sorts = {h.name: h.ty for h in g.hyps if h.is_var}
        try:
            verdict = smt.valid([h.ty for h in g.hyps if not h.is_var], g.target, sorts, 3000)
        except smt.Untranslatable:
            verdict = None
        assert verdict is not True, name
        if verdict is None:
            undecided.append(name)
    assert set(undecided) <= {"audit_complex_sq", "audit_complex_sq_one"}, undecided  # ℂ: not in z3


@pytest.mark.parametrize(("stmt", "script"), HAND_ATTACKS)
def test_targeted_attack_is_refused_on_every_path(paths: Paths, stmt: str, script: str) -> None:
    statement = _statement(stmt)
    g = soundness_fuzz._root_goal("", statement)
    assert g is not None, "the attack's statement must be stated (else it tests the parser)"
    got = _accepted(paths, statement, script)
    assert not any(got.values()), got


def test_closed_evaluator_agrees_with_minilean_on_true_statements() -> None:
    """The independent evaluator is right (minilean proves most of what it calls true), so the false
    closed statements it makes are really false."""
    gen = soundness_closed.Gen(random.Random(7))
    stated = proved = 0
    while stated < 60:
        st, truth = gen.statement()
        if not truth or elaborate(initial_env(), f"theorem t : {st} := by\n  sorry").has_errors:
            continue
        stated += 1
        proved += any(
            not elaborate(initial_env(), f"theorem t : {st} := by\n  {c}").has_errors
            for c in ("norm_num", "decide", "simp", "rfl")
        )
    assert proved >= 50, proved


def test_false_closed_statements_are_never_accepted(paths: Paths) -> None:
    rep = soundness_fuzz.run([], seed=11, n_mutants=0, budget_s=40.0, surface=(0, 0, 60))
    assert rep.mutants >= 50 and rep.total >= 1400, (rep.mutants, rep.tried)
    assert rep.accepted == [], rep.accepted[:3]


def test_closed_fuzz_detects_a_reintroduced_evaluation_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """The closed fuzz can fail: with ℤ/ℕ `%` evaluated the Python way (x % 0 = 0, the divisor's sign),
    simp and norm_num accept false closed statements."""
    from minilean import closers

    monkeypatch.setattr(closers, "_emod", lambda a, b: 0 if b == 0 else a % b)
    rep = soundness_fuzz.run([], seed=11, n_mutants=0, budget_s=40.0, surface=(0, 0, 200))
    assert {kind for _, _, kind, _ in rep.accepted} & {"closed norm_num", "closed simp"}, rep.total
