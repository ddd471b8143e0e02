"""Attack material for the tactics and term forms minilean gained after the first false-theorem fuzzer.

Three kinds, all fed to `soundness_fuzz.run` (every path: try_apply_tactic, is_valid_source, /command,
whole-proof scripts):

* SURFACE_ROWS: true theorems stated and proved with the new surface (simp family, norm_num at, rw with
  lemma names, the z3-checked lemma table, field_simp, push_neg, contrapose!, revert, induction/cases …
  with, calc, `<;>`, set … with, exact_mod_cast, term-level `by`, rcases with rfl on ∣/Even, `use`,
  ∑/∏ over range/Icc/filter/divisors, sqrt, floors, factorial/choose, ℂ, casts). Their refutable mutants
  are attacked with their own (now wrong) proofs.
* FALSE_STATEMENTS: hand-written false theorems that aim at the known traps of these forms (ℕ truncated
  subtraction, ℕ/ℤ division, x / 0 = 0, floors of negatives, empty Icc, sqrt of negatives, ℂ without
  order, summation indices named like outer variables). Each is false in Lean's semantics; the tests
  check the ones z3 can decide.
* SURFACE_SCRIPTS: goal-independent scripts built from the new tactics (closers and `<;>` combinations)
  tried on every mutant.
"""

from __future__ import annotations

