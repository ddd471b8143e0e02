"""Regression tests for three classes of soundness bug, each on the three paths a proof takes.

1. solver-internal z3 names meeting user names, 2. renaming an inaccessible variable without substituting
it, 3. declarations hidden behind commands minilean skipped. Paths: tactic by tactic (try_apply_tactic),
whole sources (is_valid_source and /command), whole-proof scripts (stp.whole_proof's source). Each
class also has a true twin that must still be accepted (the fix may not make minilean weaker there).
"""

from __future__ import annotations

import re

import pytest

from benchmarks.soundness_fuzz import INTERNAL_NAMES, Mutant, Paths
from minilean import recheck, smt
from minilean.commands import count_declarations
from minilean.engine import elaborate, initial_env
from minilean.goals import Goal, Hyp, TacticFail
from minilean.names import check_well_formed, rename_hyp
from minilean.syntax import _IDENT_RE, NAT, EVar, PRel, parse_prop

FALSE_STMT = "theorem bad : (1 : ℕ) = 2 := by\n  sorry"
TRUE_STMT = "theorem good : (1 : ℕ) + 1 = 2 := by\n  sorry"


@pytest.fixture(scope="module")
def paths() -> Paths:
    return Paths()


def _mutant(statement: str) -> Mutant:
    name = statement.split()[1]
    return Mutant(name, "", statement, "test", "")


def _body(statement: str, script: str) -> str:
    return statement.replace("sorry", "\n  ".join(script.split("\n")))


def verdicts(paths: Paths, statement: str, script: str) -> dict[str, bool]:
    """Accepted? on each path: tactic steps, is_valid_source, /command, whole-proof script."""
    m = _mutant(statement)
    src = _body(statement, script)
    return {
        "tactic": paths.tactics_close(m, script),
        "source": paths.source_valid(src),
        "command": paths.command_ok(src),
        "whole_proof": paths.whole_proof_ok(m, script),
    }


def source_verdicts(paths: Paths, source: str) -> dict[str, bool]:
    return {"source": paths.source_valid(source), "command": paths.command_ok(source)}


# ---------------------------------------------------------------------------------------------- class 1


def test_internal_z3_names_are_never_identifiers() -> None:
    for kind, hint in (("atom", ""), ("bound", "x"), ("mono", "")):
        name = smt.internal_name(kind, 0, hint)
        assert _IDENT_RE.fullmatch(name) is None, name
        assert name.startswith(smt.INTERNAL_MARK)


def test_encoder_keeps_user_and_internal_constants_apart() -> None:
    # `x * x` is an opaque atom for omega; a user variable spelled like the old atom name stays distinct
    sorts = {"atom0": "ℤ", "x": "ℤ"}
    goal = parse_prop("x * x = atom0", sorts)
    assert smt.valid([], goal, sorts, omega=True) is False
    with pytest.raises(smt.Untranslatable):  # a name carrying the internal mark is refused outright
        smt.valid([], PRel("=", EVar("#atom0"), EVar("x"), "ℤ"), {"#atom0": "ℤ", "x": "ℤ"})


@pytest.mark.parametrize("name", [n for n in INTERNAL_NAMES if _IDENT_RE.fullmatch(n)])
def test_user_names_like_internal_ones_prove_nothing_false(paths: Paths, name: str) -> None:
    stmt = f"theorem bad ({name} x : ℤ) : x * x = {name} := by\n  sorry"
    for script in ("omega", "linarith", "nlinarith", "exfalso\nomega"):
        assert not any(verdicts(paths, stmt, script).values()), (name, script)


def test_internal_name_lemma_attack_fails_on_every_path(paths: Paths) -> None:
    script = (
        "have key : ∀ atom0 x : ℤ, x * x = atom0\n· intro atom0 x\n  omega\n"
        "have k2 : (1 : ℤ) * 1 = 2 := key 2 1\nexfalso\nomega"
    )
    assert not any(verdicts(paths, FALSE_STMT, script).values())


def test_true_goals_with_internal_looking_names_still_prove(paths: Paths) -> None:
    stmt = "theorem good (atom0 x!0 m0 : ℤ) (h : x!0 = atom0 + m0) : x!0 + 1 = m0 + atom0 + 1 := by\n  sorry"
    for script in ("omega", "linarith"):
        assert all(verdicts(paths, stmt, script).values()), script


