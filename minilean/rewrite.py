"""`rw` with rules that have arguments left to find: `rw [mul_comm]`, `rw [h]` for `h : ∀ x, f x = g x`,
`rw [div_le_iff hc]` (an `↔` rewrites propositions).

As Lean's `rw` (kabstract): the rule's left side, with its unassigned arguments as metavariables, is
matched against the subterms of the goal in pre-order, left to right; the first match fixes the
arguments, then every instance of that instantiated left side is rewritten. Premises the rule still
needs (`rw [abs_of_nonneg]` needs `0 ≤ a`) become new goals after the main one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from minilean import discrim, smt
from minilean.foralls import open_foralls
from minilean.goals import (
    Goal,
    Subst,
    TacticFail,
    as_imp,
    instantiate,
    instantiate_expr,
    is_ground,
)
from minilean.kmatch import arg_types, ematch, pmatch, same_key
from minilean.modeq import def_type, equation
from minilean.syntax import (
    NAT,
    EApp,
    EBin,
    ECast,
    EMeta,
    ENeg,
    ENum,
    ESum,
    Expr,
    PBin,
    PCoprime,
    PMem,
    PMeta,
    PModEq,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    parse_term,
    show_prop,
)


@dataclass
class Rule:
    """`lhs = rhs` at type `ty` (terms) or `lhs ↔ rhs` (ty None, propositions), with metavariables."""

    lhs: object
    rhs: object
    ty: str | None
    premises: list[Prop]
    check_instance: bool = False  # a lemma z3 cannot prove in general: each instance used is checked
    # `by` arguments whose type still has metavariables (`le_div_iff (by positivity)`): Lean postpones
    # them until the rewrite has assigned the metavariables (Term.withSynthesize around the rewrite)
    late: list[tuple[object, Prop]] = field(default_factory=list)
    el: object = None
    # a table lemma whose implicit numerals (`Real.logb_pow {k}`) only the rewritten term fixes: this rule's
    # sides hold them as metavariables; `reelab(instance)` elaborates the lemma again with the first
    # instance found (its statement with those metavariables assigned) as the expected type
    pattern: Prop | None = None
    reelab: Callable[[Prop], list[Rule]] | None = None


def _as_rule(ty: Prop, reverse: bool) -> Rule:
    premises: list[Prop] = []
    ty, _ = open_foralls(ty, 10_000)
    while True:
        if isinstance(ty, PModEq):  # Lean's `matchEq?` whnf-unfolds the def to `a % n = b % n`
            ty = ty.unfolded()
        if isinstance(ty, PRel) and ty.op == "=":
            lhs, rhs, t = ty.lhs, ty.rhs, ty.ty
            break
        if isinstance(ty, PBin) and ty.op in ("↔", "="):  # `P = Q` on Prop rewrites as `P ↔ Q` (prop_eq.py)
            lhs, rhs, t = ty.lhs, ty.rhs, None
            break
        imp = as_imp(ty)
        if imp is None or not isinstance(ty, PBin):
            raise TacticFail(f"minilean: rw expects an equation or iff, got\n  {show_prop(ty)}")
        premises.append(imp[0])
        ty, _ = open_foralls(imp[1], 20_000 + len(premises) * 100)
    if reverse:
        lhs, rhs = rhs, lhs
    if isinstance(lhs, EMeta | PMeta):
        raise TacticFail("motive is not type correct: the rewrite pattern is a metavariable")
    return Rule(lhs, rhs, t, premises)


def _postponed_by(st: object) -> list[tuple[object, Prop]]:
    """Take out of `st.pending` the `by …` arguments whose binder type has metavariables no other
    argument fixes; they are elaborated after the rewrite (see Rule.late)."""
    late = []
    keep = []
    for arg, pat in st.pending:  # type: ignore[attr-defined]
        if isinstance(arg, tuple) and arg and arg[0] == "by" and not is_ground(instantiate(pat, st.subst)):  # type: ignore[attr-defined]
            late.append((arg, pat))
        else:
            keep.append((arg, pat))
    st.pending = keep  # type: ignore[attr-defined]
    return late


def rules_for(el: object, g: Goal, item: str) -> list[Rule]:
    """The candidate rules for one `rw` item: one per type a table lemma could be used at."""
    from minilean.lemmas import NotAdmitted, OpenArguments, candidate_types, symbolic, unchecked

    reverse = item.startswith("←") or item.startswith("<-")
    text = item.removeprefix("←").removeprefix("<-").strip()
    if not text:
        raise TacticFail("unexpected token ']'; expected term")
    if discrim.is_def(text, g):  # `rw [discrim]`: the equation lemma, at each type it is stated at
        pairs = [(*discrim.equation(t), t) for t in discrim.types()]
        return [Rule(rhs, lhs, t, []) if reverse else Rule(lhs, rhs, t, []) for lhs, rhs, t in pairs]
    modeq_ty = def_type(text, g)
    if modeq_ty is not None:  # `rw [Nat.ModEq]`: the definition's equation lemma (a Prop rewrite)
        lhs, rhs = equation(modeq_ty)
        return [Rule(rhs, lhs, None, []) if reverse else Rule(lhs, rhs, None, [])]
    node = parse_term(text)
    head = node[1] if node[0] == "app" else node
    name = head[1] if head[0] == "id" else None
    types = candidate_types(name) if name and g.lookup(name.split(".")[0]) is None else ()
    out: list[Rule] = []
    err: TacticFail | None = None
    for ty in types or (None,):
        try:
            if ty is not None:
                el._expected = PRel("=", ENum(0), ENum(0), ty)  # type: ignore[attr-defined]
            check = False
            try:
                app = el._as_app(node) if node[0] in ("id", "app", "proj") else None  # type: ignore[attr-defined]
            except OpenArguments as e:
                el._expected = None  # type: ignore[attr-defined]
                out.append(_open_rule(el, node, e, reverse))
                continue
            except NotAdmitted:
                if ty is None or node[0] != "id":
                    raise
                # a power law proved for every exponent (pow_laws.py): its instances hold by
                # substitution, no per-instance check; otherwise each instance is checked by z3
                whole = symbolic(node[1], ty)
                app, check = ((whole, []), False) if whole else ((unchecked(node[1], ty), []), True)
            el._expected = None  # type: ignore[attr-defined]
            late: list[tuple[object, Prop]] = []
            if app is not None:
                st = el.start_app(*app, for_apply=True)  # type: ignore[attr-defined]
                late = _postponed_by(st)
                el.finish_app(st)  # type: ignore[attr-defined]
                ty_prop = instantiate(st.pattern_result, st.subst)
                late = [(arg, instantiate(pat, st.subst)) for arg, pat in late]  # type: ignore[misc]
            else:
                ty_prop = el.synth(node)  # type: ignore[attr-defined]
            rule = _as_rule(ty_prop, reverse)
            rule.check_instance = check
            rule.late, rule.el = late, el
            out.append(rule)
        except TacticFail as e:
            err = e
    if not out:
        raise err or TacticFail(f"minilean: cannot use '{text}' as a rewrite rule")
    return out


def _open_rule(el: object, node: tuple, e: object, reverse: bool) -> Rule:
    """`rw [Real.logb_pow hx]`: Lean elaborates the term with `k` a metavariable, `kabstract` assigns it at
    the first instance in the rewritten term (pre-order, left to right). The returned rule matches with
    those metavariables; rewrite_with then re-elaborates the lemma with that instance as expected type, so
    the numerals found go through the table's usual per-instance admission (a symbolic one is refused)."""
    from minilean.lemmas import open_pattern

    name, ty, args = e.trial  # type: ignore[attr-defined]
    pattern = open_pattern(el, name, ty, args)
    rule = _as_rule(pattern, reverse)

    def reelab(instance: Prop) -> list[Rule]:
        if not is_ground(instance):  # a metavariable only the right side has: Lean cannot assign it either
            raise e  # type: ignore[misc]
        el._expected = instance  # type: ignore[attr-defined]
        try:
            app = el._as_app(node)  # type: ignore[attr-defined]
        finally:
            el._expected = None  # type: ignore[attr-defined]
        st = el.start_app(*app, for_apply=True)  # type: ignore[attr-defined]
        late = _postponed_by(st)
        el.finish_app(st)  # type: ignore[attr-defined]
        ground = _as_rule(instantiate(st.pattern_result, st.subst), reverse)
        ground.late = [(arg, instantiate(pat, st.subst)) for arg, pat in late]  # type: ignore[misc]
        ground.el = el
        return [ground]

    rule.pattern, rule.reelab, rule.el = pattern, reelab, el
    return rule


