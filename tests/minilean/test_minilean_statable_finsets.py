"""Finset.filter, Finset.card, Nat.divisors and Nat.properDivisors as index sets of big operators."""

from __future__ import annotations

import pytest

from minilean import smt
from minilean.engine import elaborate, initial_env
from minilean.syntax import parse_prop


def _proves(stmt: str, tactic: str) -> bool:
    return not elaborate(initial_env(), f"theorem t {stmt} := by\n  {tactic}").has_errors


def _goal(stmt: str) -> str:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, [m.data for m in res.messages]
    return res.sorries[0].render().split("⊢ ")[-1]


S = {"n": "ℕ", "f": "ℕ → ℕ"}


def _valid(goal: str, hyps: tuple[str, ...] = ()) -> bool | None:
    return smt.valid([parse_prop(h, S) for h in hyps], parse_prop(goal, S), S, 3000)


def test_statements_elaborate() -> None:
    assert _goal(": Finset.card (Finset.filter (fun x => x % 19 = 7) (Finset.Icc 100 999)) = 48") == (
        "Finset.card (Finset.filter (fun x => x % 19 = 7) (Finset.Icc (100 : ℕ) 999)) = 48"
    )
    assert _goal(": (Finset.filter (fun x => 3 ∣ x) (Finset.range 10)).card = 4") == (
        "Finset.card (Finset.filter (fun x => 3 ∣ x) (Finset.range 10)) = 4"
    )
    # the predicate is elaborated like any proposition: `6 ∣ … - (2 : ℤ)` is divisibility in ℤ
    got = _goal(": Finset.card (Finset.filter (fun n => 6 ∣ 4 * ↑n - (2 : ℤ)) (Finset.range 60)) = 20")
    assert got == "Finset.card (Finset.filter (fun n => (6 : ℤ) ∣ 4 * ↑n - 2) (Finset.range 60)) = 20"
    assert _goal(": (∑ k ∈ Nat.properDivisors 198, k) = 270") == "(∑ k ∈ Nat.properDivisors 198, k) = 270"


@pytest.mark.parametrize(
    ("stmt", "true"),
    [
        (": (∑ k ∈ Finset.filter (fun x => x % 8 = 5 ∧ x % 6 = 3) (Finset.range 50), k) = 66", True),
        (": (∑ k ∈ Finset.filter (fun x => x % 8 = 5 ∧ x % 6 = 3) (Finset.range 50), k) = 21", False),
        (": Finset.card (Finset.filter (fun x => Nat.gcd x 8 = 1) (Finset.Icc 1 7)) = 4", True),
        (": Finset.card (Finset.filter (fun x => Nat.gcd x 8 = 1) (Finset.Icc 1 7)) = 3", False),
        (": Finset.card (Finset.filter (fun n => 6 ∣ 4 * ↑n - (2 : ℤ)) (Finset.range 60)) = 20", True),
        (": Finset.card (Finset.range 7) = 7", True),
        (": Finset.card (Finset.Icc 7 3) = 0", True),
        (": (∑ k ∈ Nat.divisors 12, k) = 28", True),
        (": (∑ k ∈ Nat.divisors 12, k) = 16", False),
        (": (∑ k ∈ Nat.properDivisors 12, k) = 16", True),  # d < n
        (": Finset.card (Nat.divisors 0) = 0", True),  # Nat.divisors 0 = ∅
    ],
)
def test_decide_counts_and_sums(stmt: str, true: bool) -> None:
    assert _proves(stmt, "decide") is true


def test_norm_num_does_not_expand_filters_or_divisors() -> None:
    assert not _proves(": Finset.card (Finset.filter (fun x => 3 ∣ x) (Finset.range 10)) = 4", "norm_num")
    assert not _proves(": (∑ k ∈ Nat.divisors 12, k) = 28", "norm_num")
    assert not _proves(": (∑ k ∈ Nat.divisors 198, k) = 468", "decide")  # beyond decide's budget here


def test_z3_encoding_of_filters() -> None:
    assert _valid("Finset.card (Finset.filter (fun x => 3 ∣ x) (Finset.range 10)) = 4") is True
    assert _valid("Finset.card (Finset.filter (fun x => 3 ∣ x) (Finset.range 10)) = 3") is False
    # symbolic bound: the filtered recursion
    succ = "Finset.card (Finset.filter (fun x => f x = 0) (Finset.range (n + 1)))"
    base = "Finset.card (Finset.filter (fun x => f x = 0) (Finset.range n))"
    assert _valid(f"{succ} = {base} + 1", ("f n = 0",)) is True
    assert _valid(f"{succ} = {base}", ("f n = 0",)) is False
