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
- ``policy[k]``: a Lightning update (``models.train.run_stage("rl")``) of policy[k−1] on the replay window
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

Every step is idempotent: files are written atomically and re-writing an iteration replaces its files,
so re-materializing a partition, or re-executing a failed run from failure, never duplicates rows.
"""

# No `from __future__ import annotations` here: Dagster resolves the run-config class from the
# asset function's annotation at definition time and cannot resolve it from a string.
import base64
import contextlib
import dataclasses
import hashlib
import json
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq

from lean_io.atomic import atomic_write_text
from pipelines.resources import ProofmillResource
from search import replay
from search.batching import BatchingPolicy
from search.config import SearchConfig
from search.matchmaker import Matchmaker, MatchmakerConfig
from search.prover import Attempt

RL_PARTITIONS_NAME = "rl_iteration"
RL_PARTITIONS = dg.DynamicPartitionsDefinition(name=RL_PARTITIONS_NAME)
GROUP = "rl"
RL_STATEMENTS = "rl_statements"
SFT_TRANSITIONS = "sft_transitions"
BENCHMARKS = "benchmark_statements"
RL_SPLIT = "train"
REGISTERED_FILE = "registered.json"  # next to a policy checkpoint: its MLflow model version


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


def model_version(checkpoint: Path, label: str) -> str:
    """How attempts name the model that produced them: its MLflow version when registered (an RL policy),
    else the label plus a content hash of the weights (so two different SFT files never look alike)."""
    registered = checkpoint.parent / REGISTERED_FILE
    if registered.is_file():
        return str(json.loads(registered.read_text())["model_uri"])
    with checkpoint.open("rb") as fh:
        digest = hashlib.file_digest(fh, "sha256").hexdigest()[:12]
    return f"{label}@sha256:{digest}"


def previous_policy(proofmill: ProofmillResource, iteration: int) -> tuple[Path, str]:
    """(checkpoint, model_version) of the policy that generates iteration `iteration`'s rollouts."""
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


def matchmaker_config(proofmill: ProofmillResource) -> MatchmakerConfig:
    rl = proofmill.settings.rl
    return MatchmakerConfig(base_simulations=rl.base_simulations, max_simulations=rl.max_simulations)


def load_statements(
    proofmill: ProofmillResource,
    corpus: str,
    split: str,
    datasets: Sequence[str] | None = None,
    limit: int = 0,
) -> list[dict[str, Any]]:
    """Statement rows (dataset, id, split, header, statement) of one split, sorted by (dataset, id)."""
    path = proofmill.corpus_path(corpus)
    if not path.is_file():
        raise dg.Failure(f"{path} does not exist; materialize {corpus} first")
    table = pq.read_table(path, columns=["dataset", "id", "split", "header", "statement"])
    rows = [
        r for r in table.to_pylist() if r["split"] == split and (datasets is None or r["dataset"] in datasets)
    ]
    if not rows:
        raise dg.Failure(
            f"{path} has no {split!r} statements" + (f" of {list(datasets)}" if datasets else "")
        )
    rows.sort(key=lambda r: (r["dataset"], r["id"]))
    return rows[:limit] if limit else rows


@contextlib.contextmanager
def lean_servers(proofmill: ProofmillResource) -> Iterator[list[str]]:
    """The configured LeanTree servers, or minilean servers on loopback for the duration of the block."""
    if proofmill.servers:
        yield proofmill.servers
        return
    from lean_io.local import minilean_servers

    lean = proofmill.settings.lean
    with minilean_servers(lean.minilean_servers, lean.minilean_max_processes) as urls:
        yield urls


def device_for(accelerator: str) -> str:
    if accelerator in ("gpu", "cuda"):
        import torch

        return "cuda" if torch.cuda.is_available() else "cpu"
    return "cpu"


def png_markdown(path: Path | None) -> dg.MetadataValue | None:
    if path is None or not Path(path).is_file():
        return None
    data = base64.b64encode(Path(path).read_bytes()).decode()
    return dg.MetadataValue.md(f"![{Path(path).name}](data:image/png;base64,{data})")


