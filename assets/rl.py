"""RL iterations as partitions: rollouts[k] → replay_shard[k] → policy[k] (→ rl_eval[k]).

Partition key = iteration number "1", "2", ... of the dynamic partitions definition ``rl_iteration``
(``pipelines.schedules.ensure_partition`` adds keys; the schedule/sensor add the next one). Iteration k:

- ``rollouts[k]`` (graph-backed): ``rl_plan`` samples the iteration's theorems with the matchmaker, which
  is rebuilt from the attempts shards of iterations < k (so a re-run of k sees exactly what came before,
  and a restarted pipeline continues where it stopped), and fans them out as ``batches_per_iteration``
  dynamic outputs; ``rl_prove_batch`` (mapped) proves one batch with concurrent searches sharing one
  batched policy (the policy of iteration k−1; k = 1 uses the SFT checkpoint) over Lean slots; each
  batch lands in its own parquet file; ``rl_collect`` checks that every sampled theorem has exactly one
  attempt and merges the batches into ``rl/rollouts/iteration=k/part-0.parquet``.
- ``replay_shard[k]``: the replay (transitions of proven attempts), attempts and rejected shards.
- ``policy[k]``: a Lightning update (``rl.update.update_policy``) of policy[k−1] on the replay window
  ``replay_shard[k−w+1..k]`` mixed with ``fraction_sft`` SFT transitions; the checkpoint is registered in
  MLflow (stage ``rl``, tag ``iteration``, alias ``rl-latest``).
- ``rl_eval[k]``: every ``eval_every`` iterations and on the last one, policy[k] and the SFT checkpoint
  searched with the same MCTS settings on the eval split, in one report under ``eval/rl/iteration=k/``.

Why policy[k−1] is not a declared Dagster dependency of rollouts[k]: Dagster only accepts a dependency
on earlier partitions for *time-window* partitioned assets (a self-dependency with a negative
``TimeWindowPartitionMapping`` offset), and policy → rollouts → replay_shard → policy would be a cycle
between assets. Iterations are not time windows, so the previous policy is read from its checkpoint
path; each asset's metadata records which checkpoint/model version (and which replay window) it used.

Not implemented: unlikelihood training on rejected tactics (reference ``--negative-fraction``, off by
default there too). ``models``' SFT/RL loss trains positive rows only (rows with weight <= 0 are ignored),
so there is nothing to switch on; the ``rejected`` shards keep the (state, tactic) pairs for when it does.

The work is in library functions: ``rl.rollouts`` (plan, prove a batch, merge),
``rl.update`` (update and register a policy), ``evals.evaluate`` (the eval); the assets and ops
here pick their inputs from the ``proofmill`` resource and turn the results into metadata.

Every step is idempotent: files are written atomically and re-writing an iteration replaces its files,
so re-materializing a partition, or re-executing a failed run from failure, never duplicates rows.
"""

# No `from __future__ import annotations` here: Dagster resolves the run-config class from the
# asset function's annotation at definition time and cannot resolve it from a string.
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import dagster as dg

from assets import keys
from assets.config_checks import check_config
from assets.eval_view import FEW_ERRORS, eval_metadata, few_errors_check, few_errors_spec
from assets.inline_plot import history_chart
from assets.io import markdown_table, mlflow_image, proofs_markdown
from assets.keys import RL_PARTITIONS, RL_PARTITIONS_NAME  # noqa: F401 -- re-exported for launchers
from assets.progress import AttemptProgress, training_progress
from assets.resources import ProofmillResource
from core import data_files
from lean_io.errors import InfrastructureShareError
from rl import replay
from rl import rollouts as rollout_lib
from stp import conjecture_loop

GROUP = keys.RL_GROUP
RL_SPLIT = "train"


# ----------------------------------------------------------------------------------------- helpers
def iteration_of(partition_key: str) -> int:
    try:
        k = int(partition_key)
    except (TypeError, ValueError):
        k = 0
    if k < 1 or str(k) != partition_key:
        raise dg.Failure(f"RL partition keys are iteration numbers 1, 2, ...; got {partition_key!r}")
    return k


