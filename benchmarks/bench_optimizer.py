"""Muon+AdamW vs AdamW at the same budget on CPU (the numbers in README "The `full` training recipe").

``python -m benchmarks.bench_optimizer`` prints JSON: validation losses after 50 pretraining steps
(8×128 tokens) on the shipped smoke math corpus for the ``d2`` and ``tiny`` models, and after 150 SFT
steps on synthetic transitions for ``tiny`` (AdamW at the smoke LRs vs Muon+AdamW at the reference group
rates × lr_scale).
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from assets.sources.smoke import math_documents
from core.profiles import SMOKE, AdamWSettings, ComputeSettings, MuonAdamWSettings, StageSettings
from models.gpt import GPTConfig
from models.tokenizer import ProofTokenizer
from training.train import StageData, StageRun, build_datasets, run_stage

CPU = ComputeSettings(model="tiny", accelerator="cpu", devices=1, num_threads=1)


def pretrain_losses(tmp: Path) -> dict[str, dict[str, float]]:
    texts = [d["text"] for d in math_documents()]
    tok = ProofTokenizer.train(texts, 1024)
    pq.write_table(pa.table({"text": texts}), tmp / "corpus.parquet", row_group_size=64)
    train, val = build_datasets("pretrain", tmp / "corpus.parquet", tok, 128)
    base = StageSettings(max_steps=50, batch_size=8, seq_len=128, val_check_interval=1000, checkpoint_every=0)
    runs = {"adamw_3e-3": replace(base, optimizer=AdamWSettings(lr=3e-3)),
            "adamw_1e-2": replace(base, optimizer=AdamWSettings(lr=1e-2)),
            "muon_adamw": replace(base, optimizer=MuonAdamWSettings())}
    out: dict[str, dict[str, float]] = {}
    for preset in ("d2", "tiny"):
        for name, s in runs.items():
            r = run_stage("pretrain", StageData(tok, train, val, limit_val_batches=8), s, CPU,
                          StageRun(tmp / preset / name, enable_progress_bar=False,
                                   model_config=GPTConfig.preset(preset, tok.vocab_size, 128)))
            out.setdefault(preset, {})[name] = round(r.metrics["val_loss"], 4)
    return out


def sft_losses(tmp: Path) -> dict[str, float]:
    from tests.training.test_training import make_tokenizer, synthetic_transitions, write_transitions

    tok = make_tokenizer()
    write_transitions(tmp / "t.parquet", synthetic_transitions(1500))
    train, val = build_datasets("sft", tmp / "t.parquet", tok, 128)
    base = replace(SMOKE.sft, max_steps=150, seq_len=128, val_check_interval=1000,
                   optimizer=AdamWSettings(lr=2e-3))
    runs = {"adamw_2e-3": base,
            "muon_adamw": replace(base, optimizer=MuonAdamWSettings(lr_scale=0.8, unembedding_lr=0.004))}
    out = {}
    for name, s in runs.items():
        r = run_stage("sft", StageData(tok, train, val, greedy_eval_max=50), s, CPU,
                      StageRun(tmp / "sft" / name, model_config=GPTConfig.preset("tiny", tok.vocab_size, 128),
                               enable_progress_bar=False))
        out[name] = round(r.metrics["val_loss"], 4)
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as d:
        print(json.dumps({"pretrain_val_loss": pretrain_losses(Path(d)), "sft_val_loss": sft_losses(Path(d))},
                         indent=2))


if __name__ == "__main__":
    main()
