"""Tactics that rewrite a goal (or hypothesis) into a normal form rather than close it: `ring_nf`,
`push_cast`, `push_neg`, `contrapose(!)`, `field_simp`. Each result is equivalent to its input (the
rewrites are ring identities, cast lemmas, classical logic, or multiplications by denominators proved
non-zero), so none can make a false goal provable; the printed shapes follow Mathlib's conventions
where we know them (docs/MINILEAN_TACTICS.md lists where they differ).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from minilean.closers import eval_num
from minilean.field_simp_recip import has_div as _has_div
from minilean.field_simp_recip import reciprocal_product
from minilean.goals import Goal, Hyp, TacticFail, lookup_hyp
from minilean.libfuns import LIB_FUNS
from minilean.linarith import NotLinear, partition_of
from minilean.ring_exp import RingNormalizer
from minilean.ring_nf_funargs import has_local_functions, normalize_every_argument, normalize_fun_args
from minilean.ring_nf_inv import constant_inverse
from minilean.ring_nf_pow import atom_index, factor_expr, factor_key, has_pow_atom, mathlib_key
from minilean.simp import Simplifier, SimpSet, mk_numeral, numeral
from minilean.syntax import (
    FALSE,
    INT,
    NAT,
    RAT,
    TRUE,
    EApp,
    EBin,
    ECast,
    ENeg,
    ENum,
    Expr,
    NotEvaluable,
    PBin,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    expr_vars,
)

# ---------------------------------------------------------------------------------------------- ring_nf


def _atoms_in_order(e: Expr, out: list) -> list:
    if isinstance(e, EBin) and e.op in ("+", "-", "*", "^"):
        _atoms_in_order(e.lhs, out)
        _atoms_in_order(e.rhs, out)  # a numeral exponent adds nothing; a symbolic one's atoms come next
    elif isinstance(e, ENeg):
        _atoms_in_order(e.arg, out)
    elif not isinstance(e, ENum) and e not in out:
        if isinstance(e, EBin) and e.op in ("∸", "÷", "%"):  # recursive ring_nf meets these first
            _atoms_in_order(e.lhs, out)
            _atoms_in_order(e.rhs, out)
        out.append(e)
    return out


def ring_normal(e: Expr, ty: str, order: list | None = None) -> Expr:
    """Mathlib-style `ring_nf` form: constant first, then monomials by degree, numeral coefficients on
    the right (`3 + x * 2 + x ^ 2`), subtraction for negative coefficients."""
    order = _atoms_in_order(e, []) if order is None else order  # one atom order per goal, as AtomM
    e = _inside_atoms(e, ty, order)
    # powers with a symbolic exponent as Mathlib's ring computes them (ring_exp.py, printed by ring_nf_pow.py)
    poly = RingNormalizer(partition_of(ty), push_casts=False).poly(e, ty)

    def key(m: tuple) -> tuple:
        deg = sum(p for _, p in m)
        # ties (`x * y ^ 2`, `x ^ 2 * y`) by the atoms' places and powers, then, for atoms outside
        # `order` only, by repr: one order whatever the input's, unchanged by renaming the variables
        places = sorted((atom_index(a, order), p) for a, p in m)
        return (deg, [atom_index(a, order) for a, _ in m], places, repr(m))

    if has_pow_atom(poly):  # a symbolic power: ring's own order (ExProd.cmp), see ring_nf_pow.py
        monos = sorted(poly, key=lambda m: mathlib_key(m, poly[m], order, ty))
    else:
        monos = sorted(poly, key=key)
    terms: list[tuple[Expr | None, Fraction]] = []
    for mono in monos:
        c = poly[mono]
        factors = sorted(mono, key=lambda ap: factor_key(ap[0], order, ty, ap[1]))
        prod: Expr | None = None
        for a, p in factors:
            f = factor_expr(a, p, ty, order, ring_normal)
            prod = f if prod is None else EBin("*", prod, f)
        terms.append((prod, c))
    if not terms:
        return ENum(0)
    out: Expr | None = None
    for prod, c in terms:
        neg = c < 0 and ty != NAT and out is not None
        mag = -c if neg else c
        if prod is None:
            t: Expr = mk_numeral(mag)
        elif mag == 1:
            t = prod
        elif mag == -1:
            t = ENeg(prod)
        else:
            t = EBin("*", prod, mk_numeral(mag))
        out = t if out is None else EBin("-" if neg else "+", out, t)
    assert out is not None
    return out


def _inside_atoms(e: Expr, ty: str, order: list) -> Expr:
    """`ring_nf` is recursive (RingNF.Config.recursive): the arguments of an atom are normalized too,
    so `10 * a + a - b` over ℕ (truncated subtraction is an atom to `ring`) becomes `a * 11 - b`. Only
    ℕ/ℤ `∸ ÷ %` and function arguments are entered (field division prints through `⁻¹`, not done)."""
    if isinstance(e, EBin) and e.op in ("+", "-", "*"):
        return EBin(e.op, _inside_atoms(e.lhs, ty, order), _inside_atoms(e.rhs, ty, order))
    if isinstance(e, EBin) and e.op == "^":  # a symbolic exponent is a ℕ ring term: its atoms too
        rhs = e.rhs if isinstance(e.rhs, ENum) else _inside_atoms(e.rhs, NAT, order)
        return EBin("^", _inside_atoms(e.lhs, ty, order), rhs)
    if isinstance(e, ENeg):
        return ENeg(_inside_atoms(e.arg, ty, order))
    if isinstance(e, EBin) and e.op in ("∸", "÷", "%") and ty in (NAT, INT):
        return EBin(e.op, ring_normal(e.lhs, ty, order), ring_normal(e.rhs, ty, order))
    inv = constant_inverse(e, ty, lambda a, t: ring_normal(a, t, order))
    if inv is not None:  # `2⁻¹` over a field is the constant `1 / 2` (ring_nf_inv.py)
        return inv
    if isinstance(e, EApp) and (e.fn == "abs" or e.fn in LIB_FUNS):
        doms = [ty] if e.fn == "abs" else list(LIB_FUNS[e.fn][0])
        if len(doms) == len(e.args):  # library functions' arguments (`11 ^ (x * (1 / 4))`, rpow)
            args = []
            for a, d in zip(e.args, doms, strict=True):
                try:
                    args.append(ring_normal(a, d, order))
                except NotLinear:
                    args.append(a)
            return EApp(e.fn, tuple(args))
    return normalize_fun_args(e, order, ring_normal)  # local functions' arguments (ring_nf_funargs.py)


def _prop_atoms(p: Prop, out: list) -> list:
    if isinstance(p, PRel):
        _atoms_in_order(p.lhs, out)
        _atoms_in_order(p.rhs, out)
    elif isinstance(p, PNot | PQuant):
        _prop_atoms(p.arg if isinstance(p, PNot) else p.body, out)
    elif isinstance(p, PBin):
        _prop_atoms(p.lhs, out)
        _prop_atoms(p.rhs, out)
    return out


def _same_up_to_arguments(p: PRel, order: list) -> bool:
    """Do the two sides have one normal form once every local function's argument is normalized too?
    (ring_nf_funargs prints only one-atom arguments, for the order; equality does not depend on it.)"""
    if not has_local_functions():
        return False
    with normalize_every_argument():
        return ring_normal(p.lhs, p.ty, order) == ring_normal(p.rhs, p.ty, order)


def ring_nf_prop(p: Prop, order: list | None = None) -> Prop:
    order = _prop_atoms(p, []) if order is None else order
    if isinstance(p, PRel) and p.op != "∣":
        try:
            lhs, rhs = ring_normal(p.lhs, p.ty, order), ring_normal(p.rhs, p.ty, order)
        except NotLinear as e:
            raise TacticFail(f"ring_nf failed: {e}") from None
        if p.op in ("=", "≤", "≥") and (lhs == rhs or _same_up_to_arguments(p, order)):
            return TRUE
        vl, vr = numeral(lhs), numeral(rhs)
        if vl is not None and vr is not None:  # ring_nf's cleanup decides closed numeral comparisons
            ops = {"=": vl == vr, "≠": vl != vr, "<": vl < vr, "≤": vl <= vr, ">": vl > vr, "≥": vl >= vr}
            return TRUE if ops[p.op] else FALSE
        return PRel(p.op, lhs, rhs, p.ty)
    if isinstance(p, PNot):
        return PNot(ring_nf_prop(p.arg, order))
    if isinstance(p, PBin):
        return PBin(p.op, ring_nf_prop(p.lhs, order), ring_nf_prop(p.rhs, order))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, ring_nf_prop(p.body, order))
    return p


# ---------------------------------------------------------------------------------------------- push_cast


def push_cast_expr(e: Expr) -> Expr:
    if isinstance(e, EBin):
        return EBin(e.op, push_cast_expr(e.lhs), push_cast_expr(e.rhs))
    if isinstance(e, ENeg):
        return ENeg(push_cast_expr(e.arg))
    if isinstance(e, EApp):
        return EApp(e.fn, tuple(push_cast_expr(a) for a in e.args))
    if isinstance(e, ECast):
        a = push_cast_expr(e.arg)
        if isinstance(a, ENum):
            return a  # Nat.cast_ofNat
        if isinstance(a, ECast):  # ((n : ℤ) : ℝ) = (n : ℝ): Int.cast_natCast
            return push_cast_expr(ECast(a.arg, a.src, e.dst))
        if isinstance(a, EBin) and (a.op in ("+", "*") or (a.op == "-" and e.src != NAT)
                                    or (a.op == "/" and e.src == RAT)):  # Rat.cast_div: no side condition
            lhs, rhs = ECast(a.lhs, e.src, e.dst), ECast(a.rhs, e.src, e.dst)
            return EBin(a.op, push_cast_expr(lhs), push_cast_expr(rhs))
        if isinstance(a, EBin) and a.op == "^":
            return EBin("^", push_cast_expr(ECast(a.lhs, e.src, e.dst)), a.rhs)
        if isinstance(a, ENeg):
            return ENeg(push_cast_expr(ECast(a.arg, e.src, e.dst)))
        if isinstance(a, EApp) and a.fn == "abs" and e.src == INT:
            return EApp("abs", (push_cast_expr(ECast(a.args[0], e.src, e.dst)),))
        return ECast(a, e.src, e.dst)
    return e


def push_cast_prop(p: Prop) -> Prop:
    if isinstance(p, PRel):
        return PRel(p.op, push_cast_expr(p.lhs), push_cast_expr(p.rhs), p.ty)
    if isinstance(p, PPred):
        return PPred(p.name, push_cast_expr(p.arg), p.ty)
    if isinstance(p, PNot):
        return PNot(push_cast_prop(p.arg))
    if isinstance(p, PBin):
        return PBin(p.op, push_cast_prop(p.lhs), push_cast_prop(p.rhs))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, push_cast_prop(p.body))
    return p


# ---------------------------------------------------------------------------------------------- push_neg


def push_neg(p: Prop) -> Prop:
    """Mathlib's `push_neg`: negations pushed to the atoms (`¬(p ∧ q)` becomes `p → ¬q`)."""
    if isinstance(p, PNot):
        return _neg(p.arg)
    if isinstance(p, PBin):
        return PBin(p.op, push_neg(p.lhs), push_neg(p.rhs))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, push_neg(p.body))
    return p