# ---------------------------------------------------------------------------------------------- matching


def _first_expr(e: Expr, cur: str | None, rule: Rule, sorts: dict) -> Subst | None:
    """The first instance of the rule's left side in `e` (pre-order, left to right, as kabstract)."""
    if cur == rule.ty and same_key(rule.lhs, e):
        s = ematch(rule.lhs, e, {}, cur, sorts)  # type: ignore[arg-type]
        if s is not None:
            return s
    kids: list[tuple[Expr, str | None]] = []
    if isinstance(e, ESum):
        # the bounds always; the summand only with an instance free of the index (kabstract)
        for k, t in ((e.lo, e.ity), (e.hi, e.ity)):
            s = _first_expr(k, t, rule, sorts)
            if s is not None:
                return s
        s = _first_expr(e.body, e.ty, rule, sorts)
        return s if s is not None and not any(e.var in _names(v) for v in s.values()) else None
    if isinstance(e, EBin):
        kids = [(e.lhs, cur), (e.rhs, NAT if e.op == "^" else cur)]
    elif isinstance(e, ENeg):
        kids = [(e.arg, cur)]
    elif isinstance(e, ECast):
        kids = [(e.arg, e.src)]
    elif isinstance(e, EApp):
        kids = list(zip(e.args, arg_types(e, cur, sorts), strict=True))
    for k, t in kids:
        s = _first_expr(k, t, rule, sorts)
        if s is not None:
            return s
    return None


