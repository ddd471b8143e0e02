"""`have h := congr_arg (fun z => e) p` keeps Lean's beta-redexes `(fun z => e) a`, so the first
`dsimp at h` / `simp at h` makes progress by beta reduction (round 13, beta_pending.py); a second one,
or one after a stated type, makes none; dsimp refuses where its rfl lemmas could act further."""

from __future__ import annotations

import pytest

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


HEAD = "(a b : ℝ) (h : a = b) : 2 * a = 2 * b := by\n"


@pytest.mark.parametrize(
    "src",
    [
        HEAD + "  have h2 := congr_arg (fun z => 2 * z) h\n  dsimp at h2\n  exact h2",
        HEAD + "  have h2 := congr_arg (fun z => 2 * z) h\n  dsimp only at h2\n  exact h2",
        HEAD + "  have h2 := congrArg (fun z => 2 * z) h\n  simp at h2\n  linarith",
        "(a b : ℤ) (h : a = b) : a % 7 = b % 7 := by\n"
        "  have h2 := congr_arg (fun z => z % 7) h\n  simp at h2\n  exact h2",
        # the mark survives unrelated steps
        HEAD + "  have h2 := congr_arg (fun z => 2 * z) h\n  have h3 : (0 : ℝ) < 1 := by norm_num\n"
        "  dsimp at h2\n  exact h2",
    ],
)
def test_beta_progress(src: str) -> None:
    assert _accepts(src)


@pytest.mark.parametrize(
    "src",
    [
        # nothing left to reduce the second time
        HEAD + "  have h2 := congr_arg (fun z => 2 * z) h\n  dsimp at h2\n  dsimp at h2\n  exact h2",
        HEAD + "  have h2 := congr_arg (fun z => 2 * z) h\n  simp at h2\n  simp at h2\n  linarith",
        # a stated type has no redex
        HEAD + "  have h2 : 2 * a = 2 * b := congr_arg (fun z => 2 * z) h\n  dsimp at h2\n  exact h2",
        # not from congr_arg
        HEAD + "  have h2 := h\n  dsimp at h2\n  linarith",
        # false variant
        "(a b : ℝ) (h : a = b) : 2 * a = 3 * b := by\n"
        "  have h2 := congr_arg (fun z => 2 * z) h\n  dsimp at h2\n  exact h2",
        # after beta, ℕ `z + 0` would be rewritten by the rfl lemma Nat.add_zero: not modelled, refused
        "(a b : ℕ) (h : a = b) : a + 0 = b + 0 := by\n"
        "  have h2 := congr_arg (fun z => z + 0) h\n  dsimp at h2\n  exact h2",
    ],
)
def test_beta_refuses(src: str) -> None:
    assert not _accepts(src)
