"""Train one pipeline stage (pretrain, midtrain, sft) from files and register the checkpoint in MLflow.

``train_and_register`` is what the ``*_checkpoint`` assets run: datasets from the corpus file, a fresh
model (pretrain) or the previous stage's checkpoint, ``training.train.run_stage`` with the profile's
settings for the stage, then ``registry.registration.register_checkpoint``. Usable without Dagster.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.profiles import Profile
from registry.registry import Lineage


@dataclass(frozen=True)
class StageFiles:
    """The files one stage reads and writes."""

    data: str | Path  # the corpus (text parquet) or transitions parquet
    tokenizer: str | Path  # tokenizer.json
    init_checkpoint: str | Path | None  # the previous stage's checkpoint (None: a fresh model)
    out_checkpoint: str | Path  # where model.pt goes


def train_and_register(
    stage: str, files: StageFiles, profile: Profile, lineage: Lineage, *, tracking_uri: str,
    logger: Any = False,
) -> tuple[Any, Any]:
    """Returns (``training.train.StageResult``, the registered MLflow version)."""
    from models.gpt import GPTConfig
    from models.tokenizer import ProofTokenizer
    from registry.registration import forget_registration, register_checkpoint
    from registry.registry import StageRecord
    from training.train import StageData, StageRun, build_datasets, run_stage

    data, tokenizer_path, init_checkpoint = files.data, files.tokenizer, files.init_checkpoint

    settings, compute = getattr(profile, stage), profile.compute
    tokenizer = ProofTokenizer.load(tokenizer_path)
    config = (
        None if init_checkpoint else GPTConfig.preset(compute.model, tokenizer.vocab_size, settings.seq_len)
    )
    out = Path(files.out_checkpoint)
    forget_registration(out)  # stale until the new version is registered
    started_at = time.time()  # the MLflow run's start: its duration in the UI covers the training
    train, val = build_datasets(stage, data, tokenizer, settings.seq_len, seed=profile.corpora.seed,
                                augment=getattr(settings, "augment", False))
    result = run_stage(
        stage,
        StageData(tokenizer, train, val, limit_val_batches=None if stage == "sft" else 20),
        settings,
        compute,
        StageRun(out.parent, model_config=config, init_checkpoint=init_checkpoint, seed=profile.corpora.seed,
                 meta={"profile": profile.name, "dagster_run_id": lineage.dagster_run_id}, logger=logger,
                 enable_progress_bar=False),
    )
    record = StageRecord(
        stage=stage,
        checkpoint_path=result.checkpoint_path,
        metrics=result.metrics,
        params={
            "profile": profile.name,
            "stage": dataclasses.asdict(settings),
            "compute": dataclasses.asdict(compute),
            "model": result.model_config,
            "init_checkpoint": str(init_checkpoint) if init_checkpoint else "scratch",
        },
        loss_curve=result.loss_curve_path,
        history=result.history,
        tokenizer_fingerprint=tokenizer.fingerprint(),
        tokenizer_path=tokenizer_path,
        started_at=started_at,
    )
    version = register_checkpoint(record, lineage, uri=tracking_uri)
    return result, version
