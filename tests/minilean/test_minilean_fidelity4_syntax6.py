"""Surface syntax inside proofs (round 6): layout of `<;>`, and the other parsing fixes of that round.

A `<;>` line is a trailing parser without a column check, so Lean's Pratt loop attaches it to the
innermost tactic parsed last, even when the line sits left of that tactic's block."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


_CASES = ("(x : ℝ) (h : x = 1 ∨ x = 2) : x ≥ 1 := by\n  cases h with\n  | inl h => {a}\n  | inr h => {b}\n"
          "  <;> linarith")


def test_dedented_then_continues_last_alternative() -> None:
    assert _accepts(_CASES.format(a="linarith", b="skip"))


def test_dedented_then_does_not_reach_earlier_alternatives() -> None:
    # only the last alternative's tactic gets `<;> linarith`: the first one stays unsolved
    assert not _accepts(_CASES.format(a="skip", b="linarith"))


def test_dedented_then_after_have_block_stays_inside_it() -> None:
    inner = "(x : ℝ) (h : x = 1) : x ≥ 0 := by\n  have h2 : x ≥ 1 := by\n    {t}\n  <;> linarith\n{tail}"
    # `skip <;> linarith` proves the `have`; the main goal still needs its own tactic
    assert _accepts(inner.format(t="skip", tail="  linarith"))
    # it is not `(have …) <;> linarith`: the main goal is left open
    assert not _accepts(inner.format(t="linarith", tail=""))


def test_dedented_then_after_induction() -> None:
    src = ("(n : ℕ) : n + 0 = n := by\n  induction n with\n  | zero => rfl\n  | succ k ih => skip\n"
           "  <;> omega")
    assert _accepts(src)
    false = ("(n : ℕ) : n + 1 = n := by\n  induction n with\n  | zero => skip\n  | succ k ih => skip\n"
             "  <;> omega")
    assert not _accepts(false)


# `exact`/term checks: isDefEq folds closed ℕ literal arithmetic and ℕ offsets (`a (1 + 1)` is `a 2`)


def test_exact_sees_nat_literal_arithmetic_in_arguments() -> None:
    assert _accepts("(a : ℕ → ℝ) (h : ∀ m, a (m + 1) = a m) : a 2 = a 1 := h 1")
    assert _accepts("(a : ℕ → ℝ) (h : a (2 + 2) = 0) : a 4 = 0 := by\n  exact h")
    assert not _accepts("(a : ℕ → ℝ) (h : ∀ m, a (m + 1) = a m) : a 3 = a 1 := h 1")


def test_exact_sees_nat_offsets() -> None:
    assert _accepts("(x y : ℕ) (h : y = x + 12 + 1) : y = x + 13 := by\n  exact h")
    assert not _accepts("(x y : ℕ) (h : y = x + 12 + 1) : y = x + 14 := by\n  exact h")


def test_exact_does_not_fold_real_arithmetic() -> None:
    # ℝ addition does not compute: Lean's isDefEq cannot fold `12 + 1` there
    assert not _accepts("(x y : ℝ) (h : y = x + 12 + 1) : y = x + 13 := by\n  exact h")


# `√x` is Mathlib's `prefix:max "√" => Real.sqrt`: it takes one argument at max precedence


def test_sqrt_prefix_is_real_sqrt() -> None:
    assert _accepts("(x : ℝ) (h : √x = 2) : Real.sqrt x = 2 := h")
    assert _accepts("(k : ℕ) (h : √k = 3) : Real.sqrt (k : ℝ) = 3 := h")
    assert _accepts("(x : ℝ) (h : Real.sqrt x * 2 = 4) : √x * 2 = 4 := h")
    assert _accepts("(x : ℝ) (h : Real.sqrt x ^ 2 = 4) : √x ^ 2 = 4 := h")
    assert _accepts("(x : ℝ) (h : Real.sqrt (x⁻¹) = 4) : √x⁻¹ = 4 := h")


def test_sqrt_prefix_binds_tighter_than_operators() -> None:
    assert not _accepts("(x : ℝ) (h : Real.sqrt (x * 2) = 4) : √x * 2 = 4 := h")
    assert not _accepts("(x : ℝ) (h : Real.sqrt (x ^ 2) = 4) : √x ^ 2 = 4 := h")
