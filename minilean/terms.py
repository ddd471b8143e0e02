"""Proof-term elaboration: checking raw term nodes against propositions in a local context.

Supports hypotheses, previously proven theorems and a few core lemmas (Or.inl, And.intro, absurd, …) with
implicit arguments found by first-order matching, anonymous constructors ⟨a, b⟩, `fun` binders, field
notation (h.1, h.mp, (hn h).elim), application, `rfl`, holes `?_` (refine) and `sorry`.
Every accepted term corresponds to a well-typed Lean term of the same proposition, which is what makes
the engine sound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from minilean import exists_intro, kmatch
from minilean.congr_arg import NAMES as CONGR_ARG
from minilean.congr_arg import congr_arg_decl
from minilean.decls import Binder, Decl
from minilean.goals import (
    Goal,
    Hyp,
    Subst,
    TacticFail,
    add_hyp,
    as_imp,
    check_name,
    context_sorts,
    defeq,
    expr_defeq,
    instantiate,
    is_ground,
    lookup_hyp,
    match,
    unfold,
)
from minilean.iff_apps import iff_direction, iff_projection
from minilean.le_induction_term import NAME as LE_INDUCTION
from minilean.le_induction_term import le_induction_decl
from minilean.let_values import zeta
from minilean.local_lemmas import has_implicit, local_decl, project_under_binders
from minilean.nat_int_cast import push_nat_int_casts
from minilean.nat_lt_unfold import match_nat_lt, unfold_nat_lt
from minilean.numeral_casts import match_uncast
from minilean.open_numerals import has_open_numerals, stated_prop
from minilean.sub_unfold import unfold_sub
from minilean.subst_notation import check_subst, synth_subst
from minilean.syntax import (
    FALSE,
    INT,
    NAT,
    NUMERIC,
    TRUE,
    EMeta,
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
    show_prop,
    subst_prop,
    to_expr,
    to_prop,
)
from minilean.unfold_defs import defeq_unfolding, unfold_exists

# A `by` block inside a term runs tactics, and the tactics elaborate terms: minilean.tactics registers
# its runner here when it is imported, so this module never imports it back.
_BY_RUNNER: Callable[[Any, list[Goal], str], Any] | None = None


def register_by_runner(runner: Callable[[Any, list[Goal], str], Any]) -> None:
    """Set how a term-level `by` block is run: ``runner(globals, goals, tactic)`` returns an outcome with
    ``goals`` (left open) and ``sorries``."""
    global _BY_RUNNER
    _BY_RUNNER = runner


def _decl(
    name: str, implicit: str, explicit: list[tuple[str, str]], concl: str, explicit_props: str = ""
) -> Decl:
    """Builds a core lemma from a compact description (Prop variables only)."""
    ctx = {v: "Prop" for v in (implicit + " " + explicit_props).split()}
    from minilean.syntax import parse_term

    binders = [Binder(v, "Prop", implicit=True) for v in implicit.split()]
    binders += [Binder(v, "Prop") for v in explicit_props.split()]
    binders += [Binder(n, to_prop(parse_term(t), ctx)) for n, t in explicit]
    return Decl(name, tuple(binders), to_prop(parse_term(concl), ctx))


BUILTINS: dict[str, Decl] = {
    d.name: d
    for d in [
        _decl("Or.inl", "a b", [("h", "a")], "a ∨ b"),
        _decl("Or.inr", "a b", [("h", "b")], "a ∨ b"),
        # Lean core (`Init/Prelude.lean`): `theorem Or.intro_left (b : Prop) (h : a) : Or a b` and
        # `theorem Or.intro_right (a : Prop) (h : b) : Or a b`, the other disjunct explicit (`_` leaves it
        # to the expected type) and the proved one an auto-bound implicit
        _decl("Or.intro_left", "a", [("h", "a")], "a ∨ b", explicit_props="b"),
        _decl("Or.intro_right", "b", [("h", "b")], "a ∨ b", explicit_props="a"),
        _decl("Or.elim", "a b c", [("h", "a ∨ b"), ("left", "a → c"), ("right", "b → c")], "c"),
        _decl("Or.symm", "a b", [("h", "a ∨ b")], "b ∨ a"),
        _decl("Or.resolve_left", "a b", [("h", "a ∨ b"), ("na", "¬a")], "b"),
        _decl("Or.resolve_right", "a b", [("h", "a ∨ b"), ("nb", "¬b")], "a"),
        _decl("And.intro", "a b", [("left", "a"), ("right", "b")], "a ∧ b"),
        _decl("And.left", "a b", [("self", "a ∧ b")], "a"),
        _decl("And.right", "a b", [("self", "a ∧ b")], "b"),
        _decl("And.symm", "a b", [("self", "a ∧ b")], "b ∧ a"),
        _decl("Iff.intro", "a b", [("mp", "a → b"), ("mpr", "b → a")], "a ↔ b"),
        _decl("Iff.mp", "a b", [("self", "a ↔ b")], "a → b"),
        _decl("Iff.mpr", "a b", [("self", "a ↔ b")], "b → a"),
        _decl("Iff.symm", "a b", [("h", "a ↔ b")], "b ↔ a"),
        _decl("Iff.trans", "a b c", [("h₁", "a ↔ b"), ("h₂", "b ↔ c")], "a ↔ c"),
        _decl("Iff.not", "a b", [("h", "a ↔ b")], "¬a ↔ ¬b"),
        # Mathlib `alias Iff.or := or_congr` (core `or_congr (h₁ : a ↔ c) (h₂ : b ↔ d) : (a ∨ b) ↔ (c ∨ d)`)
        _decl("Iff.or", "a b c d", [("h₁", "a ↔ c"), ("h₂", "b ↔ d")], "a ∨ b ↔ c ∨ d"),
        _decl("Or.imp", "a b c d", [("f", "a → c"), ("g", "b → d"), ("h", "a ∨ b")], "c ∨ d"),
        _decl("Or.imp_left", "a b c", [("f", "a → b"), ("h", "a ∨ c")], "b ∨ c"),
        _decl("Or.imp_right", "a b c", [("f", "b → c"), ("h", "a ∨ b")], "a ∨ c"),
        _decl("Iff.rfl", "a", [], "a ↔ a"),
        _decl("Iff.refl", "", [], "a ↔ a", explicit_props="a"),
        _decl("absurd", "a b", [("h₁", "a"), ("h₂", "¬a")], "b"),
        _decl("False.elim", "C", [("h", "False")], "C"),
        _decl("Not.elim", "a b", [("H1", "¬a"), ("H2", "a")], "b"),
        _decl("mt", "a b", [("h₁", "a → b"), ("h₂", "¬b")], "¬a"),
        _decl("id", "a", [("x", "a")], "a"),
        _decl("True.intro", "", [], "True"),
        _decl("trivial", "", [], "True"),
        _decl("Classical.em", "", [], "p ∨ ¬p", explicit_props="p"),
        _decl("em", "", [], "p ∨ ¬p", explicit_props="p"),
        _decl("Classical.byContradiction", "p", [("h", "¬p → False")], "p"),
        _decl("Classical.not_not.mp", "a", [("h", "¬¬a")], "a"),
    ]
}

# field notation: head symbol of the value's type -> field -> core lemma
_FIELDS: dict[str, dict[str, str]] = {
    "∧": {"1": "And.left", "2": "And.right", "left": "And.left", "right": "And.right", "symm": "And.symm"},
    "∨": {
        "elim": "Or.elim",
        "symm": "Or.symm",
        "resolve_left": "Or.resolve_left",
        "resolve_right": "Or.resolve_right",
    },
    "↔": {
        "1": "Iff.mp",
        "2": "Iff.mpr",
        "mp": "Iff.mp",
        "mpr": "Iff.mpr",
        "symm": "Iff.symm",
        "trans": "Iff.trans",
        "not": "Iff.not",
    },
    "False": {"elim": "False.elim"},
    "¬": {"elim": "Not.elim"},
}


@dataclass(frozen=True, slots=True)
class _Typed:
    """An argument whose proof has already been elaborated (the receiver of field notation)."""

    ty: Prop


def _head(p: Prop) -> str | None:
    if isinstance(p, PBin):
        return p.op
    if isinstance(p, PNot):
        return "¬"
    if isinstance(p, PConst) and not p.value:
        return "False"
    if isinstance(p, PRel):
        return p.op
    return None


def _mismatch(what: str, got: Prop, expected: Prop) -> TacticFail:
    return TacticFail(
        f"type mismatch\n  {what}\nhas type\n  {show_prop(got)} : Prop\nbut is expected to have type\n"
        f"  {show_prop(expected)} : Prop"
    )


def _show_node(node: tuple) -> str:
    kind = node[0]
    if kind == "id":
        return node[1]
    if kind == "app":
        return " ".join(
            [
                _show_node(node[1]),
                *(f"({_show_node(a)})" if a[0] in ("app", "fun") else _show_node(a) for a in node[2]),
            ]
        )
    if kind == "proj":
        return f"{_show_node(node[1])}.{node[2]}"
    if kind == "anon":
        return "⟨" + ", ".join(_show_node(a) for a in node[1]) + "⟩"
    return "term"


@dataclass
class _Pending:
    pattern_result: Prop  # Imp chain of unsupplied premises -> conclusion, with metavariables
    premise_names: list[str]  # names of the unsupplied explicit hypothesis binders
    subst: Subst
    pending: list[tuple[object, Prop]]  # (argument node or _Typed, binder pattern)
    metas: list[int]
    head: str


@dataclass
class TermScope:
    """The one enforcement point for holes and sorries (soundness).

    Every `Elaborator` registers itself with the active scope; nothing can elaborate a term outside one.
    When the tactic (or term-mode body) is done, `settle(goals)` checks that every `?_` hole the terms
    produced is still to be proved, i.e. some returned goal has exactly the hole's context and target
    (a proof of that goal fills the hole: proofs can be duplicated), and returns every `sorry` met so
    the caller reports it. A hole that would be silently dropped makes the whole tactic fail instead.
    """

    elabs: list[Elaborator] = field(default_factory=list)

    def settle(self, goals: Sequence[Goal]) -> list[Goal]:
        open_ = {(g.hyps, g.target) for g in goals}
        for el in self.elabs:
            for h in el.holes:
                if (h.hyps, h.target) not in open_:
                    raise TacticFail("don't know how to synthesize placeholder\ncontext:\n" + h.render())
        return [s for el in self.elabs for s in el.sorries]


_SCOPE: ContextVar[TermScope | None] = ContextVar("minilean_term_scope", default=None)


@contextmanager
def term_scope() -> Iterator[TermScope]:
    scope = TermScope()
    token = _SCOPE.set(scope)
    try:
        yield scope
    finally:
        _SCOPE.reset(token)


class Elaborator:
    """Elaborates terms in one local context; collects `?_` holes and `sorry` goals (see TermScope)."""

    def __init__(self, hyps: tuple[Hyp, ...], globals_: Mapping[str, Decl]) -> None:
        scope = _SCOPE.get()
        if scope is None:  # a programming error: terms must be accounted for by a TermScope
            raise RuntimeError("minilean: terms can only be elaborated inside term_scope()")
        scope.elabs.append(self)
        self.hyps = hyps
        self.globals = globals_
        self.holes: list[Goal] = []
        self.sorries: list[Goal] = []
        self._meta = 0

    # -------------------------------------------------------------------------------------- contexts
    def _sorts(self) -> dict[str, str]:
        return context_sorts(self.hyps)

    def _local(self, name: str) -> Hyp | None:
        return lookup_hyp(self.hyps, name)

    def _global(self, name: str) -> Decl | None:
        if self._local(name.split(".")[0]) is not None:
            return None  # a local name shadows globals (and starts field notation)
        if name.startswith("_root_."):  # Lean's root prefix: the global `X` itself, past any local `X`
            name = name[len("_root_.") :]
        return self.globals.get(name) or BUILTINS.get(name)

    # -------------------------------------------------------------------------------------- checking
    def check(self, node: tuple, expected: Prop) -> None:
        if node[0] == "app" and node[1] == exists_intro.HEAD and self._local("Exists") is None:
            node = exists_intro.as_anonymous(node, expected)  # `Exists.intro w h` is `⟨w, h⟩` here
        kind = node[0]
        if kind == "anon":
            self._check_anon(node[1], expected, node)
            return
        if kind == "fun":
            self._check_fun(node[1], node[2], expected)
            return
        if kind == "hole":
            self.holes.append(Goal(self.hyps, expected, None))
            return
        if kind == "sorry":
            self.sorries.append(Goal(self.hyps, expected, None))
            return
        if kind == "by":
            self._check_by(node[1], expected)
            return
        if kind == "wild":
            if self.__dict__.get("_wild_goals") and is_ground(expected):
                # inside `apply e` (round 19c): Lean's `MVarId.apply` appends the unassigned mvars of `e`,
                # natural `_` holes included, as new goals after the premises, as it does for `?_`
                self.holes.append(Goal(self.hyps, expected, None))
                return
            raise TacticFail(f"don't know how to synthesize placeholder\ncontext:\n⊢ {show_prop(expected)}")
        if kind == "id" and node[1] == "rfl":
            self._check_rfl(expected)
            return
        if kind == "id" and node[1] == "Eq.refl":  # `Eq.refl : ∀ a, a = a` is a function, not a proof
            raise TacticFail(
                f"type mismatch\n  Eq.refl\nhas type\n  ∀ (a : α), a = a : Prop\nbut is expected to have "
                f"type\n  {show_prop(expected)} : Prop"
            )
        if kind == "app" and node[1] == ("id", "Eq.refl"):
            self._check_eq_refl(node[2], expected)
            return
        if kind == "subst":
            check_subst(self, node[1], node[2], expected)
            return
        if kind == "ascr" and has_open_numerals(node[2]):
            # `show 0 < 2 by tac` against `(0 : ℝ) < 2`: the numerals take the expected type (open_numerals)
            ty = self._stated(node[2], expected)
            self.check(node[1], ty)
            if not self._defeq(ty, expected):
                raise _mismatch(_show_node(node), ty, expected)
            return
        if kind in ("id", "app", "proj"):
            self._expected = expected  # fixes the type of a table lemma used without telling arguments
            app = self._as_app(node)
            self._expected = None
            if app is not None:
                decl, args = app
                st = self.start_app(decl, args)
                s = match(st.pattern_result, expected, st.subst)
                unfolded = zeta(expected, self.hyps) if s is None else None
                if unfolded is not None:  # the unifier unfolds let-bound variables too
                    s = match(st.pattern_result, unfolded, st.subst)
                if s is None:
                    # Lean elaborates the arguments and then checks the type up to definitional
                    # equality (`12 ∣ 12 * 2` is `12 ∣ 24`); a first-order match is only a shortcut
                    self.finish_app(st)
                    got = instantiate(st.pattern_result, st.subst)
                    if not is_ground(got) or not self._defeq(got, expected):
                        raise _mismatch(_show_node(node), got, expected)
                    return
                st.subst = s
                self.finish_app(st)
                return
        got = self.synth(node)
        if not self._defeq(got, expected):
            raise _mismatch(_show_node(node), got, expected)

    def _defeq(self, got: Prop, expected: Prop) -> bool:
        """Definitional equality: unfolding reaches the `∃` behind `∣`, Even and Odd, and the values of
        let-bound variables (zeta-delta)."""
        if defeq(got, expected) or defeq_unfolding(got, expected) or self._offset_defeq(got, expected):
            return True
        lg, le = unfold_nat_lt(got), unfold_nat_lt(expected)  # ℕ's `<` is `+ 1 ≤` by definition
        if (lg or le) is not None and self._offset_defeq(lg or got, le or expected):
            return True
        zg, ze = zeta(got, self.hyps), zeta(expected, self.hyps)
        if zg is None and ze is None:
            return self._sub_defeq(got, expected) or self._cast_defeq(got, expected)
        zg, ze = zg or got, ze or expected
        if defeq(zg, ze) or defeq_unfolding(zg, ze) or self._offset_defeq(zg, ze):
            return True
        return self._sub_defeq(zg, ze) or self._cast_defeq(zg, ze)

    def _cast_defeq(self, got: Prop, expected: Prop) -> bool:
        """`((a + b : ℕ) : ℤ)` is `↑a + ↑b` by the definitions of `Int.add` / `Int.mul` (nat_int_cast.py)."""
        cg, ce = push_nat_int_casts(got), push_nat_int_casts(expected)
        if (cg, ce) == (got, expected):
            return False
        return (defeq(cg, ce) or defeq_unfolding(cg, ce) or self._offset_defeq(cg, ce)
                or self._sub_defeq(cg, ce))

    @staticmethod
    def _sub_defeq(got: Prop, expected: Prop) -> bool:
        """ℝ/ℤ `a - b` is `a + -b` by the `Sub` instance's definition (sub_unfold, round 21a)."""
        ug, ue = unfold_sub(got), unfold_sub(expected)
        if (ug, ue) == (got, expected):
            return False
        return defeq(ug, ue)

    def _offset_defeq(self, got: Prop, expected: Prop) -> bool:
        """What isDefEq gets from ℕ literals: `a (1 + 1)` is `a 2` and `x + 12 + 1` is `x + 13`
        (isDefEqOffsetNat, Nat literal folding). Reducible defeq implies default defeq, so kmatch's
        reducible check (offsets and closed ℕ arithmetic, arguments at their own type) is a safe
        part of what `exact` accepts."""
        if not (is_ground(got) and is_ground(expected)):
            return False
        return kmatch.pmatch(got, expected, {}, self._sorts()) is not None

    def _check_by(self, tactic: str, expected: Prop) -> None:
        """A term-level `by tac`: the block must close `expected` in this context; its sorries count."""
        if not is_ground(expected):  # Lean postpones the block until its type is known; we refuse
            raise TacticFail("invalid term: the expected type must be known")
        if _BY_RUNNER is None:
            raise TacticFail("a `by` block inside a term needs minilean.tactics loaded")
        out = _BY_RUNNER(self.globals, [Goal(self.hyps, expected, None)], tactic)
        if out.goals:
            raise TacticFail("unsolved goals\n" + "\n\n".join(g.render() for g in out.goals))
        self.sorries.extend(out.sorries)

    def _check_rfl(self, expected: Prop) -> None:
        unfolded = zeta(expected, self.hyps)
        # `((a + 1 : ℕ) : ℤ) = ↑a + 1` is `rfl` in Lean core (`Int.ofNat_add`, `Int.ofNat_succ`): nat_int_cast
        pushed = push_nat_int_casts(unfolded or expected)
        for e in (expected, unfolded, pushed):
            if isinstance(e, PModEq | PCoprime):  # a def: the elaborator unfolds it (`%` equation, gcd = 1)
                e = e.unfolded()
            if isinstance(e, PRel) and e.op == "=" and expr_defeq(e.lhs, e.rhs, e.ty):
                return
        raise TacticFail(
            f"type mismatch\n  rfl\nThe rfl term proves `x = x`, but the expected type is\n"
            f"  {show_prop(expected)}"
        )

    def _check_eq_refl(self, args: tuple, expected: Prop) -> None:
        """`Eq.refl a : a = a`: the argument is elaborated and must match both sides."""
        if len(args) != 1:
            raise TacticFail("function expected: Eq.refl takes one explicit argument")
        if not (isinstance(expected, PRel) and expected.op == "="):
            raise TacticFail(f"type mismatch\n  Eq.refl\nis expected to have type\n  {show_prop(expected)}")
        a = self._type_arg(args[0], expected.ty)
        ty = expected.ty
        if not (expr_defeq(a, expected.lhs, ty) and expr_defeq(a, expected.rhs, ty)):  # type: ignore[arg-type]
            raise TacticFail(
                f"type mismatch\n  Eq.refl {_show_node(args[0])}\nis not of type\n  {show_prop(expected)}"
            )

    def _check_anon(self, items: tuple, expected: Prop, node: tuple) -> None:
        expected = unfold_exists(expected) or expected  # `⟨c, h⟩ : a ∣ b`, Even, Odd (whnf unfolds them)
        if isinstance(expected, PQuant) and expected.q == "∃":  # ⟨witness, proof⟩
            if len(items) < 2:
                raise TacticFail("invalid constructor ⟨...⟩, insufficient number of arguments")
            if items[0][0] in ("hole", "wild", "sorry"):
                raise TacticFail("minilean: the witness of an ∃ must be given explicitly")
            body = subst_prop(expected.body, expected.var, self._type_arg(items[0], expected.sort))  # type: ignore[arg-type]
            self.check(items[1] if len(items) == 2 else ("anon", items[1:]), body)
            return
        target = expected
        while True:
            if isinstance(target, PBin) and target.op in ("∧", "↔"):
                break
            if target == TRUE:
                if items:
                    raise TacticFail("invalid constructor ⟨...⟩, insufficient number of arguments")
                return
            nxt = unfold(target)
            if nxt is None or (isinstance(nxt, PBin) and nxt.op == "→"):
                raise TacticFail(
                    f"invalid constructor ⟨...⟩, expected type must be an inductive type \n  "
                    f"{show_prop(expected)}"
                )
            target = nxt
        if len(items) < 2:
            raise TacticFail(
                "invalid constructor ⟨...⟩, insufficient number of arguments, constructs "
                f"'{'And.intro' if target.op == '∧' else 'Iff.intro'}' has #2 explicit fields, "
                f"but only #{len(items)} provided"
            )
        if target.op == "∧":
            self.check(items[0], target.lhs)
            rest = items[1] if len(items) == 2 else ("anon", items[1:])
            self.check(rest, target.rhs)
            return
        if len(items) != 2:
            raise TacticFail("invalid constructor ⟨...⟩, too many arguments")
        self.check(items[0], PBin("→", target.lhs, target.rhs))
        self.check(items[1], PBin("→", target.rhs, target.lhs))

    def _check_fun(self, binders: tuple, body: tuple, expected: Prop) -> None:
        saved = self.hyps
        try:
            target = expected
            for name, ty_node in binders:
                if isinstance(target, PQuant) and target.q == "∀":  # `fun x => e` : `∀ x, P x`
                    self.hyps, target = _bind_var(self.hyps, target, name, ty_node)
                    continue
                imp = as_imp(target)
                if imp is None:
                    raise TacticFail(
                        f"type mismatch: the expected type is not a function type\n  {show_prop(target)}"
                    )
                dom, target = imp
                if ty_node is not None:
                    ann = self._prop(ty_node)
                    if not defeq(ann, dom):
                        raise _mismatch(name, ann, dom)
                self.hyps = add_hyp(self.hyps, None if name == "_" else name, dom)
            self.check(body, target)
        finally:
            self.hyps = saved

    # -------------------------------------------------------------------------------------- synthesis
    def synth(self, node: tuple) -> Prop:
        kind = node[0]
        if kind == "subst":
            return synth_subst(self, node[1], node[2])
        if kind == "ascr":
            ty = self._prop(node[2])
            self.check(node[1], ty)
            return ty
        if kind in ("id", "app", "proj"):
            app = self._as_app(node)
            if app is not None:
                decl, args = app
                st = self.start_app(decl, args)
                self.finish_app(st)
                res = instantiate(st.pattern_result, st.subst)
                if not is_ground(res):
                    raise TacticFail(f"don't know how to synthesize implicit argument in '{st.head}'")
                return res
            if kind == "id":
                return self._local_proof(node[1])
            if kind == "app":
                fty = self.synth(node[1])
                for arg in node[2]:
                    if isinstance(fty, PQuant) and fty.q == "∀":  # instantiate the bound variable
                        if arg[0] in ("hole", "wild", "sorry"):
                            raise TacticFail("minilean: the argument of a ∀ must be given explicitly")
                        fty = subst_prop(fty.body, fty.var, self._type_arg(arg, fty.sort))  # type: ignore[arg-type]
                        continue
                    imp = as_imp(fty)
                    if imp is None:
                        raise TacticFail(
                            f"function expected\n  {_show_node(node[1])}\nterm has type\n  {show_prop(fty)}"
                        )
                    self.check(arg, imp[0])
                    fty = imp[1]
                return fty
        if kind in ("anon", "fun", "hole", "sorry", "wild", "by"):
            raise TacticFail("invalid term: the expected type must be known")
        if kind == "id" and node[1] in ("rfl",):
            raise TacticFail("invalid term: the expected type must be known")
        raise TacticFail("minilean: unsupported term")

    def _local_proof(self, name: str) -> Prop:
        h = self._local(name)
        if h is None:
            raise TacticFail(f"unknown identifier '{name}'")
        if isinstance(h.ty, str):
            raise TacticFail(
                f"type mismatch\n  {name}\nhas type\n  {h.ty} : Type\nbut is expected to be a proof"
            )
        return h.ty

    def _prop(self, node: tuple) -> Prop:
        try:
            return to_prop(node, self._sorts())
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None

    def _stated(self, node: tuple, hint: Prop | None) -> Prop:
        """A `show`/ascription type whose numeral-only relations read their type off `hint`."""
        try:
            return stated_prop(node, self._sorts(), hint)
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None

    # -------------------------------------------------------------------------------------- applications
    def _as_app(self, node: tuple) -> tuple[Decl, list] | None:
        """If `node` applies a global lemma (possibly via field notation), return it and its arguments."""
        args: list = []
        if node[0] == "app":
            args = list(node[2])
            node = node[1]
        if node[0] == "id":
            name = node[1]
            local = self._local(name) if args else None
            if local is not None and not local.is_var and has_implicit(local.ty):  # type: ignore[arg-type]
                ldecl = local_decl(name, local.ty)  # type: ignore[arg-type]
                if ldecl is None:
                    raise TacticFail(f"minilean: cannot apply '{name}' (its binders reuse outer names)")
                return ldecl, args
            decl = self._global(name)
            if decl is not None:
                return decl, args
            if name == LE_INDUCTION and self._local(name) is None:
                # `Nat.le_induction (m := a) (P := fun k hk => …)`: Mathlib's principle at that motive
                return le_induction_decl(args, self._sorts()), []
            if name in CONGR_ARG and self._local(name) is None and len(args) == 2 and args[0][0] == "fun":
                # `congr_arg (fun z => e) h`: the function literal applied (congr_arg.py)
                h_type = self.synth(args[1])
                return congr_arg_decl(args[0], h_type, self._sorts()), [_Typed(h_type)]
            if self._local(name.split(".")[0]) is None:  # Mathlib lemmas of the checked table
                from minilean.lemmas import resolve

                ty_hint, args = self._named_type_arg(name, args)
                found = resolve(self, name, args, self.__dict__.pop("_expected", None), ty_hint)
                if found is not None:
                    return found
            if name in ("Eq.symm", "Ne.symm") and len(args) == 1 and self._local("Eq") is None:
                ty = self.synth(args[0])
                if not (isinstance(ty, PRel) and ty.op == name[0].replace("E", "=").replace("N", "≠")):
                    raise _mismatch(_show_node(args[0]), ty, ty)
                return self._symm_app(ty, "symm", [])
            if "." not in name:
                if self._local(name) is None and not args:
                    raise TacticFail(f"unknown identifier '{name}'")
                return None
            base, *fields = name.split(".")
            local = self._local(base)
            if local is not None and not local.is_var and len(fields) == 1 and has_implicit(local.ty):  # type: ignore[arg-type]
                proj = project_under_binders(local.ty, fields[0])  # type: ignore[arg-type]
                ldecl = local_decl(name, proj) if proj is not None and has_implicit(proj) else None
                if ldecl is not None:  # `f.mp h` on `f : ∀ {x}, A ↔ B`: implicit arguments first
                    return ldecl, args
            if self._local(base) is None:
                from minilean.rel_fields import split_lemma_field

                split = split_lemma_field(name)  # `Nat.zero_lt_two.trans_le h`: a table lemma's field
                if split is None:
                    raise TacticFail(f"unknown identifier '{name}'")
                base, fields = split
            recv: object = ("id", base)
        elif node[0] == "proj":
            iff = self._applied_iff(node, args)
            if iff is not None:
                return iff
            fields = []
            while node[0] == "proj":
                fields.insert(0, node[2])
                node = node[1]
            recv = node
        else:
            return None
        # apply all but the last field, then the last one with the arguments
        for f in fields[:-1]:
            recv = _Typed(self._project(recv, f, []))
        ty = recv.ty if isinstance(recv, _Typed) else self.synth(recv)  # type: ignore[arg-type]
        decl = self._field_decl(ty, fields[-1])
        if decl is None:
            found = self._table_field(ty, fields[-1], args)
            if found is not None:
                return found
            return self._symm_app(ty, fields[-1], args)
        return decl, [_Typed(ty), *args]

    def _table_field(self, ty: Prop, field: str, args: list) -> tuple[Decl, list] | None:
        """`hp.two_le` on `hp : Nat.Prime p`, `h.mul_left b` on `h : Even a`, `h.pow 2` on
        `h : a ≡ b [ZMOD n]`, `h.symm` on `h : Nat.Coprime a b`: Lean's generalized field notation,
        `Nat.Prime.two_le hp`, with the receiver placed at the first explicit binder whose type is in the
        namespace; only for lemmas of the checked table (round 22a)."""
        import re

        from minilean.lemmas import BY_NAME, resolve

        if isinstance(ty, PPred):
            ns, marker = ty.name, ty.name + " "
        elif isinstance(ty, PModEq):
            ns, marker = ("Nat.ModEq", "[MOD ") if ty.ty == NAT else ("Int.ModEq", "[ZMOD ")
        elif isinstance(ty, PCoprime) and ty.ty == NAT:
            ns, marker = "Nat.Coprime", "Nat.Coprime "
        else:
            return None
        name = f"{ns}.{field}"
        if name not in BY_NAME:
            return None
        binders = re.findall(r"\(([^():]+) : ([^()]+)\)", BY_NAME[name].binders)
        explicit = [t for vs, t in binders for _ in vs.split()]
        pos = next((i for i, t in enumerate(explicit) if marker in t), None)
        if pos is None or pos > len(args) or any(_is_named(a) for a in args):
            return None
        full = [*args[:pos], _Typed(ty), *args[pos:]]
        return resolve(self, name, full, self.__dict__.pop("_expected", None))

    def _applied_iff(self, node: tuple, outer: list) -> tuple[Decl, list] | None:
        """`(foo a b).mp h` as one application of `foo` concluding `P → Q` (see iff_apps)."""
        proj = iff_projection(node)
        if proj is None or self._local(proj[0].split(".")[0]) is not None:
            return None
        name, args, fld = proj
        decl = self._global(name)
        if decl is None:
            from minilean.lemmas import resolve, split_name

            parts = split_name(name)
            found = None
            if parts is not None and parts[1] is None:
                ty_hint, args = self._named_type_arg(name, args)
                found = resolve(self, name, args, None, ty_hint)
            if found is None:
                return None
            decl, args = found
            # `(foo (x := e)).mpr h`: the inner named arguments are foo's own, not Iff.mpr's
            args = [("named", a[1], a[2], "inner") if _is_named(a) else a for a in args]
        concl = iff_direction(decl.concl, fld)
        if concl is None:
            return None
        if any(isinstance(a, tuple) and a and a[0] == "named" for a in outer):
            # `foo.mpr (x := e)` names a binder of `Iff.mpr`, not of `foo`: Lean rejects the name
            raise TacticFail(f"minilean: named arguments of '{decl.name}.{fld}' are not supported")
        return Decl(f"{decl.name}.{fld}", decl.binders, concl), [*args, *outer]

    @staticmethod
    def _named_type_arg(name: str, args: list) -> tuple[str | None, list]:
        """`foo (α := T)` on a table lemma whose Mathlib type variable is known (named_type_args.py)."""
        from minilean.lemmas import split_name
        from minilean.named_type_args import take_type_arg

        parts = split_name(name)
        if parts is None or parts[1] is not None:
            return None, args  # `foo.mpr (α := T)` names a binder of Iff.mpr: left to split_named
        return take_type_arg(parts[0], args)

    def _symm_app(self, ty: Prop, field: str, args: list) -> tuple[Decl, list]:
        if field == "symm" and isinstance(ty, PRel) and ty.op in ("=", "≠") and not args:
            concl = PRel(ty.op, ty.rhs, ty.lhs, ty.ty)
            return Decl("symm", (), concl), []
        raise TacticFail(
            f"invalid field '{field}', the environment does not contain it for\n  {show_prop(ty)}"
        )

    def _field_decl(self, ty: Prop, field: str) -> Decl | None:
        head = _head(ty)
        if head == "≠" and field == "elim":
            head = "¬"
        name = _FIELDS.get(head or "", {}).get(field)
        if name is None and isinstance(ty, PRel):  # `h.le`, `h.ne'`, `h.trans_le` (rel_fields)
            from minilean.rel_fields import field_decl

            return field_decl(ty, field)
        return BUILTINS[name] if name else None

    def _project(self, recv: object, field: str, args: list) -> Prop:
        ty = recv.ty if isinstance(recv, _Typed) else self.synth(recv)  # type: ignore[arg-type]
        decl = self._field_decl(ty, field)
        if decl is None:
            return self._symm_app(ty, field, args)[0].concl
        st = self.start_app(decl, [_Typed(ty), *args])
        self.finish_app(st)
        res = instantiate(st.pattern_result, st.subst)
        if not is_ground(res):
            raise TacticFail(f"don't know how to synthesize implicit argument in '{decl.name}'")
        return res

    def start_app(self, decl: Decl, args: list, for_apply: bool = False) -> _Pending:
        """Instantiate `decl` with fresh metavariables and explicit arguments (hypothesis args postponed)."""
        sub: dict[str, object] = {}
        metas: list[int] = []
        for b in decl.binders:
            if isinstance(b.ty, str) and b.ty not in ("Prop", *NUMERIC):
                raise TacticFail(f"minilean: '{decl.name}' has a function-typed argument (not supported)")
            if isinstance(b.ty, str):
                self._meta += 1
                metas.append(self._meta)
                sub[b.name] = PMeta(self._meta) if b.ty == "Prop" else EMeta(self._meta, b.ty)
        s: Subst = {}
        pending: list[tuple[object, Prop]] = []
        premises: list[tuple[str, Prop]] = []
        named, rest = split_named(decl, args)
        for b in decl.binders:
            if b.name in named:  # `(x := e)` binds this binder (explicit or implicit), not a position
                value = named[b.name]
                if isinstance(b.ty, str):
                    m = sub[b.name]
                    s[m.idx] = self._type_arg(value, b.ty)  # type: ignore[union-attr]
                else:
                    pending.append((value, _subst_vars(b.ty, sub)))
                continue
            if b.implicit:
                if not isinstance(b.ty, str):  # never skip a premise: that would be unsound
                    raise TacticFail(
                        f"minilean: implicit hypothesis binder in '{decl.name}' is not supported"
                    )
                continue
            if isinstance(b.ty, str):
                if not rest:
                    if for_apply:  # `apply foo` turns missing explicit arguments into metavariables
                        continue
                    raise TacticFail(
                        f"minilean: explicit argument ({b.name} : {b.ty}) of '{decl.name}' must be "
                        "given (use _ to infer it)"
                    )
                arg = rest.pop(0)
                if isinstance(arg, tuple) and arg[0] == "wild":
                    continue
                if isinstance(arg, _Typed):
                    raise TacticFail(f"type mismatch: '{decl.name}' expects a {b.ty} argument")
                m = sub[b.name]
                s[m.idx] = self._type_arg(arg, b.ty)  # type: ignore[union-attr]
                continue
            pat = _subst_vars(b.ty, sub)
            if rest:
                arg = rest.pop(0)
                if isinstance(arg, _Typed):  # field-notation receiver: fixes metavariables right away
                    s2 = match(pat, arg.ty, s)
                    if s2 is None:
                        raise _mismatch("argument", arg.ty, instantiate(pat, s))
                    s = s2
                else:
                    pending.append((arg, pat))
            else:
                premises.append((b.name, pat))
        concl = _subst_vars(decl.concl, sub)
        # extra arguments are applied to the conclusion viewed as an implication chain; a conclusion
        # `∀ p q, …` takes them as its values (Lean's application elaborator instantiates the ∀ binders
        # of the result type, as for any function type)
        while rest:
            cur = instantiate(concl, s)
            if isinstance(cur, PQuant) and cur.q == "∀" and not premises:
                arg = rest.pop(0)
                if _is_named(arg) or isinstance(arg, _Typed) or arg[0] in ("hole", "wild", "sorry"):
                    raise TacticFail("minilean: the argument of a ∀ must be given explicitly")
                try:
                    concl = subst_prop(cur.body, cur.var, self._type_arg(arg, cur.sort))  # type: ignore[arg-type]
                except SyntaxErr as e:
                    raise TacticFail(str(e)) from None
                continue
            imp = as_imp(cur)
            if imp is None:
                if premises:
                    raise TacticFail(f"minilean: cannot skip explicit arguments of '{decl.name}'")
                raise TacticFail(f"function expected\n  {decl.name}\nterm has type\n  {show_prop(concl)}")
            if premises:
                raise TacticFail(f"minilean: cannot skip explicit arguments of '{decl.name}'")
            pending.append((rest.pop(0), imp[0]))
            concl = imp[1]
        result = concl
        for _, pat in reversed(premises):
            result = PBin("→", pat, result)
        return _Pending(result, [n for n, _ in premises], s, pending, metas, decl.name)

    def _type_arg(self, node: object, sort: str) -> object:
        try:
            if sort == "Prop":
                return to_prop(node, self._sorts())  # type: ignore[arg-type]
            return to_expr(node, self._sorts(), sort)  # type: ignore[arg-type]
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None

    def finish_app(self, st: _Pending) -> None:
        """Elaborate postponed arguments; those whose binder type is known are checked against it."""
        todo = list(st.pending)
        while todo:
            progress = False
            for item in list(todo):
                arg, pat = item
                inst = instantiate(pat, st.subst)
                if is_ground(inst):
                    if isinstance(arg, _Typed):
                        if not defeq(arg.ty, inst):
                            raise _mismatch("argument", arg.ty, inst)
                    else:
                        self.check(arg, inst)  # type: ignore[arg-type]
                elif isinstance(arg, _Typed) or arg[0] in ("id", "app", "proj", "ascr"):  # type: ignore[index]
                    if len(todo) > 1 and self._waits_for_type(arg):
                        continue
                    if isinstance(arg, _Typed):
                        ty = arg.ty
                    else:
                        ty = self._synth_postponable(arg, inst, len(todo) > 1)  # type: ignore[arg-type]
                        if ty is None:
                            continue
                    s = match(pat, ty, st.subst)
                    if s is None:  # isDefEq at default transparency unfolds numeral casts (numeral_casts.py)
                        s = match_uncast(match, pat, ty, st.subst)
                    if s is None:  # ... and ℕ's `<` to `+ 1 ≤` when the two relations differ (nat_lt_unfold)
                        s = match_nat_lt(pat, ty, st.subst, self._sorts())
                    if s is None:
                        raise _mismatch(_show_node(arg) if isinstance(arg, tuple) else "argument", ty, inst)
                    st.subst = s
                else:
                    continue
                todo.remove(item)
                progress = True
            if not progress:
                raise TacticFail(f"don't know how to synthesize implicit argument in '{st.head}'")
        st.pending = []


    def _waits_for_type(self, arg: object) -> bool:
        """`rfl` has no type of its own: against a binder type that still has metavariables (`absurd rfl h`)
        Lean unifies that type with `?x = ?x` and the later arguments fix `?x`. Checking `rfl` once the
        other arguments have made the binder type ground gives the same verdict (it must then be a
        reflexivity that Lean's defeq check accepts)."""
        return (not isinstance(arg, _Typed) and arg == ("id", "rfl")  # type: ignore[comparison-overlap]
                and self._local("rfl") is None)

    def _synth_postponable(self, arg: tuple, hint: Prop, others: bool) -> Prop | None:
        """The type of an argument whose binder type still has metavariables. A table lemma whose type
        `α` nothing in it fixes (`mt add_eq_zero_iff_eq_neg.mp h`) takes it from the binder type's
        known part; when that is not known yet either and other arguments are still pending, the
        argument waits for them (None), as Lean postpones it. The synthesized type is matched against
        the binder type afterwards, so the hint only chooses, never admits."""
        if arg[0] == "ascr" and has_open_numerals(arg[2]):
            # the lemma's α is fixed, so the binder's relation type is known (open_numerals)
            ty = self._stated(arg[2], hint)
            self.check(arg[1], ty)
            return ty
        self._expected = hint
        try:
            return self.synth(arg)
        except TacticFail as e:
            if "synthesize implicit argument" not in str(e):
                raise
            ty = self._unified(arg, hint)
            if ty is not None:
                return ty
            if others:
                return None
            raise
        finally:
            self._expected = None

    def _unified(self, arg: tuple, hint: Prop) -> Prop | None:
        """The lemma application `arg` with the implicit variables no argument fixes taken from the binder
        type `hint` by unification (unify_args); None unless that makes its type ground."""
        from minilean.unify_args import resolved, unify

        try:
            self._expected = hint
            app = self._as_app(arg)
            self._expected = None
            if app is None:
                return None
            st = self.start_app(*app)
            self.finish_app(st)
        except TacticFail:
            return None
        res = instantiate(st.pattern_result, st.subst)
        s = unify(res, hint, {})
        if s is None:
            return None
        res = resolved(res, s)  # type: ignore[assignment]
        return res if is_ground(res) else None