@pytest.mark.parametrize("name", ["abs", "Even", "Odd"])
def test_user_names_cannot_take_a_library_function_name(paths: Paths, name: str) -> None:
    # a local `abs : ℤ → ℤ` was read as |·|, so `decide` "proved" `abs (-1) = 1` for an arbitrary function
    stmt = f"theorem bad ({name} : ℤ → ℤ) : {name} (-1) = 1 := by\n  sorry"
    for script in ("decide", "norm_num", "rfl", "positivity"):
        assert not any(verdicts(paths, stmt, script).values()), (name, script)
    hyp = "theorem bad (x : ℤ) : x = x → x = x + 1 := by\n  sorry"
    assert not any(verdicts(paths, hyp, f"intro {name}\nomega").values())


# ---------------------------------------------------------------------------------------------- class 2

RENAME_ATTACKS = {
    "case after cases": "intro h\ncases h\ncase intro y hy =>\n  intro x\n  exact hy",
    "next after obtain": "intro h\nobtain ⟨_, hy⟩ := h\nnext y =>\n  intro x\n  exact hy",
    "next after rcases": "intro h\nrcases h with ⟨_, hy⟩\nnext y _ =>\n  intro x\n  exact hy",
}


@pytest.mark.parametrize("kind", sorted(RENAME_ATTACKS))
def test_renaming_a_witness_does_not_leave_it_dangling(paths: Paths, kind: str) -> None:
    stmt = "theorem bad : (∃ x : ℕ, x = 0) → ∀ x : ℕ, x = 0 := by\n  sorry"
    assert not any(verdicts(paths, stmt, RENAME_ATTACKS[kind]).values())


def test_renaming_after_a_bare_intro_does_not_leave_it_dangling(paths: Paths) -> None:
    stmt = "theorem bad : ∀ x : ℕ, x = 0 → ∀ y : ℕ, y = 0 := by\n  sorry"
    assert not any(verdicts(paths, stmt, "intro\nintro h\nnext z =>\n  intro x\n  exact h").values())


def test_renaming_substitutes_everywhere() -> None:
    res = elaborate(initial_env(), "example (h : ∃ x : ℕ, x = 0) : True := by\n  cases h\n  sorry")
    g = res.sorries[0].goals[0]
    k = next(i for i, h in enumerate(g.hyps) if h.is_var and not h.accessible)
    renamed = rename_hyp(g, k, "y")
    assert "y = 0" in renamed.render() and "x" not in renamed.render()
    with pytest.raises(TacticFail):  # the name of another hypothesis is not fresh
        rename_hyp(Goal((*g.hyps, Hyp("w", NAT)), g.target), k, "w")


def test_renamed_witness_is_usable_under_its_new_name() -> None:
    for src in (
        "example (h : ∃ x : ℕ, x = 0) : ∃ z : ℕ, z = 0 := by\n  cases h\n  case intro y hy =>\n"
        "    exact ⟨y, hy⟩",
        "example (h : ∃ x : ℕ, x = 0) : ∃ z : ℕ, z = 0 := by\n  obtain ⟨_, hy⟩ := h\n  next y =>\n"
        "    exact ⟨y, hy⟩",
    ):
        assert not elaborate(initial_env(), src).has_errors, src


def test_two_variables_never_share_a_name() -> None:
    # `next x` on the second inaccessible variable would merge it with the first one (also `x`)
    src = "theorem bad : ∀ x : ℕ, ∀ y : ℕ, x = y := by\n  intro\n  intro\n  next x =>\n    rfl"
    assert elaborate(initial_env(), src).has_errors
    g = Goal((Hyp("x", NAT), Hyp("x", NAT, accessible=False)), parse_prop("True", {}))
    with pytest.raises(TacticFail):
        check_well_formed(g)
    with pytest.raises(TacticFail):  # a hypothesis about a variable nobody declares
        check_well_formed(Goal((Hyp("h", parse_prop("x = 0", {"x": NAT})),), parse_prop("True", {})))


# ---------------------------------------------------------------------------------------------- class 3

BAD = "theorem bad : (1 : ℕ) = 2 := by\n  rfl"
GOOD = "theorem good : (1 : ℕ) + 1 = 2 := by\n  rfl"


def _indent(text: str) -> str:
    return "\n".join("  " + ln for ln in text.split("\n"))


