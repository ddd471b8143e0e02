"""Keyed matching as Lean's `kabstract` does it for `rw`: a subterm is a candidate only when its head
symbol (and arity) is the pattern's; the candidate is then compared with Lean's definitional equality
at reducible transparency, which for ℕ includes `isDefEqOffset` (`?n + 1 =?= 6` gives `?n := 5`,
`k + 1 + 1 =?= k + 2`, `20 * 100 =?= 2000`, `Nat.succ ?n =?= 6`).

Lean's `evalNat` (Meta/Offset.lean) evaluates closed ℕ terms built from literals with `+ - * / %` (and
`^` only at the core instance; Mathlib's ℕ power is elaborated through `Monoid.npow`, which the checks
of this project found `rw` does not evaluate, so `^` is left out here: weaker, never stronger).
Closed ℤ/ℚ/ℝ arithmetic is not evaluated: at reducible transparency `Int.add` and the real field
operations do not unfold. Argument types of functions are tracked (from the goal's sorts and the
library table), so the ℕ rules apply inside `f (x + 1)` exactly when the argument is a natural number.
"""

from __future__ import annotations

from minilean.goals import Goal, Subst, goal_sorts_all, match, unfold
from minilean.libfuns import LIB_FUNS
from minilean.syntax import (
    NAT,
    EApp,
    EBin,
    ECast,
    EMeta,
    ENeg,
    ENum,
    ESum,
    EVar,
    Expr,
    PBin,
    PConst,
    PCoprime,
    PMem,
    PMeta,
    PModEq,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    PVar,
)

_NUM_TYPES = ("ℕ", "ℤ", "ℚ", "ℝ", "ℂ")


def arg_types(e: EApp, cur: str | None, sorts: dict) -> list[str | None]:
    """The types of `e`'s arguments (None where unknown)."""
    if e.fn == "abs":
        return [cur]
    if e.fn in LIB_FUNS:
        return list(LIB_FUNS[e.fn][0])
    doms = sorts.get(e.fn, "").split(" → ")[:-1]
    if len(doms) == len(e.args):
        return list(doms)
    return [None] * len(e.args)


def eval_nat(e: Expr) -> int | None:
    """Lean's `evalNat` on a closed ℕ term: literals under + ∸ * ÷ % (no `^`, no functions)."""
    if isinstance(e, ENum):
        return e.n
    if isinstance(e, EApp) and e.fn == "Nat.succ" and len(e.args) == 1:
        v = eval_nat(e.args[0])
        return None if v is None else v + 1
    if not isinstance(e, EBin) or e.op not in ("+", "∸", "*", "÷", "%"):
        return None
    a, b = eval_nat(e.lhs), eval_nat(e.rhs)
    if a is None or b is None:
        return None
    if e.op == "+":
        return a + b
    if e.op == "∸":
        return max(a - b, 0)
    if e.op == "*":
        return a * b
    if b == 0:
        return 0 if e.op == "÷" else a
    return a // b if e.op == "÷" else a % b


def _offset(e: Expr) -> tuple[Expr, int] | None:
    """`isOffset?`: `e` as `s + k` with `k` a closed ℕ value (`Nat.succ` counts 1), else None."""
    if isinstance(e, EBin) and e.op == "+":
        v = eval_nat(e.rhs)
        if v is not None:
            s, k = _offset(e.lhs) or (e.lhs, 0)
            return s, k + v
    if isinstance(e, EApp) and e.fn == "Nat.succ" and len(e.args) == 1:
        s, k = _offset(e.args[0]) or (e.args[0], 0)
        return s, k + 1
    return None


def _mk_offset(e: Expr, k: int) -> Expr:
    if k == 0:
        return e
    return ENum(k) if eval_nat(e) == 0 else EBin("+", e, ENum(k))


_UNDEF = object()