def _neg(p: Prop) -> Prop:
    if isinstance(p, PNot):
        return push_neg(p.arg)  # not_not
    if p == TRUE:
        return FALSE
    if p == FALSE:
        return TRUE
    if isinstance(p, PBin):
        a, b = p.lhs, p.rhs
        if p.op == "∧":
            return PBin("→", push_neg(a), _neg(b))  # not_and
        if p.op == "∨":
            return PBin("∧", _neg(a), _neg(b))  # not_or
        if p.op == "→":
            return PBin("∧", push_neg(a), _neg(b))  # not_imp
        if p.op == "↔":  # not_iff
            return PBin("∨", PBin("∧", push_neg(a), _neg(b)), PBin("∧", _neg(a), push_neg(b)))
    if isinstance(p, PQuant):
        return PQuant("∃" if p.q == "∀" else "∀", p.var, p.sort, _neg(p.body))  # not_forall/exists
    if isinstance(p, PRel):
        flip = {"<": "≤", "≤": "<"}
        if p.op in flip:
            return PRel(flip[p.op], p.rhs, p.lhs, p.ty)  # not_lt / not_le
        if p.op in (">", "≥"):
            return PRel({">": "≤", "≥": "<"}[p.op], p.lhs, p.rhs, p.ty)
        if p.op == "=":
            return PRel("≠", p.lhs, p.rhs, p.ty)
        if p.op == "≠":
            return PRel("=", p.lhs, p.rhs, p.ty)  # not_ne_iff
    return PNot(p)


