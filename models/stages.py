"""Train one pipeline stage (pretrain, midtrain, sft) from files and register the checkpoint in MLflow.

``train_and_register`` is what the ``*_checkpoint`` assets run: datasets from the corpus file, a fresh
model (pretrain) or the previous stage's checkpoint, ``models.train.run_stage`` with the profile's
settings for the stage, then ``models.registration.register_checkpoint``. Usable without Dagster.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from core.profiles import Profile


def train_and_register(
    stage: str,
    *,
    data: str | Path,
    tokenizer_path: str | Path,
    init_checkpoint: str | Path | None,
    out_checkpoint: str | Path,
    profile: Profile,
    dagster_run_id: str | None,
    asset_key: str,
    aliases: Sequence[str],
    tracking_uri: str,
    logger: Any = False,
) -> tuple[Any, Any]:
    """Returns (``models.train.StageResult``, the registered MLflow version)."""
    from models.gpt import GPTConfig
    from models.registration import forget_registration, register_checkpoint
    from models.tokenizer import ProofTokenizer
    from models.train import build_datasets, run_stage

    settings, compute = getattr(profile, stage), profile.compute
    tokenizer = ProofTokenizer.load(tokenizer_path)
    config = (
        None if init_checkpoint else GPTConfig.preset(compute.model, tokenizer.vocab_size, settings.seq_len)
    )
    out = Path(out_checkpoint)
    forget_registration(out)  # stale until the new version is registered
    started_at = time.time()  # the MLflow run's start: its duration in the UI covers the training
    train, val = build_datasets(stage, data, tokenizer, settings.seq_len, seed=profile.corpora.seed,
                                augment=settings.augment)
    result = run_stage(
        stage,
        tokenizer=tokenizer,
        train_data=train,
        val_data=val,
        settings=settings,
        compute=compute,
        out_dir=out.parent,
        model_config=config,
        init_checkpoint=init_checkpoint,
        seed=profile.corpora.seed,
        meta={"profile": profile.name, "dagster_run_id": dagster_run_id},
        logger=logger,
        enable_progress_bar=False,
        limit_val_batches=None if stage == "sft" else 20,
    )
    version = register_checkpoint(
        result.checkpoint_path,
        stage=stage,
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
        dagster_run_id=dagster_run_id,
        asset_key=asset_key,
        aliases=aliases,
        uri=tracking_uri,
        started_at=started_at,
    )
    return result, version
