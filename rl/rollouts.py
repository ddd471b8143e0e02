"""One RL iteration's rollouts as library functions: plan (matchmaker) → prove batches → merge.

``assets.rl``'s ``rollouts`` graph calls these three, one per op; a notebook can call them directly
with an artifact root, a profile and the previous policy's checkpoint. Iteration k's matchmaker is
rebuilt from the attempts of iterations < k, so re-running k sees exactly what came before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

from core.profiles import Profile
from lean_io.errors import check_infrastructure_share
from rl import replay
from rl.matchmaker import Matchmaker, MatchmakerConfig
from search.batch import checkpoint_policy, lean_servers, prove_batch
from search.explore import ExplorePolicy
from search.policy import Policy
from search.prover import Attempt


def iteration_seed(profile: Profile, iteration: int) -> int:
    """Iteration k mixed into the seed: each iteration explores differently, a re-run identically."""
    return profile.corpora.seed * 1_000_003 + iteration


def matchmaker_config(profile: Profile) -> MatchmakerConfig:
    rl = profile.rl
    return MatchmakerConfig(base_simulations=rl.base_simulations, max_simulations=rl.max_simulations,
                            trust_count_proved=rl.trust_count_proved)


def rl_pool(
    root: str | Path,
    base: Sequence[dict[str, Any]],
    iteration: int,
    profile: Profile,
    eval_statements: Sequence[str] = (),
) -> tuple[list[dict[str, Any]], int]:
    """Iteration ``iteration``'s RL pool and how many fresh statements it added: ``base`` (unless
    ``rl.use_rl_statements`` is off) plus, when ``rl.frontier_per_iteration`` > 0, the frontier
    (``rl.frontier``) of iterations 1..k, and when ``rl.comp_pool_per_iteration`` > 0 the competition
    statements (``rl.comp_draw``) of iterations 1..k. Iteration k's fresh statements are generated
    (deterministically) and written as its ``frontier`` shard; earlier iterations' shards are read back,
    so what was missed before can be retried."""
    from rl import comp_draw, frontier

    rl = profile.rl
    if rl.frontier_per_iteration == 0 and rl.comp_pool_per_iteration == 0:
        return list(base), 0
    if not rl.use_rl_statements:
        base = []  # the frontier alone
    config = frontier.FrontierConfig(
        per_iteration=rl.frontier_per_iteration,
        levels=tuple(rl.frontier_levels),
        family_weights=tuple(rl.frontier_families),  # type: ignore[arg-type]
        seed=profile.corpora.seed,
    )
    exclude = {frontier.statement_key(s) for s in eval_statements}
    fresh = frontier.generate(iteration, config, exclude)
    fresh += comp_draw.draw(iteration, rl.comp_pool_per_iteration, tuple(rl.comp_pool_levels),
                            profile.corpora.seed, exclude, tuple(rl.comp_pool_families))
    replay.write_shard(root, "frontier", iteration, [{"iteration": iteration, **r} for r in fresh])
    earlier = replay.read_shards(root, "frontier", range(1, iteration)).to_pylist()
    generated = [{k: v for k, v in r.items() if k != "iteration"} for r in earlier] + fresh
    return frontier.merge_pool(base, generated, eval_statements), len(fresh)


@dataclasses.dataclass
class Plan:
    batches: list[list[dict[str, Any]]]  # theorem rows with the matchmaker's num_simulations and weight
    theorems: int  # candidates the matchmaker sampled from
    history: int  # earlier attempts it was rebuilt from

    @property
    def sampled(self) -> int:
        return sum(len(b) for b in self.batches)


def plan_iteration(
    root: str | Path, theorems: Sequence[dict[str, Any]], iteration: int, profile: Profile
) -> Plan:
    """Sample iteration ``iteration``'s theorems and split them into batches; writes the matchmaker
    snapshot shard (weights, budgets, who was sampled) and clears batches of an earlier run."""
    history = replay.read_attempts_before(root, iteration)
    mm = Matchmaker.from_history(list(theorems), history, matchmaker_config(profile))
    matches = mm.sample(profile.rl.theorems_per_iteration, seed=iteration_seed(profile, iteration))
    if not matches:
        raise ValueError(f"the matchmaker has no theorem with positive weight among {len(theorems)}")
    sampled = {m.key for m in matches}
    snapshot = [
        {"iteration": iteration, **r, "sampled": (r["dataset"], r["theorem_id"]) in sampled}
        for r in mm.table()
    ]
    replay.write_shard(root, "matchmaker", iteration, snapshot)
    replay.clear_batches(root, iteration)  # a fresh plan: batches of an earlier run must not be merged
    n_batches = max(1, min(profile.rl.batches_per_iteration, len(matches)))
    batches = [
        [
            {**m.theorem, "num_simulations": m.num_simulations, "weight": m.weight}
            for m in matches[b::n_batches]
        ]
        for b in range(n_batches)
    ]
    return Plan(batches, len(theorems), len(history))


def attempt_row(attempt: Attempt, iteration: int, budget: int) -> dict[str, Any]:
    """An attempt as a row of the rollouts shard."""
    row = attempt.to_row()
    return {
        "iteration": iteration,
        "dataset": attempt.dataset,
        "theorem_id": attempt.theorem_id,
        "outcome": attempt.outcome,
        "simulations": int(attempt.simulations),
        "num_simulations": int(budget),
        "seconds": float(attempt.seconds),
        "proof": attempt.proof,
        "error": attempt.error,
        "model_version": attempt.model_version,
        "transitions": row["transitions"],
        "rejected": row["rejected"],
    }


@dataclasses.dataclass(frozen=True)
class RolloutBatch:
    """One planned batch of an iteration's rollouts, and where its file goes."""

    root: str | Path  # the artifact root the batch file is written under
    iteration: int  # the RL iteration k
    batch: int  # the batch's index within the iteration
    theorems: Sequence[dict[str, Any]]  # statements rows, each with its matchmaker budget (num_simulations)


