# ruff: noqa: E501
"""Let-bound functions (`let f (x : ℕ) := e`, `let f := fun (x : ℝ) => e`): a local definition whose body
only definitional checks (`exact`, `rfl`, `show`) and the unfolding tactics (`simp [f]`, `dsimp [f]`,
`dsimp only [f]`, `unfold_let f`) see, beta-reduced; `linarith`, `ring`, `omega` treat `f a` as an atom."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.fun_values import FunValue, beta
from minilean.goals import Hyp
from minilean.let_values import let_fun_form, zeta
from minilean.syntax import NAT, REAL, EApp, EBin, ENum, EVar, PQuant, PRel


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_let_fun_form_parses_the_three_spellings() -> None:
    assert let_fun_form("f (n : ℕ) := n + 1") == ("f", "fun (n : ℕ) => n + 1", None)
    assert let_fun_form("g (x y : ℕ) : ℝ := x / y") == ("g", "fun (x y : ℕ) => (x / y : ℝ)", None)
    assert let_fun_form("h : ℕ → ℝ := fun n => n") == ("h", "fun n => n", "ℕ → ℝ")
    assert let_fun_form("h := 3") is None  # a number: the numeric path
    assert let_fun_form("h (n : ℕ) : n = n := rfl") is None  # a proof with binders
    assert let_fun_form("h : ∀ x : ℕ, x = x → x = x := fun x hx => hx") is None  # a proof by `fun`


def test_beta_is_simultaneous_and_zeta_refuses_capture() -> None:
    fv = FunValue(("x", "y"), (REAL, REAL), EBin("-", EVar("x"), EVar("y")), REAL)
    assert beta(fv, (EVar("y"), EVar("x"))) == EBin("-", EVar("y"), EVar("x"))
    body = FunValue(("n",), (NAT,), EBin("+", EVar("n"), EVar("c")), NAT)
    hyps = (Hyp("c", NAT), Hyp("f", "ℕ → ℕ", True, body))
    p = PRel("=", EApp("f", (ENum(2),)), ENum(5), NAT)
    assert zeta(p, hyps) == PRel("=", EBin("+", ENum(2), EVar("c")), ENum(5), NAT)
    # `∀ c, f c = 5`: the body's free `c` would be captured by the binder
    assert zeta(PQuant("∀", "c", NAT, PRel("=", EApp("f", (EVar("c"),)), ENum(5), NAT)), hyps) is None


ACCEPTED = [
    # definitional checks unfold and beta-reduce
    "(a b x y : ℝ) (h₁ : a * x^2 + b * y^2 = 7) : True := by\n  let S (n : ℕ) := a * x^n + b * y^n\n  have hS : S 2 = 7 := h₁\n  trivial",
    "(a : ℝ) : True := by\n  let f := fun (t : ℝ) => t * a + 1\n  have h : f 3 = 3 * a + 1 := rfl\n  trivial",
    "(a : ℝ) : True := by\n  let f : ℝ → ℝ := fun t => t * a\n  have h : f 2 = 2 * a := by\n    show 2 * a = 2 * a\n    rfl\n  trivial",
    "(d : ℕ → ℕ) (h₀ : d 0 = 4) : True := by\n  let p (n : ℕ) := d n % 2\n  have p0 : p 0 = 0 := by simp [p, h₀]\n  trivial",
    # dsimp only unfolds; the result is left for the next tactic
    "(a : ℝ) (h : a * a + 1 = 5) : True := by\n  let g (t : ℝ) := t * t + 1\n  have hg : g a = 5 := by\n    dsimp only [g]\n    exact h\n  trivial",
    "(a : ℝ) (h : a * a + 1 = 5) : True := by\n  let g (t : ℝ) := t * t + 1\n  have hg : g a = 5 := by\n    dsimp [g]\n    exact h\n  trivial",
    "(a : ℝ) (h : a * a + 1 = 5) : True := by\n  let g (t : ℝ) := t * t + 1\n  have hg : g a = 5 := by\n    unfold_let g\n    exact h\n  trivial",
    # dsimp at a hypothesis; two arguments
    "(a : ℝ) : True := by\n  let g (s t : ℝ) : ℝ := s - t\n  have hg : g a a = 0 := by\n    dsimp only [g]\n    ring\n  trivial",
    "(a : ℝ) (h : a * 2 = 4) : a = 2 := by\n  let g (t : ℝ) := t * 2\n  have hg : g a = 4 := h\n  dsimp only [g] at hg\n  linarith",
    # simp only [f] with a quantified variable, then ring
    "(x : ℝ) : True := by\n  let S (n : ℕ) := x * n\n  have hr : ∀ n : ℕ, S n + x = x * (n + 1) := by\n    intro n\n    simp only [S]\n    ring\n  trivial",
]

# ring1's `eval` puts subterms in whnfR, which zeta-delta-reduces a let-bound function and beta-reduces
ACCEPTED.append("(a : ℝ) : True := by\n  let g (t : ℝ) := t * 2\n  have hg : g a = 2 * a := by ring\n  trivial")

REFUSED = [
    # a wrong definitional claim
    "(a : ℝ) : True := by\n  let f := fun (t : ℝ) => t * a + 1\n  have h : f 3 = 3 * a + 2 := rfl\n  trivial",
    # linarith does not see the body (its linear forms are read syntactically: `g a` is an atom)
    "(a : ℝ) (h : a * 2 = 4) : True := by\n  let g (t : ℝ) := t * 2\n  have hg : g a = 4 := by linarith\n  trivial",
    # ring sees it (round 8: whnfR zeta-delta-reduces `g`), but the claim is false
    "(a : ℝ) : True := by\n  let g (t : ℝ) := t * 2\n  have hg : g a = 3 * a := by ring\n  trivial",
    # simp without the name does not unfold it
    "(d : ℕ → ℕ) (h₀ : d 0 = 4) : True := by\n  let p (n : ℕ) := d n % 2\n  have p0 : p 0 = 0 := by simp [h₀]\n  trivial",
    # untyped parameters and predicates are outside the fragment
    "(a : ℝ) : True := by\n  let f := fun t => t * a\n  trivial",
    "(a : ℕ) : True := by\n  let P (n : ℕ) : Prop := n < a\n  trivial",
    # dsimp [g] would go on to evaluate `2 + 3` (a default ℕ simproc): not modelled, refused
    "(d : ℕ → ℕ) : True := by\n  let g (n : ℕ) := n + 3\n  have h : g 2 = 5 := by\n    dsimp [g]\n  trivial",
    # no progress is an error
    "(a : ℝ) (h : a = 1) : a = 1 := by\n  let g (t : ℝ) := t * 2\n  dsimp only [g]\n  exact h",
    # dsimp with anything else than let-bound names is not supported
    "(a : ℝ) (h : a = 1) : a = 1 := by\n  dsimp only [h]\n  exact h",
    # the wrong body after unfolding
    "(a : ℝ) (h : a * a + 1 = 5) : True := by\n  let g (t : ℝ) := t * t + 1\n  have hg : g a = 6 := by\n    dsimp only [g]\n    exact h\n  trivial",
]


@pytest.mark.parametrize("src", ACCEPTED)
def test_let_functions_accepted(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSED)
def test_let_functions_refused(src: str) -> None:
    assert not _accepts(src), src
