"""What Lean 4 core's `norm_cast` (`Lean/Elab/Tactic/NormCast.lean`, `derive`) does to a goal with no
cast and only ℕ terms, and the `try trivial` that the `norm_cast` macro runs after it.

`derive` has three simp passes: (1) numerals `(n : α)` become `((n : ℕ) : α)` except when `α` is ℕ
(`numeralToCoe` fails on ℕ); (2) move/elim lemmas moving casts upward, plus the splitting heuristic,
which needs one side to be a coercion; (3) squash lemmas. Every lemma in those sets has a cast on its
left side, and the passes get no simprocs, so a cast-free ℕ-only goal comes out unchanged (no error:
`applySimpResultToTarget` does not fail without progress, Mathlib's `p 42` test). Then `try trivial`
runs on it: closing exactly when `trivial` closes it. Goals over ℤ/ℚ/ℝ are left out: pass (1) turns
their numerals into casts and pass (2) may lift numeral arithmetic (`↑2 * ↑3` ↦ `↑(2 * 3)`).
"""

from __future__ import annotations

from minilean.syntax import NAT, EBin, ENum, ESum, EVar, Expr, PBin, PNot, PRel, Prop


def _nat_expr(e: Expr) -> bool:
    if isinstance(e, ENum | EVar):
        return True
    if isinstance(e, EBin):
        return e.op in ("+", "∸", "*", "÷", "%", "^") and _nat_expr(e.lhs) and _nat_expr(e.rhs)
    if isinstance(e, ESum):  # ∑/∏ over ℕ of an ℕ body, no filter (its predicate could hold casts)
        return e.ity == NAT and e.ty == NAT and e.guard is None and all(
            _nat_expr(x) for x in (e.lo, e.hi, e.body)
        )
    return False  # casts, negation, functions: not cast-free ℕ terms for certain


def nat_cast_free(p: Prop) -> bool:
    """`p` mentions no cast and every term in it is an ℕ term: `norm_cast0` leaves it unchanged."""
    if isinstance(p, PRel):
        return p.ty == NAT and _nat_expr(p.lhs) and _nat_expr(p.rhs)
    if isinstance(p, PNot):
        return nat_cast_free(p.arg)
    if isinstance(p, PBin):
        return nat_cast_free(p.lhs) and nat_cast_free(p.rhs)
    return False


__all__ = ["nat_cast_free"]
