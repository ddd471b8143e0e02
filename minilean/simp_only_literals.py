"""What `simp only [...]` does with ℕ/ℤ literals (round 18f).

Lean core's `mkSimpContext` (`Elab/Tactic/Simp.lean`) gives `simp only` no simprocs
(`let simprocs ← if simpOnly then pure {} else Simp.getSimprocs`) and, as lemmas, only `simpOnlyBuiltins`
(`eq_self`, `iff_self`) plus the arguments. So `Nat.reduceAdd/Mul/Pow`, `reduceGcd` and the literal
comparison simprocs do not run: `2 ^ 2 + 1` stays as it is, and `2 ≤ 3` is not decided.

A goal `a = b` still closes by `eq_self` when `a` and `b` unify, and on ℕ the unifier's
`isDefEqOffset` (`Meta/Offset.lean`) compares literal expressions that `evalNat` evaluates: numerals,
`+`, truncated `-` and `*` (no `^`, `/`, `%`: `evalNat` has no case for them), so `1 + 1 = 2` closes and
`1 ^ 2 + 1 = 2` does not (the verified amc12a_2020_p7 runs `norm_num` after such a `simp only`).
"""

from __future__ import annotations

from minilean.syntax import NAT, EBin, ENum, Expr


def eval_nat(e: Expr) -> int | None:
    """Lean's `Meta.evalNat` on an elaborated ℕ term: literals, `+`, `-` (truncated), `*`; else None."""
    if isinstance(e, ENum):
        return e.n if isinstance(e.n, int) and e.n >= 0 else None
    if isinstance(e, EBin) and e.op in ("+", "∸", "*"):
        a, b = eval_nat(e.lhs), eval_nat(e.rhs)
        if a is None or b is None:
            return None
        return a + b if e.op == "+" else max(a - b, 0) if e.op == "∸" else a * b
    return None


def eq_self_closes(lhs: Expr, rhs: Expr, ty: str) -> bool:
    """Whether `simp only`'s `eq_self` turns `lhs = rhs` into `True`: syntactically equal sides, or ℕ
    literal expressions `evalNat` gives one value (the offset unifier)."""
    if lhs == rhs:
        return True
    if ty != NAT:
        return False
    a, b = eval_nat(lhs), eval_nat(rhs)
    return a is not None and a == b


__all__ = ["eq_self_closes", "eval_nat"]
