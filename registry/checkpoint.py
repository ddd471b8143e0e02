"""Model checkpoints: one file per model, loadable with ``torch.load(weights_only=True)``.

A checkpoint is a plain dict (tensors + str/int/float/bool/None/list/dict only), so loading never
unpickles arbitrary objects:

    {"format": "proofmill-gpt/1", "config": {...GPTConfig fields...}, "state_dict": {...},
     "tokenizer_fingerprint": "<sha256>", "meta": {...json-like...}, "sha256": "<hex>"}

``sha256`` covers the content (format, config, fingerprint, meta, every tensor's name, dtype, shape and
bytes); loading recomputes it, so a file with flipped bytes in its weights is refused with a one-line
error instead of loading a model that silently proves nothing. A file without it is refused too.

It carries no optimizer state: every stage starts a fresh optimizer, as in the reference (SFT/RL
checkpoints there are saved "no optimizer state" too). ``load_checkpoint`` also accepts MLflow
registry URIs (``models:/proofmill@sft``, ``models:/proofmill/3``), resolved by ``registry.registry``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import torch

from core.atomic import atomic_file

if TYPE_CHECKING:
    from models.gpt import GPT
    from models.tokenizer import ProofTokenizer

FORMAT = "proofmill-gpt/1"


class CheckpointError(RuntimeError):
    """A checkpoint cannot be used: missing, corrupted, wrong format or built for another tokenizer."""


def _plain(meta: dict[str, Any]) -> dict[str, Any]:
    """Meta reduced to JSON types so that the weights-only unpickler accepts it (Paths become str)."""
    return json.loads(json.dumps(meta, default=str))


def content_sha256(payload: dict[str, Any]) -> str:
    """sha256 over everything a checkpoint means (not its zip/pickle framing, which torch may vary)."""
    h = hashlib.sha256()
    head = {k: payload.get(k) for k in ("format", "config", "tokenizer_fingerprint", "meta")}
    h.update(json.dumps(head, sort_keys=True, default=str).encode())
    state = payload.get("state_dict")
    if not isinstance(state, dict):
        raise CheckpointError("checkpoint has no state_dict")
    for name in sorted(state):
        tensor = state[name]
        if not isinstance(tensor, torch.Tensor):
            raise CheckpointError(f"checkpoint state_dict[{name!r}] is not a tensor")
        t = tensor.detach().cpu().contiguous()
        h.update(f"{name}|{t.dtype}|{tuple(t.shape)}|".encode())
        h.update(t.reshape(-1).view(torch.uint8).numpy().tobytes() if t.numel() else b"")
    return h.hexdigest()


def save_checkpoint(
    path: str | os.PathLike[str], model: GPT, tokenizer_fingerprint: str, meta: dict[str, Any]
) -> None:
    """Write ``model`` atomically (``core.atomic``): torch.save streams into a temp file in the same
    directory, then os.replace (streaming to a file rather than bytes keeps one copy of the weights)."""
    payload = {
        "format": FORMAT,
        "config": dataclasses.asdict(model.config),
        # clone(): detach from any Lightning/FSDP wrapper views and from the live training tensors
        "state_dict": {k: v.detach().cpu().clone() for k, v in model.state_dict().items()},
        "tokenizer_fingerprint": str(tokenizer_fingerprint),
        "meta": _plain(meta),
    }
    payload["sha256"] = content_sha256(payload)
    with atomic_file(path) as fh:
        torch.save(payload, fh)


def read_checkpoint(path: str | os.PathLike[str], map_location: str | torch.device = "cpu") -> dict[str, Any]:
    """The raw checkpoint dict of a local file, with clear errors for missing/corrupt/foreign files."""
    p = Path(path)
    if not p.is_file():
        raise CheckpointError(f"checkpoint not found: {p}")
    try:
        payload = torch.load(p, map_location=map_location, weights_only=True)
    except Exception as exc:  # any failure to parse (the unpickler raises IndexError on some junk)
        size = p.stat().st_size
        raise CheckpointError(
            f"checkpoint {p} ({size} bytes) is corrupted or truncated, or not a weights-only torch file: "
            f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
        ) from exc
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        found = payload.get("format") if isinstance(payload, dict) else type(payload).__name__
        raise CheckpointError(f"{p} is not a proofmill checkpoint (format {found!r}, expected {FORMAT!r})")
    recorded = payload.get("sha256")
    if not isinstance(recorded, str):
        raise CheckpointError(f"checkpoint {p} records no sha256 (written before checksums): re-save it")
    actual = content_sha256(payload)
    if actual != recorded:
        raise CheckpointError(
            f"checkpoint {p} is corrupted: content sha256 {actual[:16]}… does not match the recorded "
            f"{recorded[:16]}…"
        )
    return payload


def load_checkpoint(
    path_or_uri: str | os.PathLike[str],
    tokenizer: ProofTokenizer | None = None,
    map_location: str | torch.device = "cpu",
    tracking_uri: str | None = None,
) -> tuple[GPT, dict[str, Any]]:
    """Load (model, meta). ``meta`` also gets ``config``, ``tokenizer_fingerprint`` and ``path``.

    ``models:/`` URIs are resolved in the MLflow store ``tracking_uri`` (default: $MLFLOW_TRACKING_URI,
    else the repo's dagster_home/mlflow.db).

    With ``tokenizer`` given, a checkpoint trained with a different tokenizer is refused: its token ids
    would mean different strings and the model would silently produce garbage.
    """
    from models.gpt import GPT, GPTConfig

    source = str(path_or_uri)
    if source.startswith("models:/"):
        from registry.uris import resolve_model_uri

        path: Path = resolve_model_uri(source, uri=tracking_uri)
    else:
        path = Path(source)
    payload = read_checkpoint(path, map_location=map_location)
    fingerprint = payload["tokenizer_fingerprint"]
    if tokenizer is not None and tokenizer.fingerprint() != fingerprint:
        raise CheckpointError(
            f"tokenizer mismatch for checkpoint {source}: it was trained with tokenizer fingerprint "
            f"{fingerprint}, but the given tokenizer has fingerprint {tokenizer.fingerprint()}"
        )
    config_fields = {f.name for f in dataclasses.fields(GPTConfig)}
    config = GPTConfig(**{k: v for k, v in payload["config"].items() if k in config_fields})
    model = GPT(config)
    try:
        model.load_state_dict(payload["state_dict"], strict=True)
    except RuntimeError as exc:
        raise CheckpointError(f"checkpoint {source} does not match the GPT architecture: {exc}") from exc
    model.to(map_location)
    model.eval()
    meta = dict(payload["meta"])
    meta.update(config=payload["config"], tokenizer_fingerprint=fingerprint, path=str(path))
    return model, meta

