"""`rw` with Mathlib's big-operator lemmas whose arguments are functions (the summand), as rule schemas.

Lean's `rw [Finset.sum_range_succ]` elaborates the lemma with its function argument `?f` as a
metavariable; kabstract then unifies `Finset.sum (range (?n + 1)) ?f` with the first sum of that shape
(pre-order, left to right, skipping subterms that mention a bound variable) and rewrites every
instance of the instantiated left side. minilean's table lemmas cannot state a function argument, so
each lemma here is a matcher on one big operator `ESum` (the summand is the `fun` body, the index its
binder). Each is sound by construction: the matcher only fires on a syntactic instance of the
lemma's left side and builds exactly the lemma's right side for that instance (comments below say why
each instance holds), and the rewrite itself goes through `rewrite.abstract_everywhere`, as any
ground equation does.

Supported (Mathlib statements, checked in `Mathlib/Algebra/BigOperators/…`):

* `Finset.sum_range_succ (f : ℕ → M) (n : ℕ) : ∑ x ∈ range (n + 1), f x = ∑ x ∈ range n, f x + f n`
  and `Finset.prod_range_succ` (`… = (∏ x ∈ range n, f x) * f n`); the bound unifies with `?n + 1`
  as Lean's unifier does (`range_simp._pred`: a literal `k ≥ 1` or `e + k`, `k ≥ 1`).
* `Finset.sum_add_distrib : ∑ i ∈ s, (f i + g i) = ∑ i ∈ s, f i + ∑ i ∈ s, g i` (any `s`: ranges,
  intervals, filters, divisors); higher-order pattern unification splits the summand at its top `+`.
* `Finset.prod_Icc_succ_top {a b : ℕ} (hab : a ≤ b + 1) (f : ℕ → M)` and `Finset.sum_Icc_succ_top`
  (`finset_succ_top.py`: the hypothesis is checked after the rewrite, or left as a new goal).
* `Finset.sum_sub_distrib : ∑ i ∈ s, (f i - g i) = ∑ i ∈ s, f i - ∑ i ∈ s, g i` (ℤ ℚ ℝ, round 22a) and
  `Finset.sum_mul` / `← Finset.sum_mul` (`finset_mul_sum.py`, round 22a).
* `Finset.sum_nat_mod (s : Finset α) (n : ℕ) (f : α → ℕ) : (∑ i ∈ s, f i) % n = (∑ i ∈ s, f i % n) % n`.

Explicit arguments of the range and `Icc_succ_top` lemmas (`Finset.sum_range_succ (fun k => k) m`,
`(f := fun k => …)`) restrict the instance (`finset_explicit.py`). Weaker than Lean, on purpose: explicit
arguments of the other lemmas and `←` are refused with a message; a modulus that mentions the index
name is refused (Lean would rename the binder; minilean does not need to). Not in `simp`
(`simp [Finset.sum_range_succ]` is `range_simp`).
"""

from __future__ import annotations

from collections.abc import Callable

from minilean.finset_explicit import constrain
from minilean.finset_mul_sum import mul_sum, mul_sum_rev, sum_mul, sum_mul_rev
from minilean.finset_succ_top import NAMES as SUCC_TOP
from minilean.finset_succ_top import hypothesis_arg, succ_top
from minilean.goals import TacticFail, context_sorts
from minilean.kmatch import arg_types
from minilean.range_simp import range_step
from minilean.syntax import (
    NAT,
    EApp,
    EBin,
    ECast,
    ENeg,
    ESum,
    Expr,
    PBin,
    PCoprime,
    PMem,
    PModEq,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    expr_vars,
    parse_term,
)

# a matcher: (subterm, its type) -> (instantiated left side, right side) or None
Matcher = Callable[[Expr, str | None], tuple[Expr, Expr] | None]


