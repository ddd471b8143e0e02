"""Training stages: packing, SFT rows and loss weighting, and real Lightning runs of a tiny model."""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import torch

from core.profiles import AdamWSettings, ComputeSettings, SFTSettings, StageSettings
from models.gpt import GPT, GPTConfig
from models.tokenizer import ProofTokenizer
from training.data import (
    PackedTextDataset,
    SFTDataset,
    Transition,
    best_fit_rows,
    collate_sft,
    mix_rl_rows,
    read_transitions,
    split_range,
    stream_rows,
    transitions_from_replay,
)
from training.lightning_modules import SFTModule, lr_multiplier
from training.train import StageData, StageRun, build_datasets, run_stage

# A synthetic "Lean" domain where the tactic is a function of the goal's shape, so a tiny model can learn it.
RULES = [
    ("{a} ∧ {b}", "constructor", 2),
    ("{a} → {b}", "intro h", 2),
    ("{x} + 0 = {x}", "simp", 1),
    ("{x} < {x} + 1", "omega", 1),
    ("{a} ∨ {b}", "left", 3),
    ("True", "trivial", 1),
    ("{x} * 1 = {x}", "rw [Nat.mul_one]", 1),
    ("{x} ≤ {x}", "exact Nat.le_refl {x}", 1),
]
WORDS = "theorem lemma proof by simp omega intro exact apply the of a b n m natural number sum".split()
CPU = ComputeSettings(model="tiny", accelerator="cpu", devices=1, precision="32-true", num_threads=1)


def synthetic_transitions(n: int, seed: int = 0) -> list[dict]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        goal, tactic, depth = rng.choice(RULES)
        a, b = rng.sample(["p", "q", "r", "s"], 2)
        x = rng.choice(["a", "b", "n", "m"])
        rows.append({
            "state": f"{a} {b} : Prop\n{x} : ℕ\n⊢ {goal.format(a=a, b=b, x=x)}",
            "tactic": tactic.format(x=x),
            "proof_depth": depth,
            "source": "synthetic",
            "split": "valid" if i % 5 == 0 else "train",
        })
    return rows


def synthetic_texts(n: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 80))) + "." for _ in range(n)]


def make_tokenizer(extra: list[str] | None = None) -> ProofTokenizer:
    texts = synthetic_texts(200) + [f"{t['state']}\n{t['tactic']}" for t in synthetic_transitions(200)]
    return ProofTokenizer.train(texts + (extra or []), 512)


def write_corpus(path: Path, texts: list[str], row_group_size: int = 64) -> Path:
    pq.write_table(pa.table({"text": texts}), path, row_group_size=row_group_size)
    return path


def write_transitions(path: Path, rows: list[dict]) -> Path:
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def tiny_config(tok: ProofTokenizer, seq_len: int = 128) -> GPTConfig:
    return GPTConfig(vocab_size=tok.vocab_size, sequence_len=seq_len, n_layer=2, n_head=2, n_kv_head=2,
                     n_embd=64)


@pytest.fixture(scope="module")
def tok() -> ProofTokenizer:
    return make_tokenizer()


# ------------------------------------------------------------------------------------------ data
def test_lr_schedule_warmup_flat_warmdown() -> None:
    m = [lr_multiplier(s, 100, 0.1, 0.5, 0.05) for s in range(101)]
    assert m[0] == pytest.approx(0.1) and m[9] == pytest.approx(1.0)
    assert all(v == 1.0 for v in m[10:51])
    assert m[75] == pytest.approx(0.5 + 0.5 * 0.05)
    assert m[100] == pytest.approx(0.05)
    assert all(a >= b for a, b in itertools.pairwise(m[50:]))


def test_best_fit_rows_start_at_documents_and_fill_rows() -> None:
    rng = random.Random(0)
    docs = [[1000 + i] + [i] * rng.randint(1, 20) for i in range(200)]  # doc i: marker 1000+i then i's
    rows = list(best_fit_rows(docs, row_len=33, buffer_size=16))
    assert rows and all(len(r) == 33 for r in rows)
    for r in rows:
        assert r[0] >= 1000  # every row starts with a document start
    # best fit crops rarely: most tokens survive
    assert sum(len(r) for r in rows) > 0.8 * sum(len(d) for d in docs)


