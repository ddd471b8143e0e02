"""Round 24 (statable terms): `Int.emod` / `Int.ediv` written as functions (`a.emod b`; int_divmod.py).

Values as Lean core's (remainder in `[0, |b|)`, `a = b * a.ediv b + a.emod b`, `a.emod 0 = a`,
`a.ediv 0 = 0`); `decide`/`rfl` and `norm_num` (Mathlib's DivMod extension lists `Int.emod _ _`) evaluate
them; `rw` with a `%` equation does not reach `a.emod b` (different terms to keyed matching), omega and
linarith see atoms (Lean's omega unfolds `%`, not `Int.emod`)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.int_divmod import ediv, emod


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), src)
    return not res.has_errors and not res.sorries


def test_values_follow_lean_core() -> None:
    for a in range(-9, 10):
        for b in range(-4, 5):
            r, q = emod(a, b), ediv(a, b)
            assert a == b * q + r
            if b != 0:
                assert 0 <= r < abs(b)
            else:
                assert (r, q) == (a, 0)
    assert (emod(-7, 3), ediv(-7, 3), emod(7, -3), ediv(7, -3)) == (2, -3, 1, -2)


ACCEPTED = [
    "theorem j1 : (-8 : ℤ).emod 3 = 1 := by\n  decide",
    "theorem j2 : Int.ediv (-8) 3 = -3 := by\n  decide",
    "theorem j3 : Int.emod 8 (-3) = 2 := by\n  norm_num",
    "theorem j4 : Int.ediv 8 (-3) = -2 := by\n  norm_num",
    "theorem j5 (c d : ℤ) (h : c.emod 6 = 1) (hd : d = c.emod 6) : d = 1 := by\n  rw [hd, h]",
    "theorem j6 (c : ℤ) (h : c.emod 6 = 1) : c.emod 6 + 2 = 3 := by\n  linarith",
    "theorem j7 (c d : ℤ) (h : (c + d).emod 4 = 0) : (c + d).emod 4 = 0 := by\n  exact h",
]

REFUSED = [
    # false values (soundness): the sign conventions
    "theorem k1 : (-8 : ℤ).emod 3 = -2 := by\n  decide",
    "theorem k2 : Int.ediv (-8) 3 = -2 := by\n  decide",
    "theorem k3 : Int.emod 8 (-3) = -1 := by\n  norm_num",
    # Lean's refusals: a `%` equation does not rewrite `Int.emod` (keyed matching); omega sees
    # `c.emod 6` as an atom (its frontend unfolds `HMod.hMod`, not `Int.emod`)
    "theorem k5 (c : ℤ) (h : c % 6 = 1) : c.emod 6 = 1 := by\n  rw [h]",
    "theorem k6 (c : ℤ) (h : c % 6 = 1) : c.emod 6 = 1 := by\n  omega",
    "theorem k7 (c : ℤ) : 0 ≤ c.emod 6 := by\n  omega",
    # `emod` is an `Int` function: not a field of ℕ
    "theorem k8 (m : ℕ) : m.emod 6 < 6 := by\n  sorry",
]


@pytest.mark.parametrize("src", ACCEPTED)
def test_int_divmod_accepted(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSED)
def test_int_divmod_refused(src: str) -> None:
    assert not _accepts(src), src
