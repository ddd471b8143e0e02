"""The minilean tactics: Lean 4 syntax and meaning on the propositional + linear-arithmetic fragment.

`run_tactic(goals, text, globals_, steps)` applies one tactic (or a `t1; t2` / `t1 <;> t2` combination) to
the main goal of `goals` and returns the new goal list plus the goals of any `sorry` it met. Failures raise
`TacticFail`; goals are immutable values, so a failed tactic cannot change anything.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from minilean import apply_metas, normal_forms, simp_tactics, smt
from minilean.abel import run_abel
from minilean.alternatives import rename_newest
from minilean.apply_args import arguments_first, let_unfoldings
from minilean.apply_at import apply_at, split_apply_at
from minilean.arith import OmegaTimeout, is_arith, omega_valid
from minilean.beta_pending import dsimp_beta, mark_if_congr_fun
from minilean.calc import run_calc, split_calc
from minilean.closers import (
    decide_bounded,
    empty_nat_lt_zero,
    positivity,
    rewrite_everywhere,
)
from minilean.congr_tac import splits
from minilean.conv import is_conv, run_conv
from minilean.decide_prime import decide_with_primes
from minilean.dsimp_let import run_dsimp
from minilean.field_simp_factorial import factorial_side_facts
from minilean.finset_literal import decide_literal
from minilean.forall_rules import open_foralls
from minilean.goals import (
    Goal,
    Hyp,
    TacticFail,
    add_hyp,
    as_imp,
    check_name,
    defeq,
    expr_defeq,
    goal_sorts_all,
    instantiate,
    is_ground,
    lookup_hyp,
    match,
    parse_in,
    remove_hyp,
    unfold,
)
from minilean.induction_using import induction_using, is_using
from minilean.inner_binders import rename_inner_binders
from minilean.interval_bounds import interval_cases
from minilean.let_values import let_fun_form, let_function, let_number, let_refusal, order_after_lets, zeta
from minilean.linarith import NotLinear, partition_of, refute, syntactic_squares
from minilean.linarith_only import is_only, linarith_only
from minilean.linear_combination import run_linear_combination
from minilean.mod_cast import norm_cast_at_goal, norm_cast_open_goal, norm_prop
from minilean.names import check_well_formed, pattern_names, shadow_vars
from minilean.nat_int_cast import push_nat_int_casts
from minilean.nested import NestedBy, split_nested_by
from minilean.norm_cast_derive import nat_cast_free
from minilean.outcome import Outcome, _split_top
from minilean.rcases_rfl import RFL_MARK, settle_rfl
from minilean.rfl_eval import rfl_closes_long_sums
from minilean.ring_exp import ring_equal
from minilean.ring_nf_funargs import local_fun_domains
from minilean.rw_locations import rw_at_locations
from minilean.simp import Simplifier, SimpSet
from minilean.structural import cases_nat, induction, revert
from minilean.syntax import (
    FALSE,
    INT,
    NAT,
    RAT,
    REAL,
    SORT_ALIASES,
    TRUE,
    EApp,
    EBin,
    ENum,
    EVar,
    PBin,
    PConst,
    PModEq,
    PNot,
    PQuant,
    PRel,
    Prop,
    SyntaxErr,
    Tok,
    _Typer,
    binder_names,
    closed_truth,
    expr_vars,
    parse_term,
    prop_vars,
    show_prop,
    subst_prop,
    to_expr,
    tokenize,
)
from minilean.tauto import run_tauto
from minilean.terms import Decl, Elaborator, _Pending, register_by_runner, term_scope
from minilean.unfold_defs import unfold_exists

TIMEOUT_MSG = "Tactic application timed out."
BLOCK_STEPS, BLOCK_Z3_MS = 5000 * 200, 5000  # budgets of a term-level `by` block (as a proof's tactic)
UNSUPPORTED = {
    "simp_all",
    "tauto",
    "aesop",
    "grind",
    "field_simp",
    "push_neg",
    "simpa",
    "itauto",
    "finish",
    "polyrith",
    "lia",
    "induction",
    "rwa",
    "unfold",
    "norm_cast",
    "refine'",
    "existsi",
    "bound",
    "replace",
    "nofun",
    "nomatch",
    "match",
    "fun_prop",
    "gcongr",
}
SEARCH = {"exact?", "apply?", "rw?", "simp?", "hint"}
_TERM_LEMMAS = ("sq_nonneg", "pow_two_nonneg", "mul_self_nonneg", "abs_nonneg", "sq_abs")


def _sub_tag(parent: str | None, name: str | None) -> str | None:
    if name is None:
        return parent
    return f"{parent}.{name}" if parent else name


def _tag_new(parent: str | None, names: list[str | None]) -> list[str | None]:
    """Lean's `appendParentTag`: a single new goal inherits the parent tag, several get binder names."""
    if len(names) == 1:
        return [parent]
    return [_sub_tag(parent, n) if parent else n for n in names]


# ---------------------------------------------------------------------------------------------- splitting


def _closing(text: str, start: int) -> int:
    """Index of the bracket closing the one at `start` (-1: none)."""
    depth = 0
    for i in range(start, len(text)):
        depth += text[i] in "([⟨{"
        depth -= text[i] in ")]⟩}"
        if depth == 0:
            return i
    return -1


# ---------------------------------------------------------------------------------------------- driver



def _use_discharges(g: Goal, target: Prop) -> bool:
    """Mathlib's `use_discharger`, run by `use` under `with_reducible`: `And.intro` on both sides (every
    conjunct must close, else the goal stays whole), `rfl`, `assumption`, `True.intro`; no `decide`.
    `rfl` at reducible transparency closes syntactic equality and closed ℕ arithmetic on literals (the
    instances are reducible and Lean's defeq check evaluates `Nat.add`/`mul`/`sub`/`div`/`mod`/`pow` on
    literals), not ℤ/ℚ/ℝ arithmetic, whose operations are not reducible. So `use 3` alone proves
    `∃ x : ℕ, x + 2 = 5`, and a `norm_num` after it fails with "no goals", as in Lean."""
    if target == TRUE or _find_assumption(Goal(g.hyps, target)) is not None:
        return True
    if isinstance(target, PBin) and target.op == "∧":
        return _use_discharges(g, target.lhs) and _use_discharges(g, target.rhs)
    if isinstance(target, PRel) and target.op == "=":
        if target.lhs == target.rhs:
            return True
        return target.ty == "ℕ" and closed_truth(target) is True
    return False

