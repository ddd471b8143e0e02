"""Which ℕ comparisons `norm_cast` is known to print exactly when it lowers a comparison of casts from ℕ.

`norm_cast0` (Lean core `Lean/Elab/Tactic/NormCast.lean`, `derive`) runs three simp passes, none with
simprocs and none with arithmetic: (1) each numeral `(n : α)`, `α ≠ ℕ`, becomes `((n : ℕ) : α)`;
(2) move lemmas used upward (`Nat.cast_add`, `Nat.cast_mul`, `Nat.cast_pow` read right to left) and elim
lemmas (`Nat.cast_inj`, `Nat.cast_le`, …); (3) squash lemmas. So in `(↑x : ℝ) * 100 + 4 * ↑x = 598 * 100`
the right side `↑598 * ↑100` is moved under one cast as `↑(598 * 100)` and never evaluated, and the
comparison lowers to `x * 100 + 4 * x = 598 * 100` in ℕ, the numeral product kept as written (the same
holds in the 2023 Std4 `derive`, which had no simprocs either).

`mod_cast._plain_expr` refuses any operation between two numerals (it also serves comparisons that keep
their casts, where `↑(598 * 100)` would stay as a cast and the printed form would differ). For a lowered
ℕ comparison those subterms come out as written, so this predicate admits them under `+`, `*` and `^`.
`-` and `/` stay refused: `Nat.cast_sub` / `Nat.cast_div` carry side conditions the cast discharger
only finds in the local context, so whether they move is not decided here.
"""

from __future__ import annotations

from minilean.syntax import NAT, EBin, ENum, EVar, Expr, PNot, PRel, Prop, expr_vars


def _lowered_expr(e: Expr) -> bool:
    if isinstance(e, EVar | ENum):
        return True
    if isinstance(e, EBin) and e.op in ("+", "*", "^"):
        return _lowered_expr(e.lhs) and _lowered_expr(e.rhs)
    return False


def plain_lowered_nat(p: Prop) -> bool:
    """`p` is an ℕ comparison of variables and numerals under `+ * ^` that mentions a variable (so `try
    trivial`'s `decide` cannot evaluate it) and has two different sides (so `rfl` cannot close it)."""
    if isinstance(p, PNot):
        p = p.arg
    if not isinstance(p, PRel) or p.ty != NAT or p.op not in ("=", "≠", "<", "≤") or p.lhs == p.rhs:
        return False
    if not (_lowered_expr(p.lhs) and _lowered_expr(p.rhs)):
        return False
    return bool(expr_vars(p.lhs, set()) | expr_vars(p.rhs, set()))


__all__ = ["plain_lowered_nat"]
