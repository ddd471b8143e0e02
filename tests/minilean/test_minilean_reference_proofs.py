"""Every shipped train proof verifies through the protocol client, and every statement starts a proof."""

from __future__ import annotations

from lean_io.client import LeanClient
from minilean.theorems import full_proof_source, load_theorems


def test_every_train_reference_proof_is_valid_through_the_client(minilean_url: str) -> None:
    rows = load_theorems("train")
    assert len(rows) >= 240 and all(r["proof"] for r in rows)
    client = LeanClient(minilean_url)
    try:
        with client.get_process(timeout=30) as process:
            invalid = [r["id"] for r in rows if not process.is_valid_source(full_proof_source(r))]
    finally:
        client.close()
    assert invalid == []


def test_reference_proofs_with_a_step_removed_are_rejected(minilean_url: str) -> None:
    # Dropping the last tactic of a multi-step proof leaves a goal open: the check must notice.
    rows = [r for r in load_theorems("train") if len(r["proof"].split("\n")) >= 3][:40]
    client = LeanClient(minilean_url)
    try:
        with client.get_process(timeout=30) as process:
            for r in rows:
                cut = dict(r, proof="\n".join(r["proof"].split("\n")[:-1]), id=r["id"])
                assert not process.is_valid_source(full_proof_source(cut)), r["id"]
    finally:
        client.close()


def test_every_statement_starts_a_proof(minilean_url: str) -> None:
    client = LeanClient(minilean_url)
    try:
        with client.get_process(timeout=30) as process:
            for r in load_theorems():
                example = r["statement"].replace(f"theorem {r['id']} ", "example ", 1)
                branch = process.proof_from_sorry(r["header"] + example)
                assert len(branch.goals) == 1, r["id"]
    finally:
        client.close()