# ---------------------------------------------------------------------------------------------- field_simp


def _nonzero(e: Expr, ty: str, hyps: list[Prop]) -> bool:
    """field_simp's side condition `e ≠ 0`: a non-zero numeral, a hypothesis (`e ≠ 0`, `0 < e`, `e < 0`
    and their `>` forms), what `positivity` proves, or products / powers of such."""
    v = numeral(e)
    if v is None and not expr_vars(e, set()):  # a closed numeral expression: norm_num evaluates it
        try:
            v = eval_num(e, ty)
        except (NotEvaluable, ValueError, ZeroDivisionError):
            v = None
    if v is not None:
        return v != 0
    if isinstance(e, EBin) and e.op == "*":
        return _nonzero(e.lhs, ty, hyps) and _nonzero(e.rhs, ty, hyps)
    if isinstance(e, EBin) and e.op == "^":
        return _nonzero(e.lhs, ty, hyps)
    if isinstance(e, EApp) and e.fn == "Real.log" and len(e.args) == 1 and not expr_vars(e, set()):
        # the discharger's positivity step: Mathlib's `evalLogNatLit` proves `0 < Real.log n` for an
        # integer literal with |n| ≥ 2 (norm_num evaluates the argument first)
        try:
            a = eval_num(e.args[0], ty)
        except (NotEvaluable, ValueError, ZeroDivisionError):
            return False
        return a.denominator == 1 and abs(a) >= 2
    zero = ENum(0)
    from minilean.closers import positivity

    if positivity(PRel("≠", e, zero, ty), hyps):
        # Mathlib's `FieldSimp.discharge`, strategy 3: `Positivity.solve` on the side goal `e ≠ 0`
        # (`(↑n + 1) * (↑n + 2) ^ 3 ≠ 0` for `n : ℕ`)
        return True
    for h in hyps:
        if isinstance(h, PNot) and isinstance(h.arg, PRel) and h.arg.op == "=":
            h = PRel("≠", h.arg.lhs, h.arg.rhs, h.arg.ty)
        if not isinstance(h, PRel) or h.ty != ty:
            continue
        if h.op == "≠" and ((h.lhs == e and h.rhs == zero) or (h.rhs == e and h.lhs == zero)):
            return True
        if h.op in ("<", ">") and {h.lhs, h.rhs} == {e, zero}:
            return True
    return False


