"""Asset jobs: ``foundation`` (every unpartitioned asset: corpora → tokenizer → checkpoints → evals) and
``rl_iteration`` (one partition = one RL iteration; its partitions come from the selected assets)."""

from __future__ import annotations

import dagster as dg

from assets.keys import CORPORA_GROUP, EVAL_GROUP, RL_GROUP, TOKENIZER_GROUP, TRAINING_GROUP

# Unpartitioned groups; RL iterations are partitioned and run one partition per run.
FOUNDATION_GROUPS = (CORPORA_GROUP, TOKENIZER_GROUP, TRAINING_GROUP, EVAL_GROUP)
RL_JOB_NAME = "rl_iteration"

foundation_job = dg.define_asset_job(
    "foundation",
    selection=dg.AssetSelection.groups(*FOUNDATION_GROUPS),
    description="Corpora, tokenizer, pretrain → midtrain → SFT checkpoints and the SFT eval report.",
)

rl_job = dg.define_asset_job(
    RL_JOB_NAME,
    selection=dg.AssetSelection.groups(RL_GROUP),
    description="One RL iteration (partition k): rollouts by policy[k-1] → replay shard → policy[k] "
    "(→ eval of policy[k] vs SFT every eval_every iterations and on the last).",
)

JOBS: list[dg.UnresolvedAssetJobDefinition] = [foundation_job, rl_job]
