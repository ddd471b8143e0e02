# ruff: noqa: E501
"""Round 12: `rw` fixing a table lemma's implicit numerals from the rewritten term (kabstract: the first
instance, pre-order, left to right), and norm_num's rpow extension (`a ^ (n : ℝ)` with integer numeral
`n`). Accepting uses next to refusals (a side hypothesis that does not fit, a wrong value, a symbolic
exponent minilean does not model, a non-integer exponent norm_num does not evaluate)."""

from __future__ import annotations

import pytest
from lemma_batch_checks import accepts

from minilean.engine import elaborate, initial_env

ACCEPT = [
    # `k` read off the goal; the instance's `((4 : ℕ) : ℝ)` is not the literal `(4 : ℝ)` for rw's closing
    # reducible rfl (round 15), the `rfl` tactic identifies them
    "(h : (2:ℝ) > 0) : Real.logb 2 ((2:ℝ) ^ 4) = 4 * Real.logb 2 2 := by\n  rw [Real.logb_pow h]\n  rfl",
    "(y : ℝ) (hy : 0 < y) : Real.logb 7 (y ^ 3) = 3 * Real.logb 7 y := by\n  rw [Real.logb_pow hy]\n  rfl",
    # two instances with different exponents: the FIRST one (left side of `+`) is rewritten, not the second
    "(h : (2:ℝ) > 0) : Real.logb 3 ((2:ℝ) ^ 4) + Real.logb 5 ((2:ℝ) ^ 3) = 4 * Real.logb 3 2 + Real.logb 5 (2 ^ 3) := by\n  rw [Real.logb_pow h]\n  rfl",
    # the first instance is inside the right side when the left has none
    "(h : (2:ℝ) > 0) : (6:ℝ) = Real.logb 3 ((2:ℝ) ^ 6) / Real.logb 3 2 := by\n  rw [Real.logb_pow h]\n  sorry",
    # norm_num's rpow extension
    ": ((3:ℝ) ^ (3:ℝ)) = 27 := by\n  norm_num",
    ": Real.log 27 = Real.log ((3:ℝ) ^ (3:ℝ)) := by\n  norm_num",
    ": ((1/2:ℝ) ^ (-3:ℝ)) = 8 := by\n  norm_num",
    ": Real.log 27 / Real.log 3 = 3 := by\n  field_simp\n  rw [← Real.log_rpow] <;> norm_num",
]

REFUSE = [
    # the hypothesis fixes `x = 3`: no instance `logb ?b (3 ^ ?k)` in the goal (Lean: did not find instance)
    "(h : (3:ℝ) > 0) : Real.logb 2 ((2:ℝ) ^ 4) = 4 * Real.logb 2 2 := by\n  rw [Real.logb_pow h]",
    # the instance found gives `4 * …`, not `5 * …`
    "(h : (2:ℝ) > 0) : Real.logb 2 ((2:ℝ) ^ 4) = 5 * Real.logb 2 2 := by\n  rw [Real.logb_pow h]",
    # the second instance is not the one chosen: after the rewrite the goal is not closed by rfl
    "(h : (2:ℝ) > 0) : Real.logb 3 ((2:ℝ) ^ 4) + Real.logb 5 ((2:ℝ) ^ 3) = Real.logb 3 (2 ^ 4) + 3 * Real.logb 5 2 := by\n  rw [Real.logb_pow h]",
    # a symbolic exponent: Lean accepts, minilean checks table lemmas per numeral instance only (weaker)
    "(h : (2:ℝ) > 0) (n : ℕ) : Real.logb 2 ((2:ℝ) ^ n) = n * Real.logb 2 2 := by\n  rw [Real.logb_pow h]",
    # wrong values for norm_num's rpow evaluation
    ": ((3:ℝ) ^ (3:ℝ)) = 28 := by\n  norm_num",
    ": ((2:ℝ) ^ (-1:ℝ)) = 2 := by\n  norm_num",
    # a non-integer exponent: the extension does not evaluate it (4 ^ (1/2) = 2 holds, norm_num fails)
    ": ((4:ℝ) ^ ((1:ℝ)/2)) = 2 := by\n  norm_num",
    # rw alone leaves `↑4 * logb 2 2 = 4 * logb 2 2`: the numeral instance is not unfolded at reducible
    # transparency (as the verified mathd_algebra_114 proof shows for `rpow_natCast`, round 15)
    "(h : (2:ℝ) > 0) : Real.logb 2 ((2:ℝ) ^ 4) = 4 * Real.logb 2 2 := by\n  rw [Real.logb_pow h]",
]


@pytest.mark.parametrize("src", ACCEPT)
def test_accepts(src: str) -> None:
    res = elaborate(initial_env(), f"theorem t {src}")
    assert not res.has_errors, res.messages
    if "sorry" not in src:
        assert accepts(src)


@pytest.mark.parametrize("src", REFUSE)
def test_refuses(src: str) -> None:
    assert not accepts(src)


def test_no_instance_message_is_lean_s() -> None:
    res = elaborate(initial_env(), f"theorem t {REFUSE[0]}")
    assert any("did not find instance" in m.data for m in res.messages)