def _frac(e: Expr, ty: str, hyps: list[Prop]) -> tuple[Expr, Expr | None]:
    """`e` as numerator / denominator (None: 1), every denominator proved non-zero."""
    if isinstance(e, EApp) and e.fn == "Inv.inv" and len(e.args) == 1:
        e = EBin("/", ENum(1), e.args[0])  # inv_eq_one_div (a field_simps lemma)
    if isinstance(e, EBin) and e.op == "/":
        nl, dl = _frac(e.lhs, ty, hyps)
        nr, dr = _frac(e.rhs, ty, hyps)
        if not _nonzero(nr, ty, hyps):
            raise _Stuck(nr)
        return _cancel(_mul(nl, dr), _mul(dl, nr))
    if isinstance(e, EBin) and e.op in ("+", "-"):
        nl, dl = _frac(e.lhs, ty, hyps)
        nr, dr = _frac(e.rhs, ty, hyps)
        if dl is None and dr is None:
            return EBin(e.op, nl, nr), None
        return EBin(e.op, _mul(nl, dr), _mul(nr, dl)), _mul(dl, dr)
    if isinstance(e, EBin) and e.op == "*":
        nl, dl = _frac(e.lhs, ty, hyps)
        nr, dr = _frac(e.rhs, ty, hyps)
        if reciprocal_product(e):  # `a / b * (b / a)`: 1 whichever field_simps lemma fires first
            return ENum(1), None
        return _cancel(EBin("*", nl, nr), _mul_opt(dl, dr))
    if isinstance(e, EBin) and e.op == "^":
        n, d = _frac(e.lhs, ty, hyps)
        return EBin("^", n, e.rhs), (None if d is None else EBin("^", d, e.rhs))
    if isinstance(e, ENeg):
        n, d = _frac(e.arg, ty, hyps)
        return ENeg(n), d
    return e, None


