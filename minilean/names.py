"""Name discipline of minilean goals: renaming a variable is a substitution, and goals stay well formed.

minilean refers to variables by name (no de Bruijn indices), so two facts are only about the same variable
when they use the same name. Two rules keep that meaning faithful:

* renaming a variable (`case tag x hx =>`, `next x =>` on an inaccessible `x✝`) renames every free
  occurrence in all hypotheses and the target (bound variables of the same name are left alone, and a
  rename that would be captured by a binder is refused);
* a goal is well formed: every variable is declared once (accessible or not), and every free name of a
  hypothesis is declared before it, every free name of the target somewhere in the context. A tactic that
  would produce anything else fails instead, so a stale name can never be captured by a later `intro`.
"""

from __future__ import annotations

from minilean.goals import Goal, Hyp, TacticFail, check_name
from minilean.syntax import (
    EApp,
    EBin,
    ECast,
    ENeg,
    ESum,
    EVar,
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
    PVar,
    binder_names,
    expr_vars,
    prop_vars,
)


def rename_expr(e: Expr, old: str, new: str) -> Expr:
    if isinstance(e, EVar):
        return EVar(new) if e.name == old else e
    if isinstance(e, EBin):
        return EBin(e.op, rename_expr(e.lhs, old, new), rename_expr(e.rhs, old, new))
    if isinstance(e, ENeg):
        return ENeg(rename_expr(e.arg, old, new))
    if isinstance(e, ECast):
        return ECast(rename_expr(e.arg, old, new), e.src, e.dst)
    if isinstance(e, EApp):
        return EApp(new if e.fn == old else e.fn, tuple(rename_expr(a, old, new) for a in e.args))
    if isinstance(e, ESum):
        lo, hi = rename_expr(e.lo, old, new), rename_expr(e.hi, old, new)
        if e.var == old:  # the index shadows `old` in the summand and the filter
            return ESum(e.op, e.var, e.ity, e.kind, lo, hi, e.body, e.ty, e.guard)
        inner = expr_vars(e.body, set()) | (prop_vars(e.guard) if e.guard is not None else set())
        if old in inner and e.var == new:
            raise TacticFail(f"minilean: renaming '{old}' to '{new}' would be captured by a binder")
        guard = rename_prop(e.guard, old, new) if e.guard is not None else None
        return ESum(e.op, e.var, e.ity, e.kind, lo, hi, rename_expr(e.body, old, new), e.ty, guard)
    return e


def rename_prop(p: Prop, old: str, new: str) -> Prop:
    """Rename the free variable `old` (numeric, Prop or function) to `new`; refuses to be captured, and
    refuses any term form it would leave `old` free in (a rename is complete or it does not happen)."""
    out = _rename_prop(p, old, new)
    if old != new and old in prop_vars(out):
        raise TacticFail(f"minilean: cannot rename '{old}' everywhere in {type(p).__name__}")
    return out


def _rename_prop(p: Prop, old: str, new: str) -> Prop:
    if isinstance(p, PVar):
        return PVar(new) if p.name == old else p
    if isinstance(p, PNot):
        return PNot(rename_prop(p.arg, old, new))
    if isinstance(p, PBin):
        return PBin(p.op, rename_prop(p.lhs, old, new), rename_prop(p.rhs, old, new))
    if isinstance(p, PRel):
        return PRel(p.op, rename_expr(p.lhs, old, new), rename_expr(p.rhs, old, new), p.ty)
    if isinstance(p, PPred):
        return PPred(p.name, rename_expr(p.arg, old, new), p.ty)
    if isinstance(p, PModEq | PCoprime | PMem):
        return p.map(lambda e: rename_expr(e, old, new))
    if isinstance(p, PQuant):
        if p.var == old or old not in prop_vars(p.body):
            return p  # shadowed, or nothing to rename below
        if p.var == new:
            raise TacticFail(f"minilean: renaming '{old}' to '{new}' would be captured by a binder")
        return PQuant(p.q, p.var, p.sort, rename_prop(p.body, old, new), p.implicit)
    return p


def declared_vars(g: Goal) -> list[str]:
    return [h.name for h in g.hyps if h.is_var]


