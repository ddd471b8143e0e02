"""ProofTokenizer: training, round trips, special tokens, prompt/row formats, persistence."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.tokenizer import BIN_TOKENS, MATH_SYMBOLS, SPECIAL_TOKENS, ProofTokenizer


def lean_corpus(n: int = 300, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    names, types = ["a", "b", "n", "x", "hx", "f", "s"], ["ℕ", "ℤ", "ℝ", "Prop", "Finset ℕ"]
    goals = ["a + b = b + a", "∀ x ∈ s, f x ≤ f (x + 1)", "∃ y, y⁻¹ * x = 1", "‖f x‖ ≤ C * ‖x‖",
             "¬(p ∧ q) ↔ ¬p ∨ ¬q", "∑ i ∈ Finset.range n, i = n * (n - 1) / 2", "x² ≥ 0 · 1"]
    tactics = ["omega", "simp [Nat.add_comm]", "intro x hx", "exact ⟨y, rfl⟩", "rcases h with ⟨a, b⟩",
               "induction n with\n  | zero => rfl\n  | succ k ih => simp [ih]", "nlinarith [sq_nonneg x]"]
    out = []
    for _ in range(n):
        hyps = "\n".join(f"{rng.choice(names)} : {rng.choice(types)}" for _ in range(rng.randint(0, 3)))
        out.append(f"{hyps}\n⊢ {rng.choice(goals)}")
        out.append(rng.choice(tactics))
    return out


@pytest.fixture(scope="module")
def tok() -> ProofTokenizer:
    return ProofTokenizer.train(lean_corpus(), vocab_size=1024)


def test_special_ids(tok: ProofTokenizer) -> None:
    ids = [tok.bos_id, tok.pad_id, tok.tactic_id, tok.value_id, *tok.bin_ids]
    assert tok.bos_id == tok.eos_id
    assert len(set(ids)) == len(SPECIAL_TOKENS) == 4 + 64
    assert len(tok.bin_ids) == 64
    assert BIN_TOKENS[0] + BIN_TOKENS[63] == "<|bin_01|><|bin_64|>"
    assert tok.decode([tok.bin_ids[0], tok.bin_ids[63]]) == "<|bin_01|><|bin_64|>"
    assert tok.decode([tok.tactic_id, tok.value_id, tok.pad_id], skip_special_tokens=True) == ""
    assert max(ids) < tok.vocab_size


def test_vocab_size_and_symbols(tok: ProofTokenizer) -> None:
    assert 400 < tok.vocab_size <= 1024
    assert len(MATH_SYMBOLS) >= 100
    seen = set()
    for sym in MATH_SYMBOLS:
        ids = tok.encode(sym)
        assert len(ids) == 1, (sym, ids)
        assert tok.decode(ids) == sym
        seen.add(ids[0])
    assert len(seen) == len(MATH_SYMBOLS)
    # inside text the symbols stay single tokens, and the longest match wins
    assert [tok.decode([i]) for i in tok.encode("x⁻¹⊢")] == ["x", "⁻¹", "⊢"]


def test_vocab_size_is_exact_with_enough_data() -> None:
    rng = random.Random(1)
    words = ["".join(rng.choice("abcdefghijklmnop") for _ in range(rng.randint(2, 8))) for _ in range(3000)]
    corpus = [" ".join(rng.choice(words) for _ in range(50)) for _ in range(200)]
    assert ProofTokenizer.train(corpus, vocab_size=800).vocab_size == 800


def test_vocab_too_small() -> None:
    with pytest.raises(ValueError, match="minimum"):
        ProofTokenizer.train(["abc"], vocab_size=300)


TRICKY = [
    "", " ", "\n", "\n\n\n", "\t  \n ", "theorem foo (a b : ℕ) (h : a ≤ b) : a < b + 1 := by\n  omega",
    "case succ\nn : ℕ\nih : n ≥ 0\n⊢ n + 1 ≥ 0", "  leading and trailing  ", "x⁻¹ ⊢ ¬p ∧ q ¹²³ × · ∘ 𝕜",
    "日本語 🚀 emoji", "α₁₂ → β'", "fun x ↦ ⟪x, y⟫_ℝ", "\r\n windows\r\n", "a\u00a0b\u200bc",
]


@pytest.mark.parametrize("text", TRICKY)
def test_round_trip_examples(tok: ProofTokenizer, text: str) -> None:
    assert tok.decode(tok.encode(text)) == text


_ALPHABET = st.sampled_from([*MATH_SYMBOLS, "¬", "¹", "×", "·", " ", "  ", "\n", "\t", "a", "Z", "0", ":",
                             "(", ")", "_", ".", "'", "é", "日", "🚀"])


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(_ALPHABET, max_size=40), raw=st.text(max_size=30))
def test_round_trip_property(tok: ProofTokenizer, parts: list[str], raw: str) -> None:
    text = "".join(parts) + raw
    if any(s in text for s in SPECIAL_TOKENS):
        return  # literal special-token strings are encoded as the special id by design
    assert tok.decode(tok.encode(text)) == text


def test_prompt_formats(tok: ProofTokenizer) -> None:
    state = "h : a ≤ b\n⊢ a < b + 1"
    body = tok.encode(state + "\n")
    assert tok.tactic_prompt(state) == [tok.bos_id, *body, tok.tactic_id]
    assert tok.value_prompt(state) == [tok.bos_id, *body, tok.value_id]
    assert tok.tactic_prompts([state, "x"]) == [tok.tactic_prompt(state), tok.tactic_prompt("x")]
    assert tok.value_prompts([state]) == [tok.value_prompt(state)]

    ids, mask = tok.tactic_row(state, "omega")
    prompt = tok.tactic_prompt(state)
    assert ids == [*prompt, *tok.encode("omega"), tok.eos_id]
    assert mask == [0] * len(prompt) + [1] * (len(ids) - len(prompt))
    assert tok.decode(ids) == f"<|endoftext|>{state}\n<|tactic|>omega<|endoftext|>"

    for depth, b in [(0, 1), (1, 1), (7, 7), (64, 64), (1000, 64)]:
        ids, mask = tok.value_row(state, depth)
        assert ids == [*tok.value_prompt(state), tok.bin_ids[b - 1], tok.eos_id]
        assert mask == [0] * (len(ids) - 2) + [1, 1]


def test_prompt_truncation_keeps_tail(tok: ProofTokenizer) -> None:
    state = "\n".join(f"h{i} : x{i} ≤ y{i}" for i in range(100)) + "\n⊢ goal_at_the_end"
    body = tok.encode(state + "\n")
    assert len(body) > 40
    p = tok.tactic_prompt(state, max_prompt_len=40)
    assert len(p) == 40
    assert p[0] == tok.bos_id and p[-1] == tok.tactic_id
    assert p[1:-1] == body[-38:]
    assert tok.decode(p[1:-1]).endswith("⊢ goal_at_the_end\n")
    assert tok.value_prompt(state, max_prompt_len=40)[-1] == tok.value_id
    ids, mask = tok.tactic_row(state, "rfl", max_prompt_len=40)
    assert ids[:40] == p and sum(mask) == len(ids) - 40
    short = tok.tactic_prompt("x", max_prompt_len=40)
    assert short == tok.tactic_prompt("x")


def test_save_load_fingerprint(tok: ProofTokenizer, tmp_path: Path) -> None:
    path = tmp_path / "sub" / "tokenizer.json"
    tok.save(path)
    assert [p.name for p in path.parent.iterdir()] == ["tokenizer.json"]  # no temp files left behind
    loaded = ProofTokenizer.load(path)
    assert loaded.fingerprint() == tok.fingerprint()
    assert len(tok.fingerprint()) == 64
    text = "⊢ ∀ x ∈ s, f x ≤ 2"
    assert loaded.encode(text) == tok.encode(text)
    assert (loaded.vocab_size, loaded.bin_ids) == (tok.vocab_size, tok.bin_ids)
    assert (loaded.tactic_id, loaded.value_id, loaded.pad_id) == (tok.tactic_id, tok.value_id, tok.pad_id)


def test_training_is_deterministic_and_fingerprint_discriminates(tok: ProofTokenizer) -> None:
    again = ProofTokenizer.train(lean_corpus(), vocab_size=1024)
    assert again.fingerprint() == tok.fingerprint()
    other = ProofTokenizer.train(lean_corpus(seed=1)[:100], vocab_size=700)
    assert other.fingerprint() != tok.fingerprint()
