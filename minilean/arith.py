"""A sound decision procedure for quantifier-free linear integer arithmetic (minilean's `omega`).

Facts are turned into negation normal form over atoms `Σ aᵢxᵢ ≤ c` and `Σ aᵢxᵢ = c`; disjunctions are
split by depth-first search, and every conjunction is refuted (or not) by Fourier–Motzkin elimination
with integer tightening (divide by the gcd of the coefficients and round the bound down). Each derived
constraint is a valid integer consequence, so "unsatisfiable" is always right; the procedure may fail
to refute some integer-infeasible but rationally feasible problems, which only makes `omega` weaker.
Work is counted in deterministic steps rather than seconds, so a step budget stands in for a timeout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from math import gcd

from minilean.syntax import (
    INT,
    NAT,
    EBin,
    ENeg,
    ENum,
    EVar,
    Expr,
    PBin,
    PConst,
    PNot,
    PRel,
    Prop,
    expr_vars,
)


class OmegaTimeout(Exception):
    """The step budget ran out."""


Lin = dict[str, int]
# NNF formulas: ("le", coeffs, c) means Σ ≤ c; ("eq", coeffs, c); ("and", parts); ("or", parts); ("true",);
# ("false",)
Formula = tuple


def linearize(e: Expr) -> tuple[Lin, int]:
    if isinstance(e, ENum):
        return {}, e.n
    if isinstance(e, EVar):
        return {e.name: 1}, 0
    if isinstance(e, ENeg):
        co, c = linearize(e.arg)
        return {v: -k for v, k in co.items()}, -c
    if isinstance(e, EBin):
        lc, lk = linearize(e.lhs)
        rc, rk = linearize(e.rhs)
        if e.op == "+":
            return _add(lc, rc, 1), lk + rk
        if e.op == "-":
            return _add(lc, rc, -1), lk - rk
        if e.op != "*":
            raise ValueError(f"operator {e.op} is not linear arithmetic")
        if not lc:
            return {v: lk * k for v, k in rc.items() if lk * k}, lk * rk
        if not rc:
            return {v: rk * k for v, k in lc.items() if rk * k}, lk * rk
        raise ValueError("non-linear product")
    raise ValueError("metavariable in arithmetic")


def _add(a: Lin, b: Lin, sign: int) -> Lin:
    out = dict(a)
    for v, k in b.items():
        out[v] = out.get(v, 0) + sign * k
    return {v: k for v, k in out.items() if k}


def _neg(co: Lin) -> Lin:
    return {v: -k for v, k in co.items()}


def is_arith(p: Prop) -> bool:
    """True iff `p` is built from linear ℕ/ℤ (in)equalities (+, ring -, *, numerals), True and False with
    connectives: what this procedure models exactly (no Prop variables, ∸ ÷ % ^, casts or functions)."""
    if isinstance(p, PConst):
        return True
    if isinstance(p, PRel):
        if p.ty not in (NAT, INT) or p.op == "∣":
            return False
        try:
            linearize(p.lhs)
            linearize(p.rhs)
        except ValueError:
            return False
        return True
    if isinstance(p, PNot):
        return is_arith(p.arg)
    if isinstance(p, PBin):
        return is_arith(p.lhs) and is_arith(p.rhs)
    return False


def to_nnf(p: Prop, positive: bool = True) -> Formula:
    if isinstance(p, PConst):
        return ("true",) if p.value == positive else ("false",)
    if isinstance(p, PNot):
        return to_nnf(p.arg, not positive)
    if isinstance(p, PRel):
        return _atom(p, positive)
    if isinstance(p, PBin):
        a, b = p.lhs, p.rhs
        if p.op == "∧":
            return (
                ("and", (to_nnf(a), to_nnf(b))) if positive else ("or", (to_nnf(a, False), to_nnf(b, False)))
            )
        if p.op == "∨":
            return (
                ("or", (to_nnf(a), to_nnf(b))) if positive else ("and", (to_nnf(a, False), to_nnf(b, False)))
            )
        if p.op == "→":
            return (
                ("or", (to_nnf(a, False), to_nnf(b))) if positive else ("and", (to_nnf(a), to_nnf(b, False)))
            )
        both = ("and", (to_nnf(a), to_nnf(b)))
        neither = ("and", (to_nnf(a, False), to_nnf(b, False)))
        if positive:
            return ("or", (both, neither))
        return ("or", (("and", (to_nnf(a), to_nnf(b, False))), ("and", (to_nnf(a, False), to_nnf(b)))))
    raise ValueError("not an arithmetic formula")


def _atom(p: PRel, positive: bool) -> Formula:
    lc, lk = linearize(p.lhs)
    rc, rk = linearize(p.rhs)
    co, k = _add(lc, rc, -1), lk - rk  # lhs - rhs = co·x + k
    op = p.op
    if not positive:
        op = {"=": "≠", "≠": "=", "<": "≥", "≥": "<", ">": "≤", "≤": ">"}[op]
    if op == "≤":
        return ("le", co, -k)
    if op == "<":
        return ("le", co, -k - 1)
    if op == "≥":
        return ("le", _neg(co), k)
    if op == ">":
        return ("le", _neg(co), k - 1)
    if op == "=":
        return ("eq", co, -k)
    return ("or", (("le", co, -k - 1), ("le", _neg(co), k - 1)))


class _Budget:
    def __init__(self, steps: int) -> None:
        self.left = steps

    def spend(self, n: int = 1) -> None:
        self.left -= n
        if self.left < 0:
            raise OmegaTimeout


def unsatisfiable(formulas: Iterable[Formula], nat_vars: Iterable[str], steps: int = 200_000) -> bool:
    """True iff the conjunction of `formulas` has no integer model with `nat_vars` ≥ 0 (sound, see above)."""
    budget = _Budget(steps)
    base: list[Formula] = [("le", {v: -1}, 0) for v in sorted(set(nat_vars))]
    return not _search(list(formulas) + base, [], [], budget)


def _search(
    todo: list[Formula], les: list[tuple[Lin, int]], eqs: list[tuple[Lin, int]], budget: _Budget
) -> bool:
    """Depth-first over disjunctions; True iff some branch is not refuted."""
    todo = list(todo)
    les, eqs = list(les), list(eqs)
    while todo:
        budget.spend()
        f = todo.pop()
        kind = f[0]
        if kind == "true":
            continue
        if kind == "false":
            return False
        if kind == "le":
            les.append((f[1], f[2]))
        elif kind == "eq":
            eqs.append((f[1], f[2]))
        elif kind == "and":
            todo.extend(f[1])
        else:  # "or": try each disjunct
            return any(_search([*todo, part], les, eqs, budget) for part in f[1])
    return _fm_feasible(les, eqs, budget)


def _fm_feasible(les: list[tuple[Lin, int]], eqs: list[tuple[Lin, int]], budget: _Budget) -> bool:
    les = list(les)
    eqs = list(eqs)
    # Equalities: normalise, substitute away unit-coefficient variables exactly, the rest become two ≤.
    while eqs:
        budget.spend()
        co, c = eqs.pop()
        if not co:
            if c != 0:
                return False
            continue
        g = 0
        for k in co.values():
            g = gcd(g, k)
        if c % g:
            return False
        co, c = {v: k // g for v, k in co.items()}, c // g
        unit = next((v for v in sorted(co) if abs(co[v]) == 1), None)
        if unit is None:
            les.append((co, c))
            les.append((_neg(co), -c))
            continue
        a = co[unit]
        # unit = (c - Σ_{v≠unit} co[v]·v) / a  with a = ±1
        rest = {v: -k * a for v, k in co.items() if v != unit}
        rc = c * a

        def subst(lin: Lin, const: int, unit: str = unit, rest: Lin = rest, rc: int = rc) -> tuple[Lin, int]:
            k = lin.get(unit, 0)
            if not k:
                return lin, const
            out = {v: x for v, x in lin.items() if v != unit}
            out = _add(out, rest, k)
            return out, const - k * rc

        eqs = [subst(lin, const) for lin, const in eqs]
        les = [subst(lin, const) for lin, const in les]
    cons = _normalize(les, budget)
    if cons is None:
        return False
    while True:
        vars_ = sorted({v for co in cons for v, _ in co})
        if not vars_:
            return True
        best, best_cost = vars_[0], None
        for v in vars_:
            pos = sum(1 for co in cons if co_get(co, v) > 0)
            neg = sum(1 for co in cons if co_get(co, v) < 0)
            cost = pos * neg - pos - neg
            if best_cost is None or cost < best_cost:
                best, best_cost = v, cost
        pos_c = [(co, c) for co, c in cons.items() if co_get(co, best) > 0]
        neg_c = [(co, c) for co, c in cons.items() if co_get(co, best) < 0]
        new = [(dict(co), c) for co, c in cons.items() if co_get(co, best) == 0]
        for pco, pc in pos_c:
            a = co_get(pco, best)
            for nco, nc in neg_c:
                budget.spend()
                b = -co_get(nco, best)
                lin = _add({v: k * b for v, k in pco}, {v: k * a for v, k in nco}, 1)
                new.append((lin, pc * b + nc * a))
        cons = _normalize(new, budget)
        if cons is None:
            return False


def co_get(co: tuple[tuple[str, int], ...], v: str) -> int:
    for name, k in co:
        if name == v:
            return k
    return 0


def _normalize(les: list[tuple[Lin, int]], budget: _Budget) -> dict | None:
    """Tighten and deduplicate `Σ ≤ c` constraints; None if one is trivially false."""
    out: dict[tuple[tuple[str, int], ...], int] = {}
    for co, c in les:
        budget.spend()
        co = {v: k for v, k in co.items() if k}
        if not co:
            if c < 0:
                return None
            continue
        g = 0
        for k in co.values():
            g = gcd(g, k)
        key = tuple(sorted((v, k // g) for v, k in co.items()))
        bound = c // g  # floor division: integer tightening
        if key in out:
            out[key] = min(out[key], bound)
        else:
            out[key] = bound
    for key, c in out.items():  # a·x ≤ c together with -a·x ≤ d needs c + d ≥ 0
        neg_key = tuple((v, -k) for v, k in key)
        if neg_key in out and c + out[neg_key] < 0:
            return None
    return out


def omega_valid(
    hyps: Iterable[Prop], goal: Prop | None, var_sorts: Mapping[str, str], steps: int = 200_000
) -> bool:
    """Do the arithmetic `hyps` entail `goal` (None: entail False) over ℤ, with ℕ variables non-negative?"""
    formulas = [to_nnf(h) for h in hyps]
    if goal is not None:
        formulas.append(to_nnf(goal, positive=False))
    used: set[str] = set()
    for h in [*hyps, *([goal] if goal is not None else [])]:
        _collect(h, used)
    nat = [v for v in used if var_sorts.get(v) == NAT]
    for v in used:
        if var_sorts.get(v) not in (NAT, INT):
            raise ValueError(f"unknown arithmetic variable {v}")
    return unsatisfiable(formulas, nat, steps)


def _collect(p: Prop, acc: set[str]) -> None:
    if isinstance(p, PRel):
        expr_vars(p.lhs, acc)
        expr_vars(p.rhs, acc)
    elif isinstance(p, PNot):
        _collect(p.arg, acc)
    elif isinstance(p, PBin):
        _collect(p.lhs, acc)
        _collect(p.rhs, acc)


__all__ = ["INT", "NAT", "OmegaTimeout", "is_arith", "linearize", "omega_valid", "to_nnf", "unsatisfiable"]