def policy_checkpoint(proofmill: ProofmillResource, iteration: int) -> Path:
    """Checkpoint of policy[iteration]; iteration 0 is the SFT checkpoint."""
    if iteration == 0:
        return proofmill.checkpoint_path("sft")
    return proofmill.checkpoint_path(f"rl/iteration={iteration}")


def rollout_policy(proofmill: ProofmillResource, iteration: int) -> tuple[Path, str]:
    """(checkpoint, model_version) of the policy that generates iteration `iteration`'s rollouts:
    policy[k-1], or with ``rl.rollout_policy = "best"`` the checkpoint behind the MLflow ``best`` alias
    (the best evaluated policy so far; policy[k-1] until one was evaluated)."""
    if proofmill.settings.rl.rollout_policy == "best":
        from registry.best import best_checkpoint

        best = best_checkpoint(proofmill.tracking_uri)
        if best is not None and best[0].is_file():
            return best
    return previous_policy(proofmill, iteration)


def previous_policy(proofmill: ProofmillResource, iteration: int) -> tuple[Path, str]:
    """(checkpoint, model_version) of policy[iteration-1] (the SFT checkpoint for iteration 1)."""
    from registry.registration import model_version

    path = policy_checkpoint(proofmill, iteration - 1)
    if not path.is_file():
        what = (
            "the SFT checkpoint (materialize sft_checkpoint)"
            if iteration == 1
            else (f"policy[{iteration - 1}] (materialize RL iteration {iteration - 1} first)")
        )
        raise dg.Failure(f"iteration {iteration} needs {what}: {path} does not exist")
    label = "sft" if iteration == 1 else f"rl/iteration={iteration - 1}"
    return path, model_version(path, label)


def _checked_statements(context: Any, proofmill: ProofmillResource, theorems: list[dict]) -> list[dict]:
    """Statements that pass the whitelist and init check (rl/statement_check.py; cached per statement)."""
    from rl.statement_check import check_statements, needs_server, whitelist_files
    from search.batch import lean_servers

    settings = proofmill.settings
    lists = whitelist_files(settings.rl.whitelist_dir, sorted({t["dataset"] for t in theorems}))
    if needs_server(proofmill.root, theorems, lists):
        with lean_servers(settings.lean.servers, settings.lean) as urls:
            result = check_statements(proofmill.root, theorems, urls, whitelists=lists)
    else:
        result = check_statements(proofmill.root, theorems, [], whitelists=lists)
    context.log.info(f"statement check: {len(result.accepted)} accepted, {len(result.refused)} refused "
                     f"({result.checked} checked on a Lean server; query refused_statements in DuckDB)")
    return result.accepted


# --------------------------------------------------------------------------------- rollouts graph
@dg.op(
    ins={"rl_statements": dg.In(dg.Nothing), "sft_checkpoint": dg.In(dg.Nothing)},
    out=dg.DynamicOut(dict),
    description="Sample the iteration's theorems (matchmaker over earlier attempts) and fan out batches.",
)
def rl_plan(context: dg.OpExecutionContext, proofmill: ProofmillResource) -> Iterator[dg.DynamicOutput[dict]]:
    k = iteration_of(context.partition_key)
    previous_policy(proofmill, k)  # fail before any search when the policy to roll out does not exist
    rl = proofmill.settings.rl
    base = proofmill.statements(keys.RL_STATEMENTS, RL_SPLIT) if rl.use_rl_statements else []
    if base and rl.check_statements:
        base = _checked_statements(context, proofmill, base)
    # never an eval theorem in the pool: every split of the benchmarks is excluded from the frontier
    benchmarks = proofmill.require(proofmill.corpus_path(keys.BENCHMARKS), keys.BENCHMARKS)
    eval_statements = data_files.read_table(benchmarks, columns=["statement"]).column("statement").to_pylist()
    theorems, fresh = rollout_lib.rl_pool(proofmill.root, base, k, proofmill.settings, eval_statements)
    if proofmill.settings.conjecture.enabled:  # + accepted conjectures of iterations < k
        theorems = conjecture_loop.with_conjectures(proofmill.root, theorems, k, eval_statements)[0]
    try:
        plan = rollout_lib.plan_iteration(proofmill.root, theorems, k, proofmill.settings)
    except ValueError as exc:
        raise dg.Failure(str(exc)) from exc
    budgets = sorted({t["num_simulations"] for b in plan.batches for t in b})
    context.log.info(
        f"iteration {k}: {plan.sampled} theorems from {plan.theorems} ({fresh} fresh from the frontier; "
        f"history: {plan.history} attempts), {len(plan.batches)} batches, budgets {budgets}"
    )
    for b, batch in enumerate(plan.batches):
        yield dg.DynamicOutput({"iteration": k, "batch": b, "theorems": batch}, mapping_key=f"batch_{b}")


