"""Goals, local contexts and definitional equality for minilean.

A hypothesis is either a variable (`p : Prop`, `a : ℕ`) or a proof (`h : a < b`). Shadowed hypotheses
stay in the context but become inaccessible and are shown as `h✝`, `h✝¹`, … like Lean's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from minilean.fun_values import FunValue
from minilean.syntax import (
    FALSE,
    INT,
    NAT,
    SORTS,
    EApp,
    EBin,
    ECast,
    EMeta,
    ENeg,
    ENum,
    ESum,
    EVar,
    Expr,
    PBin,
    PConst,
    PCoprime,
    PMem,
    PMeta,
    PModEq,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    PVar,
    SyntaxErr,
    _closed_value,
    expr_vars,
    prop_vars,
    show_prop,
)


class TacticFail(Exception):
    """A tactic or term failed; the message is Lean-like."""


@dataclass(frozen=True, slots=True)
class Hyp:
    name: str  # the user name (base name when inaccessible)
    ty: Prop | str  # a sort ("Prop", "ℕ", "ℤ") for variables, else the proposition it proves
    accessible: bool = True
    # a let-bound variable's value (a number, or a function's FunValue); only definitional checks unfold it
    value: Expr | FunValue | None = None

    @property
    def is_var(self) -> bool:
        return isinstance(self.ty, str)


def context_sorts(hyps: tuple[Hyp, ...]) -> dict[str, str]:
    """Accessible variables of a local context and their sorts."""
    return {h.name: h.ty for h in hyps if h.is_var and h.accessible}  # type: ignore[misc]


def lookup_hyp(hyps: tuple[Hyp, ...], name: str) -> Hyp | None:
    """The innermost accessible hypothesis called `name` (later ones shadow earlier ones)."""
    for h in reversed(hyps):
        if h.accessible and h.name == name:
            return h
    return None


@dataclass(frozen=True, slots=True)
class Goal:
    hyps: tuple[Hyp, ...]
    target: Prop
    tag: str | None = None

    def sorts(self) -> dict[str, str]:
        """Accessible variables and their sorts (for parsing terms written against this goal)."""
        return context_sorts(self.hyps)

    def lookup(self, name: str) -> Hyp | None:
        return lookup_hyp(self.hyps, name)

    def display_names(self) -> list[str]:
        out = []
        for i, h in enumerate(self.hyps):
            if h.accessible:
                out.append(h.name)
                continue
            later = sum(1 for g in self.hyps[i + 1 :] if not g.accessible and g.name == h.name)
            out.append(h.name + "✝" + (_superscript(later) if later else ""))
        return out

    def to_json(self) -> dict:
        hyps = [
            {"type": h.ty if isinstance(h.ty, str) else show_prop(h.ty), "user_name": n}
            for h, n in zip(self.hyps, self.display_names(), strict=True)
        ]
        d: dict = {"type": show_prop(self.target), "hypotheses": hyps}
        if self.tag:
            d["tag"] = self.tag
        return d

    def render(self) -> str:
        lines = [f"case {self.tag}"] if self.tag else []
        for h, n in zip(self.hyps, self.display_names(), strict=True):
            lines.append(f"{n} : {h.ty if isinstance(h.ty, str) else show_prop(h.ty)}")
        lines.append(f"⊢ {show_prop(self.target)}")
        return "\n".join(lines)


def _superscript(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


_NAME_RE = re.compile(r"^[A-Za-z_α-κμ-ωΑ-Ωℓ][A-Za-z0-9_'!?α-κμ-ωΑ-Ωℓ₀-₉ₐ-ₜᵢ-ᵥⱼ]*$")
RESERVED = {
    "fun",
    "by",
    "with",
    "at",
    "have",
    "show",
    "from",
    "sorry",
    "True",
    "False",
    "Prop",
    "Not",
    "ℕ",
    "ℤ",
    "Nat",
    "Int",
    "theorem",
    "lemma",
    "example",
    "if",
    "then",
    "else",
    "do",
    "let",
    "match",
    # functions and predicates the term language interprets itself: a local of that name would be read as
    # the library's (a user `abs : ℤ → ℤ` evaluated as |·|), so such names are refused
    "abs",
    "Even",
    "Odd",
}


def check_name(name: str) -> None:
    if not _NAME_RE.match(name) or name in RESERVED:
        raise TacticFail(f"invalid hypothesis name '{name}'")


def add_hyp(hyps: tuple[Hyp, ...], name: str | None, ty: Prop, anon_base: str = "h") -> tuple[Hyp, ...]:
    """Append a proof hypothesis; `None`/`_` give an inaccessible `anon_base✝`, a reused name shadows."""
    if name is None or name == "_":
        return (*hyps, Hyp(anon_base, ty, accessible=False))
    check_name(name)
    out = []
    for h in hyps:
        if h.accessible and h.name == name:
            if h.is_var:
                raise TacticFail(f"minilean: cannot shadow the variable '{name}'; choose another name")
            h = Hyp(h.name, h.ty, accessible=False)
        out.append(h)
    out.append(Hyp(name, ty))
    return tuple(out)


def remove_hyp(hyps: tuple[Hyp, ...], name: str) -> tuple[Hyp, ...]:
    for i in range(len(hyps) - 1, -1, -1):
        if hyps[i].accessible and hyps[i].name == name:
            return hyps[:i] + hyps[i + 1 :]
    return hyps


def goal_sorts_all(goal: Goal) -> dict[str, str]:
    return {h.name: h.ty for h in goal.hyps if h.is_var}  # type: ignore[misc]


def parse_in(goal: Goal, node: tuple) -> Prop:
    from minilean.syntax import to_prop

    try:
        return to_prop(node, goal.sorts())
    except SyntaxErr as e:
        raise TacticFail(str(e)) from None


# ---------------------------------------------------------------------------------------------- defeq

Subst = dict[int, "Prop | Expr"]


def unfold(p: Prop) -> Prop | None:
    """One step of unfolding reducible notations: ¬a ≡ a → False, a ≠ b ≡ (a = b → False), a > b ≡ b < a."""
    if isinstance(p, PNot):
        return PBin("→", p.arg, FALSE)
    if isinstance(p, PRel):
        if p.op == "≠":
            return PBin("→", PRel("=", p.lhs, p.rhs, p.ty), FALSE)
        if p.op == ">":
            return PRel("<", p.rhs, p.lhs, p.ty)
        if p.op == "≥":
            return PRel("≤", p.rhs, p.lhs, p.ty)
    return None


def match(pat: Prop, tgt: Prop, s: Subst) -> Subst | None:
    """One-sided unification: metavariables only occur in `pat`; `tgt` is ground. Returns an extended copy."""
    if isinstance(pat, PMeta):
        if pat.idx in s:
            return s if defeq(s[pat.idx], tgt) else None  # type: ignore[arg-type]
        out = dict(s)
        out[pat.idx] = tgt
        return out
    if type(pat) is type(tgt):
        if isinstance(pat, PVar | PConst):
            if pat == tgt:
                return s
        elif isinstance(pat, PNot):
            r = match(pat.arg, tgt.arg, s)  # type: ignore[union-attr]
            if r is not None:
                return r
        elif isinstance(pat, PBin):
            if pat.op == tgt.op:  # type: ignore[union-attr]
                r = match(pat.lhs, tgt.lhs, s)  # type: ignore[union-attr]
                if r is not None:
                    r = match(pat.rhs, tgt.rhs, r)  # type: ignore[union-attr]
                    if r is not None:
                        return r
        elif isinstance(pat, PRel) and pat.op == tgt.op and pat.ty == tgt.ty:  # type: ignore[union-attr]
            r = match_expr(pat.lhs, tgt.lhs, s, pat.ty)  # type: ignore[union-attr]
            if r is not None:
                r = match_expr(pat.rhs, tgt.rhs, r, pat.ty)  # type: ignore[union-attr]
                if r is not None:
                    return r
        elif isinstance(pat, PPred) and (pat.name, pat.ty) == (tgt.name, tgt.ty):  # type: ignore[union-attr]
            r = match_expr(pat.arg, tgt.arg, s, pat.ty)  # type: ignore[union-attr]
            if r is not None:
                return r
        elif isinstance(pat, PModEq) and pat.ty == tgt.ty:  # type: ignore[union-attr]
            r: Subst | None = s
            for a, b in ((pat.n, tgt.n), (pat.lhs, tgt.lhs), (pat.rhs, tgt.rhs)):  # type: ignore[union-attr]
                r = match_expr(a, b, r, pat.ty) if r is not None else None
            if r is not None:
                return r
        elif (isinstance(pat, PMem) and (pat.kind, pat.ty) == (tgt.kind, tgt.ty)  # type: ignore[union-attr]
              and len(pat.terms()) == len(tgt.terms())):  # type: ignore[union-attr]
            # finset literals of different lengths simply do not match
            r = s
            for a, b in zip(pat.terms(), tgt.terms(), strict=True):  # type: ignore[union-attr]
                r = match_expr(a, b, r, pat.ty) if r is not None else None
            if r is not None:
                return r
        elif isinstance(pat, PCoprime):
            r = match_expr(pat.a, tgt.a, s, NAT)  # type: ignore[union-attr]
            r = match_expr(pat.b, tgt.b, r, NAT) if r is not None else None  # type: ignore[union-attr]
            if r is not None:
                return r
        elif isinstance(pat, PQuant) and (pat.q, pat.var, pat.sort) == (  # type: ignore[union-attr]
            tgt.q,  # type: ignore[union-attr]
            tgt.var,  # type: ignore[union-attr]
            tgt.sort,  # type: ignore[union-attr]
        ):
            r = match(pat.body, tgt.body, s)  # type: ignore[union-attr]
            # a metavariable must not capture the bound variable (it would escape its binder)
            if r is not None and all(k in s or pat.var not in _free(v) for k, v in r.items()):
                return r
    up, ut = unfold(pat), unfold(tgt)
    if up is not None:
        return match(up, tgt, s)
    if ut is not None:
        return match(pat, ut, s)
    return None


def _free(v: object) -> set[str]:
    if isinstance(v, PVar | PConst | PMeta | PNot | PBin | PRel | PQuant | PPred | PModEq | PCoprime | PMem):
        return prop_vars(v)
    return expr_vars(v, set())  # type: ignore[arg-type]


def match_expr(pat: Expr, tgt: Expr, s: Subst, ty: str | None = None) -> Subst | None:
    """`ty`: the type of the terms, when known. Closed ℕ/ℤ numeral terms are definitionally equal when they
    evaluate to the same literal (the kernel computes them); closed ℚ/ℝ terms are not (Real is not
    computable: `(2 : ℝ) + 2 = 4` is not `rfl`), nor terms under coercions or functions."""
    if isinstance(pat, EMeta):
        if pat.idx in s:
            return s if expr_defeq(s[pat.idx], tgt, ty) else None  # type: ignore[arg-type]
        out = dict(s)
        out[pat.idx] = tgt
        return out
    if type(pat) is not type(tgt):
        if ty == NAT and isinstance(pat, EBin) and pat.op == "+" and isinstance(pat.rhs, ENum):
            # Lean unifies `?n + 1` with the literal `2` by `?n := 1` (offsets of ℕ literals)
            k = pat.rhs.n
            if isinstance(tgt, ENum) and tgt.n >= k:
                r = match_expr(pat.lhs, ENum(tgt.n - k), s, ty)
                if r is not None:
                    return r
        return s if _closed_equal(pat, tgt, ty) else None
    if isinstance(pat, EBin):
        if pat.op != tgt.op:  # type: ignore[union-attr]
            return s if _closed_equal(pat, tgt, ty) else None
        r = match_expr(pat.lhs, tgt.lhs, s, ty)  # type: ignore[union-attr]
        if r is not None:
            r = match_expr(pat.rhs, tgt.rhs, r, ty if pat.op != "^" else NAT)  # type: ignore[union-attr]
        return r if r is not None else (s if _closed_equal(pat, tgt, ty) else None)
    if isinstance(pat, ENeg):
        return match_expr(pat.arg, tgt.arg, s, ty)  # type: ignore[union-attr]
    if isinstance(pat, ECast):
        if (pat.src, pat.dst) != (tgt.src, tgt.dst):  # type: ignore[union-attr]
            return None
        return match_expr(pat.arg, tgt.arg, s, None)  # type: ignore[union-attr]
    if isinstance(pat, ESum):  # the summand must be equal as written (no metavariable under the binder)
        t: ESum = tgt  # type: ignore[assignment]
        head = (pat.op, pat.ity, pat.kind, pat.ty, *alpha_body(pat, t))
        if head != (t.op, t.ity, t.kind, t.ty, *alpha_body(t, pat)) or metas((pat.body, pat.guard)):
            return s if _closed_equal(pat, tgt, ty) else None
        r2 = match_expr(pat.lo, t.lo, s, pat.ity)
        r2 = match_expr(pat.hi, t.hi, r2, pat.ity) if r2 is not None else None
        return r2 if r2 is not None else (s if _closed_equal(pat, tgt, ty) else None)
    if isinstance(pat, EApp):
        if pat.fn != tgt.fn or len(pat.args) != len(tgt.args):  # type: ignore[union-attr]
            return s if _closed_equal(pat, tgt, ty) else None
        r: Subst | None = s
        for a, b in zip(pat.args, tgt.args, strict=True):  # type: ignore[union-attr]
            r = match_expr(a, b, r, None) if r is not None else None
        return r if r is not None else (s if _closed_equal(pat, tgt, ty) else None)
    return s if pat == tgt or _closed_equal(pat, tgt, ty) else None


def alpha_body(e: ESum, other: ESum) -> tuple[Expr, Prop | None]:
    """`e`'s summand and filter with its index renamed to a name free in neither sum, so that two big
    operators compare up to the name of their bound variable (Lean's terms are locally nameless:
    `∑ i ∈ range n, i` and `∑ k ∈ range n, k` are the same term). A fresh name cannot be captured; a
    free variable that happens to be named like the other sum's index stays distinct."""
    if e.var == other.var:
        return e.body, e.guard
    from minilean.bigops import subst_expr
    from minilean.syntax import subst_prop

    taken = _free(e.body) | _free(other.body) | {e.var, other.var}
    for g in (e.guard, other.guard):
        if g is not None:
            taken |= _free(g)
    fresh = next(f"_α{i}" for i in range(len(taken) + 1) if f"_α{i}" not in taken)
    body = subst_expr(e.body, e.var, EVar(fresh))
    guard = subst_prop(e.guard, e.var, EVar(fresh)) if e.guard is not None else None
    return body, guard


