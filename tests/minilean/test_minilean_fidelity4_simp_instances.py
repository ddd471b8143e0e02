# ruff: noqa: E501
"""Round 7: `simp [Nat.add_mod]` / `simp [Nat.mul_mod]` with no numerals. z3 cannot prove the schemas
(nonlinear `%` with a variable modulus), so simp applies them only at ground instances z3 checks, the
route `rw [Nat.add_mod]` already has; and Lean core's @[simp] `%` lemmas (`Nat.mod_mod`,
`Nat.mul_mod_right/left`, their ℤ forms) are in simp's default set. Refusals next to each: a false goal,
`simp only` without the lemmas, a symbolic modulus (z3 cannot check that instance: weaker than Lean)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.simp import Simplifier, SimpSet
from minilean.simp_instances import core_mod_simp, instance_valid
from minilean.syntax import INT, NAT, EBin, ENum, EVar


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


ACCEPT = [
    # per-instance hint after a hypothesis rewrite: `(9 * m + 18) % 9` ends at `0`
    "(m : ℕ) (h : 2 * m + 3 + (7 * m + 15) = 9 * m + 18) : (2 * m + 3 + (7 * m + 15)) % 9 = 0 := by\n  simp [h, Nat.add_mod]",
    "(m : ℕ) : (2 * m + 4) % 2 = 0 := by\n  simp [Nat.add_mod]",
    "(b : ℕ) (h : b % 2 = 1) : b * b % 2 = 1 := by\n  simp [h, Nat.mul_mod]",
    # core simp lemmas about `%`
    "(a n : ℕ) : a % n % n = a % n := by\n  simp",
    "(a k : ℕ) : a * k % a = 0 := by\n  simp",
    "(a k : ℤ) : a * k % k = 0 := by\n  simp",
    # an exponent lemma named without its exponent: the match supplies the numeral
    ": Real.log ((2 : ℝ) ^ 4) = 4 * Real.log 2 := by\n  simp [Real.log_pow]",
]

REFUSE = [
    # false goals stay refused
    "(m : ℕ) : (2 * m + 4) % 2 = 1 := by\n  simp [Nat.add_mod]",
    "(b : ℕ) (h : b % 2 = 1) : b * b % 2 = 0 := by\n  simp [h, Nat.mul_mod]",
    "(a n : ℕ) : a % n % n = 0 := by\n  simp",
    ": Real.log ((2 : ℝ) ^ 4) = 3 * Real.log 2 := by\n  simp [Real.log_pow]",
    # a symbolic exponent: not stated by minilean, so not rewritten (Lean would: weaker)
    "(n : ℕ) : Real.log ((2 : ℝ) ^ n) = n * Real.log 2 := by\n  simp [Real.log_pow]",
    # without the hint, `(2 * m + 4) % 2` is not split (Lean's simp has no such default lemma either)
    "(m : ℕ) : (2 * m + 4) % 2 = 0 := by\n  simp only []",
    # a symbolic modulus: z3 cannot check the instance, so the hint is not used (weaker than Lean)
    "(a b n : ℕ) (ha : a % n = 0) (hb : b % n = 0) : (a + b) % n = 0 := by\n  simp [ha, hb, Nat.add_mod]",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src), src


def test_false_instance_not_applied() -> None:
    # a rule marked `checked` whose instance is false is never used
    x = EVar("x")
    ss = SimpSet()
    from minilean.syntax import PRel

    ss.add_fact(PRel("=", EBin("%", x, ENum(3)), ENum(1), NAT), checked=True)
    out = Simplifier(ss, {"x": NAT}).expr(EBin("%", x, ENum(3)), NAT)
    assert out == EBin("%", x, ENum(3))
    assert not instance_valid(EBin("%", x, ENum(3)), ENum(1), NAT, {"x": NAT})
    assert instance_valid(EBin("%", EBin("*", ENum(3), x), ENum(3)), ENum(0), NAT, {"x": NAT})


def test_core_mod_rules() -> None:
    a, n = EVar("a"), EVar("n")
    assert core_mod_simp(EBin("%", a, n), n, NAT) == EBin("%", a, n)
    assert core_mod_simp(EBin("*", n, a), n, INT) == ENum(0)
    assert core_mod_simp(EBin("+", n, a), n, NAT) is None
    assert core_mod_simp(EBin("%", a, n), a, NAT) is None
