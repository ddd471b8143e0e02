"""`dsimp [f]`, `dsimp only [f]` and `unfold_let f` on let-bound variables (numbers and functions).

Lean's `dsimp [f]` with a local definition `f` unfolds it (zeta-delta) and beta-reduces, then keeps
simplifying with definitional rewrites: the default simprocs (even with `only`: ℕ/ℤ literal arithmetic
and comparisons) and, without `only`, every `@[simp]` lemma proved by `rfl` (`ne_eq`, `ge_iff_le`,
`Nat.cast_ofNat`, `Nat.add_zero`, …). minilean models the unfolding exactly and refuses a result on which
those further rewrites could act (it cannot say what they would leave), so it accepts less than Lean,
never more. A target that becomes `True` or `a = a` is closed, as `dsimpGoal` does; nothing changed is
the error "dsimp made no progress". Mathlib's `unfold_let x` unfolds (and beta-reduces) only.

Only let-bound names are accepted as arguments: `dsimp` with lemmas, or without arguments, is refused."""

from __future__ import annotations

import re

from minilean.goals import Goal, Hyp, TacticFail
from minilean.let_values import unfold_let
from minilean.outcome import Outcome, _split_top
from minilean.syntax import (
    INT,
    NAT,
    TRUE,
    EApp,
    EBin,
    ECast,
    ENeg,
    ENum,
    ESum,
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
    SyntaxErr,
    prop_vars,
)

# library functions no @[simp] rfl lemma rewrites: Mathlib/Data/Real/Sqrt.lean's simp lemmas about `√x`
# (`sqrt_zero`, `sqrt_one`, `sqrt_mul`, `sqrt_inv`, …) are all proved by tactics, so dsimp leaves `√x`
# alone (its argument is still simplified). `Real.log` likewise (round 11): its @[simp] lemmas (`log_zero`
# by `dif_pos rfl`, `log_one`, `log_exp`, `log_abs`, `log_pow`, …) are not rfl proofs, and
# `Real.log_div_log` (`log x / log b = logb b x`, proved by `rfl`) carries no @[simp] in Mathlib 4's
# `Analysis/SpecialFunctions/Log/Base.lean` (checked at the port and in 2024-2025 versions).
NO_RFL_SIMP = frozenset({"Real.sqrt", "Real.log"})

MAX_ROUNDS = 16  # a value may mention another listed let; unfold to a fixpoint, boundedly


def _literal(e: Expr) -> bool:
    return isinstance(e, ENum) or (isinstance(e, ENeg) and isinstance(e.arg, ENum))


def _expr_blocked(e: Expr, ty: str, only: bool) -> str | None:
    """Why dsimp's further rewriting could change `e` (a subterm of type `ty`), or None."""
    if isinstance(e, EBin):
        # `^`'s exponent is ℕ whatever the base's type: the base carries `ty`
        if ty in (NAT, INT) and _literal(e.lhs) and _literal(e.rhs):
            return "ℕ/ℤ literal arithmetic (a default simproc evaluates it)"
        unit = any(isinstance(x, ENum) and x.n in (0, 1) for x in (e.lhs, e.rhs))
        if not only and ty in (NAT, INT) and unit:
            return "an ℕ/ℤ operation with 0 or 1 (`Nat.add_zero`-like rfl lemmas)"
        return _expr_blocked(e.lhs, ty, only) or _expr_blocked(e.rhs, NAT if e.op == "^" else ty, only)
    if isinstance(e, ENeg):
        return _expr_blocked(e.arg, ty, only)
    if isinstance(e, ECast):
        if not only and _literal(e.arg):
            return "a cast of a numeral (`Nat.cast_ofNat` is an rfl lemma)"
        return _expr_blocked(e.arg, e.src, only)
    if isinstance(e, ESum):
        return "a big operator"
    if isinstance(e, EApp):
        if not only and e.fn[:1].isupper() and e.fn not in NO_RFL_SIMP:  # a library function (Nat.succ, …)
            return f"the library function {e.fn}"
        for a in e.args:
            r = _expr_blocked(a, "?", only)
            if r:
                return r
    return None


def _blocked(p: Prop, only: bool) -> str | None:
    if isinstance(p, PRel):
        if p.ty in (NAT, INT) and _literal(p.lhs) and _literal(p.rhs):
            return "a comparison of ℕ/ℤ literals (a default simproc decides it)"
        if not only and p.op in ("≠", "≥", ">"):  # ≥ / > are flipped before (see _flip_ge)
            return f"`{p.op}` (an rfl simp lemma restates it)"
        return _expr_blocked(p.lhs, p.ty, only) or _expr_blocked(p.rhs, p.ty, only)
    if isinstance(p, PBin):
        if not only and (isinstance(p.lhs, PConst) or isinstance(p.rhs, PConst)):
            return "True/False inside a connective"
        return _blocked(p.lhs, only) or _blocked(p.rhs, only)
    if isinstance(p, PNot):
        if isinstance(p.arg, PRel) and p.arg.op == "=":  # ne_eq's result: no rfl simp lemma rewrites `¬a = b`
            return _blocked(p.arg, only)
        return "¬" if not only else _blocked(p.arg, only)
    if isinstance(p, PQuant):
        return _blocked(p.body, only)
    if isinstance(p, PPred):
        return f"{p.name}" if not only else _expr_blocked(p.arg, p.ty, only)
    if isinstance(p, PModEq):
        return "a congruence `≡ [MOD]` (what dsimp does inside it is not modelled)"
    if isinstance(p, PMem):
        return "a membership `∈` (what dsimp does inside it is not modelled)"
    if isinstance(p, PCoprime):
        return "`Nat.Coprime` (what dsimp does inside it is not modelled)"
    return None


