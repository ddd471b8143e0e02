"""Cast normalization for `exact_mod_cast` / `assumption_mod_cast` (Mathlib's `norm_cast` normal form on
minilean's fragment).

Every step is one of Mathlib's `norm_cast` lemmas, so the normal form is equivalent to the input:

* casts move to the leaves: `↑(a + b) = ↑a + ↑b`, `↑(a * b)`, `↑(a ^ n)`, `↑(-a)` and `↑(a - b)` (not from
  ℕ, where `-` truncates), `↑(a / b)` from ℚ only (ℕ/ℤ division rounds), `↑|a|` from ℤ/ℚ, a cast of a
  cast is one cast, and a cast numeral is a numeral;
* a relation whose two sides are built only from numerals and casts from one type `S`, with operations
  that exist in `S` as above, is the same relation in `S` (`(↑a : ℝ) < ↑b + 1 ↔ a < b + 1`), because
  ℕ → ℤ → ℚ → ℝ are injective ring and order embeddings; `∣` is lowered from ℤ to ℕ only.

Two propositions with the same normal form (up to minilean's definitional equality) are what
`exact_mod_cast` accepts.
"""

from __future__ import annotations

from minilean.norm_cast_lowered import plain_lowered_nat
from minilean.syntax import (
    INT,
    NAT,
    RAT,
    EApp,
    EBin,
    ECast,
    ENeg,
    ENum,
    EVar,
    Expr,
    PBin,
    PNot,
    PPred,
    PQuant,
    PRel,
    Prop,
    expr_vars,
)


def _push(a: Expr, src: str, dst: str) -> Expr:
    """`↑a` from `src` to `dst` with the cast moved to the leaves of `a` (already normalized)."""
    if isinstance(a, ENum):
        return a
    if isinstance(a, ECast):  # ↑↑x = ↑x
        return ECast(a.arg, a.src, dst)
    if isinstance(a, ENeg) and src != NAT:
        return ENeg(_push(a.arg, src, dst))
    if isinstance(a, EBin):
        if a.op in ("+", "*") or (a.op == "-" and src != NAT) or (a.op == "/" and src == RAT):
            return EBin(a.op, _push(a.lhs, src, dst), _push(a.rhs, src, dst))
        if a.op == "^":
            return EBin("^", _push(a.lhs, src, dst), a.rhs)
    if isinstance(a, EApp) and a.fn == "abs" and src != NAT and len(a.args) == 1:
        return EApp("abs", (_push(a.args[0], src, dst),))
    return ECast(a, src, dst)


def norm_expr(e: Expr) -> Expr:
    if isinstance(e, ECast):
        return _push(norm_expr(e.arg), e.src, e.dst)
    if isinstance(e, EBin):
        return EBin(e.op, norm_expr(e.lhs), norm_expr(e.rhs))
    if isinstance(e, ENeg):
        return ENeg(norm_expr(e.arg))
    if isinstance(e, EApp):
        return EApp(e.fn, tuple(norm_expr(a) for a in e.args))
    return e


def _cast_sources(e: Expr, acc: set[str]) -> bool:
    """Collect the source types of the casts in `e`; False if some leaf is not a numeral or a cast."""
    if isinstance(e, ENum):
        return True
    if isinstance(e, ECast):
        acc.add(e.src)
        return True
    if isinstance(e, ENeg):
        return _cast_sources(e.arg, acc)
    if isinstance(e, EBin):
        if e.op == "^":
            return _cast_sources(e.lhs, acc)
        return _cast_sources(e.lhs, acc) and _cast_sources(e.rhs, acc)
    if isinstance(e, EApp) and e.fn == "abs":
        return all(_cast_sources(a, acc) for a in e.args)
    return False


def _lower(e: Expr, src: str) -> Expr | None:
    """`e` (numerals and casts from `src`) as a term of `src`; None if an operation does not exist there."""
    if isinstance(e, ENum):
        return e
    if isinstance(e, ECast):
        return e.arg
    if isinstance(e, ENeg):
        inner = _lower(e.arg, src)
        return None if inner is None or src == NAT else ENeg(inner)
    if isinstance(e, EBin):
        if e.op == "^":
            base = _lower(e.lhs, src)
            return None if base is None else EBin("^", base, e.rhs)
        ok = e.op in ("+", "*") or (e.op == "-" and src != NAT) or (e.op == "/" and src == RAT)
        lhs, rhs = _lower(e.lhs, src), _lower(e.rhs, src)
        return None if not ok or lhs is None or rhs is None else EBin(e.op, lhs, rhs)
    if isinstance(e, EApp) and e.fn == "abs" and src != NAT:
        inner = _lower(e.args[0], src)
        return None if inner is None else EApp("abs", (inner,))
    return None


def norm_prop(p: Prop) -> Prop:
    if isinstance(p, PRel):
        lhs, rhs = norm_expr(p.lhs), norm_expr(p.rhs)
        srcs: set[str] = set()
        if _cast_sources(lhs, srcs) and _cast_sources(rhs, srcs) and len(srcs) == 1:
            src = srcs.pop()
            if p.op != "∣" or (src == NAT and p.ty == INT):  # in ℝ every nonzero number divides
                lo_l, lo_r = _lower(lhs, src), _lower(rhs, src)
                if lo_l is not None and lo_r is not None:
                    return norm_prop(PRel(p.op, lo_l, lo_r, src))
        return PRel(p.op, lhs, rhs, p.ty)
    if isinstance(p, PNot):
        return PNot(norm_prop(p.arg))
    if isinstance(p, PBin):
        return PBin(p.op, norm_prop(p.lhs), norm_prop(p.rhs))
    if isinstance(p, PQuant):
        return PQuant(p.q, p.var, p.sort, norm_prop(p.body))
    if isinstance(p, PPred):
        return PPred(p.name, norm_expr(p.arg), p.ty)
    return p