def markdown_table(rows: list[dict[str, Any]], columns: list[str], limit: int = 10) -> str:
    def cell(v: Any) -> str:
        return str(v).replace("|", "\\|").replace("\n", "<br>")[:200]

    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(cell(r.get(c)) for c in columns) + " |" for r in rows[:limit]]
    return "\n".join(lines)


# --------------------------------------------------------------------------------- rollouts graph
@dg.op(
    ins={"rl_statements": dg.In(dg.Nothing), "sft_checkpoint": dg.In(dg.Nothing)},
    out=dg.DynamicOut(dict),
    description="Sample the iteration's theorems (matchmaker over earlier attempts) and fan out batches.",
)
def rl_plan(context: dg.OpExecutionContext, proofmill: ProofmillResource) -> Iterator[dg.DynamicOutput[dict]]:
    k = iteration_of(context.partition_key)
    settings = proofmill.settings
    root = proofmill.root
    previous_policy(proofmill, k)  # fail before any search when the policy to roll out does not exist
    theorems = load_statements(proofmill, RL_STATEMENTS, RL_SPLIT)
    history = replay.read_attempts_before(root, k)
    mm = Matchmaker.from_history(theorems, history, matchmaker_config(proofmill))
    seed = settings.corpora.seed * 1_000_003 + k
    matches = mm.sample(settings.rl.theorems_per_iteration, seed=seed)
    if not matches:
        raise dg.Failure(f"the matchmaker has no theorem with positive weight among {len(theorems)}")
    # The matchmaker's view before this iteration (weights, budgets, who was sampled), for inspection.
    sampled = {m.key for m in matches}
    snapshot = [
        {"iteration": k, **r, "sampled": (r["dataset"], r["theorem_id"]) in sampled} for r in mm.table()
    ]
    replay.write_shard(root, "matchmaker", k, snapshot)
    replay.clear_batches(root, k)  # a fresh plan: batches of an earlier run must not be merged

    n_batches = max(1, min(settings.rl.batches_per_iteration, len(matches)))
    context.log.info(
        f"iteration {k}: {len(matches)} theorems from {len(theorems)} (history: {len(history)} attempts), "
        f"{n_batches} batches, budgets {sorted({m.num_simulations for m in matches})}"
    )
    for b in range(n_batches):
        batch = [
            {**m.theorem, "num_simulations": m.num_simulations, "weight": m.weight}
            for m in matches[b::n_batches]
        ]
        yield dg.DynamicOutput({"iteration": k, "batch": b, "theorems": batch}, mapping_key=f"batch_{b}")


def _attempt_row(attempt: Attempt, iteration: int, budget: int) -> dict[str, Any]:
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


@dg.op(description="Prove one batch: concurrent searches, one batched policy (iteration k-1), Lean slots.")
def rl_prove_batch(context: dg.OpExecutionContext, proofmill: ProofmillResource, batch: dict) -> str:
    import torch

    from lean_io.pool import SlotPool
    from search.policy import SamplerPolicy
    from search.runner import prove_many

    k, b, theorems = int(batch["iteration"]), int(batch["batch"]), list(batch["theorems"])
    settings = proofmill.settings
    if settings.compute.accelerator == "cpu" and settings.compute.num_threads:
        torch.set_num_threads(int(settings.compute.num_threads))
    checkpoint, version = previous_policy(proofmill, k)
    # iteration k mixed into the search seed: each iteration explores differently, a re-run identically
    search = SearchConfig.from_profile(settings, seed=settings.corpora.seed * 1_000_003 + k)
    policy = SamplerPolicy.from_checkpoint(
        checkpoint,
        proofmill.tokenizer_path(),
        num_samples=search.num_samples,
        max_new_tokens=settings.search.max_new_tokens,
        device=device_for(settings.compute.accelerator),
        seed=settings.corpora.seed * 1_000_003 + 1000 * k + b,
    )
    t0 = time.monotonic()
    with lean_servers(proofmill) as servers:
        pool = SlotPool(servers)
        try:
            concurrency = max(1, min(settings.search.concurrency, pool.total_slots or 1, len(theorems)))
            with BatchingPolicy(policy, max_batch=max(1, concurrency)) as batched:
                # each theorem row carries the matchmaker's `num_simulations`, which prove_many honours
                attempts = prove_many(theorems, pool, batched, search, concurrency, model_version=version)
                batching = batched.stats()
            lean = pool.metrics()
        finally:
            pool.close()
    seconds = time.monotonic() - t0
    rows = [_attempt_row(a, k, int(t["num_simulations"])) for a, t in zip(attempts, theorems, strict=True)]
    path = replay.write_batch(proofmill.root, k, b, rows)
    proven = sum(a.outcome == "proven" for a in attempts)
    context.log.info(
        f"batch {b}: {proven}/{len(attempts)} proven in {seconds:.1f}s with {concurrency} in flight; "
        f"policy {version}; batching {batching}; lean calls {lean.get('calls')}"
    )
    context.add_output_metadata(
        {
            "proven": proven,
            "attempts": len(attempts),
            "seconds": seconds,
            "concurrency": concurrency,
            "batching": dg.MetadataValue.json(batching),
            "model_version": version,
        }
    )
    return str(path)


