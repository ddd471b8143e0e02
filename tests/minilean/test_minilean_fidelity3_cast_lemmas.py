# ruff: noqa: E501
"""ℕ-cast lemmas named as terms (`Nat.cast_mul a b`, `Nat.cast_succ n`, `Nat.cast_inj.mp h`): rows of
the z3-checked table, stated at the target type; a cast lemma that forgets ℕ's truncated subtraction is
refused by the check."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.lemmas import NotAdmitted, _s, check_schema


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        "(p q : ℕ) : ((p * q : ℕ) : ℝ) = (p : ℝ) * (q : ℝ) := Nat.cast_mul p q",
        "(p q : ℕ) : ((p + q : ℕ) : ℤ) = (p : ℤ) + (q : ℤ) := Nat.cast_add p q",
        "(p : ℕ) : ((p + 1 : ℕ) : ℚ) = (p : ℚ) + 1 := Nat.cast_succ p",
        "(p : ℕ) : (0 : ℝ) ≤ (p : ℝ) := Nat.cast_nonneg p",
        "(p q : ℕ) (h : (p : ℝ) = (q : ℝ)) : p = q := Nat.cast_inj.mp h",
        "(p q : ℕ) (h : p * q = 12) : (p : ℝ) * (q : ℝ) = 12 := by\n  rw [← Nat.cast_mul]\n  exact_mod_cast h",
    ],
)
def test_cast_lemmas(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        "(p q : ℕ) : ((p * q : ℕ) : ℝ) = (p : ℝ) * (q : ℝ) + 1 := Nat.cast_mul p q",
        "(p : ℕ) : ((p + 1 : ℕ) : ℚ) = (p : ℚ) + 2 := Nat.cast_succ p",
        "(p q : ℕ) (h : (p : ℝ) = (q : ℝ)) : p = q + 1 := Nat.cast_inj.mp h",
    ],
)
def test_cast_lemmas_false_variants(src: str) -> None:
    assert not _accepts(src)


def test_cast_of_truncated_subtraction_is_refused() -> None:
    bogus = _s("bogus_cast_sub", "R", "(m n : ℕ)", "((m - n : ℕ) : α) = (m : α) - (n : α)")
    with pytest.raises(NotAdmitted):
        check_schema(bogus, bogus.types[0], {})
