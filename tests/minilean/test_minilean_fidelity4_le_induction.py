"""`induction n, hn using Nat.le_induction with | base => … | succ k hk ih => …` (Mathlib's
Nat.le_induction: base at `m`, step from `k` with `m ≤ k` to `k + 1`); other eliminators refused."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


_HEAD = "  induction n, hn using Nat.le_induction with\n"


def test_le_induction_accepts() -> None:
    src = "(n : ℕ) (hn : 2 ≤ n) : 2 ^ n ≥ n + 2 := by\n" + _HEAD
    assert _accepts(src + "  | base => norm_num\n  | succ k hk ih =>\n    rw [pow_succ]\n    omega")
    # the names bind the step's variable, its bound and the hypothesis, in that order
    src = "(n : ℕ) (hn : n ≥ 3) : 3 ≤ n := by\n" + _HEAD
    step = "  | succ k hk ih =>\n    have h2 : 3 ≤ k := hk\n    omega"
    assert _accepts(src + "  | base => exact le_refl 3\n" + step)
    # a hypothesis mentioning n is generalized and comes back in each case
    src = "(n a : ℕ) (hn : 1 ≤ n) (ha : a = n) : a ≥ 1 := by\n" + _HEAD
    assert _accepts(src + "  | base => omega\n  | succ k hk ih => omega")


def test_le_induction_refuses() -> None:
    # the base case is false at m = 1
    src = "(n : ℕ) (hn : 1 ≤ n) : 2 ^ n ≥ n + 2 := by\n" + _HEAD
    assert not _accepts(src + "  | base => norm_num\n  | succ k hk ih =>\n    rw [pow_succ]\n    omega")
    # ih is about k, not k + 1
    src = "(n : ℕ) (hn : 0 ≤ n) : n ≤ n * n := by\n" + _HEAD
    assert _accepts(src + "  | base => norm_num\n  | succ k hk ih => nlinarith")
    assert not _accepts(src + "  | base => norm_num\n  | succ k hk ih => exact ih")
    # other eliminators are not modelled (Nat.strong_induction_on is since round 10)
    src = "(n : ℕ) : n ≥ 0 := by\n  induction n using Nat.case_strong_induction_on with\n  | hi n ih => omega"
    assert not _accepts(src)
