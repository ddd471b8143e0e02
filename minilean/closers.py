"""Closing tactics that Mathlib implements by evaluation or syntax: `norm_num` (closed numeral arithmetic,
with `[h]` rewrites) and `positivity` (syntactic sign analysis). Both use Lean's exact semantics
(truncated ℕ subtraction, Int.ediv/emod, x / 0 = 0 in fields) and only ever close goals Lean's would.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from minilean.libfuns import LIB_FUNS
from minilean.libsem import eval_lib_num
from minilean.syntax import (
    INT,
    NAT,
    REAL,
    EApp,
    EBin,
    ECast,
    ENeg,
    ENum,
    ESum,
    Expr,
    NotEvaluable,
    PBin,
    PConst,
    PCoprime,
    PMem,
    PModEq,
    PNot,
    PPred,
    PRel,
    Prop,
    _ediv,
    _emod,
    _is_prime,
    expr_vars,
    prop_vars,
)

MAX_BITS = 4096


def eval_num(e: Expr, ty: str) -> Fraction:
    """Exact value of a closed numeral term of type `ty` (ℕ ℤ ℚ ℝ), or NotEvaluable."""
    if isinstance(e, ENum):
        return Fraction(e.n)
    if isinstance(e, ENeg):
        return -eval_num(e.arg, ty)
    if isinstance(e, ECast):
        return eval_num(e.arg, e.src)
    if isinstance(e, ESum) or (isinstance(e, EApp) and e.fn not in ("abs", "Nat.gcd", "Nat.lcm")):
        return eval_lib_num(e, ty, eval_num)
    if isinstance(e, EApp):
        vals = [eval_num(a, ty if e.fn == "abs" else NAT) for a in e.args]
        if e.fn == "abs":
            return abs(vals[0])
        if e.fn in ("Nat.gcd", "Nat.lcm"):
            a, b = int(vals[0]), int(vals[1])
            g = math.gcd(a, b)
            return Fraction(g if e.fn == "Nat.gcd" else (0 if g == 0 else a * b // g))
        raise NotEvaluable(e.fn)
    if isinstance(e, EBin):
        a = eval_num(e.lhs, ty)
        if e.op == "^":
            n = eval_num(e.rhs, NAT)
            if max(a.numerator.bit_length(), a.denominator.bit_length()) * n > MAX_BITS:
                raise NotEvaluable("too large")
            return a ** int(n)
        b = eval_num(e.rhs, ty)
        if e.op == "+":
            r = a + b
        elif e.op == "-":
            r = a - b
        elif e.op == "∸":
            r = max(a - b, Fraction(0))
        elif e.op == "*":
            r = a * b
        elif e.op == "/":
            r = Fraction(0) if b == 0 else a / b
        elif e.op == "÷":
            r = Fraction(_ediv(int(a), int(b)))
        elif e.op == "%":
            r = Fraction(_emod(int(a), int(b)))
        else:
            raise NotEvaluable(e.op)
        if max(r.numerator.bit_length(), r.denominator.bit_length()) > MAX_BITS:
            raise NotEvaluable("too large")
        return r
    raise NotEvaluable(type(e).__name__)


_CMP = {
    "=": lambda a, b: a == b,
    "≠": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "≤": lambda a, b: a <= b,
    "≥": lambda a, b: a >= b,
    "∣": lambda a, b: b == 0 if a == 0 else (b / a).denominator == 1,
}


def eval_closed(p: Prop) -> bool:
    """Truth of a closed proposition built from numeral comparisons, ∣, Even/Odd/Nat.Prime, connectives."""
    if prop_vars(p):
        raise NotEvaluable("free variables")
    if isinstance(p, PConst):
        return p.value
    if isinstance(p, PNot):
        return not eval_closed(p.arg)
    if isinstance(p, PRel):
        return _CMP[p.op](eval_num(p.lhs, p.ty), eval_num(p.rhs, p.ty))
    if isinstance(p, PPred):
        v = eval_num(p.arg, p.ty)
        if p.name == "Nat.Prime":
            return _is_prime(int(v))
        return int(v) % 2 == (0 if p.name == "Even" else 1)
    if isinstance(p, PCoprime):  # the definition (`Nat.gcd` is kernel-accelerated): what `decide` evaluates
        return math.gcd(int(eval_num(p.a, p.ty)), int(eval_num(p.b, p.ty))) == 1
    if isinstance(p, PModEq):  # the definition (Nat.mod / Int.emod): what `decide` evaluates
        n = int(eval_num(p.n, p.ty))
        return _emod(int(eval_num(p.lhs, p.ty)), n) == _emod(int(eval_num(p.rhs, p.ty)), n)
    if isinstance(p, PBin):
        a, b = eval_closed(p.lhs), eval_closed(p.rhs)
        return {"∧": a and b, "∨": a or b, "→": (not a) or b, "↔": a == b, "=": a == b}[p.op]
    raise NotEvaluable(type(p).__name__)


def rewrite_expr(e: Expr, lhs: Expr, rhs: Expr) -> Expr:
    """Replace `lhs` by `rhs` in `e`, a term of the rule's type; arguments of casts and functions have
    their own types and are left alone (a rule never applies at a type other than its own)."""
    if e == lhs:
        return rhs
    if isinstance(e, EBin):
        new_rhs = e.rhs if e.op == "^" else rewrite_expr(e.rhs, lhs, rhs)  # exponents are ℕ
        return EBin(e.op, rewrite_expr(e.lhs, lhs, rhs), new_rhs)
    if isinstance(e, ENeg):
        return ENeg(rewrite_expr(e.arg, lhs, rhs))
    return e


def rewrite_prop(p: Prop, lhs: Expr, rhs: Expr, ty: str) -> Prop:
    """Replace `lhs` (of type `ty`) by `rhs` in the relations of type `ty` (quantifiers untouched)."""
    if isinstance(p, PNot):
        return PNot(rewrite_prop(p.arg, lhs, rhs, ty))
    if isinstance(p, PBin):
        return PBin(p.op, rewrite_prop(p.lhs, lhs, rhs, ty), rewrite_prop(p.rhs, lhs, rhs, ty))
    if isinstance(p, PRel) and p.ty == ty:
        return PRel(p.op, rewrite_expr(p.lhs, lhs, rhs), rewrite_expr(p.rhs, lhs, rhs), p.ty)
    if isinstance(p, PPred) and p.ty == ty:
        return PPred(p.name, rewrite_expr(p.arg, lhs, rhs), p.ty)
    if isinstance(p, PModEq | PCoprime | PMem) and p.ty == ty:
        return p.map(lambda e: rewrite_expr(e, lhs, rhs))
    return p


# ---------------------------------------------------------------------------------------------- positivity

POS, NONNEG, NONZERO = "pos", "nonneg", "nonzero"


def _hyp_bound(e: Expr, hyps: list[Prop]) -> str | None:
    """Mathlib's `compareHyp`: hypotheses `lo < e`, `lo ≤ e`, `e ≠ 0` with a numeral `lo`."""
    best: str | None = None
    for h in hyps:
        if isinstance(h, PRel):
            op, lo, x = h.op, h.lhs, h.rhs
            if op in (">", "≥"):
                op, lo, x = {">": "<", "≥": "≤"}[op], h.rhs, h.lhs
            if op == "≠" and (h.lhs == e and h.rhs == ENum(0)):
                best = best or NONZERO
                continue
            if x != e or op not in ("<", "≤"):
                continue
            try:
                v = eval_num(lo, h.ty)
            except NotEvaluable:
                continue
            if (op == "<" and v >= 0) or (op == "≤" and v > 0):
                return POS
            if op == "≤" and v == 0:
                best = NONNEG
    return best


