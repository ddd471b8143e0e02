"""`by` blocks as terms and `show T by tac` / `show T from e`."""

from __future__ import annotations

import pytest

from minilean.engine import TacticError, apply_tactic, elaborate, initial_env
from minilean.syntax import SyntaxErr, parse_term


def _errors(src: str) -> list[str]:
    return [m.data for m in elaborate(initial_env(), src).messages if m.severity == "error"]


H = "theorem tb (x : ℝ) (h : x > 1) : x > 0 ∧ x > -1 := by\n"


def test_parse_by_and_show() -> None:
    assert parse_term("⟨by linarith, by norm_num⟩") == ("anon", (("by", "linarith"), ("by", "norm_num")))
    assert parse_term("show x > 0 by linarith")[0] == "ascr"
    assert parse_term("f (by simp [a, b]) c") == ("app", ("id", "f"), (("by", "simp [a, b]"), ("id", "c")))
    assert parse_term("show p from h") == ("ascr", ("id", "h"), ("id", "p"))
    with pytest.raises(SyntaxErr):
        parse_term("show p")
    with pytest.raises(SyntaxErr):
        parse_term("⟨by , h⟩")


def test_anonymous_constructor_of_by_blocks() -> None:
    assert _errors(H + "  exact ⟨by linarith, by linarith⟩\n") == []
    errs = _errors(H + "  exact ⟨by linarith, by norm_num⟩\n")  # norm_num cannot use h
    assert errs


def test_show_by_and_show_from() -> None:
    assert _errors(H + "  have h2 : x > 0 := show x > 0 by linarith\n  exact ⟨h2, by linarith⟩\n") == []
    assert _errors(H + "  have h2 : x > 1 := show x > 1 from h\n  exact ⟨by linarith, by linarith⟩\n") == []
    # `show` with a type that is not the expected one is a type mismatch
    assert _errors(H + "  have h2 : x > 0 := show x > 1 from h\n  exact ⟨h2, by linarith⟩\n")


def test_by_in_hint_lists() -> None:
    src = "theorem tbh (x : ℝ) (h : x > 1) : x ^ 2 > 1 := by\n  nlinarith [show x > 0 by linarith]\n"
    assert _errors(src) == []


def test_false_statements_stay_rejected() -> None:
    src = "theorem tbf (x : ℝ) (h : x > 1) : x > 2 ∧ x > 0 := by\n  exact ⟨by linarith, by linarith⟩\n"
    assert _errors(src)
    # a lying `show` in a hint fails inside its own block
    src = "theorem tbf2 (x : ℝ) (h : x > 1) : x > 5 := by\n  linarith [show x > 5 by linarith]\n"
    assert _errors(src)


def test_sorry_inside_a_term_block_is_reported() -> None:
    res = elaborate(initial_env(), H + "  exact ⟨by sorry, by linarith⟩\n")
    assert not res.has_errors and len(res.sorries) == 1


def test_by_needs_a_known_type_and_the_protocol_path() -> None:
    state = elaborate(initial_env(), H + "  sorry\n").sorries[0]
    assert apply_tactic(state, "exact ⟨by linarith, by linarith⟩") == []
    with pytest.raises(TacticError, match="expected type must be known"):
        apply_tactic(state, "have h3 := (by linarith)")
    with pytest.raises(TacticError, match="unsolved goals"):
        apply_tactic(state, "exact ⟨by skip, by linarith⟩")
