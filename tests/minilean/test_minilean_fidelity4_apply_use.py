"""`apply e` elaborates e's explicit arguments before unifying with the goal (Lean's elabTermForApply),
and unfolds the goal's let-bound variables when unification needs them."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_apply_arguments_fix_implicits() -> None:
    # h : 1 ≤ a fixes m := 1, n := a; `11 * 1 ≤ 11 * a` is the goal up to `≥` and ℕ literal arithmetic
    assert _accepts("(a : ℕ) (h : a ≥ 1) : 11 * a ≥ 11 := by\n  apply Nat.mul_le_mul_left 11 h")
    assert _accepts("(a : ℕ) (h : a ≥ 1) : 11 * a ≥ 11 * 1 := by\n  apply Nat.mul_le_mul_left 11 h")


def test_apply_arguments_refuse_wrong_goal() -> None:
    assert not _accepts("(a : ℕ) (h : a ≥ 1) : 11 * a ≥ 12 := by\n  apply Nat.mul_le_mul_left 11 h")
    assert not _accepts("(a : ℕ) (h : a ≥ 1) : 12 * a ≥ 12 := by\n  apply Nat.mul_le_mul_left 11 h")
    # ℝ literal arithmetic is not definitional: `2 * 1` is not `2` there
    assert not _accepts("(a : ℝ) (h : 1 ≤ a) : 2 * 1 ≤ 2 * a + 0 := by\n  apply mul_le_mul_of_nonneg_left h")


def test_apply_by_argument_keeps_old_order() -> None:
    assert _accepts("(a b : ℝ) (h : 0 < a) : 0 < a / 2 := by\n  apply div_pos\n  exact h\n  norm_num")
    assert _accepts("(a b : ℝ) (h : 0 < a) : 0 < a / 2 := by\n  apply div_pos h (by norm_num)")


def test_apply_unfolds_let_goal() -> None:
    src = "(a b c : ℝ) (h : 0 < b + c - a) : True := by\n  let x := (b + c - a) / 2\n"
    assert _accepts(src + "  have hx : 0 < x := by\n    apply div_pos\n    exact h\n    norm_num\n  trivial")
    # the value is a product, not a quotient: div_pos does not unify
    bad = "(a b c : ℝ) (h : 0 < b + c - a) : True := by\n  let x := (b + c - a) * 2\n"
    tail = "  have hx : 0 < x := by\n    apply div_pos\n    exact h\n    norm_num\n  trivial"
    assert not _accepts(bad + tail)
