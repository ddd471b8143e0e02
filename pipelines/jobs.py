"""Asset jobs. `foundation` is every unpartitioned asset (corpora → tokenizer → checkpoints → evals);
the partitioned RL iteration job lives beside its schedule in pipelines/schedules.py."""

from __future__ import annotations

import dagster as dg

# Unpartitioned groups; RL iterations are partitioned and run one partition per run.
FOUNDATION_GROUPS = ("corpora", "tokenizer", "training", "eval")

foundation_job = dg.define_asset_job(
    "foundation",
    selection=dg.AssetSelection.groups(*FOUNDATION_GROUPS),
    description="Corpora, tokenizer, pretrain → midtrain → SFT checkpoints and the SFT eval report.",
)
