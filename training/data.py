"""Training data for every stage, straight from parquet (pyarrow) into torch datasets.

Causal LM (pretrain, midtrain): documents from a parquet ``text`` column,
each tokenized with a BOS prefix, packed into rows of ``seq_len + 1`` tokens (inputs = row[:-1],
targets = row[1:]). Pretrain packs best-fit from a document buffer (every row starts at a document
boundary, little is cropped); midtrain concatenates documents into one plain stream. Validation rows are
those with ``split == "valid"`` when the file has a ``split`` column (the corpora assets), else the last
``val_frac`` of the documents, like the reference's "last shard".

SFT / RL (§3c/3d): each transition (state, tactic, proof_depth) becomes a tactic row and a value row
(``ProofTokenizer.tactic_row`` / ``value_row``); rows are right-padded in ``collate_sft`` with targets -1
where there is no loss, and each row carries ``is_value`` so the value loss can be down-weighted.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import torch
from torch.utils.data import Dataset, IterableDataset, get_worker_info

from core import data_files

TACTIC_MAX_LEN = 128  # tokens of tactic + EOS (reference GlobalConfig.tactic_max_len)
VALUE_BINS = 64


class TextEncoder(Protocol):
    bos_id: int

    def encode(self, text: str) -> list[int]: ...


# ------------------------------------------------------------------------------------------- splits
def _shard() -> tuple[int, int]:
    """(index, count) of this reader among DDP ranks x dataloader workers."""
    rank, world = 0, 1
    if torch.distributed.is_available() and torch.distributed.is_initialized():
        rank, world = torch.distributed.get_rank(), torch.distributed.get_world_size()
    info = get_worker_info()
    wid, nworkers = (info.id, info.num_workers) if info is not None else (0, 1)
    return rank * nworkers + wid, world * nworkers


def split_range(n_rows: int, split: str, val_frac: float) -> range:
    """Row range of ``split``: the last ``val_frac`` (at least one row when there are two or more)."""
    if split not in ("train", "val"):
        raise ValueError(f"split must be 'train' or 'val', not {split!r}")
    n_val = min(max(1, math.ceil(n_rows * val_frac)), n_rows - 1) if n_rows > 1 else 0
    cut = n_rows - n_val
    return range(0, cut) if split == "train" else range(cut, n_rows)


def parquet_texts(
    path: str | Path,
    rows: range | None = None,
    *,
    column: str = "text",
    split_value: str | None = None,
    shuffle_seed: int | None = None,
    shard: tuple[int, int] = (0, 1),
) -> Iterator[str]:
    """Stream ``column`` of the rows in ``rows`` one row group at a time (never the whole file).

    ``split_value`` keeps only rows whose ``split`` column equals it (the corpora assets' train/valid).

    With ``shuffle_seed``, row groups and rows inside each group are visited in a seeded random order.
    ``shard=(i, n)`` keeps the rows whose index is ≡ i (mod n), so DDP ranks/workers read disjoint data.
    """
    pf = data_files.parquet_file(path)
    rows = rows if rows is not None else range(pf.metadata.num_rows)
    starts, offset = [], 0
    for g in range(pf.num_row_groups):
        starts.append(offset)
        offset += pf.metadata.row_group(g).num_rows
    order = list(range(pf.num_row_groups))
    rng = random.Random(shuffle_seed)
    if shuffle_seed is not None:
        rng.shuffle(order)
    index, count = shard
    for g in order:
        g_start, g_len = starts[g], pf.metadata.row_group(g).num_rows
        lo, hi = max(rows.start, g_start), min(rows.stop, g_start + g_len)
        if lo >= hi:
            continue
        columns = [column] if split_value is None else [column, "split"]
        group = pf.read_row_group(g, columns=columns)
        texts = group.column(column).to_pylist()
        splits = group.column("split").to_pylist() if split_value is not None else None
        local = [i for i in range(lo, hi)
                 if i % count == index and (splits is None or splits[i - g_start] == split_value)]
        if shuffle_seed is not None:
            rng.shuffle(local)
        for i in local:
            text = texts[i - g_start]
            if text:
                yield text


# ------------------------------------------------------------------------------------------ packing
def best_fit_rows(docs: Iterable[list[int]], row_len: int, buffer_size: int = 1000) -> Iterator[list[int]]:
    """Pack documents into rows of exactly ``row_len`` tokens, best fit from a buffer (reference §3a).

    For each row: repeatedly take the largest buffered document that fits the remaining space; when none
    fits, crop the shortest one to fill the row (its tail is dropped). Every row starts at a document
    start (with its BOS), so no row begins mid-document.
    """
    it = iter(docs)
    buffer: list[list[int]] = []
    exhausted = False
    while True:
        while not exhausted and len(buffer) < buffer_size:
            doc = next(it, None)
            if doc is None:
                exhausted = True
            elif doc:
                buffer.append(doc)
        if not buffer:
            return
        row: list[int] = []
        while len(row) < row_len and buffer:
            space = row_len - len(row)
            best = -1
            for i, doc in enumerate(buffer):
                if len(doc) <= space and (best < 0 or len(doc) > len(buffer[best])):
                    best = i
            if best >= 0:
                row.extend(buffer.pop(best))
            else:
                shortest = min(range(len(buffer)), key=lambda i: len(buffer[i]))
                row.extend(buffer.pop(shortest)[:space])
        if len(row) < row_len:  # data ran out mid-row: drop the partial row, as a stream would
            return
        yield row


def stream_rows(docs: Iterable[list[int]], row_len: int) -> Iterator[list[int]]:
    """Concatenate documents into one token stream and cut it into rows of ``row_len`` (reference §3b)."""
    buf: list[int] = []
    for doc in docs:
        buf.extend(doc)
        while len(buf) >= row_len:
            yield buf[:row_len]
            del buf[:row_len]


BEST_FIT_BUFFER = 1000  # documents best-fit packing chooses from
TEXT_COLUMN = "text"  # the parquet column a text corpus keeps its documents in


class PackedTextDataset(IterableDataset):
    """Causal-LM rows ``(inputs, targets)`` of ``seq_len`` tokens each from a parquet text column.

    ``split="train"`` repeats the data epoch after epoch (reshuffled per epoch: seed + epoch) until the
    trainer's ``max_steps`` stops it; ``split="val"`` is one deterministic pass (stream packed,
    unshuffled), at most ``max_rows`` rows. Best-fit packing draws from a buffer of ``BEST_FIT_BUFFER``
    documents.
    """

    def __init__(
        self,
        path: str | Path,
        tokenizer: TextEncoder,
        seq_len: int,
        *,
        split: str = "train",
        packing: str = "best_fit",
        val_frac: float = 0.05,
        max_rows: int | None = None,
        seed: int = 0,
    ) -> None:
        if packing not in ("best_fit", "stream"):
            raise ValueError(f"packing must be 'best_fit' or 'stream', not {packing!r}")
        self.path, self.tokenizer, self.seq_len = Path(path), tokenizer, seq_len
        self.split, self.packing, self.buffer_size = split, packing, BEST_FIT_BUFFER
        self.seed, self.column, self.max_rows = seed, TEXT_COLUMN, max_rows
        self.epochs = None if split == "train" else 1
        pf = data_files.parquet_file(self.path)
        n_rows = pf.metadata.num_rows
        if "split" in pf.schema_arrow.names:  # corpora assets mark rows train/valid (by content hash)
            self.split_value: str | None = "train" if split == "train" else "valid"
            self.rows = range(n_rows)
            n_docs = data_files.read_table(self.path, columns=["split"]).column("split").to_pylist().count(
                self.split_value)
        else:  # plain text parquet: the last val_frac of the documents is validation
            self.split_value = None
            self.rows = split_range(n_rows, split, val_frac)
            n_docs = len(self.rows)
        if n_docs == 0:
            raise ValueError(f"{self.path}: no documents in split {split!r}")

    def _docs(self, epoch: int) -> Iterator[list[int]]:
        seed = self.seed + epoch if self.split == "train" else None
        texts = parquet_texts(self.path, self.rows, column=self.column, split_value=self.split_value,
                              shuffle_seed=seed, shard=_shard())
        encode_batch = getattr(self.tokenizer, "encode_batch", None)
        bos = self.tokenizer.bos_id
        while chunk := list(itertools.islice(texts, 256)):
            # encode_batch (HF tokenizers, Rust) tokenizes a chunk in parallel
            encoded = encode_batch(chunk) if encode_batch else [self.tokenizer.encode(t) for t in chunk]
            for ids in encoded:
                yield [bos, *ids]

    def __iter__(self) -> Iterator[tuple[torch.Tensor, torch.Tensor]]:
        row_len = self.seq_len + 1
        produced, epoch = 0, 0
        while self.epochs is None or epoch < self.epochs:
            docs = self._docs(epoch)
            if self.packing == "best_fit" and self.split == "train":
                rows = best_fit_rows(docs, row_len, self.buffer_size)
            else:
                rows = stream_rows(docs, row_len)
            empty = True
            for row in rows:
                empty = False
                t = torch.tensor(row, dtype=torch.long)
                yield t[:-1], t[1:]
                produced += 1
                if self.max_rows is not None and produced >= self.max_rows:
                    return
            if empty:  # too little text for even one row: fail loudly instead of spinning forever
                raise ValueError(f"{self.path} split {self.split!r} has fewer than {row_len} tokens")
            epoch += 1


# ----------------------------------------------------------------------------------------------- SFT
@dataclass(frozen=True)
class SFTRow:
    """One supervised row: token ids, which positions of ``ids`` are predicted (loss), row kind."""

    ids: list[int]
    loss_mask: list[int]  # 1 where ids[i] is a training target (predicted from ids[:i])
    is_value: bool
    weight: float = 1.0  # >0: positive row; RL may add rows with another weight


@dataclass(frozen=True)
class Transition:
    state: str
    tactic: str
    proof_depth: int


def read_transitions(
    path: str | Path, split: str | None = None, limit: int | None = None
) -> list[Transition]:
    """Transitions (state, tactic, proof_depth) of one ``split`` from a transitions parquet."""
    table = data_files.read_table(path, columns=["state", "tactic", "proof_depth", "split"])
    if split is not None:
        import pyarrow.compute as pc

        table = table.filter(pc.equal(table.column("split"), split))
    out = [
        Transition(str(s), str(t), int(d))
        for s, t, d in zip(
            table.column("state").to_pylist(),
            table.column("tactic").to_pylist(),
            table.column("proof_depth").to_pylist(),
            strict=True,
        )
        if s is not None and t is not None and d is not None
    ]
    return out[:limit] if limit is not None else out


def transitions_from_replay(rows: Iterable[dict[str, Any]]) -> list[Transition]:
    """RL replay rows (``state``, ``tactic``, ``value_target``) -> transitions; the search's value target
    is a negated proof depth (values live in [-64, -1]), so proof_depth = -value_target (rounded, ≥ 1)."""
    out = []
    for r in rows:
        depth = max(1, round(-float(r["value_target"])))
        out.append(Transition(str(r["state"]), str(r["tactic"]), depth))
    return out


def encode_transition(
    tokenizer: Any, t: Transition, seq_len: int, tactic_max_len: int = TACTIC_MAX_LEN
) -> tuple[SFTRow, SFTRow] | None:
    """(tactic row, value row) of a transition, or None when it is too long to train on."""
    tac_ids, tac_mask = tokenizer.tactic_row(t.state, t.tactic)
    if sum(tac_mask) > tactic_max_len or len(tac_ids) > seq_len + 1:
        return None
    val_ids, val_mask = tokenizer.value_row(t.state, t.proof_depth)
    if len(val_ids) > seq_len + 1:
        return None
    return SFTRow(list(tac_ids), list(tac_mask), False), SFTRow(list(val_ids), list(val_mask), True)


class SFTDataset(Dataset):
    """Tactic + value rows of a list of transitions (in memory: SFT sets are ~10^5 transitions).

    ``transitions`` keeps only the kept (not too long) transitions, in order, so evaluations (greedy
    tactic accuracy) run on exactly what was trained/validated on.
    """

    def __init__(
        self,
        transitions: Sequence[Transition],
        tokenizer: Any,
        seq_len: int,
        *,
        tactic_max_len: int = TACTIC_MAX_LEN,
        value_rows: bool = True,
        extra_rows: Sequence[SFTRow] = (),
    ) -> None:
        self.seq_len = seq_len
        self.pad_id = int(tokenizer.pad_id)
        self.rows: list[SFTRow] = []
        self.transitions: list[Transition] = []
        self.dropped = 0
        for t in transitions:
            pair = encode_transition(tokenizer, t, seq_len, tactic_max_len)
            if pair is None:
                self.dropped += 1
                continue
            self.transitions.append(t)
            self.rows.append(pair[0])
            if value_rows:
                self.rows.append(pair[1])
        self.rows.extend(extra_rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i: int) -> SFTRow:
        return self.rows[i]

    def collate(self, rows: Sequence[SFTRow]) -> dict[str, torch.Tensor]:
        return collate_sft(rows, self.pad_id)


def collate_sft(rows: Sequence[SFTRow], pad_id: int) -> dict[str, torch.Tensor]:
    """Right-pad to the longest row: ``idx`` = ids[:-1], ``targets`` = ids[1:] where the loss mask is set
    and -1 elsewhere (prompt, padding), ``is_value`` [B] bool, ``weight`` [B] float."""
    width = max(len(r.ids) for r in rows) - 1
    idx = torch.full((len(rows), width), pad_id, dtype=torch.long)
    targets = torch.full((len(rows), width), -1, dtype=torch.long)
    for b, r in enumerate(rows):
        ids = torch.tensor(r.ids, dtype=torch.long)
        mask = torch.tensor(r.loss_mask[1:], dtype=torch.bool)
        n = len(r.ids) - 1
        idx[b, :n] = ids[:-1]
        targets[b, :n] = torch.where(mask, ids[1:], -1)
    return {
        "idx": idx,
        "targets": targets,
        "is_value": torch.tensor([r.is_value for r in rows], dtype=torch.bool),
        "weight": torch.tensor([r.weight for r in rows], dtype=torch.float32),
    }


def mix_rl_rows(
    replay: Sequence[Transition],
    sft: Sequence[Transition],
    fraction_sft: float,
    seed: int = 0,
) -> list[Transition]:
    """RL training set: all replay transitions plus SFT transitions making up ``fraction_sft`` of the mix
    (reference fraction_sft 0.1: keeps the policy from drifting off the human-proof distribution)."""
    if not 0.0 <= fraction_sft < 1.0:
        raise ValueError("fraction_sft must be in [0, 1)")
    n_sft = round(len(replay) * fraction_sft / (1.0 - fraction_sft)) if replay else 0
    rng = random.Random(seed)
    picked = rng.sample(list(sft), min(n_sft, len(sft))) if n_sft else []
    mixed = list(replay) + picked
    rng.shuffle(mixed)
    return mixed


def negative_rows(
    rejected: Sequence[tuple[str, str]], tokenizer: Any, seq_len: int, limit: int, seed: int = 0,
    tactic_max_len: int = TACTIC_MAX_LEN,
) -> list[SFTRow]:
    """Tactic rows (weight −1: unlikelihood) of up to ``limit`` distinct (state, tactic) pairs Lean
    rejected, sampled with ``seed``; too-long rows are skipped."""
    pairs = sorted(set(rejected))
    random.Random(seed).shuffle(pairs)
    out: list[SFTRow] = []
    for state, tactic in pairs:
        if len(out) >= limit:
            break
        ids, mask = tokenizer.tactic_row(state, tactic)
        if sum(mask) > tactic_max_len or len(ids) > seq_len + 1:
            continue
        out.append(SFTRow(list(ids), list(mask), False, -1.0))
    return out
