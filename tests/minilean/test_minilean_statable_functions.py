"""Library functions in statements: Real.sqrt, π, n !, floors, Nat.sqrt/choose, natAbs/toNat, log/exp/trig.

Each: the statement elaborates with Lean's meaning, a true instance is proved (by the tactic Lean would
use, or by the z3 oracle for the encoded facts), a false variant is refused. The z3 facts are theorems of
Mathlib only, so what is not a consequence of them stays unproved.
"""

from __future__ import annotations

import pytest

from minilean import minif2f, smt
from minilean.engine import elaborate, initial_env
from minilean.syntax import parse_prop


def _proves(stmt: str, tactic: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {tactic}")
    return not res.has_errors


def _goal(stmt: str) -> str:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, [m.data for m in res.messages]
    return res.sorries[0].render().split("⊢ ")[-1]


S = {"x": "ℝ", "y": "ℝ", "n": "ℕ", "k": "ℕ", "m": "ℤ", "q": "ℚ"}


def _valid(goal: str, hyps: tuple[str, ...] = ()) -> bool | None:
    return smt.valid([parse_prop(h, S) for h in hyps], parse_prop(goal, S), S, 3000)


def test_sqrt_elaborates_with_casts_and_is_an_atom_to_linarith() -> None:
    assert _goal("(n : ℕ) : Real.sqrt n ≥ 0") == "Real.sqrt ↑n ≥ 0"
    h = "(x : ℝ) (h : Real.sqrt x = 3)"
    assert _proves(f"{h} : Real.sqrt x + 1 = 4", "linarith")
    assert not _proves(f"{h} : Real.sqrt x + 1 = 5", "linarith")


def test_sqrt_encoding_is_mathlibs_definition() -> None:
    assert _valid("Real.sqrt x * Real.sqrt x = x", ("x ≥ 0",)) is True  # Real.mul_self_sqrt
    assert _valid("Real.sqrt x * Real.sqrt x = x") is False  # false for x < 0
    assert _valid("Real.sqrt (-4) = 0") is True  # sqrt of a negative number is 0
    assert _valid("Real.sqrt x ≥ 0") is True
    assert _valid("Real.sqrt 4 = 2") is True
    assert _valid("Real.sqrt 4 = -2") is False
    assert _valid("Real.sqrt x < Real.sqrt y", ("x < y",)) is False  # y < 0: both are 0


def test_pi_is_a_constant_between_three_and_four() -> None:
    assert _goal("(x : ℝ) (h : x < π) : x < 4") == "x < 4"
    assert _goal(": Real.pi > 3") == "Real.pi > 3"
    assert _valid("Real.pi > 3") is True and _valid("Real.pi ≤ 4") is True
    assert _valid("Real.pi < 3") is False
    assert _valid("Real.pi = 22 / 7") is False  # no more is known than the bounds


def test_factorial_notation() -> None:
    assert _goal("(n : ℕ) : n ^ 2 ≤ n !") == "n ^ 2 ≤ Nat.factorial n"
    assert _goal("(n : ℕ) : (n + 1)! = (n + 1) * n !") == "Nat.factorial (n + 1) = (n + 1) * Nat.factorial n"
    assert _proves(": 7! % 23 = 3", "decide") and not _proves(": 7! % 23 = 4", "decide")
    assert _proves(": Nat.gcd 20! 200000 = 40000", "norm_num")
    assert not _proves(": Nat.gcd 20! 200000 = 20000", "norm_num")
    assert not _proves("(n : ℕ) : n! = n!", "rfl")  # `n!` is one identifier, as in Lean
    assert _valid("Nat.factorial n = n * Nat.factorial (n - 1)", ("n ≥ 1",)) is True
    assert _valid("Nat.factorial n = n * Nat.factorial (n - 1)") is False  # 0! = 1


@pytest.mark.parametrize(
    ("stmt", "true"),
    [
        (": Int.floor ((7 : ℝ) / 2) = 3", True),
        (": Int.floor ((7 : ℝ) / 2) = 4", False),
        (": Int.floor (-(7 : ℝ) / 2) = -4", True),  # floor, not truncation
        (": Int.ceil ((7 : ℚ) / 2) = 4", True),
        (": Int.ceil ((7 : ℚ) / 2) = 3", False),
        (": Nat.floor (-(7 : ℝ) / 2) = 0", True),  # Nat.floor of a negative number is 0
        (": Nat.sqrt 17 = 4", True),
        (": Nat.sqrt 17 = 5", False),
    ],
)
def test_norm_num_evaluates_floors(stmt: str, true: bool) -> None:
    assert _proves(stmt, "norm_num") is true


def test_floor_instances_follow_the_argument_type() -> None:
    assert _goal("(q : ℚ) : Int.floor q ≤ 1") == "Int.floor q ≤ 1"
    res = elaborate(initial_env(), "theorem t (n : ℕ) : Int.floor n = 0 := by\n  sorry")
    assert res.has_errors  # no FloorRing ℕ
    assert _goal("(x : ℝ) : Int.floor x ≤ x") == "↑(Int.floor x) ≤ x"  # the ℤ leaf is cast to ℝ
    assert _valid("Int.floor x ≤ x") is True and _valid("x < Int.floor x + 1") is True
    assert _valid("Int.floor x = x") is False
    assert _valid("Int.floor q = Int.floor q + 0") is True
    assert _valid("Int.ceil x - Int.floor x ≤ 1") is True
    assert _valid("Int.ceil x - Int.floor x = 1") is False  # x an integer


def test_nat_functions() -> None:
    assert not _proves(": Nat.sqrt 17 = 4", "decide")  # well-founded recursion: the kernel does not reduce
    assert _proves(": Nat.choose 5 2 = 10", "decide") and not _proves(": Nat.choose 5 2 = 12", "decide")
    assert _proves(": Nat.choose 2 5 = 0", "decide")
    assert _valid("Nat.choose (n + 1) (k + 1) = Nat.choose n k + Nat.choose n (k + 1)") is True
    assert _valid("Nat.choose n n = 1", ("n = 3",)) is True
    assert _proves(": Int.natAbs (-5) = 5", "decide") and _proves(": Int.toNat (-5) = 0", "decide")
    assert not _proves(": Int.toNat (-5) = 5", "decide")
    assert _valid("Nat.sqrt n * Nat.sqrt n ≤ n") is True
    assert _valid("Nat.sqrt n * Nat.sqrt n = n") is False


def test_transcendental_functions_only_have_mathlib_facts() -> None:
    assert _valid("Real.exp x > 0") is True
    assert _valid("Real.exp x > 1") is False
    assert _valid("Real.sin x ≤ 1 ∧ Real.cos x ≥ -1") is True
    assert _valid("Real.sin x ≤ 0") is False
    assert _valid("Real.log 1 = 0") is True
    assert _valid("Real.log x = 0") is False
    assert _valid("Real.logb 2 8 = Real.log 8 / Real.log 2") is True  # the definition
    assert _valid("Real.logb 1 x = 0") is True  # log 1 = 0 and x / 0 = 0
    assert _valid("Real.logb 2 8 = 3") is False  # log is opaque: nothing beyond its facts


def test_unknown_functions_stay_refused() -> None:
    bad, why = minif2f.statable("theorem t (x : ℝ) : Real.arctan x ≥ 0 := by\n  sorry")
    assert not bad and "Real.arctan" in why


def test_facts_hold_under_binders() -> None:
    # an application to a quantified variable gets the facts for every argument (as a pattern axiom)
    fs = {"f": "ℝ → ℝ"}

    def valid(hyp: str, goal: str) -> bool | None:
        return smt.valid([parse_prop(hyp, fs)], parse_prop(goal, fs), fs, 3000)

    assert valid("∀ x : ℝ, x ≥ 4 → f x = Real.sqrt x", "f 4 = 2") is True
    assert valid("∀ x : ℝ, x ≥ 4 → f x = Real.sqrt x", "f 4 = -2") is not True
    assert valid("∀ x : ℝ, f x = x ^ 2 - 4 * Real.sqrt x + 1", "f (f 4) = 70") is True
    assert valid("∀ x : ℝ, f x = Real.exp x", "f 3 > 0") is True
    assert valid("∀ x : ℝ, f x = Real.exp x", "f 3 > 1") is not True


def test_succ_field_notation() -> None:
    assert _goal("(u : ℕ → ℚ) (k : ℕ) : u k.succ = 1") == "u (Nat.succ k) = 1"
    assert _proves(": Nat.succ 4 = 5", "decide") and not _proves(": Nat.succ 4 = 4", "decide")
    assert _valid("Nat.succ n = n + 1") is True and _valid("Nat.succ n = n") is False
