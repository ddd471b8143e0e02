"""prove() and prove_many() on real minilean servers: only verified, compiling proofs count."""

from __future__ import annotations

import re
from typing import Any

from lean_io.client import LeanProcess
from lean_io.pool import SlotPool
from minilean.theorems import load_theorems
from search.batching import BatchingPolicy
from search.config import SearchConfig
from search.policy import ScriptedPolicy, UniformRandomPolicy, instantiate_templates
from search.proof import construct_proof_source, theorem_to_example, with_header
from search.prover import ERROR, PROVEN, UNPROVEN, prove
from search.runner import prove_many

CONFIG = SearchConfig(num_simulations=64, time_budget_s=120)


def _script(row: dict[str, Any]) -> list[str]:
    """The distinct tactics of a reference proof (bullets and indentation removed)."""
    lines = [line.strip().lstrip("·").strip() for line in row["proof"].split("\n")]
    return list(dict.fromkeys(line for line in lines if line))


def _train_rows(n: int, max_tactics: int = 6) -> list[dict[str, Any]]:
    """Train theorems with short reference proofs. Proofs with an untyped `have h := t` are skipped:
    try_apply_tactic refuses those (as LeanTree does), so a search cannot replay them."""
    rows = [
        r for r in load_theorems("train")
        if r["proof"] and len(_script(r)) <= max_tactics and not re.search(r"\bhave \S+ :=", r["proof"])
    ]
    return rows[:n]


class TamperingProcess:
    """A real leased process whose compile check sees a modified source (a forged proof)."""

    def __init__(self, process: LeanProcess, old: str, new: str) -> None:
        self.process, self.old, self.new = process, old, new
        self.checked: list[str] = []

    def proof_from_sorry(self, source: str) -> Any:
        return self.process.proof_from_sorry(source)

    def is_valid_source(self, source: str) -> bool:
        tampered = source.replace(self.old, self.new)
        self.checked.append(tampered)
        return self.process.is_valid_source(tampered)


AND_SWAP = {
    "dataset": "unit", "id": "and_swap", "header": "",
    "statement": "theorem and_swap (p q : Prop) (hp : p) (hq : q) : q ∧ p := by\n  sorry",
}


# Known-provable train theorems of different shapes: iff split + case analysis (or_comm), destructuring
# (iff_symm), by_cases (dne), and a 10-tactic proof (prop_0032).
KNOWN = (
    "minilean_classic_or_comm_", "minilean_classic_iff_symm_", "minilean_classic_dne", "minilean_prop_0032"
)


def test_known_train_theorems_are_proved_with_their_tactics(process: LeanProcess) -> None:
    rows = [r for r in load_theorems("train") if r["id"] in KNOWN]
    assert len(rows) == len(KNOWN)
    for row in rows:
        attempt = prove(row, process, ScriptedPolicy(_script(row)), CONFIG)
        assert attempt.outcome == PROVEN, (row["id"], attempt.error, attempt.stats)
        assert attempt.error is None and attempt.proof
        assert 1 <= attempt.solved_at_simulation == attempt.simulations <= CONFIG.num_simulations
        # prove() declared the theorem in this lease; check the script again as an `example`
        lines = attempt.proof.split("\n")
        example = theorem_to_example(row["statement"])
        source = with_header(row["header"], construct_proof_source(example, lines))
        assert process.is_valid_source(source)
        # transitions follow the proof: the first is the theorem's goal, depths count down to 1
        t0 = attempt.transitions[0]
        assert t0.state.split("⊢ ")[-1] in row["statement"]
        assert t0.proof_depth == -t0.value_target >= max(t.proof_depth for t in attempt.transitions)
        assert min(t.proof_depth for t in attempt.transitions) == 1
        assert len(attempt.transitions) == len(attempt.proof.split("\n"))


def test_and_split_proof_with_bullets(process: LeanProcess) -> None:
    attempt = prove(AND_SWAP, process, ScriptedPolicy(["exact hp", "constructor", "exact hq"]), CONFIG)
    assert attempt.outcome == PROVEN
    assert attempt.proof == "constructor\n· exact hq\n· exact hp"
    assert [(t.tactic, t.proof_depth) for t in attempt.transitions] == [
        ("constructor", 2), ("exact hq", 1), ("exact hp", 1)
    ]
    assert {(r.tactic, r.error is not None) for r in attempt.rejected} >= {("exact hp", True)}
    assert attempt.stats["and_nodes"] == 1


