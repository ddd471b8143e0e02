"""Second line of defence: a sound checker's verdict cannot depend on the names the user chose.

Every accepted source (and every successful tactic step) is checked again after consistently
renaming the user's identifiers to fresh ones. A disagreement means some name met something it must not
(a solver-internal constant, a stale variable, a skipped command): the step is refused and logged.

A source is renamed textually: every name it binds (declaration names, binder groups, names after
quantifiers and λ, names tactics introduce; see `bound_names`) gets a fresh name everywhere it occurs,
each first component of a dotted name (`h.mp` ↦ `r3_h.mp`), never a field after `.`; Lean's vocabulary
(tactics, lemmas, options, constructor tags) is never bound by the user and keeps its meaning. A
tactic step is re-run on goals renamed the same way (free and bound occurrences alike: a bijection on
names, so nothing is captured) and its outcome, renamed back, must be exactly the same goals.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable, Mapping

from minilean.comment_mask import blank_comments
from minilean.fun_values import FunValue
from minilean.goals import RESERVED, Goal, Hyp
from minilean.syntax import (
    _ID_CONT,
    _IDENT_RE,
    KEYWORDS,
    SORT_ALIASES,
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
)
from minilean.tactics import SEARCH, UNSUPPORTED, Runner
from minilean.terms import BUILTINS

LOG = logging.getLogger("minilean.recheck")
ENV_SWITCH = "MINILEAN_RENAMING_RECHECK"  # "0" turns the re-check off (benchmarks of its cost only)

_BUILTIN_WORDS = {name.split(".")[0] for name in BUILTINS}
# case tags the library generates (binder names of its lemmas, constructor names): kept after `case`
_TAGS = {b.name for d in BUILTINS.values() for b in d.binders} | {"intro", "inl", "inr", "left", "right"}
# never renamed even where bound: Lean keywords and the sorts
PROTECTED_ALWAYS = frozenset(set(KEYWORDS) | set(SORT_ALIASES) | {"this", "_"})
PROTECTED = frozenset(
    set(KEYWORDS)
    | set(RESERVED)
    | set(SORT_ALIASES)
    | _BUILTIN_WORDS
    | {n[2:] for n in dir(Runner) if n.startswith("t_")}
    | UNSUPPORTED
    | SEARCH
    | {
        # the tactic vocabulary (a name equal to a tactic would rename the tactic itself)
        "intro", "intros", "exact", "refine", "apply", "have", "specialize", "show", "sorry", "constructor",
        "left", "right", "exfalso", "by_cases", "by_contra", "assumption", "contradiction", "rfl", "decide",
        "trivial", "omega", "linarith", "nlinarith", "positivity", "norm_num", "ring", "ring_nf", "rw",
        "rewrite", "subst", "interval_cases", "rintro", "simp", "use", "exists", "cases", "rcases",
        "obtain", "try", "first", "all_goals", "any_goals", "repeat", "done", "skip", "case", "next",
        "only", "at", "with", "in", "using", "this", "open", "set_option", "maxHeartbeats", "namespace",
        "section", "end", "import", "def", "abbrev", "instance", "axiom", "opaque", "structure",
        "inductive", "class", "simp_all", "tauto", "aesop", "field_simp", "push_neg", "simpa", "calc",
        "induction", "norm_cast", "unfold", "replace", "gcongr", "exact?", "apply?", "rw?", "simp?",
        "hint", "linarith!", "nlinarith!", "decide!",
        # library names and the case tags their constructors give
        "Nat", "Int", "Real", "Rat", "Even", "Odd", "Prime", "gcd", "lcm", "abs", "Eq", "Ne", "refl",
        "symm", "elim", "mp", "mpr", "inl", "inr", "sq_nonneg", "pow_two_nonneg",
        "mul_self_nonneg", "abs_nonneg", "sq_abs", "Classical", "not_not", "BigOperators", "Topology",
        "Finset", "True", "False", "Prop", "Not", "Or", "And", "Iff", "MOD", "ZMOD", "ModEq",
    }
)


def enabled() -> bool:
    return os.environ.get(ENV_SWITCH, "1") != "0"


def _words(text: str) -> set[str]:
    return {m.group() for m in _IDENT_RE.finditer(text)}


def fresh_map(names: Iterable[str], avoid: set[str]) -> dict[str, str]:
    """An injective map from `names` to fresh identifiers that avoid `avoid` and each other."""
    out: dict[str, str] = {}
    used = set(avoid)
    for i, n in enumerate(sorted(set(names))):
        k = i
        new = f"r{k}_{n}"
        while new in used:
            k += 1000
            new = f"r{k}_{n}"
        used.add(new)
        out[n] = new
    return out


_CONT_RE = re.compile(_ID_CONT)
_CASE_TAG_RE = re.compile(r"\bcase\s+$")
_NAMED_ARG_AFTER = re.compile(r"[ \t]*:=")
# `| h n ih =>` (an induction/cases alternative): the first word is the eliminator's case tag (`h` of
# `Nat.strong_induction_on`, `hp` of `Int.induction_on`), never one of the user's names, even when a
# hypothesis has the same name. Keeping it can only make a renamed copy fail (weaker), never pass.
_ALT_TAG_BEFORE = re.compile(r"(?:^|\s)\|[ \t]*$")
_ALT_TAG_AFTER = re.compile(rf"(?:[ \t]+(?:{_IDENT_RE.pattern}|_))*[ \t]*=>")
# Lean core registers the tactic category with leading-ident behaviour `.both`: a leading identifier-like
# atom is read as the tactic, so `have contradiction : …` binds a hypothesis and a later line
# `contradiction` still runs the tactic. A tactic's own name where a tactic starts (line start, after
# `by`, `;`, `<;>`, `=>`, `|` of `first` or a bullet; not after `(`, which also opens a binder) is kept.
# Keeping a word can only make a renamed copy fail (the renamed hypothesis is no longer what it names).
_TACTIC_START_BEFORE = re.compile(r"(?:^|[;·|]|<;>|=>|\bby|(?:^|[ \t])\.)[ \t]*$", re.M)
TACTIC_WORDS = frozenset({n[2:] for n in dir(Runner) if n.startswith("t_")} | {
    "intro", "intros", "exact", "refine", "apply", "specialize", "constructor", "left", "right", "exfalso",
    "assumption", "contradiction", "rfl", "decide", "trivial", "omega", "linarith", "nlinarith",
    "positivity", "norm_num", "ring", "ring_nf", "rw", "rewrite", "subst", "simp", "simp_all", "tauto",
    "field_simp", "push_neg", "simpa", "norm_cast", "push_cast", "unfold", "gcongr", "done", "skip",
})


def rename_text(text: str, mapping: Mapping[str, str]) -> str:
    """Rename identifiers of `text` by `mapping` (first components of dotted names; fields untouched)."""
    out: list[str] = []
    last = 0
    for m in _IDENT_RE.finditer(text):
        start = m.start()
        if start > 0 and (text[start - 1] == "." or _CONT_RE.match(text[start - 1])):
            continue  # a field after `.`, or the middle of a longer token
        head, dot, tail = m.group().partition(".")
        if _NAMED_ARG_AFTER.match(text, m.end()) and text[:start].rstrip(" \t").endswith("("):
            continue  # `(m := e)`: `m` names the callee's binder, not one of the user's names
        if head in _TAGS and _CASE_TAG_RE.search(text, 0, start):
            continue  # `case left =>`: a tag the library chose, not the user's name
        if (
            not dot
            and _ALT_TAG_BEFORE.search(text, max(text.rfind("\n", 0, start), 0), start)
            and _ALT_TAG_AFTER.match(text, m.end())
        ):
            continue  # `| hp i ih =>`: the eliminator's case tag
        if (
            not dot
            and head in TACTIC_WORDS
            and _TACTIC_START_BEFORE.search(text, max(text.rfind("\n", 0, start) + 1, 0), start)
        ):
            continue  # `contradiction` where a tactic starts: the tactic, whatever a hypothesis is called
        if head in mapping:
            out.append(text[last:start])
            out.append(mapping[head] + dot + tail)
            last = m.end()
    out.append(text[last:])
    return "".join(out)


def user_names(text: str, protected: Iterable[str] = ()) -> set[str]:
    """Identifiers of `text` that the re-check renames."""
    prot = PROTECTED | set(protected)
    out = set()
    for w in _words(text):
        head = w.split(".")[0]
        if head not in prot and not head.startswith("_"):
            out.add(head)
    return out


_ID = _IDENT_RE.pattern
# one bound name: an identifier that is not one of the words closing a binder list (`∑ k in s`, …)
_NAME1 = rf"(?!(?:in|with|at|from|using|fun|by|then|else|if|generalizing)(?![\w'.!?]))(?:{_ID}|_)"
_NAMES = rf"{_NAME1}(?:[ \t]+{_NAME1})*"  # on one line: a binder list never spans lines
# where Lean source binds a name the user chose; every other identifier (tactic names, lemma names,
# option names, constructor tags such as `zero`/`succ`, namespaces) is Lean's vocabulary and is kept
_GROUP = re.compile(rf"[(\{{⦃\[][ \t]*({_NAMES})[ \t]*:(?!=)")  # (a b : T) {x : T} [inst : C] ⦃x : T⦄
_BINDERS = [
    re.compile(rf"\b(?:theorem|lemma|def|abbrev)\s+({_ID})"),
    _GROUP,
    re.compile(rf"(?:∀|∃!?|\bfun|λ|∑|∏|⋃|⋂)[ \t]*({_NAMES})"),  # quantified and λ-bound names
    re.compile(rf"\b(?:intro|intros|rename_i|next)[ \t]+({_NAMES})"),
    re.compile(rf"\b(?:have|let|set|suffices|replace|by_cases|by_contra!?|contrapose!?|generalize|"
               rf"obtain|choose|induction[ \t]+\S+[ \t]+generalizing)[ \t]+({_NAMES})"),
    re.compile(rf"\bcase[ \t]+{_ID}[ \t]+({_NAMES})[ \t]*=>"),  # `case tag x hx =>`: the tag is Lean's
    re.compile(rf"^[ \t]*\|[ \t]*{_ID}[ \t]+({_NAMES})[ \t]*=>", re.M),  # `| succ n ih =>`: the tag is Lean's
    re.compile(rf"\bwith[ \t]+({_ID})[ \t]*$", re.M),  # `set x := e with hx`
    # Lean 3 style `cases h with x hx`
    re.compile(rf"\b(?:cases|induction)[ \t]+\S+[ \t]+with[ \t]+({_NAMES})[ \t]*$", re.M),
]
_PATTERN_HEAD = re.compile(r"\b(?:obtain|rintro)\b|\bwith\s*(?=[⟨(])")  # `rcases e with ⟨…⟩`: after with
_NOT_PATTERN_VARS = {"rfl", "_", "with", "using", "at"}


def _pattern_names(text: str) -> set[str]:
    """Names bound by rcases patterns (`obtain ⟨x, hx⟩ := …`, `rcases h with (h | h)`, `rintro ⟨a, b⟩`)."""
    out: set[str] = set()
    for m in _PATTERN_HEAD.finditer(text):
        depth, k = 0, m.end()
        while k < len(text):
            ch = text[k]
            if ch in "⟨([":
                depth += 1
            elif ch in "⟩)]":
                depth -= 1
            elif depth == 0 and (ch in "\n;" or text.startswith(":", k) or text.startswith("<;>", k)):
                break
            k += 1
        segment = text[m.end():k]
        if any(c in segment for c in "⟨(|"):
            out |= {w for w in _words(segment) if w not in _NOT_PATTERN_VARS}
    return out


def bound_names(text: str) -> set[str]:
    """The identifiers `text` binds: declaration names, binder groups, quantified and λ names, and the
    names tactics introduce (intro, have, obtain patterns, case/next, induction alternatives, …)."""
    text = blank_comments(text)  # "-- the theorem mul_comm says …" binds nothing
    out = _pattern_names(text)
    for rx in _BINDERS:
        for m in rx.finditer(text):
            words = _words(m.group(1))
            if rx is _GROUP and any("." in w for w in words):
                continue  # `(Eq.symm h : b = a)` ascribes a term: a binder group never names a dotted name
            out |= {w for w in words if w != "_"}
    return {w.split(".")[0] for w in out} - PROTECTED_ALWAYS


def renamed_source(source: str, globals_: Mapping[str, object] | None = None) -> str:
    """`source` with every name it binds renamed to a fresh one, consistently everywhere it occurs.

    Only bound names are renamed: a sound checker's verdict cannot depend on the names a user chooses,
    while the names of Lean's vocabulary (tactics, lemmas, options, constructor tags) are not the user's
    to choose and keep their meaning. ``globals_`` is accepted for callers that pass the environment."""
    names = bound_names(source)
    return rename_text(source, fresh_map(names, _words(source) | PROTECTED))


def _uniform_expr(e: Expr, m: Mapping[str, str]) -> Expr:
    if isinstance(e, EVar):
        return EVar(m.get(e.name, e.name))
    if isinstance(e, EBin):
        return EBin(e.op, _uniform_expr(e.lhs, m), _uniform_expr(e.rhs, m))
    if isinstance(e, ENeg):
        return ENeg(_uniform_expr(e.arg, m))
    if isinstance(e, ECast):
        return ECast(_uniform_expr(e.arg, m), e.src, e.dst)
    if isinstance(e, EApp):
        return EApp(m.get(e.fn, e.fn), tuple(_uniform_expr(a, m) for a in e.args))
    if isinstance(e, ESum):
        guard = uniform_prop(e.guard, m) if e.guard is not None else None
        return ESum(e.op, m.get(e.var, e.var), e.ity, e.kind, _uniform_expr(e.lo, m), _uniform_expr(e.hi, m),
                    _uniform_expr(e.body, m), e.ty, guard)
    return e


def uniform_prop(p: Prop, m: Mapping[str, str]) -> Prop:
    """Rename every occurrence of the names in `m`, free and bound alike. With `m` injective and its new
    names fresh this is a bijection on names, so it cannot capture (it is how the text is renamed too)."""
    if isinstance(p, PVar):
        return PVar(m.get(p.name, p.name))
    if isinstance(p, PNot):
        return PNot(uniform_prop(p.arg, m))
    if isinstance(p, PBin):
        return PBin(p.op, uniform_prop(p.lhs, m), uniform_prop(p.rhs, m))
    if isinstance(p, PRel):
        return PRel(p.op, _uniform_expr(p.lhs, m), _uniform_expr(p.rhs, m), p.ty)
    if isinstance(p, PPred):
        return PPred(p.name, _uniform_expr(p.arg, m), p.ty)
    if isinstance(p, PModEq | PCoprime | PMem):
        return p.map(lambda e: _uniform_expr(e, m))
    if isinstance(p, PQuant):
        return PQuant(p.q, m.get(p.var, p.var), p.sort, uniform_prop(p.body, m))
    return p


def _uniform_value(v: Expr | FunValue | None, m: Mapping[str, str]) -> Expr | FunValue | None:
    if isinstance(v, FunValue):  # a let-bound function: its parameters are renamed with its body
        return FunValue(tuple(m.get(p, p) for p in v.params), v.sorts, _uniform_expr(v.body, m), v.cod)
    return None if v is None else _uniform_expr(v, m)


def uniform_goal(g: Goal, m: Mapping[str, str]) -> Goal:
    hyps = tuple(
        Hyp(m.get(h.name, h.name), h.ty if isinstance(h.ty, str) else uniform_prop(h.ty, m), h.accessible,
            _uniform_value(h.value, m))
        for h in g.hyps
    )
    return Goal(hyps, uniform_prop(g.target, m), g.tag)


def goal_mapping(goals: list[Goal], tactic: str) -> dict[str, str]:
    """Fresh names for every hypothesis name of `goals` (one mapping for all of them)."""
    names = {h.name for g in goals for h in g.hyps} - PROTECTED
    names = {n for n in names if not n.startswith("_")}
    bound: set[str] = set()
    for g in goals:
        for p in (g.target, *(h.ty for h in g.hyps if not h.is_var)):
            binder_names(p, bound)  # type: ignore[arg-type]
    return fresh_map(names, _words(tactic) | names | bound | PROTECTED)


def report(kind: str, original: str, renamed: str, detail: str) -> str:
    msg = (
        f"minilean: the verdict depends on identifier names ({kind}); refused as unsound. "
        f"A renamed copy was rejected: {detail.splitlines()[0] if detail else ''}"
    )
    LOG.warning("%s\noriginal:\n%s\nrenamed:\n%s", msg, original, renamed)
    return msg


__all__ = [
    "ENV_SWITCH",
    "PROTECTED",
    "enabled",
    "goal_mapping",
    "rename_text",
    "renamed_source",
    "report",
    "uniform_goal",
    "uniform_prop",
]