def _sign(e: Expr, ty: str, hyps: list[Prop]) -> str | None:
    if isinstance(e, ENum):
        return POS if e.n > 0 else NONNEG
    hyp = _hyp_bound(e, hyps)
    if hyp == POS:
        return POS
    got = _sign_struct(e, ty, hyps)
    return got if got is not None else hyp  # the better of the two facts, never a combination


def _log_sign(a: Expr) -> str | None:
    """Mathlib's positivity extensions for `Real.log`: `evalLogNatCast` / `evalLogIntCast` (`log ↑n ≥ 0`)
    and `evalLogNatLit` (an argument norm_num evaluates to an integer `n`: `> 0` when |n| ≥ 2, else
    `≥ 0`); a non-integer argument is left (its branch was not checked)."""
    if isinstance(a, ECast) and a.src in (NAT, INT):
        return NONNEG
    if expr_vars(a, set()):
        return None
    try:
        v = eval_num(a, REAL)
    except (NotEvaluable, ValueError, ZeroDivisionError):
        return None
    if v.denominator != 1:
        return None
    return POS if abs(v) >= 2 else NONNEG


def _sign_struct(e: Expr, ty: str, hyps: list[Prop]) -> str | None:
    if isinstance(e, ECast):
        s = _sign(e.arg, e.src, hyps)
        return s if s else (NONNEG if e.src == NAT else None)
    if isinstance(e, EApp) and e.fn == "abs":
        return POS if _sign(e.args[0], ty, hyps) in (POS, NONZERO) else NONNEG
    if isinstance(e, EApp) and e.fn == "Real.sqrt":  # Mathlib's extension: `√a` is > 0 when `a` is, else ≥ 0
        return POS if _sign(e.args[0], ty, hyps) == POS else NONNEG
    if isinstance(e, EApp) and e.fn == "Real.exp":  # `exp a` is always > 0
        return POS
    if isinstance(e, EApp) and e.fn == "Real.log" and len(e.args) == 1:
        return _log_sign(e.args[0])
    if isinstance(e, EApp) and e.fn == "Real.rpow" and len(e.args) == 2:
        # Mathlib's evalRpowZero (`a ^ (0 : ℝ)` is 1) and evalRpow (the base's sign: > 0 gives > 0 by
        # Real.rpow_pos_of_pos, ≥ 0 gives ≥ 0 by Real.rpow_nonneg; nothing for a base of unknown sign)
        if e.args[1] == ENum(0):
            return POS
        base = _sign(e.args[0], ty, hyps)
        return base if base in (POS, NONNEG) else None
    if isinstance(e, EBin):
        a = _sign(e.lhs, ty, hyps)
        if e.op == "^":
            n = e.rhs.n if isinstance(e.rhs, ENum) else None
            if a == POS:
                return POS
            if n is not None and n % 2 == 0:
                return POS if a == NONZERO else NONNEG
            if a == NONNEG:
                return NONNEG
            return NONZERO if a == NONZERO else (NONNEG if ty == NAT else None)
        b = _sign(e.rhs, ty, hyps)
        if e.op == "+":
            if (a == POS and b in (POS, NONNEG)) or (b == POS and a in (POS, NONNEG)):
                return POS
            if a in (POS, NONNEG) and b in (POS, NONNEG):
                return NONNEG
            return NONNEG if ty == NAT else None
        if e.op in ("*", "/"):
            if a == POS and b == POS:
                return POS
            if a in (POS, NONNEG) and b in (POS, NONNEG):
                return NONNEG
            if a in (POS, NONZERO) and b in (POS, NONZERO):
                return NONZERO
            return NONNEG if ty == NAT else None
        if e.op == "÷" and a in (POS, NONNEG) and b in (POS, NONNEG):
            return NONNEG
    return NONNEG if ty == NAT else None  # ℕ: every term is ≥ 0 (canonically ordered)


