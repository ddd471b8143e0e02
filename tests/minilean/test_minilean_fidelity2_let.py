# ruff: noqa: E501
"""`let y := v` with a number `v`: `y` is a variable whose value only definitional checks see (`rfl`,
`exact`, `show`), as in Lean; `linarith`, `simp`, `norm_num` treat it as an atom. Substitutions that could
capture a name are not made."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.goals import Hyp
from minilean.let_values import zeta
from minilean.syntax import REAL, EBin, ENum, EVar, PQuant, PRel


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_zeta_substitutes_and_refuses_capture() -> None:
    hyps = (Hyp("x", REAL), Hyp("y", REAL, True, EBin("+", EVar("x"), ENum(1))))
    p = PRel("=", EVar("y"), ENum(3), REAL)
    assert zeta(p, hyps) == PRel("=", EBin("+", EVar("x"), ENum(1)), ENum(3), REAL)
    assert zeta(PRel("=", EVar("x"), ENum(3), REAL), hyps) is None  # nothing to unfold
    captured = PQuant("∀", "x", REAL, p)  # `∀ x, y = 3`: x in the value would be captured
    assert zeta(captured, hyps) is None
    shadowed = (*hyps, Hyp("x", REAL))  # a later `x` hides the one the value means
    assert zeta(p, shadowed) is None


@pytest.mark.parametrize(
    "src",
    [
        "(u : ℝ) (h₁ : u^2 - 4 * u - 5 ≠ 0) : (u^2 - 4 * u) - 5 ≠ 0 := by\n  let w := u^2 - 4 * u\n  have hw : u^2 - 4 * u = w := rfl\n  rw [hw] at h₁\n  exact h₁",
        "(a b : ℝ) (h : a < b) : b - a > 0 := by\n  let d := b - a\n  have hd : d > 0 := by exact sub_pos.mpr h\n  exact hd",
        "(n : ℕ) : n = 13 * (n / 13) + n % 13 := by\n  let q := n / 13\n  let r := n % 13\n  have e : n = 13 * q + r := (Nat.div_add_mod n 13).symm\n  exact e",
        "(a : ℤ) : a + 2 = a + 2 := by\n  let m : ℤ := a + 2\n  show m = a + 2\n  rfl",
        "(a : ℝ) (h : 0 < a) : 0 < a * 3 := by\n  let c := a * 3\n  have hc : c = a * 3 := rfl\n  nlinarith [hc]",
        # the unifier unfolds `r` to find the modulus
        "(n : ℕ) : n % 29 < 29 := by\n  let r := n % 29\n  have hr : r < 29 := Nat.mod_lt n (by norm_num)\n  exact hr",
        # `simp [c]` unfolds the let-bound `c`
        "(a : ℝ) (h : 0 < a) : True := by\n  let c := a * 3\n  have hc : c = 3 * a := by simp [c]; ring\n  trivial",
    ],
)
def test_let_values_unfold_definitionally(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize(
    "src",
    [
        # linarith does not see let values (Mathlib's treats `d` as an atom)
        "(a b : ℝ) (h : a < b) : b - a > 0 := by\n  let d := b - a\n  have hd : d > 0 := by linarith\n  exact hd",
        # the unfolded modulus is 28, not 29
        "(n : ℕ) : True := by\n  let r := n % 28\n  have hr : r < 29 := Nat.mod_lt n (by norm_num)\n  trivial",
        # without naming it, simp does not unfold `c`
        "(a : ℝ) (h : 0 < a) : True := by\n  let c := a * 3\n  have hc : c = 3 * a := by simp; ring\n  trivial",
        # a wrong definitional claim
        "(u : ℝ) : u = u := by\n  let w := u + 1\n  have hw : w = u + 2 := rfl\n  rfl",
        # the bound `x` is not the `x` the value mentions
        "(x : ℝ) : True := by\n  let y := x + 1\n  have h : ∀ x : ℝ, y = x + 1 := fun x => rfl\n  trivial",
        # let-bound predicates stay outside the fragment (functions to numbers: fidelity4_let_functions)
        "(x : ℝ) : True := by\n  let f := fun t : ℝ => t < x\n  trivial",
        # real arithmetic is not evaluated by unfolding: `w = 2 + 2` unfolds to `2 + 2 = 4`, not rfl on ℝ
        "(u : ℝ) : True := by\n  let w : ℝ := 2 + 2\n  have hw : w = 4 := rfl\n  trivial",
    ],
)
def test_refused(src: str) -> None:
    assert not _accepts(src), src
