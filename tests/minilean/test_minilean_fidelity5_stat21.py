# ruff: noqa: E501
"""Round 21b: Mathlib's `Nat.fib` (minilean/nat_fib.py, lemma_table21.py): stated, evaluated on literals by
`decide`/`rfl` (kernel reduction) and `norm_num` (Mathlib's NatFib extension) as Lean does, an atom to
omega/linarith, simp's @[simp] `fib_zero`/`fib_one`/`fib_two`; lemma rows checked by z3 before admission.
False variants and what Lean does differently (or minilean does not model) are refused."""

from __future__ import annotations

from lemma_batch_checks import accepts, assert_row_admitted, assert_row_refused

from minilean import engine
from minilean.lemma_table21 import ROWS


def test_closed_values_decide_rfl_norm_num() -> None:
    assert accepts(": Nat.fib 12 = 144 := by\n  decide")
    assert accepts(": Nat.fib 12 = 144 := by\n  norm_num")
    assert accepts(": Nat.fib 12 = 144 := by\n  rfl")
    assert accepts(": Nat.fib 25 % 5 = 0 := by\n  decide")
    assert accepts(": Nat.fib 90 % 5 = 0 := by\n  norm_num")
    assert accepts(": Nat.fib 7 = Nat.fib (6 + 1) := by\n  rfl")
    # false values
    assert not accepts(": Nat.fib 12 = 143 := by\n  decide")
    assert not accepts(": Nat.fib 12 = 145 := by\n  norm_num")
    assert not accepts(": Nat.fib 90 % 5 = 1 := by\n  norm_num")
    # past the evaluation bound minilean refuses `decide` (weaker); norm_num's extension is not bounded so
    assert not accepts(": Nat.fib 90 % 5 = 0 := by\n  decide")
    assert accepts(": Nat.fib 300 % 2 = 0 := by\n  norm_num")


def test_simp_does_not_unfold_fib() -> None:
    # `fib_add_two` is not @[simp] and there is no fib simproc: simp leaves `fib 12`
    assert not accepts(": Nat.fib 12 = 144 := by\n  simp")
    # fib_zero / fib_two are @[simp]
    assert accepts("(a : ℕ) (h : a = Nat.fib 0 + Nat.fib 2) : a = 1 := by\n  simp at h\n  exact h")
    assert not accepts("(a : ℕ) (h : a = Nat.fib 0 + Nat.fib 2) : a = 2 := by\n  simp at h\n  exact h")
    # `fib n = 0` / `0 < fib n`: @[simp] fib_eq_zero / fib_pos only in later Mathlib: refused
    assert not accepts("(n : ℕ) (h : 0 < n) : 0 < Nat.fib n := by\n  simp\n  exact h")


def test_fib_is_an_atom_to_omega_and_linarith() -> None:
    assert accepts("(n : ℕ) (h : Nat.fib n = 3) : Nat.fib n + 1 = 4 := by\n  omega")
    assert not accepts("(n : ℕ) : Nat.fib (n + 2) = Nat.fib n + Nat.fib (n + 1) := by\n  omega")
    assert not accepts("(n : ℕ) : Nat.fib (n + 2) = Nat.fib n + Nat.fib (n + 1) := by\n  linarith")


def test_lemma_rows_admitted_and_false_variants_refused() -> None:
    for row in ROWS:
        if row[0] == "Nat.fib_add":
            assert_row_admitted(row, {"m": 4})
        else:
            assert_row_admitted(row, {})
    assert_row_refused(("Nat.fib_add_two", "N", "{n : α}", "Nat.fib (n + 2) = Nat.fib n + Nat.fib (n + 2)"))
    assert_row_refused(("Nat.fib_two", "N", "", "Nat.fib 2 = 2"))
    assert_row_refused(
        ("Nat.fib_add", "N", "(m n : α)", "Nat.fib (m + n + 1) = Nat.fib m * Nat.fib n + Nat.fib m * Nat.fib (n + 1)"),
        {"m": 3},
    )
    assert_row_refused(("Nat.succ_mul", "N", "(n m : α)", "(n + 1) * m = n * m + n"))


def test_lemma_uses() -> None:
    assert accepts("(n : ℕ) : Nat.fib (n + 2) = Nat.fib n + Nat.fib (n + 1) := Nat.fib_add_two")
    assert accepts("(n : ℕ) : Nat.fib (n + 2) = Nat.fib (n + 1) + Nat.fib n := by\n  rw [Nat.fib_add_two, Nat.add_comm]")
    assert not accepts("(n : ℕ) : Nat.fib (n + 2) = Nat.fib (n + 1) + Nat.fib n := by\n  rw [Nat.fib_add_two]")
    assert accepts("(a : ℕ → ℕ) (h : a 1 = 1) : a 1 = Nat.fib 1 := by\n  rw [h, Nat.fib_one]")
    assert not accepts("(a : ℕ → ℕ) (h : a 1 = 1) : a 1 = Nat.fib 1 := by\n  rw [h, Nat.fib_zero]")
    # fib_add per numeral `m`
    assert accepts("(n : ℕ) : Nat.fib (4 + n + 1) = Nat.fib 4 * Nat.fib n + Nat.fib 5 * Nat.fib (n + 1) := Nat.fib_add 4 n")
    assert not accepts("(n : ℕ) : Nat.fib (4 + n + 1) = Nat.fib 4 * Nat.fib n + Nat.fib 5 * Nat.fib n := Nat.fib_add 4 n")
    # a variable `m`: Mathlib's induction is not replayed, refused (weaker)
    assert not accepts("(m n : ℕ) : Nat.fib (m + n + 1) = Nat.fib m * Nat.fib n + Nat.fib (m + 1) * Nat.fib (n + 1) := Nat.fib_add m n")
    assert accepts("(k n : ℕ) : (k + 1) * 6 + n = k * 6 + 6 + n := by\n  rw [Nat.succ_mul]")


def test_unqualified_fib_under_open() -> None:
    ok = engine.elaborate(engine.initial_env(), "open Nat\n\ntheorem t : fib 10 = 55 := by\n  decide")
    assert not ok.messages and not ok.sorries
    # without `open Nat` the short name is unknown; with `open Int` an `Int.fib` could apply: refused
    assert not accepts(": fib 10 = 55 := by\n  decide")
    amb = engine.elaborate(engine.initial_env(), "open Nat Int\n\ntheorem t : fib 10 = 55 := by\n  decide")
    assert amb.messages
