"""The meaning of library functions (`libfuns.LIB_FUNS`) and big operators (`bigops`).

Closed evaluation (what `decide` and `norm_num` compute) and the z3 encoding. Every z3 fact added about
a library function is a theorem of Mathlib, so the encoding never makes a false statement provable:
- `Real.sqrt x`: uninterpreted, with `0 ≤ √x`, `0 ≤ x → √x * √x = x` and `x < 0 → √x = 0` (these pin it
  down exactly: Mathlib defines √x through `x.toNNReal`, which is 0 for x ≤ 0);
- `Real.exp x > 0`; `-1 ≤ sin x ≤ 1`, `-1 ≤ cos x ≤ 1`; `log 0 = 0`, `log 1 = 0`; `tan` with no fact;
- per application (ground instances of Mathlib theorems, see `lib_facts.py`): `Real.log_pos`,
  `Real.log_ne_zero_of_pos_of_ne_one`, `Real.log_pow` (numeral exponent), `Real.log_mul`; `Real.one_rpow`,
  `Real.zero_rpow`, `Real.rpow_natCast` (numeral exponent), `Real.rpow_mul`; `Real.cos_add`;
- `Nat.gcd` / `Nat.lcm`: uninterpreted, with `Nat.gcd_dvd_left/right`, `Nat.gcd_eq_zero_iff`, closed values,
  and `Nat.lcm m n = m * n / gcd m n` (its definition);
- `Real.logb b x = log x / log b` (its definition, with Lean's x / 0 = 0);
- `π`: a constant with `3 < π` and `π ≤ 4` (Real.pi_gt_three, Real.pi_le_four);
- `Int.floor`, `Int.ceil`, `Nat.floor`, `Int.natAbs`, `Int.toNat`, `Nat.sqrt`: exact definitions;
- `Nat.factorial`, `Nat.choose`, `Nat.fib` and sums/products with symbolic bounds: z3 recursive functions with
  Mathlib's defining equations (terminating on every input, so the definitions are consistent).
Sums with closed bounds of at most `UNFOLD` terms are unfolded.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Callable, Mapping
from fractions import Fraction

import z3

import minilean.int_divmod as int_divmod
import minilean.lib_facts as lib_facts
import minilean.nat_fib as nat_fib
import minilean.nat_totient as nat_totient
import minilean.rpow_numerals as rpow_numerals
from minilean.bigops import indices, terms
from minilean.libfuns import LIB_FUNS
from minilean.syntax import (
    INT,
    MAX_BITS,
    NAT,
    REAL,
    EApp,
    EBin,
    ENum,
    ESum,
    Expr,
    NotEvaluable,
    eval_int,
    eval_prop,
    expr_vars,
    prop_vars,
    register_hook,
)

UNFOLD = 200  # sums with closed bounds and at most this many terms are unfolded for z3
# `decide` (kernel evaluation) on a big operator: only short ones, where Lean's kernel surely finishes
DECIDE_TERMS = 100
MAX_FACTORIAL = 500  # closed evaluation of n! beyond this is refused (too large to be useful)
_IDENTITY = {"Int.floor@ℤ", "Int.ceil@ℤ", "Nat.floor@ℕ"}


def _check_bits(v: int) -> int:
    if v.bit_length() > MAX_BITS:
        raise NotEvaluable("too large")
    return v


def _int_fn(fn: str, vals: list[int], for_norm_num: bool = False) -> int:
    if fn in _IDENTITY:
        return vals[0]
    if fn == "Nat.factorial":
        if vals[0] > MAX_FACTORIAL:
            raise NotEvaluable("factorial too large")
        return _check_bits(math.factorial(vals[0]))
    if fn == "Nat.choose":
        n, k = vals
        return _check_bits(math.comb(n, k)) if k <= n else 0
    if fn == "Nat.sqrt":
        if not for_norm_num:  # defined by well-founded recursion: the kernel (decide) does not reduce it
            raise NotEvaluable(fn)
        return math.isqrt(vals[0])
    if fn == "Int.natAbs":
        return abs(vals[0])
    if fn == "Nat.succ":
        return vals[0] + 1
    if fn == "Int.toNat":
        return max(vals[0], 0)
    if fn == nat_fib.NAME:  # kernel reduction (decide) or Mathlib's NatFib norm_num extension
        return _check_bits(nat_fib.fib_value(vals[0], for_norm_num))
    if fn == int_divmod.EMOD:  # kernel reduction, and norm_num's DivMod extension (int_divmod.py)
        return int_divmod.emod(*vals)
    if fn == int_divmod.EDIV:
        return int_divmod.ediv(*vals)
    if fn == nat_totient.NAME and not for_norm_num:  # kernel reduction only: no norm_num extension
        return nat_totient.totient_value(vals[0])
    raise NotEvaluable(fn)


def eval_lib_int(e: Expr, env: Mapping[str, int]) -> int:
    """Closed ℕ/ℤ value of a library application or a sum (see `syntax.eval_int`)."""
    if isinstance(e, ESum):
        if e.ty not in (NAT, INT):
            raise NotEvaluable(e.ty)
        lo, hi = eval_int(e.lo, env), eval_int(e.hi, env)
        try:
            idx = indices(e, lo, hi, DECIDE_TERMS)
        except ValueError:
            raise NotEvaluable("too many terms") from None
        add = e.op != "∏"
        acc = 0 if add else 1
        for i in idx:
            if e.guard is not None and not eval_prop(e.guard, {**env, e.var: i}):
                continue
            v = eval_int(e.body, {**env, e.var: i})
            acc = _check_bits(acc + v if add else acc * v)
        return acc
    if isinstance(e, EApp) and e.fn in LIB_FUNS and LIB_FUNS[e.fn][1] in (NAT, INT):
        doms = LIB_FUNS[e.fn][0]
        if all(d in (NAT, INT) for d in doms):
            return _int_fn(e.fn, [eval_int(a, env) for a in e.args])
    raise NotEvaluable(type(e).__name__)


# functions whose closed values Mathlib's norm_num computes (NatFactorial, NatSqrt, the floor extensions)
_NORM_NUM_FUNS = {
    "Nat.factorial",
    "Nat.sqrt",
    nat_fib.NAME,  # Mathlib/Tactic/NormNum/NatFib.lean
    *int_divmod.NAMES,  # Mathlib/Tactic/NormNum/DivMod.lean: `@[norm_num (_ : ℤ) % _, Int.emod _ _]`, …
    *(f for f in LIB_FUNS if f.split("@")[0] in ("Int.floor", "Int.ceil", "Nat.floor", "Inv.inv")),
}


def eval_lib_num(e: Expr, ty: str, eval_num: Callable[[Expr, str], Fraction]) -> Fraction:
    """Closed value for `norm_num` (exact rationals): sums over `Finset.range` with a numeral bound (the
    BigOperators extension; not `Finset.Icc`), and the functions of `_NORM_NUM_FUNS`."""
    if isinstance(e, ESum):
        if e.kind != "range" or e.guard is not None:
            raise NotEvaluable("norm_num only expands sums over Finset.range")
        hi = eval_num(e.hi, NAT)
        try:
            ts = terms(e, 0, int(hi))
        except ValueError:
            raise NotEvaluable("too many terms") from None
        add = e.op != "∏"
        acc = Fraction(0 if add else 1)
        for _, t in ts:
            v = eval_num(t, e.ty)
            acc = acc + v if add else acc * v
        return acc
    if isinstance(e, EApp) and e.fn == "Real.rpow":  # norm_num's rpow extension (rpow_numerals.py)
        return rpow_numerals.evaluate(e, eval_num)
    if isinstance(e, EApp) and e.fn in _NORM_NUM_FUNS:
        doms = LIB_FUNS[e.fn][0]
        vals = [eval_num(a, d) for a, d in zip(e.args, doms, strict=True)]
        base = e.fn.split("@")[0]
        if base == "Int.floor":
            return Fraction(math.floor(vals[0]))
        if base == "Int.ceil":
            return Fraction(math.ceil(vals[0]))
        if base == "Nat.floor":
            return Fraction(max(math.floor(vals[0]), 0))
        if base == "Inv.inv":  # Mathlib's norm_num Inv extension; 0⁻¹ = 0
            return 1 / vals[0] if vals[0] else Fraction(0)
        return Fraction(_int_fn(e.fn, [int(v) for v in vals], for_norm_num=True))
    raise NotEvaluable(type(e).__name__)


# ---------------------------------------------------------------------------------------------- z3

_R = z3.RealSort
_I = z3.IntSort
_REC: dict[str, z3.FuncDeclRef] = {}  # factorial and choose: defined once per process (z3 lock held)
_FRESH = itertools.count()


def _factorial() -> z3.FuncDeclRef:
    if "fact" not in _REC:
        f = z3.RecFunction("#Nat.factorial", _I(), _I())
        n = z3.Int("#n")
        z3.RecAddDefinition(f, [n], z3.If(n <= 0, 1, n * f(n - 1)))
        _REC["fact"] = f
    return _REC["fact"]


def _choose() -> z3.FuncDeclRef:
    if "choose" not in _REC:
        f = z3.RecFunction("#Nat.choose", _I(), _I(), _I())
        n, k = z3.Int("#n"), z3.Int("#k")
        step = f(n - 1, k - 1) + f(n - 1, k)  # choose (n+1) (k+1) = choose n k + choose n (k+1)
        z3.RecAddDefinition(f, [n, k], z3.If(k <= 0, z3.If(k == 0, 1, 0), z3.If(n <= 0, 0, step)))
        _REC["choose"] = f
    return _REC["choose"]


def _fib() -> z3.FuncDeclRef:
    """Mathlib's `Nat.fib` on n ≥ 0 (0 below: never reached, arguments are ℕ terms)."""
    if "fib" not in _REC:
        f = z3.RecFunction("#Nat.fib", _I(), _I())
        n = z3.Int("#n")
        z3.RecAddDefinition(f, [n], z3.If(n <= 0, 0, z3.If(n == 1, 1, f(n - 2) + f(n - 1))))
        _REC["fib"] = f
    return _REC["fib"]


