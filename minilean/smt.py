"""Translation of minilean propositions to z3, and validity checks with a per-call timeout.

Used as the oracle of the differential soundness tests and behind `omega`. ℕ and ℤ are z3 `Int`
(ℕ terms get `≥ 0`), ℚ and ℝ are `Real`, Prop variables `Bool`, function variables uninterpreted
functions. Lean's semantics are encoded exactly: truncated ℕ subtraction, Int.ediv/emod (z3's div/mod
are Euclidean too) with x / 0 = 0 and x % 0 = x, field division with x / 0 = 0, casts.
In `omega` mode, what Lean's omega does not interpret (products of two non-literals, / and % by a
non-literal, powers with a variable, functions, abs) becomes an opaque atom, so z3 reasons about
exactly the linear problem omega sees. A check answers True (valid), False (countermodel) or None
(unknown / timeout): callers treat None as "not proven".
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping

import z3

from minilean.libfuns import LIB_FUNS
from minilean.libsem import encode_lib, encode_sum, npow
from minilean.syntax import (
    INT,
    MAX_EXPONENT,
    NAT,
    RAT,
    REAL,
    EApp,
    EBin,
    ECast,
    ENeg,
    ENum,
    ESum,
    EVar,
    Expr,
    PBin,
    PConst,
    PCoprime,
    PMem,
    PModEq,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    PVar,
    fun_sort,
)
from minilean.untranslatable import Untranslatable

RLIMIT_PER_MS = 500  # z3 resource units per millisecond of tactic timeout
# z3's Python API works on one global context, which is not thread-safe, and minilean's server runs one
# thread per request (ctypes releases the GIL inside z3): concurrent z3 calls segfaulted the server. Every
# z3 use goes through `locked`, and its z3 objects die before the lock is released (the callee's frame ends
# inside it), so no reference count changes outside the lock either.
Z3_LOCK = threading.Lock()


def locked(fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Call ``fn`` (which builds and drops its own z3 objects) holding the z3 lock."""
    with Z3_LOCK:
        return fn(*args, **kwargs)


# Internal z3 constants (omega's opaque atoms, quantifier-bound variables) are named with a leading '#',
# a character the tokenizer never admits in an identifier: a user variable can then never be the same
# z3 constant as an internal one (which would let a solver equate unrelated terms and prove false goals).
INTERNAL_MARK = "#"


def internal_name(kind: str, n: int, hint: str = "") -> str:
    """The z3 name of the `n`-th internal constant of `kind` (never a Lean identifier)."""
    return f"{INTERNAL_MARK}{kind}{n}" + (f":{hint}" if hint else "")


def _user_name(name: str) -> str:
    if not name or INTERNAL_MARK in name:
        raise Untranslatable(f"variable name {name!r} is not an identifier")
    return name


def _z3_sort(sort: str) -> z3.SortRef:
    if sort not in (NAT, INT, RAT, REAL):  # ℂ is not encoded (it is not a Real)
        raise Untranslatable(f"sort {sort}")
    return z3.IntSort() if sort in (NAT, INT) else z3.RealSort()


