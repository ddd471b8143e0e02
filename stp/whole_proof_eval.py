"""The whole-proof eval: per checkpoint, k whole-proof samples per theorem (pass@1..k) and, optionally, the
MCTS prover on the same theorems with its token and Lean-call spend, for the equal-budget comparison
(``stp.whole_proof_report``). Usable without Dagster::

    from core.profiles import get_profile
    from evals.evaluate import EvalRequest
    from search import batch
    from stp import whole_proof_eval
    profile = get_profile("smoke")
    theorems = batch.read_statements("artifacts/corpora/benchmark_statements.parquet", "valid")
    request = EvalRequest(theorems, profile.search, "artifacts/eval/whole_proof")
    result = whole_proof_eval.run(request, {"sft": ("artifacts/checkpoints/sft/model.pt", "sft")},
                                  tokenizer_path="artifacts/tokenizer/tokenizer.json", profile=profile,
                                  servers=[])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from core.profiles import Profile
from evals.evaluate import EvalRequest
from stp.whole_proof import prove_whole
from stp.whole_proof_report import REPORT_FILES, mcts_budget, write_report


@dataclasses.dataclass
class WholeProofEvalResult:
    out_dir: Path
    summary: dict[str, Any]

    def pass_at(self, run: str) -> dict[int, float]:
        return {int(k): float(v) for k, v in self.summary["runs"][run]["pass_at"].items()}


def run(
    request: EvalRequest,
    checkpoints: Mapping[str, tuple[str | Path, str]],
    *,
    tokenizer_path: str | Path,
    profile: Profile,
    servers: Sequence[str],
    k: int | None = None,
    compare_mcts: bool | None = None,
    log: Callable[[str], None] = lambda _: None,
) -> WholeProofEvalResult:
    """``checkpoints``: {run name: (checkpoint, label)}; ``k`` and ``compare_mcts`` default to the
    profile's ``whole_proof`` section; the MCTS comparison searches with ``request.config``. Servers:
    empty = minilean on loopback."""
    from models.sampler import Sampler, SamplingSettings
    from registry.registration import model_version
    from search.batch import checkpoint_policy, lean_servers, prove_batch

    wp = profile.whole_proof
    k = k or wp.k
    compare = wp.compare_mcts if compare_mcts is None else compare_mcts
    theorems, config, seed = request.theorems, request.config, request.policy_seed
    out_dir = request.report_dir
    width = config.concurrency
    attempts, samples, mcts = {}, {}, {}
    with lean_servers(servers, profile.lean) as urls:
        for name, (checkpoint, label) in checkpoints.items():
            version = model_version(checkpoint, label)
            policy = checkpoint_policy(checkpoint, tokenizer_path, profile, seed=seed,
                                       num_samples=config.num_samples, model_version=version)
            tactic = policy.sampler
            sampler = Sampler(tactic.model, tactic.tokenizer,
                              SamplingSettings(max_new_tokens=wp.max_new_tokens,
                                               temperature=wp.temperature), seed=seed, device=tactic.device)
            attempts[name], samples[name] = prove_whole(theorems, sampler, urls, k, seed=seed,
                                                        batch_size=wp.batch_size, concurrency=width,
                                                        model_version=version)
            log(f"{name}: whole proof {sum(a.outcome == 'proven' for a in attempts[name])}/{len(theorems)} "
                f"proved by some of {k} samples")
            if compare:
                before = tactic.stats["tokens"]
                batch = prove_batch(theorems, urls, policy, config, width, model_version=version)
                mcts[name] = mcts_budget(batch.attempts, tactic.stats["tokens"] - before)
                log(f"{name}: MCTS {batch.proven}/{len(theorems)} at {config.num_simulations} simulations")
    title = (f"whole proof (k={k}) vs MCTS ({config.num_simulations} simulations), {len(theorems)} theorems"
             if compare else f"whole proof (k={k}), {len(theorems)} theorems")
    summary = write_report(out_dir, title=title, attempts=attempts, samples=samples, mcts=mcts or None)
    return WholeProofEvalResult(Path(out_dir), summary)


def log_to_mlflow(checkpoint: str | Path, run_name: str, result: WholeProofEvalResult,
                  tracking_uri: str) -> str:
    """pass@k (``whole_proof_pass_at``, step = k; ``whole_proof_pass_at_1``/``_K``) and the equal-budget
    numbers on the MLflow run that registered ``checkpoint``, with the report files. Never raises."""
    from registry import registry
    from registry.registration import read_registered, registered_file

    record = read_registered(checkpoint)
    if record is None:
        return f"not logged: {registered_file(checkpoint)} is missing (the checkpoint is not registered)"
    s = result.summary["runs"][run_name]
    try:
        client = registry.client(tracking_uri)
        run_id = str(record["run_id"])
        ks = sorted(int(k) for k in s["pass_at"])
        for k in ks:
            client.log_metric(run_id, "whole_proof_pass_at", float(s["pass_at"][str(k)]), step=k)
        client.log_metric(run_id, "whole_proof_pass_at_1", float(s["pass_at"]["1"]))
        client.log_metric(run_id, f"whole_proof_pass_at_{ks[-1]}", float(s["pass_at"][str(ks[-1])]))
        for axis, e in result.summary.get("equal_budget", {}).get(run_name, {}).items():
            client.log_metric(run_id, f"whole_proof_equal_{axis}_pass_at_k",
                              float(e["whole_proof_pass_at_k_equal"]))
            client.log_metric(run_id, f"whole_proof_equal_{axis}_mcts_success", float(e["mcts_success"]))
        for file in REPORT_FILES:
            client.log_artifact(run_id, str(result.out_dir / file), artifact_path="whole_proof")
    except Exception as exc:  # a tracking outage must not fail the eval
        return f"not logged: {type(exc).__name__}: {exc}"
    return f"logged to run {run_id}"
