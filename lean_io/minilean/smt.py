"""Translation of minilean propositions to z3, and validity checks with a per-call timeout.

Used as the oracle of the differential soundness tests and behind the arithmetic tactics. ℕ and ℤ are
z3 `Int` (ℕ variables get `≥ 0`), Prop variables are `Bool`. A check answers `True` (valid), `False`
(z3 found a countermodel) or `None` (unknown / timeout): callers must treat `None` as "not proven".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import z3

from lean_io.minilean.syntax import NAT, EBin, ENeg, ENum, EVar, Expr, PBin, PConst, PNot, PRel, Prop, PVar


class Untranslatable(Exception):
    """The proposition uses something the z3 encoding does not cover."""


class Encoder:
    def __init__(self, sorts: Mapping[str, str]) -> None:
        self.sorts = sorts
        self.vars: dict[str, z3.ExprRef] = {}
        self.side: list[z3.BoolRef] = []  # facts every model must satisfy (ℕ variables are ≥ 0)

    def var(self, name: str) -> z3.ExprRef:
        if name not in self.vars:
            sort = self.sorts.get(name)
            if sort == "Prop":
                self.vars[name] = z3.Bool(name)
            elif sort in ("ℕ", "ℤ"):
                v = z3.Int(name)
                self.vars[name] = v
                if sort == NAT:
                    self.side.append(v >= 0)
            else:
                raise Untranslatable(f"variable {name} of sort {sort}")
        return self.vars[name]

    def expr(self, e: Expr, ty: str) -> z3.ArithRef:
        if isinstance(e, ENum):
            return z3.IntVal(e.n)
        if isinstance(e, EVar):
            return self.var(e.name)  # type: ignore[return-value]
        if isinstance(e, ENeg):
            return -self.expr(e.arg, ty)
        if isinstance(e, EBin):
            a, b = self.expr(e.lhs, ty), self.expr(e.rhs, ty)
            if e.op == "+":
                return a + b
            if e.op == "*":
                return a * b
            if e.op == "-":
                return a - b if ty != NAT else z3.If(a >= b, a - b, 0)  # ℕ subtraction truncates
        raise Untranslatable(f"expression {e!r}")

    def prop(self, p: Prop) -> z3.BoolRef:
        if isinstance(p, PConst):
            return z3.BoolVal(p.value)
        if isinstance(p, PVar):
            return self.var(p.name)  # type: ignore[return-value]
        if isinstance(p, PNot):
            return z3.Not(self.prop(p.arg))
        if isinstance(p, PBin):
            a, b = self.prop(p.lhs), self.prop(p.rhs)
            return {"∧": z3.And, "∨": z3.Or, "→": z3.Implies, "↔": lambda x, y: x == y}[p.op](a, b)
        if isinstance(p, PRel):
            a, b = self.expr(p.lhs, p.ty), self.expr(p.rhs, p.ty)
            return {
                "=": lambda: a == b,
                "≠": lambda: a != b,
                "<": lambda: a < b,
                "≤": lambda: a <= b,
                ">": lambda: a > b,
                "≥": lambda: a >= b,
            }[p.op]()
        raise Untranslatable(f"proposition {p!r}")


def valid(
    hyps: Iterable[Prop], goal: Prop, sorts: Mapping[str, str], timeout_ms: int = 2000
) -> bool | None:
    """Is `hyps → goal` valid? True / False (countermodel) / None (unknown or timeout)."""
    enc = Encoder(sorts)
    s = z3.Solver()
    s.set("timeout", int(timeout_ms))
    for h in hyps:
        s.add(enc.prop(h))
    s.add(z3.Not(enc.prop(goal)))
    s.add(*enc.side)
    r = s.check()
    if r == z3.unsat:
        return True
    if r == z3.sat:
        return False
    return None


__all__ = ["Encoder", "Untranslatable", "valid"]