def test_bad_policy_never_proves(process: LeanProcess) -> None:
    policy = ScriptedPolicy(["exact hp", "left", "sorry"])
    attempt = prove(AND_SWAP, process, policy, SearchConfig(num_simulations=8))
    assert attempt.outcome == UNPROVEN and attempt.proof is None and not attempt.transitions
    # nothing new to try after the second expansion: the root is a dead end and the search stops early
    assert attempt.simulations == 2 and attempt.stats["stopped_by"] == "exhausted"
    assert attempt.solved_at_simulation is None
    errors = {r.tactic: r.error for r in attempt.rejected}
    assert "sorry" in errors["sorry"]  # refused by the sanitizer, never sent to Lean
    assert set(errors) == {"exact hp", "left", "sorry"}


def test_forged_source_is_not_a_proof(process: LeanProcess) -> None:
    forging = TamperingProcess(process, "exact hq", "exact hp")
    attempt = prove(AND_SWAP, forging, ScriptedPolicy(["constructor", "exact hq", "exact hp"]), CONFIG)
    assert forging.checked and "· exact hp\n  · exact hp" in forging.checked[0]
    assert attempt.outcome == UNPROVEN and attempt.proof is None and not attempt.transitions
    assert attempt.error == "linearized proof rejected by is_valid_source"


def test_proof_init_failure_is_an_error_row(process: LeanProcess) -> None:
    broken = {**AND_SWAP, "id": "broken", "statement": "theorem broken (p : Prop) : p ∧ := by\n  sorry"}
    attempt = prove(broken, process, ScriptedPolicy(["trivial"]), CONFIG)
    assert attempt.outcome == ERROR and attempt.error.startswith("proof init failed:")
    assert attempt.simulations == 0


def test_uniform_random_policy_is_a_fair_baseline(process: LeanProcess) -> None:
    state = "p q : Prop\nhp : p\nhq : q\n⊢ q ∧ p"
    vocab = instantiate_templates(state)
    expected = {"constructor", "exact hp", "exact hq", "apply hq", "intro h", "by_cases h : p", "omega"}
    assert expected <= set(vocab)
    out = UniformRandomPolicy(num_samples=6, seed=1)([state])[0]
    assert len(out.tactics) == len(set(out.tactics)) == 6 and set(out.tactics) <= set(vocab)
    assert len(set(out.logprobs)) == 1
    attempt = prove(AND_SWAP, process, UniformRandomPolicy(num_samples=6, seed=0), CONFIG)
    assert attempt.outcome == PROVEN


def test_prove_many_batches_and_gives_one_row_per_theorem(minilean_urls) -> None:
    rows = _train_rows(9, max_tactics=3)
    broken = {**AND_SWAP, "id": "broken", "statement": "theorem broken (p : Prop) : p ∧ := by\n  sorry"}
    theorems = [*rows, broken, AND_SWAP]
    # every theorem's tactics, everywhere: the searches must pick the ones that work for them
    tactics = [t for r in rows for t in _script(r)] + ["constructor", "exact hq", "exact hp"]
    tactics = list(dict.fromkeys(tactics))

    servers = minilean_urls(2, max_processes=4)
    pool = SlotPool(servers)
    try:
        with BatchingPolicy(ScriptedPolicy(tactics), max_batch=64, max_wait_ms=50) as batched:
            attempts = prove_many(theorems, pool, batched, CONFIG, concurrency=8)
            stats = batched.stats()
    finally:
        pool.close()
    assert [a.theorem_id for a in attempts] == [t["id"] for t in theorems]
    outcomes = {a.theorem_id: a.outcome for a in attempts}
    assert outcomes["broken"] == ERROR and outcomes["and_swap"] == PROVEN
    assert sum(o == PROVEN for o in outcomes.values()) >= len(rows) // 2 + 1
    assert stats["calls"] == sum(a.stats.get("policy_calls", 0) for a in attempts)
    assert stats["mean_batch"] > 1, stats


def test_infrastructure_failures_become_error_rows(minilean_urls) -> None:
    """A server that answers every call with HTTP 500: the pool retries, then each theorem gets exactly
    one `error` row with the reason; nothing is lost and nothing is counted as proven."""
    servers = minilean_urls(1, max_processes=2, extra_args=["--error-rate", "1.0"])
    pool = SlotPool(servers, attempts=2, lease_timeout=5.0, backoff=0.01)
    try:
        attempts = prove_many([AND_SWAP, {**AND_SWAP, "id": "again"}], pool, ScriptedPolicy(["constructor"]),
                              CONFIG, concurrency=2)
    finally:
        pool.close()
    assert [a.theorem_id for a in attempts] == ["and_swap", "again"]
    for a in attempts:
        assert a.outcome == ERROR and a.proof is None
        assert a.error.startswith("lean infrastructure: Lean")
