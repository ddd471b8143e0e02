"""`a ≡ b [MOD n]` / `a ≡ b [ZMOD n]` (Nat.ModEq / Int.ModEq) with Lean's meaning.

Mathlib's `Nat.ModEq n a b := a % n = b % n` is a plain `def`: the elaborator's defeq checks unfold it
(`exact h`, `exact rfl`), `decide` evaluates it, norm_num's ModEq extension decides numerals, and
`unfold` / `simp [Nat.ModEq]` / `rw [Nat.ModEq]` unfold it on request; omega, linarith and plain simp do
not see through it.
"""

from __future__ import annotations

import pytest

from minilean import smt
from minilean.engine import elaborate, initial_env
from minilean.goals import defeq
from minilean.names import rename_prop
from minilean.syntax import (
    INT,
    NAT,
    ECast,
    ENum,
    EVar,
    PModEq,
    SyntaxErr,
    closed_truth,
    parse_prop,
    prop_vars,
    show_prop,
    subst_prop,
)

CTX = {"a": NAT, "b": NAT, "n": NAT, "x": INT}


def _accepts(stmt: str, tactic: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {tactic}")
    return not res.has_errors and not res.sorries


# ---------------------------------------------------------------------------------------------- statements


def test_notation_and_application_forms_parse_to_the_same_node() -> None:
    p = parse_prop("2 * a + 1 ≡ 3 [MOD n]", CTX)
    assert isinstance(p, PModEq) and p.ty == NAT and p.n == EVar("n")
    assert parse_prop("Nat.ModEq n (2 * a + 1) 3", CTX) == p
    assert parse_prop("x ≡ 2 [ZMOD 7]", CTX) == parse_prop("Int.ModEq 7 x 2", CTX)


def test_zmod_casts_natural_arguments_and_mod_refuses_integers() -> None:
    p = parse_prop("a ≡ 3 [ZMOD 7]", CTX)
    assert isinstance(p, PModEq) and p.ty == INT and p.lhs == ECast(EVar("a"), NAT, INT)
    with pytest.raises(SyntaxErr):
        parse_prop("x ≡ 3 [MOD 7]", CTX)  # Nat.ModEq takes ℕ arguments: an ℤ term is a type error
    with pytest.raises(SyntaxErr):
        parse_prop("a ≡ b [FOO 5]", CTX)
    with pytest.raises(SyntaxErr):
        parse_prop("Nat.ModEq 5 a", CTX)


def test_precedence_and_printing_round_trip() -> None:
    for text in ("a ≡ b [MOD 5] ∧ a = 1", "¬a ≡ 1 [MOD 2]", "(x : ℤ) ≡ -3 [ZMOD 7]", "a + b ≡ 0 [MOD n + 1]"):
        p = parse_prop(text, CTX)
        assert parse_prop(show_prop(p), CTX) == p, text


def test_consumers_see_the_three_terms() -> None:
    p = parse_prop("a ≡ b [MOD n]", CTX)
    assert prop_vars(p) == {"a", "b", "n"}
    assert subst_prop(p, "n", ENum(4)) == PModEq(ENum(4), EVar("a"), EVar("b"), NAT)
    assert rename_prop(p, "a", "c") == PModEq(EVar("n"), EVar("c"), EVar("b"), NAT)


def test_closed_truth_is_the_definition_with_lean_mod() -> None:
    assert closed_truth(parse_prop("17 ≡ 2 [MOD 5]", {})) is True
    assert closed_truth(parse_prop("17 ≡ 3 [MOD 5]", {})) is False
    assert closed_truth(parse_prop("(-3 : ℤ) ≡ 4 [ZMOD 7]", {})) is True  # Int.emod: -3 % 7 = 4
    assert closed_truth(parse_prop("3 ≡ 10 [MOD 0]", {})) is False  # x % 0 = x
    assert closed_truth(parse_prop("(-3 : ℤ) ≡ 3 [ZMOD -3]", {})) is True


def test_z3_encoding_is_exact() -> None:
    sorts = {"a": NAT, "b": NAT, "x": INT}
    h = parse_prop("a % 5 = b % 5", sorts)
    assert smt.valid([h], parse_prop("a ≡ b [MOD 5]", sorts), sorts) is True
    assert smt.valid([], parse_prop("a ≡ b [MOD 5]", sorts), sorts) is False
    assert smt.valid([], parse_prop("x ≡ x + 7 [ZMOD 7]", sorts), sorts) is True
    assert smt.valid([], parse_prop("x ≡ x + 7 [ZMOD 0]", sorts), sorts) is False


def test_defeq_unfolds_only_at_default_transparency() -> None:
    g = parse_prop("a ≡ 3 [MOD 5]", CTX)
    assert defeq(parse_prop("a % 5 = 3", CTX), g)  # 3 % 5 reduces to 3
    assert not defeq(parse_prop("a % 5 = 4", CTX), g)


# ---------------------------------------------------------------------------------------------- tactics

ACCEPTED = [
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "exact h"),
    ("(n : ℕ) (h : n ≡ 3 [MOD 5]) : n % 5 = 3", "exact h"),
    ("(a : ℕ) (h : a % 2 = 1) : Nat.ModEq 2 a 1", "exact h"),
    ("(a : ℕ) (h : a ≡ 1 [MOD 2]) : a ≡ 1 [MOD 2]", "assumption"),
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "unfold Nat.ModEq\n  omega"),
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "simp [Nat.ModEq]\n  omega"),
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "simp only [Nat.ModEq]\n  omega"),
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "rw [Nat.ModEq]\n  omega"),
    ("(n : ℕ) (h : n ≡ 3 [MOD 5]) : n % 5 = 3", "unfold Nat.ModEq at h\n  omega"),
    ("(x : ℤ) (h : x ≡ 2 [ZMOD 5]) : x % 5 = 2", "simp [Int.ModEq] at h\n  omega"),
    ("(a : ℕ) (h : a ≡ 1 [MOD 2]) (h2 : a % 2 = 0) : False", "unfold Nat.ModEq at h\n  omega"),
    (": 17 ≡ 2 [MOD 5]", "decide"),
    (": 17 ≡ 2 [MOD 5]", "norm_num"),
    (": 2 * 3 ≡ 1 [MOD 5]", "norm_num"),
    (": 17 ≡ 2 [MOD 5]", "exact rfl"),
    (": 2 * 3 ≡ 6 [MOD 5]", "rfl"),
    (": (-3 : ℤ) ≡ 4 [ZMOD 7]", "decide"),
    (": (-3 : ℤ) ≡ 4 [ZMOD 7]", "norm_num"),
    (": (29 : ℤ) ≡ 1 [ZMOD 7]", "norm_num [Int.ModEq]"),
    ("(a b : ℕ) (h : a = b) : a ≡ b [MOD 7]", "subst h\n  rfl"),
    ("(a : ℕ) (h₀ : a = 3) (h : a ≡ 1 [MOD 2]) : 3 ≡ 1 [MOD 2]", "rw [h₀] at h\n  exact h"),
]

