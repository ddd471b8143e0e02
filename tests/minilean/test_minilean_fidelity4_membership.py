"""Membership in finite intervals (round 8): `x ∈ Finset.Icc a b` (Ico, Ioc, Ioo; ℕ, ℤ), `x ∈ Finset.range n`
as their own proposition kind (`PMem`), and the binders `∀ x ∈ s, P` (= `∀ x, x ∈ s → P`) and
`∃ x ∈ s, P` (= `∃ x, x ∈ s ∧ P`), as Lean's binder predicates expand them.

Mathlib: `Finset.mem_Icc : a ∈ Icc b c ↔ b ≤ a ∧ a ≤ c` (and `mem_Ico`, `mem_Ioc`, `mem_Ioo`,
`mem_range : m ∈ range n ↔ m < n`) are @[simp]; membership is not definitionally the bounds, and omega /
linarith do not see through `∈` until simp has rewritten it. Intervals of ℚ/ℝ are not finite sets."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env
from minilean.names import rename_prop
from minilean.syntax import ENum, EVar, PBin, PMem, PQuant, PRel, SyntaxErr, parse_prop, show_prop, subst_prop


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


_CTX = {"k": "ℕ", "n": "ℕ", "z": "ℤ", "x": "ℝ"}


def test_parse_binders_and_print() -> None:
    p = parse_prop("∀ j ∈ Finset.range n, j < n", _CTX)
    mem = PMem(EVar("j"), "range", ENum(0), EVar("n"), "ℕ")
    assert p == PQuant("∀", "j", "ℕ", PBin("→", mem, PRel("<", EVar("j"), EVar("n"), "ℕ")))
    q = parse_prop("∃ j ∈ Finset.Icc 1 9, j = 3", _CTX)
    assert isinstance(q, PQuant) and isinstance(q.body, PBin) and q.body.op == "∧"
    assert show_prop(parse_prop("k ∈ Finset.Ioc 1 (n + 1)", _CTX)) == "k ∈ Finset.Ioc 1 (n + 1)"
    assert parse_prop("z ∈ Finset.Icc (-2) 2", _CTX).ty == "ℤ"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    ["x ∈ Finset.Icc 1 2", "z ∈ Finset.range 3", "k ∈ Finset.Icc 1", "k ∈ Nat.divisors 6", "k ∈ S"],
)
def test_refused_memberships(text: str) -> None:
    with pytest.raises(SyntaxErr):
        parse_prop(text, _CTX)


def test_substitution_and_renaming_reach_every_term() -> None:
    p = parse_prop("k ∈ Finset.Icc n (n + 2)", _CTX)
    assert show_prop(subst_prop(p, "n", ENum(4))) == "k ∈ Finset.Icc 4 (4 + 2)"
    assert show_prop(rename_prop(p, "k", "m")) == "m ∈ Finset.Icc n (n + 2)"
    q = parse_prop("∀ j ∈ Finset.range n, j < n", _CTX)
    assert "j✝" in show_prop(subst_prop(q, "n", EVar("j")))  # capture-avoiding


_ACCEPT = [
    "(k : ℕ) (hk : k ∈ Finset.Icc 1 20) : 0 < k := by\n  simp at hk\n  omega",
    "(k : ℕ) (h1 : 1 ≤ k) (h2 : k ≤ 20) : k ∈ Finset.Icc 1 20 := by\n  simp\n  omega",
    ": ∀ k ∈ Finset.range 10, k < 10 := by\n  intro k hk\n  simp at hk\n  exact hk",
    ": ∃ n ∈ Finset.range 5, n = 3 := by\n  use 3\n  simp",
    ": ∃ n ∈ Finset.range 5, n = 3 := ⟨3, by simp, rfl⟩",
    ": (3 : ℕ) ∈ Finset.Icc 1 5 := by norm_num",
    ": (5 : ℕ) ∈ Finset.Ioc 1 5 := by norm_num",
    "(x : ℤ) (h : x ∈ Finset.Icc (-2) 2) : x ≤ 2 := by\n  simp at h\n  linarith",
    "(k : ℕ) (hk : k ∈ Finset.range 5) : k ∈ Finset.range 5 := hk",
    "(h : ∀ k ∈ Finset.range 5, k < 7) : (3 : ℕ) < 7 := by\n  apply h\n  simp",
    "(h : ∀ k ∈ Finset.range 5, k < 7) : (3 : ℕ) < 7 := h 3 (by simp)",
    "(k n : ℕ) (hk : k ∈ Finset.range n) (hn : n = 3) : k < 3 := by\n"
    "  subst hn\n  simp at hk\n  exact hk",
    "(k n : ℕ) (hk : k ∈ Finset.range n) (hn : n = 3) : k ∈ Finset.range 3 := by\n"
    "  rw [hn] at hk\n  exact hk",
    "(n : ℕ) : True := by\n  have h (k : ℕ) (hk : k ∈ Finset.Icc 1 20) : 0 < k := by\n"
    "    simp at hk\n    omega\n  trivial",
    "(x : ℕ) (h : x ∈ Finset.range 3 ∨ x = 7) : x ≠ 5 := by\n  rcases h with h | h\n"
    "  · simp at h\n    omega\n"
    "  · omega",
]


@pytest.mark.parametrize("src", _ACCEPT)
def test_accepts_as_lean(src: str) -> None:
    assert _accepts(src)


_REFUSE = [
    # omega / linarith do not see through `∈` (true statements)
    "(k : ℕ) (hk : k ∈ Finset.Icc 1 20) : 0 < k := by\n  omega",
    "(k : ℕ) (hk : k ∈ Finset.Icc 1 20) : 0 < k := by\n  linarith",
    # membership is not definitionally its bounds
    "(k : ℕ) (hk : k < 5) : k ∈ Finset.range 5 := hk",
    "(k : ℕ) (h1 : 1 ≤ k) (h2 : k ≤ 20) : k ∈ Finset.Icc 1 20 := by\n  constructor",
    # simp only without the mem lemmas leaves it
    "(k : ℕ) (hk : k ∈ Finset.range 3) : k < 3 := by\n  simp only [] at hk\n  exact hk",
    # false variants: open/closed ends, wrong bounds
    "(k : ℕ) (h1 : 0 ≤ k) (h2 : k ≤ 20) : k ∈ Finset.Icc 1 20 := by\n  simp\n  omega",
    ": ∀ k ∈ Finset.range 11, k < 10 := by\n  intro k hk\n  simp at hk\n  omega",
    ": ∃ n ∈ Finset.range 3, n = 3 := by\n  use 3\n  simp",
    ": (7 : ℕ) ∈ Finset.Icc 1 5 := by norm_num",
    ": (5 : ℕ) ∈ Finset.Ico 1 5 := by norm_num",
    ": (1 : ℕ) ∈ Finset.Ioo 1 5 := by norm_num",
    "(x : ℤ) (h : x ∈ Finset.Icc (-2) 2) : x ≤ 1 := by\n  simp at h\n  linarith",
    "(k : ℕ) (hk : k ∈ Finset.range 5) : k ∈ Finset.range 4 := hk",
    "(h : ∀ k ∈ Finset.range 5, k < 7) : (6 : ℕ) < 7 := h 6 (by simp)",
    # capture: the intro'd `k` is not the hypothesis's bound `k`
    "(k : ℕ) (h : ∀ j ∈ Finset.range k, j < k) : ∀ k ∈ Finset.range 3, k < 3 := by\n  intro k hk\n"
    "  exact h k hk",
    # ℝ intervals are not finite sets
    "(x : ℝ) (h : x ∈ Finset.Icc 1 2) : x ≤ 2 := by\n  simp at h\n  linarith",
    # decide on membership is not modelled (refused, weaker)
    ": (3 : ℕ) ∈ Finset.range 5 := by decide",
]


@pytest.mark.parametrize("src", _REFUSE)
def test_refuses(src: str) -> None:
    assert not _accepts(src)


# named membership lemmas in a simp set (mem_lemmas.py)

_SIMP_NAMED = [
    ("(k : ℕ) (h : k ∈ Finset.Icc 1 5) : k ≤ 5 := by\n  simp only [Finset.mem_Icc] at h\n  omega", True),
    ("(k : ℕ) (h : k ∈ Finset.range 5) : k ≤ 4 := by\n  simp only [Finset.mem_range] at h\n  omega", True),
    ("(k : ℤ) (h : k ∈ Finset.Ioo 1 5) : k ≤ 4 ∧ 2 ≤ k := by\n"
     "  simp only [Finset.mem_Ioo] at h\n  omega", True),
    ("(k : ℕ) (h1 : 1 ≤ k) (h2 : k ≤ 5) : k ∈ Finset.Icc 1 5 := by\n"
     "  simp only [Finset.mem_Icc]\n  omega", True),
    ("(k : ℕ) (h : k ∈ Finset.Icc 1 5) : k ≤ 4 := by\n  simp only [Finset.mem_Icc] at h\n  omega", False),
    ("(k : ℕ) (h : k ∈ Finset.range 5) : k ≤ 3 := by\n  simp only [Finset.mem_range] at h\n  omega", False),
    # the wrong lemma makes no progress
    ("(k : ℕ) (h : k ∈ Finset.Ico 1 5) : k ≤ 4 := by\n  simp only [Finset.mem_Icc] at h\n  omega", False),
]


@pytest.mark.parametrize(("src", "ok"), _SIMP_NAMED)
def test_named_mem_lemmas_in_simp(src: str, ok: bool) -> None:
    assert _accepts(src) is ok


def test_mem_lemma_statements_are_valid() -> None:
    from minilean import smt
    from minilean.mem_lemmas import mem_facts

    for name in ("Finset.mem_Icc", "Finset.mem_Ico", "Finset.mem_Ioc", "Finset.mem_Ioo", "Finset.mem_range"):
        facts = mem_facts(name)
        assert facts
        for f in facts:
            assert smt.valid([], f, {}) is True
    assert mem_facts("Finset.mem_filter") is None


def test_unfolding_agrees_with_the_finite_sets() -> None:
    # the bounds `unfolded()` states, against the sets themselves enumerated (independent of the encoding)
    from minilean.syntax import eval_prop

    sets = {
        "Icc": lambda a, b: range(a, b + 1),
        "Ico": lambda a, b: range(a, b),
        "Ioc": lambda a, b: range(a + 1, b + 1),
        "Ioo": lambda a, b: range(a + 1, b),
    }
    for kind, enum in sets.items():
        for a in range(-2, 3):
            for b in range(-2, 4):
                for x in range(-3, 5):
                    p = PMem(ENum(x), kind, ENum(a), ENum(b), "ℤ")
                    assert eval_prop(p.unfolded(), {}) == (x in enum(a, b)), (kind, a, b, x)
    for n in range(4):
        for m in range(5):
            assert eval_prop(PMem(ENum(m), "range", ENum(0), ENum(n), "ℕ").unfolded(), {}) == (m in range(n))


def test_omega_does_not_encode_membership_or_coprime() -> None:
    from minilean import smt

    sorts = {"k": "ℕ"}
    assert not smt.translatable(parse_prop("k ∈ Finset.Icc 1 5", sorts), sorts, omega=True)
    assert not smt.translatable(parse_prop("Nat.Coprime k 5", sorts), sorts, omega=True)
    assert smt.translatable(parse_prop("k ∈ Finset.Icc 1 5", sorts), sorts)