SURFACE_ROWS: tuple[tuple[str, str, str], ...] = (
    ("s_simp_hyp", "(x y : ℕ) (h₀ : x = y + 2) (h₁ : y = 3) : x = 5", "simp [h₀, h₁]"),
    ("s_simp_all", "(x y : ℕ) (h₀ : x = y + 2) (h₁ : y = 3) : x + y = 8", "simp_all"),
    ("s_simpa", "(x : ℕ) (h₀ : x + 0 = 7) : x = 7", "simpa using h₀"),
    ("s_norm_num_at", "(x : ℝ) (h₀ : x * 1 + 0 = 4) : x + 1 = 5", "norm_num at h₀ ⊢\nlinarith"),
    ("s_rw_lemma", "(a b : ℝ) (h₀ : a * b = 6) : b * a = 6", "rw [mul_comm]\nexact h₀"),
    ("s_rw_hyp", "(a b : ℕ) (h₀ : a = 2 * b) (h₁ : b = 4) : a = 8", "rw [h₀, h₁]"),
    ("s_nlinarith_hint", "(x y : ℝ) : 2 * x * y ≤ x ^ 2 + y ^ 2", "nlinarith [sq_nonneg (x - y)]"),
    ("s_field_simp", "(x : ℝ) (h₀ : x ≠ 0) (h₁ : 6 / x = 3) : x = 2", "field_simp at h₁\nlinarith"),
    ("s_push_neg", "(x : ℕ) (h₀ : ¬ (x ≤ 3)) : 4 ≤ x", "push_neg at h₀\nomega"),
    ("s_contrapose", "(x : ℕ) (h₀ : x * 2 ≠ 6) : x ≠ 3", "contrapose! h₀\nomega"),
    ("s_induction", "(n : ℕ) : 0 + n = n", "induction n with\n| zero => rfl\n| succ k ih => omega"),
    ("s_rcases_dvd", "(x : ℕ) (h₀ : 6 ∣ x) : 3 ∣ x", "rcases h₀ with ⟨k, rfl⟩\nexact ⟨2 * k, by ring⟩"),
    ("s_obtain_even", "(n : ℕ) (h₀ : Even n) : n % 2 = 0", "obtain ⟨k, rfl⟩ := h₀\nomega"),
    ("s_use", ": ∃ x : ℕ, x * x = 49 ∧ x > 5", "use 7\nconstructor <;> norm_num"),
    (
        "s_calc",
        "(a b : ℝ) (h₀ : a ≤ b) (h₁ : b ≤ 3) : a ≤ 4",
        "calc a ≤ b := h₀\n  _ ≤ 3 := h₁\n  _ ≤ 4 := by norm_num",
    ),
    ("s_constructor_all", "(x : ℕ) (h₀ : x = 2) : x + 1 = 3 ∧ x * 2 = 4", "constructor <;> omega"),
    ("s_sum_range", ": ∑ k ∈ Finset.range 5, k = 10", "decide"),
    ("s_sum_icc", ": ∑ k ∈ Finset.Icc 1 6, k ^ 2 = 91", "decide"),
    ("s_sum_sub", ": ∑ k ∈ Finset.range 5, (k - 2) = 3", "decide"),
    ("s_prod", ": ∏ k ∈ Finset.Icc 1 5, k = 120", "decide"),
    ("s_filter", ": ∑ k ∈ Finset.filter (fun k => k % 3 = 0) (Finset.range 10), k = 18", "decide"),
    ("s_divisors", ": ∑ k ∈ Nat.divisors 12, k = 28", "decide"),
    ("s_sqrt", "(x : ℝ) (h₀ : Real.sqrt x = 3) : Real.sqrt x + 2 = 5", "linarith"),
    ("s_floor", ": Int.floor ((7 : ℝ) / 2) = 3", "norm_num"),
    ("s_floor_neg", ": Int.floor (-(7 : ℝ) / 2) = -4", "norm_num"),
    ("s_factorial", ": Nat.factorial 5 = 120", "decide"),
    ("s_choose", ": Nat.choose 6 2 = 15", "decide"),
    ("s_complex", "(z : ℂ) (h₀ : z = 2) : z ^ 2 + 1 = 5", "rw [h₀]\nnorm_num"),
    ("s_complex_ring", "(a : ℂ) : (a - 1) * (a + 1) = a ^ 2 - 1", "ring"),
    ("s_cast", "(n : ℕ) (h₀ : (n : ℝ) = 4) : n = 4", "exact_mod_cast h₀"),
    ("s_push_cast", "(n : ℕ) : ((n + 1 : ℕ) : ℝ) = (n : ℝ) + 1", "push_cast\nring"),
    ("s_int_div", ": (-7 : ℤ) / 2 = -4", "norm_num"),
    ("s_nat_sub", "(a : ℕ) (h₀ : a - 3 = 2) : a = 5", "omega"),
    ("s_set", "(x : ℕ) (h₀ : x = 3) : x + 1 = 4", "set y := x + 1 with hy\nomega"),
    ("s_revert", "(x : ℕ) (h₀ : x = 3) : x + 1 = 4", "revert h₀\nintro h\nomega"),
    ("s_ring_nf_at", "(x : ℝ) (h₀ : x * 2 + x = 9) : x = 3", "ring_nf at h₀\nlinarith"),
    ("s_abs", "(x : ℝ) (h₀ : x = -3) : |x| = 3", "rw [h₀]\nnorm_num"),
    ("s_lemma_exact", "(a b : ℝ) (h₀ : 0 < a) (h₁ : 0 < b) : 0 < a * b", "exact mul_pos h₀ h₁"),
    ("s_div_nonneg", "(a b : ℝ) (h₀ : 0 ≤ a) (h₁ : 0 < b) : 0 ≤ a / b", "exact div_nonneg h₀ (le_of_lt h₁)"),
    ("s_real_pow", "(x : ℝ) (h₀ : x = 2) : x ^ (3 : ℕ) = 8", "rw [h₀]\nnorm_num"),
    ("s_inv", "(x : ℝ) (h₀ : x = 2) : x⁻¹ = 1 / 2", "rw [h₀]\nnorm_num"),
    ("s_natabs", ": Int.natAbs (-5) = 5", "decide"),
    ("s_term_by", "(x : ℕ) (h₀ : x = 2) : x + x = 4", "exact by omega"),
    ("s_sum_subst", "(n : ℕ) (h₀ : n = 4) : ∑ k ∈ Finset.range n, k = 6", "subst h₀\ndecide"),
    ("s_sum_real", ": ∑ k ∈ Finset.range 4, ((k : ℝ) + 1) = 10", "norm_num"),
)

