"""search.explore_shapes: the state-specific exploration steps (completed squares, nonzero denominators,
residue splits), each checked by running it in minilean on statements of our own, and ExplorePolicy's
`shaped` switch."""

from __future__ import annotations

import pytest

from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env
from search.explore import ExplorePolicy, closers, proposals
from search.explore_shapes import nonzero_haves, parse_poly, residue_splits, square_hints
from search.policy import ScriptedPolicy


def _root(binders: str, goal: str) -> ProofState:
    res = elaborate(initial_env(), f"theorem t {binders} : {goal} := by\n  sorry")
    assert not res.has_errors and len(res.sorries) == 1
    return res.sorries[0]


def _closes(binders: str, goal: str, script: list[str]) -> bool:
    goals = [_root(binders, goal)]
    for tactic in script:
        try:
            goals = apply_tactic(goals[0], tactic, timeout_ms=5000) + goals[1:]
        except TacticError:
            return False
        if not goals:
            return tactic == script[-1]
    return False


@pytest.mark.parametrize(("binders", "goal"), [
    ("(p q : ℝ)", "6 * p * q + 2 * q ≤ 9 * p ^ 2 + q ^ 2 + 6 * p + 3"),  # (3p - q + 1)² + 2
    ("(u : ℝ)", "12 * u ≤ 9 * u ^ 2 + 4"),  # (3u - 2)²
    ("(s t : ℚ)", "2 * s * (t + 3) ≤ s ^ 2 + t ^ 2 + 6 * t + 9"),  # (s - t - 3)²
])
def test_square_hints_certify_quadratic_inequalities_in_minilean(binders: str, goal: str) -> None:
    [hint] = square_hints(goal)
    assert hint.startswith("nlinarith [sq_nonneg (")
    assert not _closes(binders, goal, ["nlinarith"])  # the hint is what makes it provable
    assert _closes(binders, goal, [hint])


def test_square_hints_decline_what_no_square_certifies_and_parse_no_code() -> None:
    assert square_hints("p * q ≤ p ^ 2") == []  # indefinite: false for p = 1, q = 2
    assert square_hints("u ≤ u ^ 2") == []  # constant pivot negative after completing: false at 1/2
    assert square_hints("p ^ 4 ≤ 8") == []  # degree 4 is not this module's shape
    assert square_hints("__import__('os').system('true') ≤ 1") == []
    with pytest.raises(ValueError):
        parse_poly("p / q")  # division by a variable is not a polynomial
    assert parse_poly("(p + 1) ^ 2 - 2 * p") == parse_poly("p ^ 2 + 1")


def test_nonzero_haves_and_field_simp_solve_a_shifted_rational_equation() -> None:
    hyps = [("k", "ℝ"), ("h₀", "k ≠ 4"), ("h₁", "(2 * k + 1) / (k - 4) = 3")]
    [have] = nonzero_haves(hyps, "h")
    assert have == "have h : k - 4 ≠ 0 := sub_ne_zero.mpr h₀"
    binders, goal = "(k : ℝ) (h₀ : k ≠ 4) (h₁ : (2 * k + 1) / (k - 4) = 3)", "k = 13"
    assert not _closes(binders, goal, ["field_simp at h₁", "linarith"])  # no denominator fact
    assert _closes(binders, goal, [have, "field_simp at h₁", "linarith"])
    [neg] = nonzero_haves([("h₀", "k ≠ -5")], "h")
    assert _closes("(k : ℝ) (h₀ : k ≠ -5) (h₁ : (k - 1) / (k + 5) = 2)", "k = -11",
                   [neg, "field_simp at h₁", "linarith"])
    assert nonzero_haves([("h₀", "k ≠ 0"), ("h₁", "k = 3")], "h") == []


def test_residue_splits_prove_the_remainders_of_a_square() -> None:
    goal = "m ^ 2 % 5 = 0 ∨ m ^ 2 % 5 = 1 ∨ m ^ 2 % 5 = 4"
    [split] = residue_splits(goal, [("m", "ℤ")], "h")
    assert split.endswith(":= by omega") and "m % 5 = 4" in split
    cases = split.split(" : ", 1)[1].rsplit(" := ", 1)[0]
    [follow] = residue_splits(goal, [("m", "ℤ"), ("h", cases)], "h1")[1:]
    assert follow.startswith("rcases h with h | h | h | h | h <;> simp [") and "Int.mul_emod" in follow
    assert _closes("(m : ℤ)", goal, [split, follow])
    wrong = "m ^ 2 % 5 = 0 ∨ m ^ 2 % 5 = 1"  # 2² = 4 mod 5: the same steps must not prove it
    assert not _closes("(m : ℤ)", wrong, [split, follow])


STATE = "k : ℝ\nh₀ : k ≠ 4\nh₁ : (2 * k + 1) / (k - 4) = 3\n⊢ k = 13"


def test_explore_policy_adds_every_proposal_only_when_shaped() -> None:
    props = proposals(STATE)
    assert props == ["have h : k - 4 ≠ 0 := sub_ne_zero.mpr h₀", "field_simp at h₁"]
    plain = ExplorePolicy(ScriptedPolicy(["skip"]), k=2)([STATE], seeds=[5])[0]
    shaped = ExplorePolicy(ScriptedPolicy(["skip"]), k=2, shaped=True)([STATE], seeds=[5])[0]
    assert not set(props) & set(plain.tactics) - set(closers(STATE))
    assert shaped.tactics[1:3] == props and len(shaped.tactics) == 5
    assert not set(shaped.tactics[3:]) & set(props)
