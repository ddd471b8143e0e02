"""The simp family as tactics: `simp`, `simp only [...]`, `simp [...] at h ⊢`, `simp at *`, `simp_all`,
`simpa [...] using e`, `norm_num [...] at h ⊢` — argument parsing, locations and the closing rules
(a target that becomes True is closed, a hypothesis that becomes False closes the goal, one that
becomes True is cleared; no progress anywhere is an error). The rewriting itself is simp.py.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from minilean import discrim, simp_instances
from minilean.beta_pending import is_pending, reduced
from minilean.finset_literal import INSERT_LEMMAS
from minilean.fun_values import let_equation
from minilean.goals import Goal, Hyp, TacticFail, defeq, goal_sorts_all, lookup_hyp
from minilean.mem_lemmas import mem_facts
from minilean.modeq import def_type, definition_rule
from minilean.outcome import Outcome, _split_top
from minilean.range_simp import RANGE_LEMMAS
from minilean.simp import Simplifier, SimpSet
from minilean.syntax import FALSE, TRUE, PRel, Prop, show_prop

if TYPE_CHECKING:
    from minilean.terms import Elaborator


class Runner(Protocol):
    """What these tactics use of minilean.tactics.Runner (a structural type: tactics.py imports this
    module, so this one does not import it back)."""

    def _elab(self, g: Goal) -> Elaborator: ...


def _split_hints(inner: str) -> list[str]:
    return [x.strip() for x in _split_top(inner, ",") if x.strip()]


def _parse(rest: str, allow_using: bool = False) -> tuple[bool, list[str], list[str] | None, str | None]:
    rest = rest.strip()
    if rest.startswith("(config") or rest.startswith("("):
        raise TacticFail("minilean: simp configuration options are not supported")
    # the hint list may contain brackets: find its matching `]`
    only = False
    if rest.startswith("only"):
        only, rest = True, rest[4:].strip()
    hints: list[str] = []
    if rest.startswith("["):
        depth = 0
        for i, c in enumerate(rest):
            depth += c in "([⟨{"
            depth -= c in ")]⟩}"
            if depth == 0:
                hints = _split_hints(rest[1:i])
                rest = rest[i + 1 :].strip()
                break
        else:
            raise TacticFail("unexpected end of input; expected ']'")
    at: list[str] | None = None
    using: str | None = None
    m = re.match(r"^at\s+(.+?)(?:\s+using\s+(.+))?$", rest, re.S)
    if m:
        at = m.group(1).split()
        using = m.group(2)
    elif rest.startswith("using"):
        using = rest[5:].strip()
    elif rest:
        raise TacticFail(f"unexpected token '{rest.split()[0]}'; expected command")
    if using is not None and not allow_using:
        raise TacticFail("unexpected token 'using'; expected command")
    return only, hints, at, using


def simp_set(r: Runner, g: Goal, hints: list[str], only: bool, norm_num: bool) -> tuple[SimpSet, set[str]]:
    """The simp set and the names of the hypotheses it uses (a hypothesis is not simplified by itself)."""
    ss = SimpSet(norm_num=norm_num, defaults=not only)
    used: set[str] = set()
    for h in hints:
        if h.startswith("-") or h.startswith("←") or h.startswith("<-"):
            raise TacticFail(f"minilean: simp argument '{h}' (erasure or ←) is not supported")
        if h == "*":
            for hyp in g.hyps:
                if not hyp.is_var and hyp.accessible:
                    ss.add_fact(hyp.ty)  # type: ignore[arg-type]
                    used.add(hyp.name)
            continue
        let_hyp = g.lookup(h)
        if let_hyp is not None and let_hyp.value is not None:  # `simp [y]` unfolds the let-bound `y`
            ss.add_fact(let_equation(h, let_hyp.value, let_hyp.ty))  # type: ignore[arg-type]
            continue
        if discrim.is_def(h, g):  # `simp [discrim]`: the definition's equation lemma
            for fact in discrim.simp_facts():
                ss.add_fact(fact)
            continue
        modeq_ty = def_type(h, g)
        if modeq_ty is not None:  # `simp [Nat.ModEq]`: the definition's equation lemma
            ss.add_fact(definition_rule(modeq_ty))
            continue
        if h in INSERT_LEMMAS and g.lookup("Finset") is None:  # `{a, b}` literals (finset_literal.py)
            ss.literal_lemmas.add(h)
            continue
        mem = mem_facts(h) if g.lookup("Finset") is None else None
        if mem is not None:  # `simp [Finset.mem_Icc]`: membership rules (mem_lemmas.py)
            for fact in mem:
                ss.add_fact(fact)
            continue
        if h in RANGE_LEMMAS and g.lookup(h.split(".")[0]) is None:
            ss.ranges.add(RANGE_LEMMAS[h])
            continue
        try:
            facts, checked = _hint_types(r, g, h), False
        except TacticFail as e:  # a per-instance lemma (`Nat.add_mod`): each instance is checked by z3
            facts, checked = simp_instances.hint_facts(r._elab, g, h), True
            if not facts:
                raise e
        for ty in facts:
            ss.add_fact(ty, checked=checked)
        if g.lookup(h) is not None:
            used.add(h)
    return ss, used


def _hint_types(r: Runner, g: Goal, text: str) -> list[Prop]:
    """The statement of a simp argument; a table lemma whose type its arguments do not fix is added at
    every type it applies to (Lean instantiates it wherever it matches)."""
    from minilean.goals import instantiate
    from minilean.lemmas import candidate_types
    from minilean.syntax import ENum, parse_term

    node = parse_term(text)
    head = node[1] if node[0] == "app" else node
    name = head[1] if head[0] == "id" else None
    types = candidate_types(name) if name and g.lookup(name.split(".")[0]) is None else ()
    out: list[Prop] = []
    for ty in types or (None,):
        el = r._elab(g)
        if ty is not None:
            el._expected = PRel("=", ENum(0), ENum(0), ty)  # type: ignore[attr-defined]
        app = el._as_app(node) if node[0] in ("id", "app", "proj") else None
        el._expected = None  # type: ignore[attr-defined]
        if app is None:
            return [el.synth(node)]
        # a lemma: its statement with the arguments not given left as pattern variables
        st = el.start_app(*app, for_apply=True)
        el.finish_app(st)
        p = instantiate(st.pattern_result, st.subst)
        if p not in out:
            out.append(p)
    return out


def _close_rfl(p: Prop) -> bool:
    return p == TRUE or (isinstance(p, PRel) and p.op == "=" and p.lhs == p.rhs)


def run_simp(r: Runner, g: Goal, rest: str, name: str, norm_num: bool = False) -> Outcome:
    only, hints, at, _ = _parse(rest)
    ss, used = simp_set(r, g, hints, only, norm_num)
    sorts = goal_sorts_all(g)
    targets = _locations(g, at)
    hyps = list(g.hyps)
    target = g.target
    progress = False
    for loc in targets:
        if loc is None:
            new = Simplifier(ss, sorts).prop(target)
            if new != target:
                progress = True
                target = new
            continue
        # the hypothesis the name means now: the innermost accessible one (a shadowed `h✝` is not `h`);
        # gone when an earlier location of the same call turned it into True and cleared it
        h = lookup_hyp(tuple(hyps), loc)
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{loc}'")
        own = _without(ss, h.ty) if loc in used else ss  # type: ignore[arg-type]
        new = Simplifier(own, sorts).prop(h.ty)  # type: ignore[arg-type]
        if new == h.ty and not is_pending(h.ty):
            continue
        if new == h.ty:  # progress by beta reduction alone (a congr_arg redex, see beta_pending)
            new = reduced(new)  # type: ignore[arg-type]
        progress = True
        if new == FALSE:
            return Outcome([])  # the hypothesis is contradictory: the goal is closed
        hyps = (
            [x for x in hyps if x is not h]
            if new == TRUE
            else [Hyp(x.name, new, x.accessible) if x is h else x for x in hyps]
        )
    if not progress:
        if norm_num and None in targets and _close_rfl(target):
            return Outcome([])
        raise TacticFail(f"{name} made no progress" if name == "simp" else f"{name} failed to simplify")
    if None in targets:
        if target == TRUE or (_close_rfl(target) and target != g.target):
            return Outcome([])
        if norm_num and target == FALSE:
            raise TacticFail(f"{name} failed: the goal reduced to False\n{g.render()}")
    return Outcome([Goal(tuple(hyps), target, g.tag)])


def _without(ss: SimpSet, fact: Prop) -> SimpSet:
    """The simp set minus the rules made from `fact` (Lean erases a hypothesis from its own simp set)."""
    solo = SimpSet()
    solo.add_fact(fact)
    out = SimpSet(ss.norm_num, ss.defaults)
    out.terms = [t for t in ss.terms if t not in solo.terms]
    out.props = [p for p in ss.props if p not in solo.props]
    return out


def _locations(g: Goal, at: list[str] | None) -> list[str | None]:
    if at is None:
        return [None]
    if at == ["*"]:
        return [h.name for h in g.hyps if not h.is_var and h.accessible] + [None]
    out: list[str | None] = []
    for loc in at:
        if loc in ("⊢", "|-"):
            out.append(None)
            continue
        h = g.lookup(loc)
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{loc}'")
        out.append(h.name)
    return out


def run_simp_all(r: Runner, g: Goal, rest: str) -> Outcome:
    """Simplify every hypothesis with the others (and the arguments), then the target with all of them,
    to a fixpoint (Mathlib's `simp_all`)."""
    only, hints, at, _ = _parse(rest)
    if at is not None:
        raise TacticFail("unexpected token 'at'; expected command")
    sorts = goal_sorts_all(g)
    hyps = list(g.hyps)
    target = g.target
    progress = False
    for _ in range(8):
        changed = False
        for i, h in enumerate(hyps):
            if h.is_var:
                continue
            ss, _ = simp_set(r, Goal(tuple(hyps), target, g.tag), hints, only, False)
            for o in hyps:
                if o is not h and not o.is_var:
                    ss.add_fact(o.ty)  # type: ignore[arg-type]
            new = Simplifier(ss, sorts).prop(h.ty)  # type: ignore[arg-type]
            if new == FALSE:
                return Outcome([])
            if new != h.ty:
                hyps[i] = Hyp(h.name, new, h.accessible)
                changed = True
        hyps = [h for h in hyps if h.is_var or h.ty != TRUE]
        ss, _ = simp_set(r, Goal(tuple(hyps), target, g.tag), hints, only, False)
        for o in hyps:
            if not o.is_var:
                ss.add_fact(o.ty)  # type: ignore[arg-type]
        new_t = Simplifier(ss, sorts).prop(target)
        if new_t != target:
            target, changed = new_t, True
        if target == TRUE:
            return Outcome([])
        progress = progress or changed
        if not changed:
            break
    if not progress:
        raise TacticFail("simp_all made no progress")
    return Outcome([Goal(tuple(hyps), target, g.tag)])


def run_simpa(r: Runner, g: Goal, rest: str) -> Outcome:
    """`simpa [rules] using e`: simplify the goal and the type of `e` with the same set, then close the
    goal with it (or because it became False); without `using`, close with a hypothesis after `simp`."""
    only, hints, at, using = _parse(rest, allow_using=True)
    if at is not None:
        raise TacticFail("minilean: `simpa … at` is not supported")
    ss, _ = simp_set(r, g, hints, only, False)
    sorts = goal_sorts_all(g)
    target = Simplifier(ss, sorts).prop(g.target)
    if target == TRUE:
        return Outcome([])
    if using is None:
        for h in reversed(g.hyps):
            if not h.is_var and (defeq(h.ty, target) or h.ty == FALSE):  # type: ignore[arg-type]
                return Outcome([])
        raise TacticFail(f"simpa failed: no hypothesis matches the simplified goal\n  {show_prop(target)}")
    from minilean.syntax import parse_term

    ty = r._elab(g).synth(parse_term(using))
    got = Simplifier(ss, sorts).prop(ty)
    if got == FALSE or defeq(got, target):
        return Outcome([])
    raise TacticFail(
        f"type mismatch\n  h✝\nhas type\n  {show_prop(got)} : Prop\nbut is expected to have type\n"
        f"  {show_prop(target)} : Prop"
    )


__all__ = ["run_simp", "run_simp_all", "run_simpa"]
