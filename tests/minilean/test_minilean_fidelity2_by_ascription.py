"""`(by tac : T)` as an argument: Lean reads the colon as the ascription of the whole `by` block, so the
block proves exactly `T` and `T` fixes the lemma's implicit arguments."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env
from minilean.syntax import parse_term


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


def test_parse_colon_ends_the_block() -> None:
    node = parse_term("Nat.mod_lt m (by norm_num : 0 < 9)")
    assert node[2][1] == ("ascr", ("by", "norm_num"), ("bin", "<", ("num", 0), ("num", 9)))


def test_parse_have_inside_the_block_keeps_its_colon() -> None:
    node = parse_term("f (by have q : 2 < 3 := by norm_num; exact q)")
    assert node[2][0] == ("by", "have q : 2 < 3 := by norm_num; exact q")


def test_ascribed_block_fixes_the_implicit_argument() -> None:
    src = """theorem t (m : ℕ) : m % 9 < 9 := by
  have hb := Nat.mod_lt m (by norm_num : 0 < 9)
  exact hb"""
    assert _accepts(src)


def test_ascription_with_a_false_type_is_refused() -> None:
    src = """theorem t (m : ℕ) : m % 9 < 9 := by
  have hb := Nat.mod_lt m (by norm_num : 9 < 0)
  exact hb"""
    assert not _accepts(src)


def test_ascription_of_the_wrong_shape_is_refused() -> None:
    # `3 < 9` is not `?y > 0`: Lean's unifier refuses it, so the lemma is not applied
    src = """theorem t (m : ℕ) : m % 9 < 9 := by
  have hb := Nat.mod_lt m (by norm_num : 3 < 9)
  exact hb"""
    assert not _accepts(src)


def test_the_ascribed_modulus_must_match_the_goal() -> None:
    src = """theorem t (m : ℕ) : m % 9 < 8 := by
  have hb := Nat.mod_lt m (by norm_num : 0 < 9)
  exact hb"""
    assert not _accepts(src)