def positivity(goal: Prop, hyps: list[Prop]) -> bool:
    """Does Mathlib's `positivity` close `0 < e`, `0 ≤ e` or `e ≠ 0`?"""
    if not isinstance(goal, PRel) or goal.ty == "ℂ":  # positivity needs an ordered semiring
        return False
    op, lhs, rhs = goal.op, goal.lhs, goal.rhs
    if op in (">", "≥"):
        op, lhs, rhs = {">": "<", "≥": "≤"}[op], rhs, lhs
    if op == "≠" and rhs == ENum(0):
        return _sign(lhs, goal.ty, hyps) in (POS, NONZERO)
    if lhs != ENum(0) or op not in ("<", "≤"):
        return False
    s = _sign(rhs, goal.ty, hyps)
    return s == POS if op == "<" else s in (POS, NONNEG)


__all__ = ["eval_closed", "eval_num", "positivity", "rewrite_prop"]


# ---------------------------------------------------------------------------------------------- rw / subst


def _rw_expr(e: Expr, cur: str, lhs: Expr, rhs: Expr, ty: str, sorts: dict, hits: list[int]) -> Expr:
    """Every instance of `lhs` at type `ty` (the way `rw` abstracts it), types tracked through casts,
    function arguments and exponents."""
    if cur == ty and e == lhs:
        hits[0] += 1
        return rhs
    if isinstance(e, EBin):
        rt = NAT if e.op == "^" else cur  # exponents are ℕ
        return EBin(
            e.op,
            _rw_expr(e.lhs, cur, lhs, rhs, ty, sorts, hits),
            _rw_expr(e.rhs, rt, lhs, rhs, ty, sorts, hits),
        )
    if isinstance(e, ENeg):
        return ENeg(_rw_expr(e.arg, cur, lhs, rhs, ty, sorts, hits))
    if isinstance(e, ECast):
        return ECast(_rw_expr(e.arg, e.src, lhs, rhs, ty, sorts, hits), e.src, e.dst)
    if isinstance(e, EApp):
        if e.fn == "abs":
            doms = [cur]
        elif e.fn in LIB_FUNS:
            doms = list(LIB_FUNS[e.fn][0])
        else:
            doms = sorts[e.fn].split(" → ")[:-1]
        args = zip(e.args, doms, strict=True)
        return EApp(e.fn, tuple(_rw_expr(a, d, lhs, rhs, ty, sorts, hits) for a, d in args))
    if isinstance(e, ESum):  # bounds always; the summand when the rule cannot mention the index
        from minilean.syntax import expr_vars

        lo, hi = (_rw_expr(x, e.ity, lhs, rhs, ty, sorts, hits) for x in (e.lo, e.hi))
        body = e.body
        if e.guard is None and e.var not in expr_vars(lhs, set()) | expr_vars(rhs, set()):
            body = _rw_expr(e.body, e.ty, lhs, rhs, ty, sorts, hits)
        return ESum(e.op, e.var, e.ity, e.kind, lo, hi, body, e.ty, e.guard)
    return e