def _npow(sort: z3.SortRef) -> z3.FuncDeclRef:
    """x ^ n for n ≥ 0 (Monoid.npow), 1 for n ≤ 0: a recursive function per z3 sort."""
    key = f"npow{sort}"
    if key not in _REC:
        f = z3.RecFunction(f"#npow_{sort}", sort, _I(), sort)
        x, n = z3.Const("#x", sort), z3.Int("#n")
        z3.RecAddDefinition(f, [x, n], z3.If(n <= 0, _one(sort), x * f(x, n - 1)))
        _REC[key] = f
    return _REC[key]


def _one(sort: z3.SortRef) -> z3.ArithRef:
    return z3.IntVal(1) if sort == _I() else z3.RealVal(1)


def npow(base: z3.ArithRef, n: z3.ArithRef) -> z3.ArithRef:
    """`base ^ n` with a symbolic ℕ exponent `n` (n ≥ 0 is known to the caller)."""
    return _npow(base.sort())(base, n)


# Facts about opaque functions, each a Mathlib theorem: (arguments, value) -> constraints
_FACTS = {
    # Real.sqrt_nonneg, Real.mul_self_sqrt, Real.sqrt_eq_zero_of_nonpos: together the definition
    "Real.sqrt": lambda a, s: [s >= 0, z3.Implies(a[0] >= 0, s * s == a[0]), z3.Implies(a[0] < 0, s == 0)],
    "Real.exp": lambda a, v: [v > 0],  # Real.exp_pos
    "Real.sin": lambda a, v: [v >= -1, v <= 1],  # Real.neg_one_le_sin, Real.sin_le_one
    "Real.cos": lambda a, v: [v >= -1, v <= 1],
    "Real.tan": lambda a, v: [],
    # Real.rpow_zero, Real.rpow_one, Real.rpow_pos_of_pos, Real.rpow_nonneg
    "Real.rpow": lambda a, r: [
        z3.Implies(a[1] == 0, r == 1),
        z3.Implies(a[1] == 1, r == a[0]),
        z3.Implies(a[0] > 0, r > 0),
        z3.Implies(a[0] >= 0, r >= 0),
    ],
    # Nat.sqrt_le', Nat.lt_succ_sqrt': the definition (on n ≥ 0)
    "Nat.sqrt": lambda a, s: [z3.Implies(a[0] >= 0, z3.And(s >= 0, s * s <= a[0], a[0] < (s + 1) * (s + 1)))],
}