class Encoder:
    def __init__(self, sorts: Mapping[str, str], omega: bool = False) -> None:
        self.sorts = dict(sorts)
        self.omega = omega
        self.vars: dict[str, z3.ExprRef] = {}
        self.atoms: dict[tuple, z3.ExprRef] = {}
        self.side: list[z3.BoolRef] = []  # facts every model must satisfy (ℕ terms are ≥ 0)
        self.bound: dict[str, z3.ExprRef] = {}
        self.n_bound = 0  # every quantifier gets its own internal constant

    def var(self, name: str) -> z3.ExprRef:
        if name in self.bound:
            return self.bound[name]
        if name not in self.vars:
            sort = self.sorts.get(name)
            if sort == "Prop":
                self.vars[name] = z3.Bool(_user_name(name))
            elif sort in (NAT, INT, RAT, REAL):
                v = z3.Const(_user_name(name), _z3_sort(sort))
                self.vars[name] = v
                if sort == NAT:
                    self.side.append(v >= 0)
            else:
                raise Untranslatable(f"variable {name} of sort {sort}")
        return self.vars[name]

    def atom(self, e: Expr, ty: str) -> z3.ArithRef:
        key = (e, ty)
        if key not in self.atoms:
            v = z3.Const(internal_name("atom", len(self.atoms)), _z3_sort(ty))
            self.atoms[key] = v
            if ty == NAT:
                self.side.append(v >= 0)
        return self.atoms[key]  # type: ignore[return-value]

    def fun(self, name: str) -> z3.FuncDeclRef:
        fs = fun_sort(self.sorts.get(name, ""))
        if fs is None:
            raise Untranslatable(f"function {name}")
        doms, cod = fs
        return z3.Function(_user_name(name), *[_z3_sort(d) for d in doms], _z3_sort(cod))

    @staticmethod
    def _literal(e: Expr) -> int | None:
        return e.n if isinstance(e, ENum) else None

    def expr(self, e: Expr, ty: str) -> z3.ArithRef:
        _z3_sort(ty)  # refuses ℂ
        if isinstance(e, ENum):
            return z3.IntVal(e.n) if ty in (NAT, INT) else z3.RealVal(e.n)
        if isinstance(e, EVar):
            return self.var(e.name)  # type: ignore[return-value]
        if isinstance(e, ENeg):
            return -self.expr(e.arg, ty)
        if isinstance(e, ECast):
            inner = self.expr(e.arg, e.src)
            if e.dst in (RAT, REAL) and e.src in (NAT, INT):
                return z3.ToReal(inner)
            return inner
        if isinstance(e, ESum):  # big operators (libsem): omega sees an atom
            return self.atom(e, ty) if self.omega else encode_sum(self, e)
        if isinstance(e, EApp):
            if self.omega:
                return self.atom(e, ty)
            if e.fn.split("@")[0] == "discrim":  # the oracle sees the def's body: b ^ 2 - 4 * a * c
                a, b, c = (self.expr(x, ty) for x in e.args)
                return b * b - 4 * a * c
            if e.fn in LIB_FUNS:
                return encode_lib(self, e)
            if e.fn == "abs":
                a = self.expr(e.args[0], ty)
                return z3.If(a >= 0, a, -a)
            f = self.fun(e.fn)
            doms = fun_sort(self.sorts[e.fn])[0]  # type: ignore[index]
            res = f(*[self.expr(a, d) for a, d in zip(e.args, doms, strict=True)])
            if ty == NAT:
                self.side.append(res >= 0)
            return res
        if isinstance(e, EBin):
            op = e.op
            if op == "^":
                n = self._literal(e.rhs)
                if n is not None and n > MAX_EXPONENT:
                    # The parser refuses such exponents, but a substitution or an evaluation can make one
                    # (`2 ^ k` after `subst` and `norm_num`): unfolding it would build n products while
                    # holding Z3_LOCK, stalling every request of the server. Read it as a symbolic power.
                    n = None
                if n is None or (self.omega and self._literal(e.lhs) is None and n > 1):
                    if self.omega:
                        return self.atom(e, ty)
                    return npow(self.expr(e.lhs, ty), self.expr(e.rhs, NAT))  # Monoid.npow, recursively
                base = self.expr(e.lhs, ty)
                out = z3.IntVal(1) if ty in (NAT, INT) else z3.RealVal(1)
                for _ in range(n):
                    out = out * base
                return out
            if self.omega and op in ("*", "÷", "%"):
                lit = self._literal(e.rhs) if op != "*" else (self._literal(e.lhs) or self._literal(e.rhs))
                if lit is None and not (op == "*" and (self._literal(e.lhs) == 0)):
                    return self.atom(e, ty)
            a, b = self.expr(e.lhs, ty), self.expr(e.rhs, ty)
            if op == "+":
                return a + b
            if op == "*":
                return a * b
            if op == "-":
                return a - b
            if op == "∸":
                return z3.If(a >= b, a - b, 0)
            if op == "/":
                return z3.If(b == 0, z3.RealVal(0), a / b)
            if op == "÷":
                return z3.If(b == 0, z3.IntVal(0), a / b)  # z3's Int div is Euclidean: Int.ediv
            if op == "%":
                return z3.If(b == 0, a, a % b)
        raise Untranslatable(f"expression {e!r}")

    def prop(self, p: Prop) -> z3.BoolRef:
        if isinstance(p, PConst):
            return z3.BoolVal(p.value)
        if isinstance(p, PVar):
            return self.var(p.name)  # type: ignore[return-value]
        if isinstance(p, PNot):
            return z3.Not(self.prop(p.arg))
        if isinstance(p, PBin):
            if p.op == "=" and self.omega:  # `@Eq Prop`: omega does not read it (prop_eq.py)
                raise Untranslatable("an equation of propositions")
            a, b = self.prop(p.lhs), self.prop(p.rhs)
            if p.op in ("↔", "="):  # `P = Q` on Prop is `P ↔ Q` by propext
                return a == b
            return {"∧": z3.And, "∨": z3.Or, "→": z3.Implies}[p.op](a, b)
        if isinstance(p, PRel):
            a, b = self.expr(p.lhs, p.ty), self.expr(p.rhs, p.ty)
            if p.op == "∣":
                if self.omega and self._literal(p.lhs) is None:
                    raise Untranslatable("∣ by a non-literal")
                return z3.If(a == 0, b == 0, b % a == 0)
            return {
                "=": lambda: a == b,
                "≠": lambda: a != b,
                "<": lambda: a < b,
                "≤": lambda: a <= b,
                ">": lambda: a > b,
                "≥": lambda: a >= b,
            }[p.op]()
        if isinstance(p, PPred) and p.name in ("Even", "Odd") and not self.omega:
            v = self.expr(p.arg, p.ty)
            return v % 2 == (0 if p.name == "Even" else 1)
        if isinstance(p, PMem) and not self.omega:
            # exact (Finset.mem_Icc / mem_range as theorems); omega: refused, it does not see through `∈`
            return self.prop(p.unfolded())
        if isinstance(p, PCoprime) and not self.omega:
            # exact: `Nat.gcd a b = 1` (omega: refused, a def it does not unfold)
            return self.prop(p.unfolded())
        if isinstance(p, PModEq) and not self.omega:
            # exact: the definition `a % n = b % n` (omega does not unfold the def: refused there)
            return self.prop(p.unfolded())
        if isinstance(p, PQuant) and not self.omega:
            v = z3.Const(internal_name("bound", self.n_bound, p.var), _z3_sort(p.sort))
            self.n_bound += 1
            saved = self.bound.get(p.var)
            self.bound[p.var] = v
            try:
                body = self.prop(p.body)
            finally:
                if saved is None:
                    self.bound.pop(p.var, None)
                else:
                    self.bound[p.var] = saved
            guard = v >= 0 if p.sort == NAT else z3.BoolVal(True)
            if p.q == "∀":
                return z3.ForAll([v], z3.Implies(guard, body))
            return z3.Exists([v], z3.And(guard, body))
        raise Untranslatable(f"proposition {p!r}")


