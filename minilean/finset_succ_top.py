"""`Finset.prod_Icc_succ_top` / `Finset.sum_Icc_succ_top` in `rw`: a big-operator lemma with a hypothesis.

Mathlib (`Algebra/BigOperators/Intervals.lean`, the same statement in the mid-2024 and 2025 versions):

    theorem prod_Icc_succ_top {a b : ℕ} (hab : a ≤ b + 1) (f : ℕ → M) :
        (∏ k ∈ Icc a (b + 1), f k) = (∏ k ∈ Icc a b, f k) * f (b + 1)

and its `to_additive` twin `sum_Icc_succ_top` (`… = (∑ k ∈ Icc a b, f k) + f (b + 1)`). `a b` are
implicit, so `rw` elaborates the lemma with `?a ?b ?f` open and kabstract assigns them from the first
`Icc ?a (?b + 1)` big operator over ℕ (`?b + 1` unifies with a literal `k ≥ 1` as `k - 1` and with
`e + k` as `e + (k - 1)`, as `range_simp._pred` does). The right side is the lemma's instance, the
summand at `?b + 1` written as Lean instantiates it (`f (4 + 1)`, not `f 5`).

The hypothesis `hab`: given as an argument (`(by linarith)`, a hypothesis name, any term) it is
elaborated after the rewrite has assigned `?a ?b` (Lean's `rw` runs inside `Term.withSynthesize`, so a
postponed `by` block sees the instantiated type `a ≤ b + 1` and the goal's local context); omitted, it
becomes a new goal after the main one, as any explicit non-dependent argument `rw` leaves open.
Weaker than Lean, on purpose: the explicit `f` argument and `←` are refused with a message.
"""

from __future__ import annotations

from minilean.bigops import subst_expr
from minilean.goals import TacticFail
from minilean.range_simp import _pred
from minilean.syntax import NAT, EBin, ENum, ESum, Expr, PRel, Prop

NAMES = {"Finset.prod_Icc_succ_top": "∏", "Finset.sum_Icc_succ_top": "∑"}


def succ_top(op: str, e: Expr) -> tuple[Expr, Prop] | None:
    """The lemma's right side and its hypothesis `a ≤ b + 1` at the instance `e`, or None when `e` is
    not `∏ k ∈ Icc a (b + 1), f k` (op ∏) / the sum (op ∑) over ℕ."""
    if not (isinstance(e, ESum) and e.op == op and e.kind == "Icc" and e.ity == NAT and e.guard is None):
        return None
    b = _pred(e.hi, "ESum" in repr(e.body))  # a symbolic b under another binder could be captured
    if b is None:
        return None
    top = EBin("+", b, ENum(1))
    rest = ESum(e.op, e.var, e.ity, e.kind, e.lo, b, e.body, e.ty, e.guard)
    rhs = EBin("*" if op == "∏" else "+", rest, subst_expr(e.body, e.var, top))
    return rhs, PRel("≤", e.lo, top, NAT)


def hypothesis_arg(node: tuple, name: str) -> tuple | None:
    """The `hab` argument of a `rw` item (None when omitted); refuses forms minilean does not model."""
    if node[0] == "id":
        return None
    if node[0] == "app" and node[1] == ("id", name) and len(node[2]) == 1:
        return node[2][0]
    raise TacticFail(f"minilean: `{name}` with an explicit `f` argument is not supported in rw")


__all__ = ["NAMES", "hypothesis_arg", "succ_top"]
