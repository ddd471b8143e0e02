"""`Finset.sum_range_succ` / `Finset.prod_range_succ` / `…_range_zero` as simp arguments: literal and
`n + 1` bounds peel off their last term; the succ lemma is used only when named (it is not a Mathlib simp
lemma), the zero lemma also by plain `simp` (it is)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.range_simp import range_step
from minilean.syntax import NAT, EBin, ENum, ESum, EVar


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def _sum(hi: object) -> ESum:
    return ESum("∑", "i", NAT, "range", ENum(0), hi, EBin("*", ENum(2), EVar("i")), NAT)  # type: ignore[arg-type]


def test_range_step_shapes() -> None:
    succ = frozenset({("∑", "succ")})
    assert range_step(_sum(ENum(3)), succ, False) == EBin("+", _sum(ENum(2)), EBin("*", ENum(2), ENum(2)))
    assert range_step(_sum(EBin("+", EVar("n"), ENum(1))), succ, False) == EBin(
        "+", _sum(EVar("n")), EBin("*", ENum(2), EVar("n"))
    )
    assert range_step(_sum(EVar("n")), succ, False) is None  # `n` does not unify with `?m + 1`
    assert range_step(_sum(ENum(0)), succ, False) is None  # nor does 0
    assert range_step(_sum(ENum(0)), frozenset(), True) == ENum(0)  # the default simp lemma
    assert range_step(_sum(ENum(3)), frozenset(), True) is None  # succ only when named


@pytest.mark.parametrize(
    "src",
    [
        ": (∑ j in Finset.range 4, (2 * j + 1)) = 16 := by\n"
        "  simp only [Finset.sum_range_succ, Finset.sum_range_zero]",
        ": (∏ j in Finset.range 3, (j + 2)) = 24 := by\n  norm_num [Finset.prod_range_succ]",
        "(m : ℕ) : (∑ j in Finset.range (m + 1), j) = (∑ j in Finset.range m, j) + m := by\n"
        "  simp only [Finset.sum_range_succ]",
        "(x : ℝ) (h : (∑ j in Finset.range 3, (j : ℝ) * x) = 6) : x = 2 := by\n"
        "  simp only [Finset.sum_range_succ, Finset.sum_range_zero] at h\n  norm_num at h\n  linarith",
    ],
)
def test_expansions(src: str) -> None:
    assert _accepts(src), src


@pytest.mark.parametrize(
    "src",
    [
        ": (∑ j in Finset.range 4, (2 * j + 1)) = 15 := by\n"
        "  simp only [Finset.sum_range_succ, Finset.sum_range_zero]",
        # plain simp does not know sum_range_succ (not a simp lemma in Mathlib)
        ": (∑ j in Finset.range 4, (2 * j + 1)) = 16 := by\n  simp only [Finset.sum_range_zero]",
        # a product is not a sum
        ": (∏ j in Finset.range 3, (j + 2)) = 24 := by\n  simp only [Finset.sum_range_succ]",
        # a bound that is not a successor is left alone
        "(m : ℕ) : (∑ j in Finset.range m, j) = (∑ j in Finset.range (m - 1), j) + (m - 1) := by\n"
        "  simp only [Finset.sum_range_succ]",
    ],
)
def test_refused(src: str) -> None:
    assert not _accepts(src), src
