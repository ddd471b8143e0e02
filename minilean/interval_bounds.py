"""`interval_cases e` (Mathlib.Tactic.IntervalCases): one goal per integer value of `e` between the
bounds found among the hypotheses.

As Mathlib's: `e` is generalized to a fresh variable first, so `e` may be a term (`interval_cases n % 47`,
`interval_cases (a 0)`): its instances (kabstract: same head, reducibly defeq) in the goal and every
hypothesis are replaced by each value in turn, and the variables of `e` stay. A bound is a hypothesis
`c ≤ e`, `c < e`, `e ≤ c`, `e < c` (also written with `≥`/`>`) or a negated one (`¬e < c` …), whose other
side evaluates to a number (norm_num's `derive`); the best bound of each side is used, and ℕ starts at 0.
Mathlib derives no other bound (`Nat.mod_lt` must be in the context) and has no limit on the number of
cases. `interval_cases x using hl, hu` takes the bounds from exactly the named hypotheses.
"""

from __future__ import annotations

import re

from minilean.closers import eval_num
from minilean.goals import Goal, Hyp, TacticFail
from minilean.syntax import (
    INT,
    NAT,
    ENeg,
    ENum,
    EVar,
    Expr,
    NotEvaluable,
    PNot,
    PRel,
    Prop,
    SyntaxErr,
    parse_term,
    subst_prop,
    to_expr,
)

_USING = re.compile(r"^(.*?)\s+using\s+(.+)$", re.S)
# a safety valve on the number of goals (Mathlib has none; no public proof comes near it)
MAX_CASES = 5000


def split_using_bounds(g: Goal, rest: str) -> tuple[str, tuple[Hyp, ...] | None]:
    """(`rest` without its `using` clause, the named hypotheses), or (rest, None) when there is none."""
    m = _USING.match(rest.strip())
    if m is None:
        return rest, None
    names = [n.strip() for n in m.group(2).split(",")]
    if len(names) != 2 or not all(names):
        raise TacticFail("interval_cases: expected `using hl, hu` (two hypotheses)")
    hyps = []
    for n in names:
        h = g.lookup(n)
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{n}'")
        hyps.append(h)
    return m.group(1), tuple(hyps)


def _scrutinee(g: Goal, text: str) -> tuple[Expr, str]:
    """The term `interval_cases` splits on, with its type (ℕ or ℤ)."""
    text = text.strip()
    if not text:
        raise TacticFail("minilean: interval_cases expects a term")
    h = g.lookup(text)
    if h is not None and h.is_var:
        if h.ty not in (NAT, INT):
            raise TacticFail(f"interval_cases failed: unsupported type {h.ty}")
        return EVar(text), h.ty  # type: ignore[return-value]
    try:
        node = parse_term(text)
    except SyntaxErr as e:
        raise TacticFail(str(e)) from None
    sorts = g.sorts()
    for ty in (NAT, INT):  # the type the term elaborates at without a coercion
        try:
            return to_expr(node, sorts, ty), ty
        except SyntaxErr:
            continue
    raise TacticFail("minilean: interval_cases expects a term of type ℕ or ℤ")


def _bound(p: Prop, is_e, ty: str) -> tuple[str, int] | None:  # type: ignore[no-untyped-def]
    """("lo"|"hi", inclusive value) when `p` bounds the scrutinee (`is_e` recognizes it)."""
    neg = isinstance(p, PNot)
    q = p.arg if neg else p
    if not isinstance(q, PRel) or q.ty != ty or q.op not in ("<", "≤", ">", "≥"):
        return None
    op, a, b = q.op, q.lhs, q.rhs
    if op in (">", "≥"):
        op, a, b = {">": "<", "≥": "≤"}[op], b, a
    if neg:  # ¬a < b is b ≤ a; ¬a ≤ b is b < a
        op, a, b = ("≤" if op == "<" else "<"), b, a
    strict = 1 if op == "<" else 0
    try:
        if is_e(a) and not is_e(b):
            return "hi", int(eval_num(b, ty)) - strict
        if is_e(b) and not is_e(a):
            return "lo", int(eval_num(a, ty)) + strict
    except (NotEvaluable, ValueError, ZeroDivisionError):
        return None
    return None


def _put(p: Prop, e: Expr, val: Expr, ty: str, sorts: dict) -> Prop:
    """`p` with every instance of the term `e` replaced by `val` (generalize, then subst)."""
    from minilean.rewrite import abstract_everywhere

    return abstract_everywhere(p, e, val, ty, sorts)[0]


def interval_cases(g: Goal, rest: str) -> list[Goal]:
    from minilean.kmatch import ematch, same_key

    rest, bound_hyps = split_using_bounds(g, rest)
    e, ty = _scrutinee(g, rest)
    sorts = g.sorts()

    def is_e(x: Expr) -> bool:
        return same_key(e, x) and ematch(e, x, {}, ty, sorts) is not None

    lo: int | None = 0 if ty == NAT else None
    hi: int | None = None
    for h in g.hyps if bound_hyps is None else bound_hyps:
        if h.is_var:
            continue
        b = _bound(h.ty, is_e, ty)  # type: ignore[arg-type]
        if b is None:
            if bound_hyps is not None:
                raise TacticFail(f"interval_cases failed: provided bound '{h.name}' cannot be evaluated")
            continue
        if b[0] == "hi":
            hi = b[1] if hi is None else min(hi, b[1])
        else:
            lo = b[1] if lo is None else max(lo, b[1])
    if lo is None or hi is None:
        side = "bounds" if lo is None and hi is None else ("lower bound" if lo is None else "upper bound")
        raise TacticFail(f"interval_cases failed: could not find {side} on {rest.strip()}")
    if hi - lo + 1 > MAX_CASES:
        raise TacticFail(f"minilean: interval_cases supports at most {MAX_CASES} cases")
    goals = []
    for v in range(lo, hi + 1):
        val: Expr = ENum(v) if v >= 0 else ENeg(ENum(-v))
        try:
            if isinstance(e, EVar):  # a variable: substituted everywhere and dropped
                hyps = tuple(
                    k if k.is_var else Hyp(k.name, subst_prop(k.ty, e.name, val), k.accessible)  # type: ignore[arg-type]
                    for k in g.hyps
                    if k.name != e.name
                )
                target = subst_prop(g.target, e.name, val)
            else:  # a term: generalized (every instance), then the variable is substituted
                hyps = tuple(
                    k if k.is_var else Hyp(k.name, _put(k.ty, e, val, ty, sorts), k.accessible)  # type: ignore[arg-type]
                    for k in g.hyps
                )
                target = _put(g.target, e, val, ty, sorts)
        except SyntaxErr as err:
            raise TacticFail(str(err)) from None
        goals.append(Goal(hyps, target, _value_tag(g.tag, v)))
    return goals


def _value_tag(parent: str | None, v: int) -> str:
    """Mathlib's `appendTag tag (toString z)`: each case is tagged by its value under the goal's tag,
    a name component that is not an identifier, so Lean writes it `«3»` (`case «3» =>` selects it)."""
    comp = f"«{v}»"
    return f"{parent}.{comp}" if parent else comp


__all__ = ["MAX_CASES", "interval_cases", "split_using_bounds"]
