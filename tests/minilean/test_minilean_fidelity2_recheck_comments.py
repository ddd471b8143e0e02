"""The renaming re-check renames the names a source binds; a lemma name mentioned in a comment
("-- the theorem mul_assoc gives …") is not bound, so the proof that uses that lemma is not refused."""

from __future__ import annotations

from minilean.comment_mask import blank_comments
from minilean.engine import elaborate, initial_env
from minilean.recheck import bound_names


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


def test_blank_comments_keeps_positions() -> None:
    src = "a -- theorem x\n/- b /- c -/ d -/ e"
    out = blank_comments(src)
    assert len(out) == len(src) and out.count("\n") == 1
    assert out.split() == ["a", "e"]


def test_comment_mentions_are_not_bound() -> None:
    src = (
        "theorem t (m : ℕ) : True := by\n  -- the theorem mul_assoc gives the shape\n"
        "  have hm : m = m := rfl\n  trivial"
    )
    names = bound_names(src)
    assert "mul_assoc" not in names
    assert {"t", "m", "hm"} <= names


def test_lemma_named_in_a_comment_still_works() -> None:
    src = """theorem t (m : ℕ) : 2 * (2 * m) = 2 * 2 * m := by
  -- The theorem mul_assoc gives (a * b) * c = a * (b * c); use it right to left
  rw [← mul_assoc 2 2 m]"""
    assert _accepts(src)


def test_the_proof_is_still_checked() -> None:
    src = """theorem t (m : ℕ) : 2 * (2 * m) = 2 * 3 * m := by
  -- The theorem mul_assoc gives (a * b) * c = a * (b * c)
  rw [← mul_assoc 2 2 m]"""
    assert not _accepts(src)


def test_tactics_after_a_pattern_are_not_bound() -> None:
    names = bound_names("theorem t : True := by\n  rcases foo with (ha | hb) <;> linarith; simp")
    assert {"ha", "hb"} <= names
    assert not {"linarith", "simp"} & names
