"""Holes (`?_`) and `sorry` in every term-elaborating tactic: turned into goals where Lean does, else refused.

The class of bug this closes: a tactic elaborates a term, the term contains `?_` (or `sorry`), and the
tactic forgets it, so a non-theorem is "proven" (`theorem t : 1 = 2 := by cases (?_ : False)`).
"""

from __future__ import annotations

import pytest

from lean_io.client import LeanProcess
from lean_io.errors import LeanBusinessError, UnsafeTacticError
from lean_io.sanitize import sanitize_tactic, unsafe_reason
from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env
from minilean.terms import Elaborator

# Non-theorems, each with a script that closes the goal if the marked term's `X` were dropped.
# `X` is replaced by `?_` and by `sorry`.
FALSE_STMT = "(p : Prop) (hn : p → False) (hp2 : p ∨ p) : 1 = 2"
SCRIPTS = {
    "exact": ["exact (X : False).elim"],
    "exact-arg": ["exact False.elim X"],
    "exact-anon": ["exfalso", "exact (⟨X, X⟩ : False ∧ False).1"],
    "refine": ["refine False.elim X"],
    "apply": ["apply False.elim X"],
    "have-typed": ["have h : False := X", "exact h.elim"],
    "have-untyped": ["have h := (X : False)", "exact h.elim"],
    "specialize": ["specialize hn X", "exact hn.elim"],
    "cases": ["cases (X : False)"],
    "cases-or": ["cases (X : False ∨ False)"],
    "rcases": ["rcases (X : False) with h"],
    "rcases-tuple": ["rcases (X : False ∧ p) with ⟨h, -⟩", "exact h.elim"],
    "obtain": ["obtain h := (X : False)", "exact h.elim"],
    "obtain-alts": ["obtain h | h := (X : False ∨ False)", "exact h.elim", "exact h.elim"],
    "term-mode": None,  # `theorem … := (X : False).elim`
}


def _source(name: str, script: list[str] | None, fill: str) -> str:
    if script is None:
        return f"theorem t {FALSE_STMT} := (({fill} : False)).elim"
    return f"theorem t {FALSE_STMT} := by\n" + "\n".join("  " + s.replace("X", fill) for s in script)


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_holes_never_prove_a_non_theorem(name: str) -> None:
    res = elaborate(initial_env(), _source(name, SCRIPTS[name], "?_"))
    assert res.has_errors, name


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_sorry_is_always_recorded(name: str) -> None:
    res = elaborate(initial_env(), _source(name, SCRIPTS[name], "sorry"))
    # either refused, or accepted only with the sorry reported (as LeanTree reports it)
    assert res.has_errors or (
        len(res.sorries) >= 1 and any(m.data == "declaration uses 'sorry'" for m in res.messages)
    ), name


def _root(stmt: str = FALSE_STMT) -> ProofState:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors
    return res.sorries[0]


@pytest.mark.parametrize("name", sorted(k for k, v in SCRIPTS.items() if v))
def test_single_steps_keep_every_hole_as_a_goal(name: str) -> None:
    """Through `apply_tactic` (what the search uses): a step with `?_` fails or leaves a goal per hole."""
    state = _root()
    open_ = [state]
    for tactic in SCRIPTS[name]:  # type: ignore[union-attr]
        try:
            open_ = apply_tactic(open_[0], tactic.replace("X", "?_")) + open_[1:]
        except TacticError:
            return
    assert open_, f"{name}: all goals closed although a hole was never proved"


def test_holes_become_goals_where_lean_puts_them() -> None:
    root = _root("(p q : Prop) (hq : q) (h : p → q → False) : False")
    # have: the hole first, then the main goal with the new hypothesis
    out = apply_tactic(root, "have hp : p := ?_")
    assert [str(s.goals[0].to_json()["type"]) for s in out] == ["p", "False"]
    assert any(h["user_name"] == "hp" for h in out[1].goals[0].to_json()["hypotheses"])
    # specialize: the specialized main goal first, then the hole
    out = apply_tactic(root, "specialize h ?_ hq")
    assert [s.goals[0].to_json()["type"] for s in out] == ["False", "p"]
    assert [h["type"] for h in out[0].goals[0].to_json()["hypotheses"] if h["user_name"] == "h"] == ["False"]
    # refine / apply keep working
    assert [s.goals[0].to_json()["type"] for s in apply_tactic(root, "refine h ?_ ?_")] == ["p", "q"]
    assert [s.goals[0].to_json()["type"] for s in apply_tactic(root, "apply h ?_ hq")] == ["p"]
    # exact and cases refuse holes (as Lean does)
    for bad in ("exact h ?_ hq", "cases (?_ : False)", "obtain h2 := (?_ : False)"):
        with pytest.raises(TacticError, match="placeholder"):
            apply_tactic(root, bad)