def _plain_expr(e: Expr) -> bool:
    """No cast, no function application and no operation between two numerals: on such a term
    `norm_cast` can only turn each numeral into a cast numeral and back (`Nat.cast_ofNat`), so the
    term comes out unchanged. An operation on two numerals could be moved under one cast and
    evaluated, and a library function could meet a cast lemma, so both are left out."""
    if isinstance(e, EVar | ENum):
        return True
    if isinstance(e, ENeg):
        return isinstance(e.arg, EVar)
    if isinstance(e, EBin) and e.op in ("+", "-", "*", "/", "^"):
        if isinstance(e.lhs, ENum) and isinstance(e.rhs, ENum):
            return False
        return _plain_expr(e.lhs) and _plain_expr(e.rhs)
    return False


def _plain_comparison(p: Prop) -> bool:
    """A comparison of plain terms (see _plain_expr) that mentions a variable, so that `try trivial`'s
    `decide` cannot evaluate it, with two different sides, so that `rfl` (Eq.refl, or `le_refl`, which
    Mathlib tags @[refl]) cannot close it."""
    if isinstance(p, PNot):
        p = p.arg
    if not isinstance(p, PRel) or p.op not in ("=", "≠", "<", "≤", ">", "≥") or p.lhs == p.rhs:
        return False
    if not (_plain_expr(p.lhs) and _plain_expr(p.rhs)):
        return False
    return bool(expr_vars(p.lhs, set()) | expr_vars(p.rhs, set()))


def norm_cast_open_goal(p: Prop) -> Prop | None:
    """The goal `norm_cast0` leaves from `p` when minilean can tell it exactly, else None.

    Two cases: `p` has no cast at all (norm_cast turns numerals into cast numerals and back, so `p` is
    unchanged), or every cast in the comparison `p` is of a variable from one type and the comparison
    lowers to that type with plain terms (`(↑x : ℝ) ≠ 1` becomes `x ≠ 1`, by Nat.cast_ne_one /
    Nat.cast_inj / Nat.cast_ofNat). Anything with arithmetic on numerals, functions, or casts left
    over is refused: there Lean's printed result is not reproduced."""
    if _plain_comparison(p):
        return p
    want = norm_prop(p)
    inner = p.arg if isinstance(p, PNot) else p
    lowered = want.arg if isinstance(want, PNot) else want
    if isinstance(inner, PRel) and isinstance(lowered, PRel) and lowered.ty != inner.ty:
        plain = _plain_comparison(lowered) or plain_lowered_nat(lowered)  # numerals kept as written
        if not plain or lowered.op in (">", "≥"):  # `>` may come out flipped
            return None
        if lowered.op == "≠" and not (lowered.ty == NAT and lowered.rhs in (ENum(0), ENum(1))):
            return None  # only Nat.cast_ne_zero / Nat.cast_ne_one are known to act on `≠`
        return want
    return None

def _maybe_trivial(target: Prop, hyps: list[Prop]) -> bool:
    """Could `try trivial` (assumption, rfl, decide, True.intro, And.intro …) close `target`? Over-
    approximated: then `norm_cast at h` is refused rather than guessed."""
    from minilean.goals import defeq
    from minilean.syntax import TRUE, prop_vars

    if target == TRUE or (isinstance(target, PBin) and target.op in ("∧", "↔")):
        return True
    if not prop_vars(target):  # closed: `decide` may evaluate it
        return True
    if isinstance(target, PRel) and (target.lhs == target.rhs or target.op in ("≤", "≥", "∣")):
        return True  # rfl / le_refl / dvd_refl up to defeq: not decided here
    return any(defeq(h, target) for h in hyps)


def norm_cast_at(hyp_ty: Prop, target: Prop, other_hyps: list[Prop]) -> Prop | None:
    """`norm_cast at h` is `norm_cast0 at h <;> try trivial`: `h` becomes its cast normal form (kept only
    where Lean's exact form is known, as for the goal: norm_cast_open_goal; an unchanged `h` is no error,
    `derive` does not fail without progress), then `trivial` runs on the main goal. None = refused."""
    new = norm_cast_open_goal(hyp_ty)
    if new is None or _maybe_trivial(target, [new, *other_hyps]):
        return None
    return new


__all__ = ["norm_cast_at", "norm_cast_at_goal", "norm_cast_open_goal", "norm_expr", "norm_prop"]


def norm_cast_at_goal(g: object, name: str) -> list:
    """The goals after `norm_cast at name` on goal `g` (see norm_cast_at)."""
    from minilean.goals import Goal, Hyp, TacticFail

    assert isinstance(g, Goal)
    h = g.lookup(name)
    if h is None or h.is_var:
        raise TacticFail(f"unknown hypothesis '{name}'")
    others = [x.ty for x in g.hyps if not x.is_var and x is not h]
    new = norm_cast_at(h.ty, g.target, others)  # type: ignore[arg-type]
    if new is None:
        raise TacticFail(f"minilean: norm_cast at {name}: the result is not modelled exactly\n{g.render()}")
    hyps = tuple(Hyp(x.name, new, x.accessible) if x is h else x for x in g.hyps)
    return [Goal(hyps, g.target, g.tag)]
