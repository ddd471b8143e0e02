"""minilean theorem sets: shape, splits, reference proofs checked by minilean, LeanTree export."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from minilean.engine import elaborate, initial_env
from minilean.gen_theorems import _models, _tautology, gen_arith, gen_prop
from minilean.syntax import INT, NAT, PBin, PNot, parse_prop, prop_vars
from minilean.theorems import full_proof_source, leantree_export_path, load_theorems, theorems_path

FIELDS = {"dataset", "id", "split", "tier", "header", "statement", "proof"}


def test_rows_shape_and_splits() -> None:
    rows = load_theorems()
    assert len(rows) >= 400
    assert all(set(r) == FIELDS and r["dataset"] == "minilean" for r in rows)
    assert len({r["id"] for r in rows}) == len(rows)
    splits = Counter(r["split"] for r in rows)
    assert set(splits) == {"train", "valid", "test"}
    assert 0.55 <= splits["train"] / len(rows) <= 0.65
    tiers = Counter((r["split"], r["tier"]) for r in rows)
    for split in ("train", "valid", "test"):
        assert all(tiers[(split, t)] > 0 for t in (1, 2, 3, 4)), tiers
    for r in rows:
        assert r["statement"].startswith(f"theorem {r['id']} ") and r["statement"].endswith(":= by\n  sorry")
        assert (r["proof"] is not None) == (r["split"] == "train")
    assert [r["id"] for r in load_theorems("valid")] == [r["id"] for r in rows if r["split"] == "valid"]
    with pytest.raises(ValueError):
        load_theorems("dev")
    assert theorems_path().name == "theorems.jsonl"


def test_statements_start_proofs() -> None:
    res = [elaborate(initial_env(), r["statement"]) for r in load_theorems("test")]
    assert all(len(x.sorries) == 1 and not x.has_errors for x in res)


def test_every_train_proof_verifies() -> None:
    for r in load_theorems("train"):
        src = full_proof_source(r)
        assert "sorry" not in src
        res = elaborate(initial_env(), src)
        assert res.messages == (), (r["id"], res.messages)
        assert [d.name for d in res.env.decls] == [r["id"]]


def test_full_proof_source_layout() -> None:
    row = {
        "header": "open Nat",
        "statement": "theorem t (p : Prop) : p → p := by\n  sorry",
        "proof": "intro h\nexact h",
    }
    assert full_proof_source(row) == "open Nat\ntheorem t (p : Prop) : p → p := by\n  intro h\n  exact h"
    one_line = {
        "header": "",
        "statement": "theorem t (p : Prop) : p → p := by sorry",
        "proof": "intro h\nexact h",
    }
    assert full_proof_source(one_line) == "theorem t (p : Prop) : p → p := by\n  intro h\n  exact h"
    assert elaborate(initial_env(), full_proof_source(row)).messages == ()


def _goal(binders: str, goal: str):  # type: ignore[no-untyped-def]
    res = elaborate(initial_env(), f"example {binders} : {goal} := by\n  sorry")
    (state,) = res.sorries
    g = state.goals[0]
    return [h.name for h in g.hyps if h.is_var], [h.ty for h in g.hyps if not h.is_var], g.target


def test_generated_statements_are_valid() -> None:
    """Tautologies by truth table; arithmetic facts hold on a brute-force box (omega proved them)."""
    for binders, goal in gen_prop(random.Random(7), 25):
        names, hyps, target = _goal(binders, goal)
        prop = target
        for h in reversed(hyps):
            prop = PBin("→", h, prop)
        assert _tautology(prop, names)
    for binders, goal in gen_arith(random.Random(3), 8):
        names, hyps, target = _goal(binders, goal)
        ty = NAT if "ℕ" in binders else INT
        assert _models(hyps, names, ty)  # hypotheses are satisfiable
        assert not _models([*hyps, PNot(target)], names, ty), (binders, goal)


def test_leantree_export() -> None:
    train = {r["id"]: r for r in load_theorems("train")}
    seen = set()
    with open(leantree_export_path(), encoding="utf-8") as fh:
        files = [json.loads(line) for line in fh if line.strip()]
    assert len(files) >= 10
    for f in files:
        assert set(f) == {"path", "imports", "theorems"} and f["imports"] == []
        assert 1 <= len(f["theorems"]) <= 10
        for thm in f["theorems"]:
            assert thm["error"] is None and thm["name"] in train
            seen.add(thm["name"])
            (block,) = thm["by_blocks"]
            tree = block["tree"]
            nodes = {n["id"]: n for n in tree["nodes"]}
            assert tree["root_id"] in nodes and tree["error"] is None
            for n in tree["nodes"]:
                kids = [nodes[c] for c in n["tactic"]["children"]]
                assert n["proof_depth"] == 1 + max((k["proof_depth"] for k in kids), default=0)
                assert n["proof_size"] == 1 + sum(k["proof_size"] for k in kids)
                assert all(k["tactic"]["parent"] == n["id"] for k in kids)
                assert len(n["state"]["goals"]) == 1 and "⊢" not in n["state"]["goals"][0]["type"]
            tactics = [n["tactic"]["tactic_string"] for n in tree["nodes"]]
            assert all(t in train[thm["name"]]["proof"] for t in tactics)
    assert seen == set(train)


def test_tautology_checker_itself() -> None:
    ctx = {"p": "Prop", "q": "Prop"}
    assert _tautology(parse_prop("p ∨ ¬p", ctx), ["p"])
    assert not _tautology(parse_prop("p → q", ctx), ["p", "q"])
    assert prop_vars(parse_prop("p ∧ q", ctx)) == {"p", "q"}