# (label, statement): each false in Lean + Mathlib's semantics
FALSE_STATEMENTS: tuple[tuple[str, str], ...] = (
    ("nat-sub", "(a : ℕ) : a - 1 + 1 = a"),
    ("nat-sub-cast", "(a b : ℕ) : ((a - b : ℕ) : ℤ) = (a : ℤ) - b"),
    ("nat-sub-cast-real", "(a : ℕ) : ((a - 1 : ℕ) : ℝ) = (a : ℝ) - 1"),
    ("nat-div", "(a : ℕ) : a / 2 * 2 = a"),
    ("nat-div-cast", "(a : ℕ) : ((a / 2 : ℕ) : ℝ) = (a : ℝ) / 2"),
    ("int-div", "(a : ℤ) : a / 2 * 2 = a"),
    ("int-div-neg", ": (-7 : ℤ) / 2 = -3"),
    ("int-mod-neg", ": (-7 : ℤ) % 2 = -1"),
    ("div-zero", "(x : ℝ) : x / 0 * 0 = x"),
    ("div-self", "(x : ℝ) : x / x = 1"),
    ("inv-mul", "(x : ℝ) : x * x⁻¹ = 1"),
    ("nat-sub-lemma", "(a b : ℕ) (h₀ : a - b = 0) : a = b"),
    ("floor-neg", ": Int.floor (-(1 : ℝ) / 2) = 0"),
    ("ceil-neg", ": Int.ceil (-(3 : ℝ) / 2) = -2"),
    ("nat-floor-neg", ": Nat.floor (-(7 : ℝ) / 2) = 3"),
    ("empty-icc", ": ∑ k ∈ Finset.Icc 5 3, k = 8"),
    ("empty-icc-int", ": ∑ k ∈ Finset.Icc (3 : ℤ) (-3), k = 0 → False"),
    ("sum-trunc-sub", ": ∑ k ∈ Finset.range 4, (2 - k) = 1"),
    ("sum-int-sub", ": ∑ k ∈ Finset.range 4, ((2 : ℤ) - k) = 3"),
    ("sum-symbolic", "(n : ℕ) : ∑ k ∈ Finset.range n, k = n"),
    ("sum-shadow", "(k : ℕ) (h₀ : k = 5) : ∑ k ∈ Finset.range 3, k = 15"),
    ("sum-shadow-bound", "(n : ℕ) (h₀ : n = 3) : ∑ n ∈ Finset.range n, n = 9"),
    ("prod-zero", ": ∏ k ∈ Finset.range 4, (k + 1) = 0"),
    ("divisors-zero", ": ∑ k ∈ Nat.divisors 0, k = 1"),
    ("sqrt-neg", ": Real.sqrt (-4) = 2"),
    ("sqrt-neg-pos", ": 0 < Real.sqrt (-4)"),
    ("sqrt-sq", "(x : ℝ) : Real.sqrt (x ^ 2) = x"),
    ("sq-sqrt", "(x : ℝ) : Real.sqrt x ^ 2 = x"),
    ("sqrt-mono", "(x y : ℝ) (h₀ : x < y) : Real.sqrt x < Real.sqrt y"),
    ("factorial-sub", "(n : ℕ) : Nat.factorial n = n * Nat.factorial (n - 1)"),
    ("choose-big", ": Nat.choose 3 5 = 1"),
    ("pi-value", ": Real.pi = 22 / 7"),
    ("natabs", ": Int.natAbs (-5) = 0"),
    ("tonat", ": Int.toNat (-5) = 5"),
    ("complex-sq", "(x y : ℂ) (h₀ : x ^ 2 + y ^ 2 = 0) : x = 0"),
    ("complex-sq-one", "(x : ℂ) : x ^ 2 + 1 ≠ 0"),
    ("exists-sq", ": ∃ x : ℕ, x * x = 2"),
    ("exists-two", ": ∃ x y : ℕ, x + y = 2 ∧ x = 3"),
    ("even-all", "(n : ℕ) (h₀ : Even n) : n % 4 = 0"),
    ("dvd-eq", "(x : ℕ) (h₀ : 3 ∣ x) : x = 3"),
    ("or-left", "(x : ℕ) (h₀ : x = 1 ∨ x = 2) : x = 1"),
    ("ne-trans", "(x y : ℕ) (h₀ : x ≠ y) (h₁ : y ≠ 4) : x ≠ 4"),
    ("induct-all", "(n : ℕ) : n = 0"),
    ("induct-bound", "(n : ℕ) (h₀ : n ≤ 5) : n = 0"),
    ("sq-le", "(x y : ℝ) : x * y ≤ 0"),
    ("pos-sub", "(x : ℝ) : 0 < x - 1 + 1"),
    ("real-pow-neg", "(x : ℝ) : x ^ (2 : ℝ) ≥ 0 → x ≥ 0"),
)

