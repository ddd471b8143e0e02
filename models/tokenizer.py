"""Byte-level BPE tokenizer for Lean proof states and tactics, plus the prompt/row formats.

Formats (the reference prover's row layout):
  tactic prompt  [BOS] tok(state + "\\n") [<|tactic|>]
  tactic row     tactic prompt + tok(tactic) [EOS]                 loss on tactic + EOS
  value prompt   [BOS] tok(state + "\\n") [<|value|>]
  value row      value prompt + [<|bin_d|>] [EOS], d = clamp(depth, 1, 64)   loss on bin + EOS
Prompts longer than ``max_prompt_len`` keep BOS and the TAIL of tok(state + "\\n") (the end of a state
holds the goal ``⊢ ...``), then the marker token.

BOS = EOS = ``<|endoftext|>``. Lean/math Unicode symbols (MATH_SYMBOLS) are ordinary added tokens: each
is one id, they decode to themselves, and decode(encode(x)) == x for any text. (Text that contains a
special token's literal string, e.g. "<|pad|>", encodes it as that special id; Lean text never does.)
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers, trainers

from core.atomic import atomic_write_text

NUM_VALUE_BINS = 64
BOS_TOKEN = "<|endoftext|>"
PAD_TOKEN = "<|pad|>"
TACTIC_TOKEN = "<|tactic|>"
VALUE_TOKEN = "<|value|>"
BIN_TOKENS: list[str] = [f"<|bin_{i:02d}|>" for i in range(1, NUM_VALUE_BINS + 1)]
SPECIAL_TOKENS: list[str] = [BOS_TOKEN, PAD_TOKEN, TACTIC_TOKEN, VALUE_TOKEN, *BIN_TOKENS]

# Symbols frequent in Mathlib-style Lean; each becomes a single (non-special) token. Multi-character
# entries (e.g. "⁻¹") win over their parts because added tokens match longest-first.
# Latin-1 symbols (¬ · × ¹ ² ³) are deliberately absent: they are characters of the ByteLevel alphabet,
# so an added token with that content would collide with a byte token and break decoding (the reference
# omits "¬"/"¹" for the same reason); the trained BPE learns merges for them when they are frequent.
MATH_SYMBOLS: list[str] = [
    # logic, relations, arrows
    "⊢", "∀", "∃", "∄", "∧", "∨", "→", "←", "↔", "↦", "⇒", "⇔", "⟶", "⥤", "≫", "↑", "⇑", "↥",
    "≤", "≥", "≠", "≈", "≡", "≃", "≅", "∣", "∤", "≪", "⁻¹",
    # sets and lattices
    "∈", "∉", "⊆", "⊂", "⊇", "⊃", "⊊", "∪", "∩", "⋃", "⋂", "∅", "ᶜ", "∖", "⊓", "⊔", "⊤", "⊥", "⨆", "⨅",
    # big operators, analysis, algebra
    "∑", "∏", "∫", "∂", "∇", "√", "∞", "∘", "•", "⬝", "⊗", "⊕", "∠", "ᵀ", "ᵒᵖ",
    # brackets and norms
    "⟨", "⟩", "⟦", "⟧", "‖", "⌊", "⌋", "⌈", "⌉", "⦃", "⦄", "⁅", "⁆",
    # number systems and script letters
    "ℕ", "ℤ", "ℚ", "ℝ", "ℂ", "ℍ", "𝕜", "𝓝", "𝟙", "𝔼", "ℙ",
    # Greek
    "α", "β", "γ", "δ", "ε", "ζ", "η", "θ", "ι", "κ", "λ", "μ", "ν", "ξ", "π", "ρ", "σ", "τ", "φ", "χ",
    "ψ", "ω", "Γ", "Δ", "Θ", "Λ", "Π", "Σ", "Φ", "Ψ", "Ω",
    # sub- and superscripts
    "₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉", "ᵢ", "ⱼ", "ₖ", "ₙ", "ₘ",
    "⁰", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹", "⁻", "⁺",
]
assert len(set(MATH_SYMBOLS)) == len(MATH_SYMBOLS)
assert not any(set(s) <= set(pre_tokenizers.ByteLevel.alphabet()) for s in MATH_SYMBOLS)



class ProofTokenizer:
    """Wraps a HF ``tokenizers.Tokenizer`` with the special-token ids and the prompt formats."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        self._tok = tokenizer
        ids = {t: tokenizer.token_to_id(t) for t in SPECIAL_TOKENS}
        missing = [t for t, i in ids.items() if i is None]
        if missing:
            raise ValueError(f"tokenizer lacks special tokens {missing[:4]}...")
        self.bos_id: int = ids[BOS_TOKEN]
        self.eos_id: int = ids[BOS_TOKEN]
        self.pad_id: int = ids[PAD_TOKEN]
        self.tactic_id: int = ids[TACTIC_TOKEN]
        self.value_id: int = ids[VALUE_TOKEN]
        self.bin_ids: list[int] = [ids[t] for t in BIN_TOKENS]
        self.vocab_size: int = tokenizer.get_vocab_size(with_added_tokens=True)

    # ------------------------------------------------------------------ construction / io
    @classmethod
    def train(cls, texts: Iterable[str], vocab_size: int) -> ProofTokenizer:
        """Train a byte-level BPE of exactly ``vocab_size`` ids (fewer if the corpus runs out of merges):
        specials first (ids 0..67), then the 256-byte alphabet, merges, and MATH_SYMBOLS last."""
        min_size = len(SPECIAL_TOKENS) + 256 + len(MATH_SYMBOLS)
        if vocab_size < min_size:
            raise ValueError(f"vocab_size {vocab_size} < minimum {min_size}")
        tok = Tokenizer(models.BPE())
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
        tok.decoder = decoders.ByteLevel()
        trainer = trainers.BpeTrainer(
            vocab_size=vocab_size - len(MATH_SYMBOLS),
            min_frequency=2,
            special_tokens=SPECIAL_TOKENS,
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
            show_progress=False,
        )
        tok.train_from_iterator(texts, trainer=trainer)
        n_added = tok.add_tokens([AddedToken(s, normalized=False, single_word=False, lstrip=False,
                                             rstrip=False) for s in MATH_SYMBOLS])
        if n_added != len(MATH_SYMBOLS):  # would mean a symbol collided with an existing token
            raise RuntimeError(f"only {n_added}/{len(MATH_SYMBOLS)} math symbols added")
        return cls(tok)

    @classmethod
    def load(cls, path: str | os.PathLike) -> ProofTokenizer:
        """The tokenizer saved at ``path``; a file that is not one is a ValueError naming it."""
        try:
            return cls(Tokenizer.from_file(str(path)))
        except Exception as exc:  # the tokenizers library raises a bare Exception for a bad file
            if isinstance(exc, FileNotFoundError) or not Path(path).is_file():
                raise FileNotFoundError(f"tokenizer not found: {path}") from exc
            reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise ValueError(f"{path} is not a tokenizer file ({reason}); re-materialize the tokenizer "
                             "asset or pass the tokenizer.json it wrote") from exc

    @classmethod
    def from_str(cls, text: str) -> ProofTokenizer:
        return cls(Tokenizer.from_str(text))

    def to_str(self) -> str:
        return self._tok.to_str()

    def save(self, path: str | os.PathLike) -> None:
        atomic_write_text(path, self.to_str())

    def fingerprint(self) -> str:
        """sha256 of the canonical (key-sorted, compact) tokenizer JSON."""
        canonical = json.dumps(json.loads(self.to_str()), sort_keys=True, separators=(",", ":"),
                               ensure_ascii=False)
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    # ------------------------------------------------------------------ encode / decode
    def encode(self, text: str) -> list[int]:
        return self._tok.encode(text, add_special_tokens=False).ids

    def encode_batch(self, texts: Sequence[str]) -> list[list[int]]:
        return [e.ids for e in self._tok.encode_batch(list(texts), add_special_tokens=False)]

    def decode(self, ids: Sequence[int], skip_special_tokens: bool = False) -> str:
        return self._tok.decode(list(ids), skip_special_tokens=skip_special_tokens)

    def id_to_token(self, i: int) -> str | None:
        return self._tok.id_to_token(i)

    # ------------------------------------------------------------------ prompt formats
    def _prompt(self, state_ids: list[int], marker: int, max_prompt_len: int | None) -> list[int]:
        if max_prompt_len is not None:
            if max_prompt_len < 3:
                raise ValueError("max_prompt_len must be >= 3")
            keep = max_prompt_len - 2
            if len(state_ids) > keep:
                state_ids = state_ids[-keep:]  # the tail (goal + the "\n") survives
        return [self.bos_id, *state_ids, marker]

    def tactic_prompt(self, state: str, max_prompt_len: int | None = None) -> list[int]:
        return self._prompt(self.encode(state + "\n"), self.tactic_id, max_prompt_len)

    def value_prompt(self, state: str, max_prompt_len: int | None = None) -> list[int]:
        return self._prompt(self.encode(state + "\n"), self.value_id, max_prompt_len)

    def tactic_prompts(self, states: Sequence[str], max_prompt_len: int | None = None) -> list[list[int]]:
        return [self._prompt(ids, self.tactic_id, max_prompt_len)
                for ids in self.encode_batch([s + "\n" for s in states])]

    def value_prompts(self, states: Sequence[str], max_prompt_len: int | None = None) -> list[list[int]]:
        return [self._prompt(ids, self.value_id, max_prompt_len)
                for ids in self.encode_batch([s + "\n" for s in states])]

    def bin_id(self, proof_depth: int) -> int:
        return self.bin_ids[min(max(int(proof_depth), 1), NUM_VALUE_BINS) - 1]

    def tactic_row(self, state: str, tactic: str,
                   max_prompt_len: int | None = None) -> tuple[list[int], list[int]]:
        """(ids, loss_mask): loss_mask[i] = 1 where ids[i] is a supervised tactic token or the EOS."""
        prompt = self.tactic_prompt(state, max_prompt_len)
        target = [*self.encode(tactic), self.eos_id]
        return prompt + target, [0] * len(prompt) + [1] * len(target)

    def value_row(self, state: str, proof_depth: int,
                  max_prompt_len: int | None = None) -> tuple[list[int], list[int]]:
        """(ids, loss_mask) with the bin of clamp(proof_depth, 1, 64) and EOS supervised."""
        prompt = self.value_prompt(state, max_prompt_len)
        return [*prompt, self.bin_id(proof_depth), self.eos_id], [0] * len(prompt) + [1, 1]