@dataclasses.dataclass(frozen=True)
class RolloutPolicy:
    """The policy that proves a batch."""

    checkpoint: str | Path  # its weights
    model_version: str  # how the attempts name it
    tokenizer: str | Path  # tokenizer.json


def prove_rollout_batch(
    work: RolloutBatch,
    policy_ref: RolloutPolicy,
    profile: Profile,
    servers: Sequence[str],
    *,
    on_attempt: Callable[[Any], None] | None = None,
) -> tuple[Path, dict[str, Any]]:
    """Prove one planned batch with the policy (each row's matchmaker budget); writes the batch's parquet
    file and returns (path, stats with proven/attempts/seconds/concurrency)."""
    import time

    root, theorems, iteration, batch = work.root, work.theorems, work.iteration, work.batch

    search = profile.search.replace(seed=iteration_seed(profile, iteration))
    policy = checkpoint_policy(
        policy_ref.checkpoint,
        policy_ref.tokenizer,
        profile,
        num_samples=search.num_samples,
        seed=profile.corpora.seed * 1_000_003 + 1000 * iteration + batch,
        op_index=batch,
    )
    # the mapped rollout steps run side by side and share the cores: more model threads than cores
    # made each step slower (smoke: 2 steps x 2 workers on 2 cores, 36 s vs 32 s a step)
    policy.workers = max(1, profile.compute.sampler_workers // profile.rl.batches_per_iteration)
    # rollouts only (evals build their own checkpoint_policy, never wrapped): closers the policy did not
    # sample, so the rollouts can find proofs of shapes it cannot say yet (search.explore)
    rollout_policy: Policy = (
        ExplorePolicy(policy, profile.rl.explore_k, profile.rl.explore_mass, shaped=profile.rl.explore_shaped)
        if profile.rl.explore_k > 0
        else policy
    )
    t0 = time.monotonic()
    with lean_servers(servers, profile.lean) as urls:
        result = prove_batch(
            theorems, urls, rollout_policy, search, search.concurrency,
            model_version=policy_ref.model_version, on_attempt=on_attempt,
        )
    rows = [
        attempt_row(a, iteration, int(t["num_simulations"]))
        for a, t in zip(result.attempts, theorems, strict=True)
    ]
    path = replay.write_batch(root, iteration, batch, rows)
    stats = {"proven": result.proven, "attempts": len(rows), "seconds": time.monotonic() - t0, **result.stats}
    return path, stats


def merge_batches(
    root: str | Path,
    iteration: int,
    batch_paths: Sequence[str | Path],
    max_infra_share: float | None = None,
) -> tuple[Path, pa.Table]:
    """Check one attempt per sampled theorem of the plan and merge the batches into the rollouts shard.

    With ``max_infra_share``, an iteration whose Lean-infrastructure error share is above it raises
    ``lean_io.errors.InfrastructureShareError`` before the shard is written: nothing downstream (replay,
    policy update, registration) runs on outcomes a sick fleet produced."""
    tables = [replay.read_table(p, "rollouts") for p in sorted(map(str, batch_paths))]
    table = pa.concat_tables(tables) if tables else replay.SCHEMAS["rollouts"].empty_table()
    planned = replay.read_shards(root, "matchmaker", [iteration]).to_pylist()
    planned_keys = sorted((r["dataset"], r["theorem_id"]) for r in planned if r["sampled"])
    keys = sorted(
        zip(table.column("dataset").to_pylist(), table.column("theorem_id").to_pylist(), strict=True)
    )
    if keys != planned_keys:
        raise ValueError(
            f"iteration {iteration}: rollouts do not match the plan ({len(keys)} attempts for "
            f"{len(planned_keys)} sampled theorems, {len(keys) - len(set(keys))} duplicates)"
        )
    if max_infra_share is not None:
        check_infrastructure_share(table.select(["outcome", "error"]).to_pylist(), max_infra_share)
    return replay.write_parquet_atomic(replay.shard_path(root, "rollouts", iteration), table), table


def rollout_summary(table: pa.Table) -> dict[str, Any]:
    """Counts, success rate, mean simulations, search seconds, model versions and proven examples."""
    outcomes = table.column("outcome").to_pylist()
    n = len(outcomes)
    proven = outcomes.count("proven")
    sims = table.column("simulations").to_pylist()
    return {
        "attempts": n,
        "proven": proven,
        "unproven": outcomes.count("unproven"),
        "errors": outcomes.count("error"),
        "success_rate": proven / n if n else 0.0,
        "mean_simulations": sum(sims) / n if n else 0.0,
        "search_seconds": float(sum(table.column("seconds").to_pylist())),
        "model_version": ", ".join(sorted({str(v) for v in table.column("model_version").to_pylist()})),
        "examples": [
            r for r in table.select(["theorem_id", "simulations", "proof"]).to_pylist() if r["proof"]
        ],
    }
