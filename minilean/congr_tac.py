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


def arg_pairs(lhs: Expr, rhs: Expr, ty: str, sorts: dict[str, str]) -> list[tuple[Expr, Expr, str]] | None:
    """The argument equations (left, right, type) one congruence step (`MVarId.congr`: the congruence
    lemma of the left side's head function, `mkCongrSimp?`) makes of `lhs = rhs` at type `ty`; None when
    the two sides do not share their head or the step is not modelled (numerals: `OfNat.ofNat`'s raw
    literal; big operators: their lambda; functions whose argument types minilean does not know)."""
    from minilean.libfuns import LIB_FUNS
    from minilean.syntax import NAT

    h = head(lhs)
    if h is None or h != head(rhs) or isinstance(lhs, ENum | ESum):
        return None
    if isinstance(lhs, EBin) and isinstance(rhs, EBin):
        # `HAdd.hAdd a b` …: the type and instance arguments are fixed; `^` is Monoid.npow (ℕ exponent)
        return [(lhs.lhs, rhs.lhs, ty), (lhs.rhs, rhs.rhs, NAT if lhs.op == "^" else ty)]
    if isinstance(lhs, ENeg) and isinstance(rhs, ENeg):
        return [(lhs.arg, rhs.arg, ty)]
    if isinstance(lhs, ECast) and isinstance(rhs, ECast):
        return [(lhs.arg, rhs.arg, lhs.src)]
    if isinstance(lhs, EApp) and isinstance(rhs, EApp):
        if lhs.fn == "abs":
            doms = [ty]
        elif lhs.fn in ("Nat.gcd", "Nat.lcm"):
            doms = [NAT, NAT]
        elif lhs.fn in LIB_FUNS:
            doms = list(LIB_FUNS[lhs.fn][0])
        elif lhs.fn in sorts:  # a local function `f : ℕ → ℝ`
            doms = sorts[lhs.fn].split(" → ")[:-1]
        else:
            return None
        if len(doms) != len(lhs.args):
            return None
        return list(zip(lhs.args, rhs.args, doms, strict=True))
    return None


__all__ = ["arg_pairs", "head", "splits"]
