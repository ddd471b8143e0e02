"""The `tokenizer` asset: a byte-level BPE trained on the pretrain + midtrain corpora."""


from collections.abc import Iterator
from pathlib import Path

import dagster as dg
import pyarrow.compute as pc
import pyarrow.parquet as pq

from assets.resources import ProofmillResource
from models.tokenizer import ProofTokenizer

GROUP = "tokenizer"
MAX_TRAIN_BYTES = 2_000_000_000  # BPE training reads at most this much text (the full corpus is ~45 GB)
HELD_OUT_DOCS = 200  # Lean documents for the compression ratio and the round-trip check
ROUNDTRIP_STATES = 500


def _texts(path: Path, split: str, limit_bytes: int | None = None) -> Iterator[str]:
    """`text` of the rows of one split, row group by row group (never the whole file in memory)."""
    if not path.exists():
        return
    pf = pq.ParquetFile(path)
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
    for text in _texts(proofmill.corpus_path("midtrain_corpus"), "valid"):
        if len(out) >= n:
            break
        out.append(text)
    return out


def sample_states(proofmill: ProofmillResource, n: int = ROUNDTRIP_STATES) -> list[str]:
    """Proof-state strings from `sft_transitions` (when it has been materialized)."""
    path = proofmill.corpus_path("sft_transitions")
    if not path.exists():
        return []
    return pq.read_table(path, columns=["state"]).slice(0, n)["state"].to_pylist()


def compression_ratio(tok: ProofTokenizer, texts: list[str]) -> float:
    """UTF-8 bytes per token over ``texts`` (higher = more compression)."""
    n_bytes = sum(len(t.encode("utf-8")) for t in texts)
    n_tokens = sum(len(ids) for ids in tok.encode_batch(texts))
    return n_bytes / max(1, n_tokens)


@dg.asset(group_name=GROUP, deps=["pretrain_corpus", "midtrain_corpus"], kinds={"tokenizers"})
def tokenizer(context: dg.AssetExecutionContext, proofmill: ProofmillResource) -> dg.MaterializeResult:
    """Byte-level BPE (specials + math symbols) trained on the train splits of pretrain + midtrain text;
    compression is measured on held-out Lean code (midtrain valid)."""
    vocab_size = proofmill.settings.tokenizer.vocab_size
    n_texts = 0

    def training_texts() -> Iterator[str]:
        nonlocal n_texts
        budget = MAX_TRAIN_BYTES // 2  # half math text, half Lean code at most
        for name in ("pretrain_corpus", "midtrain_corpus"):
            for text in _texts(proofmill.corpus_path(name), "train", limit_bytes=budget):
                n_texts += 1
                yield text

    tok = ProofTokenizer.train(training_texts(), vocab_size=vocab_size)
    if n_texts == 0:
        raise ValueError("no training text: materialize pretrain_corpus and midtrain_corpus first")
    path = proofmill.tokenizer_path()
    tok.save(path)
    held_out = held_out_lean(proofmill)
    ratio = compression_ratio(tok, held_out) if held_out else None
    context.log.info(f"tokenizer: vocab {tok.vocab_size}, {n_texts} texts, bytes/token on Lean {ratio}")
    metadata = {
        "vocab_size": dg.MetadataValue.int(tok.vocab_size),
        "requested_vocab_size": dg.MetadataValue.int(vocab_size),
        "training_texts": dg.MetadataValue.int(n_texts),
        "held_out_lean_docs": dg.MetadataValue.int(len(held_out)),
        "fingerprint": dg.MetadataValue.text(tok.fingerprint()),
        "path": dg.MetadataValue.path(str(path)),
    }
    if ratio is not None:
        metadata["compression_ratio"] = dg.MetadataValue.float(round(ratio, 4))
    return dg.MaterializeResult(metadata=metadata)


@dg.asset_check(asset=tokenizer, name="roundtrip", blocking=True)
def tokenizer_roundtrip(proofmill: ProofmillResource) -> dg.AssetCheckResult:
    """decode(encode(x)) == x on proof states and Lean code."""
    tok = ProofTokenizer.load(proofmill.tokenizer_path())
    samples = sample_states(proofmill) + held_out_lean(proofmill)
    samples += list(_texts(proofmill.corpus_path("midtrain_corpus"), "train", limit_bytes=200_000))
    failures = [s for s in samples if tok.decode(tok.encode(s)) != s]
    return dg.AssetCheckResult(
        passed=bool(samples) and not failures,
        metadata={
            "samples": len(samples),
            "failures": len(failures),
            "first_failure": (failures[0][:200] if failures else ""),
        },
    )


@dg.asset_check(asset=tokenizer, name="compresses_lean")
def tokenizer_compresses_lean(context: dg.AssetCheckExecutionContext) -> dg.AssetCheckResult:
    """The materialization recorded a compression ratio on held-out Lean, and it is above 1 byte/token."""
    event = context.instance.get_latest_materialization_event(dg.AssetKey("tokenizer"))
    materialization = event.asset_materialization if event else None
    entry = materialization.metadata.get("compression_ratio") if materialization else None
    ratio = float(entry.value) if entry is not None else None
    return dg.AssetCheckResult(
        passed=ratio is not None and ratio > 1.0, metadata={"compression_ratio": ratio or 0.0}
    )


TOKENIZER_ASSETS = [tokenizer]
TOKENIZER_CHECKS = [tokenizer_roundtrip, tokenizer_compresses_lean]
