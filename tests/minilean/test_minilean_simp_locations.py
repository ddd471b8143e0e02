"""`simp at h` acts on the hypothesis `h` names now (the innermost accessible one), and a location
whose hypothesis an earlier location of the same call cleared is an error, not a crash (a d8 RL policy
on a GPU made minilean answer HTTP 500 with a bare StopIteration)."""

from __future__ import annotations

import pytest

from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env


def _start(statement: str) -> ProofState:
    return elaborate(initial_env(), statement + " := by\n  sorry").sorries[0]


def _hyps(state: ProofState) -> list[tuple[str, str]]:
    return [(h["user_name"], h["type"]) for h in state.goals_json()[0]["hypotheses"]]


def test_simp_at_a_shadowed_name_simplifies_the_accessible_hypothesis() -> None:
    s = _start("theorem t (n : ℕ) (h₀ : n + 0 = 5) : n = 5")
    (s,) = apply_tactic(s, "have h₀ : n * 1 = n := by ring")
    (after,) = apply_tactic(s, "simp at h₀")
    # the new h₀ becomes True and is cleared; the shadowed one is left exactly as it was
    assert _hyps(after) == [("n", "ℕ"), ("h₀✝", "n + 0 = 5")]
    with pytest.raises(TacticError, match="unknown hypothesis"):
        apply_tactic(after, "simp at h₀")
    (plain,) = apply_tactic(_start("theorem t (n : ℕ) (h₀ : n + 0 = 5) : n = 5"), "simp at h₀")
    assert _hyps(plain) == [("n", "ℕ"), ("h₀", "n = 5")]


@pytest.mark.parametrize("tactic", ["simp at h₀ h₀", "norm_num at h₀ h₀", "simp at h₀ ⊢ h₀"])
def test_a_location_cleared_earlier_in_the_same_call_is_an_error(tactic: str) -> None:
    s = _start("theorem t (n : ℕ) (h₀ : n * 1 = n) (h₁ : n = 2) : n = 2")
    with pytest.raises(TacticError, match="unknown hypothesis"):
        apply_tactic(s, tactic)
