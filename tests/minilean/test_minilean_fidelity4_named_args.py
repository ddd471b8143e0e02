# ruff: noqa: E501
"""Named arguments `(x := e)` in applications bind the callee's binder called `x` (explicit or implicit,
a value or a hypothesis); the positional arguments fill the remaining explicit binders in order. An
unknown or repeated name is an error, as in Lean. The renaming re-check leaves the label alone."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.recheck import rename_text
from minilean.syntax import parse_term


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_parser_reads_named_arguments() -> None:
    node = parse_term("foo (a := x + 1) h")
    assert node == ("app", ("id", "foo"), (("named", "a", ("bin", "+", ("id", "x"), ("num", 1))), ("id", "h")))
    assert parse_term("(x : ℝ)")[0] == "ascr"  # a type ascription is not a named argument


def test_rename_text_keeps_argument_labels() -> None:
    out = rename_text("exact foo (m := m) hm", {"m": "r0_m", "hm": "r1_hm"})
    assert out == "exact foo (m := r0_m) r1_hm"


ACCEPTED = [
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x * y ≠ 0 := by\n  exact mul_ne_zero (a := x) (b := y) hx hy",
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x * y ≠ 0 := by\n  exact mul_ne_zero (hb := hy) hx",
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x * y ≠ 0 := mul_ne_zero (b := y) hx hy",
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : y * x ≠ 0 := by\n  apply mul_ne_zero (a := y)\n  · exact hy\n  · exact hx",
]

REFUSED = [
    # the named value contradicts the argument's type
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x * y ≠ 0 := by\n  exact mul_ne_zero (a := y) (b := x) hx hy",
    # no binder of that name
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x * y ≠ 0 := by\n  exact mul_ne_zero (c := y) hx hy",
    # set twice
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x * y ≠ 0 := by\n  exact mul_ne_zero (a := x) (a := x) hx hy",
    # a named hypothesis argument is checked like a positional one
    "(x y : ℝ) (hx : x ≠ 0) (hy : y ≠ 0) : x * y ≠ 0 := by\n  exact mul_ne_zero (hb := hx) hy",
    # `.mpr (m := m)` would name a binder of Iff.mpr, which has none called `m` (Lean's error)
    "(m n : ℕ) (h : m ≤ n) : (m : ℝ) ≤ (n : ℝ) := by\n  exact Nat.cast_le.mpr (m := m) h",
]


@pytest.mark.parametrize("src", ACCEPTED)
def test_named_arguments_accepted(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSED)
def test_named_arguments_refused(src: str) -> None:
    assert not _accepts(src), src
