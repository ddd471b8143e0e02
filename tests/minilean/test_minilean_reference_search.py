"""The reference proofs SFT learns from are proofs search can make: replayed tactic by tactic through
`try_apply_tactic` on a minilean server (the LeanTree protocol's search path, which refuses e.g. an untyped
`have` that a whole-file check would accept), every train proof closes its theorem."""

from __future__ import annotations

import pytest

from lean_io.client import Branch, LeanClient
from lean_io.errors import LeanBusinessError
from minilean.autoprove import Prover
from minilean.engine import elaborate, initial_env
from minilean.gen_comp import load_comp
from minilean.theorems import load_theorems


def _replay(start: Branch, lines: list[str]) -> list[Branch]:
    """Apply the script's tactics in focus order (new goals first, as Lean's tactic framework does);
    return the branches left open."""
    open_branches = [start]
    for line in lines:
        tactic = line.strip().lstrip("·").strip()
        if not tactic:
            continue
        branch = open_branches.pop(0)
        open_branches = branch.try_apply_tactic(tactic, timeout_ms=5000) + open_branches
    return open_branches


@pytest.mark.slow
def test_every_train_proof_replays_through_search(minilean_url: str) -> None:
    rows = load_theorems("train") + load_comp("train")
    client = LeanClient(minilean_url)
    failures: list[tuple[str, str]] = []
    try:
        with client.get_process(timeout=30) as process:
            for r in rows:
                try:
                    left = _replay(process.proof_from_sorry(r["statement"]), r["proof"].splitlines())
                except LeanBusinessError as exc:
                    failures.append((r["id"], str(exc)[:120]))
                    continue
                if left:
                    failures.append((r["id"], f"{len(left)} goals left"))
    finally:
        client.close()
    assert failures == []
    assert sum("specialize" in r["proof"] for r in rows) >= 30  # modus ponens is written as `specialize`


def test_untyped_have_is_refused_on_the_search_path(minilean_url: str) -> None:
    stmt = "theorem t (p : Prop) (x : ℕ) (h1 : p → x = 2) (h2 : p) : x + 1 = 3 := by\n  sorry"
    client = LeanClient(minilean_url)
    try:
        with client.get_process(timeout=30) as process:
            with pytest.raises(LeanBusinessError, match="must specify the hypothesis type"):
                process.proof_from_sorry(stmt).try_apply_tactic("have h3 := h1 h2")
            again = process.proof_from_sorry(stmt.replace("theorem t ", "theorem t2 "))
            assert _replay(again, ["specialize h1 h2", "omega"]) == []
    finally:
        client.close()


def test_prover_modus_ponens_styles() -> None:
    stmt = "theorem t (p : Prop) (x : ℕ) (h1 : p → x = 2) (h2 : p) : x + 1 = 3 := by\n  sorry"
    state = elaborate(initial_env(), stmt).sorries[0]
    have = Prover().prove(state)
    spec = Prover(modus_ponens="specialize").prove(state)
    assert have is not None and spec is not None
    assert have.lines() == ["have h3 : x = 2 := h1 h2", "omega"]
    assert spec.lines() == ["specialize h1 h2", "omega"]
    with pytest.raises(ValueError, match="modus_ponens"):
        Prover(modus_ponens="apply")