def _closed_equal(a: Expr, b: Expr, ty: str | None) -> bool:
    """Closed ℕ/ℤ numeral expressions are definitionally equal when they evaluate to the same literal."""
    if ty not in (NAT, INT):
        return False
    va, vb = _closed_value(a), _closed_value(b)
    return va is not None and va == vb


def expr_defeq(a: Expr, b: Expr, ty: str | None = None) -> bool:
    return match_expr(a, b, {}, ty) is not None


def defeq(a: Prop, b: Prop) -> bool:
    """Definitional equality at default transparency (exact, assumption): besides the reducible notations
    `match` sees through, a top-level `Nat.ModEq`/`Int.ModEq` is unfolded to `a % n = b % n` (a plain
    `def`, so isDefEq unfolds it; simp's `match` alone must not)."""
    if match(a, b, {}) is not None:
        return True
    from minilean.numeral_casts import uncast_numerals

    ua, ub = uncast_numerals(a), uncast_numerals(b)
    if (ua, ub) != (a, b) and match(ua, ub, {}) is not None:  # type: ignore[arg-type]
        return True
    if isinstance(a, PModEq | PCoprime) or isinstance(b, PModEq | PCoprime):
        ua = a.unfolded() if isinstance(a, PModEq | PCoprime) else a
        ub = b.unfolded() if isinstance(b, PModEq | PCoprime) else b
        return match(ua, ub, {}) is not None
    return False