def test_stream_rows_concatenate_without_loss() -> None:
    docs = [[i] * (i % 7 + 1) for i in range(50)]
    flat = [t for d in docs for t in d]
    rows = list(stream_rows(docs, 10))
    assert [t for r in rows for t in r] == flat[: len(rows) * 10]
    assert len(flat) - len(rows) * 10 < 10


def test_packed_dataset_is_deterministic_and_splits_disjoint(tmp_path: Path, tok: ProofTokenizer) -> None:
    texts = [f"document number {i} " + "x" * (i % 13) for i in range(100)]
    path = write_corpus(tmp_path / "c.parquet", texts, row_group_size=16)
    assert split_range(100, "val", 0.1) == range(90, 100)

    def rows(split: str, packing: str, n: int) -> list[torch.Tensor]:
        ds = PackedTextDataset(path, tok, 32, split=split, packing=packing, val_frac=0.1, seed=3, max_rows=n)
        return [x for x, _ in ds]

    a, b = rows("train", "best_fit", 20), rows("train", "best_fit", 20)
    assert len(a) == 20 and all(torch.equal(x, y) for x, y in zip(a, b, strict=True))
    for x, y in PackedTextDataset(path, tok, 32, split="train", max_rows=3):
        assert x.shape == y.shape == (32,) and torch.equal(x[1:], y[:-1]) and int(x[0]) == tok.bos_id
    val_text = tok.decode(torch.cat(rows("val", "stream", 100)).tolist())
    assert "document number 95" in val_text and "document number 5 " not in val_text


def test_sft_rows_collate_and_length_filter(tmp_path: Path, tok: ProofTokenizer) -> None:
    long_tactic = Transition("⊢ True", " ".join(["simp"] * 200), 1)
    ds = SFTDataset([Transition("p : Prop\n⊢ p ∧ p", "constructor", 2), long_tactic], tok, seq_len=256)
    assert ds.dropped == 1 and len(ds) == 2 and ds.transitions[0].tactic == "constructor"
    batch = collate_sft([ds[0], ds[1]], tok.pad_id)
    idx, targets = batch["idx"], batch["targets"]
    assert batch["is_value"].tolist() == [False, True]
    tac_ids, tac_mask = tok.tactic_row("p : Prop\n⊢ p ∧ p", "constructor")
    n = len(tac_ids) - 1
    assert idx[0, :n].tolist() == tac_ids[:-1]
    supervised = [t for t, m in zip(tac_ids[1:], tac_mask[1:], strict=True) if m]
    assert [t for t in targets[0].tolist() if t != -1] == supervised
    assert supervised[-1] == tok.eos_id
    val_targets = [t for t in targets[1].tolist() if t != -1]
    assert val_targets == [tok.bin_id(2), tok.eos_id]
    assert (idx[1, len(ds[1].ids) - 1:] == tok.pad_id).all()  # right padding
    assert (targets[1, len(ds[1].ids) - 1:] == -1).all()


def test_rl_rows_from_replay_and_sft_mix() -> None:
    replay = transitions_from_replay([{"state": "⊢ True", "tactic": "trivial", "value_target": -3.0}] * 9)
    assert replay[0].proof_depth == 3
    sft = [Transition(f"⊢ s{i}", "simp", 1) for i in range(50)]
    mixed = mix_rl_rows(replay, sft, fraction_sft=0.1, seed=0)
    assert len(mixed) == 10 and sum(t.tactic == "simp" for t in mixed) == 1


def test_sft_loss_weights_value_rows(tok: ProofTokenizer) -> None:
    torch.manual_seed(0)
    model = GPT(tiny_config(tok))
    ds = SFTDataset([Transition("p : Prop\n⊢ p ∧ p", "constructor", 2)], tok, seq_len=128)
    batch = collate_sft([ds[0], ds[1]], tok.pad_id)
    with torch.no_grad():
        per_token = model.loss(batch["idx"], batch["targets"], reduction="none")
    supervised = batch["targets"] != -1
    tactic_sum = per_token[0][supervised[0]].sum()
    value_sum = per_token[1][supervised[1]].sum()
    n = supervised.sum()

    def loss(w: float) -> float:
        module = SFTModule(model, SFTSettings(value_weight=w), bin_ids=tok.bin_ids)
        return float(module.sft_loss(per_token, batch["targets"], batch["is_value"], batch["weight"]))

    assert loss(0.0) == pytest.approx(float(tactic_sum / n), rel=1e-5)
    assert loss(1.0) == pytest.approx(float((tactic_sum + value_sum) / n), rel=1e-5)
    assert loss(0.25) == pytest.approx(float((tactic_sum + 0.25 * value_sum) / n), rel=1e-5)
    # negative rows (weight <= 0) carry no positive-CE loss
    batch["weight"][1] = 0.0
    module = SFTModule(model, SFTSettings(value_weight=1.0), bin_ids=tok.bin_ids)
    neg = float(module.sft_loss(per_token, batch["targets"], batch["is_value"], batch["weight"]))
    assert neg == pytest.approx(float(tactic_sum / supervised[0].sum()), rel=1e-5)


