"""`decide` on `Nat.Prime n` up to minilean's bound of 200 (round 13): both Mathlib instances (the
`minFac` one of 2024 and the trial-division one since late 2024) reduce in the kernel for three-digit
`n`; above the bound minilean refuses (weaker), and false claims are refuted on either side."""

from __future__ import annotations

import pytest

from minilean.decide_prime import PRIME_DECIDE_BOUND
from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_bound_value() -> None:
    assert PRIME_DECIDE_BOUND == 200


@pytest.mark.parametrize(
    "src",
    [
        ": Nat.Prime 101 := by\n  decide",
        ": Nat.Prime 139 := by\n  decide",
        ": Nat.Prime 199 := by\n  decide",
        ": ¬ Nat.Prime 187 := by\n  decide",  # 11 * 17
        ": Nat.Prime (9 + 20 * 5) := by\n  decide",  # 109
    ],
)
def test_decide_three_digit_primes(src: str) -> None:
    assert _accepts(src)


def test_decide_after_interval_cases() -> None:
    # 113, 131, 149 are prime
    src = "(k : ℕ) (h : k < 3) : Nat.Prime (113 + 18 * k) := by\n  interval_cases k <;> decide"
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        ": Nat.Prime 187 := by\n  decide",  # false (11 * 17)
        ": ¬ Nat.Prime 197 := by\n  decide",  # false
        ": Nat.Prime 211 := by\n  decide",  # true, above the bound: refused (weaker than Lean)
        ": ¬ Nat.Prime 201 := by\n  decide",  # true (3 * 67), above the bound: refused
        # one case composite (113 + 18 * 3 = 167 is prime, 113 + 18 * 4 = 185 is not)
        "(k : ℕ) (h : k < 5) : Nat.Prime (113 + 18 * k) := by\n  interval_cases k <;> decide",
    ],
)
def test_decide_prime_bound_refuses(src: str) -> None:
    assert not _accepts(src)
