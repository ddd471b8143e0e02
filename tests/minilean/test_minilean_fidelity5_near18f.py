"""Round 18f: `subst x` with a variable (Lean core `MVarId.subst`) and `simp only` without simprocs
(Lean core `mkSimpContext`: no simprocs under `only`, `eq_self` with the ℕ offset unifier)."""

from __future__ import annotations

from lemma_batch_checks import accepts

from minilean import engine  # noqa: F401  (engine registers the proof checker)

# ---- subst with a variable name (minilean/subst_var.py)


def test_subst_variable_uses_equation_either_side() -> None:
    assert accepts("(p q : ℕ) (hp : p = 3 * q) (hq : q = 2) : p = 6 := by\n  subst p\n  subst q\n  rfl")
    assert accepts("(p q : ℕ) (hp : 3 * q = p) : p % 3 = 0 := by\n  subst p\n  omega")
    # the named variable is the one eliminated, even when the other side is a variable too
    assert accepts("(p q : ℤ) (h : p = q) (hq : q = 5) : p = 5 := by\n  subst p\n  exact hq")


def test_subst_variable_refusals() -> None:
    # no equation with `p` alone on a side
    assert not accepts("(p q : ℕ) (h : p + 1 = q) : q = p + 1 := by\n  subst p\n  omega")
    # `p = p + 0` mentions `p` on the other side too
    assert not accepts("(p : ℕ) (h : p = p * 1) : p = p := by\n  subst p\n  rfl")
    # `p` eliminated, not `q`: `q` is still there, so the goal is not closed by `rfl`
    assert not accepts("(p q : ℕ) (h : p = q) : q = 0 := by\n  subst p\n  rfl")


def test_subst_variable_first_equation_in_context_order() -> None:
    # Lean takes the first declaration: `h1 : p = 1`, so `h2` becomes `1 = 2` and the goal `1 = 1`
    assert accepts("(p : ℕ) (h1 : p = 1) (h2 : p = 2) : p = 1 := by\n  subst p\n  rfl")
    assert not accepts("(p : ℕ) (h1 : p = 1) (h2 : p = 2) : p = 2 := by\n  subst p\n  rfl")


# ---- simp only: no literal simprocs (minilean/simp_only_literals.py)


def test_simp_only_leaves_powers_of_literals() -> None:
    base = "(f : ℕ → ℕ) (h0 : f 0 = 1) (h1 : f 1 = 3) : f 0 ^ 2 + f 1 ^ 2 = 10 := by\n  simp only [h0, h1]"
    assert not accepts(base)  # `1 ^ 2 + 3 ^ 2 = 10` is left: no `Nat.reducePow` under `only`
    assert accepts(base + "\n  norm_num")
    assert accepts("(x : ℕ) (h : x = 3) : x ^ 2 = 9 := by\n  simp only [h]\n  norm_num")
    assert not accepts("(x : ℕ) (h : x = 3) : x ^ 2 = 9 := by\n  simp only [h]")
    # plain `simp` has the default simprocs and closes it
    assert accepts("(x : ℕ) (h : x = 3) : x ^ 2 = 9 := by\n  simp [h]")


def test_simp_only_eq_self_with_nat_offsets() -> None:
    # `eq_self` unifies `2 + 1` with `3` (the ℕ offset unifier), so the goal closes and nothing is left
    assert accepts("(x : ℕ) (h : x = 2) : x + 1 = 3 := by\n  simp only [h]")
    assert not accepts("(x : ℕ) (h : x = 2) : x + 1 = 3 := by\n  simp only [h]\n  norm_num")
    assert accepts("(x : ℕ) (h : x = 2) : 3 * x - 1 = 5 := by\n  simp only [h]")
    # a false literal equation is not closed (and not turned into False by `simp only`)
    assert not accepts("(x : ℕ) (h : x = 2) : x + 1 = 4 := by\n  simp only [h]")


def test_simp_only_does_not_decide_literal_comparisons() -> None:
    assert not accepts("(x : ℕ) (h : x = 2) : x ≤ 3 := by\n  simp only [h]")
    assert accepts("(x : ℕ) (h : x = 2) : x ≤ 3 := by\n  simp only [h]\n  norm_num")


# ---- rw [Finset.mul_sum] / rw [← Finset.mul_sum] (minilean/finset_mul_sum.py)


def test_mul_sum_both_directions() -> None:
    assert accepts(
        "(f : ℕ → ℕ) : ∑ k in Finset.range 4, 3 * f k = 3 * ∑ k in Finset.range 4, f k := by\n"
        "  rw [← Finset.mul_sum]"
    )
    assert accepts(
        "(f : ℕ → ℝ) (c : ℝ) : c * ∑ k in Finset.range 4, f k = ∑ k in Finset.range 4, c * f k := by\n"
        "  rw [Finset.mul_sum]"
    )


def test_mul_sum_refusals() -> None:
    # the factor depends on the index: `?b` of the pattern `?b * ?f i` cannot
    assert not accepts("(f : ℕ → ℕ) : ∑ k in Finset.range 4, k * f k = 0 := by\n  rw [← Finset.mul_sum]")
    # the constant on the right: `f k * 3` is not `?b * ?f k` with `?b` free of k
    assert not accepts(
        "(f : ℕ → ℕ) : ∑ k in Finset.range 4, f k * 3 = 3 * ∑ k in Finset.range 4, f k := by\n"
        "  rw [← Finset.mul_sum]"
    )
    # the rewrite gives `3 * ∑ …`, not `4 * ∑ …`: the goal is left open
    assert not accepts(
        "(f : ℕ → ℕ) : ∑ k in Finset.range 4, 3 * f k = 4 * ∑ k in Finset.range 4, f k := by\n"
        "  rw [← Finset.mul_sum]"
    )


# ---- change (Runner.t_change: `show`'s definitional check on the main goal)


def test_change_unfolds_let_and_refuses_other_targets() -> None:
    head = "(f : ℕ → ℕ) (h : ∑ k in Finset.range 3, f k = 4) : 2 * ∑ k in Finset.range 3, f k = 8 := by\n"
    # there and back: `s` unfolds (zeta-delta) both ways; `rw [h]` on `2 * s` fails (no unfolding)
    back = "  change 2 * ∑ k in Finset.range 3, f k = 8\n  rw [h]"
    assert accepts(head + "  let s := ∑ k in Finset.range 3, f k\n  change 2 * s = 8\n" + back)
    assert not accepts(head + "  let s := ∑ k in Finset.range 3, f k\n  change 2 * s = 8\n  rw [h]")
    assert not accepts(head + "  let s := ∑ k in Finset.range 3, f k\n  change 2 * s = 9\n  sorry")
    assert not accepts(head + "  change 2 * 4 = 8\n  rfl")  # `h` is no definitional unfolding
    assert not accepts("(x : ℕ) (h : x = 2) : x = 2 := by\n  change x = 2 at h\n  exact h")
