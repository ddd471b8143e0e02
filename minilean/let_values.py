"""Let-bound numbers: `let y := v` adds a variable `y` whose value only definitional checks see.

In Lean the value stays in the local context (`y : ℝ := v`); `rfl`, `exact`, `show` and the other
definitional-equality checks unfold it (zeta-delta), while `linarith`, `simp`, `norm_num`, `ring` treat `y`
as an atom. minilean keeps the value on the variable's hypothesis (`Hyp.value`), is opaque everywhere,
and `zeta` substitutes the values for the checks that unfold them. A substitution that could capture a
name (a binder of the proposition, or a later hypothesis reusing a name the value mentions) is not made,
which only refuses more."""

from __future__ import annotations

import re

from minilean.fun_values import FunValue, unfold_apps
from minilean.goals import Goal, Hyp, TacticFail, check_name
from minilean.outcome import _split_top
from minilean.syntax import (
    INT,
    NAT,
    RAT,
    REAL,
    SORT_ALIASES,
    Expr,
    Prop,
    SyntaxErr,
    _Typer,
    binder_names,
    expr_vars,
    fun_sort,
    parse_term,
    prop_vars,
    sort_of_node,
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
    names = _value_vars(h.value) | {h.name}
    return all(k.name not in names for k in hyps[i + 1 :])


def _value_vars(v: Expr | FunValue) -> set[str]:
    return v.free_vars() if isinstance(v, FunValue) else expr_vars(v, set())


def unfold_let(p: Prop, h: Hyp) -> Prop:
    """`p` with the let-bound `h` unfolded (a function's applications beta-reduced); SyntaxErr when that
    could capture a name."""
    assert h.value is not None
    if isinstance(h.value, FunValue):
        return unfold_apps(p, h.name, h.value)
    if expr_vars(h.value, set()) & _bound(p):
        raise SyntaxErr(f"minilean: unfolding '{h.name}' would capture a bound variable")
    return subst_prop(p, h.name, h.value)


def zeta(p: Prop, hyps: tuple[Hyp, ...]) -> Prop | None:
    """`p` with the values of the context's let-bound variables substituted (latest first, so a value may
    mention earlier lets; functions are beta-reduced); None when there is nothing to substitute or a
    substitution could capture."""
    out, changed = p, False
    for i in range(len(hyps) - 1, -1, -1):
        h = hyps[i]
        if h.value is None or h.name not in prop_vars(out):
            continue
        if not _usable(hyps, i):
            return None
        try:
            out, changed = unfold_let(out, h), True
        except SyntaxErr:
            return None
    return out if changed else None


def _check_fresh(g: Goal, name: str) -> None:
    """A let-bound name must be new: Lean would shadow an old one, minilean keeps one meaning per name."""
    check_name(name)
    used = prop_vars(g.target).union(*(prop_vars(h.ty) for h in g.hyps if not h.is_var))  # type: ignore[arg-type]
    if g.lookup(name) is not None or name in used:
        raise TacticFail(f"minilean: the name '{name}' is already used; choose a fresh one")


def let_number(g: Goal, head: str, ty_text: str | None, value: str) -> Goal:
    """`let y := v` / `let y : T := v` with `v` a number of type ℕ, ℤ, ℚ or ℝ: `g` with the variable `y`
    (holding `v`) added. A name already in use is refused (Lean would shadow it; minilean keeps one
    meaning per name), and so are values outside the fragment (functions, propositions)."""
    name = head.split(":")[0].strip()
    _check_fresh(g, name)
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
    """A hypothesis a tactic rewrote to mention a variable declared after it (let-bound or not: `rw [hj] at
    h` with `hj : a = 3 * j` from a later `obtain`) moves to just after that variable, as Lean's
    `replaceLocalDecl` inserts the new hypothesis after the last free variable its type uses
    (`findMaxFVar`)."""
    hyps = list(g.hyps)
    lets = {h.name: i for i, h in enumerate(hyps) if h.is_var}
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
                lets = {k.name: n for n, k in enumerate(hyps) if k.is_var}
                moved = True
                break
    return Goal(tuple(hyps), g.target, g.tag)


def let_function(g: Goal, name: str, value: str, declared: str | None = None) -> Goal:
    """`let f := fun (x : T) … => e` (also written `let f (x : T) … : C := e`, turned into that form by the
    caller) with numeric parameter types and a numeric body: `g` with the function variable `f`, whose
    value only definitional checks and the unfolding tactics see. Untyped parameters, Prop-valued bodies
    (predicates) and anything else outside the fragment are refused."""
    _check_fresh(g, name)
    try:
        node = parse_term(value)
        if node[0] != "fun":
            raise TacticFail("minilean: let-bound values must be numbers or `fun` functions of numbers")
        want = fun_sort(sort_of_node(parse_term(declared)) or "") if declared is not None else None
        if declared is not None and (want is None or len(want[0]) != len(node[1])):
            raise TacticFail("minilean: a let-bound function's type must be `A → B` with numeric A, B")
        params: list[str] = []
        sorts: list[str] = []
        for i, (pname, ty_node) in enumerate(node[1]):
            sort = sort_of_node(ty_node) if ty_node is not None else None
            if want is not None and ty_node is None:
                sort = want[0][i]
            elif ty_node is None:
                sort = _param_sort_from_uses(pname, node[2], g)
            elif want is not None and sort != want[0][i]:
                raise TacticFail(f"type mismatch: parameter '{pname}' is declared of type {want[0][i]}")
            if sort not in (NAT, INT, RAT, REAL):
                raise TacticFail(
                    "minilean: a let-bound function needs typed parameters of type ℕ, ℤ, ℚ or ℝ "
                    f"(parameter '{pname}')"
                )
            check_name(pname)
            if pname in params:
                raise TacticFail(f"minilean: repeated parameter '{pname}'")
            params.append(pname)
            sorts.append(sort)
        ctx = {**g.sorts(), **dict(zip(params, sorts, strict=True))}
        body, cod = _Typer(ctx).tree(node[2], want[1] if want is not None else None)
    except SyntaxErr as err:
        raise TacticFail(f"minilean: let-bound value outside the fragment: {err}") from None
    if cod not in (NAT, INT, RAT, REAL):
        raise TacticFail("minilean: a let-bound function's values must be numbers of type ℕ, ℤ, ℚ or ℝ")
    sort = " → ".join((*sorts, cod))
    assert fun_sort(sort) is not None
    fv = FunValue(tuple(params), tuple(sorts), body, cod)
    return Goal((*g.hyps, Hyp(name, sort, True, fv)), g.target, g.tag)  # type: ignore[arg-type]


def _param_sort_from_uses(pname: str, body: tuple, g: Goal) -> str | None:
    """The type of an untyped parameter of `fun x => …`, as Lean's unifier fixes it: `x : ?α` applied to a
    local function `f : A → B` (`fun x => f x - k`) makes `?α := A`. Read only where that is the whole
    story: every use of `x` as an argument of a local function agrees, and `x` occurs in no ascription
    `(x : T)` and under no other application (those could assign `?α` first, or differently); else None
    (refused)."""
    found: set[str] = set()
    ok = True

    def walk(n: object) -> None:
        nonlocal ok
        if not isinstance(n, tuple) or not n:
            return
        if not isinstance(n[0], str):  # a tuple of nodes (arguments, binders, items)
            for d in n:
                walk(d)
            return
        if n[0] == "id":
            return  # an arithmetic leaf: the binop elaborator unifies it once the leaves are typed
        if n[0] == "fun" and any(b[0] == pname for b in n[1]):
            return  # shadowed
        if n[0] == "ascr" and pname in _ids(n[1]):
            ok = False
            return
        if n[0] == "app" and isinstance(n[1], tuple) and n[1][0] == "id":
            h = g.lookup(n[1][1])
            fs = fun_sort(h.ty) if h is not None and h.is_var and isinstance(h.ty, str) else None
            for i, a in enumerate(n[2]):
                if a == ("id", pname) and fs is not None and i < len(fs[0]):
                    found.add(fs[0][i])
                elif fs is None and pname in _ids(a):
                    ok = False  # under a library function (`Real.sqrt x`): its own expectations
                    return
                else:
                    walk(a)
            return
        for c in n[1:]:
            walk(c)

    walk(body)
    return found.pop() if ok and len(found) == 1 else None


def _ids(n: object) -> set[str]:
    if not isinstance(n, tuple):
        return set()
    if n and n[0] == "id" and isinstance(n[1], str):
        return {n[1]}
    out: set[str] = set()
    for c in n:
        out |= _ids(c)
    return out


_FUN_HEAD = re.compile(r"^\s*([^\s:(]+)\s*((?:\([^()]*\)\s*)*)(?::(.*))?$", re.S)


def _is_fun_sort(text: str) -> bool:
    """`ℕ → ℝ` (a function type), not a proposition such as `∀ x, P x → Q x` (a let-bound proof)."""
    try:
        return fun_sort(sort_of_node(parse_term(text)) or "") is not None
    except SyntaxErr:
        return False


def let_fun_form(rest: str) -> tuple[str, str, str | None] | None:
    """A `let` of a function: (name, `fun …` text, declared type or None), from `f (x : T) … [: C] := e`
    or `f [: A → B] := fun … => e`; None for anything else (a proof, a number). A declared type that is
    not a numeric sort leaves the `let` to the proof path (`let h (x : ℕ) : P x := …` is a proof)."""
    parts = _split_top(rest, ":=")
    if len(parts) < 2:
        return None
    head, value = parts[0], ":=".join(parts[1:]).strip()
    m = _FUN_HEAD.match(head)
    if m is None:
        return None
    name, binders, ty = m.group(1), m.group(2).strip(), m.group(3)
    ty = ty.strip() if ty is not None else None
    if binders:
        if ty is not None and SORT_ALIASES.get(ty) not in (NAT, INT, RAT, REAL):
            return None
        body = f"({value} : {ty})" if ty is not None else value
        return name, f"fun {binders} => {body}", None
    if re.match(r"^(fun|λ)\b", value) and (ty is None or _is_fun_sort(ty)):
        return name, value, ty
    return None


def let_refusal(head: str) -> str:
    """Why a `let` whose head is not `x [: T]` and not a numeric function is refused: Lean accepts any
    local definition, so the message names the form minilean does not model."""
    m = _FUN_HEAD.match(head)
    if m is not None and m.group(2).strip():
        ty = (m.group(3) or "").strip()
        if ty == "Prop":
            return "minilean: a let-bound predicate (`let P (x : T) : Prop := …`) is outside the fragment"
        return (
            "minilean: a `let` with parameters is supported only for functions of ℕ, ℤ, ℚ, ℝ parameters into "
            "ℕ, ℤ, ℚ, ℝ (`let f (x : ℕ) : ℝ := …`)"
        )
    return "minilean: `let` is supported only for numbers, numeric functions and proofs (`let h : P := pf`)"


__all__ = [
    "let_fun_form",
    "let_function",
    "let_number",
    "let_refusal",
    "order_after_lets",
    "unfold_let",
    "zeta",
]
