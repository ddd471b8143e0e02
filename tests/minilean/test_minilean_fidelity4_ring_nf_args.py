"""`ring_nf` is recursive (RingNF.Config.recursive): the arguments of library-function atoms are normalized
too, so two atoms whose arguments are equal as polynomials become the same atom."""

from __future__ import annotations

from minilean.engine import elaborate, initial_env


def _accepts(src: str) -> bool:
    res = elaborate(initial_env(), f"theorem t {src}")
    return not res.has_errors and not res.sorries


def test_rpow_exponents_are_normalized() -> None:
    src = "(x : ℝ) : (11 : ℝ) ^ ((1 / 4 : ℝ) * (3 * x - 3)) = (11 : ℝ) ^ ((3 * x - C) * (1 / 4 : ℝ)) := by"
    assert _accepts(src.replace("C", "3") + "\n  ring_nf")
    assert not _accepts(src.replace("C", "2") + "\n  ring_nf")


def test_sqrt_arguments() -> None:
    assert _accepts("(x : ℝ) : Real.sqrt (x + x) = Real.sqrt (2 * x) := by\n  ring_nf")
    assert not _accepts("(x : ℝ) : Real.sqrt (x + x) = Real.sqrt (3 * x) := by\n  ring_nf")
    # `ring` (ring1) still treats the atoms as written; the fallback is ring_nf, which closes this
    assert _accepts("(x : ℝ) : Real.sqrt (x + x) + 1 = 1 + Real.sqrt (2 * x) := by\n  ring")
