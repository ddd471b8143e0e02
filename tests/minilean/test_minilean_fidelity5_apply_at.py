"""Mathlib's `apply e at h` (Mathlib/Tactic/ApplyAt.lean): `h` fills the first premise of `e` it fits, the
result replaces `h`. minilean handles a name `e` whose first explicit premise `h` fits; refuses the rest."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(m : ℕ) (h : 3 + m = 3 + 7) : m = 7 := by\n  apply add_left_cancel at h\n  exact h",
        "(x : ℤ) (h : x ≤ 2) (f : x ≤ 2 → x < 5) : x < 5 := by\n  apply f at h\n  exact h",
        # the new hypothesis keeps the name and can be used by later tactics
        "(x : ℤ) (h : x ≤ 2) (f : x ≤ 2 → x < 5) : x < 6 := by\n  apply f at h\n  omega",
    ],
)
def test_apply_at_accepts(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false: h does not fit the premise
        "(m : ℕ) (h : 3 + m = 4 + 7) : m = 7 := by\n  apply add_left_cancel at h\n  exact h",
        "(x : ℤ) (h : x ≤ 3) (f : x ≤ 2 → x < 5) : x < 5 := by\n  apply f at h\n  exact h",
        # the old hypothesis is gone (Lean clears it): it cannot be used afterwards
        "(x : ℤ) (h : x ≤ 2) (f : x ≤ 2 → x < 5) : x ≤ 2 ∧ x < 5 := by\n  apply f at h\n  exact ⟨h, h⟩",
        # unknown hypothesis, and more than one location (Lean's syntax takes one identifier)
        "(x : ℤ) (h : x ≤ 2) (f : x ≤ 2 → x < 5) : x < 5 := by\n  apply f at g\n  exact h",
        "(x : ℤ) (h g : x ≤ 2) (f : x ≤ 2 → x < 5) : x < 5 := by\n  apply f at h g\n  exact h",
        # applied arguments in `e` are refused (explicit-mode elaboration differs across versions)
        "(x : ℤ) (h : x ≤ 2) (f : x = x → x ≤ 2 → x < 5) : x < 5 := by\n  apply f rfl at h\n  exact h",
    ],
)
def test_apply_at_refuses(src: str) -> None:
    assert not _accepts(src)