def _offset_defeq(p: Expr, t: Expr, s: Subst, sorts: dict) -> object:
    """`isDefEqOffset` for ℕ: a Subst, None (definitely not equal) or _UNDEF (go on structurally)."""
    po, to = _offset(p), _offset(t)
    if po is not None:
        pb, k1 = po
        if to is not None:
            tb, k2 = to
            if k1 == k2:
                return ematch(pb, tb, s, NAT, sorts)
            if k1 < k2:
                return ematch(pb, _mk_offset(tb, k2 - k1), s, NAT, sorts)
            return ematch(_mk_offset(pb, k1 - k2), tb, s, NAT, sorts)
        v2 = eval_nat(t)
        if v2 is None:
            return _UNDEF
        return ematch(pb, ENum(v2 - k1), s, NAT, sorts) if v2 >= k1 else None
    v1 = eval_nat(p)
    if v1 is None:
        return _UNDEF
    if to is not None:
        tb, k2 = to
        return ematch(ENum(v1 - k2), tb, s, NAT, sorts) if v1 >= k2 else None
    v2 = eval_nat(t)
    if v2 is None:
        return _UNDEF
    return s if v1 == v2 else None


class RwSorts(dict):
    """A goal's variable sorts plus its let-bound variables' values (`lets`): Lean's `isDefEq`
    zeta-delta-reduces a let variable (whnfCore, independent of the transparency), so `rw [h]` with
    `h : √(1 + 2 * x) < 7 / 2 ↔ …` finds its instance in `y < 7 / 2` when `y := √(1 + 2 * x)`."""

    lets: dict[str, Expr]


def rw_sorts(g: Goal) -> RwSorts:
    """`goal_sorts_all(g)` with the values of the let variables that still mean what they meant."""
    from minilean.let_values import _usable

    out = RwSorts(goal_sorts_all(g))
    out.lets = {
        h.name: h.value  # type: ignore[misc]
        for i, h in enumerate(g.hyps)
        if isinstance(h.value, Expr) and _usable(g.hyps, i)  # type: ignore[arg-type]
    }
    return out


def _let_value(e: Expr, sorts: dict) -> Expr | None:
    lets = getattr(sorts, "lets", None)
    if lets and isinstance(e, EVar):
        return lets.get(e.name)
    return None


def ematch(p: Expr, t: Expr, s: Subst, ty: str | None, sorts: dict) -> Subst | None:
    """Unify pattern `p` (metavariables) with ground `t` of type `ty` (None: unknown), as Lean's
    reducible `isDefEq` would: structure, plus ℕ offsets and closed ℕ literal arithmetic, and a let
    variable on either side unfolded to its value when the structural comparison fails."""
    r = _ematch(p, t, s, ty, sorts)
    if r is None and not isinstance(p, EMeta):
        tv, pv = _let_value(t, sorts), _let_value(p, sorts)
        if tv is not None:
            r = ematch(p, tv, s, ty, sorts)
        if r is None and pv is not None:
            r = ematch(pv, t, s, ty, sorts)
    return r


def _ematch(p: Expr, t: Expr, s: Subst, ty: str | None, sorts: dict) -> Subst | None:
    if isinstance(p, EMeta):
        if p.idx in s:
            return s if ematch(s[p.idx], t, {}, ty, sorts) is not None else None  # type: ignore[arg-type]
        if ty in _NUM_TYPES and p.ty in _NUM_TYPES and p.ty != ty:
            return None
        out = dict(s)
        out[p.idx] = t
        return out
    if ty == NAT:
        r = _offset_defeq(p, t, s, sorts)
        if r is not _UNDEF:
            return r  # type: ignore[return-value]
    if type(p) is not type(t):
        return None
    if isinstance(p, ENum | EVar):
        return s if p == t else None
    if isinstance(p, EBin):
        tb: EBin = t  # type: ignore[assignment]
        if p.op != tb.op:
            return None
        r = ematch(p.lhs, tb.lhs, s, ty, sorts)
        return ematch(p.rhs, tb.rhs, r, NAT if p.op == "^" else ty, sorts) if r is not None else None
    if isinstance(p, ENeg):
        return ematch(p.arg, t.arg, s, ty, sorts)  # type: ignore[union-attr]
    if isinstance(p, ECast):
        tc: ECast = t  # type: ignore[assignment]
        if (p.src, p.dst) != (tc.src, tc.dst):
            return None
        return ematch(p.arg, tc.arg, s, p.src, sorts)
    if isinstance(p, EApp):
        ta: EApp = t  # type: ignore[assignment]
        if p.fn != ta.fn or len(p.args) != len(ta.args):
            return None
        r: Subst | None = s
        for a, b, d in zip(p.args, ta.args, arg_types(ta, ty, sorts), strict=True):
            r = ematch(a, b, r, d, sorts) if r is not None else None
        return r
    if isinstance(p, ESum):  # the summand as written (no metavariable under the binder)
        from minilean.goals import match_expr

        return match_expr(p, t, s, None)
    return None