@dg.op(description="Prove one batch: concurrent searches, one batched policy (iteration k-1), Lean slots.")
def rl_prove_batch(context: dg.OpExecutionContext, proofmill: ProofmillResource, batch: dict) -> str:
    from stp.whole_proof_rollouts import MCTS, mode_for, prove_batch_whole

    k, b = int(batch["iteration"]), int(batch["batch"])
    checkpoint, version = rollout_policy(proofmill, k)
    mode = mode_for(proofmill.settings.rl.rollout_mode, k)
    prove = rollout_lib.prove_rollout_batch if mode == MCTS else partial(prove_batch_whole, mode=mode)
    path, stats = prove(
        rollout_lib.RolloutBatch(proofmill.root, k, b, list(batch["theorems"])),
        rollout_lib.RolloutPolicy(checkpoint, version, proofmill.tokenizer_path()),
        proofmill.settings, proofmill.servers,
        on_attempt=AttemptProgress(context.log, f"rollouts[{k}] batch {b}", len(batch["theorems"])),
    )
    context.log.info(
        f"batch {b} ({mode}): {stats['proven']}/{stats['attempts']} proven in {stats['seconds']:.1f}s with "
        f"{stats['concurrency']} in flight; policy {version}; batching {stats['batching']}; "
        f"lean calls {stats.get('lean', {}).get('calls', stats.get('whole_proof_lean_calls'))}"
    )
    context.add_output_metadata(_batch_metadata(stats, mode, version))
    return str(path)


def _batch_metadata(stats: dict[str, Any], mode: str, version: str) -> dict[str, Any]:
    """A rollout batch's counts, its mode and (whole_proof/both) the whole-proof and MCTS counts."""
    keep = ("proven", "attempts", "seconds", "concurrency")
    return {
        **{n: round(stats[n], 1) if isinstance(stats[n], float) else stats[n] for n in keep},
        "rollout_mode": mode,
        **{n: v for n, v in stats.items() if n.startswith(("whole_proof_", "mcts_"))},
        "batching": dg.MetadataValue.json(stats["batching"]),
        "model_version": version,
    }


@dg.op(description="Check one attempt per sampled theorem and merge the batches into the rollouts shard.")
def rl_collect(context: dg.OpExecutionContext, proofmill: ProofmillResource, batch_paths: list[str]) -> str:
    k = iteration_of(context.partition_key)
    try:
        path, table = rollout_lib.merge_batches(
            proofmill.root, k, batch_paths, max_infra_share=proofmill.settings.rl.max_infra_error_share
        )
    except (ValueError, InfrastructureShareError) as exc:  # fails the iteration: nothing is registered
        raise dg.Failure(f"iteration {k}: {exc}") from exc
    from stp.whole_proof import is_whole_proof_state
    from stp.whole_proof_rollouts import mode_for

    summary = rollout_lib.rollout_summary(table)
    examples = summary.pop("examples")
    whole = sum(r["outcome"] == "proven" and any(is_whole_proof_state(t["state"]) for t in r["transitions"])
                for r in table.select(["outcome", "transitions"]).to_pylist())
    context.add_output_metadata(
        {
            "path": dg.MetadataValue.path(str(path)),
            **summary,
            "rollout_mode": mode_for(proofmill.settings.rl.rollout_mode, k),
            "proven_by_whole_proof": whole,
            "proofs": dg.MetadataValue.md(proofs_markdown(examples[:10], details=["simulations"])),
        }
    )
    return str(path)