def _cancel(n: Expr, d: Expr | None) -> tuple[Expr, Expr | None]:
    """The quotient node `n / d` that field_simp's lemmas (`div_mul_eq_mul_div`, `mul_div_assoc'`, …)
    build is simplified again by the default simp set: `one_mul`/`mul_one` drop unit factors and
    `mul_div_cancel_left₀`/`mul_div_cancel_right₀` (@[simp], `d ≠ 0` already proved) cancel a factor
    equal to the whole denominator (`8 * m / 8` ↦ `m`). Only that exact shape; no other cancellation."""
    if d is None:
        return n, d
    one = ENum(1)
    while isinstance(n, EBin) and n.op == "*" and one in (n.lhs, n.rhs):
        n = n.rhs if n.lhs == one else n.lhs
    if isinstance(n, EBin) and n.op == "*" and d in (n.lhs, n.rhs):
        return (n.rhs if n.lhs == d else n.lhs), None
    return n, d


class _Stuck(Exception):
    def __init__(self, den: Expr) -> None:
        self.den = den


def _mul(a: Expr | None, b: Expr | None) -> Expr:
    out = _mul_opt(a, b)
    return ENum(1) if out is None else out


def _mul_opt(a: Expr | None, b: Expr | None) -> Expr | None:
    if a is None:
        return b
    if b is None:
        return a
    return EBin("*", a, b)


def field_simp_prop(p: Prop, hyps: list[Prop]) -> Prop:
    if isinstance(p, PRel) and p.op in ("=", "≠") and p.ty not in (NAT, INT):
        try:
            nl, dl = _frac(p.lhs, p.ty, hyps)
            nr, dr = _frac(p.rhs, p.ty, hyps)
        except _Stuck as s:
            from minilean.syntax import show_expr

            raise TacticFail(f"field_simp: cannot prove the denominator `{show_expr(s.den)} ≠ 0`") from None
        if dl is None and dr is None:
            if (nl, nr) == (p.lhs, p.rhs):
                return p
            # every quotient cancelled (`_cancel`): the sides as simplified, then simp's rfl check
            return Simplifier(SimpSet(), {}).prop(PRel(p.op, nl, nr, p.ty))
        # a / b = c / d ↔ a * d = c * b   (div_eq_div_iff, b d ≠ 0); field_simp's simp set then closes
        # what became syntactically reflexive (no ring normalisation: public proofs follow it by `ring`)
        lhs = _mul(nl, dr) if dr is not None else nl
        rhs = _mul(nr, dl) if dl is not None else nr
        return Simplifier(SimpSet(), {}).prop(PRel(p.op, lhs, rhs, p.ty))
    if isinstance(p, PBin):
        return PBin(p.op, field_simp_prop(p.lhs, hyps), field_simp_prop(p.rhs, hyps))
    if isinstance(p, PNot):
        return PNot(field_simp_prop(p.arg, hyps))
    return p