def valid(
    hyps: Iterable[Prop], goal: Prop, sorts: Mapping[str, str], timeout_ms: int = 2000, omega: bool = False
) -> bool | None:
    """Is `hyps → goal` valid? True / False (countermodel) / None (unknown or timeout)."""
    return locked(_valid, list(hyps), goal, sorts, timeout_ms, omega)


def translatable(p: Prop, sorts: Mapping[str, str], omega: bool = False) -> bool:
    """Can `p` be encoded for z3 (with omega's reading of ∸ / % ↑ ∣ when `omega`)?"""
    return locked(_translatable, p, sorts, omega)


def _translatable(p: Prop, sorts: Mapping[str, str], omega: bool) -> bool:
    try:
        Encoder(sorts, omega=omega).prop(p)
    except Untranslatable:
        return False
    return True


def _valid(
    hyps: list[Prop], goal: Prop, sorts: Mapping[str, str], timeout_ms: int, omega: bool
) -> bool | None:
    enc = Encoder(sorts, omega=omega)
    s = z3.Solver()
    s.set("timeout", int(timeout_ms))
    s.set("rlimit", RLIMIT_PER_MS * int(timeout_ms))  # deterministic budget; the wall-clock one is a guard
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


__all__ = [
    "INTERNAL_MARK",
    "Z3_LOCK",
    "Encoder",
    "Untranslatable",
    "internal_name",
    "locked",
    "translatable",
    "valid",
]