def _flip_ge(p: Prop) -> Prop:
    """`ge_iff_le` / `gt_iff_lt` are @[simp] and proved by `Iff.rfl`, so dsimp (without `only`) restates
    `a ≥ b` as `b ≤ a` and `a > b` as `b < a`, under connectives and binders too."""
    if isinstance(p, PRel) and p.op in (">", "≥"):
        return PRel("<" if p.op == ">" else "≤", p.rhs, p.lhs, p.ty)
    if isinstance(p, PBin):
        return PBin(p.op, _flip_ge(p.lhs), _flip_ge(p.rhs))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, _flip_ge(p.body), p.implicit)
    return p


def _ne_to_not(p: Prop) -> Prop:
    """`ne_eq : (a ≠ b) = ¬(a = b)` is @[simp] and proved by `rfl`, so dsimp (without `only`) restates every
    `a ≠ b` as `¬a = b`, under connectives and binders too."""
    if isinstance(p, PRel) and p.op == "≠":
        return PNot(PRel("=", p.lhs, p.rhs, p.ty))
    if isinstance(p, PBin):
        return PBin(p.op, _ne_to_not(p.lhs), _ne_to_not(p.rhs))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, _ne_to_not(p.body), p.implicit)
    if isinstance(p, PNot):
        return PNot(_ne_to_not(p.arg))
    return p


def _unfold_all(p: Prop, lets: list[Hyp]) -> Prop:
    for _ in range(MAX_ROUNDS):
        before = p
        for h in lets:
            if h.name in prop_vars(p):
                try:
                    p = unfold_let(p, h)
                except SyntaxErr as e:
                    raise TacticFail(str(e)) from None
        if p == before:
            return p
    raise TacticFail("minilean: let-bound definitions unfold too deeply")


def _parse(rest: str, word: str) -> tuple[bool, list[str], list[str] | None]:
    """(only, names, locations or None for the goal)."""
    rest = rest.strip()
    at: list[str] | None = None
    m = re.match(r"^(.*?)\s*\bat\s+(.+)$", rest, re.S)
    if m:
        rest, at = m.group(1).strip(), m.group(2).split()
    if word == "unfold_let":
        return True, rest.split(), at
    only = False
    if rest.startswith("only"):
        only, rest = True, rest[4:].strip()
    if not (rest.startswith("[") and rest.endswith("]")):
        raise TacticFail(f"minilean: only `{word} [x, …]` with let-bound names is supported")
    names = [x.strip() for x in _split_top(rest[1:-1], ",") if x.strip()]
    return only, names, at


def run_dsimp(g: Goal, rest: str, word: str) -> Outcome:
    """`dsimp [f …] (at h …)`, `dsimp only [f …]`, `unfold_let f … (at h …)` with let-bound `f`s."""
    only, names, at = _parse(rest, word)
    if not names:
        raise TacticFail(f"minilean: `{word}` needs let-bound names")
    lets: list[Hyp] = []
    for n in names:
        h = g.lookup(n)
        if h is None or h.value is None:
            raise TacticFail(f"minilean: `{word}` supports only let-bound names here, not '{n}'")
        lets.append(h)
    check = word != "unfold_let"  # unfold_let only unfolds; dsimp goes on simplifying
    locs: list[str | None] = [None] if at is None else [None if x in ("⊢", "|-") else x for x in at]
    if at == ["*"]:
        locs = [h.name for h in g.hyps if not h.is_var and h.accessible] + [None]
    hyps, target, progress = list(g.hyps), g.target, False
    for loc in locs:
        if loc is None:
            old = target
        else:
            found = g.lookup(loc)
            if found is None or found.is_var:
                raise TacticFail(f"unknown hypothesis '{loc}'")
            old = found.ty  # type: ignore[assignment]
        new = _unfold_all(old, lets)
        if new == old:
            continue
        if check and not only:
            new = _ne_to_not(_flip_ge(new))
        why = _blocked(new, only) if check else None
        if why is not None:
            raise TacticFail(f"minilean: after unfolding, {word} would also rewrite {why}; not modelled")
        progress = True
        if loc is None:
            target = new
        else:  # a definitional change keeps the hypothesis in place
            i = next(i for i, h in enumerate(hyps) if h.accessible and h.name == loc and not h.is_var)
            hyps[i] = Hyp(hyps[i].name, new, True)
    if not progress:
        raise TacticFail(f"{word} made no progress")
    refl = isinstance(target, PRel) and target.op == "=" and target.lhs == target.rhs
    if check and (target == TRUE or refl) and target != g.target:
        return Outcome([])
    return Outcome([Goal(tuple(hyps), target, g.tag)])


__all__ = ["run_dsimp"]
