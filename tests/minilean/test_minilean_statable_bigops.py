"""Big operators in statements: `∑ k ∈ Finset.range n, f k`, `∑ k ∈ Finset.Icc a b, f k` and `∏`.

Each construct: the statement elaborates with Lean's meaning, a true instance is proved by the tactic
Lean would use, a false variant is refused; the z3 encoding (the soundness oracle) agrees.
"""

from __future__ import annotations

import pytest

from minilean import smt
from minilean.engine import elaborate, initial_env
from minilean.syntax import parse_prop


def _proves(stmt: str, tactic: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {tactic}")
    return not res.has_errors


def _goal(stmt: str) -> str:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, [m.data for m in res.messages]
    return res.sorries[0].render().split("⊢ ")[-1]


def _error(stmt: str) -> str:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    errors = [m.data for m in res.messages if m.severity == "error"]
    assert errors, f"{stmt} should be refused"
    return errors[0]


def _valid(goal: str, sorts: dict[str, str], hyps: tuple[str, ...] = ()) -> bool | None:
    return smt.valid([parse_prop(h, sorts) for h in hyps], parse_prop(goal, sorts), sorts, 3000)


def test_statements_elaborate_with_coercions_at_the_leaves() -> None:
    assert _goal("(n : ℕ) : (∑ k ∈ Finset.range n, (2 * k + 1)) = n ^ 2") == (
        "(∑ k ∈ Finset.range n, (2 * k + 1)) = n ^ 2"
    )
    # an ℕ-valued sum in an ℝ relation is cast as a whole (binop% leaf); `in` is the older spelling
    assert _goal("(n : ℕ) (x : ℝ) : x = ∑ k in Finset.range n, k") == "x = ↑(∑ k ∈ Finset.range n, k)"
    # the summand's own type wins: ↑k inside an ℝ summand
    got = _goal("(n : ℕ) : (∑ k ∈ Finset.range n, (1 : ℝ) / (k + 1)) ≤ n")
    assert got == "(∑ k ∈ Finset.range n, 1 / (↑k + 1) : ℝ) ≤ ↑n"  # ascribed: ↑k alone fixes no type
    # ℤ index from typed bounds
    assert "Finset.Icc (-2 : ℤ) 2" in _goal(": (∑ k ∈ Finset.Icc (-2 : ℤ) 2, k) = 0")


def test_a_summand_without_typed_leaves_takes_the_type_of_the_context() -> None:
    # like a numeral: ℕ by default (truncating subtraction), ℤ or ℝ when the relation says so
    assert _proves(": (∑ k ∈ Finset.range 3, (1 - 2)) = 0", "decide")
    assert _proves(": (∑ k ∈ Finset.range 3, (1 - 2)) = (-3 : ℤ)", "decide")
    assert not _proves(": (∑ k ∈ Finset.range 3, (1 - 2)) = (0 : ℤ)", "decide")
    assert _goal("(x : ℝ) : (∑ k ∈ Finset.range 3, 2 ^ k) = x") == "(∑ k ∈ Finset.range 3, 2 ^ k) = x"
    assert _goal(": (∑ k ∈ Finset.range 3, 2 ^ k) = (7 : ℝ)") == "(∑ k ∈ Finset.range 3, 2 ^ k : ℝ) = 7"


def test_summand_binds_at_precedence_67() -> None:
    # `∑ k ∈ s, k + 1` is `(∑ k ∈ s, k) + 1`: 0+1+2, plus 1
    assert _proves(": ∑ k ∈ Finset.range 3, k + 1 = 4", "decide")
    assert not _proves(": ∑ k ∈ Finset.range 3, k + 1 = 6", "decide")
    assert _proves(": ∑ k ∈ Finset.range 3, k * 2 = 6", "decide")  # `*` binds tighter: inside


@pytest.mark.parametrize(
    ("stmt", "true"),
    [
        (": (∑ k ∈ Finset.range 4, k) = 6", True),  # range n = {0, …, n-1}
        (": (∑ k ∈ Finset.range 4, k) = 10", False),
        (": (∑ k ∈ Finset.Icc 1 4, k) = 10", True),  # Icc is inclusive
        (": (∑ k ∈ Finset.Icc 1 4, k) = 6", False),
        (": (∑ k ∈ Finset.Icc 5 4, k) = 0", True),  # empty when a > b
        (": (∑ k ∈ Finset.Icc 5 4, k) = 9", False),
        (": (∑ k ∈ Finset.range 4, (k - 2)) = 1", True),  # ℕ subtraction truncates in the summand
        (": (∑ k ∈ Finset.range 4, ((k : ℤ) - 2)) = -2", True),
        (": (∑ k ∈ Finset.range 4, ((k : ℤ) - 2)) = 1", False),
        (": (∑ k ∈ Finset.Icc (-2 : ℤ) 2, k ^ 2) = 10", True),
        (": (∏ k ∈ Finset.Icc 1 5, k) = 120", True),
        (": (∏ k ∈ Finset.Icc 1 5, k) = 24", False),
        (": (∏ k ∈ Finset.range 5, k) = 0", True),  # the factor 0
    ],
)
def test_decide_evaluates_closed_big_operators(stmt: str, true: bool) -> None:
    assert _proves(stmt, "decide") is true


def test_norm_num_expands_range_but_not_icc() -> None:
    # Mathlib's norm_num big-operator extension enumerates Finset.range; it does not expand Finset.Icc
    assert _proves(": (∑ k ∈ Finset.range 11, k) % 9 = 1", "norm_num")
    assert not _proves(": (∑ k ∈ Finset.range 11, k) % 9 = 2", "norm_num")
    assert _proves(": (∑ k ∈ Finset.range 4, (1 : ℝ) / 2 ^ k) = 15 / 8", "norm_num")
    assert not _proves(": (∑ k ∈ Finset.range 4, (1 : ℝ) / 2 ^ k) = 2", "norm_num")
    assert not _proves(": (∑ k ∈ Finset.Icc 1 4, k) = 10", "norm_num")


def test_symbolic_sums_are_atoms_to_linarith_and_omega() -> None:
    h = "(n : ℕ) (h : (∑ k ∈ Finset.range n, k) = 3)"
    assert _proves(f"{h} : (∑ k ∈ Finset.range n, k) + 1 = 4", "omega")
    assert not _proves(f"{h} : (∑ k ∈ Finset.range n, k) + 1 = 5", "omega")
    h = "(n : ℕ) (x : ℝ) (h : (∑ k ∈ Finset.range n, (k : ℝ)) ≤ x)"
    assert _proves(f"{h} : (∑ k ∈ Finset.range n, (k : ℝ)) ≤ x + 1", "linarith")
    assert not _proves(f"{h} : (∑ k ∈ Finset.range n, (k : ℝ)) ≤ x - 1", "linarith")


def test_instantiating_a_quantifier_substitutes_into_the_sum() -> None:
    hyp = "(h : ∀ n : ℕ, (∑ k ∈ Finset.range 3, n) = 3 * n)"
    assert _proves(f"{hyp} : (∑ k ∈ Finset.range 3, (5 : ℕ)) = 15", "exact h 5")
    assert not _proves(f"{hyp} : (∑ k ∈ Finset.range 3, (5 : ℕ)) = 16", "exact h 5")
    # the index is bound: instantiating `n` leaves the summand's own `n` alone when shadowed
    hyp = "(h : ∀ n : ℕ, (∑ n ∈ Finset.range n, n) ≤ n * n)"
    assert _proves(f"{hyp} : (∑ n ∈ Finset.range 4, n) ≤ 4 * 4", "exact h 4")


@pytest.mark.parametrize(
    ("stmt", "why"),
    [
        (": (∑ x ∈ Finset.Icc (0 : ℝ) 1, x) = 0", "LocallyFiniteOrder"),  # ℝ intervals are not finite
        (": (∑ k ∈ Finset.Icc 1 3, (k : ℝ)) = 6", "index"),  # Lean would infer k : ℝ from the body
        (": (∑ k ∈ Nat.primeFactors 6, k) = 5", "Finset.range"),
        (": (∑ k ∈ Finset.filter (· ∣ 6) (Finset.range 7), k) = 12", "·"),  # no `·` lambdas
        ("(s : ℕ) : (∑ k ∈ s, k) = 0", "Finset.range"),
    ],
)
def test_what_cannot_be_stated_faithfully_is_refused(stmt: str, why: str) -> None:
    assert why in _error(stmt)


N = {"n": "ℕ", "f": "ℕ → ℕ", "g": "ℕ → ℝ"}


def test_z3_encoding_unfolds_closed_sums_and_defines_symbolic_ones() -> None:
    assert _valid("(∑ k ∈ Finset.range 5, k) = 10", N) is True
    assert _valid("(∑ k ∈ Finset.range 5, k) = 11", N) is False
    assert _valid("(∑ k ∈ Finset.Icc (-2 : ℤ) 2, k) = 0", N) is True
    # symbolic bounds: the defining recursion (Finset.sum_range_succ, empty Icc) is known to z3
    assert _valid("(∑ k ∈ Finset.range (n + 1), f k) = (∑ k ∈ Finset.range n, f k) + f n", N) is True
    assert _valid("(∑ k ∈ Finset.range (n + 1), f k) = (∑ k ∈ Finset.range n, f k) + f (n + 1)", N) is False
    assert _valid("(∑ k ∈ Finset.Icc (n + 1) n, g k) = 0", N) is True
    assert _valid("(∏ k ∈ Finset.range (n + 1), g k) = (∏ k ∈ Finset.range n, g k) * g n", N) is True


def test_z3_encoding_of_sums_under_quantifiers() -> None:
    # the summand mentions a quantified variable: it is a parameter of the recursive definition
    assert _valid("∀ j : ℕ, (∑ k ∈ Finset.range n, (k + j)) = 2 * j + 1", N, ("n = 2",)) is True
    assert _valid("∀ j : ℕ, (∑ k ∈ Finset.range n, (k + j)) = 2 * j + 2", N, ("n = 2",)) is False
    assert _valid("∃ j : ℕ, (∑ k ∈ Finset.range 1, j) = 5", N) is True
    assert _valid("∀ j : ℕ, (∑ k ∈ Finset.range 1, j) = 5", N) is False


def test_rw_rewrites_bounds_and_closed_subterms_of_the_summand() -> None:
    assert _proves("(n : ℕ) (h : n = 4) : (∑ k ∈ Finset.range n, k) = 6", "rw [h]\n  decide")
    assert not _proves("(n : ℕ) (h : n = 4) : (∑ k ∈ Finset.range n, k) = 7", "rw [h]\n  decide")
    stmt = "(f : ℕ → ℕ) (h : f 2 = 5) : (∑ k ∈ Finset.range 3, (f 2 + k)) = {v}"
    assert _proves(stmt.format(v=18), "rw [h]\n  decide")
    assert not _proves(stmt.format(v=9), "rw [h]\n  decide")
    # the index is not the free `k`: nothing to rewrite (as kabstract)
    assert not _proves("(k : ℕ) (h : k = 2) : (∑ k ∈ Finset.range 3, k) = 3", "rw [h]\n  decide")