def _range_succ(op: str) -> Matcher:
    def match(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
        # range_step builds `∑ x ∈ range n, f x + f n` from `∑ x ∈ range (n + 1), f x`: f n is the
        # summand with the index replaced by n (no capture: a symbolic n is refused when the summand
        # has binders of its own). This is the lemma at f := fun x => body, n := the bound's predecessor.
        if not isinstance(e, ESum) or e.op != op:
            return None
        out = range_step(e, frozenset({(op, "succ")}), False)
        return (e, out) if out is not None else None

    return match


def _sum_add_distrib(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
    # ∑ i ∈ s, (f i + g i) = ∑ i ∈ s, f i + ∑ i ∈ s, g i with f, g the two sides of the summand's top
    # `+` (each may or may not mention the index); s, the filter included, is kept as is on both sides.
    if not (isinstance(e, ESum) and e.op == "∑" and isinstance(e.body, EBin) and e.body.op == "+"):
        return None

    def part(body: Expr) -> ESum:
        return ESum(e.op, e.var, e.ity, e.kind, e.lo, e.hi, body, e.ty, e.guard)

    return e, EBin("+", part(e.body.lhs), part(e.body.rhs))


def _sum_sub_distrib(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
    # round 22a: Mathlib's `Finset.sum_sub_distrib : ∑ i ∈ s, (f i - g i) = ∑ i ∈ s, f i - ∑ i ∈ s, g i`
    # (additive `prod_div_distrib`, `[SubtractionCommMonoid β]`): ℤ ℚ ℝ, not ℕ, whose truncated `-` has no
    # such instance (Lean fails to synthesize it); as `sum_add_distrib` otherwise
    if not (isinstance(e, ESum) and e.op == "∑" and e.ty != NAT):
        return None
    if not (isinstance(e.body, EBin) and e.body.op == "-"):
        return None

    def part(body: Expr) -> ESum:
        return ESum(e.op, e.var, e.ity, e.kind, e.lo, e.hi, body, e.ty, e.guard)

    return e, EBin("-", part(e.body.lhs), part(e.body.rhs))


def _sum_nat_mod(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
    # (∑ i ∈ s, f i) % n = (∑ i ∈ s, f i % n) % n over ℕ; n moves under the index binder, so it must
    # not mention the index name (it would be captured).
    if not (ty == NAT and isinstance(e, EBin) and e.op == "%"):
        return None
    s, n = e.lhs, e.rhs
    if not (isinstance(s, ESum) and s.op == "∑" and s.ty == NAT) or s.var in expr_vars(n, set()):
        return None
    inner = ESum(s.op, s.var, s.ity, s.kind, s.lo, s.hi, EBin("%", s.body, n), s.ty, s.guard)
    return e, EBin("%", inner, n)


def _succ_top(op: str) -> Matcher:
    def match(e: Expr, ty: str | None) -> tuple[Expr, Expr] | None:
        out = succ_top(op, e)  # finset_succ_top.py: the instance and its hypothesis a ≤ b + 1
        return (e, out[0]) if out is not None else None

    return match


LEMMAS: dict[str, Matcher] = {
    **{name: _succ_top(op) for name, op in SUCC_TOP.items()},
    "Finset.sum_range_succ": _range_succ("∑"),
    "Finset.prod_range_succ": _range_succ("∏"),
    "Finset.sum_add_distrib": _sum_add_distrib,
    "Finset.sum_nat_mod": _sum_nat_mod,
    "Finset.mul_sum": mul_sum,  # finset_mul_sum.py
    "Finset.sum_mul": sum_mul,  # finset_mul_sum.py (round 22a)
    "Finset.sum_sub_distrib": _sum_sub_distrib,
}

# lemmas whose `←` form is modelled: the matcher of the right side (it builds the left side)
REVERSED: dict[str, Matcher] = {"Finset.mul_sum": mul_sum_rev, "Finset.sum_mul": sum_mul_rev}


def _first_expr(
    e: Expr, ty: str | None, m: Matcher, bound: frozenset[str], sorts: dict
) -> tuple | None:
    """The first instance in pre-order, left to right; instances mentioning a bound variable are
    skipped (kabstract does not abstract terms with loose bound variables)."""
    hit = m(e, ty)
    if hit is not None and not (expr_vars(hit[0], set()) & bound):
        return (*hit, ty)
    kids: list[tuple[Expr, str | None, frozenset[str]]] = []
    if isinstance(e, ESum):
        kids = [(e.lo, e.ity, bound), (e.hi, e.ity, bound), (e.body, e.ty, bound | {e.var})]
    elif isinstance(e, EBin):
        kids = [(e.lhs, ty, bound), (e.rhs, NAT if e.op == "^" else ty, bound)]
    elif isinstance(e, ENeg):
        kids = [(e.arg, ty, bound)]
    elif isinstance(e, ECast):
        kids = [(e.arg, e.src, bound)]
    elif isinstance(e, EApp):
        kids = [(a, t, bound) for a, t in zip(e.args, arg_types(e, ty, sorts), strict=True)]
    for k, t, b in kids:
        found = _first_expr(k, t, m, b, sorts)
        if found is not None:
            return found
    return None


def _first(p: Prop, m: Matcher, sorts: dict, bound: frozenset[str] = frozenset()) -> tuple | None:
    parts: list[tuple[Expr, str | None]] = []
    if isinstance(p, PNot):
        return _first(p.arg, m, sorts, bound)
    if isinstance(p, PBin):
        return _first(p.lhs, m, sorts, bound) or _first(p.rhs, m, sorts, bound)
    if isinstance(p, PQuant):
        return _first(p.body, m, sorts, bound | {p.var})
    if isinstance(p, PRel):
        parts = [(p.lhs, p.ty), (p.rhs, p.ty)]
    elif isinstance(p, PPred):
        parts = [(p.arg, p.ty)]
    elif isinstance(p, PModEq):
        parts = [(p.n, p.ty), (p.lhs, p.ty), (p.rhs, p.ty)]
    elif isinstance(p, PCoprime):
        parts = [(p.a, p.ty), (p.b, p.ty)]
    elif isinstance(p, PMem):
        parts = [(e, p.ty) for e in p.terms()]
    for e, t in parts:
        found = _first_expr(e, t, m, bound, sorts)
        if found is not None:
            return found
    return None


_RANGE_SUCC = ("Finset.sum_range_succ", "Finset.prod_range_succ")


def _only_hypothesis(node: tuple, name: str) -> bool:
    """`Finset.prod_Icc_succ_top h`: one positional argument, the hypothesis (round 13's form)."""
    return node[0] == "app" and node[1] == ("id", name) and len(node[2]) == 1 and node[2][0][0] != "named"


def lemma_name(item: str) -> str | None:
    """The lemma of a `rw` item if it is one of ours (with or without arguments, `←`), else None."""
    text = item.removeprefix("←").removeprefix("<-").strip()
    head = text.split()[0] if text.split() else ""
    return head if head in LEMMAS else None


def rewrite_item(
    cur: Prop, item: str, sorts: dict, shadowed: bool, el: object = None
) -> tuple[Prop, list[Prop]] | None:
    """`cur` rewritten by the `rw` item and the side goals it leaves, or None when the item is not one of
    these lemmas (or a local hypothesis shadows the name). `el` (the goal's elaborator) checks a
    hypothesis argument once the instance is known. Raises TacticFail where Lean's `rw` fails (or
    minilean refuses)."""
    name = lemma_name(item)
    if name is None or shadowed:
        return None
    text = item.strip()
    matcher = LEMMAS[name]
    if text.startswith(("←", "<-")):
        if name not in REVERSED:
            raise TacticFail(f"minilean: `rw [← {name}]` is not supported")
        text = text.removeprefix("←").removeprefix("<-").strip()
        matcher = REVERSED[name]
    node = parse_term(text)
    if name in SUCC_TOP and (node[0] == "id" or _only_hypothesis(node, name)):
        hyp_arg = hypothesis_arg(node, name)
    elif name in SUCC_TOP or name in _RANGE_SUCC:
        # explicit arguments restrict the instance kabstract may pick (finset_explicit.py)
        if el is None:
            raise TacticFail(f"minilean: `{name}` with arguments needs the goal's context")
        ctx = context_sorts(el.hyps)  # type: ignore[attr-defined]
        matcher, hyp_arg = constrain(name, node, ctx, matcher, name in SUCC_TOP)
    elif node[0] != "id":
        raise TacticFail(f"minilean: `{name}` with explicit arguments is not supported in rw")
    else:
        hyp_arg = None
    found = _first(cur, matcher, sorts)
    if found is None:
        raise TacticFail(
            f"tactic 'rewrite' failed, did not find instance of the pattern of {name} in the target "
            "expression"
        )
    from minilean.rewrite import abstract_everywhere

    lhs, rhs, ty = found
    out, hits = abstract_everywhere(cur, lhs, rhs, ty, sorts)
    if not hits:
        raise TacticFail(f"minilean: could not abstract the instance of {name}")
    side: list[Prop] = []
    if name in SUCC_TOP:
        hab = succ_top(SUCC_TOP[name], lhs)[1]  # type: ignore[index]
        if hyp_arg is None:
            side.append(hab)  # `rw` leaves the unassigned explicit hypothesis as a new goal
        else:  # postponed until the rewrite assigned ?a ?b (Term.withSynthesize around the rewrite)
            if el is None:
                raise TacticFail(f"minilean: `{name}` with an argument needs the goal's context")
            before = len(el.sorries)  # type: ignore[attr-defined]
            el.check(hyp_arg, hab)  # type: ignore[attr-defined]
            if len(el.sorries) != before:  # type: ignore[attr-defined]
                raise TacticFail(f"minilean: a `sorry` in the argument of `{name}` is not supported")
    return out, side


__all__ = ["LEMMAS", "lemma_name", "rewrite_item"]
