"""`ring_nf` is recursive (Mathlib's RingNF.Config.recursive, on by default): the arguments of an atom
such as ℕ's truncated subtraction, `/` or `%` are normalized too."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(a b c : ℕ) (h : 10 * a + a - b = c * 2) : a * 11 - b = c * 2 := by\n  ring_nf at h\n  exact h",
        "(a : ℕ) (h : (a + a) % 3 = 1) : a * 2 % 3 = 1 := by\n  ring_nf at h\n  exact h",
        "(a : ℤ) (h : (3 * a + a) / 2 = 6) : a * 4 / 2 = 6 := by\n  ring_nf at h\n  exact h",
    ],
)
def test_ring_nf_enters_atoms(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # the printed form puts the numeral on the right: `exact` with `11 * a` does not match
        "(a b c : ℕ) (h : 10 * a + a - b = c * 2) : 11 * a - b = c * 2 := by\n  ring_nf at h\n  exact h",
        # false variants
        "(a b c : ℕ) (h : 10 * a + a - b = c * 2) : a * 12 - b = c * 2 := by\n  ring_nf at h\n  exact h",
        "(a : ℕ) (h : (a + a) % 3 = 1) : a * 2 % 3 = 2 := by\n  ring_nf at h\n  exact h",
    ],
)
def test_ring_nf_refusals(src: str) -> None:
    assert not _accepts(src)
