"""Update a policy on a replay: the RL step's Lightning training and its MLflow registration.

``update_policy`` trains policy[k−1] (a checkpoint) on replay transitions mixed with a fraction of SFT
transitions and writes policy[k]; an empty replay copies policy[k−1] forward so the chain goes on.
``register_policy`` registers the result (stage ``rl``, tag ``iteration``) and moves the ``rl-latest``
alias only forward in iterations. ``assets.rl.policy`` is these two calls; a notebook can make them too.
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from core.profiles import Profile

SUMMARY_METRICS = (
    "final_train_loss",
    "val_loss",
    "initial_val_loss",
    "greedy_tactic_acc",
    "steps",
    "train_seconds",
)
VALID_TRANSITIONS = 64  # SFT valid transitions the update is validated on
GREEDY_EVAL_MAX = 32


@dataclasses.dataclass
class PolicyUpdate:
    checkpoint: Path
    meta: dict[str, Any]  # iteration, replay window, transition counts, init model version
    metrics: dict[str, float]
    loss_curve: Path | None
    history: dict[str, list[tuple[int, float]]]
    tokenizer_fingerprint: str

    @property
    def summary_metrics(self) -> dict[str, float]:
        return {k: float(v) for k, v in self.metrics.items() if k in SUMMARY_METRICS}


@dataclasses.dataclass(frozen=True)
class PolicyFiles:
    """The files one policy update reads and writes."""

    init_checkpoint: str | Path  # policy[k-1] (k = 1: the SFT checkpoint)
    out_checkpoint: str | Path  # where policy[k] goes; its optimizer state is saved beside it
    tokenizer: str | Path  # tokenizer.json
    sft_transitions: str | Path  # the SFT transitions parquet the update mixes in
    # a directory holding the previous update's optimizer state, continued instead of a fresh one
    optimizer_from: str | Path | None = None
    reference_checkpoint: str | Path | None = None  # the SFT policy of the KL term (rl.update.kl_weight > 0)


def update_policy(
    files: PolicyFiles,
    profile: Profile,
    iteration: int,
    *,
    replay_rows: Sequence[Mapping[str, Any]],
    rejected_rows: Sequence[Mapping[str, Any]] = (),
    meta: Mapping[str, Any] | None = None,
    logger: Any = False,
) -> PolicyUpdate:
    """policy[iteration] = ``files.init_checkpoint`` trained on ``replay_rows`` (RL replay rows) mixed
    with a ``profile.rl.fraction_sft`` share of SFT transitions, written to ``files.out_checkpoint``
    (``training.optimizer_carry`` carries the optimizer). ``rejected_rows`` (``state``, ``tactic``:
    tactics Lean rejected) become unlikelihood rows, as many as ``rl.negative_fraction`` × the replay
    transitions, when ``rl.update.unlikelihood_weight`` > 0. ``logger``: a Lightning logger for live
    metrics (False: none)."""
    from models.tokenizer import ProofTokenizer
    from registry.checkpoint import load_checkpoint, save_checkpoint
    from registry.registration import forget_registration
    from training.data import (
        SFTDataset,
        mix_rl_rows,
        negative_rows,
        read_transitions,
        transitions_from_replay,
    )
    from training.optimizer_carry import OPTIMIZER_FILE, OptimizerStateCarry
    from training.train import StageData, StageRun, run_stage

    init_checkpoint, sft_transitions, optimizer_from = (files.init_checkpoint, files.sft_transitions,
                                                        files.optimizer_from)
    rl, seed = profile.rl, profile.corpora.seed + iteration
    tokenizer = ProofTokenizer.load(files.tokenizer)
    replay_t = transitions_from_replay([dict(r) for r in replay_rows])
    mixed = mix_rl_rows(replay_t, read_transitions(sft_transitions, "train"), rl.fraction_sft, seed=seed)
    out = Path(files.out_checkpoint)
    info = {
        **(meta or {}),
        "iteration": iteration,
        "replay_transitions": len(replay_t),
        "sft_transitions": len(mixed) - len(replay_t),
    }
    forget_registration(out)  # stale until this version is registered
    carry = OptimizerStateCarry(Path(optimizer_from) / OPTIMIZER_FILE if optimizer_from else None,
                                out.parent / OPTIMIZER_FILE)
    if not replay_t:  # no proof in the window: nothing to learn from; policy[k] = policy[k−1]
        model, _ = load_checkpoint(str(init_checkpoint), tokenizer=tokenizer)
        save_checkpoint(out, model, tokenizer.fingerprint(), {"stage": "rl", **info, "unchanged": True})
        if carry.load_from is not None and carry.load_from.is_file():  # the optimizer goes on unchanged too
            shutil.copyfile(carry.load_from, carry.save_to)
        return PolicyUpdate(out, info, {}, None, {}, tokenizer.fingerprint())
    negatives = []
    if rl.update.unlikelihood_weight > 0 and rl.negative_fraction > 0:
        pairs = [(str(r["state"]), str(r["tactic"])) for r in rejected_rows]
        limit = round(rl.negative_fraction * len(replay_t))
        negatives = negative_rows(pairs, tokenizer, rl.update.seq_len, limit, seed=seed)
    info["negative_rows"] = len(negatives)
    val = SFTDataset(
        read_transitions(sft_transitions, "valid")[:VALID_TRANSITIONS], tokenizer, rl.update.seq_len
    )
    data = StageData(tokenizer, SFTDataset(mixed, tokenizer, rl.update.seq_len, extra_rows=negatives),
                     val if len(val) else None, greedy_eval_max=GREEDY_EVAL_MAX)
    run = StageRun(out.parent, init_checkpoint=init_checkpoint,
                   reference_checkpoint=files.reference_checkpoint, seed=seed, meta=info, logger=logger,
                   enable_progress_bar=False, callbacks=[carry])
    result = run_stage("rl", data, rl.update, profile.compute, run)
    info["optimizer"] = carry.loaded
    return PolicyUpdate(
        out, info, result.metrics, result.loss_curve_path, result.history, tokenizer.fingerprint()
    )


def latest_rl_iteration(tracking_uri: str) -> int | None:
    """The ``iteration`` tag of the version behind the ``rl-latest`` alias, or None."""
    from registry import registry

    try:
        mv = registry.model_version(f"models:/{registry.MODEL_NAME}@{registry.ALIAS_RL_LATEST}", tracking_uri)
    except (LookupError, ValueError):
        return None
    try:
        return int(mv.tags.get("iteration", ""))
    except ValueError:
        return None


def register_policy(
    update: PolicyUpdate,
    profile: Profile,
    *,
    tracking_uri: str,
    dagster_run_id: str | None,
    asset_key: str = "policy",
    tokenizer_path: str | Path | None = None,
    started_at: float | None = None,
) -> tuple[Any, tuple[str, ...]]:
    """Register policy[k] in MLflow; returns (version, aliases moved). Re-registering an old iteration
    must not move ``rl-latest`` back in time."""
    from registry import registry
    from registry.registration import register_checkpoint
    from registry.registry import Lineage, StageRecord

    k = int(update.meta["iteration"])
    latest = latest_rl_iteration(tracking_uri)
    aliases = (registry.ALIAS_RL_LATEST,) if latest is None or k >= latest else ()
    record = StageRecord(
        stage="rl",
        checkpoint_path=update.checkpoint,
        metrics=update.metrics,
        params={"rl": dataclasses.asdict(profile.rl), "profile": profile.name, **update.meta},
        loss_curve=update.loss_curve,
        history=update.history,
        tokenizer_fingerprint=update.tokenizer_fingerprint,
        tokenizer_path=tokenizer_path,
        iteration=k,
        started_at=started_at,
    )
    version = register_checkpoint(record, Lineage(dagster_run_id, asset_key, aliases), uri=tracking_uri)
    return version, aliases