def instantiate(p: Prop, s: Subst) -> Prop:
    if isinstance(p, PMeta):
        return s.get(p.idx, p)  # type: ignore[return-value]
    if isinstance(p, PNot):
        return PNot(instantiate(p.arg, s))
    if isinstance(p, PBin):
        return PBin(p.op, instantiate(p.lhs, s), instantiate(p.rhs, s))
    if isinstance(p, PRel):
        return PRel(p.op, instantiate_expr(p.lhs, s), instantiate_expr(p.rhs, s), p.ty)
    if isinstance(p, PPred):
        return PPred(p.name, instantiate_expr(p.arg, s), p.ty)
    if isinstance(p, PModEq | PCoprime | PMem):
        return p.map(lambda e: instantiate_expr(e, s))
    if isinstance(p, PQuant):
        if any(p.var in _free(s[m]) for m in metas(p.body) if m in s):
            raise TacticFail(f"minilean: instantiating would capture the bound variable '{p.var}'")
        return PQuant(p.q, p.var, p.sort, instantiate(p.body, s))
    return p


def metas(x: object, acc: set[int] | None = None) -> set[int]:
    """The term and proposition metavariables in `x` (any tree of dataclasses and tuples)."""
    acc = set() if acc is None else acc
    if isinstance(x, PMeta | EMeta):
        acc.add(x.idx)
    elif isinstance(x, tuple):
        for y in x:
            metas(y, acc)
    elif hasattr(x, "__dataclass_fields__"):
        for f in x.__dataclass_fields__:  # type: ignore[attr-defined]
            metas(getattr(x, f), acc)
    return acc


