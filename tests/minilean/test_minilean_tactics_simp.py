# ruff: noqa: E501
"""simp, simp only, simp at, simp_all, simpa, norm_num (at): what they rewrite to, what they close, and
that false statements stay rejected."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minilean.engine import ProofState, TacticError, _statement, apply_tactic, elaborate, initial_env
from minilean.syntax import show_prop


def _state(header: str) -> ProofState:
    _, g = _statement(initial_env(), f"theorem t {header}", 0, 0)
    return ProofState((g,))


def _after(header: str, tactic: str) -> list[str]:
    return [show_prop(s.goals[0].target) for s in apply_tactic(_state(header), tactic)]


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_simp_shapes() -> None:
    assert _after("(x y : ℝ) (h : x = y) : x + 0 ≥ y * 1", "simp [h]") == []  # y ≤ y closes
    assert _after("(x y : ℝ) : ¬ x < y", "simp") == ["y ≤ x"]  # not_lt
    assert _after("(x y : ℝ) : x ≥ y + 0", "simp") == ["y ≤ x"]  # add_zero, ge_iff_le
    assert _after("(x y : ℝ) : x * y = 0", "simp") == ["x = 0 ∨ y = 0"]  # mul_eq_zero
    assert _after("(x y : ℤ) : x + y = x + 2 * 3", "simp") == ["y = 6"]  # add_right_inj, literals
    # simp does not fold ℝ numeral arithmetic (that is norm_num), but decides literal comparisons
    assert _after("(x : ℝ) : (2 : ℝ) < 3 ∨ x = 1", "simp") == []
    with pytest.raises(TacticError, match="no progress"):
        apply_tactic(_state("(x : ℝ) : x = 2 + 2"), "simp")
    assert _after("(x : ℝ) : x = 2 + 2", "norm_num") == ["x = 4"]


def test_simp_at_and_contradiction() -> None:
    s = _state("(x : ℕ) (h : x + 0 = 3) (h2 : 1 + 1 = 3) : x = 5")
    assert apply_tactic(s, "simp at h2") == []  # h2 becomes False
    (out,) = apply_tactic(s, "simp at h")
    assert show_prop(out.goals[0].hyps[1].ty) == "x = 3"
    with pytest.raises(TacticError, match="unknown hypothesis"):
        apply_tactic(s, "simp at nope")
    # a hypothesis is not used to simplify itself (Lean erases it from its own simp set)
    assert apply_tactic(_state("(x : ℕ) (h : x = 3) : x + 0 = 3"), "simp [h] at h ⊢") == []
    with pytest.raises(TacticError, match="no progress"):
        apply_tactic(_state("(x : ℕ) (h : x = 3) : x = 3"), "simp [h] at h")


def test_norm_num_at_closes_on_false_and_fails_without_progress() -> None:
    assert _accepts("(x : ℝ) (h : (3 : ℝ) / 2 = 1) : x = 7 := by norm_num at h")
    assert not _accepts("(x : ℝ) (h : x ^ 2 = 4) : x = 2 := by norm_num at h")
    assert not _accepts(": (3 : ℝ) / 2 = 1 := by norm_num")
    with pytest.raises(TacticError, match="reduced to False"):
        apply_tactic(_state(": (3 : ℝ) / 2 = 1"), "norm_num")


CASES = [
    ("(x y : ℕ) (h1 : x = 2) (h2 : y = x) : y = 2 := by simp_all", True),
    ("(x y : ℕ) (h1 : x = 2) : y = 2 := by simp_all", False),
    ("(p q : Prop) (hp : p) (hq : q) : p ∧ q := by simp [hp, hq]", True),
    ("(p q : Prop) (hp : p) : p ∧ q := by simp [hp]", False),
    ("(x : ℕ) (h : 0 + x = 5) : x = 5 := by simpa using h", True),
    ("(x : ℕ) (h : x = 5) : x = 6 := by simpa using h", False),
    ("(x : ℝ) (h : x * 3 = 0) : x = 0 := by simpa using h", True),
    ("(x : ℝ) (h : x * 3 = 1) : x = 0 := by simpa using h", False),
    ("(x : ℝ) (hx : 0 < x) : 0 < x + 0 := by simpa using hx", True),
    ("(x y : ℕ) (h : x = y) : x + 0 = y := by simp only [h, add_zero]", True),
    ("(x y z : ℕ) (h : x = y) : z + 0 = y := by simp only [h, add_zero]", False),
    ("(f : ℕ → ℕ) (hf : ∀ n, f n = n + 1) : f 2 = 3 := by simp [hf]", True),
    ("(f : ℕ → ℕ) (hf : ∀ n, f n = n + 1) : f 2 = 4 := by simp [hf]", False),
    (": Nat.Prime 97 := by norm_num", True),
    (": Nat.Prime 91 := by norm_num", False),
    ("(x : ℝ) (h : x = 5) : x ^ 2 - 1 = 24 := by norm_num [h]", True),
    ("(x : ℝ) (h : x = 5) : x ^ 2 - 1 = 23 := by norm_num [h]", False),
    ("(x : ℝ) (h : x + 0 = 2) : x = 2 := by norm_num at h ⊢; exact h", True),
    (": (10 : ℕ) - 12 = 0 := by norm_num", True),
    (": (10 : ℤ) - 12 = 0 := by norm_num", False),
    # conditional rules: side conditions discharged by simplification (Lean's default discharger)
    (
        "(f : ℤ → ℤ) (h₀ : ∀ n, Odd n → f n = n ^ 2) (h₁ : ∀ n, Even n → f n = n ^ 2 - 4 * n - 1) : f 4 = -1 := by simp [h₀, h₁]",
        True,
    ),
    (
        "(f : ℤ → ℤ) (h₀ : ∀ n, Odd n → f n = n ^ 2) (h₁ : ∀ n, Even n → f n = n ^ 2 - 4 * n - 1) : f 4 = 16 := by simp [h₀, h₁]",
        False,
    ),
    (
        "(s : ℝ → ℝ → ℝ) (h₀ : ∀ x y, x ≠ 0 → y ≠ 0 → s x y = (1 / y - 1 / x) / (x - y)) : s 3 11 = 1 / 33 := by norm_num [h₀]",
        True,
    ),
    (
        "(s : ℝ → ℝ → ℝ) (h₀ : ∀ x y, x ≠ 0 → y ≠ 0 → s x y = (1 / y - 1 / x) / (x - y)) : s 0 11 = 1 / 33 := by norm_num [h₀]",
        False,
    ),
    ("(f : ℕ → ℕ) (h : ∀ n, n > 5 → f n = 0) (h2 : f 3 = 1) : f 7 + f 3 = 1 := by simp [h, h2]", True),
    ("(f : ℕ → ℕ) (h : ∀ n, n > 5 → f n = 0) (h2 : f 3 = 1) : f 4 + f 3 = 1 := by simp [h, h2]", False),
]


@pytest.mark.parametrize(("src", "ok"), CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_cases(src: str, ok: bool) -> None:
    assert _accepts(src) == ok


@settings(max_examples=60, deadline=None)
@given(
    a=st.integers(-20, 20),
    b=st.integers(-20, 20),
    c=st.integers(-20, 20),
    op=st.sampled_from(["+", "-", "*"]),
    rel=st.sampled_from(["=", "<", "≤", "≠"]),
    ty=st.sampled_from(["ℤ", "ℚ", "ℝ"]),
)
def test_norm_num_decides_closed_arithmetic_exactly(
    a: int, b: int, c: int, op: str, rel: str, ty: str
) -> None:
    """norm_num closes a closed numeral statement exactly when it is true (and never a false one)."""
    truth = {
        "=": lambda x, y: x == y,
        "<": lambda x, y: x < y,
        "≤": lambda x, y: x <= y,
        "≠": lambda x, y: x != y,
    }
    value = {"+": a + b, "-": a - b, "*": a * b}[op]
    src = f": (({a} : {ty}) {op} ({b})) {rel} ({c}) := by norm_num"
    assert _accepts(src) == truth[rel](value, c)
