"""A bounded rewriting engine for `simp`, `simp only`, `simp_all`, `simpa` and `norm_num` (its simp set plus
numeral evaluation), with Mathlib's meaning on the competition fragment.

Power, decided here and documented in docs/MINILEAN_TACTICS.md: terms are simplified bottom-up with
(1) the rules the user gives (hypotheses and table lemmas: an equation rewrites its left side, an `↔`
rewrites propositions, `¬p` rewrites `p` to False, any other fact rewrites itself to True), (2) a fixed
list of Mathlib `@[simp]` lemmas (`add_zero`, `mul_one`, `sub_self`, `ne_eq`, `not_lt`, `ge_iff_le`,
`mul_eq_zero`, `Nat.cast_add`, `and_true`, …; none with `simp only`), (3) literal arithmetic: `simp`'s
simprocs fold ℕ/ℤ literal arithmetic and decide comparisons of literals; `norm_num` evaluates numeral
arithmetic in every type (ℚ/ℝ fractions included) and decides closed comparisons, `∣`, parity and
primality. Nothing else: no ring normalisation, no linear arithmetic, no hypotheses unless given
(`[*]`, `simp_all`). Permutation rules (`mul_comm`) rewrite only towards a fixed term order, so they
cannot loop. Every rewrite is an instance of a valid equation, so the engine is sound; a budget of
rewrite steps keeps it bounded (exceeding it fails, as Lean's maxSteps does).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from minilean.closers import eval_closed, eval_num
from minilean.finset_literal import simp_literal
from minilean.foralls import open_foralls
from minilean.goals import TacticFail, instantiate, instantiate_expr, is_ground, match, match_expr
from minilean.libfuns import LIB_FUNS
from minilean.nat_fib import simp_fib_rel, simp_fib_term
from minilean.nat_sub_offset import reduce_rel_diff, reduce_sub_diff
from minilean.range_simp import range_step
from minilean.simp_instances import core_mod_simp, instance_valid
from minilean.simp_only_literals import eq_self_closes
from minilean.simp_order import order_simp
from minilean.sum_const import const_step
from minilean.syntax import (
    COMPLEX,
    FALSE,
    INT,
    NAT,
    RAT,
    REAL,
    TRUE,
    EApp,
    EBin,
    ECast,
    EMeta,
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
    PQuant,
    PRel,
    Prop,
    expr_vars,
    prop_vars,
)

MAX_STEPS = 5000
_I = EApp("Complex.I", ())
_FLIP = {">": "<", "≥": "≤"}


@dataclass
class TermRule:
    lhs: Expr
    rhs: Expr
    ty: str
    perm: bool  # a permutation rule (`a * b = b * a`): only applied when it decreases the term order
    premises: tuple = ()  # a conditional rule applies when each instantiated premise simplifies to True
    checked: bool = False  # a per-instance lemma: each ground instance is checked by z3 (simp_instances)


@dataclass
class PropRule:
    lhs: Prop
    rhs: Prop
    premises: tuple = ()


@dataclass
class SimpSet:
    norm_num: bool = False  # numeral evaluation in every type (norm_num) or ℕ/ℤ literals only (simp)
    defaults: bool = True  # the built-in @[simp] lemmas (off for `simp only`)
    terms: list[TermRule] = field(default_factory=list)
    props: list[PropRule] = field(default_factory=list)
    discharge_norm_num: bool = False  # side conditions by norm_num (field_simp's discharger)
    side: list[PropRule] = field(default_factory=list)  # facts only the discharger uses (assumptions)
    ranges: set[tuple[str, str]] = field(default_factory=set)  # named range lemmas (range_simp)
    literal_lemmas: set[str] = field(default_factory=set)  # Finset.mem_insert / mem_singleton named

    def add_fact(self, p: Prop, premises: tuple = (), checked: bool = False) -> None:
        """A hypothesis or lemma statement as simp rules (Lean's `mkSimpTheorems`): `∀` variables become
        pattern variables, implications `h₁ → h₂ → eq` conditional rules."""
        while True:
            if isinstance(p, PQuant) and p.q == "∀":
                p = open_foralls(p, 40_000 + 100 * (len(self.terms) + len(self.props) + len(premises)))[0]
            elif isinstance(p, PBin) and p.op == "→" and p.rhs != FALSE:
                premises = (*premises, p.lhs)
                p = p.rhs
            else:
                break
        if checked and not (isinstance(p, PRel) and p.op == "="):
            raise TacticFail("minilean: a per-instance simp lemma must be an equation")
        if isinstance(p, PBin) and p.op == "∧":
            self.add_fact(p.lhs, premises)
            self.add_fact(p.rhs, premises)
        elif isinstance(p, PRel) and p.op == "=":
            if isinstance(p.lhs, EMeta):
                raise TacticFail("invalid simp lemma: the left-hand side is a variable")
            perm = _shape(p.lhs) == _shape(p.rhs) and p.lhs != p.rhs
            self.terms.append(TermRule(p.lhs, p.rhs, p.ty, perm, premises, checked))
        elif isinstance(p, PBin) and p.op in ("↔", "="):  # `P = Q` on Prop rewrites as `P ↔ Q` does
            self.props.append(PropRule(p.lhs, p.rhs, premises))
        elif isinstance(p, PRel) and p.op == "≠":
            self.props.append(PropRule(PRel("=", p.lhs, p.rhs, p.ty), FALSE, premises))
        elif isinstance(p, PNot):
            self.props.append(PropRule(p.arg, FALSE, premises))
        elif isinstance(p, PBin) and p.op == "→":  # `a → False`
            self.props.append(PropRule(p.lhs, FALSE, premises))
        elif p not in (TRUE, FALSE):
            self.props.append(PropRule(p, TRUE, premises))
            if isinstance(p, PRel) and p.op in _FLIP:  # stated with ≥/>: simp normalises it first
                self.props.append(PropRule(PRel(_FLIP[p.op], p.rhs, p.lhs, p.ty), TRUE, premises))


def _shape(e: object) -> object:
    """The term with its pattern variables erased, up to commuting arguments (detects permutation rules
    such as `mul_comm`, as Lean's `isPerm`; a ground equation `x = y` is an ordinary rule)."""
    if isinstance(e, EBin):
        return ("bin", e.op, frozenset([repr(_shape(e.lhs)), repr(_shape(e.rhs))]))
    if isinstance(e, ENeg | ECast):
        return (type(e).__name__, _shape(e.arg))
    if isinstance(e, EApp):
        return ("app", e.fn, tuple(_shape(a) for a in e.args))
    if isinstance(e, EMeta):
        return "?"  # pattern variables are what a permutation lemma permutes
    return e


# ---------------------------------------------------------------------------------------------- numerals


def numeral(e: Expr) -> Fraction | None:
    """The value of a numeral in normal form (`3`, `-3`, `3 / 2`, `-(3 / 2)`), else None."""
    if isinstance(e, ENum):
        return Fraction(e.n)
    if isinstance(e, ENeg):
        v = numeral(e.arg)
        return -v if v is not None and v > 0 else None
    if isinstance(e, EBin) and e.op == "/" and isinstance(e.lhs, ENum) and isinstance(e.rhs, ENum):
        if e.rhs.n > 1 and e.lhs.n > 0 and Fraction(e.lhs.n, e.rhs.n).denominator == e.rhs.n:
            return Fraction(e.lhs.n, e.rhs.n)
    return None


def mk_numeral(v: Fraction) -> Expr:
    if v < 0:
        return ENeg(mk_numeral(-v))
    if v.denominator == 1:
        return ENum(v.numerator)
    return EBin("/", ENum(v.numerator), ENum(v.denominator))


class Simplifier:
    def __init__(self, ss: SimpSet, sorts: dict[str, str]) -> None:
        self.ss = ss
        self.sorts = sorts
        self.steps = 0
        self.depth = 0  # nesting of side-condition discharges
        self.bound: list[str] = []  # ∑/∏ indices the current subterm is under

    def _tick(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TacticFail("simp failed, maximum number of steps exceeded")

    def _discharge(self, premises: tuple, s: dict) -> bool:
        """Lean's default discharger: each instantiated side condition simplifies to True with the same
        simp set (norm_num's set when `discharge_norm_num`), two levels deep at most."""
        if self.depth >= 2:
            return False
        ss = self.ss
        if ss.discharge_norm_num or ss.side:
            ss = SimpSet(ss.norm_num or ss.discharge_norm_num, True, ss.terms, ss.props + ss.side)
        sub = Simplifier(ss, self.sorts)
        sub.depth = self.depth + 1
        for q in premises:
            inst = instantiate(q, s)
            if not is_ground(inst):
                return False
            got = sub.prop(inst)
            self.steps += sub.steps
            if got != TRUE:
                return False
        return True

    def _may_enter(self, var: str) -> bool:
        """No rule mentions a free variable named like the index (it would be captured)."""
        names: set[str] = set()
        for r in self.ss.terms:
            expr_vars(r.lhs, names)
            expr_vars(r.rhs, names)
        for pr in (*self.ss.props, *self.ss.side):
            names |= prop_vars(pr.lhs) | prop_vars(pr.rhs)
        return var not in names

    def _folds(self, ty: str) -> bool:
        return self.ss.norm_num or ty in (NAT, INT)

    # ------------------------------------------------------------------------------------------ terms
    def expr(self, e: Expr, ty: str) -> Expr:
        for _ in range(64):
            new = self._expr_once(e, ty)
            if new == e:
                return e
            e = new
        raise TacticFail("simp failed, maximum recursion depth has been reached")

    def _expr_once(self, e: Expr, ty: str) -> Expr:
        if isinstance(e, ESum):
            lo, hi = self.expr(e.lo, e.ity), self.expr(e.hi, e.ity)
            if (lo, hi) != (e.lo, e.hi):  # the bounds are simplified too (congruence; outside the binder)
                return replace(e, lo=lo, hi=hi)
            stepped = range_step(e, frozenset(self.ss.ranges), self.ss.defaults)
            if stepped is None:  # sum_const / prod_const / card_range (sum_const.py)
                stepped = const_step(e, self.ss.defaults, bool(self.ss.ranges))
            if stepped is not None:
                self._tick()
                return stepped
            if self._may_enter(e.var):  # simp rewrites under the binder (the index stays abstract)
                self.bound.append(e.var)
                try:
                    body = self.expr(e.body, e.ty)
                finally:
                    self.bound.pop()
                if body != e.body:
                    return replace(e, body=body)
        if isinstance(e, EBin):
            e = EBin(e.op, self.expr(e.lhs, ty), self.expr(e.rhs, NAT if e.op == "^" else ty))
        elif isinstance(e, ENeg):
            e = ENeg(self.expr(e.arg, ty))
        elif isinstance(e, ECast):
            e = ECast(self.expr(e.arg, e.src), e.src, e.dst)
        elif isinstance(e, EApp):
            if e.fn == "abs":
                doms = [ty]
            elif e.fn in ("Nat.gcd", "Nat.lcm"):
                doms = [NAT, NAT]
            elif LIB_FUNS.get(e.fn, ((), ""))[0]:
                # a library function's arguments live in its domain (`⌊x⌋ : ℤ` takes `x : ℝ`), not
                # in the type of the surrounding term: simp lemmas must be picked at that type
                doms = list(LIB_FUNS[e.fn][0])
            else:
                doms = self.sorts.get(e.fn, "").split(" → ")[:-1] or [ty] * len(e.args)
            e = EApp(e.fn, tuple(self.expr(a, d) for a, d in zip(e.args, doms, strict=False)))
        for r in self.ss.terms:
            if r.ty != ty:
                continue
            s = match_expr(r.lhs, e, {}, ty)
            if s is None:
                continue
            out = instantiate_expr(r.rhs, s)
            if not is_ground(PRel("=", out, out, ty)):
                continue
            if r.perm and not repr(out) < repr(e):
                continue
            if r.premises and self.bound:
                continue  # a side condition about the index would need `Finset.sum_congr`, not simp
            if r.premises and not self._discharge(r.premises, s):
                continue
            if r.checked and out != e and not instance_valid(e, out, ty, self.sorts):
                continue
            if out != e:
                self._tick()
                return out
        if self.ss.defaults:
            out = self._builtin(e, ty)
            if out is not None and out != e:
                self._tick()
                return out
        return self._fold(e, ty)

    def _fold(self, e: Expr, ty: str) -> Expr:
        """Literal arithmetic (simprocs on ℕ/ℤ; norm_num's evaluation everywhere)."""
        if numeral(e) is not None:
            return e
        if not self.ss.defaults and not self.ss.norm_num:
            # `simp only`: Lean's `mkSimpContext` gives it no simprocs (`if simpOnly then pure {}`) and only
            # `eq_self`/`iff_self` as lemmas, so no literal arithmetic (`Nat.reduceAdd/Pow`, `reduceGcd`)
            # and no `Nat.cast_ofNat` (a @[simp] lemma); see simp_only_literals in the round 18f notes
            return e
        if ty == NAT and (off := reduce_sub_diff(e)) is not None:
            self._tick()  # Lean core's `Nat.reduceSubDiff`: `n + 10 - 1` is `n + 9` (nat_sub_offset.py)
            return off
        if isinstance(e, ECast) and numeral(e.arg) is not None and numeral(e.arg) >= 0:  # type: ignore[operator]
            return e.arg  # Nat.cast_ofNat
        if self.ss.norm_num and _library_value(e):
            # norm_num's extensions for library functions and `∑ … ∈ Finset.range n` with numerals
            # (libsem decides which: not Real.sqrt, not sums over Finset.Icc)
            try:
                v = eval_num(e, ty)
            except (NotEvaluable, ValueError, ZeroDivisionError, RecursionError):
                return e
            if ty in (NAT, INT) and v.denominator != 1:
                return e
            self._tick()
            return mk_numeral(v)
        kids = (
            [e.lhs, e.rhs]
            if isinstance(e, EBin)
            else [e.arg]
            if isinstance(e, ENeg)
            else list(e.args)
            if isinstance(e, EApp) and e.fn in ("abs", "Nat.gcd", "Nat.lcm")
            else None
        )
        if kids is None or any(numeral(k) is None for k in kids):
            return e
        if not self._folds(ty) and not (isinstance(e, EApp) and e.fn in ("Nat.gcd", "Nat.lcm")):
            return e
        try:
            v = eval_num(e, ty)
        except (NotEvaluable, ValueError, ZeroDivisionError):
            return e
        if ty in (NAT, INT) and v.denominator != 1:
            return e
        self._tick()
        return mk_numeral(v)

    def _builtin(self, e: Expr, ty: str) -> Expr | None:
        zero, one = ENum(0), ENum(1)
        if isinstance(e, ENeg):
            if isinstance(e.arg, ENeg):
                return e.arg.arg  # neg_neg
            if e.arg == zero:
                return zero  # neg_zero
            return None
        if isinstance(e, ECast):
            a = e.arg
            if isinstance(a, EBin) and a.op in ("+", "*"):
                return EBin(a.op, ECast(a.lhs, e.src, e.dst), ECast(a.rhs, e.src, e.dst))  # cast_add/mul
            if isinstance(a, EBin) and a.op == "^":
                return EBin("^", ECast(a.lhs, e.src, e.dst), a.rhs)  # cast_pow
            if isinstance(a, EBin) and a.op == "-" and e.src != NAT:
                return EBin("-", ECast(a.lhs, e.src, e.dst), ECast(a.rhs, e.src, e.dst))  # Int.cast_sub
            if isinstance(a, EBin) and a.op == "/" and e.src == RAT:
                # Rat.cast_div (@[simp, norm_cast], `Mathlib/Data/Rat/Cast/CharZero.lean`): unconditional
                # into a characteristic-zero field; ℕ/ℤ division casts need divisibility and stay
                return EBin("/", ECast(a.lhs, e.src, e.dst), ECast(a.rhs, e.src, e.dst))
            if isinstance(a, EApp) and a.fn in ("Inv.inv", "Inv.inv@ℚ") and e.src == RAT and e.dst != RAT:
                # Rat.cast_inv (@[simp, norm_cast], same file): `↑(q⁻¹) = (↑q)⁻¹` (`one_div` above
                # writes a ℚ inverse with the unsuffixed name: both spellings are the ℚ one here)
                return EApp("Inv.inv" if e.dst == REAL else "Inv.inv@ℂ", (ECast(a.args[0], e.src, e.dst),))
            if isinstance(a, ENeg):
                return ENeg(ECast(a.arg, e.src, e.dst))  # cast_neg
            return None
        if isinstance(e, EApp) and e.fn == "abs" and len(e.args) == 1:
            x = e.args[0]
            if isinstance(x, ENeg):
                return EApp("abs", (x.arg,))  # abs_neg
            return x if x in (zero, one) else None  # abs_zero, abs_one
        if isinstance(e, EBin) and ty == REAL and _is_sqrt(e.lhs) and (
            (e.op == "*" and e.rhs == e.lhs) or (e.op == "^" and e.rhs == ENum(2))
        ):
            x = e.lhs.args[0]  # type: ignore[union-attr]
            if self._discharge((PRel("≤", zero, x, REAL),), {}):
                return x  # Real.mul_self_sqrt, Real.sq_sqrt (@[simp], side condition `0 ≤ x`)
        if isinstance(e, EApp) and e.fn == "Real.sqrt" and len(e.args) == 1 and e.args[0] in (zero, one):
            return e.args[0]  # Real.sqrt_zero, Real.sqrt_one (@[simp])
        if isinstance(e, EApp) and e.fn == "Real.log" and len(e.args) == 1 and e.args[0] in (zero, one):
            return zero  # Real.log_zero, Real.log_one (@[simp])
        if (fib := simp_fib_term(e)) is not None:
            return fib  # Nat.fib_zero / fib_one / fib_two (@[simp]; nat_fib.py)
        if isinstance(e, EApp) and e.fn == "Real.log" and len(e.args) == 1 and (
            isinstance(e.args[0], ENeg) or (isinstance(e.args[0], EApp) and e.args[0].fn == "abs")
        ):
            inner = e.args[0]  # Real.log_neg_eq_log, Real.log_abs (@[simp])
            return EApp("Real.log", (inner.arg if isinstance(inner, ENeg) else inner.args[0],))  # type: ignore[union-attr]
        if isinstance(e, EApp) and e.fn == "Real.rpow" and len(e.args) == 2:
            x, y = e.args
            if y == one:
                return x  # Real.rpow_one (@[simp])
            if y == zero or x == one:
                return one  # Real.rpow_zero, Real.one_rpow (@[simp])
            if y == ENum(2):
                # Real.rpow_two (@[simp] in the Mathlib of 2023-24; later Real.rpow_ofNat, @[simp], gives
                # the same for 2): the monoid power. Other numeral exponents differ by version: left
                return EBin("^", x, ENum(2))
            return None
        if not isinstance(e, EBin):
            return None
        op, a, b = e.op, e.lhs, e.rhs
        if ty == COMPLEX and a == _I and ((op == "^" and b == ENum(2)) or (op == "*" and b == _I)):
            return ENeg(one)  # Complex.I_sq, Complex.I_mul_I (@[simp], Mathlib Data/Complex/Basic.lean)
        if op == "+":
            if a == ENeg(b) or b == ENeg(a):
                return zero  # neg_add_cancel / add_neg_cancel
            if isinstance(a, EBin) and a.op == "-" and a.rhs == b:
                return a.lhs  # sub_add_cancel (@[simp], the additive `div_mul_cancel`)
            return a if b == zero else b if a == zero else None
        if op == "*":
            if b == one:
                return a
            if a == one:
                return b
            if a == zero or b == zero:
                return zero
            if ty != NAT and isinstance(a, ENeg) and isinstance(b, ENeg):
                return EBin("*", a.arg, b.arg)  # neg_mul_neg (@[simp])
            if ty != NAT and isinstance(a, ENeg):
                return ENeg(EBin("*", a.arg, b))  # neg_mul (@[simp])
            if ty != NAT and isinstance(b, ENeg):
                return ENeg(EBin("*", a, b.arg))  # mul_neg (@[simp])
            return None
        if op == "-" and isinstance(b, ENeg):
            return EBin("+", a, b.arg)  # sub_neg_eq_add
        if op == "-" and isinstance(a, EBin) and isinstance(b, EBin) and (a.op, b.op) == ("+", "-"):
            if a.lhs == b.lhs:
                return EBin("+", a.rhs, b.rhs)  # add_sub_sub_cancel
        if op == "-" and isinstance(a, EBin) and a.op == "+" and b in (a.lhs, a.rhs):
            # add_sub_cancel_right / add_sub_cancel_left (@[simp], the additive forms of
            # `mul_div_cancel_right` / `mul_div_cancel_left` in `Mathlib/Algebra/Group/Basic.lean`)
            return a.lhs if a.rhs == b else a.rhs
        if op == "∸" and isinstance(a, EBin) and a.op == "+" and b in (a.lhs, a.rhs):
            return a.lhs if a.rhs == b else a.rhs  # add_tsub_cancel_right / add_tsub_cancel_left (@[simp])
        if op in ("-", "∸"):
            if b == zero:
                return a  # sub_zero / tsub_zero
            if a == b:
                return zero  # sub_self / tsub_self
            if op == "∸" and a == zero:
                return zero  # zero_tsub
            if op == "-" and a == zero:
                return ENeg(b)  # zero_sub
            return None
        if op == "^" and isinstance(b, ENum):
            if b.n == 0:
                return one
            if b.n == 1:
                return a
            if a in (zero, one):
                return a  # zero_pow (n ≠ 0 by norm_num), one_pow
            return None
        if op in ("/", "÷"):
            if isinstance(a, EBin) and a.op == "*" and b in (a.lhs, a.rhs):
                # mul_div_cancel_left₀ / mul_div_cancel_right₀ (MulDivCancelClass: fields, ℕ, ℤ), the
                # side condition `b ≠ 0` by the discharger
                if self._discharge((PRel("≠", b, zero, ty),), {}):
                    return a.rhs if a.lhs == b else a.lhs
            if b == one:
                return a
            if a == zero or b == zero:
                return zero  # zero_div, div_zero (Nat.div_zero / Int.ediv_zero)
            if op == "/" and a == one and ty in (RAT, REAL, COMPLEX) and (
                numeral(b) is None or (isinstance(b, ENum) and not self.ss.norm_num)
            ):
                # one_div (@[simp]). Plain simp rewrites a natural literal denominator too: a Lean-
                # verified proof runs `simp` on `⌊10 * (1 / 3 : ℝ)⌋ = 3` and then rewrites
                # `← div_eq_mul_inv 10 3`, so simp left `10 * 3⁻¹` (no simproc evaluates ℝ literals).
                # norm_num evaluates `1 / 2` to its rational literal first, so there the quotient is
                # left as written; other numeral denominators (`1 / (2 / 3)`, `1 / -3`) meet further
                # simp lemmas (inv_div, inv_neg) minilean does not model: left as written too.
                return EApp("Inv.inv", (b,))
            return None
        if op == "%":
            if b == one:
                return zero  # mod_one
            if a == zero:
                return zero
            if b == zero:
                return a  # mod_zero
            return core_mod_simp(a, b, ty)
        return None

    # ------------------------------------------------------------------------------------------ props
    def prop(self, p: Prop) -> Prop:
        for _ in range(64):
            new = self._prop_once(p)
            if new == p:
                return p
            p = new
        raise TacticFail("simp failed, maximum recursion depth has been reached")

    def _prop_rules(self, p: Prop) -> Prop | None:
        for r in self.ss.props:
            s = match(r.lhs, p, {})
            if s is not None:  # simp matches up to reducible unfolding (`a > b` is `b < a`)
                if r.premises and not self._discharge(r.premises, s):
                    continue
                out = instantiate(r.rhs, s)  # type: ignore[arg-type]
                if is_ground(out) and out != p:
                    self._tick()
                    return out
        return None

    def _prop_once(self, p: Prop) -> Prop:
        out = self._prop_rules(p)
        if out is not None:
            return out
        if isinstance(p, PRel):
            return self._rel(PRel(p.op, self.expr(p.lhs, p.ty), self.expr(p.rhs, p.ty), p.ty))
        if isinstance(p, PPred):
            q = PPred(p.name, self.expr(p.arg, p.ty), p.ty)
            # norm_num decides primality and parity of numerals; simp decides parity (Even 4 on ℤ)
            if numeral(q.arg) is not None and (self.ss.norm_num or q.name in ("Even", "Odd")):
                try:
                    return TRUE if eval_closed(q) else FALSE
                except NotEvaluable:
                    return q
            return q
        if isinstance(p, PModEq):
            # simp rewrites the arguments (congruence); only norm_num's `Nat.ModEq`/`Int.ModEq` extension
            # (Mathlib.Tactic.NormNum.ModEq, via `modEq_iff_dvd`) decides it, once all three are numerals
            q = p.map(lambda e: self.expr(e, p.ty))
            if self.ss.norm_num and all(numeral(x) is not None for x in (q.n, q.lhs, q.rhs)):
                try:
                    return TRUE if eval_closed(q) else FALSE
                except NotEvaluable:
                    return q
            return q
        if isinstance(p, PMem):
            # `Finset.mem_Icc`/`mem_Ico`/`mem_Ioc`/`mem_Ioo`/`mem_range` are @[simp]: the default set rewrites
            # membership to its bounds; `simp only [...]` without them only rewrites the terms (congruence)
            m = p.map(lambda e: self.expr(e, p.ty))
            if m.kind == "insert":  # `{a, b, c}` literals: mem_insert / mem_singleton (finset_literal.py)
                out = simp_literal(m, self.ss.defaults, frozenset(self.ss.literal_lemmas))
                return self.prop(out) if out != m else m
            return self.prop(m.unfolded()) if self.ss.defaults else m
        if isinstance(p, PCoprime):
            # simp rewrites the arguments (congruence); `Nat.coprime_iff_gcd_eq_one` is not @[simp], so only
            # norm_num (its `Nat.gcd` extension, MathlibTest: `Nat.Coprime 2 3 := by norm_num1`) decides it
            c = p.map(lambda e: self.expr(e, NAT))
            if self.ss.norm_num and numeral(c.a) is not None and numeral(c.b) is not None:
                try:
                    return TRUE if eval_closed(c) else FALSE
                except NotEvaluable:
                    return c
            return c
        if isinstance(p, PNot):
            a = self.prop(p.arg)
            if not self.ss.defaults:
                return PNot(a) if a not in (TRUE, FALSE) else (FALSE if a == TRUE else TRUE)
            if a == TRUE:
                return FALSE
            if a == FALSE:
                return TRUE
            if isinstance(a, PNot):
                return a.arg  # not_not
            if isinstance(a, PRel) and a.op in ("<", "≤"):
                return PRel("≤" if a.op == "<" else "<", a.rhs, a.lhs, a.ty)  # not_lt / not_le
            return PNot(a)
        if isinstance(p, PBin):
            a, b = self.prop(p.lhs), self.prop(p.rhs)
            if p.op == "=":  # a proposition equality (prop_eq.py)
                if self.ss.defaults:
                    return _connective("↔", a, b)  # eq_iff_iff (@[simp])
                return TRUE if a == b else PBin("=", a, b)  # eq_self (simp only's rfl lemmas)
            return _connective(p.op, a, b)
        if isinstance(p, PQuant):
            body = self.prop(p.body)
            if self.ss.defaults and p.q == "∀" and body == TRUE:
                return TRUE  # implies_true (@[simp]): `∀ a, True` is `True`
            if self.ss.defaults and p.q == "∃" and body == FALSE:
                return FALSE  # exists_false (@[simp])
            return PQuant(p.q, p.var, p.sort, body)
        return p

    def _rel(self, p: PRel) -> Prop:
        op, a, b, ty = p.op, p.lhs, p.rhs, p.ty
        va, vb = numeral(a), numeral(b)
        if not self.ss.defaults and not self.ss.norm_num:
            # `simp only`: no literal simprocs, no `OfNat.ofNat_eq_ofNat`; `eq_self` closes what unifies
            if op == "=" and eq_self_closes(a, b, ty):
                return TRUE
            if va is not None and vb is not None:
                return p
        if va is not None and vb is not None and op != "∣":
            literals = va >= 0 and vb >= 0 and va.denominator == 1 and vb.denominator == 1
            if self._folds(ty) or literals:  # Nat.ofNat_le / ofNat_lt / OfNat.ofNat_eq_ofNat
                return TRUE if _cmp(op, va, vb) else FALSE
        if op == "∣" and self.ss.norm_num and va is not None and vb is not None:
            return TRUE if eval_closed(p) else FALSE
        if ty == NAT and (self.ss.defaults or self.ss.norm_num):
            # Lean core's `Nat.reduceEqDiff` / `Nat.reduceLeDiff` simprocs (nat_sub_offset.py)
            off = reduce_rel_diff(op, a, b)
            if isinstance(off, bool):
                return TRUE if off else FALSE
            if off is not None:
                return PRel(off[0], off[1], off[2], ty)
        if not self.ss.defaults:
            return p
        if (why := simp_fib_rel(a, b)) is not None:
            raise TacticFail(why)
        if a == b:
            return TRUE if op in ("=", "≤", "≥", "∣") else FALSE
        if op in _FLIP:
            return PRel(_FLIP[op], b, a, ty)  # ge_iff_le / gt_iff_lt
        if op == "≠":
            return PNot(PRel("=", a, b, ty))  # ne_eq
        if a == ENum(0) and isinstance(b, ECast) and b.src == NAT and op == "≤":
            return TRUE  # Nat.cast_nonneg (@[simp]); Nat.cast_pos's further simp form not settled: left
        if op == "≤" and a == ENum(0) and _is_sqrt(b):
            return TRUE  # Real.sqrt_nonneg (@[simp])
        if op == "∣" and b == ENum(0):
            return TRUE  # dvd_zero (@[simp])
        if ty == NAT and op == "≤" and a == ENum(0):
            return TRUE  # zero_le (@[simp], canonically ordered)
        if ty == NAT and op == "<" and b == ENum(0):
            return FALSE  # not_lt_zero' (@[simp])
        if a == ENum(0) and isinstance(b, EApp) and b.fn == "abs" and op in ("≤", "<"):
            # abs_nonneg / abs_pos
            return TRUE if op == "≤" else PNot(PRel("=", b.args[0], a, ty))
        if op == "=" and b == ENum(0) and isinstance(a, EApp) and a.fn == "abs":
            return PRel("=", a.args[0], b, ty)  # abs_eq_zero
        out = order_simp(op, a, b, ty)  # simp_order.py: further @[simp] order lemmas
        if out is not None:
            return out
        if op in ("=", "≤", "<"):
            if isinstance(a, EBin) and isinstance(b, EBin) and a.op == b.op == "+":
                if a.lhs == b.lhs:
                    return PRel(op, a.rhs, b.rhs, ty)  # add_right_inj / add_le_add_iff_left
                if a.rhs == b.rhs:
                    return PRel(op, a.lhs, b.lhs, ty)  # add_left_inj / add_le_add_iff_right
            if isinstance(a, ECast) and isinstance(b, ECast) and (a.src, a.dst) == (b.src, b.dst):
                return PRel(op, a.arg, b.arg, a.src)  # Nat.cast_inj / Nat.cast_le / Nat.cast_lt
        if op == "=" and b == ENum(0):
            if isinstance(a, EBin) and a.op == "*":
                return PBin("∨", PRel("=", a.lhs, b, ty), PRel("=", a.rhs, b, ty))  # mul_eq_zero
            if isinstance(a, EBin) and a.op == "/" and ty in (RAT, REAL, COMPLEX):
                # div_eq_zero_iff (@[simp], GroupWithZero; ℕ/ℤ division rounds, so not there). Lean's
                # one_div first makes `1 / b` into `b⁻¹` and inv_eq_zero gives `b = 0`: the same end
                return PBin("∨", PRel("=", a.lhs, b, ty), PRel("=", a.rhs, b, ty))
            if isinstance(a, EApp) and a.fn == "Inv.inv" and len(a.args) == 1 and ty in (RAT, REAL, COMPLEX):
                return PRel("=", a.args[0], b, ty)  # inv_eq_zero (@[simp], GroupWithZero)
            if isinstance(a, ENeg):
                return PRel("=", a.arg, b, ty)  # neg_eq_zero
            if isinstance(a, EBin) and a.op == "^" and isinstance(a.rhs, ENum) and a.rhs.n > 0:
                return PRel("=", a.lhs, b, ty)  # pow_eq_zero_iff
        return p


def _is_sqrt(e: Expr) -> bool:
    return isinstance(e, EApp) and e.fn == "Real.sqrt" and len(e.args) == 1


def _cmp(op: str, a: Fraction, b: Fraction) -> bool:
    return {
        "=": a == b,
        "≠": a != b,
        "<": a < b,
        "≤": a <= b,
        ">": a > b,
        "≥": a >= b,
    }[op]


def _connective(op: str, a: Prop, b: Prop) -> Prop:
    if op == "∧":
        if a == TRUE:
            return b
        if b == TRUE or a == b:
            return a
        if FALSE in (a, b):
            return FALSE
    elif op == "∨":
        if a == FALSE:
            return b
        if b == FALSE or a == b:
            return a
        if TRUE in (a, b):
            return TRUE
    elif op == "→":
        if a == TRUE:
            return b
        if a == FALSE or b == TRUE or a == b:
            return TRUE
        if b == FALSE:
            return PNot(a)  # imp_false
    elif op == "↔":
        if a == b:
            return TRUE
        if a == TRUE:
            return b
        if b == TRUE:
            return a
        if a == FALSE:
            return PNot(b)
        if b == FALSE:
            return PNot(a)
    return PBin(op, a, b)


def is_closed(p: Prop) -> bool:
    return isinstance(p, PConst) and p.value


__all__ = ["SimpSet", "Simplifier", "mk_numeral", "numeral"]


def _library_value(e: Expr) -> bool:
    """A big operator, or a library function applied to closed terms (`7 !`, `Int.floor (-7 / 2)`)."""
    if isinstance(e, ESum):
        return True
    return (isinstance(e, EApp) and e.fn not in ("abs", "Nat.gcd", "Nat.lcm")
            and all(not expr_vars(a, set()) for a in e.args))
