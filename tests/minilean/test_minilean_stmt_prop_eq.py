# ruff: noqa: E501
"""Round 24 (statable terms): equations between propositions, `P = Q` (`@Eq Prop P Q`; prop_eq.py).

Lean: `decide` decides a closed one (core's `Decidable (p = q)` from `Decidable (p ↔ q)`), `rw [h]` with
`h : P = Q` rewrites `P` to `Q`, `simp` turns it into `↔` (`eq_iff_iff`, @[simp]) and uses such a
hypothesis as a rewrite rule, `rfl` closes `P = P`. It is not an `Iff` (no `.1`, `constructor` fails),
and omega does not read it (it matches `Eq` at ℕ/ℤ only)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.syntax import FALSE, ENum, PBin, PPred, parse_term, show_prop, to_prop


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


def test_prop_equation_is_parsed_and_printed() -> None:
    p = to_prop(parse_term("Even 11 = False"), {})
    assert p == PBin("=", PPred("Even", ENum(11), "ℕ"), FALSE)
    assert show_prop(p) == "Even 11 = False"
    q = to_prop(parse_term("(a < 2) = (b < 4)"), {"a": "ℕ", "b": "ℕ"})
    assert show_prop(q) == "(a < 2) = (b < 4)"
    # a numeric equation stays a relation
    assert not isinstance(to_prop(parse_term("a = 2"), {"a": "ℕ"}), PBin)


ACCEPTED = [
    "theorem e1 (c : ℝ) (h : c = 4 ∧ Even 11) : c = 7 := by\n  have h11 : Even 11 = False := by decide\n  rw [h11] at h\n  simp at h",
    "theorem e2 : Odd 11 = True := by\n  decide",
    "theorem e3 (r s : Prop) (h : r = s) (hr : r) : s := by\n  rw [← h]\n  exact hr",
    "theorem e4 (a b : ℕ) (h : (a < 2) = (b < 4)) (ha : a < 2) : b < 4 := by\n  rw [h] at ha\n  exact ha",
    "theorem e5 (a b : ℕ) (h : (a < 2) = (b < 4)) (ha : a < 2) : b < 4 := by\n  simp only [h] at ha\n  exact ha",
    "theorem e6 (a : ℕ) (h : a = 1) : (a < 2) = True := by\n  simp [h]",
    "theorem e7 (a b : ℕ) (h : (a < 2) = (b < 4)) : (b < 4) = (a < 2) := by\n  rw [h]",
    "theorem e8 (r : Prop) : r = r := by\n  rfl",
]

REFUSED = [
    # false variants (soundness)
    "theorem f1 : Even 11 = True := by\n  decide",
    "theorem f2 (a : ℕ) (h : a = 3) : (a < 2) = True := by\n  simp [h]",
    "theorem f3 (a : ℕ) : (a < 2) = (a < 3) := by\n  rfl",
    # Lean's refusals: not an Iff, not an equation omega reads, not an inductive to split
    "theorem f4 (r s : Prop) (h : r = s) (hr : r) : s := h.1 hr",
    "theorem f5 (r s : Prop) (h : r ↔ s) : r = s := by\n  constructor",
    "theorem f6 (a b : ℕ) (h : (a < 2) = (b < 4)) (ha : a < 2) : b < 4 := by\n  omega",
    "theorem f7 (a b : ℕ) (h : (a < 2) = (b < 4)) (ha : a < 2) : b < 4 := by\n  obtain ⟨u, v⟩ := h\n  exact u ha",
    # rw finds no `s` to rewrite
    "theorem f8 (r s : Prop) (h : r = s) (hs : s) : r := by\n  rw [h] at hs\n  exact hs",
]


@pytest.mark.parametrize("src", ACCEPTED)
def test_prop_eq_accepted(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSED)
def test_prop_eq_refused(src: str) -> None:
    assert not _accepts(src), src