def instantiate_expr(e: Expr, s: Subst) -> Expr:
    if isinstance(e, EMeta):
        return s.get(e.idx, e)  # type: ignore[return-value]
    if isinstance(e, EBin):
        return EBin(e.op, instantiate_expr(e.lhs, s), instantiate_expr(e.rhs, s))
    if isinstance(e, ENeg):
        return ENeg(instantiate_expr(e.arg, s))
    if isinstance(e, ECast):
        return ECast(instantiate_expr(e.arg, s), e.src, e.dst)
    if isinstance(e, EApp):
        return EApp(e.fn, tuple(instantiate_expr(a, s) for a in e.args))
    if isinstance(e, ESum):
        if any(e.var in _free(s[m]) for m in metas((e.body, e.guard)) if m in s):
            raise TacticFail(f"minilean: instantiating would capture the bound variable '{e.var}'")
        lo, hi, body = (instantiate_expr(x, s) for x in (e.lo, e.hi, e.body))
        guard = instantiate(e.guard, s) if e.guard is not None else None
        return ESum(e.op, e.var, e.ity, e.kind, lo, hi, body, e.ty, guard)
    return e


def is_ground(p: Prop) -> bool:
    if isinstance(p, PMeta):
        return False
    if isinstance(p, PNot):
        return is_ground(p.arg)
    if isinstance(p, PBin):
        return is_ground(p.lhs) and is_ground(p.rhs)
    if isinstance(p, PRel):
        return _expr_ground(p.lhs) and _expr_ground(p.rhs)
    if isinstance(p, PPred):
        return _expr_ground(p.arg)
    if isinstance(p, PModEq):
        return _expr_ground(p.n) and _expr_ground(p.lhs) and _expr_ground(p.rhs)
    if isinstance(p, PCoprime):
        return _expr_ground(p.a) and _expr_ground(p.b)
    if isinstance(p, PMem):
        return all(_expr_ground(e) for e in p.terms())
    if isinstance(p, PQuant):
        return is_ground(p.body)
    return True


def _expr_ground(e: Expr) -> bool:
    if isinstance(e, EMeta):
        return False
    if isinstance(e, EBin):
        return _expr_ground(e.lhs) and _expr_ground(e.rhs)
    if isinstance(e, ENeg | ECast):
        return _expr_ground(e.arg)
    if isinstance(e, EApp):
        return all(_expr_ground(a) for a in e.args)
    if isinstance(e, ESum):
        guard_ok = e.guard is None or is_ground(e.guard)
        return guard_ok and all(_expr_ground(x) for x in (e.lo, e.hi, e.body))
    return True


def as_imp(p: Prop) -> tuple[Prop, Prop] | None:
    """View `p` as an implication `a → b` (unfolding ¬ and ≠), or None."""
    while True:
        if isinstance(p, PBin) and p.op == "→":
            return p.lhs, p.rhs
        nxt = unfold(p)
        if nxt is None:
            return None
        p = nxt


__all__ = [
    "SORTS", "Goal", "Hyp", "TacticFail", "add_hyp", "as_imp", "defeq", "instantiate", "match", "metas",
]