_PROJECTIONS = frozenset({"mp", "mpr", "1", "2", "symm", "le", "lt", "ne", "trans", "elim"})


def _bind_var(hyps: tuple[Hyp, ...], q: PQuant, name: str, ty_node: object) -> tuple[tuple[Hyp, ...], Prop]:
    """The variable of `fun x => …` against `∀ y, P y`: a new `x` in the context (an old `x` shadowed as
    `x✝`, names.shadow_vars), and `P x` to prove; a type annotation must name the ∀'s type."""
    from minilean.names import shadow_vars
    from minilean.syntax import EVar, binder_names, sort_of_node, subst_prop

    if name == "_":
        raise TacticFail("minilean: `fun _ =>` over a ∀ is not supported; name the variable")
    check_name(name)
    if ty_node is not None and sort_of_node(ty_node) != q.sort:  # type: ignore[arg-type]
        raise TacticFail(f"type mismatch: binder '{name}' is annotated with another type than {q.sort}")
    hyps, shadowed, _ = shadow_vars(hyps, q, [name])
    assert isinstance(shadowed, PQuant)
    if name in binder_names(shadowed.body):
        raise TacticFail(f"minilean: the name '{name}' is already used; choose a fresh one")
    hyps = tuple(Hyp(h.name, h.ty, False, h.value) if not h.is_var and h.name == name else h for h in hyps)
    try:
        body = subst_prop(shadowed.body, shadowed.var, EVar(name))
    except SyntaxErr as e:
        raise TacticFail(str(e)) from None
    return (*hyps, Hyp(name, shadowed.sort)), body


