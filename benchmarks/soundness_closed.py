"""Random closed statements over ℕ, ℤ, ℚ and ℝ with an independent evaluator (Lean's semantics in Python).

Each term is built together with its value: truncated ℕ subtraction, floor ℕ division, Int.ediv/emod,
x / 0 = 0, x % 0 = x, 0⁻¹ = 0, floors and ceilings of negatives, Nat.floor/Int.toNat of negatives (0),
natAbs, factorial, choose with k > n (0), ∑/∏ over range and Icc (empty when lo > hi), casts. A
statement `lhs REL rhs` is kept when this evaluator says it is false, so a closer that accepts it shows a
bug in minilean's evaluation or encoding (z3 is not the judge here: its encoding is under test too).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

Term = tuple[str, Fraction]  # (Lean text, value)

_OPS = ("=", "≠", "<", "≤", ">", "≥")
_CMP: dict[str, Callable[[Fraction, Fraction], bool]] = {
    "=": lambda a, b: a == b,
    "≠": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "≤": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "≥": lambda a, b: a >= b,
}


def _ediv(a: int, b: int) -> int:
    if b == 0:
        return 0
    q = a // b if b > 0 else -(a // -b)
    return q if a - b * q >= 0 else q + (1 if b < 0 else -1)


def _emod(a: int, b: int) -> int:
    return a if b == 0 else a - b * _ediv(a, b)


class Gen:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def lit(self, ty: str) -> Term:
        lo = -9 if ty != "ℕ" else 0
        v = self.rng.randint(lo, 12)
        return (f"({v} : {ty})", Fraction(v))

    def nat(self, d: int) -> Term:
        r = self.rng
        if d <= 0:
            return self.lit("ℕ")
        k = r.randrange(13)
        a, b = self.nat(d - 1), self.nat(d - 1)
        if k == 0:
            return (f"({a[0]} + {b[0]})", a[1] + b[1])
        if k == 1:
            return (f"({a[0]} - {b[0]})", max(a[1] - b[1], Fraction(0)))
        if k == 2:
            return (f"({a[0]} * {b[0]})", a[1] * b[1])
        if k == 3:
            return (f"({a[0]} / {b[0]})", Fraction(0 if b[1] == 0 else int(a[1]) // int(b[1])))
        if k == 4:
            return (f"({a[0]} % {b[0]})", Fraction(a[1] if b[1] == 0 else int(a[1]) % int(b[1])))
        if k == 5:
            n = r.randint(0, 5)
            return (f"Nat.factorial {n}", Fraction(math.factorial(n)))
        if k == 6:
            n, m = r.randint(0, 7), r.randint(0, 8)
            return (f"Nat.choose {n} {m}", Fraction(math.comb(n, m)))
        if k == 7:
            z = self.int(d - 1)
            return (f"Int.toNat {z[0]}", max(z[1], Fraction(0)))
        if k == 8:
            z = self.int(d - 1)
            return (f"Int.natAbs {z[0]}", abs(z[1]))
        if k == 9:
            x = self.real(d - 1)
            return (f"Nat.floor {x[0]}", Fraction(max(math.floor(x[1]), 0)))
        if k == 10:
            return self.bigop("ℕ", d)
        if k == 11:
            e = r.randint(0, 3)
            return (f"({a[0]} ^ {e})", a[1] ** e)
        return (f"Nat.sqrt {a[0]}", Fraction(math.isqrt(int(a[1]))))

    def int(self, d: int) -> Term:
        r = self.rng
        if d <= 0:
            return self.lit("ℤ")
        k = r.randrange(11)
        a, b = self.int(d - 1), self.int(d - 1)
        if k == 0:
            return (f"({a[0]} + {b[0]})", a[1] + b[1])
        if k == 1:
            return (f"({a[0]} - {b[0]})", a[1] - b[1])
        if k == 2:
            return (f"({a[0]} * {b[0]})", a[1] * b[1])
        if k == 3:
            return (f"({a[0]} / {b[0]})", Fraction(_ediv(int(a[1]), int(b[1]))))
        if k == 4:
            return (f"({a[0]} % {b[0]})", Fraction(_emod(int(a[1]), int(b[1]))))
        if k == 5:
            n = self.nat(d - 1)
            return (f"(({n[0]} : ℕ) : ℤ)", n[1])
        if k == 6:
            x = self.real(d - 1)
            return (f"Int.floor {x[0]}", Fraction(math.floor(x[1])))
        if k == 7:
            x = self.real(d - 1)
            return (f"Int.ceil {x[0]}", Fraction(math.ceil(x[1])))
        if k == 8:
            return (f"|{a[0]}|", abs(a[1]))
        if k == 9:
            return self.bigop("ℤ", d)
        return (f"(-{a[0]})", -a[1])

    def real(self, d: int, ty: str = "ℝ") -> Term:
        r = self.rng
        if d <= 0:
            return self.lit(ty)
        k = r.randrange(9)
        a, b = self.real(d - 1, ty), self.real(d - 1, ty)
        if k == 0:
            return (f"({a[0]} + {b[0]})", a[1] + b[1])
        if k == 1:
            return (f"({a[0]} - {b[0]})", a[1] - b[1])
        if k == 2:
            return (f"({a[0]} * {b[0]})", a[1] * b[1])
        if k in (3, 4):
            return (f"({a[0]} / {b[0]})", Fraction(0) if b[1] == 0 else a[1] / b[1])
        if k == 5:
            return (f"({a[0]})⁻¹", Fraction(0) if a[1] == 0 else 1 / a[1])
        if k == 6:
            z = self.int(d - 1)
            return (f"(({z[0]} : ℤ) : {ty})", z[1])
        if k == 7 and ty == "ℝ":
            s = r.choice([0, 1, 4, 9, 16, -4, -1])
            return (f"Real.sqrt ({s} : ℝ)", Fraction(math.isqrt(s)) if s >= 0 else Fraction(0))
        return (f"|{a[0]}|", abs(a[1]))

    def bigop(self, ty: str, d: int) -> Term:
        """∑/∏ over Finset.range or Finset.Icc (possibly empty) of a summand in the index; over ℤ the
        index ranges over an Icc of integers."""
        r = self.rng
        prod = r.random() < 0.3
        lo, hi, c = r.randint(0, 4), r.randint(-1, 5), r.randint(0, 4)
        icc = ty == "ℤ" or r.random() < 0.5
        idx = list(range(lo, hi + 1)) if icc else list(range(max(hi, 0)))
        sub: Callable[[int], int] = (lambda i: max(c - i, 0)) if ty == "ℕ" else (lambda i: c - i)
        shapes: list[tuple[str, Callable[[int], int]]] = [
            ("i", lambda i: i),
            (f"(i + {c})", lambda i: i + c),
            (f"({c} - i)", sub),
            ("(i / 2)", lambda i: _ediv(i, 2)),
        ]
        body, f = r.choice(shapes)
        vals = [f(i) for i in idx]
        v = Fraction(math.prod(vals) if prod else sum(vals))
        s = f"Finset.Icc ({lo} : {ty}) {hi}" if icc else f"Finset.range {max(hi, 0)}"
        return (f"({'∏' if prod else '∑'} i ∈ {s}, {body})", v)

    def statement(self) -> tuple[str, bool]:
        """A closed statement and its truth."""
        ty = self.rng.choice(["ℕ", "ℤ", "ℝ", "ℚ"])
        d = self.rng.randint(1, 3)
        gen = {"ℕ": self.nat, "ℤ": self.int}.get(ty, lambda n: self.real(n, ty))
        a = gen(d)
        b = self.lit(ty) if self.rng.random() < 0.6 else gen(d - 1)
        if self.rng.random() < 0.5:  # a near miss of the true value
            v = a[1] + self.rng.choice([-1, 0, 1])
            if ty == "ℕ" and v < 0:
                v = Fraction(0)
            text = f"({v.numerator} : {ty})"
            b = (text if v.denominator == 1 else f"({text} / {v.denominator})", v)
        op = self.rng.choice(_OPS)
        return f"({a[0]} : {ty}) {op} {b[0]}", _CMP[op](a[1], b[1])


CLOSED_CLOSERS = (
    "norm_num",
    "simp",
    "decide",
    "rfl",
    "positivity",
    "omega",
    "linarith",
    "nlinarith",
    "field_simp",
    "ring_nf",
    "push_cast\nnorm_num",
    "simp_all",
    "exact_mod_cast rfl",
    "norm_num [Nat.factorial, Nat.choose]",
)


def false_closed(rng: random.Random, n: int) -> list[tuple[str, str]]:
    """`n` false closed statements: (id, `theorem … := by\\n  sorry`)."""
    g, out = Gen(rng), []
    while len(out) < n:
        st, truth = g.statement()
        if not truth:
            name = f"closed_false_{len(out)}"
            out.append((name, f"theorem {name} : {st} := by\n  sorry"))
    return out


__all__ = ["CLOSED_CLOSERS", "Gen", "false_closed"]
