"""Round 21a: ℝ/ℤ `a - b` is `a + -b` by the `Sub` instance's definition (Mathlib's
`instance : Sub ℝ := ⟨fun a b => a + -b⟩`, core's `Int.sub m n := m + (- n)`), so the elaborator's
check of a term against its expected type (`exact`, `have … := term`) accepts one for the other.
Syntactic tactics (`rw`) and other types (ℚ, ℕ) do not."""

from __future__ import annotations

from lemma_batch_checks import accepts

from minilean import engine  # noqa: F401  (engine registers the proof checker)
from minilean.sub_unfold import unfold_sub
from minilean.syntax import REAL, EBin, ENeg, EVar, PRel


def test_unfold_sub_shape() -> None:
    p = PRel("<", EBin("-", EVar("a"), EVar("b")), EVar("c"), REAL)
    assert unfold_sub(p) == PRel("<", EBin("+", EVar("a"), ENeg(EVar("b"))), EVar("c"), REAL)
    q = PRel("<", EBin("-", EVar("a"), EVar("b")), EVar("c"), "ℚ")
    assert unfold_sub(q) == q  # ℚ's subtraction is not `a + -b` by definition


def test_exact_real_sub_as_add_neg() -> None:
    assert accepts("(a b c : ℝ) (h : a + -b < c) : a - b < c := by\n  exact h")
    assert accepts("(a b c : ℝ) (h : a - b ≤ c) : a + -b ≤ c := by\n  exact h")
    # through a `have … := term` and under a connective
    assert accepts("(a b : ℝ) (h : a + -b = 0 ∧ b = 1) : a - b = 0 ∧ b = 1 := by\n"
                   "  have h' : a - b = 0 ∧ b = 1 := h\n  exact h'")


def test_lemma_application_through_let() -> None:
    # the lemma's conclusion `1 + -v < 1 + v` checked against a goal that mentions a let-bound `1 - v`
    assert accepts("(v : ℝ) (hv : 0 < v) : True := by\n"
                   "  let lo := 1 - v\n  let hi := 1 + v\n"
                   "  have hneg : -v < v := by linarith\n"
                   "  have hlt : lo < hi := (Real.add_lt_add_iff_left (1 : ℝ)).mpr hneg\n"
                   "  trivial")
    assert accepts("(v : ℝ) (hneg : -v < v) : 1 - v < 1 + v := by\n"
                   "  exact (Real.add_lt_add_iff_left (1 : ℝ)).mpr hneg")
    # the wrong side negated: `1 + -v < 1 + v` is not `1 - v < 1 - -v`
    assert not accepts("(v : ℝ) (hneg : -v < v) : 1 - v < 1 - -v + 1 := by\n"
                       "  exact (Real.add_lt_add_iff_left (1 : ℝ)).mpr hneg")


def test_int_sub_as_add_neg() -> None:
    assert accepts("(a b : ℤ) (h : a + -b = 5) : a - b = 5 := by\n  exact h")


def test_refusals() -> None:
    # ℚ: `Rat.sub` normalises, not definitionally `a + -b` on variables
    assert not accepts("(a b c : ℚ) (h : a + -b < c) : a - b < c := by\n  exact h")
    # a false variant: the operands swapped
    assert not accepts("(a b c : ℝ) (h : b + -a < c) : a - b < c := by\n  exact h")
    # rw is syntactic (keyed on the head `HAdd.hAdd`): no instance of `a + -b` in `a - b = 0`
    assert not accepts("(a b : ℝ) (h : a + -b = 0) : a - b = 0 := by\n  rw [h]")
    # inside a function argument the type is not tracked: stays refused (weaker)
    assert not accepts("(f : ℝ → ℝ) (a b : ℝ) (h : f (a + -b) = 0) : f (a - b) = 0 := by\n  exact h")