def _is_named(a: object) -> bool:
    return isinstance(a, tuple) and bool(a) and a[0] == "named"


def split_named(decl: Decl, args: list) -> tuple[dict[str, object], list]:
    """The named arguments `(x := e)` of an application (by binder name) and the positional ones. A name
    that is no binder of `decl` is Lean's error; a repeated one too."""
    named: dict[str, object] = {}
    rest = []
    for a in args:
        if _is_named(a):
            inner = len(a) == 4  # written inside `(foo (x := e)).mpr`: one of foo's binders
            if not inner and decl.name.rpartition(".")[2] in _PROJECTIONS:  # `foo.mpr (x := e)`: Iff.mpr's
                raise TacticFail(f"minilean: named arguments of '{decl.name}' are not supported")
            if a[1] not in {b.name for b in decl.binders}:
                raise TacticFail(f"invalid argument name '{a[1]}' for function '{decl.name}'")
            if a[1] in named:
                raise TacticFail(f"argument '{a[1]}' was already set")
            named[a[1]] = a[2]
        else:
            rest.append(a)
    return named, rest


def _subst_vars(p: Prop, sub: Mapping[str, object]) -> Prop:
    """Replace the declaration's variables by metavariables."""
    from minilean.syntax import EApp, EBin, ECast, ENeg, ESum, EVar, PPred, PQuant

    def ex(e):
        if isinstance(e, EVar):
            return sub.get(e.name, e)
        if isinstance(e, EBin):
            return EBin(e.op, ex(e.lhs), ex(e.rhs))
        if isinstance(e, ENeg):
            return ENeg(ex(e.arg))
        if isinstance(e, ECast):
            return ECast(ex(e.arg), e.src, e.dst)
        if isinstance(e, EApp):
            if e.fn in sub:
                raise TacticFail("minilean: theorems with function-typed arguments cannot be used by name")
            return EApp(e.fn, tuple(ex(a) for a in e.args))
        if isinstance(e, ESum):  # the index shadows a declaration variable of that name
            inner = {k: v for k, v in sub.items() if k != e.var}
            body = _subst_vars(PRel("=", e.body, e.body, e.ty), inner).lhs  # type: ignore[union-attr]
            guard = _subst_vars(e.guard, inner) if e.guard is not None else None
            return ESum(e.op, e.var, e.ity, e.kind, ex(e.lo), ex(e.hi), body, e.ty, guard)
        return e

    if isinstance(p, PQuant):  # the bound variable shadows the declaration's variable of that name
        return PQuant(p.q, p.var, p.sort, _subst_vars(p.body, {k: v for k, v in sub.items() if k != p.var}))
    if isinstance(p, PPred):
        return PPred(p.name, ex(p.arg), p.ty)
    if isinstance(p, PModEq | PCoprime | PMem):
        return p.map(ex)

    if isinstance(p, PVar):
        return sub.get(p.name, p)  # type: ignore[return-value]
    if isinstance(p, PNot):
        return PNot(_subst_vars(p.arg, sub))
    if isinstance(p, PBin):
        return PBin(p.op, _subst_vars(p.lhs, sub), _subst_vars(p.rhs, sub))
    if isinstance(p, PRel):
        return PRel(p.op, ex(p.lhs), ex(p.rhs), p.ty)
    return p


__all__ = ["BUILTINS", "FALSE", "INT", "NAT", "Binder", "Decl", "Elaborator", "TermScope", "term_scope"]
