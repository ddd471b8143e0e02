"""Nested `by` blocks in `have`/`suffices`, and tactic arguments continued inside brackets."""

from __future__ import annotations

import pytest

from minilean.engine import TacticError, apply_tactic, elaborate, initial_env


def _errors(src: str) -> list[str]:
    return [m.data for m in elaborate(initial_env(), src).messages if m.severity == "error"]


def _ok(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


HEAD = "theorem nb (x : ℝ) (h : x > 1) : x > 0 := by\n"


def test_have_by_one_line_and_indented_block() -> None:
    assert _ok(HEAD + "  have h2 : x > 0 := by linarith\n  exact h2\n")
    assert _ok(HEAD + "  have h2 : x > 0 := by\n    have h3 : x > 1 / 2 := by linarith\n"
               "    linarith\n  exact h2\n")
    # the statement of the `have` may span lines
    assert _ok(HEAD + "  have h2 : x +\n      1 > 1 := by\n    linarith\n  linarith\n")


def test_failing_or_unfinished_nested_block_fails_the_proof() -> None:
    errs = _errors(HEAD + "  have h2 : x > 2 := by linarith\n  linarith\n")
    assert errs and "linarith failed" in errs[0]
    errs = _errors(HEAD + "  have h2 : x > 0 ∧ x > 1 := by\n    constructor\n    linarith\n  exact h2.1\n")
    assert errs and errs[0].startswith("unsolved goals")
    assert _errors(HEAD + "  have h2 : x > 0 := by\n  exact h2\n")  # empty block
    assert _errors(HEAD + "  have h2 := by linarith\n  exact h2\n")  # Lean needs the type here


def test_false_statement_stays_rejected_through_have_by() -> None:
    src = "theorem nb_false (x : ℝ) (h : x > 1) : x > 3 := by\n  have h2 : x > 0 := by linarith\n  linarith\n"
    assert _errors(src)


def test_semicolon_after_by_belongs_to_the_nested_block() -> None:
    src = ("theorem nb_and (p q : Prop) (hp : p) (hq : q) : q ∧ p := by\n"
           "  have h : p ∧ q := by constructor; exact hp; exact hq\n  exact ⟨h.2, h.1⟩\n")
    assert _ok(src)
    # `<;>` too: both goals of `constructor` get `assumption`
    src2 = ("theorem nb_and2 (p q : Prop) (hp : p) (hq : q) : q ∧ p := by\n"
            "  have h : p ∧ q := by constructor <;> assumption\n  exact ⟨h.2, h.1⟩\n")
    assert _ok(src2)


def test_misindented_block_is_rejected() -> None:
    # the second tactic is left of the block's column but right of `have`: Lean reports an error
    src = HEAD + "  have h2 : x > 0 := by have h3 : x > 1 := h\n     linarith\n  exact h2\n"
    assert _errors(src)


def test_bullets_inside_a_nested_block() -> None:
    src = ("theorem nb_bul (a b : ℕ) (ha : a = 1) (hb : b = 2) : a + b = 3 := by\n"
           "  have h : a = 1 ∧ b = 2 := by\n    constructor\n    · exact ha\n    · exact hb\n  omega\n")
    assert _ok(src)


def test_suffices_by() -> None:
    src = HEAD + "  suffices h2 : x > 1 / 2 by linarith\n  linarith\n"
    assert _ok(src)
    bad = HEAD + "  suffices h2 : x > 1 / 2 by linarith\n  norm_num\n"  # norm_num cannot close x > 1 / 2
    assert _errors(bad)


def test_bracket_continuation_lines() -> None:
    src = ("theorem nb_br (a b : ℝ) : 2 * a * b ≤ a ^ 2 + b ^ 2 := by\n"
           "  nlinarith [sq_nonneg (a - b),\n  sq_nonneg (a + b)]\n")
    assert _ok(src)


def test_one_tactic_through_the_protocol_path() -> None:
    res = elaborate(initial_env(), HEAD + "  sorry\n")
    state = res.sorries[0]
    out = apply_tactic(state, "have h2 : x > 0 := by linarith")
    assert len(out) == 1 and any(h.name == "h2" for h in out[0].goals[0].hyps)
    out = apply_tactic(state, "have h2 : x > 0 ∧ x > 1 := by constructor; linarith; exact h")
    assert len(out) == 1
    with pytest.raises(TacticError, match="linarith failed"):
        apply_tactic(state, "have h2 : x > 5 := by linarith")
