"""`linarith` / `nlinarith` as Mathlib's: Positivstellensatz certificates over ordered fields, checked by z3.

Mathlib's linarith parses every comparison into a polynomial over atoms (products are multiplied out,
`e ^ n` with a numeral `n` expanded; the nonlinear monomials become atoms), then looks for a linear
combination that is contradictory over ℚ. That is exactly linear real arithmetic over the monomials,
which z3 decides: we hand it those linear constraints and nothing else (no integrality, no knowledge
of what a monomial means), so a goal z3 refutes here is one linarith refutes. Its preprocessing is
encoded: ℕ facts are cast to ℤ with `↑x ≥ 0` for ℕ atoms, strict ℤ inequalities are strengthened
(`a < b` ↦ `a + 1 ≤ b`), negated comparisons are flipped, `≠` and non-comparison hypotheses are
ignored, the goal's type selects the hypotheses. `nlinarith` first adds the pairwise products of the
hypotheses (and negated goal, and hint terms) and the squares of atoms that appear squared.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations_with_replacement

import z3

from minilean.nat_offsets import canonical_cast_atom
from minilean.smt import RLIMIT_PER_MS, internal_name, locked
from minilean.syntax import (
    INT,
    NAT,
    EApp,
    EBin,
    ECast,
    ENeg,
    ENum,
    ESum,
    EVar,
    Expr,
    PNot,
    PRel,
    Prop,
    expr_vars,
)

Monomial = tuple  # sorted tuple of (atom, power)
Poly = dict  # Monomial -> Fraction
MAX_TERMS = 400


class NotLinear(Exception):
    """Too large to normalise (the tactic fails)."""


def _const(c: Fraction | int) -> Poly:
    return {(): Fraction(c)} if c else {}


def _add(a: Poly, b: Poly, k: Fraction = Fraction(1)) -> Poly:
    out = dict(a)
    for m, c in b.items():
        v = out.get(m, Fraction(0)) + k * c
        if v:
            out[m] = v
        else:
            out.pop(m, None)
    return out


def _mul_mono(m1: Monomial, m2: Monomial) -> Monomial:
    d: dict = {}
    for a, p in (*m1, *m2):
        d[a] = d.get(a, 0) + p
    return tuple(sorted(d.items(), key=lambda x: repr(x[0])))


def _mul(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for m1, c1 in a.items():
        for m2, c2 in b.items():
            m = _mul_mono(m1, m2)
            v = out.get(m, Fraction(0)) + c1 * c2
            if v:
                out[m] = v
            else:
                out.pop(m, None)
    if len(out) > MAX_TERMS:
        raise NotLinear("polynomial too large")
    return out


class Normalizer:
    """Polynomials over atoms for one partition: "int" (ℕ and ℤ, casts ℕ → ℤ pushed) or a field type."""

    def __init__(self, partition: str, push_casts: bool = True, sorts: dict | None = None) -> None:
        self.partition = partition
        self.push_casts = push_casts  # linarith's natToInt pushes ℕ → ℤ casts; `ring` does not
        self.nat_atoms: set = set()  # atoms of type ℕ: get `≥ 0`
        self.sorts = sorts  # when known, atoms are identified up to ℕ literal arithmetic in arguments

    def atom(self, e: Expr, ty: str) -> Poly:
        if self.sorts is not None:
            e = canonical_atom(e, self.sorts)
        if ty == NAT:
            self.nat_atoms.add(e)
        return {((e, 1),): Fraction(1)}

    def poly(self, e: Expr, ty: str) -> Poly:
        if isinstance(e, ENum):
            return _const(e.n)
        if isinstance(e, EVar):
            return self.atom(e, ty)
        if isinstance(e, ENeg):
            return _add({}, self.poly(e.arg, ty), Fraction(-1))
        if isinstance(e, ECast):
            if not self.push_casts:
                return self.atom(e, e.dst)
            if isinstance(e.arg, ENum):
                return _const(e.arg.n)
            if self.partition == "int" and e.src == NAT and e.dst == INT:
                return self.poly(e.arg, NAT)  # push_cast ℕ → ℤ (natToInt); ∸ ÷ % stay atoms below
            return self.atom(e, e.dst) if e.src != NAT else self._nat_cast_atom(e)
        if isinstance(e, EBin):
            if e.op in ("+", "-"):
                return _add(self.poly(e.lhs, ty), self.poly(e.rhs, ty), Fraction(1 if e.op == "+" else -1))
            if e.op == "*":
                return _mul(self.poly(e.lhs, ty), self.poly(e.rhs, ty))
            if e.op == "^" and isinstance(e.rhs, ENum):
                return self._numeral_power(self.poly(e.lhs, ty), e.rhs.n)
            if e.op == "^" and (sym := self._sym_pow(e, ty)) is not None:
                return sym
            if e.op == "/" and not expr_vars(e.rhs, set()):
                # cancelDenoms cancels division by a closed numeral expression (`x / (8 + 2)`,
                # `x / (-4 / 5)`); a denominator with variables stays an atom even when they cancel
                # (`x / (y - y + 2)`), as Mathlib's never looks through it
                den = self.poly(e.rhs, ty)
                if set(den) <= {()} and den:
                    return _add({}, self.poly(e.lhs, ty), 1 / den[()])
            return self.atom(e, ty)  # ∸ ÷ % (and / by a non-numeral): opaque to linarith
        if (isinstance(e, EApp) and e.fn.split("@")[0] == "Inv.inv" and len(e.args) == 1
                and not expr_vars(e.args[0], set())):
            # the inverse of a closed numeral expression is a number: linarith's cancelDenoms runs norm_num
            # on the hypothesis first (`2⁻¹ + 2 / 3` is `7 / 6`) and `ring` inverts numerals in a field; the
            # inverse of 0 (which is 0 in Lean) stays an atom, as does any inverse with a variable
            den = self.poly(e.args[0], ty)
            if set(den) <= {()} and den:
                return _const(1 / den[()])
        if isinstance(e, EApp | ESum):  # functions and big operators are atoms to linarith
            return self.atom(e, ty)
        raise NotLinear(f"unsupported term {e!r}")

    def _numeral_power(self, base: Poly, n: int) -> Poly:
        """`base ^ n` multiplied out (linarith's `linearFormOfExpr`); `ring_exp.RingNormalizer` keeps a
        monomial's power as a power instead."""
        if set(base) <= {()}:  # a numeral power is a number (`2 ^ 2014`), however large
            c = base.get((), Fraction(0))
            if max(c.numerator.bit_length(), c.denominator.bit_length()) * n > 1 << 16:
                raise NotLinear("numeral too large")
            return _const(c**n)
        if n > 12:
            raise NotLinear("exponent too large")
        out = _const(1)
        for _ in range(n):
            out = _mul(out, base)
        return out

    def _sym_pow(self, e: EBin, ty: str) -> Poly | None:
        """`b ^ e` with a non-numeral exponent: None, an atom to linarith (`ring_exp.RingNormalizer` reads
        it as Mathlib's `ring` does)."""
        return None

    def _nat_cast_atom(self, e: ECast) -> Poly:
        if self.sorts is not None:  # linarith: atoms up to reducible defeq (offsets folded)
            e = canonical_cast_atom(e)
        self.nat_atoms.add(e)  # `Nat.cast_nonneg`: linarith's preprocessing knows ↑n ≥ 0
        return {((e, 1),): Fraction(1)}


def _fold_nat(e: Expr) -> Expr:
    """Closed ℕ subterms evaluated: Lean's defeq check (reducible transparency, as linarith's atom
    comparison) computes Nat literal arithmetic, so `a (0 + 2)` and `a 2` are one atom; ℤ/ℚ/ℝ
    arithmetic does not reduce that way and stays as written."""
    from minilean.closers import eval_num
    from minilean.syntax import NotEvaluable

    if not isinstance(e, ENum) and not expr_vars(e, set()) and not isinstance(e, EApp):
        try:
            v = eval_num(e, NAT)
        except (NotEvaluable, ValueError, ZeroDivisionError):
            v = None
        if v is not None and v >= 0 and v.denominator == 1:
            return ENum(int(v))
    if isinstance(e, EBin):
        return EBin(e.op, _fold_nat(e.lhs), _fold_nat(e.rhs))
    return e


def canonical_atom(e: Expr, sorts: dict) -> Expr:
    """An application's ℕ arguments with their closed arithmetic evaluated (recursively); a cast from ℕ
    with its offsets folded (`↑(n + 1 + 1)` is `↑(n + 2)`, Lean's `isDefEqOffset`)."""
    e = canonical_cast_atom(e)
    if not isinstance(e, EApp):
        return e
    doms = sorts.get(e.fn, "").split(" → ")[:-1]
    if len(doms) != len(e.args):
        return e
    args = tuple(
        _fold_nat(canonical_atom(a, sorts)) if d == NAT else canonical_atom(a, sorts)
        for a, d in zip(e.args, doms, strict=True)
    )
    return EApp(e.fn, args)


def partition_of(ty: str) -> str:
    return "int" if ty in (NAT, INT) else ty


# A comparison `p R 0` with R in "<", "≤", "=".
Comparison = tuple[Poly, str]


def comparison(p: Prop, norm: Normalizer, negate: bool = False) -> list[Comparison] | None:
    """`p` as comparisons `poly R 0` (None: not a comparison linarith reads)."""
    if isinstance(p, PNot):
        return comparison(p.arg, norm, not negate)
    if not isinstance(p, PRel) or p.op in ("∣", "≠") or partition_of(p.ty) != norm.partition or p.ty == "ℂ":
        # (ℂ is not an ordered field: Mathlib's linarith never reads its facts)
        return None
    op = p.op
    lhs, rhs = norm.poly(p.lhs, p.ty), norm.poly(p.rhs, p.ty)
    if op in (">", "≥"):
        lhs, rhs, op = rhs, lhs, {">": "<", "≥": "≤"}[op]
    if negate:
        if op == "=":
            return None  # ¬(a = b) is a ≠: not used
        lhs, rhs, op = rhs, lhs, {"<": "≤", "≤": "<"}[op]
    diff = _add(lhs, rhs, Fraction(-1))
    if op == "<" and norm.partition == "int":
        return [(_add(diff, _const(1)), "≤")]  # ℤ: a < b ↦ a + 1 ≤ b
    return [(diff, op)]


def _z3_refutes(comps: list[Comparison], nat_atoms: Iterable, timeout_ms: int) -> bool | None:
    """Is the conjunction of the comparisons unsatisfiable over ℚ, monomials as independent unknowns?"""
    return locked(_z3_refutes_unlocked, comps, list(nat_atoms), timeout_ms)


def _z3_refutes_unlocked(comps: list[Comparison], nat_atoms: Iterable, timeout_ms: int) -> bool | None:
    names: dict = {}

    def var(m: Monomial) -> z3.ArithRef:
        if m not in names:
            names[m] = z3.Real(internal_name("mono", len(names)))
        return names[m]

    s = z3.Solver()
    s.set("timeout", int(timeout_ms))
    s.set("rlimit", RLIMIT_PER_MS * int(timeout_ms))  # deterministic budget; the wall-clock one is a guard
    for poly, op in comps:
        t = z3.Sum([z3.RealVal(str(c)) * (var(m) if m else 1) for m, c in poly.items()] or [z3.RealVal(0)])
        s.add(t < 0 if op == "<" else t <= 0 if op == "≤" else t == 0)
    for a in nat_atoms:
        s.add(var(((a, 1),)) >= 0)
    r = s.check()
    return True if r == z3.unsat else False if r == z3.sat else None


def syntactic_squares(props: Iterable[Prop]) -> list[tuple[Expr, str]]:
    """Terms `t` with `t ^ 2` or `t * t` written in the hypotheses or goal (nlinarith adds `0 ≤ t ^ 2`)."""
    found: list[tuple[Expr, str]] = []

    def walk_e(e: Expr, ty: str) -> None:
        if isinstance(e, EBin):
            if (e.op == "^" and e.rhs == ENum(2)) or (e.op == "*" and e.lhs == e.rhs):
                if (e.lhs, ty) not in found:
                    found.append((e.lhs, ty))
            walk_e(e.lhs, ty)
            if e.op != "^":
                walk_e(e.rhs, ty)
        elif isinstance(e, ENeg):
            walk_e(e.arg, ty)

    def walk(p: Prop) -> None:
        if isinstance(p, PNot):
            walk(p.arg)
        elif isinstance(p, PRel):
            walk_e(p.lhs, p.ty)
            walk_e(p.rhs, p.ty)

    for p in props:
        walk(p)
    return found


def refute(
    hyps: list[Prop],
    goal_negations: list[list[Prop]],
    partition: str,
    timeout_ms: int,
    products: bool = False,
    extra: list[Prop] | None = None,
    squares: list[tuple[Expr, str]] | None = None,
    sorts: dict | None = None,
) -> bool | None:
    """For each alternative list of negated-goal facts, are hyps + facts contradictory (linarith)?

    True: every alternative refuted; False: some alternative not; None: z3 gave up (the tactic fails).
    """
    for negs in goal_negations:
        norm = Normalizer(partition, sorts=sorts)
        comps: list[Comparison] = []
        nonneg: list = []
        for h in [*hyps, *(extra or []), *negs]:
            c = comparison(h, norm)
            if c is not None:
                comps.extend(c)
                nonneg.extend(x for x in _nat_cast_leaves(h) if x not in nonneg)
        if products:
            # natToInt runs before nlinarith's products: its `(↑t : ℤ) ≥ 0` facts (getNatComparisons)
            # are hypotheses like the others, so they take part in the products
            comps = [(_add({}, norm.poly(t, ty), Fraction(-1)), "≤") for t, ty in nonneg] + comps
            # Mathlib's nlinarithExtras: the square facts join the hypotheses BEFORE the pairwise
            # products are formed (products of squares with hypotheses are part of its search space)
            for t, ty in squares or []:
                if partition_of(ty) == partition and ty != "ℂ":  # squares are ≥ 0 only in ordered rings
                    sq = _mul(norm.poly(t, ty), norm.poly(t, ty))
                    comps.append((_add({}, sq, Fraction(-1)), "≤"))
            base = list(comps)
            for (p1, o1), (p2, o2) in combinations_with_replacement(base, 2):
                prod = _mul(p1, p2)
                # signs: both ≤ 0 / < 0 / = 0 give a product ≥ 0 (> 0 if both strict), = 0 if one is = 0
                if o1 == "=" or o2 == "=":
                    comps.append((prod, "="))
                elif o1 == "<" and o2 == "<":
                    comps.append((_add({}, prod, Fraction(-1)), "<"))
                else:
                    comps.append((_add({}, prod, Fraction(-1)), "≤"))
        verdict = _z3_refutes(comps, norm.nat_atoms, timeout_ms)
        if verdict is not True:
            return verdict
    return True


def _nat_cast_leaves(p: Prop) -> list[tuple[Expr, str]]:
    """The terms natToInt's `getNatComparisons` finds in a comparison: the ℕ casts reached through
    `+ * -` and negation (an ℕ fact is cast to ℤ first, so its leaves under `+ *` count). Only
    variables and applications are taken from ℕ facts: push_cast turns `↑(a ^ n)`, `↑(a / b)`,
    `↑(a % b)` into operations that getNatComparisons does not enter."""
    if isinstance(p, PNot):
        return _nat_cast_leaves(p.arg)
    if not isinstance(p, PRel):
        return []
    out: list[tuple[Expr, str]] = []

    def nat(e: Expr) -> None:
        if isinstance(e, EBin) and e.op in ("+", "*"):
            nat(e.lhs)
            nat(e.rhs)
        elif isinstance(e, EVar | EApp):
            out.append((e, NAT))

    def other(e: Expr, ty: str) -> None:
        if isinstance(e, ECast) and e.src == NAT and isinstance(e.arg, EVar | EApp):
            out.append((e, ty))
        elif isinstance(e, EBin) and e.op in ("+", "*", "-"):
            other(e.lhs, ty)
            other(e.rhs, ty)
        elif isinstance(e, ENeg):
            other(e.arg, ty)

    for side in (p.lhs, p.rhs):
        if p.ty == NAT:
            nat(side)
        else:
            other(side, p.ty)
    return out


__all__ = [
    "Normalizer",
    "NotLinear",
    "comparison",
    "partition_of",
    "refute",
    "syntactic_squares",
]