@dg.op(description="Check one attempt per sampled theorem and merge the batches into the rollouts shard.")
def rl_collect(context: dg.OpExecutionContext, proofmill: ProofmillResource, batch_paths: list[str]) -> str:
    k = iteration_of(context.partition_key)
    tables = [replay.read_table(p, "rollouts") for p in sorted(batch_paths)]
    table = pa.concat_tables(tables) if tables else replay.SCHEMAS["rollouts"].empty_table()
    planned = replay.read_shards(proofmill.root, "matchmaker", [k]).to_pylist()
    planned_keys = sorted((r["dataset"], r["theorem_id"]) for r in planned if r["sampled"])
    keys = sorted(
        zip(table.column("dataset").to_pylist(), table.column("theorem_id").to_pylist(), strict=True)
    )
    if keys != planned_keys:
        raise dg.Failure(
            f"iteration {k}: rollouts do not match the plan ({len(keys)} attempts for {len(planned_keys)} "
            f"sampled theorems, {len(keys) - len(set(keys))} duplicates)"
        )
    path = replay.write_parquet_atomic(replay.shard_path(proofmill.root, "rollouts", k), table)
    outcomes = table.column("outcome").to_pylist()
    n = len(outcomes)
    proven = outcomes.count("proven")
    secs = table.column("seconds").to_pylist()
    sims = table.column("simulations").to_pylist()
    examples = [r for r in table.select(["theorem_id", "simulations", "proof"]).to_pylist() if r["proof"]]
    versions = sorted({str(v) for v in table.column("model_version").to_pylist()})
    context.add_output_metadata(
        {
            "path": dg.MetadataValue.path(str(path)),
            "attempts": n,
            "proven": proven,
            "unproven": outcomes.count("unproven"),
            "errors": outcomes.count("error"),
            "success_rate": proven / n if n else 0.0,
            "mean_simulations": sum(sims) / n if n else 0.0,
            "search_seconds": float(sum(secs)),
            "model_version": ", ".join(versions),
            "proofs": dg.MetadataValue.md(markdown_table(examples, ["theorem_id", "simulations", "proof"])),
        }
    )
    return str(path)


@dg.graph_asset(
    name="rollouts",
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    ins={
        "rl_statements": dg.AssetIn(key=RL_STATEMENTS, dagster_type=dg.Nothing),
        "sft_checkpoint": dg.AssetIn(key="sft_checkpoint", dagster_type=dg.Nothing),
    },
    description="Iteration k's proof attempts by policy[k-1] (k=1: SFT), fanned out over Lean slots.",
)
def rollouts(rl_statements: Any, sft_checkpoint: Any) -> Any:
    batches = rl_plan(rl_statements=rl_statements, sft_checkpoint=sft_checkpoint)
    return rl_collect(batches.map(rl_prove_batch).collect())


