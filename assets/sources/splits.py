"""Deterministic train/valid splits."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def hash_split(text: str, valid_fraction: float) -> str:
    """``"valid"`` for a stable ``valid_fraction`` of texts (by content hash), else ``"train"``.

    Works while streaming (no total needed) and a document keeps its split when the budget changes.
    """
    bucket = int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big") / 2**64
    return "valid" if bucket < valid_fraction else "train"


def shuffle_train_valid_split(items: Sequence[T], valid_size: int, seed: int = 0) -> dict[str, list[T]]:
    """nanoproof's RL split: shuffle with ``random.Random(seed)``; the last ``valid_size`` are valid.

    ``valid_size`` is capped at a tenth of the items so a small dataset keeps most of it for
    training (the full datasets have far more than 10 × 500 items, where this is nanoproof's rule).
    """
    shuffled = list(items)
    random.Random(seed).shuffle(shuffled)
    n_valid = min(valid_size, len(shuffled) // 10)
    cut = len(shuffled) - n_valid
    return {"train": shuffled[:cut], "valid": shuffled[cut:]}


def tail_split(index: int, total: int, valid_fraction: float) -> str:
    """``"valid"`` for the last ``int(total * valid_fraction)`` of ``total`` positions (nanoproof's rule)."""
    n_valid = int(total * valid_fraction)
    return "valid" if index >= total - n_valid else "train"