@dg.graph_asset(
    name=keys.ROLLOUTS,
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    ins={
        "rl_statements": dg.AssetIn(key=keys.RL_STATEMENTS, dagster_type=dg.Nothing),
        "sft_checkpoint": dg.AssetIn(key=keys.SFT_CHECKPOINT, dagster_type=dg.Nothing),
    },
    description="Iteration k's proof attempts by policy[k-1] (k=1: SFT), fanned out over Lean slots.",
)
def rollouts(rl_statements: Any, sft_checkpoint: Any) -> Any:
    batches = rl_plan(rl_statements=rl_statements, sft_checkpoint=sft_checkpoint)
    return rl_collect(batches.map(rl_prove_batch).collect())


# ----------------------------------------------------------------------------------- replay shard
ONE_OUTCOME_PER_THEOREM = "one_outcome_per_theorem"
SHARD_ROWS = "shard_rows"
OUTCOMES = ("proven", "unproven", "error")


def shard_checks(attempts: list[dict[str, Any]], counts: dict[str, int]) -> list[dg.AssetCheckResult]:
    """The replay_shard checks of one iteration, from its attempts rows and shard row counts."""
    keys_ = [(r["dataset"], r["theorem_id"]) for r in attempts]
    repeated = sorted({k for k in keys_ if keys_.count(k) > 1})
    odd = sorted({str(r["outcome"]) for r in attempts} - set(OUTCOMES))
    proven = sum(r["outcome"] == "proven" for r in attempts)
    outcome_ok = bool(attempts) and not repeated and not odd
    # proven attempts and replay rows come together: a proof always yields >= 1 transition
    rows_ok = counts["attempts"] > 0 and (counts["replay"] > 0) == (proven > 0)
    return [
        dg.AssetCheckResult(
            check_name=ONE_OUTCOME_PER_THEOREM, passed=outcome_ok,
            metadata={"attempts": len(attempts), "theorems": len(set(keys_)),
                      "repeated": dg.MetadataValue.json([list(k) for k in repeated[:20]]),
                      "unknown_outcomes": dg.MetadataValue.json(odd)},
        ),
        dg.AssetCheckResult(
            check_name=SHARD_ROWS, passed=rows_ok,
            severity=dg.AssetCheckSeverity.ERROR if counts["attempts"] == 0 else dg.AssetCheckSeverity.WARN,
            metadata={**{f"{kind}_rows": n for kind, n in counts.items()}, "proven": proven},
        ),
    ]


