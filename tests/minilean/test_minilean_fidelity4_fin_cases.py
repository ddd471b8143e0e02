"""`fin_cases h` on `h : x ∈ Finset.range n` (Mathlib's `unfoldCases`: one goal per element, the
variable replaced everywhere, the hypothesis consumed), and what it refuses."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _errors(src: str) -> list[str]:
    res = elaborate(initial_env(), src)
    return [str(m.data) for m in res.messages if m.severity == "error"]


def test_fin_cases_range_then_decide() -> None:
    src = "theorem t (x : ℕ) (h : x ∈ Finset.range 4) : x * x < 10 := by\n  fin_cases h\n  all_goals decide\n"
    assert _errors(src) == []


def test_fin_cases_substitutes_in_hypotheses() -> None:
    # each case sees `hp : ¬ Nat.Prime (2 * k + 1)` with the numeral in place of `m`
    src = (
        "theorem t (m : ℕ) (hp : ¬ Nat.Prime (2 * m + 3)) (h : m ∈ Finset.range 3) : False := by\n"
        "  fin_cases h\n"
        "  · apply hp\n    norm_num\n"
        "  · apply hp\n    norm_num\n"
        "  · apply hp\n    norm_num\n"
    )
    assert _errors(src) == []


def test_fin_cases_number_of_goals() -> None:
    # three cases: two bullets leave one goal unsolved
    src = "theorem t (x : ℕ) (h : x ∈ Finset.range 3) : x < 3 := by\n  fin_cases h\n  · decide\n  · decide\n"
    assert _errors(src)


def test_fin_cases_false_variant_refused() -> None:
    # x = 3 is in range 4, and 3 * 3 < 9 is false: the case fails
    src = "theorem t (x : ℕ) (h : x ∈ Finset.range 4) : x * x < 9 := by\n  fin_cases h\n  all_goals decide\n"
    assert _errors(src)


def test_fin_cases_consumes_variable_and_hypothesis() -> None:
    src = "theorem t (x : ℕ) (h : x ∈ Finset.range 2) : x < 2 := by\n  fin_cases h\n  all_goals exact h\n"
    assert _errors(src)


def test_fin_cases_empty_range_closes() -> None:
    assert _errors("theorem t (x : ℕ) (h : x ∈ Finset.range 0) : False := by\n  fin_cases h\n") == []


def test_fin_cases_symbolic_bound_refused() -> None:
    src = "theorem t (x n : ℕ) (h : x ∈ Finset.range n) : x < n := by\n  fin_cases h\n  all_goals sorry\n"
    assert _errors(src)


def test_fin_cases_interval_refused() -> None:
    # Finset.Icc: not modelled (weaker than Mathlib)
    src = "theorem t (x : ℕ) (h : x ∈ Finset.Icc 1 3) : 1 ≤ x := by\n  fin_cases h\n  all_goals decide\n"
    assert _errors(src)


def test_fin_cases_on_non_membership_refused() -> None:
    src = "theorem t (x : ℕ) (h : x < 3) : x < 4 := by\n  fin_cases h\n  all_goals decide\n"
    assert _errors(src)
