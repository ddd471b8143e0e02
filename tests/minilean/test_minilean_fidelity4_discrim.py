"""`discrim a b c` (Mathlib's `def discrim [Ring α] (a b c : α) : α := b ^ 2 - 4 * a * c`).

A plain `def`: ring, linarith, nlinarith, norm_num, simp, decide and omega treat it as an opaque atom;
`rw [discrim]`, `simp [discrim]`, `norm_num [discrim]` and `unfold discrim` unfold it. The z3 oracle
(soundness probe, lemma admission) sees its body exactly.
"""

from __future__ import annotations

import pytest

from minilean import smt
from minilean.engine import elaborate, initial_env
from minilean.syntax import INT, REAL, EApp, PRel, SyntaxErr, parse_prop, show_prop

CTX = {"x": REAL, "k": INT, "n": "ℕ", "a": REAL, "b": REAL, "c": REAL}


def _accepts(stmt: str, tactic: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  {tactic}")
    return not res.has_errors and not res.sorries


def test_the_type_comes_from_the_arguments_or_the_tree() -> None:
    p = parse_prop("discrim k 1 2 = 0", CTX)
    assert isinstance(p, PRel) and p.ty == INT and isinstance(p.lhs, EApp) and p.lhs.fn == "discrim@ℤ"
    q = parse_prop("discrim 1 1 (-1) = (5 : ℝ)", CTX)
    assert isinstance(q, PRel) and q.ty == REAL
    for text in ("discrim (2 : ℝ) (-4) (-9) = 88", "discrim x 1 2 = 0", "(discrim 1 1 (-1) : ℝ) = 5"):
        p = parse_prop(text, CTX)
        assert parse_prop(show_prop(p), CTX) == p, text


@pytest.mark.parametrize(
    "text",
    [
        "discrim 1 1 (-1) = 5",  # numerals default to ℕ: no `Ring ℕ`
        "discrim n 1 1 = 0",
        "discrim k x 1 = 0",  # Lean fixes α := ℤ from `k`, then `x : ℝ` does not fit
        "discrim 1 2 = 0",
    ],
)
def test_refused_statements(text: str) -> None:
    with pytest.raises(SyntaxErr):
        parse_prop(text, CTX)


def test_z3_oracle_sees_the_definition() -> None:
    sorts = {"a": REAL, "b": REAL, "c": REAL}
    assert smt.valid([], parse_prop("discrim a b c = b ^ 2 - 4 * a * c", sorts), sorts) is True
    assert smt.valid([], parse_prop("discrim a b c = b ^ 2 + 4 * a * c", sorts), sorts) is False


ACCEPTED = [
    (": discrim (1 : ℝ) 1 (-1) = 5", "rw [discrim]\n  norm_num"),
    (": discrim (1 : ℝ) 1 (-1) = 5", "simp [discrim]\n  norm_num"),
    (": discrim (1 : ℝ) 1 (-1) = 5", "simp only [discrim]\n  norm_num"),
    (": discrim (1 : ℝ) 1 (-1) = 5", "norm_num [discrim]"),
    (": discrim (1 : ℝ) 1 (-1) = 5", "unfold discrim\n  norm_num"),
    (": (discrim 2 (-4) (-9) : ℝ) = 88", "norm_num [discrim]"),
    ("(a b c : ℝ) : discrim a b c = b ^ 2 - 4 * a * c", "rw [discrim]"),
    ("(a b c : ℝ) : discrim a b c = b ^ 2 - 4 * a * c", "unfold discrim\n  ring"),
    ("(a b c : ℝ) : discrim a b c = b * b - 4 * a * c", "simp [discrim]\n  ring"),
    ("(a b c : ℝ) (h : discrim a b c = 0) : b ^ 2 = 4 * a * c", "rw [discrim] at h\n  linarith"),
    ("(a b c : ℝ) (h : discrim a b c = 0) : b ^ 2 = 4 * a * c", "unfold discrim at h\n  linarith"),
    ("(a b c : ℝ) (h : discrim a b c = 0) : discrim a b c ≤ 0", "linarith"),  # an atom
    ("(a b c : ℝ) (h : b ^ 2 - 4 * a * c = 7) : discrim a b c = 7", "rw [discrim]\n  exact h"),
    ("(a : ℤ) : discrim a 2 1 = 4 - 4 * a", "simp [discrim]"),
    ("(a b c : ℝ) : discrim a b c = discrim (-a) (-b) (-c)", "rw [discrim, discrim]\n  ring"),
]

REFUSED = [
    # automation does not unfold the def
    (": discrim (1 : ℝ) 1 (-1) = 5", "norm_num"),
    (": discrim (1 : ℝ) 1 (-1) = 5", "simp"),
    (": discrim (1 : ℝ) 1 (-1) = 5", "ring"),
    (": discrim (1 : ℝ) 1 (-1) = 5", "linarith"),
    (": discrim (1 : ℝ) 1 (-1) = 5", "nlinarith"),
    (": discrim (1 : ℤ) 1 (-1) = 5", "omega"),
    (": discrim (1 : ℤ) 1 (-1) = 5", "rfl"),
    ("(a b c : ℝ) : discrim a b c = b ^ 2 - 4 * a * c", "ring"),
    ("(a b c : ℝ) (h : discrim a b c = 0) : b ^ 2 = 4 * a * c", "linarith"),
    ("(a b c : ℝ) (h : discrim a b c = 0) : b ^ 2 = 4 * a * c", "nlinarith [h]"),
    ("(a b c : ℝ) : discrim a b c ≥ -4 * a * c", "positivity"),
    # false statements
    (": discrim (1 : ℝ) 1 (-1) = 6", "norm_num [discrim]"),
    (": discrim (1 : ℝ) 1 (-1) = 6", "rw [discrim]\n  norm_num"),
    (": discrim (1 : ℝ) 1 (-1) = 6", "unfold discrim\n  norm_num"),
    ("(a b c : ℝ) : discrim a b c = b * b - 4 * a * c + 1", "simp [discrim]\n  ring"),
    ("(a b c : ℝ) (h : b ^ 2 - 4 * a * c = 7) : discrim a b c = 8", "rw [discrim]\n  linarith"),
]


@pytest.mark.parametrize(("stmt", "tactic"), ACCEPTED)
def test_accepted_as_lean_does(stmt: str, tactic: str) -> None:
    assert _accepts(stmt, tactic)


@pytest.mark.parametrize(("stmt", "tactic"), REFUSED)
def test_refused(stmt: str, tactic: str) -> None:
    assert not _accepts(stmt, tactic)


def test_decide_does_not_evaluate_discrim() -> None:
    # weaker than Lean (the kernel would unfold the def on ℤ literals): minilean refuses, as documented
    assert not _accepts(": discrim (1 : ℤ) 1 (-1) = 5", "decide")
