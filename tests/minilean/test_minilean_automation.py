# ruff: noqa: E501
"""The Mathlib-style automation (linarith, nlinarith, positivity, norm_num, omega, decide) and the
quantifier tactics (intro on ∀, use/exists, ⟨w, h⟩, obtain on ∃, ∀-instantiation): each closes what
Lean's tactic of that name closes here, and refuses what it would refuse (no more)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env

CASES = [
    # (name, source after `theorem t`, accepted?)
    ("linarith", "(x y : ℝ) (h : x < y) (h2 : y < 3) : x < 3 := by linarith", True),
    ("linarith-missing-hyp", "(x y : ℝ) (h : x < y) : x < 3 := by linarith", False),
    ("linarith-eq", "(x : ℝ) (h₀ : 3 * x + 2 = 11) : x = 3 := by linarith", True),
    ("linarith-int-strict", "(a b : ℤ) (h : a < b) : a + 1 ≤ b := by linarith", True),
    ("linarith-not-integral", "(a : ℤ) (h : 2 * a = 1) : False := by linarith", False),
    ("linarith-nonlinear-atoms", "(a b : ℝ) : 2 * a * b ≤ a ^ 2 + b ^ 2 := by linarith", False),
    ("linarith-hint", "(a b : ℝ) : 2 * a * b ≤ a ^ 2 + b ^ 2 := by linarith [sq_nonneg (a - b)]", True),
    ("nlinarith-hint", "(a b : ℝ) : 2 * a * b ≤ a ^ 2 + b ^ 2 := by nlinarith [sq_nonneg (a - b)]", True),
    ("nlinarith-products", "(x : ℝ) (h : x ^ 2 = 4) (hx : x > 0) : x = 2 := by nlinarith", True),
    ("nlinarith-false", "(x : ℝ) (h : x ^ 2 = 4) : x = 2 := by nlinarith", False),
    ("positivity", "(x : ℝ) (h : 0 < x) : 0 < x ^ 2 + x := by positivity", True),
    ("positivity-square-not-pos", "(x : ℝ) : 0 < x ^ 2 := by positivity", False),
    ("positivity-square-nonneg", "(x : ℝ) : 0 ≤ x ^ 2 := by positivity", True),
    ("positivity-sub", "(x y : ℝ) (h : y < x) : 0 < x - y := by positivity", False),
    ("norm_num-field", ": (2 : ℝ) / 4 + 1 = 3 / 2 := by norm_num", True),
    ("norm_num-div-zero", ": (2 : ℝ) / 0 = 0 := by norm_num", True),
    ("norm_num-nat-sub", ": (7 : ℕ) - 9 + 2 = 2 := by norm_num", True),
    ("norm_num-false", ": (2 : ℝ) + 2 = 5 := by norm_num", False),
    ("norm_num-rewrite", "(x : ℝ) (h : x = 3) : x ^ 2 = 9 := by norm_num [h]", True),
    ("norm_num-no-rewrite", "(x : ℝ) (h : x = 3) : x ^ 2 = 9 := by norm_num", False),
    ("norm_num-prime", ": Nat.Prime 97 := by norm_num", True),
    ("omega-mod", "(n : ℕ) (h : n % 5 = 3) : 2 * n % 5 = 1 := by omega", True),
    ("omega-mod-false", "(n : ℕ) (h : n % 5 = 3) : 2 * n % 5 = 2 := by omega", False),
    ("omega-nat-sub", "(a b : ℕ) (h : a - b = 0) (h2 : b < a) : False := by omega", True),
    ("omega-parity", "(a : ℤ) (h : 2 * a = 1) : False := by omega", True),
    ("omega-real", "(x : ℝ) (h : x < 1) : x < 2 := by omega", False),
    ("decide-real", ": (2 : ℝ) + 2 = 4 := by decide", False),
    # `use`'s discharger (reducible rfl) closes closed ℕ arithmetic, so a tactic after it has no goal
    ("use-then-no-goals", ": ∃ x : ℕ, x + 2 = 5 := by\n  use 3\n  norm_num", False),
    ("use-closes", ": ∃ x : ℕ, x + 2 = 5 := by\n  use 3", True),
    ("use-int-open-goal", ": ∃ x : ℤ, x + 2 = 5 := by\n  use 3", False),
    ("use-int", ": ∃ x : ℤ, x + 2 = 5 := by\n  use 3\n  norm_num", True),
    ("use-wrong", ": ∃ x : ℕ, x + 2 = 5 := by\n  use 4\n  norm_num", False),
    ("exists", ": ∃ x : ℕ, x + 2 = 5 := by\n  exists 3", True),
    ("anon-witness", ": ∃ x : ℕ, x + 2 = 5 := ⟨3, rfl⟩", True),
    ("anon-wrong-witness", ": ∃ x : ℕ, x + 2 = 5 := ⟨4, rfl⟩", False),
    ("forall-inst", "(f : ℕ → ℕ) (h : ∀ n, f n = 2 * n) : f 3 = 6 := by\n  have h3 := h 3\n  omega", True),
    ("forall-inst-false", "(f : ℕ → ℕ) (h : ∀ n, f n = 2 * n) : f 3 = 7 := by\n  have h3 := h 3\n  omega", False),
    ("obtain-exists", "(h : ∃ x : ℤ, x * x = 2 ∧ x > 5) : False := by\n  obtain ⟨y, hy, hy2⟩ := h\n  nlinarith", True),
    ("intro-forall", ": ∀ x : ℝ, x ^ 2 - 2 * x + 1 ≥ 0 := by\n  intro x\n  nlinarith [sq_nonneg (x - 1)]", True),
    ("intro-forall-false", ": ∀ x : ℝ, x ^ 2 - 2 * x ≥ 0 := by\n  intro x\n  nlinarith [sq_nonneg (x - 1)]", False),
    # Lean lets `intro y` shadow the variable y (the old one becomes y✝): accepted, as in Lean
    ("intro-capture", "(y : ℝ) : ∀ x : ℝ, x = x := by\n  intro y\n  rfl", True),
    ("intro-capture-false", "(y : ℝ) (h : y = 1) : ∀ x : ℝ, x = 1 := by\n  intro y\n  exact h", False),
    ("specialize-forall", "(h : ∀ n : ℕ, n + 1 > n) : 3 > 2 := by\n  specialize h 2\n  exact h", True),
    ("hole-in-hint", "(x : ℝ) (h : 0 < x) : 0 < x := by linarith [(?_ : 0 < x)]", False),
]


@pytest.mark.parametrize(("name", "src", "ok"), CASES, ids=[c[0] for c in CASES])
def test_automation(name: str, src: str, ok: bool) -> None:
    res = elaborate(initial_env(), f"theorem t {src}")
    accepted = not res.has_errors and not res.sorries
    assert accepted == ok, [m.data for m in res.messages]


MORE = [
    ("ring", "(a b : ℝ) : (a + b) ^ 2 = a ^ 2 + 2 * a * b + b ^ 2 := by ring", True),
    ("ring-false", "(a b : ℝ) : (a + b) ^ 2 = a ^ 2 + b ^ 2 := by ring", False),
    ("ring-nat-sub-atom", "(a b : ℕ) : a - b + b = a := by ring", False),
    ("ring-div-numeral", "(x : ℝ) : x / 2 + x / 2 = x := by ring", True),
    ("ring-int-div-atom", "(x : ℤ) : x / 2 + x / 2 = x := by ring", False),
    ("rw", "(x y : ℝ) (h : x = y + 1) : x - 1 = y := by\n  rw [h]\n  ring", True),
    ("rw-rev", "(x y : ℕ) (h : x = y) (h2 : y = 3) : x = 3 := by\n  rw [h, h2]", True),
    ("rw-back", "(x y : ℕ) (h : x = y) (h2 : x = 3) : y = 3 := by\n  rw [← h]\n  exact h2", True),
    ("rw-no-instance", "(x y : ℕ) (h : x = y) : 3 = 3 := by\n  rw [h]", False),
    ("rw-at", "(x y : ℕ) (h : x = y) (h2 : x = 3) : y = 3 := by\n  rw [h] at h2\n  exact h2", True),
    ("rw-fun-arg", "(f : ℕ → ℕ) (x : ℕ) (h : x = 2) (h2 : f 2 = 5) : f x = 5 := by\n  rw [h]\n  exact h2", True),
    ("subst", "(x y : ℕ) (h : y = x + 1) : y > x := by\n  subst h\n  omega", True),
    ("subst-false", "(x y : ℕ) (h : y = x + 1) : y > x + 1 := by\n  subst h\n  omega", False),
    ("interval_cases", "(n : ℕ) (h₀ : n < 3) (h₁ : n ^ 2 = 4) : n = 2 := by\n  interval_cases n\n  · norm_num at h₁\n  · norm_num at h₁\n  · rfl", True),  # h₁ normalises to False
    ("interval_cases-omega", "(n : ℕ) (h₀ : n < 3) (h₁ : n * n = 4) : n = 2 := by\n  interval_cases n <;> omega", True),
    ("rintro", "(p q r : Prop) : p ∧ q ∨ r → r ∨ p := by\n  rintro (⟨hp, -⟩ | hr)\n  · right\n    exact hp\n  · left\n    exact hr", True),
    ("rintro-wrong", "(p q r : Prop) : p ∧ q ∨ r → q := by\n  rintro (⟨-, hq⟩ | hr)\n  · exact hq\n  · exact hr", False),
    ("rintro-forall-exists", ": ∀ n : ℕ, (∃ k, n = 2 * k) → n % 2 = 0 := by\n  rintro n ⟨k, hk⟩\n  omega", True),
    ("simp-only", "(f : ℕ → ℕ) (x : ℕ) (h : x = 2) (h2 : f 2 = 5) : f x = 5 := by\n  simp only [h]\n  exact h2", True),
    ("simp-only-at", "(x y : ℕ) (h : x = y) (h2 : x = 3) : y = 3 := by\n  simp only [h] at h2\n  exact h2", True),
    # `3 = 3` would be decided by simp's default literal simprocs (active under `simp only` too)
    ("simp-no-progress", "(x y z : ℕ) (h : x = y) : z = 3 := by\n  simp only [h]", False),
    ("interval_cases-no-bound", "(n : ℤ) (h₀ : n < 3) : n = n := by\n  interval_cases n", False),
]


@pytest.mark.parametrize(("name", "src", "ok"), MORE, ids=[c[0] for c in MORE])
def test_rewriting_and_case_tactics(name: str, src: str, ok: bool) -> None:
    res = elaborate(initial_env(), f"theorem t {src}")
    accepted = not res.has_errors and not res.sorries
    assert accepted == ok, [m.data for m in res.messages]