# ----------------------------------------------------------------------------------- replay shard
@dg.asset(
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    deps=[rollouts],
    kinds={"parquet"},
    description="Replay (transitions of proven attempts), attempts and rejected-tactic shards of iteration k",
)
def replay_shard(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    k = iteration_of(context.partition_key)
    source = replay.shard_path(proofmill.root, "rollouts", k)
    if not source.is_file():
        raise dg.Failure(f"{source} does not exist; materialize rollouts[{k}] first")
    rows = replay.read_table(source, "rollouts").to_pylist()
    counts = replay.write_iteration(proofmill.root, k, rows)
    sample = replay.read_shards(proofmill.root, "replay", [k]).slice(0, 5).to_pylist()
    return dg.MaterializeResult(
        metadata={
            **{f"{kind}_rows": n for kind, n in counts.items()},
            "replay_path": dg.MetadataValue.path(str(replay.shard_path(proofmill.root, "replay", k))),
            "attempts_path": dg.MetadataValue.path(str(replay.shard_path(proofmill.root, "attempts", k))),
            "rejected_path": dg.MetadataValue.path(str(replay.shard_path(proofmill.root, "rejected", k))),
            "replay_sample": dg.MetadataValue.md(
                markdown_table(sample, ["theorem_id", "state", "tactic", "proof_depth"])
            ),
        }
    )


# ----------------------------------------------------------------------------------------- policy
def _read_replay_transitions(proofmill: ProofmillResource, k: int) -> tuple[list[Any], list[int]]:
    from models.data import transitions_from_replay

    iterations = replay.window(k, proofmill.settings.rl.replay_window)
    table = replay.read_shards(proofmill.root, "replay", iterations)
    return transitions_from_replay(table.to_pylist()), iterations


def _rl_latest_iteration(tracking_uri: str) -> int | None:
    from models import registry

    try:
        mv = registry.model_version(f"models:/{registry.MODEL_NAME}@{registry.ALIAS_RL_LATEST}", tracking_uri)
    except (LookupError, ValueError):
        return None
    try:
        return int(mv.tags.get("iteration", ""))
    except ValueError:
        return None


@dg.asset(
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    deps=[
        replay_shard,
        dg.AssetKey(SFT_TRANSITIONS),
        dg.AssetKey("sft_checkpoint"),
        dg.AssetKey("tokenizer"),
    ],
    kinds={"pytorch", "mlflow"},
    description="policy[k]: policy[k-1] (k=1: SFT) updated on the replay window + a fraction of SFT data.",
)
def policy(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    from models import registry
    from models.checkpoint import load_checkpoint, save_checkpoint
    from models.data import SFTDataset, mix_rl_rows, read_transitions
    from models.tokenizer import ProofTokenizer
    from models.train import run_stage

    k = iteration_of(context.partition_key)
    settings = proofmill.settings
    rl = settings.rl
    init, init_version = previous_policy(proofmill, k)
    tokenizer = ProofTokenizer.load(proofmill.tokenizer_path())
    replay_t, window = _read_replay_transitions(proofmill, k)
    sft_path = proofmill.corpus_path(SFT_TRANSITIONS)
    if not sft_path.is_file():
        raise dg.Failure(f"{sft_path} does not exist; materialize {SFT_TRANSITIONS} first")
    sft_train = read_transitions(sft_path, "train")
    mixed = mix_rl_rows(replay_t, sft_train, rl.fraction_sft, seed=settings.corpora.seed + k)
    out = policy_checkpoint(proofmill, k)
    meta = {
        "iteration": k,
        "replay_window": window,
        "replay_transitions": len(replay_t),
        "sft_transitions": len(mixed) - len(replay_t),
        "init_model_version": init_version,
    }
    context.log.info(
        f"policy[{k}] from {init_version}: {len(replay_t)} replay transitions of iterations "
        f"{window} + {len(mixed) - len(replay_t)} SFT transitions"
    )
    (out.parent / REGISTERED_FILE).unlink(missing_ok=True)  # stale until this version is registered
    metrics: dict[str, float] = {}
    curve: Path | None = None
    history: dict[str, list[tuple[int, float]]] = {}
    if replay_t:
        update = rl.update
        train = SFTDataset(mixed, tokenizer, update.seq_len)
        val = SFTDataset(read_transitions(sft_path, "valid")[:64], tokenizer, update.seq_len)
        result = run_stage(
            "rl",
            tokenizer=tokenizer,
            train_data=train,
            val_data=val if len(val) else None,
            settings=update,
            compute=settings.compute,
            out_dir=out.parent,
            init_checkpoint=init,
            seed=settings.corpora.seed + k,
            meta=meta,
            greedy_eval_max=32,
            enable_progress_bar=False,
        )
        metrics, curve, history = result.metrics, result.loss_curve_path, result.history
    else:
        # No proof in the window: nothing to learn from; policy[k] is policy[k-1] so the chain goes on.
        context.log.warning(
            f"iteration {k}: the replay window {window} is empty; policy[{k}] = policy[{k - 1}]"
        )
        model, _ = load_checkpoint(str(init), tokenizer=tokenizer)
        save_checkpoint(out, model, tokenizer.fingerprint(), {"stage": "rl", **meta, "unchanged": True})
    # Re-materializing an old iteration must not move `rl-latest` back in time.
    latest = _rl_latest_iteration(proofmill.tracking_uri)
    aliases = (registry.ALIAS_RL_LATEST,) if latest is None or k >= latest else ()
    version = registry.log_stage_run(
        stage="rl",
        checkpoint_path=out,
        metrics=metrics,
        params={"rl": dataclasses.asdict(rl), "profile": settings.name, **meta},
        loss_curve=curve,
        history=history,
        tokenizer_fingerprint=tokenizer.fingerprint(),
        tokenizer_path=proofmill.tokenizer_path(),
        iteration=k,
        dagster_run_id=context.run_id,
        asset_key="policy",
        aliases=aliases,
        uri=proofmill.tracking_uri,
    )
    atomic_write_text(
        out.parent / REGISTERED_FILE,
        json.dumps(
            {
                "model_uri": version.model_uri,
                "version": version.version,
                "run_id": version.run_id,
                "iteration": k,
            },
            indent=2,
        )
        + "\n",
    )
    md: dict[str, Any] = {
        "path": dg.MetadataValue.path(str(out)),
        "model_uri": version.model_uri,
        "mlflow": dg.MetadataValue.url(version.link),
        "init_model_version": init_version,
        "replay_window": dg.MetadataValue.json(window),
        "replay_transitions": len(replay_t),
        "sft_transitions": len(mixed) - len(replay_t),
        "aliases": ", ".join(aliases) or "-",
        **{
            k_: float(v)
            for k_, v in metrics.items()
            if k_
            in (
                "final_train_loss",
                "val_loss",
                "initial_val_loss",
                "greedy_tactic_acc",
                "steps",
                "train_seconds",
            )
        },
    }
    if (plot := png_markdown(curve)) is not None:
        md["loss_curve"] = plot
    return dg.MaterializeResult(metadata=md)


# --------------------------------------------------------------------------------------------- eval
class RLEvalConfig(dg.Config):
    force: bool = False  # evaluate even when k is not an eval iteration
    max_theorems: int = 0  # 0 = the whole eval split


def is_eval_iteration(k: int, eval_every: int, iterations: int) -> bool:
    return (eval_every > 0 and k % eval_every == 0) or k == iterations


@dg.asset(
    partitions_def=RL_PARTITIONS,
    group_name=GROUP,
    deps=[policy, dg.AssetKey("sft_checkpoint"), dg.AssetKey(BENCHMARKS)],
    output_required=False,
    kinds={"parquet"},
    description="policy[k] vs the SFT checkpoint, same MCTS settings, one report (every eval_every "
    "iterations and on the last one).",
)
def rl_eval(
    context: dg.AssetExecutionContext, config: RLEvalConfig, proofmill: ProofmillResource
) -> Iterator[dg.Output[str]]:
    from lean_io.pool import SlotPool
    from search.policy import Policy, SamplerPolicy
    from search.report import MARKDOWN_FILE, PLOT_FILE, write_eval_report
    from search.runner import prove_many

    k = iteration_of(context.partition_key)
    settings = proofmill.settings
    if not (config.force or is_eval_iteration(k, settings.rl.eval_every, settings.rl.iterations)):
        context.log.info(
            f"iteration {k} is not an eval iteration (eval_every={settings.rl.eval_every}, "
            f"last={settings.rl.iterations}); skipped"
        )
        return
    search = SearchConfig.from_profile(settings)
    theorems = load_statements(
        proofmill, BENCHMARKS, settings.eval_split, settings.eval_benchmarks, config.max_theorems
    )
    device = device_for(settings.compute.accelerator)
    runs: dict[str, tuple[Path, str]] = {
        "sft": (policy_checkpoint(proofmill, 0), "sft"),
        f"rl-{k}": (policy_checkpoint(proofmill, k), f"rl/iteration={k}"),
    }
    attempts: dict[str, list[Attempt]] = {}
    concurrency = settings.search.concurrency
    with lean_servers(proofmill) as servers:
        pool = SlotPool(servers)
        try:
            concurrency = max(1, min(concurrency, pool.total_slots or 1))
            for name, (ckpt, label) in runs.items():
                if not ckpt.is_file():
                    raise dg.Failure(f"{name}: checkpoint {ckpt} does not exist")
                version = model_version(ckpt, label)
                model: Policy = SamplerPolicy.from_checkpoint(
                    ckpt,
                    proofmill.tokenizer_path(),
                    num_samples=search.num_samples,
                    max_new_tokens=settings.search.max_new_tokens,
                    device=device,
                    seed=settings.corpora.seed,
                )
                with BatchingPolicy(model, max_batch=concurrency) as batched:
                    attempts[name] = prove_many(
                        theorems, pool, batched, search, concurrency, model_version=version
                    )
        finally:
            pool.close()
    report_dir = proofmill.eval_dir(f"rl/iteration={k}")
    title = (
        f"RL iteration {k} vs SFT, {settings.eval_split} of {', '.join(settings.eval_benchmarks)}, "
        f"{search.num_simulations} simulations"
    )
    summary = write_eval_report(attempts, report_dir, title=title, num_simulations=search.num_simulations)
    md: dict[str, Any] = {
        "report": dg.MetadataValue.path(str(report_dir)),
        "summary": dg.MetadataValue.md((report_dir / MARKDOWN_FILE).read_text()),
        "theorems": len(theorems),
        "num_simulations": search.num_simulations,
        **{f"success_rate_{name}": float(s["success_rate"]) for name, s in summary["runs"].items()},
    }
    if (plot := png_markdown(report_dir / PLOT_FILE)) is not None:
        md["plot"] = plot
    md["mlflow"] = _log_eval_to_mlflow(proofmill, k, summary, report_dir)
    yield dg.Output(str(report_dir), metadata=md)


def _log_eval_to_mlflow(
    proofmill: ProofmillResource, k: int, summary: dict[str, Any], report_dir: Path
) -> str:
    """Log the success rates and report files to policy[k]'s MLflow run; returns what happened."""
    registered = policy_checkpoint(proofmill, k).parent / REGISTERED_FILE
    if not registered.is_file():
        return "not logged: policy is not registered"
    try:
        from models import registry
        from search.report import MARKDOWN_FILE, PLOT_FILE, SUMMARY_FILE

        run_id = json.loads(registered.read_text())["run_id"]
        client = registry.client(proofmill.tracking_uri)
        for name, s in summary["runs"].items():
            client.log_metric(run_id, f"eval_{name.split('-')[0]}_success_rate", float(s["success_rate"]))
        for name in (SUMMARY_FILE, MARKDOWN_FILE, PLOT_FILE):
            client.log_artifact(run_id, str(report_dir / name), artifact_path="eval")
    except Exception as exc:  # the report stands on its own; a tracking outage must not fail the asset
        return f"not logged: {type(exc).__name__}: {exc}"
    return f"logged to run {run_id}"
