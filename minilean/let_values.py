"""Let-bound numbers: `let y := v` adds a variable `y` whose value only definitional checks see.

In Lean the value stays in the local context (`y : ℝ := v`); `rfl`, `exact`, `show` and the other
definitional-equality checks unfold it (zeta-delta), while `linarith`, `simp`, `norm_num`, `ring` treat `y`
as an atom. minilean keeps the value on the variable's hypothesis (`Hyp.value`), is opaque everywhere,
and `zeta` substitutes the values for the checks that unfold them. A substitution that could capture a
name (a binder of the proposition, or a later hypothesis reusing a name the value mentions) is not made,
which only refuses more."""

from __future__ import annotations

import re

from minilean.goals import Goal, Hyp, TacticFail, check_name
from minilean.syntax import (
    INT,
    NAT,
    RAT,
    REAL,
    SORT_ALIASES,
    Prop,
    SyntaxErr,
    _Typer,
    binder_names,
    expr_vars,
    parse_term,
    prop_vars,
    subst_prop,
    to_expr,
)

_SUM_VAR = re.compile(r"ESum\(op='[^']*', var='([^']+)'")


def _bound(p: Prop) -> set[str]:
    """Names bound inside `p`: quantified variables and big-operator indices."""
    return binder_names(p, set()) | set(_SUM_VAR.findall(repr(p)))


def _usable(hyps: tuple[Hyp, ...], i: int) -> bool:
    """The let hypothesis at `i` is the one its name denotes, and no later hypothesis reuses a name its
    value mentions (its value still means what it meant)."""
    h = hyps[i]
    if not h.accessible or h.value is None:
        return False
    names = expr_vars(h.value, set()) | {h.name}
    return all(k.name not in names for k in hyps[i + 1 :])


def zeta(p: Prop, hyps: tuple[Hyp, ...]) -> Prop | None:
    """`p` with the values of the context's let-bound variables substituted (latest first, so a value may
    mention earlier lets); None when there is nothing to substitute or a substitution could capture."""
    out, changed = p, False
    for i in range(len(hyps) - 1, -1, -1):
        h = hyps[i]
        if h.value is None or h.name not in prop_vars(out):
            continue
        if not _usable(hyps, i) or expr_vars(h.value, set()) & _bound(out):
            return None
        out, changed = subst_prop(out, h.name, h.value), True
    return out if changed else None


def let_number(g: Goal, head: str, ty_text: str | None, value: str) -> Goal:
    """`let y := v` / `let y : T := v` with `v` a number of type ℕ, ℤ, ℚ or ℝ: `g` with the variable `y`
    (holding `v`) added. A name already in use is refused (Lean would shadow it; minilean keeps one
    meaning per name), and so are values outside the fragment (functions, propositions)."""
    name = head.split(":")[0].strip()
    check_name(name)
    used = prop_vars(g.target).union(*(prop_vars(h.ty) for h in g.hyps if not h.is_var))  # type: ignore[arg-type]
    if g.lookup(name) is not None or name in used:
        raise TacticFail(f"minilean: the name '{name}' is already used; choose a fresh one")
    try:
        node = parse_term(value)
        if ty_text is not None:
            ty = SORT_ALIASES.get(ty_text.strip())
            if ty not in (NAT, INT, RAT, REAL):
                raise TacticFail("minilean: let-bound values must be numbers of type ℕ, ℤ, ℚ or ℝ")
            e = to_expr(node, g.sorts(), ty)
        else:
            e, ty = _Typer(g.sorts()).tree(node, None)
    except SyntaxErr as err:
        raise TacticFail(f"minilean: let-bound value outside the fragment: {err}") from None
    if ty not in (NAT, INT, RAT, REAL):
        raise TacticFail("minilean: let-bound values must be numbers of type ℕ, ℤ, ℚ or ℝ")
    return Goal((*g.hyps, Hyp(name, ty, True, e)), g.target, g.tag)


def order_after_lets(g: Goal) -> Goal:
    """A hypothesis a tactic rewrote to mention a let-bound variable declared after it moves to just
    after that variable, as Lean's `replaceLocalDecl` places a changed hypothesis after what it uses."""
    hyps = list(g.hyps)
    lets = {h.name: i for i, h in enumerate(hyps) if h.value is not None}
    if not lets:
        return g
    moved = True
    while moved:
        moved = False
        for i, h in enumerate(hyps):
            if h.is_var:
                continue
            after = [lets[v] for v in prop_vars(h.ty) if lets.get(v, -1) > i]  # type: ignore[arg-type]
            if after:
                j = max(after)
                hyps.insert(j, hyps.pop(i))  # lands right after the variable (now at j - 1)
                lets = {k.name: n for n, k in enumerate(hyps) if k.value is not None}
                moved = True
                break
    return Goal(tuple(hyps), g.target, g.tag)


__all__ = ["let_number", "order_after_lets", "zeta"]
