"""Evaluate policies on a fixed set of theorems and write the eval report.

Built on the prover's batch runner (``search.batch``); usable without Dagster::

    from core.profiles import get_profile
    from evals import evaluate
    from search import batch
    profile = get_profile("smoke")
    theorems = batch.read_statements("artifacts/corpora/benchmark_statements.parquet", "valid")
    result = evaluate.evaluate_checkpoints(...)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from core.profiles import Profile
from evals.report import MARKDOWN_FILE, PLOT_FILE, SUMMARY_FILE, write_eval_report
from search.batch import checkpoint_policy, lean_servers, prove_batch
from search.config import SearchConfig
from search.policy import Policy
from search.prover import Attempt

REPORT_FILES = (SUMMARY_FILE, MARKDOWN_FILE, PLOT_FILE)


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
        from registry.registration import log_eval

        files = [str(self.report_dir / f) for f in REPORT_FILES]
        return log_eval(checkpoint, self.summary, tracking_uri, files, metric_names)


@dataclasses.dataclass(frozen=True)
class EvalRequest:
    """What an eval searches, how, and where its report goes."""

    theorems: Sequence[dict[str, Any]]  # statements rows (dataset, id, header, statement)
    config: SearchConfig  # the search settings every run shares (its concurrency included)
    report_dir: str | Path  # summary.json, summary.md, the success-vs-simulations plot, per-theorem parquet
    title: str = ""  # the report's title
    policy_seed: int = 0  # the policies' sampling seed (recorded with the settings)


def evaluate(
    request: EvalRequest,
    policies: Mapping[str, Policy],
    servers: Sequence[str],
    *,
    reuse: Mapping[str, Sequence[Attempt]] | None = None,
    progress: Callable[[str], Callable[[Attempt], None]] | None = None,
) -> EvalResult:
    """Search the request's theorems with each named policy under the same settings; one report in
    ``request.report_dir``. ``reuse`` holds
    runs already searched with these settings (same checkpoint, theorems and seeds: search is
    deterministic), which are reported without searching again. ``progress(name)`` gives the
    ``on_attempt`` hook for the run of that policy. The summary records the settings
    (`search_settings`) so a later eval can find this one's runs to reuse."""
    theorems, config = request.theorems, request.config
    attempts: dict[str, list[Attempt]] = {name: list(a) for name, a in (reuse or {}).items()}
    stats: dict[str, dict[str, Any]] = {name: {"reused": True} for name in attempts}
    for name, policy in policies.items():
        hook = progress(name) if progress is not None else None
        result = prove_batch(theorems, servers, policy, config, config.concurrency, on_attempt=hook)
        attempts[name], stats[name] = result.attempts, result.stats
    out = Path(request.report_dir)
    summary = write_eval_report(attempts, out, title=request.title, num_simulations=config.num_simulations,
                                search=search_settings(config, request.policy_seed))
    return EvalResult(out, summary, stats, len(theorems), config.num_simulations)


def evaluate_checkpoints(
    request: EvalRequest,
    checkpoints: Mapping[str, tuple[str | Path, str]],
    *,
    tokenizer_path: str | Path,
    profile: Profile,
    servers: Sequence[str],
    baseline: str | None = None,
    reuse: Mapping[str, Sequence[Attempt]] | None = None,
    progress: Callable[[str], Callable[[Attempt], None]] | None = None,
) -> EvalResult:
    """Evaluate named checkpoints ({run name: (checkpoint, label)}; the label names an unregistered
    checkpoint's model version) and optionally a uniform-random baseline run, with the same search
    settings over ``servers`` (empty: minilean on loopback); one report in ``request.report_dir``."""
    from registry.registration import model_version
    from search.policy import UniformRandomPolicy

    config, seed = request.config, request.policy_seed

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
        return evaluate(request, policies, urls, reuse=reuse, progress=progress)


def search_settings(config: SearchConfig, policy_seed: int) -> dict[str, Any]:
    """What decides a run's attempts besides its checkpoint and theorems: the search settings and the
    policy's sampling seed (recorded in every report's summary; equal settings make a run reusable). How
    many searches run at once is left out: it changes no attempt."""
    settings = {k: v for k, v in config.to_dict().items() if k != "concurrency"}
    return {**settings, "policy_seed": policy_seed}
