"""field_simp [Nat.factorial_ne_zero] discharges `↑(k !) ≠ 0` (round 13): Mathlib's discharger simplifies
the side condition with the call's simp set (`Nat.cast_ne_zero`, then the argument). Without the argument
minilean refuses (weaker); `Nat.factorial_succ` is not @[simp] in current Mathlib, so `(k + 1)!` stays an
atom and `ring` cannot relate it to `k !` afterwards."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env

FACT = "((n ! : ℕ) : ℝ)"


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        f"(n : ℕ) (x : ℝ) (h : x * {FACT} = 3) : x = 3 / {FACT} := by\n"
        "  field_simp [Nat.factorial_ne_zero]\n  linarith",
        f"(n : ℕ) (x : ℝ) (h : x = 2 * {FACT}) : x / {FACT} = 2 := by\n"
        "  field_simp [Nat.factorial_ne_zero]\n  linarith",
    ],
)
def test_field_simp_factorial_hint(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false variant
        f"(n : ℕ) (x : ℝ) (h : x * {FACT} = 3) : x = 4 / {FACT} := by\n"
        "  field_simp [Nat.factorial_ne_zero]\n  linarith",
        # no argument: the side condition is not proved here (weaker than a positivity discharge)
        f"(n : ℕ) (x : ℝ) (h : x * {FACT} = 3) : x = 3 / {FACT} := by\n  field_simp\n  linarith",
        # another lemma does not serve
        f"(n : ℕ) (x : ℝ) (h : x * {FACT} = 3) : x = 3 / {FACT} := by\n"
        "  field_simp [Nat.factorial_pos]\n  linarith",
        # `(n + 1)!` is an atom for ring after field_simp (factorial_succ is not a simp lemma)
        f"(n : ℕ) : (((n + 1) ! : ℕ) : ℝ) / {FACT} = (n : ℝ) + 1 := by\n"
        "  field_simp [Nat.factorial_ne_zero]\n  ring",
    ],
)
def test_field_simp_factorial_refuses(src: str) -> None:
    assert not _accepts(src)
