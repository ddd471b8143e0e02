"""The `minilean_comp` dataset: competition-style problems of the MiniF2F-lite fragment."""

from __future__ import annotations

import json
from pathlib import Path

from lean_io.client import LeanClient
from minilean.gen_comp import (
    FAMILIES,
    _canon,
    _minif2f_canon,
    comp_leantree_path,
    comp_theorems_path,
    generate,
    load_comp,
    write,
)
from minilean.theorems import full_proof_source, load_theorems


def test_shipped_file_is_what_the_generator_writes(tmp_path: Path) -> None:
    rows = generate()
    write(rows, tmp_path / "t.jsonl", tmp_path / "l.jsonl")
    assert (tmp_path / "t.jsonl").read_bytes() == comp_theorems_path().read_bytes()
    assert (tmp_path / "l.jsonl").read_bytes() == comp_leantree_path().read_bytes()


def test_families_splits_and_no_minif2f_duplicates() -> None:
    rows = load_comp()
    assert {r["family"] for r in rows} == set(FAMILIES)
    assert {r["split"] for r in rows} == {"train", "valid"}
    assert all(r["dataset"] == "minilean_comp" for r in rows)
    assert all(bool(r["proof"]) == (r["split"] == "train") for r in rows)
    banned = _minif2f_canon()
    for r in rows:
        body = r["statement"].split(" ", 2)[2].rsplit(" := by", 1)[0]  # "<binders> : <goal>"
        binders, goal = body.rsplit(" : ", 1) if body.startswith("(") else ("", body.lstrip(": "))
        assert _canon(binders, goal) not in banned, r["id"]
    assert len({r["statement"].split(" ", 2)[2] for r in rows}) == len(rows)  # no duplicates inside


def test_original_sets_untouched() -> None:
    assert all(r["dataset"] == "minilean" for r in load_theorems())
    assert len(load_theorems("valid")) == 100


def test_train_proofs_verify_and_export_as_leantree(minilean_url: str) -> None:
    train = load_comp("train")
    client = LeanClient(minilean_url)
    try:
        with client.get_process(timeout=30) as process:
            bad = [r["id"] for r in train if not process.is_valid_source(full_proof_source(r))]
            for r in load_comp("valid")[:20]:
                stmt = r["statement"].replace(r["id"], r["id"] + "_v")
                assert len(process.proof_from_sorry(stmt).goals) == 1
    finally:
        client.close()
    assert bad == []
    files = [json.loads(line) for line in comp_leantree_path().read_text().splitlines()]
    names = [t["name"] for f in files for t in f["theorems"]]
    assert sorted(names) == sorted(r["id"] for r in train)
    for f in files:
        for t in f["theorems"]:
            for node in t["by_blocks"][0]["tree"]["nodes"]:
                assert node["state"]["goals"] and node["tactic"]["tactic_string"]
