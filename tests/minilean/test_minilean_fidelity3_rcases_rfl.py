# ruff: noqa: E501
"""`rcases h with ⟨k, rfl⟩` substitutes like `subst`: hypotheses that mention the eliminated variable are
reintroduced after the witness, so a hypothesis declared before `h` may mention `k` afterwards."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


@pytest.mark.parametrize(
    "src",
    [
        # the hypothesis before the divisibility mentions the substituted variable
        "(n : ℕ) (hpos : 0 < n) (hd : 5 ∣ n) : n % 5 = 0 := by\n  rcases hd with ⟨j, rfl⟩\n  omega",
        # the substituted hypothesis stays usable
        "(n : ℕ) (hpos : 2 < n) (hd : 2 ∣ n) : 4 ≤ n := by\n  obtain ⟨j, rfl⟩ := hd\n  omega",
        "(a : ℤ) (hlt : a < 10) (hd : 3 ∣ a) (hpos : 0 < a) : a = 3 ∨ a = 6 ∨ a = 9 := by\n  rcases hd with ⟨c, rfl⟩\n  omega",
    ],
)
def test_rfl_substitution_keeps_earlier_hypotheses(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # false variants: the earlier hypothesis must carry the substitution, not be dropped or weakened
        "(n : ℕ) (hpos : 2 < n) (hd : 2 ∣ n) : 5 ≤ n := by\n  obtain ⟨j, rfl⟩ := hd\n  omega",
        "(n : ℕ) (hpos : 0 < n) (hd : 5 ∣ n) : n % 10 = 0 := by\n  rcases hd with ⟨j, rfl⟩\n  omega",
        # after the substitution `n` is gone, as in Lean
        "(n : ℕ) (hpos : 0 < n) (hd : 5 ∣ n) : n % 5 = 0 := by\n  rcases hd with ⟨j, rfl⟩\n  exact hpos",
    ],
)
def test_rfl_substitution_false_variants_are_refused(src: str) -> None:
    assert not _accepts(src)
