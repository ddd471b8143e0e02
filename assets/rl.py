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
- ``policy[k]``: a Lightning update (``models.rl_update.update_policy``) of policy[k−1] on the replay window
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

The work is in library functions: ``search.rollouts`` (plan, prove a batch, merge),
``models.rl_update`` (update and register a policy), ``search.evaluate`` (the eval); the assets and ops
here pick their inputs from the ``proofmill`` resource and turn the results into metadata.

Every step is idempotent: files are written atomically and re-writing an iteration replaces its files,
so re-materializing a partition, or re-executing a failed run from failure, never duplicates rows.
"""

# No `from __future__ import annotations` here: Dagster resolves the run-config class from the
# asset function's annotation at definition time and cannot resolve it from a string.
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dagster as dg

from assets import keys
from assets.io import eval_metadata, markdown_table, mlflow_image, proofs_markdown
from assets.keys import RL_PARTITIONS, RL_PARTITIONS_NAME  # noqa: F401 -- re-exported for launchers
from assets.progress import AttemptProgress, training_progress
from assets.resources import ProofmillResource
from search import replay
from search import rollouts as rollout_lib
from search.config import SearchConfig

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


def previous_policy(proofmill: ProofmillResource, iteration: int) -> tuple[Path, str]:
    """(checkpoint, model_version) of the policy that generates iteration `iteration`'s rollouts."""
    from models.registration import model_version

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


# --------------------------------------------------------------------------------- rollouts graph
@dg.op(
    ins={"rl_statements": dg.In(dg.Nothing), "sft_checkpoint": dg.In(dg.Nothing)},
    out=dg.DynamicOut(dict),
    description="Sample the iteration's theorems (matchmaker over earlier attempts) and fan out batches.",
)
def rl_plan(context: dg.OpExecutionContext, proofmill: ProofmillResource) -> Iterator[dg.DynamicOutput[dict]]:
    k = iteration_of(context.partition_key)
    previous_policy(proofmill, k)  # fail before any search when the policy to roll out does not exist
    theorems = proofmill.statements(keys.RL_STATEMENTS, RL_SPLIT)
    try:
        plan = rollout_lib.plan_iteration(proofmill.root, theorems, k, proofmill.settings)
    except ValueError as exc:
        raise dg.Failure(str(exc)) from exc
    budgets = sorted({t["num_simulations"] for b in plan.batches for t in b})
    context.log.info(
        f"iteration {k}: {plan.sampled} theorems from {plan.theorems} (history: {plan.history} attempts), "
        f"{len(plan.batches)} batches, budgets {budgets}"
    )
    for b, batch in enumerate(plan.batches):
        yield dg.DynamicOutput({"iteration": k, "batch": b, "theorems": batch}, mapping_key=f"batch_{b}")


@dg.op(description="Prove one batch: concurrent searches, one batched policy (iteration k-1), Lean slots.")
def rl_prove_batch(context: dg.OpExecutionContext, proofmill: ProofmillResource, batch: dict) -> str:
    k, b = int(batch["iteration"]), int(batch["batch"])
    checkpoint, version = previous_policy(proofmill, k)
    path, stats = rollout_lib.prove_rollout_batch(
        proofmill.root,
        list(batch["theorems"]),
        k,
        b,
        checkpoint=checkpoint,
        model_version=version,
        tokenizer_path=proofmill.tokenizer_path(),
        profile=proofmill.settings,
        servers=proofmill.servers,
        on_attempt=AttemptProgress(context.log, f"rollouts[{k}] batch {b}", len(batch["theorems"])),
    )
    context.log.info(
        f"batch {b}: {stats['proven']}/{stats['attempts']} proven in {stats['seconds']:.1f}s with "
        f"{stats['concurrency']} in flight; policy {version}; batching {stats['batching']}; "
        f"lean calls {stats['lean'].get('calls')}"
    )
    keep = ("proven", "attempts", "seconds", "concurrency")
    context.add_output_metadata(
        {
            **{n: stats[n] for n in keep},
            "batching": dg.MetadataValue.json(stats["batching"]),
            "model_version": version,
        }
    )
    return str(path)


