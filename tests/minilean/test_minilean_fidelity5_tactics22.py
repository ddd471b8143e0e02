"""Round 22b (tactic behaviour): `contradiction`'s decide check, `rfl` as an argument whose binder type
other arguments fix (`absurd rfl h`), simp's `Finset.sum_const` / `prod_const` with the card lemmas,
`Rat.cast_div` in simp / push_cast, simp's `add_sub_cancel_*` / `sub_add_cancel`, the definitional
`((a + b : ℕ) : ℤ) = ↑a + ↑b` in term checks, and conformance_depth's admission of a whole proof.
Each fix: a small theorem Lean accepts (now accepted) and nearby ones Lean refuses (still refused)."""

from __future__ import annotations

from lemma_batch_checks import accepts

from minilean import conformance_depth as cd
from minilean.nat_int_cast import push_nat_int_casts
from minilean.syntax import INT, NAT, REAL, EBin, ECast, ENum, EVar, PRel


def test_contradiction_decides_closed_hypotheses() -> None:
    # Lean's `contradiction` evaluates `decide` on a hypothesis without free variables
    assert accepts("(n : ℕ) (h : 1 < 1) : n = 3 := by\n  contradiction")
    assert accepts("(n : ℕ) (h : (7 : ℕ) ≤ 2 + 1) : n = 3 := by\n  contradiction")
    assert accepts("(x : ℝ) (h : (2 : ℤ) ∣ 5) : x = 3 := by\n  contradiction")
    # a true closed fact, a variable, or a type without a computable order: no contradiction
    assert not accepts("(n : ℕ) (h : 1 < 2) : n = 3 := by\n  contradiction")
    assert not accepts("(n : ℕ) (h : n < n) : n = 3 := by\n  contradiction")
    assert not accepts("(n : ℕ) (h : (1 : ℝ) < 1) : n = 3 := by\n  contradiction")


def test_absurd_rfl() -> None:
    assert accepts("(x : ℝ) (h : x ≠ x) : x = 5 := by\n  exact absurd rfl h")
    assert accepts("(h : (2 : ℕ) + 2 ≠ 4) : False := absurd rfl h")
    # `rfl` must still prove the type the other argument fixes
    assert not accepts("(x y : ℝ) (h : x ≠ y) : x = 5 := by\n  exact absurd rfl h")
    assert not accepts("(h : (2 : ℕ) + 2 ≠ 5) : False := absurd rfl h")


def test_simp_sum_const() -> None:
    assert accepts("(u : ℕ → ℚ) : ∑ k in Finset.range 98, u 0 = 98 * u 0 := by\n  simp")
    assert accepts("(c : ℝ) (n : ℕ) : ∑ i in Finset.range n, c = n * c := by\n  simp")
    assert accepts("(c n : ℕ) : ∑ i in Finset.range n, c = n * c := by\n  simp")
    assert accepts("(c : ℝ) (n : ℕ) : ∏ i in Finset.range n, c = c ^ n := by\n  simp")
    assert accepts("(c : ℝ) : ∑ i in Finset.Icc 1 10, c = 10 * c := by\n  norm_num")
    assert accepts("(c : ℚ) (h : ∑ i in Finset.range 4, c = 8) : c = 2 := by\n  simp at h\n  linarith")
    # wrong count; a body that uses the index; `simp only` without the lemmas
    assert not accepts("(c : ℚ) : ∑ i in Finset.range 98, c = 97 * c := by\n  simp")
    assert not accepts("(c : ℚ) : ∑ i in Finset.range 98, (i + c) = 98 * c := by\n  simp")
    assert not accepts("(c : ℚ) : ∑ i in Finset.range 98, c = 98 * c := by\n  simp only []")


