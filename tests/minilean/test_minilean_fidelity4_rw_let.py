"""`rw` finds an instance through a let-bound variable: kabstract compares candidates with isDefEq,
which zeta-delta-reduces let variables (`y < 7 / 2` is an instance of `√(1 + 2 * x) < 7 / 2` when
`y := √(1 + 2 * x)`)."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


_IFF = "(x : ℝ) (H : Real.sqrt (1 + 2 * x) < 7 / 2 ↔ 1 + 2 * x < (7 / 2) ^ 2)"
_IFF += " (hy0 : Real.sqrt (1 + 2 * x) < 7 / 2)"


def test_rwa_through_let() -> None:
    body = " : 1 + 2 * x < (7 / 2) ^ 2 := by\n  let y := Real.sqrt (1 + 2 * x)\n"
    body += "  have hy : y < 7 / 2 := by exact hy0\n  rwa [H] at hy"
    assert _accepts(_IFF + body)


def test_rw_let_value_mismatch_refused() -> None:
    body = " : 1 + 2 * x < (7 / 2) ^ 2 := by\n  let y := Real.sqrt (1 + 3 * x)\n"
    body += "  have hy : y < 7 / 2 := by sorry\n  rwa [H] at hy"
    assert not _accepts(_IFF + body)


def test_rw_lemma_through_let() -> None:
    src = "(x : ℤ) (n : ℕ) (hx : x ^ 2 = n) : True := by\n  let k : ℕ := Int.natAbs x\n"
    tail = "  have h : (k : ℤ) ^ 2 = (n : ℤ) := by\n    rw [Int.natAbs_sq x]\n    exact hx\n  trivial"
    assert _accepts(src + tail)
    bad = "(x : ℤ) (n : ℕ) (hx : x ^ 2 = n) : True := by\n  let k : ℕ := Int.natAbs (x + 1)\n"
    assert not _accepts(bad + tail)
