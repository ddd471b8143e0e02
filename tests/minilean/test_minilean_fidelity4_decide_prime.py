"""`decide` on `Nat.Prime n` for small numerals: Mathlib's instance reduces (minFacAux is @[semireducible]);
beyond minilean's bound it refuses (weaker), and a false primality claim is refuted."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        ": Nat.Prime 13 := by\n  decide",
        ": Nat.Prime 2 := by\n  decide",
        ": ¬ Nat.Prime 21 := by\n  decide",
        ": Nat.Prime 29 ∧ ¬ Nat.Prime 1 := by\n  decide",
        ": Nat.Prime (4 + 3) := by\n  decide",
        # a `have` proved by decide, then used
        "(g : ℕ → ℕ) (h : ∀ p, Nat.Prime p → g p = 1) : g 17 = 1 := by\n"
        "  have hp : Nat.Prime 17 := by decide\n  exact h 17 hp",
    ],
)
def test_decide_small_primes(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        ": Nat.Prime 15 := by\n  decide",  # false
        ": ¬ Nat.Prime 31 := by\n  decide",  # false
        ": Nat.Prime 0 := by\n  decide",  # false
        ": Nat.Prime 1009 := by\n  decide",  # true, but beyond the bound: refused (weaker than Lean)
        "(n : ℕ) (h : n = 5) : Nat.Prime n := by\n  decide",  # not closed: no Decidable evaluation
    ],
)
def test_decide_prime_refuses(src: str) -> None:
    assert not _accepts(src)