def _first(p: Prop, rule: Rule, sorts: dict) -> Subst | None:
    if rule.ty is None and same_key(rule.lhs, p):
        s = pmatch(rule.lhs, p, {}, sorts)  # type: ignore[arg-type]
        if s is not None:
            return s
    if isinstance(p, PNot):
        return _first(p.arg, rule, sorts)
    if isinstance(p, PBin):
        s = _first(p.lhs, rule, sorts)
        return s if s is not None else _first(p.rhs, rule, sorts)  # an empty Subst is a match
    if isinstance(p, PRel) and rule.ty is not None:
        s = _first_expr(p.lhs, p.ty, rule, sorts)
        return s if s is not None else _first_expr(p.rhs, p.ty, rule, sorts)
    if isinstance(p, PPred) and rule.ty is not None:
        return _first_expr(p.arg, p.ty, rule, sorts)
    if isinstance(p, PModEq | PCoprime | PMem) and rule.ty is not None:  # kabstract's order: left to right
        for e in p.terms():
            s = _first_expr(e, p.ty, rule, sorts)
            if s is not None:
                return s
        return None
    if isinstance(p, PQuant):
        s = _first(p.body, rule, sorts)
        # an instance mentioning the bound variable cannot be abstracted (kabstract skips it)
        if s is not None and not any(p.var in _names(v) for v in s.values()):
            return s
    return None


def _names(v: object) -> set[str]:
    from minilean.syntax import expr_vars, prop_vars

    if isinstance(v, EBin | ENeg | ECast | EApp | ENum | ESum) or type(v).__name__ in ("EVar", "EMeta"):
        return expr_vars(v, set())  # type: ignore[arg-type]
    return prop_vars(v)  # type: ignore[arg-type]


def _replace_prop(p: Prop, lhs: Prop, rhs: Prop, sorts: dict) -> tuple[Prop, int]:
    """Every instance of the proposition `lhs`: same head, then definitionally equal (kabstract)."""
    if same_key(lhs, p) and pmatch(lhs, p, {}, sorts) is not None:
        return rhs, 1
    if isinstance(p, PNot):
        a, n = _replace_prop(p.arg, lhs, rhs, sorts)
        return PNot(a), n
    if isinstance(p, PBin):
        a, n = _replace_prop(p.lhs, lhs, rhs, sorts)
        b, m = _replace_prop(p.rhs, lhs, rhs, sorts)
        return PBin(p.op, a, b), n + m
    return p, 0


def _abstract_expr(
    e: Expr, cur: str | None, lhs: Expr, rhs: Expr, ty: str, sorts: dict, hits: list[int]
) -> Expr:
    """Every instance of the ground `lhs` at type `ty` replaced by `rhs`: a subterm with `lhs`'s head
    that is definitionally equal to it (kabstract); the replaced subterm is not entered."""
    if cur == ty and same_key(lhs, e) and ematch(lhs, e, {}, ty, sorts) is not None:
        hits[0] += 1
        return rhs

    def go(x: Expr, t: str | None) -> Expr:
        return _abstract_expr(x, t, lhs, rhs, ty, sorts, hits)

    if isinstance(e, EBin):
        return EBin(e.op, go(e.lhs, cur), go(e.rhs, NAT if e.op == "^" else cur))
    if isinstance(e, ENeg):
        return ENeg(go(e.arg, cur))
    if isinstance(e, ECast):
        return ECast(go(e.arg, e.src), e.src, e.dst)
    if isinstance(e, EApp):
        return EApp(e.fn, tuple(go(a, d) for a, d in zip(e.args, arg_types(e, cur, sorts), strict=True)))
    if isinstance(e, ESum):  # bounds always; the summand when the rule cannot mention the index
        from minilean.syntax import expr_vars

        lo, hi = go(e.lo, e.ity), go(e.hi, e.ity)
        body = e.body
        if e.guard is None and e.var not in expr_vars(lhs, set()) | expr_vars(rhs, set()):
            body = go(e.body, e.ty)
        return ESum(e.op, e.var, e.ity, e.kind, lo, hi, body, e.ty, e.guard)
    return e


