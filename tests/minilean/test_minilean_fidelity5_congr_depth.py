"""`congr n` (Lean core `MVarId.congrN`): split `f a… = f b…` into argument equations to depth n, closing
those `Eq.refl` or an assumption proves (congr_depth.py)."""

from __future__ import annotations

import minilean.engine as engine
from minilean.decls import initial_env


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


def test_rpow_exponents() -> None:
    src = "theorem t (a b : ℝ) : (2:ℝ) ^ (a * b) = (2:ℝ) ^ (b * a) := by\n  congr 1\n  ring\n"
    assert _errors(src) == []


def test_assumption_closes_an_argument_goal() -> None:
    src = "theorem t (a b c d : ℝ) (h : a = c) : a * (b + d) = c * (d + b) := by\n  congr 1\n  ring\n"
    assert _errors(src) == []


def test_argument_goal_without_proof_stays_open() -> None:
    # without `h`, the goal `a = c` is left first: `ring` cannot prove it
    src = "theorem t (a b c d : ℝ) : a * (b + d) = c * (d + b) := by\n  congr 1\n  ring\n"
    assert _errors(src)


def test_different_heads_fail() -> None:
    errs = _errors("theorem t (a b : ℝ) : a + b = b * a := by\n  congr 1\n")
    assert errs and "failed to apply congruence" in errs[0]


def test_depth_two_splits_twice() -> None:
    # f (a + b) = f (b + a) at depth 2: `a = b` and `b = a`, both false in general
    src = "theorem t (a b : ℕ) (f : ℕ → ℕ) : f (a + b) = f (b + a) := by\n  congr 2\n"
    errs = _errors(src)
    assert errs and "a = b" in errs[0]
    src1 = "theorem t (a b : ℕ) (f : ℕ → ℕ) : f (a + b) = f (b + a) := by\n  congr 1\n  ring\n"
    assert _errors(src1) == []


def test_nat_power_exponent_goal_is_nat() -> None:
    src = "theorem t (x : ℝ) (m n : ℕ) (h : m = n) : x ^ m = x ^ n := by\n  congr 1\n"
    assert _errors(src) == []
