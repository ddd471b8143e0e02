"""The `conjectures` asset (RL group, partitioned by iteration; a no-op unless `conjecture.enabled`):
after policy[k], the model writes conjectures from the theorems iteration k proved, the filters of
``stp.conjecture`` judge them, and the shard ``rl/conjectures/iteration=K`` records every one
(accepted/rejected, reason, seed theorem); accepted ones join the RL pool of iterations > k
(``stp.conjecture_loop.with_conjectures``, called from the rollouts plan)."""

# No `from __future__ import annotations`: Dagster resolves the context class from the real annotation.
from typing import Any

import dagster as dg

from assets import keys
from assets.io import markdown_table
from assets.keys import RL_PARTITIONS
from assets.progress import PREFIX
from assets.resources import ProofmillResource
from core import data_files


def _pool(proofmill: ProofmillResource, k: int) -> list[dict[str, Any]]:
    """What iteration k could have proved: rl_statements (train), frontier shards, earlier conjectures."""
    from rl import replay
    from stp import conjecture_loop

    base = proofmill.statements(keys.RL_STATEMENTS, "train")
    frontier = replay.read_shards(proofmill.root, "frontier", range(1, k + 1)).to_pylist()
    pool = base + [{c: r[c] for c in ("dataset", "id", "split", "header", "statement")} for r in frontier]
    return conjecture_loop.with_conjectures(proofmill.root, pool, k)[0]


def _references(proofmill: ProofmillResource, pool: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    from stp.conjecture_loop import reference_statements

    known, evals = reference_statements()
    bench = proofmill.require(proofmill.corpus_path(keys.BENCHMARKS), keys.BENCHMARKS)
    evals += data_files.read_table(bench, columns=["statement"]).column("statement").to_pylist()
    return known + [str(r["statement"]) for r in pool], evals


class ConjecturesConfig(dg.Config):
    force: bool = False  # also run on the profile's last RL iteration (nothing would use its conjectures)


def _noop(why: str) -> dg.MaterializeResult:
    """A partition left empty on purpose: ``noop`` (the console hides the step's line) and the reason."""
    return dg.MaterializeResult(metadata={"noop": why, "accepted": 0})


@dg.asset(
    name=keys.CONJECTURES,
    partitions_def=RL_PARTITIONS,
    group_name=keys.RL_GROUP,
    deps=[keys.key(keys.POLICY)],
    kinds={"parquet", "mlflow"},
    description="Conjectures written by policy[k] from iteration k's proofs: well formed, new (no alpha-"
    "variant of a known or eval statement), not trivial, prover success rate in the band → RL pool of k+1.",
)
def conjectures(context: dg.AssetExecutionContext, config: ConjecturesConfig,
                proofmill: ProofmillResource) -> dg.MaterializeResult:
    from rl import replay
    from stp import conjecture_loop

    k, settings = int(context.partition_key), proofmill.settings
    if not settings.conjecture.enabled:
        return _noop("profile conjecture.enabled is false")
    if k == settings.rl.iterations and not config.force:
        # its accepted conjectures would join the pool of iteration k+1, which this profile does not run
        # (iterations beyond it, from `--iterations` or the sensor's "N more", do conjecture)
        return _noop(f"iteration {k} is the profile's last (rl.iterations = {settings.rl.iterations}): no "
                     "later pool uses its conjectures; materialize with config force: true to run it")
    pool = _pool(proofmill, k)
    attempts = replay.read_shards(proofmill.root, "attempts", [k]).to_pylist()
    seeds = conjecture_loop.seeds_of(attempts, pool, settings.conjecture.max_seeds, seed=k)
    known, evals = _references(proofmill, pool)
    checkpoint = proofmill.require(proofmill.checkpoint_path(f"rl/iteration={k}"), keys.POLICY)
    result = conjecture_loop.run_iteration(
        conjecture_loop.ConjectureRound(proofmill.root, k, seeds, known, evals), checkpoint=checkpoint,
        tokenizer_path=proofmill.tokenizer_path(), profile=settings, servers=proofmill.servers,
        seed=settings.corpora.seed,
        on_progress=lambda message: context.log.info(f"{PREFIX}conjectures[{k}]: {message}"),
    )
    mlflow = conjecture_loop.log_to_mlflow(checkpoint, k, result, proofmill.tracking_uri)
    context.log.info(f"conjectures[{k}]: {len(result.accepted)} accepted of {len(result.conjectures)} from "
                     f"{result.seeds} seeds in {result.seconds:.1f}s ({result.phases}); {result.reasons()}; "
                     f"MLflow: {mlflow}")
    return dg.MaterializeResult(metadata={**_metadata(result), "mlflow": mlflow})


def _metadata(result: Any) -> dict[str, Any]:
    from stp.conjecture_loop import metrics

    examples = [{"seed": c.seed_id, "conjecture": c.statement.split(" := ")[0], "rate": c.success_rate}
                for c in result.accepted[:10]]
    numbers = metrics(result)
    return {
        "accepted": len(result.accepted),  # first: the console's key figure
        "sampled": len(result.conjectures),
        "seeds": result.seeds,
        "reasons": dg.MetadataValue.json(result.reasons()),
        **{name.removeprefix("conjectures_"): value for name, value in numbers.items()
           if name.startswith(("conjectures_rejected_", "conjectures_prover_"))},
        "phases": dg.MetadataValue.json(result.phases),
        "seconds": round(result.seconds, 1),
        "path": dg.MetadataValue.path(str(result.path)),
        "examples": dg.MetadataValue.md(markdown_table(examples) if examples else "(none accepted)"),
    }