class Runner:
    def __init__(self, globals_: Mapping[str, Decl], steps: int, z3_ms: int = 1000) -> None:
        self.globals = globals_
        self.steps = steps
        self.z3_ms = z3_ms  # per-call z3 timeout

    def run(self, goals: list[Goal], text: str) -> Outcome:
        text = text.strip()
        if not text:
            raise TacticFail("unexpected end of input; expected tactic")
        if is_conv(text) and goals:  # conv's `;` and lines are its own sequence (the engine keeps lines)
            res = self.apply_main(goals[0], "conv", text, text)  # t_conv gets the whole text
            return Outcome(res.goals + goals[1:], res.sorries)
        nested = split_nested_by([(1, 0, text)])  # `have h : T := by t₁; t₂`: the block takes both
        if nested is not None:
            return self._nested(goals, nested)
        seq = _split_top(text, ";")
        if len(seq) > 1 and not seq[-1].strip():  # `tac;` ending a line: Lean allows a trailing `;`
            return self.run(goals, ";".join(seq[:-1]))
        if len(seq) > 1:
            out = Outcome(list(goals))
            for part in seq:
                res = self.run(out.goals, part)
                out = Outcome(res.goals, out.sorries + res.sorries)
            return out
        alts = _split_top(text, "<;>")
        if len(alts) > 1:
            if any(apply_metas.has_metas(x) for x in goals):
                raise TacticFail(apply_metas.REFUSED + " (not `<;>`)")
            first = self.run(goals, "<;>".join(alts[:-1]))
            if any(apply_metas.has_metas(x) for x in first.goals):
                raise TacticFail(apply_metas.REFUSED + " (not `<;>`)")  # Lean's `?m : ℕ` goal is not listed
            n_new = len(first.goals) - (len(goals) - 1)
            new_goals, rest = first.goals[:n_new], first.goals[n_new:]
            acc: list[Goal] = []
            sorries = list(first.sorries)
            for g in new_goals:
                res = self.run([g], alts[-1])
                acc.extend(res.goals)
                sorries.extend(res.sorries)
            return Outcome(acc + rest, sorries)
        if text.startswith("(") and _closing(text, 0) == len(text) - 1:  # `(t₁; t₂)`: a tactic sequence
            return self.run(goals, text[1:-1])
        word_m = re.match(r"[A-Za-z_][A-Za-z0-9_'?!]*", text)
        word = word_m.group() if word_m else text.split()[0] if text.split() else ""
        rest = text[len(word) :].strip() if word_m else ""
        if word in ("try", "first", "all_goals", "any_goals", "repeat", "done", "skip"):
            if word not in ("done", "skip") and any(apply_metas.has_metas(x) for x in goals):
                raise TacticFail(apply_metas.REFUSED + f" (not `{word}`)")  # a failed branch could assign
            return self._combinator(goals, word, rest)  # `done`, `skip`, `all_goals` succeed on no goals
        if not goals:
            raise TacticFail("no goals to be proved")
        main, others = apply_metas.instantiate_goal(goals[0]), goals[1:]
        if apply_metas.has_metas(main):  # a goal sharing a metavariable left by `apply` (apply_metas.py)
            if word != "exact":
                raise TacticFail(apply_metas.REFUSED + "\n" + main.render())
            with term_scope():  # only the term's type is wanted here; `exact` below elaborates it again
                ty = self._elab(main).synth(self._term(rest))
            main = apply_metas.assign_by_exact(main, ty)
        res = self.apply_main(main, word, rest, text)
        return Outcome(res.goals + [apply_metas.instantiate_goal(x) for x in others], res.sorries)

    def _nested(self, goals: list[Goal], nb: NestedBy) -> Outcome:
        """One-line `have h : T := by …` / `suffices h : T by …` (the engine handles indented blocks)."""
        out = self.run(goals, nb.head)
        if not nb.block:
            raise TacticFail("unexpected end of input; expected tactic")
        fact, main, rest = out.goals[0], out.goals[1], out.goals[2:]
        proved, kept = (fact, main) if nb.kind == "have" else (main, fact)
        inner = self.run([proved], " ".join(t for _, _, t in nb.block))
        if inner.goals:
            raise TacticFail("unsolved goals\n" + "\n\n".join(g.render() for g in inner.goals))
        return Outcome([kept, *rest], out.sorries + inner.sorries)

    def _combinator(self, goals: list[Goal], word: str, rest: str) -> Outcome:
        if word in ("skip", "done") and rest:
            raise TacticFail(f"unexpected token '{rest.split()[0]}'; expected command")
        if word == "skip":
            return Outcome(list(goals))
        if word == "done" and goals:
            raise TacticFail("unsolved goals\n" + "\n\n".join(g.render() for g in goals))
        if word == "done":
            return Outcome([])
        if word == "try":
            try:
                return self.run(goals, rest)
            except TacticFail:
                return Outcome(list(goals))
        if word == "first":
            alts = [a for a in _split_top(rest, "|") if a.strip()]
            err: TacticFail | None = None
            for a in alts:
                try:
                    return self.run(goals, a)
                except TacticFail as e:
                    err = e
            raise err or TacticFail("unexpected end of input")
        if word in ("all_goals", "any_goals"):
            acc, sorries, ok = [], [], False
            for g in goals:
                try:
                    res = self.run([g], rest)
                except TacticFail:
                    if word == "all_goals":
                        raise
                    acc.append(g)
                    continue
                ok = True
                acc.extend(res.goals)
                sorries.extend(res.sorries)
            if not ok and word == "any_goals":
                raise TacticFail("any_goals failed")
            return Outcome(acc, sorries)
        # repeat: bounded, deterministic
        cur = Outcome(list(goals))
        for _ in range(64):
            if not cur.goals:
                break
            try:
                res = self.run(cur.goals, rest)
            except TacticFail:
                break
            cur = Outcome(res.goals, cur.sorries + res.sorries)
        return cur

    def apply_main(self, g: Goal, word: str, rest: str, text: str) -> Outcome:
        if word in SEARCH or text.split()[0] in SEARCH:
            raise TacticFail("Search tactics (apply?, rw?, exact?) are not allowed.")
        method = "t_" + word.replace("'", "_prime")  # `cases'` → t_cases_prime
        handler: Callable[[Goal, str], Outcome] | None = getattr(self, method, None)
        if handler is None or not word:
            if word in UNSUPPORTED:
                raise TacticFail(f"minilean: unknown tactic '{word}' (not supported in this fragment)")
            raise TacticFail(f"unknown tactic '{text.split()[0] if text.split() else text}'")
        with term_scope() as scope:
            try:
                res = handler(g, rest)
            except SyntaxErr as e:
                raise TacticFail(str(e)) from None
            # soundness: every `?_` a term produced is still a goal (else the tactic fails), and every
            # `sorry` it met is reported, whatever the handler did with them
            met = scope.settle(res.goals)
        res = Outcome([order_after_lets(x) for x in res.goals], res.sorries)
        for new in (*res.goals, *met):  # names stay faithful: no stale or duplicated variable survives
            check_well_formed(new)
        return Outcome(res.goals, res.sorries + [x for x in met if not any(x is y for y in res.sorries)])

    # ------------------------------------------------------------------------------------------ helpers
    def _elab(self, g: Goal) -> Elaborator:
        return Elaborator(g.hyps, self.globals)

    def _term(self, text: str) -> tuple:
        if not text.strip():
            raise TacticFail("unexpected end of input; expected term")
        return parse_term(text)

    @staticmethod
    def _names(rest: str) -> list[str]:
        names = rest.split()
        for n in names:
            if n != "_":
                check_name(n)
        return names

    # ------------------------------------------------------------------------------------------ intro
    def t_intro(self, g: Goal, rest: str) -> Outcome:
        names: list[str | None] = list(self._names(rest)) or [None]
        hyps, target = g.hyps, g.target
        for n in names:
            hyps, target, _ = shadow_vars(hyps, target, [n])  # a new `x` shadows an old one (x✝)
            if isinstance(target, PQuant) and target.q == "∀":
                hyps, target = _intro_var(hyps, target, n)
                continue
            imp = as_imp(target)
            if imp is None:
                raise TacticFail("tactic 'introN' failed, insufficient number of binders")
            hyps = add_hyp(hyps, n, imp[0], anon_base="a")
            target = imp[1]
        return Outcome([Goal(hyps, target, g.tag)])

    def t_intros(self, g: Goal, rest: str) -> Outcome:
        names = self._names(rest)
        if names:
            return self.t_intro(g, rest)
        hyps, target = g.hyps, g.target
        while isinstance(target, PBin) and target.op == "→":
            hyps = add_hyp(hyps, None, target.lhs, anon_base="a")
            target = target.rhs
        return Outcome([Goal(hyps, target, g.tag)])

    # ------------------------------------------------------------------------------------------ terms
    def t_exact(self, g: Goal, rest: str) -> Outcome:
        el = self._elab(g)
        el.check(self._term(rest), g.target)
        if el.holes:
            raise TacticFail("don't know how to synthesize placeholder\ncontext:\n" + el.holes[0].render())
        return Outcome([])

    def t_refine(self, g: Goal, rest: str) -> Outcome:
        el = self._elab(g)
        el.check(self._term(rest), g.target)
        tags = (
            [g.tag]
            if len(el.holes) == 1
            else [_sub_tag(g.tag, f"refine_{i + 1}") for i in range(len(el.holes))]
        )
        return Outcome([Goal(h.hyps, h.target, t) for h, t in zip(el.holes, tags, strict=True)])

    def t_refine_prime(self, g: Goal, rest: str) -> Outcome:
        """Mathlib's `refine' e`: like `refine`, with every `_` of `e` turned into a new goal `?_`."""

        def holes(node: object) -> object:
            if node == ("wild",):
                return ("hole",)
            if isinstance(node, tuple):
                return tuple(holes(x) for x in node)
            return node

        el = self._elab(g)
        el.check(holes(self._term(rest)), g.target)  # type: ignore[arg-type]
        n = len(el.holes)
        tags = [g.tag] if n == 1 else [_sub_tag(g.tag, f"refine_{i + 1}") for i in range(n)]
        return Outcome([Goal(h.hyps, h.target, t) for h, t in zip(el.holes, tags, strict=True)])

    def t_apply(self, g: Goal, rest: str) -> Outcome:
        if (at := split_apply_at(rest)) is not None:  # Mathlib's `apply e at h` (apply_at.py)
            return apply_at(self, g, *at)
        node = self._term(rest)
        el = self._elab(g)
        if node in (("id", "Eq.refl"), ("id", "rfl")) and el._local(node[1]) is None:
            return self._apply_refl(g, node[1])
        el._wild_goals = True  # type: ignore[attr-defined]  # `_` proof holes become goals (terms.check)
        el._expected = g.target  # type: ignore[attr-defined]  # fixes the type of a table lemma
        app = el._as_app(node) if node[0] in ("id", "app", "proj") else None
        el._expected = None  # type: ignore[attr-defined]
        if app is not None:
            st = arguments_first(el, el.start_app(*app, for_apply=True))
        else:  # a local `∀ x, P x → Q x`: its variables become metavariables, as for a lemma

            def fresh() -> int:
                el._meta += 1
                return el._meta

            opened, metas = open_foralls(el.synth(node), fresh)
            st = _Pending(opened, [], {}, [], metas, "term")
        # the implication chain of the (partially instantiated) type
        chain: list[tuple[str | None, Prop]] = []
        concl = st.pattern_result
        while True:
            imp = as_imp(concl) if not _is_meta(concl) else None
            if imp is None:
                break
            name = st.premise_names[len(chain)] if len(chain) < len(st.premise_names) else None
            chain.append((name, imp[0]))
            concl = imp[1]
        n = len(chain)
        m = 0
        t = g.target
        while (imp := as_imp(t)) is not None:
            m += 1
            t = imp[1]
        last_err: TacticFail | None = None
        for k in range(max(0, n - m), n + 1):
            concl_k = st.pattern_result
            for _ in range(k):
                concl_k = as_imp(concl_k)[1]  # type: ignore[index]
            s = match(instantiate(concl_k, st.subst), g.target, st.subst)  # known metas: closed arithmetic
            for unfolded in let_unfoldings(g.target, g.hyps) if s is None else []:
                s = s or match(instantiate(concl_k, st.subst), unfolded, st.subst)
            if s is None and (zc := zeta(instantiate(concl_k, st.subst), g.hyps)) is not None:
                # an argument fixed the conclusion at let variables (`hA : A ≥ 0`): isDefEq unfolds those too
                s = match(zc, zeta(g.target, g.hyps) or g.target, st.subst)
            if s is None and is_ground(ck := instantiate(concl_k, st.subst)) and el._defeq(ck, g.target):
                # the arguments fixed the whole conclusion: `MVarId.apply` unifies it with the goal at
                # default transparency, the term check's definitional equality (`1 ≡ 29 [ZMOD 7]` is
                # `29 ≡ 1 [ZMOD 7]`: `Int.ModEq` unfolds to `%` equations of literals, which evaluate)
                s = st.subst
            if s is None:
                continue
            n_holes, n_sorries = len(el.holes), len(el.sorries)
            trial = _Pending(st.pattern_result, st.premise_names, s, list(st.pending), st.metas, st.head)
            try:
                el.finish_app(trial)
                premises = [(nm, instantiate(p, trial.subst)) for nm, p in chain[:k]]
                shared = False
                if not all(is_ground(p) for _, p in premises):
                    # Lean's MVarId.apply makes the unassigned arguments goals (apply_metas.py)
                    open_metas = apply_metas.metas(instantiate(st.pattern_result, trial.subst))
                    shared = apply_metas.admissible([p for _, p in premises], open_metas)
                    if not shared:
                        raise TacticFail(f"don't know how to synthesize implicit argument in '{st.head}'")
            except TacticFail as e:
                del el.holes[n_holes:]
                del el.sorries[n_sorries:]
                last_err = e
                continue
            tags = _tag_new(g.tag, [nm for nm, _ in premises]) if premises else []
            new = [Goal(g.hyps, p, tg) for (_, p), tg in zip(premises, tags, strict=True)]
            if shared:
                if el.holes:
                    raise TacticFail(f"don't know how to synthesize implicit argument in '{st.head}'")
                new = apply_metas.fresh_goals(new)
            new += [Goal(h.hyps, h.target, None) for h in el.holes]
            return Outcome(new)
        if last_err is not None:
            raise last_err
        raise TacticFail(
            f"apply failed: could not unify the conclusion of `{rest.strip()}`\n  "
            f"{show_prop(instantiate(concl, st.subst))}\nwith the goal\n  {show_prop(g.target)}"
        )

    def t_have(self, g: Goal, rest: str) -> Outcome:
        return self._have(g, rest, "this")

    def _have(self, g: Goal, rest: str, default: str) -> Outcome:
        parts = _split_top(rest, ":=")
        head = parts[0].strip()
        value = ":=".join(parts[1:]).strip() if len(parts) > 1 else None
        name: str | None = default
        ty_text: str | None = None
        m = re.match(r"^([^\s:]+)\s*(?::(.*))?$", head, re.S)
        if head.startswith(":"):
            ty_text = head[1:]
        elif m:
            name = m.group(1)
            ty_text = m.group(2)
        elif head:
            raise TacticFail(f"unexpected token in have: '{head}'")
        if name != "_":
            check_name(name)  # type: ignore[arg-type]
        el = self._elab(g)
        if value is not None and value.startswith("by"):
            raise TacticFail("minilean: nested `by` blocks are not supported; use `have h : T` then prove T")
        if ty_text is not None:
            ty = parse_in(g, self._term(ty_text))
            if value is None:
                hyps = add_hyp(g.hyps, name, ty)
                return Outcome([Goal(g.hyps, ty, None), Goal(hyps, g.target, g.tag)])
            el.check(self._term(value), ty)
        else:
            if value is None:
                raise TacticFail("`have` must specify the hypothesis type")
            ty = mark_if_congr_fun(value, el.synth(self._term(value)))
        # `have h : T := e` is `refine_lift have h : T := e; ?_`: holes of `e` first, then the main goal
        holes = [Goal(h.hyps, h.target, None) for h in el.holes]
        return Outcome([*holes, Goal(add_hyp(g.hyps, name, ty), g.target, g.tag)])

    def t_specialize(self, g: Goal, rest: str) -> Outcome:
        node = self._term(rest)
        if node[0] != "app" or node[1][0] != "id" or g.lookup(node[1][1]) is None:
            raise TacticFail(
                "'specialize' requires a term of the form `h x_1 .. x_n` where `h` appears in the "
                "local context"
            )
        name = node[1][1]
        el = self._elab(g)
        ty = el.synth(node)
        hyps = remove_hyp(g.hyps, name)
        # Lean: `replaceMainGoal (mvarId :: holes)`: the specialized goal first, then the `?_` holes
        holes = [Goal(h.hyps, h.target, None) for h in el.holes]
        return Outcome([Goal((*hyps, Hyp(name, ty)), g.target, g.tag), *holes])

    def t_show(self, g: Goal, rest: str) -> Outcome:
        ty = parse_in(g, self._term(rest))
        if not defeq(ty, g.target) and not self._elab(g)._defeq(ty, g.target):
            raise TacticFail(
                f"type mismatch\n  {show_prop(ty)}\nis not definitionally equal to the goal\n  "
                f"{show_prop(g.target)}"
            )
        return Outcome([Goal(g.hyps, ty, g.tag)])

    def t_change(self, g: Goal, rest: str) -> Outcome:
        """`change e` on the main goal: Lean core's `change` checks `e` defeq to the target (`isDefEq`) and
        replaces it, as `show` does on one goal; `change … at h` is not modelled (refused)."""
        if re.search(r"\sat\s", f" {rest} "):
            raise TacticFail("minilean: `change … at h` is not supported")
        return self.t_show(g, rest)

    def t_exact_mod_cast(self, g: Goal, rest: str) -> Outcome:
        """`exact_mod_cast e`: e's type and the goal agree once casts are normalized (see mod_cast)."""
        el = self._elab(g)
        ty = el.synth(self._term(rest))
        if el.holes:
            raise TacticFail("don't know how to synthesize placeholder\ncontext:\n" + el.holes[0].render())
        if not defeq(norm_prop(ty), norm_prop(g.target)):
            raise TacticFail(
                f"exact_mod_cast: the normalized type\n  {show_prop(norm_prop(ty))}\ndoes not match the "
                f"normalized goal\n  {show_prop(norm_prop(g.target))}"
            )
        return Outcome([])

    def t_assumption_mod_cast(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        want = norm_prop(g.target)
        if not any(defeq(norm_prop(t), want) for t in _proof_hyps(g)):
            raise TacticFail(f"assumption_mod_cast failed\n{g.render()}")
        return Outcome([])

    def t_norm_cast(self, g: Goal, rest: str) -> Outcome:
        """`norm_cast` is `norm_cast0 <;> try trivial`: the goal's casts are normalized (see mod_cast), then
        a hypothesis that is the normalized goal, or `rfl`, closes it. A goal left open would have to be
        stated exactly as Lean prints it, so it is kept only where that form is known (see
        mod_cast.norm_cast_open_goal); `at h` is not handled."""
        m_at = re.fullmatch(r"at\s+([^\s⊢*]+)", rest.strip())
        if m_at:  # one hypothesis (mod_cast.norm_cast_at)
            return Outcome(norm_cast_at_goal(g, m_at.group(1)))
        if rest.strip():
            raise TacticFail("minilean: only `norm_cast` and `norm_cast at h` are supported")
        want = norm_prop(g.target)
        closes = (nat_cast_free(g.target) and _trivial(g, g.target, 8)) or any(  # norm_cast_derive
            defeq(t, want) for t in _proof_hyps(g)
        ) or (
            isinstance(want, PRel) and want.op == "=" and want.lhs == want.rhs
        )
        left = None if closes else norm_cast_open_goal(g.target)
        if left is not None:  # a result minilean can state exactly as Lean leaves it
            return Outcome([Goal(g.hyps, left, g.tag)])
        if not closes:
            raise TacticFail(
                f"minilean: norm_cast leaves the goal\n  {show_prop(want)}\n"
                "(only a closing norm_cast is supported)"
            )
        return Outcome([])

    def t_let(self, g: Goal, rest: str) -> Outcome:
        """`let h : P := proof` / `letI h := proof`: a let-bound proof is a `have` (proofs are irrelevant,
        so its value is never unfolded); let-bound numbers and functions are outside the fragment."""
        fun = let_fun_form(rest)
        if fun is not None:  # a local function definition (let_values.let_function)
            return Outcome([let_function(g, *fun)])
        head = _split_top(rest, ":=")[0]
        m = re.match(r"^\s*[^\s:(]+\s*(?::(.*))?$", head, re.S)
        if m is None or ":=" not in rest:
            raise TacticFail(let_refusal(head))
        ty_text, value = m.group(1), ":=".join(_split_top(rest, ":=")[1:])
        is_value = ty_text.strip() in SORT_ALIASES if ty_text is not None else not self._is_proof(g, value)
        if is_value:
            return Outcome([let_number(g, head, ty_text, value)])
        return self._have(g, rest, "this")

    t_letI = t_let

    def _is_proof(self, g: Goal, value: str) -> bool:
        try:
            with term_scope():
                self._elab(g).synth(self._term(value))
        except (TacticFail, SyntaxErr):
            return False
        return True

    def t_set(self, g: Goal, rest: str) -> Outcome:
        """Mathlib's `set x := e with hx`: a new variable `x` replaces `e` in the goal and every hypothesis,
        and `hx : x = e` (`with ← hx`: `e = x`). minilean's `x` is opaque (Lean's can also be unfolded by
        definitional equality), so this accepts less than Lean, never more."""
        pattern = r"^([^\s:]+)\s*(?::\s*(\S+))?\s*:=\s*(.+?)(?:\s+with\s+(←|<-)?\s*(\S+))?\s*$"
        m = re.match(pattern, rest, re.S)
        if m is None:
            raise TacticFail("minilean: expected `set x := e with hx`")
        name, ty_text, value, rev, hname = m.groups()
        check_name(name)
        used = prop_vars(g.target).union(*(prop_vars(h.ty) for h in g.hyps if not h.is_var))  # type: ignore[arg-type]
        if g.lookup(name) is not None or name in used:
            raise TacticFail(f"minilean: the name '{name}' is already used; choose a fresh one")
        try:
            if ty_text is not None:
                ty = SORT_ALIASES.get(ty_text.strip())
                if ty not in (NAT, INT, RAT, REAL):
                    raise TacticFail("minilean: `set` supports numbers of type ℕ, ℤ, ℚ or ℝ")
                e = to_expr(self._term(value), g.sorts(), ty)
            else:
                e, ty = _Typer(g.sorts()).tree(self._term(value), None)
        except SyntaxErr as err:
            raise TacticFail(str(err)) from None
        sorts = goal_sorts_all(g)
        kept, moved = [], []  # rewritten hypotheses move after `x`, as `rw … at` re-adds them in Lean
        for h in g.hyps:
            new_ty = h.ty if h.is_var else rewrite_everywhere(h.ty, e, EVar(name), ty, sorts)[0]  # type: ignore[arg-type]
            (kept if new_ty == h.ty else moved).append(Hyp(h.name, new_ty, h.accessible))
        hyps: tuple[Hyp, ...] = (*kept, Hyp(name, ty))
        if hname is not None:
            eq = PRel("=", e, EVar(name), ty) if rev else PRel("=", EVar(name), e, ty)
            hyps = add_hyp(hyps, hname, eq)
        hyps = (*hyps, *moved)
        return Outcome([Goal(hyps, rewrite_everywhere(g.target, e, EVar(name), ty, sorts)[0], g.tag)])

    def t_revert(self, g: Goal, rest: str) -> Outcome:
        return Outcome([revert(g, rest.split())])

    def t_induction(self, g: Goal, rest: str) -> Outcome:
        if is_using(rest):  # `induction n, hn using Nat.le_induction` (induction_using.py)
            return Outcome(induction_using(g, rest))
        names = rest.split()
        if len(names) != 1:
            raise TacticFail("minilean: expected `induction n` (alternatives go on their own lines)")
        return Outcome(induction(g, names[0]))

    def t_calc(self, g: Goal, rest: str) -> Outcome:
        """A one-line `calc a = b := proof` (indented calc blocks are read by the engine)."""
        parsed = split_calc([(1, 0, "calc " + rest)])
        assert parsed is not None
        sorries: list[Goal] = []

        def block(items: list[tuple[int, int, str]], goal: Goal) -> None:
            out = self.run([goal], " ".join(t for _, _, t in items))
            if out.goals:
                raise TacticFail("unsolved goals\n" + "\n\n".join(x.render() for x in out.goals))
            sorries.extend(out.sorries)

        def term(text: str, goal: Goal) -> None:
            self._elab(goal).check(self._term(text), goal.target)

        run_calc(g, *parsed, block, term)
        return Outcome([], sorries)

    def t_induction_prime(self, g: Goal, rest: str) -> Outcome:
        """Mathlib's `induction' n with k ih`: the names go to the `succ` case's new hypotheses."""
        parts = re.split(r"\bwith\b", rest, maxsplit=1)
        zero, succ = self.t_induction(g, parts[0]).goals
        names = parts[1].split() if len(parts) == 2 else []
        return Outcome([zero, rename_newest(succ, names)])

    def t_cases_prime(self, g: Goal, rest: str) -> Outcome:
        """Mathlib's `cases' h with a b`: one level of ∨ (a for inl, b for inr), or of ∧ / ∃ / ↔."""
        parts = re.split(r"\bwith\b", rest, maxsplit=1)
        names = parts[1].split() if len(parts) == 2 else []
        if len(names) > 2:
            raise TacticFail("minilean: cases' takes at most two names")
        names += ["_"] * (2 - len(names))
        ty = _whnf(self._elab(g).synth(self._term(parts[0])))
        is_or = isinstance(ty, PBin) and ty.op == "∨"
        pat = f"{names[0]} | {names[1]}" if is_or else f"⟨{names[0]}, {names[1]}⟩"
        return self._destruct(g, parts[0], pat)

    def t_sorry(self, g: Goal, rest: str) -> Outcome:
        if rest:
            raise TacticFail(f"unexpected token '{rest.split()[0]}'; expected command")
        return Outcome([], [Goal(g.hyps, g.target, None)])

    t_admit = t_sorry

    # ------------------------------------------------------------------------------------------ structure
    def _no_args(self, rest: str) -> None:
        if rest.strip():
            raise TacticFail(f"unexpected token '{rest.split()[0]}'; expected command")

    def t_constructor(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        t = g.target
        if isinstance(t, PBin) and t.op == "∧":
            tags = _tag_new(g.tag, ["left", "right"])
            return Outcome([Goal(g.hyps, t.lhs, tags[0]), Goal(g.hyps, t.rhs, tags[1])])
        if isinstance(t, PBin) and t.op == "↔":
            tags = _tag_new(g.tag, ["mp", "mpr"])
            return Outcome(
                [
                    Goal(g.hyps, PBin("→", t.lhs, t.rhs), tags[0]),
                    Goal(g.hyps, PBin("→", t.rhs, t.lhs), tags[1]),
                ]
            )
        if isinstance(t, PBin) and t.op == "∨":
            return Outcome([Goal(g.hyps, t.lhs, g.tag)])
        if t == TRUE:
            return Outcome([])
        if isinstance(t, PRel) and t.op == "=" and expr_defeq(t.lhs, t.rhs, t.ty):
            return Outcome([])
        raise TacticFail(f"tactic 'constructor' failed, target is not an inductive datatype\n{g.render()}")

    def _or_side(self, g: Goal, rest: str, left: bool) -> Outcome:
        self._no_args(rest)
        t = g.target
        if isinstance(t, PBin) and t.op == "∨":
            return Outcome([Goal(g.hyps, t.lhs if left else t.rhs, g.tag)])
        which = "left" if left else "right"
        raise TacticFail(
            f"tactic '{which}' failed, target is not an inductive datatype with two constructors\n"
            f"{g.render()}"
        )

    def t_left(self, g: Goal, rest: str) -> Outcome:
        return self._or_side(g, rest, True)

    def t_right(self, g: Goal, rest: str) -> Outcome:
        return self._or_side(g, rest, False)

    def t_exfalso(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        return Outcome([Goal(g.hyps, FALSE, g.tag)])

    def t_by_cases(self, g: Goal, rest: str) -> Outcome:
        m = re.match(r"^([^\s:]+)\s*:(?!=)(.*)$", rest, re.S)
        name: str | None = None
        if m:
            name, rest = m.group(1), m.group(2)
            if name != "_":
                check_name(name)
        p = parse_in(g, self._term(rest))
        return Outcome(
            [
                Goal(add_hyp(g.hyps, name, p), g.target, "pos"),
                Goal(add_hyp(g.hyps, name, PNot(p)), g.target, "neg"),
            ]
        )

    def t_by_contra(self, g: Goal, rest: str) -> Outcome:
        names = self._names(rest)
        if len(names) > 1:
            raise TacticFail(f"unexpected token '{names[1]}'; expected command")
        name = names[0] if names else "this"
        t = g.target  # Batteries: a negation `¬q` (or `a ≠ b`, reducibly `¬a = b`) introduces `q` itself
        neg = t.arg if isinstance(t, PNot) else PRel("=", t.lhs, t.rhs, t.ty) if (
            isinstance(t, PRel) and t.op == "≠") else PNot(t)
        return Outcome([Goal(add_hyp(g.hyps, name, neg), FALSE, g.tag)])

    # ------------------------------------------------------------------------------------------ closing
    def t_assumption(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        if _find_assumption(g) is None:
            raise TacticFail(f"tactic 'assumption' failed\n{g.render()}")
        return Outcome([])

    def t_contradiction(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        if not _has_contradiction(g):
            raise TacticFail(f"tactic 'contradiction' failed\n{g.render()}")
        return Outcome([])

    def t_rfl(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        unfolded = zeta(g.target, g.hyps)  # let-bound values unfold definitionally
        pushed = push_nat_int_casts(unfolded or g.target)  # ↑(a + 1) is ↑a + 1 by Int.add's definition
        if not _rfl_ok(g.target) and not (unfolded is not None and _rfl_ok(unfolded)) and not (
            rfl_closes_long_sums(g.target)  # rfl_eval: long closed ℕ sums
        ) and not (pushed != (unfolded or g.target) and _rfl_ok(pushed)):
            raise TacticFail(
                f"The rfl tactic failed. Possible reasons:\n- The goal is not a reflexive relation "
                f"(neither `=` nor a relation with a @[refl] lemma).\n- The arguments of the relation "
                f"are not equal.\n{g.render()}"
            )
        return Outcome([])

    def _apply_refl(self, g: Goal, name: str) -> Outcome:
        """`apply Eq.refl` / `apply rfl`: `MVarId.apply` unifies `?a = ?a` with the goal, i.e. assigns `?a :=
        lhs` and checks `lhs =?= rhs` at default transparency: the check the `rfl` tactic makes on an
        equation (t_rfl). Goals that are not syntactically `=` are refused (Lean would also unfold a def
        such as `Nat.ModEq` to reach an equation: knowingly weaker there)."""
        if not (isinstance(g.target, PRel) and g.target.op == "="):
            raise TacticFail(
                f"tactic 'apply' failed, could not unify the conclusion of `@{name}`\n  ?a = ?a\n"
                f"with the goal\n  {show_prop(g.target)}\n{g.render()}"
            )
        try:
            return self.t_rfl(g, "")
        except TacticFail:
            raise TacticFail(
                f"tactic 'apply' failed, could not unify the conclusion of `@{name}`\n  ?a = ?a\n"
                f"with the goal\n  {show_prop(g.target)}\n(the two sides are not definitionally equal)\n"
                f"{g.render()}"
            ) from None

    def t_congr(self, g: Goal, rest: str) -> Outcome:
        """`congr` closing the goal (see congr_tac): `Eq.refl` or an assumption, on an equation that Lean's
        congruence step does not split; `congr n` splits to depth n (congr_depth.py)."""
        if rest.strip().isdigit():
            from minilean.congr_depth import congr_n

            def closes(sub: Goal) -> bool:
                return _rfl_ok(sub.target) or _find_assumption(sub) is not None

            return Outcome(congr_n(g, int(rest.strip()), closes))
        self._no_args(rest)
        t = g.target
        if not (isinstance(t, PRel) and t.op == "="):
            raise TacticFail(f"congr failed to apply congruence\n{g.render()}")
        if splits(t.lhs, t.rhs):
            raise TacticFail("minilean: `congr` splitting an equation into argument goals is not supported")
        if not (t.lhs == t.rhs or _rfl_ok(t) or rfl_closes_long_sums(t) or _find_assumption(g) is not None):
            raise TacticFail(f"congr failed to close the goal\n{g.render()}")
        return Outcome([])

    def t_decide(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        truth = decide_bounded(g.target)  # closed, or `∀ x, x ≤ n → …` (closers.decide_bounded)
        if truth is None:  # small `Nat.Prime n` atoms (decide_prime.py)
            truth = decide_with_primes(g.target)
        if truth is None:  # closed `∈ ({…} : Finset ℕ/ℤ)` literals (finset_literal.py)
            truth = decide_literal(g.target)
        if truth is None:
            raise TacticFail(
                f"failed to synthesize\n  Decidable ({show_prop(g.target)})\nminilean: `decide` only "
                "handles closed ℕ/ℤ propositions"
            )
        if not truth:
            raise TacticFail(
                f"tactic 'decide' proved that the proposition\n  {show_prop(g.target)}\nis false"
            )
        return Outcome([])

    def t_tauto(self, g: Goal, rest: str) -> Outcome:
        return Outcome(run_tauto(g, rest))  # tauto.py

    def t_trivial(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        if not _trivial(g, g.target, 8):
            raise TacticFail(f"tactic 'trivial' failed\n{g.render()}")
        return Outcome([])

    def t_omega(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        conj = [c for h in g.hyps if not h.is_var for c in _conjuncts(h.ty)]  # type: ignore[arg-type]
        if any(closed_truth(c) is False and _omega_fact(c, g) for c in conj):
            return Outcome([])  # fast path, the same verdict: a false closed fact omega reads
        facts: list[Prop] = [c for c in conj if _omega_fact(c, g)]
        goal = g.target if _omega_fact(g.target, g) else None
        if not facts and goal is None:
            raise TacticFail(
                "omega could not prove the goal:\nNo usable constraints found for the hypotheses and goal."
            )
        ok = False
        lin = [f for f in facts if is_arith(f)]
        if len(lin) == len(facts) and (goal is None or is_arith(goal)):
            try:  # the linear fragment: the hand-written procedure (fast path)
                ok = omega_valid(lin, goal, goal_sorts_all(g), steps=self.steps)
            except OmegaTimeout:  # its step budget is the deterministic timeout: no z3 fallback then
                raise TacticFail(TIMEOUT_MSG) from None
        if not ok:
            # Fourier–Motzkin with tightening is sound but incomplete over ℤ (Lean's omega is complete
            # with its dark/grey shadows), and omega also reads ∸, / and % by literals, ↑ and ∣ by
            # literals: z3 decides the same linear problem (other terms are atoms); unknown = not proven
            verdict = smt.valid(
                facts, goal if goal is not None else FALSE, goal_sorts_all(g), self.z3_ms, omega=True
            )
            if verdict is None:
                raise TacticFail(TIMEOUT_MSG)
            ok = verdict
        if not ok:
            raise TacticFail(
                "omega could not prove the goal:\na possible counterexample may satisfy the constraints"
            )
        return Outcome([])

    # ------------------------------------------------------------------------------------------ automation
    def _hint_list(self, rest: str) -> list[str]:
        rest = rest.strip()
        if not rest:
            return []
        depth, close = 0, -1
        for i, c in enumerate(rest):
            depth += c in "([⟨{"
            depth -= c in ")]⟩}"
            if depth == 0:
                close = i
                break
        if not rest.startswith("[") or close != len(rest) - 1:
            raise TacticFail(f"unexpected token '{rest.split()[0]}'; expected '[' or command")
        return [x.strip() for x in _split_top(rest[1:-1], ",") if x.strip()]

    def _hint_prop(self, g: Goal, text: str) -> Prop:
        node = self._term(text)
        head, args = (node[1], node[2]) if node[0] == "app" else (node, ())
        name = head[1] if head[0] == "id" else None
        zero, two = ENum(0), ENum(2)
        if name in _TERM_LEMMAS and len(args) == 1:
            try:
                e, ty = _Typer(g.sorts()).tree(args[0], None)
            except SyntaxErr as err:
                raise TacticFail(str(err)) from None
            if name in ("sq_nonneg", "pow_two_nonneg"):
                return PRel("≤", zero, EBin("^", e, two), ty)
            if name == "mul_self_nonneg":
                return PRel("≤", zero, EBin("*", e, e), ty)
            if ty == NAT:
                raise TacticFail("failed to synthesize\n  Lattice ℕ (abs of a natural number)")
            if name == "abs_nonneg":
                return PRel("≤", zero, EApp("abs", (e,)), ty)
            return PRel("=", EBin("^", EApp("abs", (e,)), two), EBin("^", e, two), ty)  # sq_abs
        if name in ("mul_pos", "mul_nonneg") and len(args) == 2:
            el = self._elab(g)
            facts = [el.synth(a) for a in args]
            op = "<" if name == "mul_pos" else "≤"
            sides = []
            for f in facts:
                if isinstance(f, PRel) and f.op == op and f.lhs == zero:
                    sides.append((f.rhs, f.ty))
                elif isinstance(f, PRel) and f.op == {"<": ">", "≤": "≥"}[op] and f.rhs == zero:
                    sides.append((f.lhs, f.ty))
                else:
                    raise TacticFail(f"type mismatch: {name} expects proofs of `0 {op} a`")
            if sides[0][1] != sides[1][1]:
                raise TacticFail(f"type mismatch in {name}")
            return PRel(op, zero, EBin("*", sides[0][0], sides[1][0]), sides[0][1])
        return self._elab(g).synth(node)

    def _linarith(self, g: Goal, rest: str, products: bool) -> Outcome:
        if is_only(rest):  # `linarith only [...]`: only the listed terms (linarith_only.py)
            return linarith_only(self, g, rest, products)
        # Mathlib's preprocessing splits conjunctions (`splitHypotheses`), in hypotheses and hint terms
        extra = [c for h in self._hint_list(rest) for c in _conjuncts(self._hint_prop(g, h))]
        hyps = [c for h in g.hyps if not h.is_var for c in _conjuncts(h.ty)]  # type: ignore[arg-type]
        t = g.target
        if isinstance(t, PNot) or (isinstance(t, PRel) and t.op == "≠"):  # Not.intro, then refute
            hyps.append(t.arg if isinstance(t, PNot) else PRel("=", t.lhs, t.rhs, t.ty))
            t = FALSE
        if isinstance(t, PRel) and t.op in ("<", "≤", ">", "≥", "="):
            parts = [partition_of(t.ty)]
            if t.op == "=":
                negs = [[PNot(PRel("≤", t.lhs, t.rhs, t.ty))], [PNot(PRel("≥", t.lhs, t.rhs, t.ty))]]
            else:
                negs = [[PNot(t)]]
        else:  # linarith proves anything else by exfalso: a contradiction among the hypotheses
            negs = [[]]
            parts = sorted({partition_of(p.ty) for p in [*hyps, *extra] if isinstance(p, PRel)})
        squares = syntactic_squares([*hyps, *extra, t]) if products else None
        # Mathlib's frontend (`partitionByType`): after the goal's type fails, the hypotheses of every other
        # type are tried alone for a contradiction (the negated goal only lives in the goal's type)
        kinds = sorted({partition_of(p.ty) for p in [*hyps, *extra] if isinstance(p, PRel)})
        runs = [(part, negs) for part in parts] + [(part, [[]]) for part in kinds if part not in parts]
        verdict: bool | None = False
        try:
            for part, run_negs in runs:
                sorts = goal_sorts_all(g)
                verdict = refute(hyps, run_negs, part, self.z3_ms, products, extra, squares, sorts)
                if verdict:
                    break
        except NotLinear as e:
            raise TacticFail(f"linarith failed: {e}") from None
        if verdict is None:
            raise TacticFail(TIMEOUT_MSG)
        if not verdict:
            raise TacticFail(f"linarith failed to find a contradiction\n{g.render()}")
        return Outcome([])

    def t_linarith(self, g: Goal, rest: str) -> Outcome:
        return self._linarith(g, rest, products=False)

    def t_nlinarith(self, g: Goal, rest: str) -> Outcome:
        return self._linarith(g, rest, products=True)

    def t_positivity(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        hyps = [h.ty for h in g.hyps if not h.is_var]  # type: ignore[misc]
        if not positivity(g.target, hyps):  # type: ignore[arg-type]
            raise TacticFail(f"failed to prove positivity\n{g.render()}")
        return Outcome([])

    def t_norm_num(self, g: Goal, rest: str) -> Outcome:
        return simp_tactics.run_simp(self, g, rest, "norm_num", norm_num=True)

    def t_ring(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        t = g.target
        try:
            ok = isinstance(t, PRel) and t.op == "=" and ring_equal(t.lhs, t.rhs, t.ty)
            if not ok and isinstance(t, PRel) and t.op == "=":
                # ring1's `eval` whnfR's each subterm, which zeta-delta-reduces let-bound variables
                z = zeta(t, g.hyps)
                ok = isinstance(z, PRel) and ring_equal(z.lhs, z.rhs, z.ty)
        except NotLinear as e:
            raise TacticFail(f"ring failed: {e}") from None
        if not ok:
            # Mathlib's `ring` is `first | ring1 | try_this ring_nf`: the proof goes on with ring_nf's
            # goal (an info message, not an error), as faithful as minilean's `ring_nf` itself
            try:
                with local_fun_domains(g.hyps):
                    return Outcome(normal_forms.at_locations(g, "", normal_forms.ring_nf_prop, "ring_nf"))
            except TacticFail:
                raise TacticFail(f"ring failed, ring_nf subsidiary goal\n{g.render()}") from None
        return Outcome([])

    def t_conv(self, g: Goal, text: str) -> Outcome:
        return run_conv(g, text, self.globals)

    def t_abel(self, g: Goal, rest: str) -> Outcome:
        return run_abel(g, rest)

    def t_linear_combination(self, g: Goal, rest: str) -> Outcome:
        return run_linear_combination(g, rest, self.globals)

    def t_ring_nf(self, g: Goal, rest: str) -> Outcome:
        with local_fun_domains(g.hyps):  # ring_nf enters local functions' arguments (ring_nf_funargs.py)
            return Outcome(normal_forms.at_locations(g, rest, normal_forms.ring_nf_prop, "ring_nf"))

    def t_push_cast(self, g: Goal, rest: str) -> Outcome:
        return Outcome(normal_forms.at_locations(g, rest, normal_forms.push_cast_prop, "push_cast"))

    def t_push_neg(self, g: Goal, rest: str) -> Outcome:
        return Outcome(normal_forms.at_locations(g, rest, normal_forms.push_neg, "push_neg"))

    def t_field_simp(self, g: Goal, rest: str) -> Outcome:
        """`field_simp [h₁, …] at …`: the arguments serve as side conditions `e ≠ 0` (as simp lemmas do
        for Mathlib's discharger)."""
        hyps = [h.ty for h in g.hyps if not h.is_var]
        rest = rest.strip()
        if rest.startswith("["):
            depth, end = 0, len(rest)
            for i, c in enumerate(rest):
                depth += (c in "([⟨{") - (c in ")]⟩}")
                if depth == 0:
                    end = i + 1
                    break
            hints = self._hint_list(rest[:end])
            rest = rest[end:]
        else:
            hints = []
        # the arguments are simp lemmas (conditional ones discharged by norm_num or an assumption) and
        # side conditions for the denominators
        ss, _ = simp_tactics.simp_set(self, g, hints, True, False)
        ss.discharge_norm_num = True
        for h in g.hyps:
            if not h.is_var:
                side = SimpSet()
                side.add_fact(h.ty)  # type: ignore[arg-type]
                ss.side += side.props
        hyps += [r.lhs if r.rhs == TRUE else PNot(r.lhs) for r in ss.props if not r.premises]
        hyps += factorial_side_facts(hints, [g.target, *hyps])
        sorts = goal_sorts_all(g)

        full = SimpSet(ss.norm_num, True, ss.terms, ss.props, ss.discharge_norm_num, ss.side)

        def fn(p: Prop) -> Prop:
            if normal_forms.default_simp_closes(p, Simplifier(full, sorts)):  # see there
                return TRUE
            out = normal_forms.field_simp_prop(Simplifier(ss, sorts).prop(p), hyps)
            # simp runs to a fixpoint: a hint `a = b` fires on the cleared form too (`↑n * 4 = 2008`);
            # only a result that closes is taken (the exact open form of a second pass is not modelled)
            return TRUE if Simplifier(ss, sorts).prop(out) == TRUE else out

        return Outcome(normal_forms.at_locations(g, rest, fn, "field_simp"))

    def t_contrapose(self, g: Goal, rest: str, push: bool = False) -> Outcome:
        """`contrapose h`: `h : P ⊢ Q` becomes `h : ¬Q ⊢ ¬P`; without a name the goal `P → Q` becomes
        `¬Q → ¬P`; `contrapose!` then pushes the negations (push_neg)."""
        fix = normal_forms.push_neg if push else (lambda p: p)
        names = self._names(rest)
        if len(names) > 1:
            raise TacticFail("minilean: only `contrapose h` / `contrapose` are supported")
        if not names:
            t = g.target
            if not (isinstance(t, PBin) and t.op == "→"):
                raise TacticFail(f"contrapose: the goal is not an implication\n{g.render()}")
            return Outcome([Goal(g.hyps, PBin("→", fix(PNot(t.rhs)), fix(PNot(t.lhs))), g.tag)])
        h = g.lookup(names[0])
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{names[0]}'")
        hyps = remove_hyp(g.hyps, h.name)
        new_h = fix(PNot(g.target))
        return Outcome([Goal((*hyps, Hyp(h.name, new_h)), fix(PNot(h.ty)), g.tag)])  # type: ignore[arg-type]

    def t_rw(self, g: Goal, rest: str) -> Outcome:
        from minilean.rw_wildcard import rw_at_wildcard, wildcard_items

        if (wild := wildcard_items(rest)) is not None:  # `rw [...] at *` (rw_wildcard.py)
            items = [x.strip() for x in _split_top(wild, ",") if x.strip()]
            if not items:
                raise TacticFail("unexpected token ']'; expected term")
            return rw_at_wildcard(self._elab, g, items)
        m = re.match(r"^\[(.*)\]\s*(at((?:\s+[^\s\[\]⊢*]+)*)\s*(⊢)?)?\s*$", rest.strip(), re.S)
        hyps = (m.group(3) or "").split() if m else []
        if m is None or (m.group(2) and not hyps and not m.group(4)):  # `at` names no location
            raise TacticFail("unexpected syntax; expected `rw [h₁, ← h₂]` or `rw [h] at h'`")
        items = [x.strip() for x in _split_top(m.group(1), ",") if x.strip()]
        if not items:
            raise TacticFail("unexpected token ']'; expected term")
        return rw_at_locations(self._elab, g, items, hyps, bool(m.group(4)) or not hyps)  # rw_locations.py

    t_rewrite = t_rw

    def t_rwa(self, g: Goal, rest: str) -> Outcome:
        """`rwa rules at l` is Lean's macro `rw rules at l; assumption`."""
        return self.run([g], f"rw {rest}; assumption")

    def t_subst(self, g: Goal, rest: str) -> Outcome:
        names = self._names(rest)
        h = g.lookup(names[0]) if len(names) == 1 else None
        sides: tuple[bool, ...] = (True, False)  # `a = b`: b is eliminated first
        if h is not None and h.is_var:  # `subst x`: see subst_var.py
            from minilean.subst_var import SubstVarFail, find_equation

            try:
                h, symm = find_equation(g, names[0])
            except SubstVarFail as e:
                raise TacticFail(str(e)) from None
            sides = (symm,)
        if h is None or h.is_var or not isinstance(h.ty, PRel) or h.ty.op != "=":
            raise TacticFail("tactic 'subst' failed: expected a hypothesis `h : x = e` or `h : e = x`")
        eq: PRel = h.ty
        for var_side, other in ((eq.rhs, eq.lhs) if s else (eq.lhs, eq.rhs) for s in sides):
            if not isinstance(var_side, EVar) or var_side.name in expr_vars(other, set()):
                continue
            x = var_side.name
            vh = g.lookup(x)
            if vh is None or not vh.is_var:
                continue
            out = []
            try:
                for k in g.hyps:
                    if k is h or k is vh:
                        continue
                    ty = k.ty if k.is_var else subst_prop(k.ty, x, other)  # type: ignore[arg-type]
                    out.append(Hyp(k.name, ty, k.accessible))
                target = subst_prop(g.target, x, other)
            except SyntaxErr as e:
                raise TacticFail(str(e)) from None
            return Outcome([Goal(tuple(out), target, g.tag)])
        raise TacticFail(f"tactic 'subst' failed, no variable to eliminate in\n  {show_prop(eq)}")

    def t_interval_cases(self, g: Goal, rest: str) -> Outcome:
        return Outcome(interval_cases(g, rest))  # see interval_bounds.py

    def t_fin_cases(self, g: Goal, rest: str) -> Outcome:
        from minilean.fin_cases import fin_cases

        return Outcome(fin_cases(g, rest))  # see fin_cases.py

    def t_rintro(self, g: Goal, rest: str) -> Outcome:
        """`rintro p₁ p₂ …`: intro each binder, destructing it with its rcases pattern."""
        chunks, depth, cur = [], 0, ""
        for c in rest.strip():
            depth += c in "(⟨"
            depth -= c in ")⟩"
            if c.isspace() and depth == 0:
                if cur:
                    chunks.append(cur)
                cur = ""
            else:
                cur += c
        if cur:
            chunks.append(cur)
        if not chunks:
            raise TacticFail("unexpected end of input; expected rintro pattern")
        states: list[tuple[tuple[Hyp, ...], Prop, str | None]] = [(g.hyps, g.target, g.tag)]
        for chunk in chunks:
            pat = _RcasesParser(chunk).parse()
            nxt = []
            for hyps, target, tag in states:
                hyps, target, _ = shadow_vars(hyps, target, list(pattern_names(pat)))
                if isinstance(target, PQuant) and target.q == "∀":
                    if pat[0] != "name":
                        raise TacticFail("minilean: rintro patterns for ∀-variables must be names")
                    h2, t2 = _intro_var(hyps, target, pat[1])
                    nxt.append((h2, t2, tag))
                    continue
                imp = as_imp(target)
                if imp is None:
                    raise TacticFail("tactic 'introN' failed, insufficient number of binders")
                nxt.extend((h2, imp[1], t2) for h2, t2 in _rcases(hyps, imp[0], pat, tag))
            states = nxt
        return Outcome(settle_rfl([Goal(h, t, tag) for h, t, tag in states]))

    def t_simp(self, g: Goal, rest: str) -> Outcome:
        """The simp family: see simp.py (rewriting) and simp_tactics.py (arguments, locations)."""
        return simp_tactics.run_simp(self, g, rest, "simp")

    def t_dsimp(self, g: Goal, rest: str) -> Outcome:
        """Only with let-bound names (see dsimp_let), or beta reduction after congr_arg (beta_pending)."""
        beta = dsimp_beta(g, rest)
        return beta if beta is not None else run_dsimp(g, rest, "dsimp")

    def t_unfold(self, g: Goal, rest: str) -> Outcome:
        """Only `unfold Nat.ModEq` / `unfold Int.ModEq` (modeq.py), `unfold discrim` (discrim.py) and
        `unfold Real.logb` (unfold_logb.py)."""
        from minilean import discrim, modeq

        if rest.split()[:1] == [discrim.NAME]:
            from minilean.discrim_unfold import unfold_tactic

            return Outcome([unfold_tactic(g, rest)])
        from minilean import unfold_logb

        if unfold_logb.is_logb_unfold(rest, g):
            return Outcome([unfold_logb.unfold_tactic(g, rest)])
        return Outcome([modeq.unfold_tactic(g, rest)])

    def t_unfold_let(self, g: Goal, rest: str) -> Outcome:
        return run_dsimp(g, rest, "unfold_let")

    def t_simp_all(self, g: Goal, rest: str) -> Outcome:
        return simp_tactics.run_simp_all(self, g, rest)

    def t_simpa(self, g: Goal, rest: str) -> Outcome:
        return simp_tactics.run_simpa(self, g, rest)

    def t_use(self, g: Goal, rest: str) -> Outcome:
        items = [x for x in _split_top(rest, ",") if x.strip()]
        if not items:
            raise TacticFail("unexpected end of input; expected term")
        target = g.target
        for it in items:
            target = unfold_exists(target) or target  # `∣`, Even, Odd: `use` builds their `∃`
            if isinstance(target, PBin) and target.op == "∧":  # the next field is a proof: `use x, h`
                self._elab(g).check(self._term(it), target.lhs)
                target = target.rhs
                continue
            if not (isinstance(target, PQuant) and target.q == "∃"):
                raise TacticFail(f"use: the goal is not an existential\n{g.render()}")
            try:
                e = to_expr(self._term(it), g.sorts(), target.sort)
                target = subst_prop(target.body, target.var, e)
            except SyntaxErr as err:
                raise TacticFail(str(err)) from None
        if _use_discharges(g, target):
            return Outcome([])
        return Outcome([Goal(g.hyps, target, g.tag)])

    def t_symm(self, g: Goal, rest: str) -> Outcome:
        self._no_args(rest)
        t = g.target
        if isinstance(t, PRel) and t.op in ("=", "≠"):
            return Outcome([Goal(g.hyps, PRel(t.op, t.rhs, t.lhs, t.ty), g.tag)])
        if isinstance(t, PBin) and t.op == "↔":
            return Outcome([Goal(g.hyps, PBin("↔", t.rhs, t.lhs), g.tag)])
        raise TacticFail(f"symm: the goal is not a symmetric relation\n{g.render()}")

    def t_trans(self, g: Goal, rest: str) -> Outcome:
        """Mathlib's `trans e`: `x R z` becomes `x R e` and `e R z` (see trans_tac.py)."""
        from minilean.trans_tac import TransFail, run_trans

        try:
            return Outcome(run_trans(g, rest, self._term))
        except TransFail as e:
            raise TacticFail(str(e)) from None

    def t_exists(self, g: Goal, rest: str) -> Outcome:
        out = self.t_use(g, rest)  # `exists x` = `refine ⟨x, ?_⟩; try trivial`
        if out.goals and _trivial(out.goals[0], out.goals[0].target, 8):
            return Outcome([])
        return out

    # ------------------------------------------------------------------------------------------ cases
    def t_cases(self, g: Goal, rest: str) -> Outcome:
        if re.search(r"\bwith\b", rest):
            raise TacticFail(
                "minilean: `cases … with` is not supported; use `rcases h with ⟨h1, h2⟩ | h3` or `obtain`"
            )
        var = lookup_hyp(g.hyps, rest.strip())
        if var is not None and var.ty == NAT:  # a ℕ variable: zero / succ
            return Outcome(cases_nat(g, var.name))
        node = self._term(rest)
        ty = self._elab(g).synth(node)
        hyps = remove_hyp(g.hyps, node[1]) if node[0] == "id" else g.hyps
        t = _whnf(ty)
        if t == FALSE:
            return Outcome([])
        if t == TRUE:
            return Outcome([Goal(hyps, g.target, _sub_tag(g.tag, "intro"))])
        if isinstance(t, PBin) and t.op == "∧":
            h2 = add_hyp(add_hyp(hyps, None, t.lhs, "left"), None, t.rhs, "right")
            return Outcome([Goal(h2, g.target, _sub_tag(g.tag, "intro"))])
        if isinstance(t, PBin) and t.op == "↔":
            h2 = add_hyp(
                add_hyp(hyps, None, PBin("→", t.lhs, t.rhs), "mp"), None, PBin("→", t.rhs, t.lhs), "mpr"
            )
            return Outcome([Goal(h2, g.target, _sub_tag(g.tag, "intro"))])
        if isinstance(t, PQuant) and t.q == "∃":
            h1, body = _intro_var(hyps, t, None)
            return Outcome([Goal(add_hyp(h1, None, body), g.target, _sub_tag(g.tag, "intro"))])
        if isinstance(t, PBin) and t.op == "∨":
            return Outcome(
                [
                    Goal(add_hyp(hyps, None, t.lhs), g.target, _sub_tag(g.tag, "inl")),
                    Goal(add_hyp(hyps, None, t.rhs), g.target, _sub_tag(g.tag, "inr")),
                ]
            )
        raise TacticFail(
            f"tactic 'induction' failed, major premise type is not an inductive type \n  {show_prop(ty)}"
        )

    def t_rcases(self, g: Goal, rest: str) -> Outcome:
        parts = re.split(r"\bwith\b", rest, maxsplit=1)
        if len(parts) != 2:
            parts = [rest, "_"] if rest.strip() else parts
            if len(parts) != 2:
                raise TacticFail("unexpected end of input; expected term")
        return self._destruct(g, parts[0], parts[1])

    def t_obtain(self, g: Goal, rest: str) -> Outcome:
        parts = _split_top(rest, ":=")
        if len(parts) != 2:
            raise TacticFail("minilean: expected `obtain pat := term`")
        return self._destruct(g, parts[1], parts[0])

    def _destruct(self, g: Goal, term_text: str, pat_text: str) -> Outcome:
        node = self._term(term_text)
        ty = self._elab(g).synth(node)
        pat = _RcasesParser(pat_text).parse()
        hyps = remove_hyp(g.hyps, node[1]) if node[0] == "id" else g.hyps
        # new names shadow old variables: those are renamed x✝ in the goal and in the destructed type
        hyps, target, (ty,) = shadow_vars(hyps, g.target, list(pattern_names(pat)), (ty,))
        results = _rcases(hyps, ty, pat, g.tag)
        return Outcome(settle_rfl([Goal(h, target, tag) for h, tag in results]))


# ---------------------------------------------------------------------------------------------- binders


def _fresh_var(hyps: tuple[Hyp, ...], name: str, body: Prop) -> None:
    if any(h.name == name and h.is_var for h in hyps) or name in binder_names(body):
        raise TacticFail(f"minilean: the name '{name}' is already used; choose a fresh one")
    check_name(name)


def _intro_var(hyps: tuple[Hyp, ...], q: PQuant, name: str | None) -> tuple[tuple[Hyp, ...], Prop]:
    """Introduce the variable of `∀ x, P` (or of a witness of `∃ x, P`) as `name`; None: inaccessible x✝."""
    if name is None or name == "_":
        _fresh_var(hyps, q.var, q.body)
        return (*hyps, Hyp(q.var, q.sort, accessible=False)), q.body
    if name in binder_names(q.body) and not any(h.name == name and h.is_var for h in hyps):
        q = PQuant(q.q, q.var, q.sort, rename_inner_binders(q.body, name, {h.name for h in hyps}), q.implicit)
    _fresh_var(hyps, name, q.body)
    # a proof hypothesis of that name stays, inaccessible (h✝), as Lean shadows it
    hyps = tuple(Hyp(h.name, h.ty, False, h.value) if not h.is_var and h.name == name else h for h in hyps)
    try:
        body = subst_prop(q.body, q.var, EVar(name))
    except SyntaxErr as e:
        raise TacticFail(str(e)) from None
    return (*hyps, Hyp(name, q.sort)), body


# ---------------------------------------------------------------------------------------------- closers


def _omega_fact(p: Prop, g: Goal) -> bool:
    """Facts Lean's omega reads: ℕ/ℤ comparisons (∣ by a literal) under ¬ ∧ ∨ → ↔, True, False."""
    if isinstance(p, PConst):
        return True
    if isinstance(p, PNot):
        return _omega_fact(p.arg, g)
    if isinstance(p, PBin):  # not an equation of propositions (omega matches `Eq` on ℕ/ℤ only)
        return p.op != "=" and _omega_fact(p.lhs, g) and _omega_fact(p.rhs, g)
    if isinstance(p, PRel) and p.ty in (NAT, INT):
        return smt.translatable(p, goal_sorts_all(g), omega=True)
    return False


def _proof_hyps(g: Goal) -> list[Prop]:
    return [h.ty for h in reversed(g.hyps) if not h.is_var]  # type: ignore[misc]


def _find_assumption(g: Goal) -> Prop | None:
    for ty in _proof_hyps(g):
        if defeq(ty, g.target):
            return ty
    return None


def _has_contradiction(g: Goal) -> bool:
    hyps = _proof_hyps(g)
    for ty in hyps:
        if ty == FALSE or empty_nat_lt_zero(ty):
            return True
        if isinstance(ty, PNot) and ty.arg == TRUE:
            return True
        if isinstance(ty, PRel):
            if ty.op == "≠" and expr_defeq(ty.lhs, ty.rhs, ty.ty):
                return True
        if closed_truth(ty) is False:
            # Lean's `contradiction` (`Meta/Tactic/Contradiction.lean`, `useDecide`): a hypothesis without
            # free variables whose `Decidable` instance evaluates to `false` (`1 < 1`, `3 = 4`, `2 ∣ 5`)
            return True
        imp = as_imp(ty)
        if imp is not None and imp[1] == FALSE and any(defeq(o, imp[0]) for o in hyps):
            return True
    return False


def _rfl_ok(t: Prop) -> bool:
    while True:
        if isinstance(t, PModEq):
            # `MVarId.applyRfl` reads the goal at whnfR (the relation `Nat.ModEq n` is not unfolded) and
            # applies the @[refl] lemma `Nat.ModEq.refl` once its two sides are defeq; `exact rfl` (the
            # term, terms._check_rfl) is what unfolds the def
            return expr_defeq(t.lhs, t.rhs, t.ty)
        if isinstance(t, PRel) and t.op in ("=", "≤"):  # `goals.defeq` also unfolds `((3 : ℕ) : ℝ)` to `3`
            return expr_defeq(t.lhs, t.rhs, t.ty) or defeq(PRel(t.op, t.lhs, t.lhs, t.ty), t)
        if isinstance(t, PBin) and t.op in ("↔", "="):  # Iff.refl, Eq.refl on Prop (prop_eq.py)
            return defeq(t.lhs, t.rhs)
        nxt = unfold(t)
        if nxt is None or (isinstance(nxt, PBin) and nxt.op == "→"):
            return False
        t = nxt


def _trivial(g: Goal, t: Prop, fuel: int) -> bool:
    if fuel <= 0:
        return False
    if t == TRUE or _rfl_ok(t) or _find_assumption(Goal(g.hyps, t)) is not None:
        return True
    if closed_truth(t):
        return True
    if isinstance(t, PBin) and t.op == "∧":
        return _trivial(g, t.lhs, fuel - 1) and _trivial(g, t.rhs, fuel - 1)
    return False


def _conjuncts(p: Prop) -> list[Prop]:
    if isinstance(p, PBin) and p.op == "∧":
        return _conjuncts(p.lhs) + _conjuncts(p.rhs)
    return [p]


def _is_meta(p: Prop) -> bool:
    from minilean.syntax import PMeta

    return isinstance(p, PMeta)


def _whnf(p: Prop) -> Prop:
    """Unfold notations until an inductive head (∧ ∨ ↔ True False) or something else appears."""
    while not (isinstance(p, PBin) and p.op in ("∧", "∨", "↔")) and not isinstance(p, PConst):
        nxt = unfold(p) or unfold_exists(p)
        if nxt is None or (isinstance(nxt, PBin) and nxt.op == "→"):
            return p
        p = nxt
    return p


# ---------------------------------------------------------------------------------------------- rcases

# patterns: ("name", str) ("clear",) ("tuple", [pat]) ("alts", [pat])


class _RcasesParser:
    def __init__(self, text: str) -> None:
        self.toks: list[Tok] = tokenize(text)
        self.i = 0

    def peek(self) -> Tok:
        return self.toks[self.i]

    def parse(self) -> tuple:
        pat = self.alts()
        if self.peek().kind != "eof":
            raise TacticFail(f"unexpected token '{self.peek().text}' in rcases pattern")
        return pat

    def alts(self) -> tuple:
        items = [self.atom()]
        while self.peek().text == "|" and self.peek().kind == "sym":
            self.i += 1
            items.append(self.atom())
        return items[0] if len(items) == 1 else ("alts", items)

    def atom(self) -> tuple:
        t = self.peek()
        self.i += 1
        if t.kind == "id":
            if t.text == "_":
                return ("name", "_")
            if t.text == "rfl":
                return ("rfl",)
            check_name(t.text)
            return ("name", t.text)
        if t.kind == "sym" and t.text == "-":
            return ("clear",)
        if t.kind == "sym" and t.text == "(":
            p = self.alts()
            self._expect(")")
            return p
        if t.kind == "sym" and t.text == "⟨":
            items = []
            if self.peek().text != "⟩":
                items.append(self.alts())
                while self.peek().text == ",":
                    self.i += 1
                    items.append(self.alts())
            self._expect("⟩")
            return ("tuple", items)
        raise TacticFail(f"unexpected token '{t.text or 'end of input'}' in rcases pattern")

    def _expect(self, s: str) -> None:
        if self.peek().text != s:
            raise TacticFail(f"unexpected token '{self.peek().text}'; expected '{s}'")
        self.i += 1


def _rcases(
    hyps: tuple[Hyp, ...], ty: Prop, pat: tuple, tag: str | None
) -> list[tuple[tuple[Hyp, ...], str | None]]:
    kind = pat[0]
    if kind == "name":
        return [(add_hyp(hyps, None if pat[1] == "_" else pat[1], ty), tag)]
    if kind == "clear":
        return [(hyps, tag)]
    if kind == "rfl":  # substituted once the whole pattern is matched (settle_rfl)
        return [(add_hyp(hyps, None, ty, RFL_MARK), tag)]
    t = _whnf(ty)
    if t == FALSE:
        return []
    items = pat[1]
    if kind == "tuple":
        if len(items) == 0:
            return [(hyps, tag)]
        if len(items) == 1:
            return _rcases(hyps, ty, items[0], tag)
        if isinstance(t, PQuant) and t.q == "∃":
            first = items[0]
            if first[0] != "name":
                raise TacticFail("minilean: the witness of an ∃ must be matched by a name")
            h1, body = _intro_var(hyps, t, first[1])
            rest_pat = items[1] if len(items) == 2 else ("tuple", items[1:])
            return _rcases(h1, body, rest_pat, _sub_tag(tag, "intro"))
        if isinstance(t, PBin) and t.op in ("∧", "↔"):
            lhs, rhs = (t.lhs, t.rhs) if t.op == "∧" else (PBin("→", t.lhs, t.rhs), PBin("→", t.rhs, t.lhs))
            rest_pat = items[1] if len(items) == 2 else ("tuple", items[1:])
            if t.op == "↔" and len(items) > 2:
                raise TacticFail("rcases: too many arguments for Iff.intro")
            out = []
            for h1, tag1 in _rcases(hyps, lhs, items[0], _sub_tag(tag, "intro")):
                out.extend(_rcases(h1, rhs, rest_pat, tag1))
            return out
        if t == TRUE:
            return [(hyps, tag)]
        raise TacticFail(
            f"rcases: the type\n  {show_prop(ty)}\nis not an inductive datatype with one constructor"
        )
    # alternatives
    if isinstance(t, PBin) and t.op == "∨":
        rest_pat = items[1] if len(items) == 2 else ("alts", items[1:])
        return _rcases(hyps, t.lhs, items[0], _sub_tag(tag, "inl")) + _rcases(
            hyps, t.rhs, rest_pat, _sub_tag(tag, "inr")
        )
    raise TacticFail(
        f"rcases: the type\n  {show_prop(ty)}\nis not an inductive datatype with two constructors"
    )


setattr(Runner, "t_contrapose!", lambda self, g, rest: Runner.t_contrapose(self, g, rest, push=True))


def apply_to_goals(goals: list[Goal], text: str, globals_: Mapping[str, Decl], steps: int) -> Outcome:
    return Runner(globals_, steps).run(goals, text)


__all__ = ["TIMEOUT_MSG", "Outcome", "Runner", "apply_to_goals"]


def _run_by_block(globals_: Any, goals: list[Goal], tactic: str) -> Any:
    return Runner(globals_, steps=BLOCK_STEPS, z3_ms=BLOCK_Z3_MS).run(goals, tactic)


register_by_runner(_run_by_block)
