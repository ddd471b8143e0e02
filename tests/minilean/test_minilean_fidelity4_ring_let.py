"""`ring` (ring1) sees through let-bound variables: its `eval` puts each subterm in whnfR, which
zeta-delta-reduces a `let` variable to its value."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_ring_unfolds_let_values() -> None:
    assert _accepts("(a b : ℝ) : a = a := by\n  let y := a + b\n  have h : y - b = a := by ring\n  rfl")
    assert _accepts(
        "(a b : ℝ) : a = a := by\n  let y := 2 * a\n  let z := y + b\n  have h : z - y = b := by ring\n  rfl"
    )


def test_ring_let_false_identity_refused() -> None:
    assert not _accepts("(a b : ℝ) : a = a := by\n  let y := a + b\n  have h : y - b = b := by ring\n  rfl")
    assert not _accepts("(a b : ℝ) : a = a := by\n  let y := a * b\n  have h : y = a + b := by ring\n  rfl")