def test_cases_on_sorry_closes_with_a_recorded_sorry() -> None:
    out = apply_tactic(_root(), "cases (sorry : False)")
    assert len(out) == 1 and out[0].goals[0].to_json()["type"] == "False"  # the sorry's goal is reported


def test_terms_cannot_be_elaborated_outside_the_enforcement_point() -> None:
    with pytest.raises(RuntimeError, match="term_scope"):
        Elaborator((), {})


def test_other_findings() -> None:
    def errs(src: str) -> list[str]:
        return [m.data for m in elaborate(initial_env(), src).messages if m.severity == "error"]

    assert errs("theorem t (x : ℕ) : x = x := Eq.refl 5")
    assert errs("theorem t (x y : ℕ) : x = x := Eq.refl y")
    assert errs("theorem t (x : ℕ) : x = x := Eq.refl")
    assert not errs("theorem t (x : ℕ) : x = x := Eq.refl x")
    assert errs("theorem t (x : ℕ) : x = x := by\n  skip foo\n  rfl")
    assert errs("theorem t (x : ℕ) : x = x := by\n  done foo")
    assert not errs("theorem t (x : ℕ) : x = x := by\n  skip\n  rfl")
    for name in ("Or.inl", "And.intro", "rfl", "absurd", "Eq.refl"):
        assert any("already been declared" in e for e in errs(f"theorem {name} (p : Prop) (h : p) : p := h"))
    deep = [
        "theorem t : " + "(" * 3000 + "True" + ")" * 3000 + " := trivial",
        "theorem t : " + "¬" * 3000 + "True := by trivial",
        "theorem t (a : ℕ) : " + " + ".join(["a"] * 3000) + " = 0 := by omega",
        "theorem t (p : Prop) (hp : p) : p := by\n  exact " + "(" * 3000 + "hp" + ")" * 3000,
        "theorem t (p : Prop) (hp : p) : p := by\n  rcases hp with " + "⟨" * 3000 + "h" + "⟩" * 3000,
    ]
    for src in deep:
        assert any("nesting depth" in e for e in errs(src)), src[:40]
    with pytest.raises(TacticError, match="nesting depth"):
        apply_tactic(_root(), "exact " + "(" * 3000 + "hp2" + ")" * 3000)


def test_sanitizer_refuses_unsolvable_holes() -> None:
    for bad in (
        "cases (?_ : False)",
        "exact ?_",
        "obtain h := (?_ : False)",
        "rcases (?_ : False) with h",
        "constructor <;> exact ?_",
        "first | exact h | exact ?_",
    ):
        assert unsafe_reason(bad) is not None, bad
        with pytest.raises(UnsafeTacticError):
            sanitize_tactic(bad)
    for ok in (
        "refine ⟨?_, ?_⟩",
        "apply foo ?_",
        "have h : p := ?_",
        "specialize h ?_",
        "intro x; refine Or.inl ?_",
        "constructor <;> refine ⟨?_, h⟩",
    ):
        assert unsafe_reason(ok) is None, ok


def test_through_the_protocol(process: LeanProcess) -> None:
    assert not process.is_valid_source("theorem t : 1 = 2 := by cases (?_ : False)")
    # as in LeanTree, a sorry is a warning (valid source) and a `sorries` entry (a branch to prove)
    assert process.is_valid_source("theorem t_s1 : 1 = 2 := by cases (sorry : False)")
    recorded = process.proof_from_sorry("theorem t_s2 : 1 = 2 := by cases (sorry : False)")
    assert recorded.state_text.strip().endswith("⊢ False")
    branch = process.proof_from_sorry("theorem t_s3 (p : Prop) (h : p → False) : 1 = 2 := by\n  sorry")
    with pytest.raises(UnsafeTacticError):
        branch.try_apply_tactic("cases (?_ : False)")
    children = branch.try_apply_tactic("specialize h ?_")
    assert len(children) == 2  # the specialized goal and the hole
    # a statement nested 3,000 deep is a business error, never an HTTP 500
    with pytest.raises(LeanBusinessError):
        process.proof_from_sorry("theorem t_s4 : " + "(" * 3000 + "True" + ")" * 3000 + " := by\n  sorry")
