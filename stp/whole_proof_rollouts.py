"""RL rollouts in whole-proof mode: beside the MCTS prover, an RL iteration can prove its
batch by sampling complete tactic scripts (``stp.whole_proof``), or both.

Modes (``rl.rollout_mode``; a comma list picks one per iteration, ``mode_for``):
- ``mcts``: the search (``rl.rollouts.prove_rollout_batch``), unchanged;
- ``whole_proof``: ``rl.whole_proof_samples`` i.i.d. scripts per theorem, each distinct one checked once;
- ``both``: whole proof first, then MCTS on the theorems no script proved (one outcome row per theorem).

What a whole-proof success feeds the policy update: one *whole-proof row* (state = the statement prompt,
tactic = the shortest checked script, proof_depth = its line count, value target −depth), the same
representation as the SFT whole-proof rows (``whole_proof.sft_mix``). The script is not replayed through
Lean into per-tactic transitions: a script is checked as a whole source (bullets, nested blocks), and the
row teaches exactly what the mode samples. The rows share the rollouts schema (``simulations`` = the
samples drawn), so the replay/attempts shards, the matchmaker and the checks see them like MCTS rows.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.profiles import ROLLOUT_MODES, Profile
from rl import replay
from rl.rollouts import RolloutBatch, RolloutPolicy
from stp.whole_proof import WholeProofAttempt, prove_whole, statement_prompt

MCTS, WHOLE_PROOF, BOTH = ROLLOUT_MODES


def mode_for(setting: str, iteration: int) -> str:
    """The rollout mode of ``iteration`` (1-based): ``setting`` itself, or item k of a comma list (the
    last item repeats)."""
    modes = [m.strip() for m in setting.split(",") if m.strip()]
    if not modes or any(m not in ROLLOUT_MODES for m in modes):
        raise ValueError(f"rollout mode {setting!r}: one of {list(ROLLOUT_MODES)} or a comma list of them")
    return modes[min(max(iteration, 1), len(modes)) - 1]


def whole_proof_row(theorem: dict[str, Any], attempt: WholeProofAttempt, iteration: int) -> dict[str, Any]:
    """A whole-proof attempt as a rollouts row; a proven one carries its one whole-proof transition."""
    transitions = []
    if attempt.outcome == "proven" and attempt.proof:
        depth = len(attempt.proof.splitlines())
        transitions = [{"state": statement_prompt(theorem), "tactic": attempt.proof,
                        "value_target": -float(depth), "proof_depth": depth}]
    return {
        "iteration": iteration, "dataset": attempt.dataset, "theorem_id": attempt.theorem_id,
        "outcome": attempt.outcome, "simulations": attempt.samples,
        "num_simulations": int(theorem.get("num_simulations") or 0), "seconds": attempt.seconds,
        "proof": attempt.proof, "error": attempt.error, "model_version": attempt.model_version,
        "transitions": transitions, "rejected": [],
    }


def prove_batch_whole(
    work: RolloutBatch,
    policy_ref: RolloutPolicy,
    profile: Profile,
    servers: Sequence[str],
    *,
    mode: str,
    on_attempt: Any = None,
) -> tuple[Path, dict[str, Any]]:
    """Prove one planned batch in ``whole_proof`` or ``both`` mode; writes the batch file (rollouts schema)
    and returns (path, stats) like ``rl.rollouts.prove_rollout_batch`` plus the whole-proof counts."""
    from models.runtime import device_for, set_cpu_threads
    from models.sampler import Sampler, SamplingSettings
    from models.tokenizer import ProofTokenizer
    from registry.checkpoint import load_checkpoint
    from rl.rollouts import iteration_seed, prove_rollout_batch
    from search.batch import lean_servers

    theorems, iteration, batch = work.theorems, work.iteration, work.batch
    checkpoint, model_version = policy_ref.checkpoint, policy_ref.model_version

    if mode not in (WHOLE_PROOF, BOTH):
        raise ValueError(f"prove_batch_whole proves in whole_proof or both mode, not {mode!r}")
    t0, wp = time.monotonic(), profile.whole_proof
    set_cpu_threads(profile.compute)
    tok = ProofTokenizer.load(policy_ref.tokenizer)
    model, _ = load_checkpoint(str(checkpoint), tok, map_location=device_for(profile.compute.accelerator))
    sampling = SamplingSettings(max_new_tokens=wp.max_new_tokens, temperature=wp.temperature)
    sampler = Sampler(model, tok, sampling, seed=iteration_seed(profile, iteration) + batch)
    with lean_servers(servers, profile.lean) as urls:
        attempts, _ = prove_whole(list(theorems), sampler, urls, profile.rl.whole_proof_samples,
                                  seed=iteration_seed(profile, iteration), batch_size=wp.batch_size,
                                  concurrency=profile.search.concurrency, model_version=model_version)
    rows = [whole_proof_row(t, a, iteration) for t, a in zip(theorems, attempts, strict=True)]
    stats: dict[str, Any] = {
        "mode": mode, "whole_proof_samples": profile.rl.whole_proof_samples,
        "whole_proof_proven": sum(a.outcome == "proven" for a in attempts),
        "whole_proof_tokens": sum(a.tokens for a in attempts),
        "whole_proof_lean_calls": sum(a.lean_calls for a in attempts),
        "whole_proof_seconds": round(time.monotonic() - t0, 1),
        "concurrency": profile.search.concurrency, "batching": {}, "mcts_attempts": 0, "mcts_proven": 0,
    }
    if mode == BOTH:
        rest = [t for t, r in zip(theorems, rows, strict=True) if r["outcome"] != "proven"]
        if rest:
            path, mcts = prove_rollout_batch(dataclasses.replace(work, theorems=rest), policy_ref, profile,
                                             servers, on_attempt=on_attempt)
            mcts_rows = replay.read_table(path, "rollouts").to_pylist()
            by_key = {(r["dataset"], r["theorem_id"]): r for r in mcts_rows}
            rows = [by_key.get((r["dataset"], r["theorem_id"]), r) for r in rows]
            stats |= {"mcts_attempts": mcts["attempts"], "mcts_proven": mcts["proven"],
                      "concurrency": mcts["concurrency"], "batching": mcts["batching"]}
    path = replay.write_batch(work.root, iteration, batch, rows)
    stats |= {"proven": sum(r["outcome"] == "proven" for r in rows), "attempts": len(rows),
              "seconds": time.monotonic() - t0}
    return path, stats
