"""linarith's atoms are compared by reducible `isDefEq`, which includes Lean's ℕ offset check
(`Lean.Meta.isDefEqOffset`): `↑(n + 1 + 1)` and `↑(n + 2)` are one atom. Chains Lean's `getOffset` does not
read as offsets (`1 + n + 1`) stay distinct atoms."""

from __future__ import annotations

import minilean.engine as engine
from minilean.decls import initial_env
from minilean.nat_offsets import canonical_offset
from minilean.syntax import EBin, ENum, EVar


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


def test_offset_cast_atoms_identified() -> None:
    src = "theorem t (n : ℕ) (x : ℝ) (h : x ≤ (↑(n + 2) : ℝ)) : x ≤ ↑(n + 1 + 1) := by\n  linarith\n"
    assert _errors(src) == []


def test_offset_under_division_and_power() -> None:
    src = (
        "theorem t (n : ℕ) (x : ℝ) (h : x * (1 + 1 / (↑(n + 2) : ℝ) ^ 3) ≤ 3 - 1 / (↑(n + 2) : ℝ)) :\n"
        "    x * (1 + 1 / (↑(n + 1 + 1) : ℝ) ^ 3) ≤ 3 - 1 / (↑(n + 1 + 1) : ℝ) := by\n"
        "  linarith\n"
    )
    assert _errors(src) == []


def test_numeral_first_chain_is_no_offset() -> None:
    # `1 + n + 1`: getOffset fails on `1 + n` (its right operand is not a numeral), so Lean's linarith keeps
    # `↑(1 + n + 1)` and `↑(n + 2)` apart and fails
    src = "theorem t (n : ℕ) (x : ℝ) (h : x ≤ (↑(1 + n + 1) : ℝ)) : x ≤ ↑(n + 2) := by\n  linarith\n"
    errs = _errors(src)
    assert errs and "linarith failed" in errs[0]


def test_different_offsets_refused() -> None:
    src = (
        "theorem t (n : ℕ) (x : ℝ) (h : x ≤ 1 / (↑(n + 2) : ℝ)) : x ≤ 1 / ↑(n + 1 + 1 + 1) := by\n"
        "  linarith\n"
    )
    errs = _errors(src)
    assert errs and "linarith failed" in errs[0]


def test_canonical_offset_shapes() -> None:
    n = EVar("n")
    one = ENum(1)
    assert canonical_offset(EBin("+", EBin("+", n, one), one)) == EBin("+", n, ENum(2))
    no_offset = EBin("+", EBin("+", one, n), one)
    assert canonical_offset(no_offset) == no_offset