@dg.op(description="Check one attempt per sampled theorem and merge the batches into the rollouts shard.")
def rl_collect(context: dg.OpExecutionContext, proofmill: ProofmillResource, batch_paths: list[str]) -> str:
    k = iteration_of(context.partition_key)
    try:
        path, table = rollout_lib.merge_batches(proofmill.root, k, batch_paths)
    except ValueError as exc:
        raise dg.Failure(str(exc)) from exc
    summary = rollout_lib.rollout_summary(table)
    examples = summary.pop("examples")
    context.add_output_metadata(
        {
            "path": dg.MetadataValue.path(str(path)),
            **summary,
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
    from models.rl_update import register_policy, update_policy

    k = iteration_of(context.partition_key)
    settings = proofmill.settings
    init, init_version = previous_policy(proofmill, k)
    window = replay.window(k, settings.rl.replay_window)
    update = update_policy(
        init_checkpoint=init,
        out_checkpoint=policy_checkpoint(proofmill, k),
        tokenizer_path=proofmill.tokenizer_path(),
        replay_rows=replay.read_shards(proofmill.root, "replay", window).to_pylist(),
        sft_transitions=proofmill.require(proofmill.corpus_path(keys.SFT_TRANSITIONS), keys.SFT_TRANSITIONS),
        profile=settings,
        iteration=k,
        meta={"replay_window": window, "init_model_version": init_version},
        logger=training_progress(context.log, f"policy[{k}]", settings.rl.update.max_steps),
    )
    context.log.info(f"policy[{k}] from {init_version}: {update.meta}")
    if not update.metrics:
        context.log.warning(
            f"iteration {k}: the replay window {window} is empty; policy[{k}] = policy[{k - 1}]"
        )
    version, aliases = register_policy(
        update, settings, tracking_uri=proofmill.tracking_uri, dagster_run_id=context.run.run_id,
        tokenizer_path=proofmill.tokenizer_path(),
    )
    return dg.MaterializeResult(metadata=_policy_metadata(update, version, aliases))


def _policy_metadata(update: Any, version: Any, aliases: tuple[str, ...]) -> dict[str, Any]:
    md: dict[str, Any] = {
        "path": dg.MetadataValue.path(str(update.checkpoint)),
        "model_uri": version.model_uri,
        "mlflow": dg.MetadataValue.url(version.link),
        "init_model_version": update.meta["init_model_version"],
        "replay_window": dg.MetadataValue.json(update.meta["replay_window"]),
        "replay_transitions": update.meta["replay_transitions"],
        "sft_transitions": update.meta["sft_transitions"],
        "aliases": ", ".join(aliases) or "-",
        **update.summary_metrics,
    }
    curve = update.loss_curve
    artifact = f"plots/{Path(curve).name}" if curve else ""
    if (plot := mlflow_image(version.run_id, artifact, "loss curve", curve)) is not None:
        md["loss_curve"] = plot
    return md


# --------------------------------------------------------------------------------------------- eval
def _explain_skip(context: dg.AssetExecutionContext, k: int, eval_every: int, last: int) -> None:
    """A partition left empty on purpose says so: an observation with the reason shows in the asset's
    events and on the partition, so the gap does not look like a failure."""
    reason = (f"skipped on purpose: iteration {k} is not an eval iteration (eval every {eval_every} and "
              f"on the last, {last}); materialize with config force: true to evaluate it anyway")
    context.log.info(reason)
    context.log_event(dg.AssetObservation(asset_key=context.asset_key, partition=context.partition_key,
                                          metadata={"skipped": reason}))


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


@dg.asset(
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    deps=[policy, keys.key(keys.SFT_CHECKPOINT), keys.key(keys.BENCHMARKS)],
    output_required=False,
    kinds={"parquet"},
    description="policy[k] vs the SFT checkpoint, same MCTS settings, one report (every eval_every "
    "iterations and on the last one).",
)
def rl_eval(
    context: dg.AssetExecutionContext, config: RLEvalConfig, proofmill: ProofmillResource
) -> Iterator[dg.Output[str]]:
    from search.evaluate import evaluate_checkpoints

    k = iteration_of(context.partition_key)
    settings = proofmill.settings
    rl = settings.rl
    if not (config.force or is_eval_iteration(k, rl.eval_every, rl.iterations)):
        _explain_skip(context, k, rl.eval_every, rl.iterations)
        return
    search = SearchConfig.from_profile(settings)
    checkpoints = _eval_checkpoints(proofmill, k)
    theorems = proofmill.eval_statements(config.max_theorems)
    result = evaluate_checkpoints(
        checkpoints,
        theorems,
        tokenizer_path=proofmill.tokenizer_path(),
        profile=settings,
        servers=proofmill.servers,
        config=search,
        concurrency=settings.search.concurrency,
        report_dir=proofmill.eval_dir(f"rl/iteration={k}"),
        seed=settings.corpora.seed,
        title=f"RL iteration {k} vs SFT, {settings.eval_split} of {', '.join(settings.eval_benchmarks)}, "
        f"{search.num_simulations} simulations",
        progress=lambda name: AttemptProgress(context.log, f"rl_eval[{k}] {name}", len(theorems)),
    )
    policy_ckpt = checkpoints[f"rl-{k}"][0]
    mlflow = result.log_to_mlflow(policy_ckpt, proofmill.tracking_uri, {f"rl-{k}": "rl"})
    yield dg.Output(str(result.report_dir), metadata=eval_metadata(result, mlflow, policy_ckpt))