def abstract_everywhere(p: Prop, lhs: Expr, rhs: Expr, ty: str, sorts: dict) -> tuple[Prop, int]:
    """`rw` with the ground equation `lhs = rhs` (type `ty`): the rewritten proposition and the number
    of instances. Under a binder only instances not mentioning the bound variable are rewritten."""
    from minilean.closers import rewrite_everywhere

    return rewrite_everywhere(p, lhs, rhs, ty, sorts, expr_fn=_abstract_expr)


def rewrite_with(
    p: Prop, rules: list[Rule], sorts: dict, introduced: list[tuple[Expr, Expr, str]] | None = None
) -> tuple[Prop, int, list[Prop]]:
    """Rewrite `p` with the first of `rules` that has an instance: (result, instances, side goals).
    `introduced` receives the instantiated equation `(lhs, rhs, type)` of a term rule (core_pow.py)."""
    for rule in rules:
        s = _first(p, rule, sorts)
        if s is None:
            continue
        if rule.reelab is not None and rule.pattern is not None:  # the first instance fixes the numerals
            return rewrite_with(p, rule.reelab(instantiate(rule.pattern, s)), sorts, introduced)
        premises = [instantiate(q, s) for q in rule.premises]
        if rule.ty is None:
            lhs, rhs = instantiate(rule.lhs, s), instantiate(rule.rhs, s)  # type: ignore[arg-type]
            if not is_ground(rhs):
                raise TacticFail("motive is not type correct: the rewrite leaves metavariables")
            out, n = _replace_prop(p, lhs, rhs, sorts)
        else:
            lhs_e = instantiate_expr(rule.lhs, s)  # type: ignore[arg-type]
            rhs_e = instantiate_expr(rule.rhs, s)  # type: ignore[arg-type]
            if not is_ground(PRel("=", lhs_e, rhs_e, rule.ty)):
                raise TacticFail("motive is not type correct: the rewrite leaves metavariables")
            out, n = abstract_everywhere(p, lhs_e, rhs_e, rule.ty, sorts)
            if introduced is not None:
                introduced.append((lhs_e, rhs_e, rule.ty))
        if any(not is_ground(q) for q in premises):
            raise TacticFail("don't know how to synthesize the arguments of the rewrite rule")
        for arg, pat in rule.late:  # the postponed `by` blocks, now that the instance fixed their type
            goal = instantiate(pat, s)
            if not is_ground(goal):
                raise TacticFail("don't know how to synthesize placeholder in the rewrite rule")
            rule.el.check(arg, goal)  # type: ignore[attr-defined]
        if rule.check_instance and rule.ty is not None:
            eq = PRel("=", lhs_e, rhs_e, rule.ty)
            if not _instance_valid(tuple(premises), eq, tuple(sorted(sorts.items()))):
                raise TacticFail(f"minilean: the instance {show_prop(eq)} could not be checked valid")
        return out, n, premises
    return p, 0, []


@lru_cache(maxsize=4096)
def _instance_valid(premises: tuple[Prop, ...], eq: PRel, sorts: tuple[tuple[str, str], ...]) -> bool:
    """z3's verdict on one ground instance; closed numeral subterms are evaluated first (exactly, with
    Lean's semantics), which keeps z3 in linear arithmetic for `Nat.mul_mod`-style instances."""
    from minilean.simp import Simplifier, SimpSet

    fold = Simplifier(SimpSet(norm_num=True, defaults=False), dict(sorts))
    goal = fold.prop(eq)
    return smt.valid([fold.prop(p) for p in premises], goal, dict(sorts), 4000) is True


__all__ = ["Rule", "closes_by_rfl", "open_foralls", "rewrite_with", "rules_for"]


def closes_by_rfl(target: Prop, sorts: dict, core_pows: frozenset[Expr] = frozenset()) -> bool:
    """The `with_reducible rfl` that `rw` tries after rewriting: `Eq.refl`, `Iff.refl` and Mathlib's
    @[refl] lemmas for `≤`/`≥` (le_refl) and `∣` (dvd_refl), each up to reducible definitional
    equality: syntactic, plus ℕ offsets and closed ℕ literal arithmetic without `^` (kmatch), except the
    powers `core_pows` that a core lemma put there in this `rw` (core_pow.py)."""
    from minilean.core_pow import fold_core_pows
    from minilean.syntax import TRUE

    target = fold_core_pows(target, core_pows)
    if target == TRUE:
        return True
    if isinstance(target, PBin) and target.op in ("↔", "="):  # Iff.refl / Eq.refl on Prop (prop_eq.py)
        return pmatch(target.lhs, target.rhs, {}, sorts) is not None
    if isinstance(target, PRel) and target.op in ("=", "≤", "≥", "∣"):
        return ematch(target.lhs, target.rhs, {}, target.ty, sorts) is not None
    return False