REFUSED = [
    # automation that does not unfold the def (Lean's omega reads facts at whnfR; linarith likewise)
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "omega"),
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "linarith"),
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "simp"),
    ("(n : ℕ) (h : n ≡ 3 [MOD 5]) : n % 5 = 3", "omega"),
    ("(a : ℕ) (h : a ≡ 1 [MOD 2]) (h2 : a % 2 = 0) : False", "omega"),
    ("(a : ℕ) (h : a ≡ 1 [MOD 2]) (h2 : a % 2 = 0) : False", "linarith"),
    ("(a : ℕ) (h : a ≡ 1 [MOD 2]) (h2 : a % 2 = 0) : False", "simp_all"),
    (": 17 ≡ 2 [MOD 5]", "omega"),
    (": 17 ≡ 2 [MOD 5]", "simp"),
    # `rfl` reads the relation at whnfR: the two sides 17 and 2 are not defeq (only `exact rfl` unfolds)
    (": 17 ≡ 2 [MOD 5]", "rfl"),
    ("(a b : ℕ) (h : a % 3 = b % 3) (h2 : a ≡ b [MOD 3]) : b ≡ a [MOD 3]", "rw [h2]"),
    ("(a b : ℕ) (h : a % 3 = b % 3) : b ≡ a [MOD 3]", "dsimp [Nat.ModEq]"),
    ("(n : ℕ) (h : n % 5 = 3) : n ≡ 3 [MOD 5]", "unfold Int.ModEq"),
    # false statements: every closer refuses them
    ("(n : ℕ) (h : n ≡ 3 [MOD 5]) : n % 5 = 4", "exact h"),
    ("(n : ℕ) (h : n ≡ 3 [MOD 5]) : n % 5 = 4", "unfold Nat.ModEq at h\n  omega"),
    ("(a : ℕ) (h : a ≡ 1 [MOD 2]) : a ≡ 1 [MOD 3]", "assumption"),
    ("(a : ℕ) (h : a ≡ 1 [MOD 2]) : a ≡ 1 [MOD 3]", "simp [Nat.ModEq] at h ⊢\n  omega"),
    ("(a b : ℕ) (h₀ : a = 3) (h : a ≡ 1 [MOD 2]) : 3 ≡ 0 [MOD 2]", "rw [h₀] at h\n  exact h"),
]
FALSE_CLOSED = [": 17 ≡ 3 [MOD 5]", ": (-3 : ℤ) ≡ 3 [ZMOD 7]", ": 3 ≡ 10 [MOD 0]", ": 2 * 3 ≡ 2 [MOD 5]"]
CLOSERS = ["decide", "norm_num", "simp", "omega", "rfl", "exact rfl", "trivial", "norm_num [Nat.ModEq]",
           "norm_num [Int.ModEq]", "unfold Nat.ModEq\n  omega", "unfold Int.ModEq\n  omega", "linarith",
           "positivity", "nlinarith", "simp [Nat.ModEq]", "simp [Int.ModEq]"]


@pytest.mark.parametrize(("stmt", "tactic"), ACCEPTED)
def test_accepted_as_lean_does(stmt: str, tactic: str) -> None:
    assert _accepts(stmt, tactic)


@pytest.mark.parametrize(("stmt", "tactic"), REFUSED)
def test_refused_as_lean_does(stmt: str, tactic: str) -> None:
    assert not _accepts(stmt, tactic)


@pytest.mark.parametrize("stmt", FALSE_CLOSED)
def test_false_congruences_are_refused_by_every_closer(stmt: str) -> None:
    for tactic in CLOSERS:
        assert not _accepts(stmt, tactic), tactic


def test_renaming_recheck_keeps_the_notation() -> None:
    # a variable named like the notation's keyword-free parts is renamed; MOD itself is not
    assert _accepts("(m k : ℕ) (h : m % k = 1 % k) : m ≡ 1 [MOD k]", "exact h")
    assert not _accepts("(m k : ℕ) (h : m % k = 2 % k) : m ≡ 1 [MOD k]", "exact h")
