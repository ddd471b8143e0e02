"""The `tokenizer` asset: a byte-level BPE trained on the pretrain + midtrain corpora."""


from collections.abc import Iterator
from pathlib import Path

import dagster as dg
import pyarrow.compute as pc

from assets import keys
from assets.resources import ProofmillResource
from core import data_files
from models.tokenizer import ProofTokenizer

GROUP = keys.TOKENIZER_GROUP
TRAINING_CORPORA = (keys.PRETRAIN_CORPUS, keys.MIDTRAIN_CORPUS)
COMPRESSES_LEAN = "compresses_lean"
MAX_TRAIN_BYTES = 2_000_000_000  # BPE training reads at most this much text (the full corpus is ~45 GB)
HELD_OUT_DOCS = 200  # Lean documents for the compression ratio and the round-trip check
ROUNDTRIP_STATES = 500


def _texts(path: Path, split: str, limit_bytes: int | None = None) -> Iterator[str]:
    """`text` of the rows of one split, row group by row group (never the whole file in memory)."""
    if not path.exists():
        return
    pf = data_files.parquet_file(path)
    used = 0
    for i in range(pf.num_row_groups):
        group = pf.read_row_group(i, columns=["text", "split"])
        for text in group.filter(pc.equal(group["split"], split))["text"].to_pylist():
            if limit_bytes is not None and used >= limit_bytes:
                return
            used += len(text.encode("utf-8"))
            yield text


def held_out_lean(proofmill: ProofmillResource, n: int = HELD_OUT_DOCS) -> list[str]:
    """Lean code the tokenizer was not trained on: the midtrain corpus's valid split."""
    out: list[str] = []
    for text in _texts(proofmill.corpus_path(keys.MIDTRAIN_CORPUS), "valid"):
        if len(out) >= n:
            break
        out.append(text)
    return out


def sample_states(proofmill: ProofmillResource, n: int = ROUNDTRIP_STATES) -> list[str]:
    """Proof-state strings from `sft_transitions` (when it has been materialized)."""
    path = proofmill.corpus_path(keys.SFT_TRANSITIONS)
    if not path.exists():
        return []
    return data_files.read_table(path, columns=["state"]).slice(0, n)["state"].to_pylist()


def compression_ratio(tok: ProofTokenizer, texts: list[str]) -> float:
    """UTF-8 bytes per token over ``texts`` (higher = more compression)."""
    n_bytes = sum(len(t.encode("utf-8")) for t in texts)
    n_tokens = sum(len(ids) for ids in tok.encode_batch(texts))
    return n_bytes / max(1, n_tokens)


class _TrainingTexts:
    """The train splits of the pretrain and midtrain corpora (half the byte budget each), counted."""

    def __init__(self, proofmill: ProofmillResource) -> None:
        self.paths = [proofmill.require(proofmill.corpus_path(c), c) for c in TRAINING_CORPORA]
        self.count = 0

    def __iter__(self) -> Iterator[str]:
        for path in self.paths:
            for text in _texts(path, "train", limit_bytes=MAX_TRAIN_BYTES // len(self.paths)):
                self.count += 1
                yield text


def _compresses_lean(ratio: float | None) -> dg.AssetCheckResult:
    return dg.AssetCheckResult(
        check_name=COMPRESSES_LEAN,
        passed=ratio is not None and ratio > 1.0,
        metadata={"compression_ratio": ratio or 0.0},
    )


@dg.asset(
    group_name=GROUP,
    deps=[keys.key(c) for c in TRAINING_CORPORA],
    kinds={"tokenizers"},
    check_specs=[
        dg.AssetCheckSpec(
            COMPRESSES_LEAN,
            asset=keys.TOKENIZER,
            description="Compression on held-out Lean was measured and is above 1 byte/token.",
        )
    ],
)
def tokenizer(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    """Byte-level BPE (specials + math symbols) trained on the train splits of pretrain + midtrain text;
    compression is measured on held-out Lean code (midtrain valid)."""
    vocab_size = proofmill.settings.tokenizer.vocab_size
    texts = _TrainingTexts(proofmill)
    tok = ProofTokenizer.train(iter(texts), vocab_size=vocab_size)
    if texts.count == 0:
        raise ValueError(f"no training text in the train splits of {', '.join(TRAINING_CORPORA)}")
    path = proofmill.tokenizer_path()
    tok.save(path)
    held_out = held_out_lean(proofmill)
    ratio = compression_ratio(tok, held_out) if held_out else None
    context.log.info(f"tokenizer: vocab {tok.vocab_size}, {texts.count} texts, bytes/token on Lean {ratio}")
    metadata = {
        "vocab_size": dg.MetadataValue.int(tok.vocab_size),
        "requested_vocab_size": dg.MetadataValue.int(vocab_size),
        "training_texts": dg.MetadataValue.int(texts.count),
        "held_out_lean_docs": dg.MetadataValue.int(len(held_out)),
        "fingerprint": dg.MetadataValue.text(tok.fingerprint()),
        "path": dg.MetadataValue.path(str(path)),
    }
    if ratio is not None:
        metadata["compression_ratio"] = dg.MetadataValue.float(round(ratio, 4))
    return dg.MaterializeResult(metadata=metadata, check_results=[_compresses_lean(ratio)])


@dg.asset_check(asset=tokenizer, name="roundtrip", blocking=True)
def tokenizer_roundtrip(proofmill: ProofmillResource) -> dg.AssetCheckResult:
    """decode(encode(x)) == x on proof states and Lean code."""
    tok = ProofTokenizer.load(proofmill.tokenizer_path())
    samples = sample_states(proofmill) + held_out_lean(proofmill)
    samples += list(_texts(proofmill.corpus_path(keys.MIDTRAIN_CORPUS), "train", limit_bytes=200_000))
    failures = [s for s in samples if tok.decode(tok.encode(s)) != s]
    return dg.AssetCheckResult(
        passed=bool(samples) and not failures,
        metadata={
            "samples": len(samples),
            "failures": len(failures),
            "first_failure": (failures[0][:200] if failures else ""),
        },
    )


TOKENIZER_ASSETS = [tokenizer]
TOKENIZER_CHECKS = [tokenizer_roundtrip]  # compresses_lean is reported by the asset itself (check_specs)
