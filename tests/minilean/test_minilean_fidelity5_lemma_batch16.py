"""Lemma batch 16 (`minilean/lemma_table16.py`, round 16): `Nat.le_sub_of_add_le` (Lean core); the
`Real.rpow_natCast_mul` row is tested with named arguments in `test_minilean_fidelity5_named_args.py`."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_refused

from minilean import engine, lemmas  # noqa: F401  (engine registers the proof checker)


def test_le_sub_of_add_le_accepted() -> None:
    assert accepts("(x : ℕ) (h : 3 + 3 ≤ x) : 3 ≤ x - 3 := Nat.le_sub_of_add_le h")
    # `3 + 3` and `6` are defeq ℕ literals (Lean evaluates `Nat.add` on literals when unifying)
    src = "(a : ℕ) (h : 6 ≤ 2 ^ (a + 4)) : 3 ≤ 2 ^ (a + 4) - 3 := by\n  exact Nat.le_sub_of_add_le h"
    assert accepts(src)


def test_le_sub_of_add_le_misuse_refused() -> None:
    assert not accepts("(x : ℕ) (h : 5 ≤ x) : 3 ≤ x - 3 := Nat.le_sub_of_add_le h")
    assert not accepts("(x : ℕ) (h : 3 ≤ x - 3) : 3 + 3 ≤ x := Nat.le_sub_of_add_le h")


def test_false_variant_refused() -> None:
    # without the `+ b` on the left: `a ≤ c → a ≤ c - b` is false in ℕ
    assert_row_refused(("Nat.le_sub_of_add_le_bad", "N", "{a b c : α} (h : a ≤ c)", "a ≤ c - b"))
