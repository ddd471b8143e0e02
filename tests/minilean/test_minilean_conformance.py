"""The conformance command: proofs in, accepted/statable counts and grouped rejection reasons out.

The proofs here are small ones written for this test (none comes from the MiniF2F proof collection);
they run through a real minilean server, as the command does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from minilean import conformance as conf

OK_FILE = """import Mathlib
set_option linter.all false
noncomputable section
open Real

theorem conf_ok (a b : ℕ) (h : a < b) : a + 1 ≤ b := by
  omega

#print axioms conf_ok
"""
FALSE_FILE = "theorem conf_false (x : ℝ) (h : x > 1) : x > 2 := by\n  linarith\n"
UNKNOWN_TACTIC = "theorem conf_aesop (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  aesop\n"
SORRY_FILE = "theorem conf_sorry (p : Prop) (hp : p) : p := by\n  sorry\n"
UNSTATABLE = "theorem conf_group (G : Type) [Group G] (g : G) : g * 1 = g := by\n  simp\n"
VACUOUS = "theorem conf_vac (x : ℕ) (h : x < 0) : x = 1 := by\n  omega\n"  # proves its negation too
BODY_ONLY = "intro h\nexact h"  # a tactic body: the statement comes from the statements table
STATEMENTS = {"conf_body": {"id": "conf_body", "header": "import Mathlib\n",
                            "statement": "theorem conf_body (p : Prop) : p → p := by sorry"}}


def _rows() -> list[dict]:
    return [
        {"name": "conf_ok", "source": "t", "lean": OK_FILE},
        {"name": "conf_false", "source": "t", "lean": FALSE_FILE},
        {"name": "conf_aesop", "source": "t", "lean": UNKNOWN_TACTIC},
        {"name": "conf_sorry", "source": "t", "lean": SORRY_FILE},
        {"name": "conf_group", "source": "t", "lean": UNSTATABLE},
        {"name": "conf_body", "source": "t", "lean": BODY_ONLY},
        {"name": "conf_vac", "source": "t", "lean": VACUOUS},
    ]


@pytest.fixture
def jsonl(tmp_path: Path) -> Path:
    p = tmp_path / "proofs.jsonl"
    p.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in _rows()), encoding="utf-8")
    return p


def test_prepare_blanks_imports_and_states_with_opens() -> None:
    prep = conf.prepare(OK_FILE, "conf_ok")
    assert prep.source.split("\n")[0] == ""  # the import is blanked, line numbers are kept
    assert prep.source.count("\n") == OK_FILE.count("\n")
    assert prep.statement == "open Real\ntheorem conf_ok (a b : ℕ) (h : a < b) : a + 1 ≤ b := by sorry\n"


def test_prepare_body_only_row_uses_the_statement_table() -> None:
    prep = conf.prepare(BODY_ONLY, "conf_body", STATEMENTS)
    assert "theorem conf_body (p : Prop) : p → p := by\n  intro h\n  exact h" in prep.source
    assert conf.prepare(BODY_ONLY, "unknown_name", STATEMENTS).statement is None


def test_flip_conclusion() -> None:
    assert conf.flip_conclusion("theorem t (a b : ℕ) (h : a < b) : a + 1 ≤ b") == (
        "theorem t (a b : ℕ) (h : a < b) : a + 1 > b"
    )
    assert conf.flip_conclusion("theorem t (x : ℝ) : x = 2 ∨ x = 3") is None  # connectives: not negated
    assert conf.flip_conclusion("theorem t (x : ℝ) : 0 < x ∧ x < 1") is None


def test_classify_groups_by_construct() -> None:
    assert conf.classify("unknown identifier 'sq_nonneg'", "nlinarith [sq_nonneg (a - b)]") == (
        "lemma as term: sq_nonneg"
    )
    assert conf.classify("unknown tactic 'aesop'", "aesop") == "tactic: aesop"
    assert conf.classify("linarith failed to find a contradiction\nx : ℝ", "nlinarith <;> linarith") == (
        "<;> (nlinarith)"
    )
    assert conf.classify("unsolved goals\n⊢ p", "constructor").startswith("unsolved goals after constructor")


def test_command_counts_and_reasons(jsonl: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    results = conf.measure(jsonl, statements=STATEMENTS)
    by_name = {r.name: r for r in results}
    assert by_name["conf_ok"].accepted and by_name["conf_ok"].statable
    assert by_name["conf_body"].accepted and by_name["conf_body"].statable
    assert not by_name["conf_false"].accepted and by_name["conf_false"].statable
    assert by_name["conf_false"].reason.startswith("linarith:")
    assert by_name["conf_aesop"].reason == "tactic: aesop"
    assert by_name["conf_sorry"].reason == "proof uses sorry" and not by_name["conf_sorry"].accepted
    assert not by_name["conf_group"].statable and not by_name["conf_group"].accepted
    s = conf.summarize(results)
    assert (s.total, s.statable, s.accepted) == (7, 6, 3)
    assert sum(s.reasons.values()) == 3  # the unstatable row is not counted among the reasons
    # the soundness probe: conf_ok's negation is rejected; the vacuous theorem proves its negation too;
    # conf_body's conclusion is an implication (no single relation to negate)
    assert by_name["conf_ok"].flip_accepted is False and by_name["conf_vac"].flip_accepted is True
    assert by_name["conf_body"].flip_accepted is None
    # ... and z3 refutes its hypotheses (x < 0 in ℕ), so that acceptance is vacuous, not a soundness bug
    assert by_name["conf_vac"].flip_vacuous is True and by_name["conf_ok"].flip_vacuous is None
    assert (s.flips_checked, s.flips_accepted, s.flips_vacuous) == (2, 0, 1)
    # the command line: same numbers, printed and written as JSON
    out = tmp_path / "out.json"
    assert conf.main(["--jsonl", str(jsonl), "--json", str(out), "--limit", "4"]) == 0
    printed = capsys.readouterr().out
    assert "accepted/statable: 1/4" in printed and "tactic: aesop" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["total"], data["statable"], data["accepted"]) == (4, 4, 1)
    assert data["reasons"]["proof uses sorry"] == 1


def test_name_filter_checks_only_those_rows(jsonl: Path, capsys: pytest.CaptureFixture) -> None:
    assert conf.main(["--jsonl", str(jsonl), "--name", "conf_ok", "--name", "conf_aesop"]) == 0
    printed = capsys.readouterr().out
    assert "accepted/statable: 1/2" in printed and "tactic: aesop" in printed
    assert conf.main(["--jsonl", str(jsonl), "--name", "no_such_theorem"]) == 2
    assert "no row is named" in capsys.readouterr().err


def test_missing_file_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert conf.main(["--jsonl", str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "not found" in err


def test_hypotheses_refuted_asks_z3_about_the_hypotheses_only() -> None:
    assert conf.hypotheses_refuted("theorem t (x : ℕ) (h : x < 0) : x = 1 := by\n  sorry")
    assert conf.hypotheses_refuted("theorem t (x : ℝ) (h : (11 : ℝ) ^ (1 / 4) = 2) : x = 1 := by\n  sorry")
    assert not conf.hypotheses_refuted("theorem t (x : ℕ) (h : x < 5) : x = 1 := by\n  sorry")
    assert not conf.hypotheses_refuted("theorem t (x : ℕ) : x = 1 := by\n  sorry")  # no hypotheses
    assert not conf.hypotheses_refuted("theorem t (x : ℕ) (h : x <) : x = 1 := by\n  sorry")  # no statement


def test_body_only_rows_find_valid_statements_too() -> None:
    """A tactic list for a MiniF2F *valid* theorem is stated from the valid split (ids are disjoint)."""
    from minilean import minif2f

    table = conf._statement_rows()
    valid_id = minif2f.load("valid")[0]["id"]
    test_id = minif2f.load("test")[0]["id"]
    assert table[valid_id]["split"] == "valid" and table[test_id]["split"] == "test"
    prep = conf.prepare("  norm_num", valid_id, table)
    assert prep.statement is not None and f"theorem {valid_id}" in prep.statement
