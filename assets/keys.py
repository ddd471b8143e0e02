"""Asset keys and group names as constants: the one place a key is spelled.

Asset modules, jobs, schedules and tests refer to assets through these names, so renaming an asset is
one edit here (plus the function name Dagster derives the key from, checked by a test)."""

from __future__ import annotations

import dagster as dg

# --- corpora --------------------------------------------------------------------------------------
PRETRAIN_CORPUS = "pretrain_corpus"
MIDTRAIN_CORPUS = "midtrain_corpus"
SFT_TRANSITIONS = "sft_transitions"
RL_STATEMENTS = "rl_statements"
BENCHMARKS = "benchmark_statements"
# --- tokenizer and training -------------------------------------------------------------------------
TOKENIZER = "tokenizer"
PRETRAIN_CHECKPOINT = "pretrain_checkpoint"
MIDTRAIN_CHECKPOINT = "midtrain_checkpoint"
SFT_CHECKPOINT = "sft_checkpoint"
POLICY_ONNX = "policy_onnx"
# --- evals and RL -----------------------------------------------------------------------------------
EVAL_REPORT_SFT = "eval_report_sft"
ROLLOUTS = "rollouts"
REPLAY_SHARD = "replay_shard"
POLICY = "policy"
RL_EVAL = "rl_eval"
RL_LEARNING_CURVE = "rl_learning_curve"
WHOLE_PROOF_EVAL = "whole_proof_eval"
CONJECTURES = "conjectures"

# --- groups -----------------------------------------------------------------------------------------
CORPORA_GROUP = "corpora"
TOKENIZER_GROUP = "tokenizer"
TRAINING_GROUP = "training"
EVAL_GROUP = "eval"
EVAL_SWEEP = "eval_sweep"
EVAL_SWEEP_GROUP = "eval_sweep"  # on demand (after RL iterations), not part of the foundation job
WHOLE_PROOF_GROUP = "whole_proof"  # on demand: pass@k of whole-proof generation vs MCTS
RL_GROUP = "rl"
RL_REPORT_GROUP = "rl_report"  # unpartitioned views over every RL iteration (not in the per-iteration job)

# --- the RL iteration partitions -------------------------------------------------------------------
RL_PARTITIONS_NAME = "rl_iteration"
RL_PARTITIONS = dg.DynamicPartitionsDefinition(name=RL_PARTITIONS_NAME)


def key(name: str) -> dg.AssetKey:
    return dg.AssetKey(name)