def _axiom(enc, key: str, f: z3.FuncDeclRef, sorts: list) -> None:  # type: ignore[no-untyped-def]
    """The facts of `key` for every argument, once per encoding (instantiated on each application by
    the pattern), so that applications to quantified variables get them too."""
    done: set = enc.__dict__.setdefault("_lib_axioms", set())
    if key in done:
        return
    done.add(key)
    xs = [z3.Const(f"#q{i}", s) for i, s in enumerate(sorts)]
    app = f(*xs)
    facts = _FACTS[key](xs, app)
    if facts:
        enc.side.append(z3.ForAll(xs, z3.And(*facts), patterns=[app]))


def _log_facts(enc, log: z3.FuncDeclRef) -> None:  # type: ignore[no-untyped-def]
    done: set = enc.__dict__.setdefault("_lib_axioms", set())
    if "Real.log" not in done:
        done.add("Real.log")
        enc.side += [log(z3.RealVal(0)) == 0, log(z3.RealVal(1)) == 0]  # Real.log_zero, Real.log_one


def encode_lib(enc, e: EApp) -> z3.ArithRef:  # type: ignore[no-untyped-def]
    """z3 term for a library application (facts go to `enc.side`)."""
    doms, _ = LIB_FUNS[e.fn]
    a = [enc.expr(x, d) for x, d in zip(e.args, doms, strict=True)]
    fn, side = e.fn, enc.side
    if fn == "Real.pi":
        pi = z3.Real("#Real.pi")
        side += [pi > 3, pi <= 4]
        return pi
    if fn in _FACTS:
        sorts = [_R() if d != NAT else _I() for d in doms]
        f = z3.Function("#" + fn, *sorts, _I() if fn == "Nat.sqrt" else _R())
        if any(expr_vars(x, set()) & set(enc.bound) for x in e.args):  # under a binder: the
            _axiom(enc, fn, f, sorts)  # ground facts below would be about a detached constant
        v = f(*a)
        side += _FACTS[fn](a, v)  # the ground instance too (no quantifier instantiation needed)
        side += lib_facts.extra(enc, e, a, v)
        return v
    if fn in ("Nat.gcd", "Nat.lcm"):
        return lib_facts.gcd_lcm(enc, e, a)
    if fn == "Real.log":
        log = z3.Function("#Real.log", _R(), _R())
        _log_facts(enc, log)
        v = log(a[0])
        side += lib_facts.extra(enc, e, a, v)
        return v
    if fn == "Real.logb":
        # through `Real.log` applications, so that the `log` terms carry their `lib_facts` facts too
        lb, lx = (enc.expr(EApp("Real.log", (t,)), REAL) for t in e.args)
        return z3.If(lb == 0, z3.RealVal(0), lx / lb)
    if fn.split("@")[0] == "zpow":  # x ^ (n : ℤ) = x ^ n for n ≥ 0, (x ^ (-n))⁻¹ otherwise (0⁻¹ = 0)
        pos, neg = npow(a[0], a[1]), npow(a[0], -a[1])
        return z3.If(a[1] >= 0, pos, z3.If(neg == 0, z3.RealVal(0), 1 / neg))
    if fn.split("@")[0] == "Inv.inv":  # x⁻¹ = 1 / x with 0⁻¹ = 0 (inv_zero)
        return z3.If(a[0] == 0, z3.RealVal(0), 1 / a[0])
    if fn == "Complex.normSq" or fn.split("@")[0] in ("Complex.re", "Complex.im"):
        from minilean.untranslatable import Untranslatable

        raise Untranslatable(fn)
    if fn in _IDENTITY:
        return a[0]
    base = fn.split("@")[0]
    if base == "Int.floor":
        return z3.ToInt(a[0])
    if base == "Int.ceil":
        return -z3.ToInt(-a[0])
    if base == "Nat.floor":
        return z3.If(a[0] < 0, z3.IntVal(0), z3.ToInt(a[0]))
    if fn == "Int.natAbs":
        return z3.If(a[0] >= 0, a[0], -a[0])
    if fn == "Nat.succ":
        return a[0] + 1
    if fn == "Int.toNat":
        return z3.If(a[0] >= 0, a[0], z3.IntVal(0))
    if fn == "Nat.factorial":
        return _factorial()(a[0])
    if fn == "Nat.choose":
        return _choose()(a[0], a[1])
    if fn == nat_fib.NAME:
        return _fib()(a[0])
    if fn in int_divmod.NAMES:  # the values of `%` / `/` on ℤ (int_divmod.py): the same encoding
        return enc.expr(EBin("%" if fn == int_divmod.EMOD else "÷", *e.args), INT)
    if fn == nat_totient.NAME:  # uninterpreted, with Nat.totient_le (φ n ≤ n) and φ n ≥ 0 (it is a ℕ)
        v = z3.Function("#Nat.totient", _I(), _I())(a[0])
        side += [v >= 0, v <= a[0]]
        if isinstance(e.args[0], ENum):  # the value `decide` computes (a theorem of Mathlib, by rfl)
            with contextlib.suppress(NotEvaluable):
                side.append(v == nat_totient.totient_value(e.args[0].n))
        return v
    from minilean.untranslatable import Untranslatable

    raise Untranslatable(f"no z3 encoding for {fn}")