# goal-independent scripts from the new tactics
SURFACE_SCRIPTS: tuple[str, ...] = (
    "simp",
    "simp_all",
    "simp [*]",
    "simp [*] at *",
    "simpa using *",
    "norm_num [*] at *",
    "norm_num at *",
    "field_simp",
    "ring_nf",
    "ring_nf at *\nsimp_all",
    "push_cast\nring",
    "push_neg\nsimp",
    "positivity",
    "constructor <;> norm_num",
    "constructor <;> simp",
    "constructor <;> simp_all",
    "refine ⟨?_, ?_⟩ <;> omega",
    "exact_mod_cast rfl",
    "nlinarith [sq_nonneg (x - 1), sq_abs x, abs_nonneg x]",
    "linarith [mul_self_nonneg x, sq_nonneg x]",
    "exact le_refl _",
    "rw [mul_comm]",
    "rw [div_self]",
    "rw [div_eq_iff]",
    "rw [sub_eq_zero]",
    "simp [div_self, mul_comm]",
    "field_simp\nring",
    "decide",
    "intro h\nsimp_all",
    "intro h\nsubst h\ndecide",
    "intro h\ninduction h",
    "induction x with\n| zero => simp\n| succ k ih => simp_all",
    "induction n with\n| zero => simp\n| succ k ih => omega",
    "induction n with\n| zero => rfl\n| succ k ih => simp_all",
    "cases h₀ with\n| inl h => simp_all\n| inr h => simp_all",
    "rcases h₀ with h | h <;> simp_all",
    "rcases h₀ with ⟨k, rfl⟩ <;> omega",
    "obtain ⟨k, rfl⟩ := h₀\nsimp",
    "use 0",
    "use 1\nnorm_num",
    "use 1, 1",
    "contrapose! h₀\nsimp_all",
    "revert h₀\nsimp",
    "exact by simp",
    "exact by norm_num",
    "set y := x with hy\nsimp_all",
    "calc _ = _ := by simp",
)


def surface_rows() -> list[dict]:
    """SURFACE_ROWS as corpus rows (statement with `sorry`, proof script)."""
    return [
        {"id": sid, "header": "", "statement": f"theorem {sid} {stmt} := by\n  sorry", "proof": proof}
        for sid, stmt, proof in SURFACE_ROWS
    ]


def false_statements() -> list[tuple[str, str]]:
    """(id, statement with `sorry`) for the hand-written false theorems."""
    out = []
    for label, stmt in FALSE_STATEMENTS:
        name = "audit_" + label.replace("-", "_")
        out.append((name, f"theorem {name} {stmt} := by\n  sorry"))
    return out


__all__ = ["FALSE_STATEMENTS", "SURFACE_ROWS", "SURFACE_SCRIPTS", "false_statements", "surface_rows"]
