"""Prove these theorems with this policy over these Lean servers: the batch prover and the evals.

The one home of the glue every batch of searches needs (a ``SlotPool`` over the servers, a
``BatchingPolicy`` so concurrent searches share model calls, ``prove_many``) and of the evals built on it.
Usable without Dagster, from a notebook or a command line::

    from core.profiles import get_profile
    from search import evaluate
    profile = get_profile("smoke")
    theorems = evaluate.read_statements("artifacts/corpora/benchmark_statements.parquet", "valid")
    with evaluate.lean_servers([], profile.lean) as servers:
        policy = evaluate.checkpoint_policy("artifacts/checkpoints/sft/model.pt",
                                            "artifacts/tokenizer/tokenizer.json", profile, seed=0)
        result = evaluate.prove_batch(theorems, servers, policy, SearchConfig.from_profile(profile), 4)
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from core import data_files
from core.profiles import LeanSettings, Profile
from search.batching import BatchingPolicy
from search.config import SearchConfig
from search.policy import Policy, SamplerPolicy
from search.prover import Attempt
from search.report import MARKDOWN_FILE, PLOT_FILE, SUMMARY_FILE, write_eval_report
from search.runner import prove_many

STATEMENT_COLUMNS = ["dataset", "id", "split", "header", "statement"]
REPORT_FILES = (SUMMARY_FILE, MARKDOWN_FILE, PLOT_FILE)


def read_statements(
    path: str | Path, split: str, datasets: Sequence[str] | None = None, limit: int | None = None
) -> list[dict[str, Any]]:
    """Statement rows (dataset, id, split, header, statement) of one split of a statements parquet,
    sorted by (dataset, id); the first ``limit`` when given. Raises ValueError when none match."""
    table = data_files.read_table(path, columns=STATEMENT_COLUMNS)
    rows = [
        r for r in table.to_pylist() if r["split"] == split and (datasets is None or r["dataset"] in datasets)
    ]
    if not rows:
        raise ValueError(
            f"{path} has no {split!r} statements" + (f" of {list(datasets)}" if datasets else "")
        )
    rows.sort(key=lambda r: (r["dataset"], r["id"]))
    return rows if limit is None else rows[:limit]


@contextlib.contextmanager
def lean_servers(servers: Sequence[str], lean: LeanSettings) -> Iterator[list[str]]:
    """``servers`` when given, else minilean servers on loopback (``lean``'s counts) for the block."""
    if servers:
        yield list(servers)
        return
    from lean_io.local import minilean_servers

    with minilean_servers(lean.minilean_servers, lean.minilean_max_processes) as urls:
        yield urls


def checkpoint_policy(
    checkpoint: str | Path,
    tokenizer_path: str | Path,
    profile: Profile,
    *,
    seed: int,
    num_samples: int | None = None,
    model_version: str | None = None,
    op_index: int | None = None,
) -> SamplerPolicy:
    """A sampling policy from a checkpoint with the profile's sampling settings, device and threads.
    ``op_index`` (a mapped op's index): on GPUs the model goes to ``cuda:{op_index mod #GPUs}``."""
    from models.devices import op_device
    from models.runtime import device_for, set_cpu_threads

    set_cpu_threads(profile.compute)
    policy = SamplerPolicy.from_checkpoint(
        checkpoint,
        tokenizer_path,
        num_samples=num_samples or profile.search.num_samples,
        max_new_tokens=profile.search.max_new_tokens,
        device=device if (device := device_for(profile.compute.accelerator)) == "cpu" or op_index is None
        else op_device(op_index),
        seed=seed,
    )
    if model_version is not None:
        policy.model_version = model_version
    return policy


@dataclasses.dataclass
class BatchResult:
    attempts: list[Attempt]  # one per theorem, in input order
    stats: dict[str, Any]  # concurrency, batching and Lean metrics

    @property
    def proven(self) -> int:
        return sum(a.outcome == "proven" for a in self.attempts)


def prove_batch(
    theorems: Sequence[dict[str, Any]],
    servers: Sequence[str],
    policy: Policy,
    config: SearchConfig,
    concurrency: int,
    *,
    model_version: str | None = None,
    on_attempt: Callable[[Attempt], None] | None = None,
) -> BatchResult:
    """Prove ``theorems`` with up to ``concurrency`` searches in flight over ``servers``' Lean slots, one
    batched ``policy`` shared by all. A row's ``num_simulations`` overrides ``config``'s budget."""
    from lean_io.pool import SlotPool

    pool = SlotPool(list(servers))
    try:
        concurrency = max(1, min(concurrency, pool.total_slots or 1, len(theorems)))
        with BatchingPolicy(policy, max_batch=concurrency) as batched:
            attempts = prove_many(theorems, pool, batched, config, concurrency, model_version=model_version,
                                  on_attempt=on_attempt)
            batching = batched.stats()
        stats = {"concurrency": concurrency, "batching": batching, "lean": pool.metrics()}
    finally:
        pool.close()
    return BatchResult(attempts, stats)


@dataclasses.dataclass
class EvalResult:
    report_dir: Path
    summary: dict[str, Any]  # write_eval_report's summary: per-run success rates and anytime curves
    stats: dict[str, dict[str, Any]]  # per run: prove_batch stats
    theorems: int
    num_simulations: int

    @property
    def success_rates(self) -> dict[str, float]:
        return {name: float(s["success_rate"]) for name, s in self.summary["runs"].items()}

    def log_to_mlflow(
        self, checkpoint: str | Path, tracking_uri: str, metric_names: Mapping[str, str] | None = None
    ) -> str:
        """Log the success rates and report files to the MLflow run that registered ``checkpoint``."""
        from models.registration import log_eval

        files = [str(self.report_dir / f) for f in REPORT_FILES]
        return log_eval(checkpoint, self.summary, tracking_uri, files, metric_names)


def evaluate(
    theorems: Sequence[dict[str, Any]],
    policies: Mapping[str, Policy],
    servers: Sequence[str],
    config: SearchConfig,
    concurrency: int,
    report_dir: str | Path,
    title: str,
    reuse: Mapping[str, Sequence[Attempt]] | None = None,
    progress: Callable[[str], Callable[[Attempt], None]] | None = None,
    policy_seed: int | None = None,
) -> EvalResult:
    """Search ``theorems`` with each named policy under the same settings; one report in ``report_dir``
    (summary.json, summary.md, the success-vs-simulations plot, per-theorem parquet). ``reuse`` holds
    runs already searched with these settings (same checkpoint, theorems and seeds: search is
    deterministic), which are reported without searching again. ``progress(name)`` gives the
    ``on_attempt`` hook for the run of that policy. The summary records the settings
    (`search_settings`) so a later eval can find this one's runs to reuse."""
    attempts: dict[str, list[Attempt]] = {name: list(a) for name, a in (reuse or {}).items()}
    stats: dict[str, dict[str, Any]] = {name: {"reused": True} for name in attempts}
    for name, policy in policies.items():
        hook = progress(name) if progress is not None else None
        result = prove_batch(theorems, servers, policy, config, concurrency, on_attempt=hook)
        attempts[name], stats[name] = result.attempts, result.stats
    out = Path(report_dir)
    summary = write_eval_report(attempts, out, title=title, num_simulations=config.num_simulations,
                                search=search_settings(config, policy_seed))
    return EvalResult(out, summary, stats, len(theorems), config.num_simulations)


def evaluate_checkpoints(
    checkpoints: Mapping[str, tuple[str | Path, str]],
    theorems: Sequence[dict[str, Any]],
    *,
    tokenizer_path: str | Path,
    profile: Profile,
    servers: Sequence[str],
    config: SearchConfig,
    concurrency: int,
    report_dir: str | Path,
    title: str,
    seed: int,
    baseline: str | None = None,
    reuse: Mapping[str, Sequence[Attempt]] | None = None,
    progress: Callable[[str], Callable[[Attempt], None]] | None = None,
) -> EvalResult:
    """Evaluate named checkpoints ({run name: (checkpoint, label)}; the label names an unregistered
    checkpoint's model version) and optionally a uniform-random baseline run, with the same search
    settings over ``servers`` (empty: minilean on loopback); one report in ``report_dir``."""
    from models.registration import model_version
    from search.policy import UniformRandomPolicy

    policies: dict[str, Policy] = {
        name: checkpoint_policy(
            ckpt,
            tokenizer_path,
            profile,
            seed=seed,
            num_samples=config.num_samples,
            model_version=model_version(ckpt, label),
        )
        for name, (ckpt, label) in checkpoints.items()
        if name not in (reuse or {})
    }
    if baseline is not None:
        policies[baseline] = UniformRandomPolicy(num_samples=config.num_samples, seed=seed)
    with lean_servers(servers, profile.lean) as urls:
        return evaluate(theorems, policies, urls, config, concurrency, report_dir, title,
                        reuse=reuse, progress=progress, policy_seed=seed)


def search_settings(config: SearchConfig, policy_seed: int | None) -> dict[str, Any]:
    """What decides a run's attempts besides its checkpoint and theorems: the search settings and the
    policy's sampling seed (recorded in every report's summary; equal settings make a run reusable)."""
    return {**config.to_dict(), "policy_seed": policy_seed}