def encode_sum(enc, e: ESum) -> z3.ArithRef:  # type: ignore[no-untyped-def]
    """z3 term for a sum/product: unfolded when its bounds are closed and small, else a recursive
    function of its bounds (and of the quantified variables its summand mentions)."""
    add = e.op != "∏"
    unit = (z3.IntVal if e.ty in (NAT, INT) else z3.RealVal)(0 if add else 1)
    try:
        lo = eval_int(e.lo, {})
        hi = eval_int(e.hi, {})
        ts = terms(e, lo, hi)
    except (NotEvaluable, ValueError):
        ts = None
    if ts is not None and len(ts) <= UNFOLD:
        out = unit
        for guard, t in ts:
            v = enc.expr(t, e.ty)
            if guard is not None:
                v = z3.If(enc.prop(guard), v, unit)
            out = out + v if add else out * v
        return out
    if e.kind not in ("range", "Icc"):
        from minilean.untranslatable import Untranslatable

        raise Untranslatable("divisors of a symbolic number")
    mentioned = expr_vars(e.body, set()) | (prop_vars(e.guard) if e.guard is not None else set())
    extras = sorted((mentioned - {e.var}) & set(enc.bound))
    args = [enc.bound[x] for x in extras]
    # one function per summand (bounds are its arguments), so that sums over different bounds relate
    memo: dict = enc.__dict__.setdefault("_sum_funs", {})
    key = (
        e.op,
        e.var,
        e.ity,
        e.kind,
        e.body,
        e.guard,
        e.ty,
        tuple((x, args[i].sort()) for i, x in enumerate(extras)),
    )
    if key not in memo:
        memo[key] = _define_sum(enc, e, extras, unit, add)
    f = memo[key]
    if e.kind == "range":
        return f(enc.expr(e.hi, e.ity), *args)
    return f(enc.expr(e.lo, e.ity), enc.expr(e.hi, e.ity), *args)


