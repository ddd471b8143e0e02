"""simp's `div_eq_zero_iff` in fields (so conditional rules such as `Real.zero_rpow` discharge `1 / 3 ≠ 0`)
and positivity's `Real.rpow` extensions (evalRpowZero, evalRpow)."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_zero_rpow_side_condition_discharged() -> None:
    assert _accepts(": (0 : ℝ) ^ ((1 : ℝ) / 3) = 0 := by\n  simp [Real.zero_rpow]")
    # `0 / 3 ≠ 0` is false: the rule does not fire and the goal stays open
    assert not _accepts(": (0 : ℝ) ^ ((0 : ℝ) / 3) = 0 := by\n  simp [Real.zero_rpow]")


def test_div_eq_zero_in_a_field() -> None:
    assert _accepts("(x : ℝ) (h : x / 3 = 0) : x = 0 := by\n  simp at h\n  exact h")
    assert not _accepts("(x : ℝ) (h : x / 3 = 0) : x = 1 := by\n  simp at h\n  exact h")


def test_nat_division_is_not_split() -> None:
    # ℕ division rounds down (`1 / 3 = 0`), so div_eq_zero_iff does not apply there
    assert not _accepts("(x : ℕ) (h : x / 3 = 0) : x = 0 := by\n  simp at h\n  exact h")


@pytest.mark.parametrize(
    ("src", "ok"),
    [
        ("(r : ℝ) (h : r > 0) : r ^ ((1 : ℝ) / 3) > 0", True),
        ("(r : ℝ) (h : r ≥ 0) : r ^ ((1 : ℝ) / 3) ≥ 0", True),
        ("(r : ℝ) : r ^ (0 : ℝ) > 0", True),
        ("(r : ℝ) (h : r ≥ 0) : r ^ ((1 : ℝ) / 3) > 0", False),  # 0 ^ (1/3) = 0
        ("(r : ℝ) : r ^ ((1 : ℝ) / 3) ≥ 0", False),  # the base's sign is unknown
    ],
)
def test_positivity_rpow(src: str, ok: bool) -> None:
    assert _accepts(f"{src} := by\n  positivity") is ok


@pytest.mark.parametrize(
    ("src", "ok"),
    [
        ("(r : ℝ) : r ^ (1 : ℝ) = r := by\n  simp", True),  # Real.rpow_one
        ("(r : ℝ) : r ^ (0 : ℝ) = 1 := by\n  simp", True),  # Real.rpow_zero
        ("(r : ℝ) : (1 : ℝ) ^ r = 1 := by\n  simp", True),  # Real.one_rpow
        ("(r : ℝ) : r ^ ((1 : ℝ) / 3 * 3) = r := by\n  norm_num", True),
        ("(r : ℝ) : r ^ (1 : ℝ) = 1 := by\n  simp", False),
        ("(r : ℝ) : r ^ ((1 : ℝ) / 3) = r := by\n  norm_num", False),
    ],
)
def test_rpow_simp_lemmas(src: str, ok: bool) -> None:
    assert _accepts(src) is ok
