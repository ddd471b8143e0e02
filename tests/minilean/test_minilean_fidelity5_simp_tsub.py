"""Round 17: `tsub_le_iff_right` in the default simp set (`minilean/simp_order.py`) and the lemma row
`le_add_iff_nonneg_right` (`minilean/lemma_table17.py`). Mathlib tags `tsub_le_iff_right : a - b ≤ c ↔
a ≤ c + b` with @[simp], so Lean's `simp` moves a subtracted term to the other side of `≤`."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_refused

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)
from minilean.engine import elaborate, initial_env


def _unsolved(src: str) -> str:
    res = elaborate(initial_env(), f"theorem t {src}")
    msgs = [m.data for m in res.messages if "unsolved goals" in m.data]
    assert msgs, [m.data for m in res.messages]
    return msgs[0]


def test_simp_moves_subtrahend_right() -> None:
    # the goal simp leaves is exactly `a ≤ c + b` (the order Mathlib's lemma gives)
    assert accepts("(a b c : ℝ) (h : a ≤ c + b) : a - b ≤ c := by\n  simp\n  exact h")
    assert accepts("(x y : ℚ) (h : 1 ≤ x * y + 2 * x) : 1 - 2 * x ≤ x * y := by\n  simp\n  exact h")
    assert "⊢ 1 ≤ 1 - 2 * (a * b) + (a * b) ^ 2 + 2 * a * b" in _unsolved(
        "(a b : ℝ) : 1 - 2 * a * b ≤ (1 - a * b) ^ 2 := by\n  rw [sub_sq 1 (a * b)]\n  simp\n  done"
    )


def test_simp_result_order_matters() -> None:
    # `c + b` and `b + c` are different terms: `exact` with the swapped sum fails, as in Lean
    assert not accepts("(a b c : ℝ) (h : a ≤ b + c) : a - b ≤ c := by\n  simp\n  exact h")
    # and the rewritten goal is not closed by simp itself
    assert not accepts("(a b c : ℝ) : a - b ≤ c := by\n  simp")


def test_left_alone_where_not_settled() -> None:
    # ℕ (core simp lemmas on truncated `-` not settled) and `x - y ≤ x - z` (sub_le_sub_iff_left
    # competes): tsub_le_iff_right is not applied there, so no `c + b` form appears
    for src in (
        "(a b c : ℕ) : a - b ≤ c := by\n  simp\n  done",
        "(x y z : ℝ) : x - y ≤ x - z := by\n  simp\n  done",
    ):
        msgs = [m.data for m in elaborate(initial_env(), f"theorem t {src}").messages]
        assert msgs and not any("+ b" in m or "+ y" in m for m in msgs), msgs


def test_le_add_iff_nonneg_right_row() -> None:
    assert accepts("(x y : ℝ) : x ≤ x + y ^ 2 := by\n  rw [le_add_iff_nonneg_right]\n  exact sq_nonneg y")
    assert accepts("(n m : ℕ) : n ≤ n + m := (le_add_iff_nonneg_right n).mpr (Nat.zero_le m)")
    # the lemma's left side is `a ≤ a + b`: no instance in `x ≤ y + x`
    assert not accepts("(x y : ℝ) (h : 0 ≤ y) : x ≤ y + x := by\n  rw [le_add_iff_nonneg_right]\n  exact h")


def test_false_variant_refused() -> None:
    assert_row_refused(("le_add_iff_nonneg_right_bad", "NZQR", "(a : α) {b : α}", "a ≤ a + b ↔ 0 < b"))