HIDING = {
    "open-in same line": lambda t: "open Nat in " + t,
    "open-in next line": lambda t: "open Nat Real in\n" + t,
    "set_option-in": lambda t: "set_option maxHeartbeats 400000 in\n" + t,
    "indented under open": lambda t: "open BigOperators Real Nat Topology Rat\n" + _indent(t),
    "indented under set_option": lambda t: "set_option maxHeartbeats 400000\n" + _indent(t),
    "indented under a term proof": lambda t: "theorem first : True := trivial\n" + _indent(t),
    "namespace": lambda t: "namespace Foo\n" + t + "\nend Foo",
    "other option": lambda t: "set_option linter.unusedVariables false in\n" + t,
}


@pytest.mark.parametrize("kind", sorted(HIDING))
def test_no_declaration_hides_behind_a_command(paths: Paths, kind: str) -> None:
    assert source_verdicts(paths, HIDING[kind](BAD)) == {"source": False, "command": False}


@pytest.mark.parametrize("kind", ["open-in same line", "open-in next line", "set_option-in"])
def test_prefix_commands_elaborate_what_follows(paths: Paths, kind: str) -> None:
    assert source_verdicts(paths, HIDING[kind](GOOD)) == {"source": True, "command": True}
    two = HIDING[kind](GOOD) + "\n" + BAD
    assert source_verdicts(paths, two) == {"source": False, "command": False}


def test_proof_started_behind_a_prefix_command_is_checked(paths: Paths) -> None:
    m = _mutant(FALSE_STMT)
    for prefix in ("open Nat in\n", "set_option maxHeartbeats 400000 in\n"):
        for script in ("rfl", "decide", "omega", "norm_num"):
            assert not paths.tactics_close(m, script, prefix), (prefix, script)


def test_whole_proof_scripts_cannot_smuggle_commands(paths: Paths) -> None:
    m = _mutant(FALSE_STMT)
    for script in ("trivial\nopen Nat in theorem x : True := trivial", "set_option maxHeartbeats 1 in\nrfl"):
        assert not paths.whole_proof_ok(m, script)


def test_declarations_are_counted_wherever_they_are() -> None:
    assert count_declarations("open Nat in theorem a : True := trivial\n  lemma b : True := trivial") == 2
    assert count_declarations("example : True := trivial -- theorems_are_fine") == 1
    assert count_declarations("theorem my_theorem' : True := trivial") == 1
    res = elaborate(initial_env(), "theorem a : True := trivial\n  lemma b : (1 : ℕ) = 2 := by rfl")
    assert any(re.search("not elaborated", m.data) for m in res.messages)


# ---------------------------------------------------------------------------------------------- recheck


def test_renaming_recheck_catches_a_reintroduced_name_collision(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fault injection: give the solver's atoms identifier names again (the class-1 bug). The renaming
    re-check must then refuse the collision on the source and the tactic paths."""
    monkeypatch.setattr(smt, "internal_name", lambda kind, n, hint="": f"{kind}{n}")
    src = "theorem bad (atom0 x : ℤ) : x * x = atom0 := by\n  omega"
    res = elaborate(initial_env(), src)
    assert any("depends on identifier names" in m.data for m in res.messages)
    monkeypatch.setenv(recheck.ENV_SWITCH, "0")
    assert not elaborate(initial_env(), src).has_errors  # without the re-check the bug would get through
    monkeypatch.delenv(recheck.ENV_SWITCH)
    p = Paths()
    assert not p.tactics_close(_mutant("theorem bad (atom0 x : ℤ) : x * x = atom0 := by\n  sorry"), "omega")


def test_renamed_source_is_a_consistent_fresh_renaming() -> None:
    src = "theorem t (x y : ℕ) (h₀ : x < y) : x ≤ y := by\n  have h1 : x < y := h₀\n  exact Nat.le_of_lt h1"
    out = recheck.renamed_source(src, {})
    assert "theorem r" in out and "(x y" not in out and "Nat.le_of_lt" in out and "have" in out
    assert recheck.renamed_source("example (h : p ∧ q) : q := by\n  exact h.2", {}).endswith("exact r0_h.2")


def test_an_unterminated_comment_is_an_error(paths: Paths) -> None:
    src = GOOD + "\n/- " + BAD
    assert source_verdicts(paths, src) == {"source": False, "command": False}
    nested = GOOD + "\n/- /- -/ " + BAD + " -/ -- /-\n"  # closed (comments nest): only GOOD is code
    assert source_verdicts(paths, nested) == {"source": True, "command": True}