def rewrite_everywhere(
    p: Prop, lhs: Expr, rhs: Expr, ty: str, sorts: dict, expr_fn: Callable[..., Expr] | None = None
) -> tuple[Prop, int]:
    """`rw [h]` with `h : lhs = rhs` (type `ty`): the rewritten proposition and the number of instances.
    Under a binder only instances not mentioning the bound variable are rewritten (as `kabstract`).
    `expr_fn` rewrites one term (default: syntactic instances; `rewrite.abstract_everywhere` passes
    its `kabstract`-style matcher)."""
    rw = _rw_expr if expr_fn is None else expr_fn
    hits = [0]
    from minilean.syntax import PQuant, expr_vars

    bad = expr_vars(lhs, set()) | expr_vars(rhs, set())

    def go(q: Prop) -> Prop:
        if isinstance(q, PNot):
            return PNot(go(q.arg))
        if isinstance(q, PBin):
            return PBin(q.op, go(q.lhs), go(q.rhs))
        if isinstance(q, PRel):
            return PRel(q.op, rw(q.lhs, q.ty, lhs, rhs, ty, sorts, hits),
                        rw(q.rhs, q.ty, lhs, rhs, ty, sorts, hits), q.ty)
        if isinstance(q, PPred):
            return PPred(q.name, rw(q.arg, q.ty, lhs, rhs, ty, sorts, hits), q.ty)
        if isinstance(q, PModEq | PCoprime | PMem):
            return q.map(lambda e: rw(e, q.ty, lhs, rhs, ty, sorts, hits))
        if isinstance(q, PQuant):
            if q.var in bad:
                return q  # the instance would mention the bound variable (or capture it)
            return PQuant(q.q, q.var, q.sort, go(q.body))
        return q

    return go(p), hits[0]


def decide_bounded(p: Prop, budget: int = 64) -> bool | None:
    """`decide` on `∀ x : ℕ, x ≤ n → P x` / `∀ x : ℕ, x < n → P x` with a literal bound: Lean's instances
    `Nat.decidableBallLE` / `Nat.decidableBallLT` evaluate every instance (kernel reduction). Each instance
    must be closed and decidable itself (or again such a bounded ∀). At most `budget` instances in all
    (beyond, Lean's evaluation may hit its recursion limit: refused, None). None = not decidable here."""
    from minilean.syntax import EVar, PQuant, closed_truth, subst_prop

    counter = [budget]

    def go(q: Prop) -> bool | None:
        t = closed_truth(q)
        if t is not None:
            return t
        if not (isinstance(q, PQuant) and q.q == "∀" and q.sort == NAT):
            return None
        body = q.body
        if not (isinstance(body, PBin) and body.op == "→" and isinstance(body.lhs, PRel)):
            return None
        guard = body.lhs
        if not (guard.op in ("≤", "<") and guard.lhs == EVar(q.var) and isinstance(guard.rhs, ENum)):
            return None
        hi = guard.rhs.n if guard.op == "≤" else guard.rhs.n - 1
        result = True
        for k in range(hi + 1):
            counter[0] -= 1
            if counter[0] < 0:
                return None
            v = go(subst_prop(body.rhs, q.var, ENum(k)))
            if v is None:
                return None
            result = result and v
        return result

    return go(p)


def empty_nat_lt_zero(p: Prop) -> bool:
    """`h : a < 0` in ℕ: `contradiction`'s empty-inductive check (`Nat.lt a 0` is `Nat.le (a + 1) 0` at
    whnfD; neither constructor of `Nat.le` has an index that unifies with `0`), so `cases` closes it."""
    from minilean.syntax import NAT

    return isinstance(p, PRel) and p.ty == NAT and p.op == "<" and p.rhs == ENum(0)