# ---------------------------------------------------------------------------------------------- locations


def at_locations(g: Goal, rest: str, fn, name: str) -> list[Goal]:  # type: ignore[no-untyped-def]
    """Apply `fn : Prop -> Prop` at `at h₁ h₂ ⊢` / `at *` / the goal; no change anywhere is an error;
    a target that becomes True is closed, a hypothesis that becomes False closes the goal."""
    rest = rest.strip()
    if rest and not rest.startswith("at"):
        raise TacticFail(f"unexpected token '{rest.split()[0]}'; expected command")
    locs: list[str | None]
    if not rest:
        locs = [None]
    else:
        names = rest[2:].split()
        if names == ["*"]:
            locs = [h.name for h in g.hyps if not h.is_var and h.accessible]
            locs.append(None)
        else:
            locs = [None if n in ("⊢", "|-") else n for n in names]
    hyps = list(g.hyps)
    target = g.target
    changed = False
    for loc in locs:
        if loc is None:
            new = fn(target)
            changed |= new != target
            target = new
            continue
        # Lean resolves `h` to the innermost accessible declaration of that name (a `by_contra h` inside
        # a proof that already has an `h` shadows it), as simp's locations do
        h = lookup_hyp(tuple(hyps), loc)
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{loc}'")
        new = fn(h.ty)
        if new == h.ty:
            continue
        changed = True
        if new == FALSE:
            return []
        hyps = [Hyp(x.name, new, x.accessible) if x is h else x for x in hyps]
    if not changed:
        raise TacticFail(f"{name} made no progress")
    if None in locs and target == TRUE:
        return []
    return [Goal(tuple(hyps), target, g.tag)]


def _flat_divisions(e: Expr) -> bool:
    """Every `/` has operands without a division or inverse inside."""
    if isinstance(e, EBin):
        if e.op == "/" and (_has_div(e.lhs) or _has_div(e.rhs)):
            return False
        return _flat_divisions(e.lhs) and _flat_divisions(e.rhs)
    if isinstance(e, ENeg | ECast):
        return _flat_divisions(e.arg)
    if isinstance(e, EApp):
        return e.fn != "Inv.inv" and all(_flat_divisions(a) for a in e.args)
    return True


def default_simp_closes(p: Prop, full: Any) -> bool:
    """Mathlib's field_simp (without `only`) is simp with the default set plus `field_simps`, subterms
    first. Where no division sits inside another division's operands, the `field_simps` lemmas (which
    rewrite divisions inside products, sums and quotients) cannot fire before a division node itself is
    reached, so a goal the default set closes (`y = 5 * y / 5` by mul_div_cancel_left₀) is closed by
    field_simp too. With nested divisions (`7 / 25 * x / x`) the field_simps lemmas act first and the
    result differs: not taken. `full`: a Simplifier with the default set and the hints."""
    if not isinstance(p, PRel) or not (_flat_divisions(p.lhs) and _flat_divisions(p.rhs)):
        return False
    return bool(full.prop(p) == TRUE)


__all__ = [
    "at_locations",
    "default_simp_closes",
    "field_simp_prop",
    "push_cast_prop",
    "push_neg",
    "ring_nf_prop",
]

