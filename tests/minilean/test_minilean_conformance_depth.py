"""The depth command: how many blocks of a rejected proof must be admitted before the rest checks.

The proofs are small ones written for this test; they run through a real minilean server.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from minilean import conformance_depth as cd

TWO_HAVES = """theorem dep_two (x : ℕ) (h : x = 2) : x + 1 = 3 := by
  have h1 : x = 2 := by
    exact no_such_lemma_a
  have h2 : x + 0 = 2 := by
    exact no_such_lemma_b h
  omega
"""
OK = "theorem dep_ok (a b : ℕ) (h : a < b) : a + 1 ≤ b := by\n  omega\n"
FALSE_CLOSER = "theorem dep_false (x : ℝ) (h : x > 1) : x > 2 := by\n  nlinarith\n"
BAD_STATEMENT = """theorem dep_stmt (x : ℕ) (h : x = 2) : x = 2 := by
  have h3 : Foo x := by
    simp
  have h4 : x = 2 := h
  exact h4
"""
UNSOLVED_HAVE = """theorem dep_unsolved (x : ℝ) (h : x = 1) : x + x = 2 := by
  have h5 : x * x = 1 := by
    rw [h]
    norm_num
    norm_num
  linarith
"""


def _write(tmp_path: Path, rows: list[tuple[str, str]]) -> Path:
    p = tmp_path / "proofs.jsonl"
    p.write_text("".join(json.dumps({"name": n, "source": "t", "lean": t}) + "\n" for n, t in rows),
                 encoding="utf-8")
    return p


def test_admit_have_keeps_the_statement_and_what_follows() -> None:
    lines = TWO_HAVES.split("\n")
    new, n = cd.admit_have(lines, 2)
    assert new[1] == "  have h1 : x = 2 := sorry"
    assert new[2] == "  have h2 : x + 0 = 2 := by"  # the following `have` is kept
    assert n == 2
    assert cd.admit_have(lines, 6) is None  # `omega` is no `have`


def test_admit_block_drops_the_rest_of_the_block_only() -> None:
    lines = TWO_HAVES.split("\n")
    new, n = cd.admit_block(lines, 3)  # inside h1's proof: that block ends at line 3
    assert new[2] == "    sorry" and new[3] == "  have h2 : x + 0 = 2 := by"
    assert n == 1
    new, n = cd.admit_block(lines, 2)  # an opener ending in `by`: its body is admitted, the header kept
    assert new[1] == lines[1] and new[2] == "    sorry"
    assert cd.admit_block(lines, 1) is None  # the theorem header cannot be admitted


def test_depths_through_a_real_server(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    jsonl = _write(tmp_path, [("dep_two", TWO_HAVES), ("dep_ok", OK), ("dep_false", FALSE_CLOSER),
                              ("dep_stmt", BAD_STATEMENT), ("dep_unsolved", UNSOLVED_HAVE)])
    out = tmp_path / "depth.json"
    assert cd.main(["--jsonl", str(jsonl), "--json", str(out)]) == 0
    rows = {d["name"]: d for d in json.loads(out.read_text(encoding="utf-8"))}
    assert "dep_ok" not in rows  # accepted proofs are not measured
    two = rows["dep_two"]
    assert (two["depth"], two["stuck"]) == (2, False)
    assert two["reasons"] == ["lemma as term: no_such_lemma_a", "lemma as term: no_such_lemma_b"]
    assert two["admitted_lines"] == 2  # the two failing lines inside the `have` blocks
    assert (rows["dep_false"]["depth"], rows["dep_false"]["stuck"]) == (1, False)
    # a `have` whose statement cannot be elaborated counts once, admitted with the rest of its block
    stmt = rows["dep_stmt"]
    assert (stmt["depth"], stmt["stuck"], len(stmt["reasons"])) == (1, False, 1)
    assert rows["dep_unsolved"]["depth"] == 1 and not rows["dep_unsolved"]["stuck"]
    text = capsys.readouterr().out
    assert "rejected statable proofs: 4" in text
    assert "dep_false [t] 1:" in text and "dep_stmt [t] 4:" in text  # one block away, with its size
