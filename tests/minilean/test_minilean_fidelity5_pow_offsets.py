"""`pow_succ` in simp against a numeral exponent: Lean unifies `?n + 1` with a ℕ literal (offset unification),
and simp's discrimination tree indexes the offset pattern as a wildcard, so `simp [pow_succ]` unfolds
`x ^ 5` step by step. The exponent of `^` is always ℕ (Monoid.npow), so the match runs at ℕ."""

from __future__ import annotations

import minilean.engine as engine
from minilean.decls import initial_env


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


def test_simp_pow_succ_unfolds_numeral_power() -> None:
    assert _errors("theorem t (x : ℤ) : x ^ 2 = x * x := by\n  simp [pow_succ]\n") == []


def test_simp_pow_succ_residue_case_split() -> None:
    src = (
        "theorem t (x : ℤ) (h : x % 7 = 3) : x ^ 3 % 7 = 6 := by\n"
        "  simp [h, pow_succ, Int.mul_emod]\n"
    )
    assert _errors(src) == []


def test_false_residue_refused() -> None:
    src = (
        "theorem t (x : ℤ) (h : x % 7 = 3) : x ^ 3 % 7 = 5 := by\n"
        "  simp [h, pow_succ, Int.mul_emod]\n"
    )
    assert _errors(src)


def test_zero_exponent_does_not_match_offset() -> None:
    # `?n + 1 =?= 0` fails in Lean: no rewrite
    errs = _errors("theorem t (x : ℤ) : x ^ 0 = 1 := by\n  rw [pow_succ]\n")
    assert errs and "did not find instance" in errs[0]


def test_simp_only_pow_succ_without_defaults_leaves_pow_zero() -> None:
    # simp only [pow_succ]: x^2 becomes x^0 * x * x; pow_zero/one_mul are not in the set, so the goal
    # `x ^ 2 = x * x` is not closed (Lean: unsolved goals)
    errs = _errors("theorem t (x : ℤ) : x ^ 2 = x * x := by\n  simp only [pow_succ]\n")
    assert errs