def test_rat_cast_div() -> None:
    assert accepts("(a b : ℚ) (m : ℝ) : m + ((a / b : ℚ) : ℝ) = m + (a : ℝ) / (b : ℝ) := by\n  norm_num")
    assert accepts("(a b : ℚ) (m : ℝ) : m + ((a / b : ℚ) : ℝ) = m + (a : ℝ) / (b : ℝ) := by\n"
                   "  push_cast\n  rfl")
    # ℕ and ℤ division do not commute with the cast
    assert not accepts("(a b : ℕ) (m : ℝ) : m + ((a / b : ℕ) : ℝ) = m + (a : ℝ) / (b : ℝ) := by\n  simp")
    assert not accepts("(a b : ℤ) : (((a / b : ℤ) : ℝ)) = (a : ℝ) / (b : ℝ) := by\n  push_cast\n  rfl")
    assert not accepts("(a b : ℚ) : ((a / b : ℚ) : ℝ) = (b : ℝ) / (a : ℝ) := by\n  simp")


def test_simp_add_sub_cancel() -> None:
    assert accepts("(n : ℕ) : ((n : ℤ) + 1 - 1 : ℤ) = n := by\n  simp")
    assert accepts("(x y : ℝ) : x + y - x = y := by\n  simp")
    assert accepts("(x y : ℝ) : x - y + y = x := by\n  simp")
    assert not accepts("(x y : ℝ) : x - y + x = y := by\n  simp")
    assert not accepts("(x y : ℝ) : x + y - x = x := by\n  simp")


def test_nat_int_cast_defeq() -> None:
    e = ECast(EBin("+", EVar("n"), ENum(1)), NAT, INT)
    assert push_nat_int_casts(PRel("=", e, EVar("z"), INT)) == PRel(
        "=", EBin("+", ECast(EVar("n"), NAT, INT), ENum(1)), EVar("z"), INT)
    r = ECast(EBin("+", EVar("n"), ENum(1)), NAT, REAL)
    assert push_nat_int_casts(PRel("=", r, EVar("z"), REAL)) == PRel("=", r, EVar("z"), REAL)
    h = "(n p : ℕ) (h : ((n + 1 : ℕ) : ℤ) * p ≤ ((n + 1 : ℕ) : ℤ) + p)"
    assert accepts(f"{h} : ((n : ℤ) + 1) * p ≤ (n : ℤ) + 1 + p := by\n  exact h")
    assert accepts(f"{h} : (n + 1) * p ≤ n + 1 + p := by\n  exact (Nat.cast_le (α := ℤ)).mp h")
    # ℕ subtraction, other offsets, casts into ℝ: not definitional
    assert not accepts("(n p : ℕ) (h : ((n + 2 : ℕ) : ℤ) ≤ p) : (n : ℤ) + 1 ≤ p := by\n  exact h")
    assert not accepts("(n p : ℕ) (h : ((n - 1 : ℕ) : ℤ) ≤ p) : (n : ℤ) - 1 ≤ p := by\n  exact h")
    assert not accepts("(n p : ℕ) (h : ((n + 1 : ℕ) : ℝ) ≤ p) : (n : ℝ) + 1 ≤ p := by\n  exact h")


def test_documented_gaps_now_closed() -> None:
    # the soundness audit's list: these already hold on this branch (kept as regression tests)
    assert accepts(": (0 : ℝ) ≤ Real.sqrt 5 := by\n  positivity")
    assert accepts("(n : ℕ) (h : 0 < n) : 1 ≤ n := by\n  cases n with\n  | zero => contradiction\n"
                   "  | succ k => omega")
    assert accepts("(f : ℕ → ℕ) (h : ∀ x, f x = 2 * x) (n : ℕ) : ∑ i in Finset.range n, f i = "
                   "∑ i in Finset.range n, 2 * i := by\n  simp only [h]")
    assert not accepts(": (0 : ℝ) < Real.sqrt 0 := by\n  positivity")


def test_depth_admits_the_whole_proof_of_a_multiline_header() -> None:
    lines = ["theorem foo", "  (n : ℕ) :", "  n = n + 0 := by", "  simp", "  done", "", "#print axioms foo"]
    new, n = cd.admit_proof_body(lines, 3)
    assert new[:4] == ["theorem foo", "  (n : ℕ) :", "  n = n + 0 := by", "  sorry"] and n == 2
    inner = ["theorem foo (n : ℕ) : n = n := by", "  have h : n = n := by", "    rfl", "  rfl"]
    assert cd.admit_proof_body(inner, 1) is None  # one-line header: admit_block's business
    assert cd.admit_proof_body(inner, 2) is None  # a `by` inside the proof
