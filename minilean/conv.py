"""Lean's `conv` mode on the fragment: `conv => cs`, `conv at h => cs`, Mathlib's `conv_lhs` / `conv_rhs`.

The focus is a subterm of the target (or of `h`), reached by `lhs` / `rhs` (`left` / `right` are Lean's
macros for them) and `arg i` (the i-th explicit argument: `a` and `b` of `a + b`, `a = b`, `Nat.gcd a b`;
`x` of `-x`, `↑x`, `|x|`). On the focus:
- `rw [rules]` / `rewrite [rules]`: kabstract rewriting inside the focus only, and no `rfl` afterwards
  (conv's `rw` is `rewrite`); a rule with side conditions is refused (weaker);
- `ring_nf` (the focus's own normal form; no change is an error), `ring` (Mathlib's conv macro
  `first | discharge => ring1 | try_this ring_nf`: a focused equation ring1 proves becomes `True`),
  `norm_num [hints]`, `simp [only] [hints]` (minilean's simp sets; no change is an error), `skip`.
Anything else (`enter`, `ext`, `pattern`, `conv in`, nested blocks) is refused.
After the block the target is replaced and `try (with_reducible rfl)` runs, as Lean's `conv` does. For
`conv at h` it is not settled here whether that final `rfl` also runs on the main goal, so a main goal
it would close is refused (either answer could differ from Lean).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from minilean import normal_forms, rewrite
from minilean.goals import Goal, Hyp, TacticFail, goal_sorts_all
from minilean.kmatch import RwSorts, rw_sorts
from minilean.libfuns import LIB_FUNS as _LIB_FUNS
from minilean.linarith import NotLinear
from minilean.outcome import Outcome, _split_top
from minilean.ring_exp import ring_equal
from minilean.syntax import (
    NAT,
    TRUE,
    EApp,
    EBin,
    ECast,
    ENeg,
    EVar,
    PBin,
    PNot,
    PRel,
    Prop,
    fun_sort,
)
from minilean.terms import Elaborator

PROP = "Prop"  # the focus is a proposition
_HEAD = re.compile(r"^(conv|conv_lhs|conv_rhs)(?:\s+at\s+(\S+))?\s*=>(.*)$", re.S)
_REL_OPS = ("=", "≠", "<", "≤", ">", "≥", "∣")


def is_conv(text: str) -> bool:
    return re.match(r"^conv(_lhs|_rhs)?\b", text) is not None


def _children(x: object, ty: str, sorts: Mapping[str, str]) -> list[tuple[object, str]]:
    """The explicit arguments of the focus, with their types."""
    if isinstance(x, PRel) and x.op in _REL_OPS:
        return [(x.lhs, x.ty), (x.rhs, x.ty)]
    if isinstance(x, PNot):
        return [(x.arg, PROP)]
    if isinstance(x, PBin) and x.op in ("∧", "∨", "↔"):
        return [(x.lhs, PROP), (x.rhs, PROP)]
    if isinstance(x, EBin):
        return [(x.lhs, ty), (x.rhs, NAT if x.op == "^" else ty)]
    if isinstance(x, ENeg):
        return [(x.arg, ty)]
    if isinstance(x, ECast):
        return [(x.arg, x.src)]
    if isinstance(x, EApp):
        if x.fn == "abs" and len(x.args) == 1:
            return [(x.args[0], ty)]
        if x.fn in _LIB_FUNS and len(_LIB_FUNS[x.fn][0]) == len(x.args):
            return list(zip(x.args, _LIB_FUNS[x.fn][0], strict=True))
        fs = fun_sort(sorts.get(x.fn, ""))
        if fs is not None and len(fs[0]) == len(x.args):
            return list(zip(x.args, fs[0], strict=True))
    raise TacticFail("minilean: conv cannot enter this term")


def _rebuild(x: Any, i: int, new: Any) -> Any:
    if isinstance(x, PRel):
        return PRel(x.op, new, x.rhs, x.ty) if i == 0 else PRel(x.op, x.lhs, new, x.ty)
    if isinstance(x, PNot):
        return PNot(new)
    if isinstance(x, PBin):
        return PBin(x.op, new, x.rhs) if i == 0 else PBin(x.op, x.lhs, new)
    if isinstance(x, EBin):
        return EBin(x.op, new, x.rhs) if i == 0 else EBin(x.op, x.lhs, new)
    if isinstance(x, ENeg):
        return ENeg(new)
    if isinstance(x, ECast):
        return ECast(new, x.src, x.dst)
    assert isinstance(x, EApp)
    args = list(x.args)
    args[i] = new
    return EApp(x.fn, tuple(args))


class _Host:
    """What simp_tactics.simp_set asks of a runner: an elaborator for the hint terms."""

    def __init__(self, g: Goal, globals_: Mapping[str, Any]) -> None:
        self.g, self.globals = g, globals_

    def _elab(self, g: Goal) -> Elaborator:
        return Elaborator(g.hyps, self.globals)  # type: ignore[arg-type]


class _Conv:
    def __init__(self, g: Goal, globals_: Mapping[str, Any], root: Prop) -> None:
        self.g, self.globals = g, globals_
        self.sorts = goal_sorts_all(g)
        self.root: Any = root
        self.path: list[int] = []

    def focus(self) -> tuple[Any, str]:
        x, ty = self.root, PROP
        for i in self.path:
            x, ty = _children(x, ty, self.sorts)[i]
        return x, ty

    def replace(self, new: Any) -> None:
        def go(x: Any, ty: str, k: int) -> Any:
            if k == len(self.path):
                return new
            i = self.path[k]
            child, cty = _children(x, ty, self.sorts)[i]
            return _rebuild(x, i, go(child, cty, k + 1))

        self.root = go(self.root, PROP, 0)

    def enter(self, which: int | str) -> None:
        x, ty = self.focus()
        kids = _children(x, ty, self.sorts)
        if which in ("lhs", "rhs"):
            if len(kids) != 2:
                raise TacticFail(f"minilean: conv '{which}' needs a binary operator here")
            self.path.append(0 if which == "lhs" else 1)
            return
        assert isinstance(which, int)
        if not 1 <= which <= len(kids):
            n = len(kids)
            raise TacticFail(f"invalid 'arg' conv tactic, application has only {n} argument(s)")
        self.path.append(which - 1)

    def step(self, text: str) -> None:
        word = text.split()[0]
        rest = text[len(word) :].strip()
        if word in ("lhs", "left", "rhs", "right") and not rest:
            self.enter("lhs" if word in ("lhs", "left") else "rhs")
        elif word == "arg" and re.fullmatch(r"\d+", rest):
            self.enter(int(rest))
        elif word == "skip" and not rest:
            pass
        elif word in ("rw", "rewrite"):
            self.rw(rest)
        elif word == "ring_nf" and not rest:
            self.ring_nf()
        elif word == "ring" and not rest:
            self.ring()
        elif word in ("norm_num", "simp"):
            self.simp(word, rest)
        else:
            raise TacticFail(f"minilean: conv tactic '{word}' is not supported")

    def rw(self, rest: str) -> None:
        m = re.fullmatch(r"\[(.*)\]", rest.strip(), re.S)
        if m is None:
            raise TacticFail("unexpected syntax; expected `rw [h₁, ← h₂]` in conv")
        items = [x.strip() for x in _split_top(m.group(1), ",") if x.strip()]
        if not items:
            raise TacticFail("unexpected token ']'; expected term")
        for item in items:
            x, ty = self.focus()
            rules = rewrite.rules_for(Elaborator(self.g.hyps, self.globals), self.g, item)  # type: ignore[arg-type]
            # kabstract's isDefEq zeta-delta-reduces let variables, in conv as in `rw` (kmatch.RwSorts)
            rws = rw_sorts(self.g)
            if ty == PROP:
                out, hits, prem = rewrite.rewrite_with(x, rules, rws)
                new = out
            else:
                # an expression focus: rewrite `x = fresh` with term rules only, keep the left side
                fresh = "conv✝focus"
                sorts = RwSorts({**rws, fresh: ty})
                sorts.lets = rws.lets
                rules = [r for r in rules if r.ty is not None]
                out, hits, prem = rewrite.rewrite_with(PRel("=", x, EVar(fresh), ty), rules, sorts)
                if hits and not (isinstance(out, PRel) and out.rhs == EVar(fresh)):
                    raise TacticFail("minilean: conv rewrite escaped its focus")
                new = out.lhs if hits else x  # type: ignore[union-attr]
            if not hits:
                raise TacticFail("tactic 'rewrite' failed, did not find instance of the pattern")
            if prem:
                raise TacticFail("minilean: conv rw with side conditions is not supported")
            self.replace(new)

    def simp(self, word: str, rest: str) -> None:
        """`norm_num [hints]` / `simp [only] [hints]` on the focus (minilean's simp set, as the tactics);
        no change is an error, as in Lean."""
        from minilean.simp import Simplifier
        from minilean.simp_tactics import _parse, simp_set

        only, hints, at, _ = _parse(rest)
        if at is not None or (word == "norm_num" and only):
            raise TacticFail(f"minilean: conv {word} with `at` / `only` is not supported")
        ss, _ = simp_set(_Host(self.g, self.globals), self.g, hints, only, word == "norm_num")  # type: ignore[arg-type]
        x, ty = self.focus()
        simp = Simplifier(ss, self.sorts)
        new = simp.prop(x) if ty == PROP else simp.expr(x, ty)
        if new == x:
            raise TacticFail("norm_num failed to simplify" if word == "norm_num" else "simp made no progress")
        self.replace(new)

    def ring_nf(self) -> None:
        x, ty = self.focus()
        try:
            new = normal_forms.ring_nf_prop(x) if ty == PROP else normal_forms.ring_normal(x, ty)
        except NotLinear as e:
            raise TacticFail(f"ring_nf failed: {e}") from None
        if new == x:
            raise TacticFail("ring_nf failed")
        self.replace(new)

    def ring(self) -> None:
        x, ty = self.focus()
        if ty == PROP and isinstance(x, PRel) and x.op == "=":  # `discharge => ring1`
            try:
                if ring_equal(x.lhs, x.rhs, x.ty):
                    self.replace(TRUE)
                    return
            except NotLinear:
                pass
        try:
            self.ring_nf()
        except TacticFail:
            raise TacticFail("ring failed, ring_nf subsidiary goal") from None


def _steps(body: str) -> list[str]:
    out: list[str] = []
    for line in body.split("\n"):
        out += [p.strip() for p in _split_top(line, ";") if p.strip()]
    return out


def run_conv(g: Goal, text: str, globals_: Mapping[str, Any]) -> Outcome:
    m = _HEAD.match(text.strip())
    if m is None:
        raise TacticFail("minilean: only `conv => …`, `conv at h => …`, `conv_lhs`/`conv_rhs` are supported")
    kind, where, body = m.group(1), m.group(2), m.group(3)
    if "<;>" in body or "{" in body or "·" in body or "=>" in body:
        raise TacticFail("minilean: nested conv blocks are not supported")
    steps = _steps(body)
    if not steps:
        raise TacticFail("unexpected end of input; expected conv")
    hyp = g.lookup(where) if where else None
    if where and (hyp is None or hyp.is_var):
        raise TacticFail(f"unknown hypothesis '{where}'")
    root: Prop = hyp.ty if hyp is not None else g.target  # type: ignore[assignment]
    cv = _Conv(g, globals_, root)
    if kind != "conv":  # Mathlib's `conv_lhs => cs` is `conv => lhs; cs`
        cv.enter("lhs" if kind == "conv_lhs" else "rhs")
    for s in steps:
        cv.step(s)
    new: Prop = cv.root
    if hyp is not None:
        if rewrite.closes_by_rfl(g.target, g.sorts()):
            raise TacticFail("minilean: conv at h on a goal that rfl closes is not modelled")
        hyps = tuple(Hyp(h.name, new, h.accessible) if h is hyp else h for h in g.hyps)
        return Outcome([Goal(hyps, g.target, g.tag)])
    if rewrite.closes_by_rfl(new, goal_sorts_all(g)):  # `try (with_reducible rfl)`
        return Outcome([])
    return Outcome([Goal(g.hyps, new, g.tag)])