@dg.asset(
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    deps=[rollouts],
    kinds={"parquet"},
    description="Replay (transitions of proven attempts), attempts and rejected-tactic shards of iteration k",
    check_specs=[
        dg.AssetCheckSpec(
            ONE_OUTCOME_PER_THEOREM, asset=keys.REPLAY_SHARD,
            description="Every attempted theorem of the iteration has exactly one outcome row "
            "(proven/unproven/error) in the attempts shard, and there is at least one.",
        ),
        dg.AssetCheckSpec(
            SHARD_ROWS, asset=keys.REPLAY_SHARD,
            description="The attempts shard has rows, and the replay shard has rows exactly when some "
            "attempt was proven (error when there are no attempts, a warning otherwise).",
        ),
    ],
)
def replay_shard(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    k = iteration_of(context.partition_key)
    source = proofmill.require(replay.shard_path(proofmill.root, "rollouts", k), f"rollouts[{k}]")
    counts = replay.write_iteration(proofmill.root, k, replay.read_table(source, "rollouts").to_pylist())
    sample = replay.read_shards(proofmill.root, "replay", [k]).slice(0, 5).to_pylist()
    paths = {kind: replay.shard_path(proofmill.root, kind, k) for kind in ("replay", "attempts", "rejected")}
    attempts = replay.read_shards(proofmill.root, "attempts", [k]).select(
        ["dataset", "theorem_id", "outcome"]).to_pylist()
    return dg.MaterializeResult(
        check_results=shard_checks(attempts, counts),
        metadata={
            **{f"{kind}_rows": n for kind, n in counts.items()},
            **{f"{kind}_path": dg.MetadataValue.path(str(p)) for kind, p in paths.items()},
            "replay_sample": dg.MetadataValue.md(
                markdown_table(sample, ["theorem_id", "state", "tactic", "proof_depth"])
            ),
        }
    )


# ----------------------------------------------------------------------------------------- policy
@dg.asset(
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    deps=[
        replay_shard,
        keys.key(keys.SFT_TRANSITIONS),
        keys.key(keys.SFT_CHECKPOINT),
        keys.key(keys.TOKENIZER),
    ],
    kinds={"pytorch", "mlflow"},
    description="policy[k]: policy[k-1] (k=1: SFT) updated on the replay window + a fraction of SFT data.",
)
def policy(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    from rl.update import PolicyFiles, register_policy, update_policy

    k, settings = iteration_of(context.partition_key), proofmill.settings
    init, init_version = previous_policy(proofmill, k)
    window, rows, mix = _training_rows(proofmill, k)
    started_at = time.time()  # the MLflow run's start: its duration covers the update
    files = PolicyFiles(
        init, policy_checkpoint(proofmill, k), proofmill.tokenizer_path(),
        proofmill.require(proofmill.corpus_path(keys.SFT_TRANSITIONS), keys.SFT_TRANSITIONS),
        optimizer_from=init.parent if settings.rl.carry_optimizer and k > 1 else None,
        reference_checkpoint=policy_checkpoint(proofmill, 0) if settings.rl.update.kl_weight > 0 else None,
    )
    update = update_policy(
        files, settings, k, replay_rows=rows, rejected_rows=_rejected_rows(proofmill, k),
        meta={"replay_window": window, "init_model_version": init_version, **mix},
        logger=training_progress(context.log, f"policy[{k}]", settings.rl.update.max_steps),
    )
    context.log.info(f"policy[{k}] from {init_version}: {update.meta}")
    if not update.metrics:
        context.log.warning(f"iteration {k}: empty replay window {window}; policy[{k}] = policy[{k - 1}]")
    version, aliases = register_policy(
        update, settings, tracking_uri=proofmill.tracking_uri, dagster_run_id=context.run.run_id,
        tokenizer_path=proofmill.tokenizer_path(), started_at=started_at,
    )
    mix["mix_mlflow"] = _log_mix(proofmill, version.run_id, k, mix)
    return dg.MaterializeResult(metadata={**_policy_metadata(update, version, aliases), **mix})


def _training_rows(proofmill: ProofmillResource, k: int) -> tuple[list[int], list[dict[str, Any]], dict]:
    """(replay iterations, rows, mix counts) of policy[k]'s update: the replay rows, plus with
    conjecture.enabled STP's self-play rows from the conjectures accepted in iteration k-1."""
    window, rows = _replay_rows(proofmill, k)
    mix = _mode_counts(proofmill, k)
    if proofmill.settings.conjecture.enabled:
        self_play = conjecture_loop.self_play_rows(proofmill.root, k)
        rows, mix["self_play_rows"] = rows + self_play, len(self_play)
    return window, rows, mix


def _mode_counts(proofmill: ProofmillResource, k: int) -> dict[str, Any]:
    """Iteration k's rollout mode and how many of its replay rows are whole-proof rows."""
    from stp.whole_proof import is_whole_proof_state
    from stp.whole_proof_rollouts import mode_for

    states = replay.read_shards(proofmill.root, "replay", [k]).column("state").to_pylist()
    return {"rollout_mode": mode_for(proofmill.settings.rl.rollout_mode, k),
            "whole_proof_rows": sum(map(is_whole_proof_state, states)), "self_play_rows": 0}


def _log_mix(proofmill: ProofmillResource, run_id: str | None, k: int, mix: dict[str, Any]) -> str:
    """The counts of ``_mode_counts`` (+ self-play rows) as MLflow metrics, step = k. Never raises."""
    if not run_id:
        return "not logged: no MLflow run"
    try:
        from registry import registry

        client = registry.client(proofmill.tracking_uri)
        for name in ("whole_proof_rows", "self_play_rows"):
            client.log_metric(run_id, f"rl/{name}", float(mix[name]), step=k)
        client.set_tag(run_id, "rollout_mode", mix["rollout_mode"])
    except Exception as exc:  # a tracking outage must not fail the update
        return f"not logged: {type(exc).__name__}: {exc}"
    return f"logged to run {run_id}"


def _replay_rows(proofmill: ProofmillResource, k: int) -> tuple[list[int], list[dict[str, Any]]]:
    """(iterations read, replay rows) policy[k] trains on: the reference's FIFO of the newest
    ``replay_capacity`` transitions over every iteration so far, or the window of iterations."""
    rl = proofmill.settings.rl
    if rl.replay_capacity:
        window = list(range(1, k + 1))
        everything = replay.read_shards(proofmill.root, "replay", window).to_pylist()
        return window, replay.fifo(everything, rl.replay_capacity)
    window = replay.window(k, rl.replay_window)
    return window, replay.read_shards(proofmill.root, "replay", window).to_pylist()


def _rejected_rows(proofmill: ProofmillResource, k: int) -> list[dict[str, Any]]:
    """(state, tactic) pairs Lean rejected in the replay window: the unlikelihood rows' source."""
    if not (proofmill.settings.rl.negative_fraction and proofmill.settings.rl.update.unlikelihood_weight):
        return []
    window = replay.window(k, proofmill.settings.rl.replay_window)
    return replay.read_shards(proofmill.root, "rejected", window).select(["state", "tactic"]).to_pylist()


def _policy_metadata(update: Any, version: Any, aliases: tuple[str, ...]) -> dict[str, Any]:
    md: dict[str, Any] = {
        "path": dg.MetadataValue.path(str(update.checkpoint)),
        "model_uri": version.model_uri,
        "mlflow": dg.MetadataValue.url(version.link),
        "init_model_version": update.meta["init_model_version"],
        "replay_window": dg.MetadataValue.json(update.meta["replay_window"]),
        "replay_transitions": update.meta["replay_transitions"],
        "sft_transitions": update.meta["sft_transitions"],
        "negative_rows": update.meta.get("negative_rows", 0),
        "optimizer": update.meta.get("optimizer", "fresh"),
        "aliases": ", ".join(aliases) or "-",
        **update.summary_metrics,
    }
    curve = update.loss_curve
    artifact = f"plots/{Path(curve).name}" if curve else ""
    if (plot := mlflow_image(version.run_id, artifact, "loss curve", curve)) is not None:
        md["loss_curve"] = plot
    if (chart := history_chart(update.history or {})) is not None:  # in place, without MLflow running
        md["loss_chart"] = chart
    return md


# --------------------------------------------------------------------------------------------- eval
def _explain_skip(
    context: dg.AssetExecutionContext, k: int, eval_every: int, last: int
) -> dg.AssetCheckResult:
    """A partition left empty on purpose says so: an observation with the reason shows in the asset's
    events and on the partition, so the gap does not look like a failure; returns the not_below_sft
    result that says nothing was compared."""
    reason = (f"skipped: eval every {eval_every} iterations and on the last ({last}); iteration {k} is "
              "not one. Materialize it with config force: true to evaluate it anyway")
    context.log.info(reason)
    context.log_event(dg.AssetObservation(asset_key=context.asset_key, partition=context.partition_key,
                                          description=reason, metadata={"skipped": reason}))
    return _not_evaluated(k, reason)


class RLEvalConfig(dg.Config):
    force: bool = False  # evaluate even when k is not an eval iteration
    max_theorems: int | None = None  # None: the whole eval split


def _eval_checkpoints(proofmill: ProofmillResource, k: int) -> dict[str, tuple[Path, str]]:
    """{run name: (checkpoint, label)} of an RL eval: the SFT checkpoint and policy[k]."""
    sft, rl = policy_checkpoint(proofmill, 0), policy_checkpoint(proofmill, k)
    return {
        "sft": (proofmill.require(sft, keys.SFT_CHECKPOINT), "sft"),
        f"rl-{k}": (proofmill.require(rl, f"{keys.POLICY}[{k}]"), f"rl/iteration={k}"),
    }


def is_eval_iteration(k: int, eval_every: int, iterations: int) -> bool:
    return (eval_every > 0 and k % eval_every == 0) or k == iterations


NOT_BELOW_SFT = "not_below_sft"


@dg.asset(
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    deps=[policy, keys.key(keys.SFT_CHECKPOINT), keys.key(keys.BENCHMARKS)],
    output_required=False,
    kinds={"parquet"},
    description="policy[k] vs the SFT checkpoint, same MCTS settings, one report (every eval_every "
    "iterations and on the last one); moves the MLflow `best` alias to the best evaluated policy.",
    check_specs=[
        dg.AssetCheckSpec(
            NOT_BELOW_SFT,
            asset=keys.RL_EVAL,
            description="warns when policy[k] proves fewer theorems than the SFT checkpoint on any eval "
            "benchmark (each set on its own)",
        ),
        few_errors_spec(keys.RL_EVAL),
    ],
)
def rl_eval(
    context: dg.AssetExecutionContext, config: RLEvalConfig, proofmill: ProofmillResource
) -> Iterator[dg.Output[str] | dg.AssetCheckResult]:
    from evals.evaluate import EvalRequest, evaluate_checkpoints, search_settings

    check_config(config)
    k, settings = iteration_of(context.partition_key), proofmill.settings
    rl = settings.rl
    if not (config.force or is_eval_iteration(k, rl.eval_every, rl.iterations)):
        yield _explain_skip(context, k, rl.eval_every, rl.iterations)  # the check results are required
        yield dg.AssetCheckResult(check_name=FEW_ERRORS, passed=True, metadata={"evaluated": False})
        return
    search, checkpoints = settings.search, _eval_checkpoints(proofmill, k)
    theorems = proofmill.eval_statements(config.max_theorems)
    title = (f"RL iteration {k} vs SFT, {settings.eval_split} of {', '.join(settings.eval_benchmarks)}, "
             f"{search.num_simulations} simulations")
    result = evaluate_checkpoints(
        EvalRequest(theorems, search, proofmill.eval_dir(f"rl/iteration={k}"), title, settings.corpora.seed),
        checkpoints,
        reuse=_reusable_sft(proofmill, k, checkpoints["sft"][0], theorems,
                            search_settings(search, settings.corpora.seed)),
        tokenizer_path=proofmill.tokenizer_path(),
        profile=settings,
        servers=proofmill.servers,
        progress=lambda name: AttemptProgress(context.log, f"rl_eval[{k}] {name}", len(theorems)),
    )
    policy_ckpt = checkpoints[f"rl-{k}"][0]
    mlflow = result.log_to_mlflow(policy_ckpt, proofmill.tracking_uri, {f"rl-{k}": "rl"})
    md = {**eval_metadata(result, mlflow, settings.eval_split), **_spread_and_best(proofmill, k)}
    yield dg.Output(str(result.report_dir), metadata=md)
    yield _not_below_sft(k, result.summary, md.get("delta_vs_sft_ci95"))
    yield few_errors_check(result.summary)


def _not_evaluated(k: int, reason: str) -> dg.AssetCheckResult:
    """The not_below_sft result of an iteration that is not evaluated: says plainly nothing was compared."""
    return dg.AssetCheckResult(check_name=NOT_BELOW_SFT, passed=True,
                               metadata={"evaluated": False, "skipped": reason},
                               description=f"{reason.split(';')[0]}: iteration {k} not compared")


def _reusable_sft(proofmill: ProofmillResource, k: int, sft: Path, theorems: list[dict[str, Any]],
                  search: dict[str, Any]) -> dict[str, Any]:
    """The SFT run of the foundation's eval report or of an earlier RL eval with the same checkpoint,
    search settings and theorems, if any."""
    from evals.learning_curve import reusable_run
    from registry.registration import model_version

    version = model_version(sft, "sft")
    found = reusable_run(proofmill.path("eval"), "sft", version, theorems, search, k)
    return {"sft": found[0]} if found else {}


def _not_below_sft(k: int, summary: dict[str, Any], delta: str | None) -> dg.AssetCheckResult:
    """Warn (not fail: the run goes on, the `best` alias keeps the better policy) when policy[k] proves
    fewer theorems than SFT on any eval benchmark (each set on its own: a gain on one must not hide a
    loss on another)."""
    runs = summary["runs"]
    rl, sft = runs[f"rl-{k}"], runs["sft"]
    per_set = {name: (rl["datasets"][name]["proven"], sft["datasets"][name]["proven"], d["theorems"])
               for name, d in sft.get("datasets", {}).items() if name in rl.get("datasets", {})}
    if not per_set:  # no per-dataset breakdown: the whole eval split as one set
        per_set = {"eval": (rl["proven"], sft["proven"], sft["theorems"])}
    below = {name: c for name, c in per_set.items() if c[0] < c[1]}
    return dg.AssetCheckResult(
        check_name=NOT_BELOW_SFT,
        passed=not below,
        severity=dg.AssetCheckSeverity.WARN,
        description=None if not below else "; ".join(
            f"policy[{k}] proves {r} < SFT {s} of {n} on {name}" for name, (r, s, n) in below.items()),
        # per eval set only: a rate pooled over sets of different difficulty would mislead
        metadata={"proven_rl_vs_sft": ", ".join(f"{name} {r} vs {s} of {n}"
                                                for name, (r, s, n) in per_set.items()),
                  "delta_vs_sft_ci95": delta or "-"},
    )


def _spread_and_best(proofmill: ProofmillResource, k: int) -> dict[str, Any]:
    """Metadata: policy[k]'s bootstrap interval and paired difference to SFT, and the best evaluated
    policy over every RL eval report so far, where the MLflow `best` alias now points (best.json)."""
    import json

    from core.atomic import atomic_write_text
    from evals.learning_curve import best_point, rl_points
    from registry.best import point_best_at

    # the fixed eval set (the profile's first eval benchmark) decides the curve point and `best`
    fixed = proofmill.settings.eval_benchmarks[0]
    on = f"on {fixed} {proofmill.settings.eval_split}"
    points = rl_points(proofmill.path("eval"), dataset=fixed)
    md: dict[str, Any] = {}
    point = next((p for p in points if p.iteration == k), None)
    if point is not None:
        sims = f", {point.num_simulations} simulations" if point.num_simulations else ""
        md["success_rate_rl_ci95"] = f"{point.rate} {on} ({point.rate.n} theorems{sims})"
        if (d := point.delta_vs_sft) is not None:
            interval = f"[{100 * d.low:+.1f}, {100 * d.high:+.1f}]"
            md["delta_vs_sft_ci95"] = f"{100 * d.mean:+.1f} points {interval} {on}, paired"
    best = best_point(points)
    if best is not None:
        moved = point_best_at(best.checkpoint or "", proofmill.tracking_uri)
        atomic_write_text(proofmill.path("eval", "rl", "best.json"),
                          json.dumps({**best.to_dict(), "alias": moved}, indent=2) + "\n")
        md["best"] = f"{best.run} ({best.checkpoint}): {best.rate} {on}; alias {moved}"
    return md
