"""The model the CPU benchmarks share: the smoke profile's tiny GPT over a tokenizer trained on minilean
proof states. Weights are random but non-degenerate (like tests/models/test_sampler.py) so rows rarely stop at
EOS early and every row decodes about ``max_new_tokens`` tokens: throughput is what is measured, not
quality, and both sides of each comparison run the very same weights."""

from __future__ import annotations

from functools import cache

import torch

from benchmarks.common import tactic_corpus
from models.gpt import GPT, GPTConfig
from models.tokenizer import ProofTokenizer

VOCAB_SIZE = 1024
SEQUENCE_LEN = 256  # the smoke profile's seq_len


@cache
def tokenizer(vocab_size: int = VOCAB_SIZE) -> ProofTokenizer:
    return ProofTokenizer.train(tactic_corpus() * 4, vocab_size=vocab_size)


def model(preset: str = "tiny", *, vocab_size: int | None = None, sequence_len: int = SEQUENCE_LEN,
          seed: int = 0, std: float = 0.15) -> GPT:
    """A fresh ``preset`` GPT with N(0, std) weights, in eval mode (``vocab_size`` defaults to the
    benchmark tokenizer's)."""
    vocab = vocab_size if vocab_size is not None else tokenizer().vocab_size
    torch.manual_seed(seed)
    m = GPT(GPTConfig.preset(preset, vocab, sequence_len=sequence_len))
    with torch.no_grad():
        for p in m.parameters():
            p.normal_(0.0, std)
    return m.eval()