# ------------------------------------------------------------------------------- Lightning stages
def test_pretrain_stage_loss_decreases_on_repeated_corpus(tmp_path: Path, tok: ProofTokenizer) -> None:
    texts = synthetic_texts(12) * 10  # a tiny corpus, repeated: easy to fit
    corpus = write_corpus(tmp_path / "pretrain.parquet", texts)
    settings = StageSettings(max_steps=25, batch_size=8, seq_len=64, optimizer=AdamWSettings(lr=3e-3),
                             val_check_interval=10)
    train, val = build_datasets("pretrain", corpus, tok, settings.seq_len, val_frac=0.1)
    result = run_stage("pretrain", StageData(tok, train, val, limit_val_batches=4), settings, CPU,
                       StageRun(tmp_path / "out", model_config=tiny_config(tok, 64),
                                enable_progress_bar=False))
    m = result.metrics
    assert m["steps"] == 25 and m["tokens_seen"] == 25 * 8 * 64
    assert m["final_val_loss"] < m["initial_val_loss"] - 1.0
    train_curve = [v for _, v in result.history["train_loss"]]
    assert len(train_curve) == 25 and min(train_curve[-5:]) < train_curve[0] - 1.0
    assert result.checkpoint_path.is_file() and result.loss_curve_path is not None
    assert result.loss_curve_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sft_stage_learns_tactics_and_values(tmp_path: Path, tok: ProofTokenizer) -> None:
    data = write_transitions(tmp_path / "sft.parquet", synthetic_transitions(300))
    settings = SFTSettings(max_steps=40, batch_size=16, seq_len=128, optimizer=AdamWSettings(lr=3e-3),
                           value_weight=0.1, val_check_interval=20)
    train, val = build_datasets("sft", data, tok, settings.seq_len)
    assert len(val.transitions) == len(read_transitions(data, "valid")) == 60
    result = run_stage("sft", StageData(tok, train, val), settings, CPU,
                       StageRun(tmp_path / "sft", model_config=tiny_config(tok), enable_progress_bar=False))
    m = result.metrics
    # the same validation rows, scored by the initial model and by the trained one
    assert m["val_loss"] < 0.5 * m["initial_val_loss"]
    assert m["val_tactic_loss"] < m["initial_val_tactic_loss"]
    assert m["val_value_mae"] < m["initial_val_value_mae"]
    assert m["val_first_token_acc"] > m["initial_val_first_token_acc"]
    assert 0.0 <= m["greedy_tactic_acc"] <= 1.0 and m["greedy_eval_n"] == 60
    assert not math.isnan(m["final_train_loss"])
    assert [s for s, _ in result.history["val_loss"]] == [0, 20, 40, 40]  # initial, periodic, final


def test_packed_dataset_honours_split_column(tmp_path: Path, tok: ProofTokenizer) -> None:
    texts = [f"doc {i} " + "y" * (i % 9) for i in range(60)]
    split = ["valid" if i % 4 == 0 else "train" for i in range(60)]
    path = tmp_path / "c.parquet"
    pq.write_table(pa.table({"text": texts, "split": split}), path, row_group_size=16)
    val = tok.decode(torch.cat([x for x, _ in PackedTextDataset(path, tok, 16, split="val")]).tolist())
    train = tok.decode(torch.cat([x for x, _ in PackedTextDataset(path, tok, 16, max_rows=40)]).tolist())
    assert "doc 4 " in val and "doc 5 " not in val
    assert "doc 5 " in train and "doc 4 " not in train
