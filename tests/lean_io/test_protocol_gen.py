"""LeanTree protocol generations: the client detects at connect which one a server speaks, drives the older
one (minilean ``--protocol legacy``) or refuses it in one line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lean_io.client import LeanClient
from lean_io.errors import LeanBusinessError, LeanProtocolError
from lean_io.local import minilean_servers
from lean_io.protocol_gen import CURRENT, LEGACY, detect_generation

AND_THM = "theorem gen_and (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  sorry"
VALID = "theorem gen_ok (p : Prop) (hp : p) : p := by\n  exact hp"
INVALID = "theorem gen_bad (p q : Prop) (hp : p) : q := by\n  exact hp"


@pytest.fixture(scope="module")
def legacy_url() -> Iterator[str]:
    with minilean_servers(1, max_processes=2, extra_args=["--protocol", "legacy"]) as urls:
        yield urls[0]


def test_detect_generation_from_status() -> None:
    assert detect_generation({"max_processes": 4, "total_processes": 4, "ram": {}}) == CURRENT
    assert detect_generation({"available_processes": 3, "used_processes": 1, "max_processes": 4}) == LEGACY
    assert detect_generation({"max_processes": 4, "status": "ready"}) == CURRENT  # unknown shape: the default


def test_client_detects_both_generations(minilean_url: str, legacy_url: str) -> None:
    with LeanClient(minilean_url) as cur, LeanClient(legacy_url) as old:
        assert cur.generation == CURRENT
        assert old.generation == LEGACY
        assert set(old.status()) == {"available_processes", "used_processes", "max_processes"}


def test_refuses_legacy_in_one_line_naming_the_difference(legacy_url: str) -> None:
    with LeanClient(legacy_url, accept=(CURRENT,)) as c:
        with pytest.raises(LeanProtocolError) as err:
            c.get_process(timeout=5)
    msg = str(err.value)
    assert "\n" not in msg and "older LeanTree protocol" in msg
    assert "/proof/{id}/try_apply_tactic" in msg and "is_valid_source" in msg and "HTTP 500" in msg


def test_drives_legacy_server_to_a_proof(legacy_url: str) -> None:
    with LeanClient(legacy_url) as c:
        proc = c.get_process(timeout=10)
        assert proc is not None
        with proc:
            root = proc.proof_from_sorry(AND_THM)
            assert [g.type for g in root.goals] == ["p ∧ q"]
            (split,) = root.try_apply_tactic("constructor")  # legacy: one branch holding both goals
            assert [g.type for g in split.goals] == ["p", "q"]
            (rest,) = split.try_apply_tactic("exact hp")
            assert [g.type for g in rest.goals] == ["q"]
            assert rest.try_apply_tactic("exact hq") == []  # the one solved element maps to "solved"
            assert root.try_apply_tactic("constructor")[0].id != split.id  # branches stay reusable
            with pytest.raises(LeanBusinessError, match="Could not apply tactic"):
                rest.try_apply_tactic("exact hp")
            with pytest.raises(LeanBusinessError, match="must specify"):  # an HTTP 500 on this generation
                rest.try_apply_tactic("have h := hp")
            # no is_valid_source endpoint: whole-proof verification replays the source through /command
            assert proc.is_valid_source(VALID) is True
            assert proc.is_valid_source(INVALID) is False
            with pytest.raises(LeanProtocolError, match="older protocol"):
                rest.refresh()


def test_current_generation_unchanged(minilean_url: str) -> None:
    with LeanClient(minilean_url, accept=(CURRENT,)) as c:
        proc = c.get_process(timeout=10)
        assert proc is not None
        with proc:
            root = proc.proof_from_sorry(AND_THM)
            assert len(root.try_apply_tactic("constructor")) == 2  # independent goals split into branches
            assert proc.is_valid_source(VALID) is True
            assert proc.is_valid_source(INVALID) is False


def test_mcts_prover_proves_known_theorems_on_a_legacy_server(legacy_url: str) -> None:
    """The real search (AND/OR MCTS, replay verification, whole-proof check) over the older generation."""
    from minilean.theorems import load_theorems
    from search.config import SearchConfig
    from search.policy import ScriptedPolicy
    from search.prover import PROVEN, prove
    from tests.search.test_prover_minilean import AND_SWAP, KNOWN, _script

    rows = [AND_SWAP, *(r for r in load_theorems("train") if r["id"] in KNOWN)]
    with LeanClient(legacy_url) as c:
        proc = c.get_process(timeout=10)
        assert proc is not None and c.generation == LEGACY
        with proc:
            for row in rows:
                script = _script(row) if row is not AND_SWAP else ["exact hp", "constructor", "exact hq"]
                attempt = prove(row, proc, ScriptedPolicy(script), SearchConfig(num_simulations=64))
                assert attempt.outcome == PROVEN, (row["id"], attempt.error)
                assert attempt.transitions