def rename_hyp(g: Goal, index: int, new: str) -> Goal:
    """Give hypothesis `index` the accessible name `new`. A variable is renamed everywhere it occurs."""
    check_name(new)
    h = g.hyps[index]
    hyps = list(g.hyps)
    if not h.is_var:
        for j, k in enumerate(hyps):
            if j != index and k.accessible and k.name == new:
                if k.is_var:
                    raise TacticFail(f"minilean: cannot shadow the variable '{new}'; choose another name")
                hyps[j] = Hyp(k.name, k.ty, accessible=False)
        hyps[index] = Hyp(new, h.ty)
        return Goal(tuple(hyps), g.target, g.tag)
    if new == h.name:
        hyps[index] = Hyp(new, h.ty)
        return Goal(tuple(hyps), g.target, g.tag)
    # a fresh name: no other hypothesis (variable or proof, accessible or not) is called `new`, so the
    # substitution below cannot merge two variables nor make a proof name ambiguous
    if any(j != index and k.name == new for j, k in enumerate(hyps)):
        raise TacticFail(f"minilean: the name '{new}' is already used; choose a fresh one")
    old = h.name
    out: list[Hyp] = []
    for j, k in enumerate(hyps):
        if j == index:
            out.append(Hyp(new, k.ty))
        elif k.is_var:
            out.append(k)
        else:
            out.append(Hyp(k.name, rename_prop(k.ty, old, new), k.accessible))  # type: ignore[arg-type]
    return Goal(tuple(out), rename_prop(g.target, old, new), g.tag)


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def pattern_names(pat: tuple) -> list[str]:
    """The names an rcases pattern (`("name", n)`, `("tuple", items)`, `("alts", items)`, …) binds."""
    if pat[0] == "name":
        return [] if pat[1] == "_" else [pat[1]]
    if pat[0] in ("tuple", "alts"):
        return [n for it in pat[1] for n in pattern_names(it)]
    return []


def shadow_vars(
    hyps: tuple[Hyp, ...], target: Prop, names: list[str | None], extra: tuple[Prop, ...] = ()
) -> tuple[tuple[Hyp, ...], Prop, tuple[Prop, ...]]:
    """Make room for new variables called `names`, as Lean lets a new local shadow an old one: each
    existing variable of such a name is renamed, everywhere it occurs (hypotheses, target and `extra`,
    e.g. the type being destructured), to a fresh inaccessible name `x✝`, `x✝¹`, … that no source text
    can write. The substitution is total (rename_prop refuses anything it cannot rename) and the fresh
    name is new to the whole goal, so no occurrence is captured and no two variables merge."""
    for name in names:
        if name is None or name == "_":
            continue
        idx = next((i for i, h in enumerate(hyps) if h.is_var and h.name == name), None)
        if idx is None:
            continue
        if any(h.value is not None for h in hyps):  # let values are not renamed here: stay refused
            raise TacticFail(f"minilean: the name '{name}' is already used; choose a fresh one")
        used = {h.name for h in hyps} | prop_vars(target) | binder_names(target)
        for p in (*extra, *(h.ty for h in hyps if not h.is_var)):
            used |= prop_vars(p) | binder_names(p)  # type: ignore[arg-type]
        k = 0
        fresh = f"{name}✝"
        while fresh in used:
            k += 1
            fresh = f"{name}✝{str(k).translate(_SUPERSCRIPT)}"
        out: list[Hyp] = []
        for j, h in enumerate(hyps):
            if j == idx:
                out.append(Hyp(fresh, h.ty, accessible=False))
            elif h.is_var:
                out.append(h)
            else:
                out.append(Hyp(h.name, rename_prop(h.ty, name, fresh), h.accessible))  # type: ignore[arg-type]
        hyps = tuple(out)
        target = rename_prop(target, name, fresh)
        extra = tuple(rename_prop(p, name, fresh) for p in extra)
    return hyps, target, extra


def check_well_formed(g: Goal) -> None:
    """Raise TacticFail unless every variable is declared once and every free name is declared in scope."""
    seen: set[str] = set()
    for h in g.hyps:
        if h.is_var:
            if h.name in seen:
                raise TacticFail(f"minilean: internal error: the variable '{h.name}' is declared twice")
            seen.add(h.name)
            continue
        missing = prop_vars(h.ty) - seen  # type: ignore[arg-type]
        if missing:
            raise TacticFail(
                f"minilean: internal error: hypothesis '{h.name}' mentions undeclared {sorted(missing)}"
            )
    missing = prop_vars(g.target) - seen
    if missing:
        raise TacticFail(f"minilean: internal error: the goal mentions undeclared {sorted(missing)}")


__all__ = [
    "check_well_formed",
    "declared_vars",
    "pattern_names",
    "rename_expr",
    "rename_hyp",
    "rename_prop",
    "shadow_vars",
]
