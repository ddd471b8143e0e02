"""Mathlib's `linear_combination e` / `linear_combination (exp := n) e` on an equality goal.

Mathlib expands `e` over `+ - * /` and negation into one proof of `a = b` (leaves that are proofs of
equalities stay proofs, every other leaf is a value), then `refine eq_of_add p ?_` leaves
`(a' - b') - (a - b) = 0` for the goal `a' = b'` (with `(exp := n)`: `(a' - b') ^ n - (a - b) = 0`) and
closes it with `ring1`, which either proves it or fails. We model exactly that check, with minilean's
`ring` normal form. Weaker than Mathlib on purpose (refused with a message), because the Mathlib
versions differ there:
- products / quotients of two proofs and `h⁻¹` (older Mathlib multiplies them, newer rejects them);
- goals in ℕ (older Mathlib needs an additive group, newer works over semirings with another check);
- `≤` / `<` goals (only newer Mathlib) and `(norm := tac)`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from minilean.goals import Goal, TacticFail
from minilean.linarith import NotLinear
from minilean.outcome import Outcome
from minilean.ring_exp import ring_equal
from minilean.syntax import INT, NAT, EBin, ENeg, ENum, Expr, PRel, SyntaxErr, _Typer, parse_term
from minilean.terms import Elaborator

_EXP = re.compile(r"^\(\s*exp\s*:=\s*(\d+)\s*\)")
_NORM = re.compile(r"^\(\s*norm\s*:=")


@dataclass(frozen=True)
class _Proof:
    lhs: Expr
    rhs: Expr


@dataclass(frozen=True)
class _Const:
    node: tuple  # kept as syntax, elaborated at the goal's type when it meets a proof (as Mathlib does)


class _Expander:
    def __init__(self, g: Goal, globals_: object, ty: str) -> None:
        self.g, self.globals, self.ty = g, globals_, ty

    def value(self, c: _Const) -> Expr:
        try:
            e, ty = _Typer(self.g.sorts()).tree(c.node, self.ty)
        except SyntaxErr as err:
            raise TacticFail(str(err)) from None
        if ty != self.ty:
            raise TacticFail(f"type mismatch: a term of type {ty} where {self.ty} is expected")
        return e

    def leaf(self, node: tuple) -> _Proof | _Const:
        # a value is whatever elaborates as a term of the goal's type; anything else must be a proof
        try:
            _Typer(self.g.sorts()).tree(node, self.ty)
            return _Const(node)
        except SyntaxErr:
            pass
        try:
            p = Elaborator(self.g.hyps, self.globals).synth(node)  # type: ignore[arg-type]
        except SyntaxErr as err:
            raise TacticFail(str(err)) from None
        if not (isinstance(p, PRel) and p.op == "="):
            raise TacticFail("linear_combination: a proof argument must prove an equality")
        if p.ty != self.ty:
            raise TacticFail(f"type mismatch: an equality in {p.ty} where {self.ty} is expected")
        return _Proof(p.lhs, p.rhs)

    def expand(self, node: tuple) -> _Proof | _Const:
        if node[0] == "bin" and node[1] in ("+", "-", "*", "/"):
            op, a, b = node[1], self.expand(node[2]), self.expand(node[3])
            if isinstance(a, _Const) and isinstance(b, _Const):
                return _Const(("bin", op, a.node, b.node))
            if op in ("*", "/") and isinstance(a, _Proof) and isinstance(b, _Proof):
                raise TacticFail("minilean: linear_combination with a product of two proofs is not supported")
            if op == "/" and isinstance(b, _Proof):
                raise TacticFail("minilean: linear_combination dividing by a proof is not supported")
            la, ra = (a.lhs, a.rhs) if isinstance(a, _Proof) else (self.value(a),) * 2
            lb, rb = (b.lhs, b.rhs) if isinstance(b, _Proof) else (self.value(b),) * 2
            if op == "/" and self.ty == INT:
                op = "÷"  # ℤ's `/` is Int.div (rounding): an atom to ring1, not a field quotient
            return _Proof(EBin(op, la, lb), EBin(op, ra, rb))
        if node[0] == "neg":
            a = self.expand(node[1])
            return _Const(node) if isinstance(a, _Const) else _Proof(ENeg(a.lhs), ENeg(a.rhs))
        if node[0] == "app" and node[1] == ("id", "Inv.inv"):
            a = self.expand(node[2][0])
            if isinstance(a, _Proof):
                raise TacticFail("minilean: linear_combination with the inverse of a proof is not supported")
            return _Const(node)
        return self.leaf(node)


def run_linear_combination(g: Goal, rest: str, globals_: object) -> Outcome:
    rest = rest.strip()
    if _NORM.match(rest):
        raise TacticFail("minilean: linear_combination (norm := …) is not supported")
    exp = 1
    m = _EXP.match(rest)
    if m:
        exp, rest = int(m.group(1)), rest[m.end() :].strip()
    t = g.target
    if not (isinstance(t, PRel) and t.op == "="):
        raise TacticFail("'linear_combination' only proves equalities")
    if t.ty == NAT:
        raise TacticFail("minilean: linear_combination over ℕ is not supported (Mathlib versions differ)")
    ex = _Expander(g, globals_, t.ty)
    if rest:
        try:
            node = parse_term(rest)
        except SyntaxErr as err:
            raise TacticFail(str(err)) from None
        comb = ex.expand(node)
        pf = comb if isinstance(comb, _Proof) else _Proof(ex.value(comb), ex.value(comb))  # Eq.refl c
    else:
        pf = _Proof(ENum(0), ENum(0))  # Eq.refl 0
    goal_diff: Expr = EBin("-", t.lhs, t.rhs)
    if exp != 1:
        goal_diff = EBin("^", goal_diff, ENum(exp))
    lhs = EBin("-", goal_diff, EBin("-", pf.lhs, pf.rhs))
    try:
        ok = ring_equal(lhs, ENum(0), t.ty)
    except NotLinear as e:
        raise TacticFail(f"ring failed: {e}") from None
    if not ok:
        raise TacticFail("ring failed, ring_nf subsidiary goal\n" + g.render())
    return Outcome([])
