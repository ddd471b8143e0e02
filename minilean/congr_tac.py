"""Which equations Lean's `congr` (no arguments) would split rather than close.

`congr` first tries `Eq.refl` (reducible), then applies a congruence lemma when both sides are
applications of one function (leaving the argument equations as goals); when that fails it tries
`Eq.refl` and `assumption` at default transparency. minilean supports only the closing uses: a goal
whose sides share their head is split by Lean, which minilean does not model, so it refuses it unless
the two sides are identical.
"""

from __future__ import annotations

from minilean.syntax import EApp, EBin, ECast, ENeg, ENum, ESum, Expr


def head(e: Expr) -> tuple | None:
    """The function `e` applies in Lean's elaborated term; None for a local variable."""
    if isinstance(e, ENum):
        return ("OfNat.ofNat",)
    if isinstance(e, EBin):
        return ("bin", "-" if e.op == "∸" else e.op)
    if isinstance(e, ENeg):
        return ("neg",)
    if isinstance(e, ECast):
        return ("cast", e.src, e.dst)
    if isinstance(e, EApp):
        return ("app", e.fn, len(e.args))
    if isinstance(e, ESum):
        return ("bigop", e.op)
    return None


def splits(lhs: Expr, rhs: Expr) -> bool:
    """Would `congr` apply a congruence lemma to `lhs = rhs` (after the reducible `rfl` failed)?"""
    h = head(lhs)
    return h is not None and h == head(rhs) and lhs != rhs


__all__ = ["head", "splits"]