def pmatch(p: Prop, t: Prop, s: Subst, sorts: dict) -> Subst | None:
    """`ematch` for propositions (an `↔` rule's side); reducible `≥`/`>`/`≠` unfold as in goals.match."""
    if isinstance(p, PMeta):
        if p.idx in s:
            return s if pmatch(s[p.idx], t, {}, sorts) is not None else None  # type: ignore[arg-type]
        out = dict(s)
        out[p.idx] = t
        return out
    if type(p) is type(t):
        r: Subst | None = None
        if isinstance(p, PVar | PConst):
            r = s if p == t else None
        elif isinstance(p, PNot):
            r = pmatch(p.arg, t.arg, s, sorts)  # type: ignore[union-attr]
        elif isinstance(p, PBin) and p.op == t.op:  # type: ignore[union-attr]
            r = pmatch(p.lhs, t.lhs, s, sorts)  # type: ignore[union-attr]
            r = pmatch(p.rhs, t.rhs, r, sorts) if r is not None else None  # type: ignore[union-attr]
        elif isinstance(p, PRel) and (p.op, p.ty) == (t.op, t.ty):  # type: ignore[union-attr]
            r = ematch(p.lhs, t.lhs, s, p.ty, sorts)  # type: ignore[union-attr]
            r = ematch(p.rhs, t.rhs, r, p.ty, sorts) if r is not None else None  # type: ignore[union-attr]
        elif isinstance(p, PPred) and (p.name, p.ty) == (t.name, t.ty):  # type: ignore[union-attr]
            r = ematch(p.arg, t.arg, s, p.ty, sorts)  # type: ignore[union-attr]
        elif isinstance(p, PModEq) and p.ty == t.ty:  # type: ignore[union-attr]
            r = s
            for a, b in ((p.n, t.n), (p.lhs, t.lhs), (p.rhs, t.rhs)):  # type: ignore[union-attr]
                r = ematch(a, b, r, p.ty, sorts) if r is not None else None
        elif (isinstance(p, PMem) and (p.kind, p.ty) == (t.kind, t.ty)  # type: ignore[union-attr]
              and len(p.terms()) == len(t.terms())):  # type: ignore[union-attr]
            r = s
            for a, b in zip(p.terms(), t.terms(), strict=True):  # type: ignore[union-attr]
                r = ematch(a, b, r, p.ty, sorts) if r is not None else None
        elif isinstance(p, PCoprime):
            r = ematch(p.a, t.a, s, NAT, sorts)  # type: ignore[union-attr]
            r = ematch(p.b, t.b, r, NAT, sorts) if r is not None else None  # type: ignore[union-attr]
        elif isinstance(p, PQuant):
            r = match(p, t, s)
        if r is not None:
            return r
    up, ut = unfold(p), unfold(t)
    if up is not None:
        return pmatch(up, t, s, sorts)
    if ut is not None:
        return pmatch(p, ut, s, sorts)
    return None


def same_key(p: object, t: object) -> bool:
    """kabstract's key: the head symbol and number of arguments agree (numerals share `OfNat.ofNat`)."""
    if type(p) is not type(t):
        return False
    if isinstance(p, EBin | PBin):
        return p.op == t.op  # type: ignore[union-attr]
    if isinstance(p, EApp):
        return p.fn == t.fn and len(p.args) == len(t.args)  # type: ignore[union-attr]
    if isinstance(p, ECast):
        return (p.src, p.dst) == (t.src, t.dst)  # type: ignore[union-attr]
    if isinstance(p, EVar | PVar | PConst):
        return p == t
    if isinstance(p, PRel):
        return p.op == t.op  # type: ignore[union-attr]
    if isinstance(p, PPred):
        return p.name == t.name  # type: ignore[union-attr]
    if isinstance(p, ESum):
        return p.op == t.op  # type: ignore[union-attr]
    return True  # ENum (OfNat.ofNat), ENeg, PNot, PQuant


__all__ = ["RwSorts", "arg_types", "ematch", "eval_nat", "pmatch", "rw_sorts", "same_key"]