def _guarded(enc, e: ESum, unit: z3.ArithRef) -> z3.ArithRef:  # type: ignore[no-untyped-def]
    v = enc.expr(e.body, e.ty)
    return v if e.guard is None else z3.If(enc.prop(e.guard), v, unit)


def _define_sum(enc, e: ESum, extras: list[str], unit: z3.ArithRef, add: bool) -> z3.FuncDeclRef:  # type: ignore[no-untyped-def]
    ps = [z3.Const(f"#p{i}", enc.bound[x].sort()) for i, x in enumerate(extras)]
    vsort = _I() if e.ty in (NAT, INT) else _R()
    name = f"#{'sum' if add else 'prod'}{next(_FRESH)}"
    saved = {x: enc.bound.get(x) for x in [e.var, *extras]}
    try:
        for x, p in zip(extras, ps, strict=True):
            enc.bound[x] = p
        if e.kind == "range":
            f = z3.RecFunction(name, _I(), *[p.sort() for p in ps], vsort)
            n = z3.Int("#n")
            enc.bound[e.var] = n - 1
            body = _guarded(enc, e, unit)
            prev = f(n - 1, *ps)
            z3.RecAddDefinition(f, [n, *ps], z3.If(n <= 0, unit, prev + body if add else prev * body))
        else:
            f = z3.RecFunction(name, _I(), _I(), *[p.sort() for p in ps], vsort)
            a, b = z3.Int("#a"), z3.Int("#b")
            enc.bound[e.var] = b
            body = _guarded(enc, e, unit)
            prev = f(a, b - 1, *ps)
            z3.RecAddDefinition(f, [a, b, *ps], z3.If(b < a, unit, prev + body if add else prev * body))
    finally:
        for x, old in saved.items():
            if old is None:
                enc.bound.pop(x, None)
            else:
                enc.bound[x] = old
    return f


__all__ = ["UNFOLD", "encode_lib", "encode_sum", "eval_lib_int", "eval_lib_num"]

register_hook("eval_lib_int", eval_lib_int)
