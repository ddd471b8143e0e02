"""minilean's prover engine: the API the HTTP server is built on (see contracts, "minilean engine API").

Pure Python, deterministic, immutable states. `elaborate` checks whole sources (theorems with tactic
blocks, `·` bullets, `case tag =>` / `next =>` blocks, `sorry`), `apply_tactic` runs one tactic on a proof
state. Soundness rests on the term elaborator (terms.py), the tactics (tactics.py) and omega (arith.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType

from lean_io.minilean.alternatives import run_alternatives, split_alternatives
from lean_io.minilean.calc import run_calc, split_calc
from lean_io.minilean.commands import is_no_op, print_axioms_target
from lean_io.minilean.goals import Goal, Hyp, TacticFail, add_hyp, check_name
from lean_io.minilean.nested import NestedBy, merge_open_brackets, split_nested_by
from lean_io.minilean.syntax import (
    Parser,
    SyntaxErr,
    sort_of_node,
    to_prop,
)
from lean_io.minilean.tactics import Runner
from lean_io.minilean.terms import BUILTINS, Binder, Decl, Elaborator, term_scope

# names Lean's prelude already declares (and the special terms minilean knows): redeclaring one is an error
RESERVED_DECLS = frozenset(BUILTINS) | {"rfl", "Eq.refl", "Eq.symm", "Ne.symm", "Eq", "Ne", "Or", "And",
                                        "Iff", "Not", "True", "False", "absurd", "id", "trivial"}
NESTING_MSG = "minilean: maximum nesting depth exceeded"
STEPS_PER_MS = 200  # omega work units per millisecond of tactic timeout (deterministic stand-in for time)


class ElabError(Exception):
    """A source could not be elaborated; the message is Lean-like."""


class TacticError(Exception):
    """A tactic failed; the message is Lean-like (e.g. "unknown identifier 'h'")."""


@dataclass(frozen=True)
class Message:
    severity: str  # "error" | "warning" | "info"
    data: str
    line: int = 1
    column: int = 0


@dataclass(frozen=True)
class Env:
    """Declarations elaborated so far (immutable; extending returns a new Env)."""

    decls: tuple[Decl, ...] = ()
    _index: MappingProxyType = field(default_factory=lambda: MappingProxyType({}), compare=False, repr=False)

    @staticmethod
    def of(decls: tuple[Decl, ...]) -> Env:
        return Env(decls, MappingProxyType({d.name: d for d in decls}))

    def get(self, name: str) -> Decl | None:
        return self._index.get(name)

    def extend(self, decl: Decl) -> Env:
        return Env.of((*self.decls, decl))

    @property
    def globals(self) -> MappingProxyType:
        return self._index


@dataclass(frozen=True)
class ProofState:
    """One or more goals (in minilean: exactly one) and the environment they were stated in."""

    goals: tuple[Goal, ...]
    env: Env = field(default_factory=Env, compare=False, repr=False)

    def goals_json(self) -> list[dict]:
        return [g.to_json() for g in self.goals]

    def render(self) -> str:
        return "\n\n".join(g.render() for g in self.goals)


@dataclass(frozen=True)
class ElabResult:
    env: Env
    messages: tuple[Message, ...]
    sorries: tuple[ProofState, ...]

    @property
    def has_errors(self) -> bool:
        return any(m.severity == "error" for m in self.messages)


def initial_env() -> Env:
    return Env.of(())


def apply_tactic(state: ProofState, tactic: str, timeout_ms: int = 1000) -> list[ProofState]:
    """Apply `tactic` to the main goal; [] means every goal is closed. Never mutates `state`."""
    if not state.goals:
        raise TacticError("no goals to be proved")
    ms = max(1, int(timeout_ms))
    runner = Runner(state.env.globals, steps=ms * STEPS_PER_MS, z3_ms=ms)
    try:
        out = runner.run(list(state.goals), tactic)
    except (TacticFail, SyntaxErr) as e:
        raise TacticError(str(e)) from None
    except RecursionError:
        raise TacticError(NESTING_MSG) from None
    return [ProofState((g,), state.env) for g in out.goals] + [
        ProofState((g,), state.env) for g in out.sorries
    ]


# ---------------------------------------------------------------------------------------------- sources

_COMMAND_RE = re.compile(
    r"^(theorem|lemma|example|open|import|namespace|section|end|def|abbrev|instance|variable|"
    r"set_option|universe|noncomputable|private|protected|attribute)\b|^(@\[|#\w)"
)
_CASE_RE = re.compile(r"^case\s+([^\s=]+)((?:\s+[^\s=]+)*)\s*=>(.*)$", re.S)
_NEXT_RE = re.compile(r"^next((?:\s+[^\s=]+)*)\s*=>(.*)$", re.S)


class _Fail(Exception):
    def __init__(self, msg: str, line: int, col: int) -> None:
        super().__init__(msg)
        self.msg, self.line, self.col = msg, line, col


def _strip_comments(src: str) -> str:
    """Blank out comments, keeping line and column positions."""
    out = []
    i, n, depth = 0, len(src), 0
    while i < n:
        if src.startswith("/-", i):
            depth += 1
            out.append("  ")
            i += 2
            continue
        if depth and src.startswith("-/", i):
            depth -= 1
            out.append("  ")
            i += 2
            continue
        if depth:
            out.append("\n" if src[i] == "\n" else " ")
            i += 1
            continue
        if src.startswith("--", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        out.append(src[i])
        i += 1
    return "".join(out)


Line = tuple[int, int, str]  # (1-based line number, column, text from that column)


def elaborate(env: Env, source: str) -> ElabResult:
    lines = _strip_comments(source).split("\n")
    commands: list[list[Line]] = []
    for no, raw in enumerate(lines, start=1):
        text = raw.rstrip()
        if not text.strip():
            continue
        col = len(text) - len(text.lstrip())
        item = (no, col, text[col:])
        if (col == 0 and _COMMAND_RE.match(text)) or not commands:
            commands.append([item])
        else:
            commands[-1].append(item)
    messages: list[Message] = []
    sorries: list[ProofState] = []
    cur = env
    for cmd in commands:
        try:
            cur = _command(cur, cmd, messages, sorries)
        except _Fail as e:
            messages.append(Message("error", e.msg, e.line, e.col))
        except RecursionError:  # belt and braces behind the parser's nesting limit: a business error
            messages.append(Message("error", NESTING_MSG, cmd[0][0], cmd[0][1]))
    if any(m.severity == "error" for m in messages):
        cur = env
    return ElabResult(cur, tuple(messages), tuple(sorries))


def _command(env: Env, cmd: list[Line], messages: list[Message], sorries: list[ProofState]) -> Env:
    no, col, text = cmd[0]
    word = text.split()[0]
    if word == "import":
        raise _Fail("invalid 'import' command, it must be used in the beginning of the file", no, col)
    if word == "open":
        return env
    if re.match(r"^set_option\s+maxHeartbeats\s+\d+\s*$", text):  # MiniF2F headers: no effect here
        return env
    if len(cmd) == 1 and is_no_op(text):  # options, sections: nothing minilean checks changes
        return env
    if len(cmd) == 1 and (target := print_axioms_target(text)) is not None:
        if env.get(target) is None:
            raise _Fail(f"unknown constant '{target}'", no, col)
        # Lean lists the axioms used; minilean does not track them, and says so
        messages.append(Message("info", f"'{target}': axioms are not tracked by minilean", no, col))
        return env
    if word not in ("theorem", "lemma", "example"):
        raise _Fail(f"minilean: unsupported command '{word}'", no, col)
    # locate the top-level `:=` that ends the statement
    flat: list[tuple[int, int, str]] = []  # (line, col, char)
    for ln, c, t in cmd:
        flat.extend((ln, c + k, ch) for k, ch in enumerate(t))
        flat.append((ln, c + len(t), "\n"))
    chars = "".join(ch for _, _, ch in flat)
    depth, split = 0, -1
    for k, ch in enumerate(chars):
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
        elif depth == 0 and chars.startswith(":=", k):
            split = k
            break
    if split < 0:
        raise _Fail("unexpected end of input; expected ':='", no, col)
    decl, goal = _statement(env, chars[:split], no, col)
    body = chars[split + 2 :]
    body_off = split + 2
    new_sorries: list[ProofState] = []
    stripped = body.lstrip()
    lead = len(body) - len(stripped)
    if re.match(r"^by\b", stripped):
        by_pos = body_off + lead
        block = _block_lines(flat, by_pos + 2, len(chars))
        by_line, by_col = flat[by_pos][0], flat[by_pos][1]
        if not block:
            raise _Fail("unexpected end of input; expected tactic", by_line, by_col)
        remaining = _run_block(env, block, [goal], new_sorries)
        if remaining:
            raise _Fail("unsolved goals\n" + "\n\n".join(g.render() for g in remaining), by_line, by_col)
    else:
        term_text = stripped.strip()
        ln, c = flat[body_off + lead][0], flat[body_off + lead][1]
        try:
            with term_scope() as scope:
                el = Elaborator(goal.hyps, env.globals)
                el.check(Parser_term(term_text), goal.target)
                met = scope.settle([])  # a term-mode body leaves no goals: any `?_` is an error
        except (TacticFail, SyntaxErr) as e:
            raise _Fail(str(e), ln, c) from None
        new_sorries.extend(ProofState((g,), env) for g in met)
    sorries.extend(new_sorries)
    if new_sorries:
        messages.append(Message("warning", "declaration uses 'sorry'", no, col + len(word) + 1))
    if decl is None:
        return env
    if env.get(decl.name) is not None or decl.name in RESERVED_DECLS:
        raise _Fail(f"'{decl.name}' has already been declared", no, col)
    return env.extend(decl)


def Parser_term(text: str) -> tuple:
    p = Parser(text)
    node = p.term(0)
    p.expect_eof()
    return node


def _block_lines(flat: list[tuple[int, int, str]], start: int, end: int) -> list[Line]:
    """Re-split the characters after `by` into (line, column, text) items."""
    items: list[Line] = []
    buf: list[tuple[int, int, str]] = []
    for k in range(start, end):
        ln, c, ch = flat[k]
        if ch == "\n":
            text = "".join(x[2] for x in buf)
            if text.strip():
                lead = len(text) - len(text.lstrip())
                first = buf[lead]
                items.append((first[0], first[1], text.strip()))
            buf = []
        else:
            buf.append((ln, c, ch))
    return items


def _statement(env: Env, header: str, line: int, col: int) -> tuple[Decl | None, Goal]:
    try:
        p = Parser(header)
        kw = p.next().text
        name = None
        if kw != "example":
            t = p.next()
            if t.kind != "id":
                raise SyntaxErr(f"unexpected token '{t.text}'; expected identifier")
            name = t.text
        binders: list[Binder] = []
        sorts: dict[str, str] = {}
        hyps: tuple[Hyp, ...] = ()
        while p.at("(") or p.at("{") or p.at("["):
            open_tok = p.next().text
            if open_tok == "[":
                raise SyntaxErr("minilean: instance binders are not supported")
            close = ")" if open_tok == "(" else "}"
            names = []
            while p.peek().kind == "id" and not p.at(":"):
                names.append(p.next().text)
            if not names:
                raise SyntaxErr("expected binder name")
            p.expect(":")
            ty_node = p.term(0)
            p.expect(close)
            sort = sort_of_node(ty_node)
            for nm in names:
                if nm in sorts or any(h.name == nm for h in hyps):
                    raise SyntaxErr(f"minilean: duplicate binder name '{nm}'")
                if nm != "_":
                    check_name(nm)
            if sort is not None:
                for nm in names:
                    sorts[nm] = sort
                    binders.append(Binder(nm, sort, implicit=open_tok == "{"))
                    hyps = (*hyps, Hyp(nm, sort))
            else:
                if open_tok == "{":
                    raise SyntaxErr("minilean: implicit hypothesis binders are not supported")
                prop = to_prop(ty_node, sorts)
                for nm in names:
                    binders.append(Binder(nm, prop))
                    hyps = add_hyp(hyps, None if nm == "_" else nm, prop, anon_base="x")
        p.expect(":")
        concl = to_prop(p.term(0), sorts)
        p.expect_eof()
    except (SyntaxErr, TacticFail) as e:
        raise _Fail(str(e), line, col) from None
    goal = Goal(hyps, concl, None)
    return (Decl(name, tuple(binders), concl) if name else None), goal


def _rename_inaccessible(g: Goal, names: list[str]) -> Goal:
    """`case tag h1 h2 =>`: give names to the most recent inaccessible hypotheses, in order."""
    if not names:
        return g
    idx = [i for i, h in enumerate(g.hyps) if not h.accessible]
    if len(names) > len(idx):
        raise TacticFail("too many variable names provided")
    hyps = list(g.hyps)
    for i, nm in zip(idx[len(idx) - len(names) :], names, strict=True):
        if nm == "_":
            continue
        check_name(nm)
        for j, h in enumerate(hyps):
            if h.accessible and h.name == nm:
                if h.is_var:
                    raise TacticFail(f"minilean: cannot shadow the variable '{nm}'; choose another name")
                hyps[j] = Hyp(h.name, h.ty, accessible=False)
        hyps[i] = Hyp(nm, hyps[i].ty)
    return Goal(tuple(hyps), g.target, g.tag)


def _find_tag(goals: list[Goal], tag: str) -> int | None:
    for pred in (lambda t: t == tag, lambda t: t.endswith("." + tag), lambda t: t.startswith(tag + ".")):
        for i, g in enumerate(goals):
            if g.tag and pred(g.tag):
                return i
    return None


def _run_block(env: Env, items: list[Line], goals: list[Goal], sorries: list[ProofState]) -> list[Goal]:
    items = merge_open_brackets(items)
    base = items[0][1]
    groups: list[list[Line]] = []
    for it in items:
        if it[1] < base:
            raise _Fail("expected command", it[0], it[1])
        # `| alt =>` and `<;> tac` lines, and lines after a trailing `<;>`, continue the tactic before
        joins = it[2].startswith(("|", "<;>")) or (groups and groups[-1][-1][2].endswith("<;>"))
        if (it[1] == base and not joins) or not groups:
            groups.append([it])
        else:
            groups[-1].append(it)
    runner = Runner(env.globals, steps=5000 * STEPS_PER_MS, z3_ms=5000)
    for grp in groups:
        ln, c, text = grp[0]
        try:
            if text.startswith("·") or text.startswith(". ") or text == ".":
                content = text[1:].lstrip()
                sub = ([(ln, c + len(text) - len(content), content)] if content else []) + grp[1:]
                if not goals:
                    raise TacticFail("no goals to be proved")
                if not sub:
                    raise TacticFail("unexpected end of input; expected tactic")
                left = _run_block(env, sub, [goals[0]], sorries)
                if left:
                    raise TacticFail("unsolved goals\n" + "\n\n".join(g.render() for g in left))
                goals = goals[1:]
                continue
            alternatives = split_alternatives(grp)
            if alternatives is not None:
                out = runner.run(goals, alternatives[0])
                made = out.goals[: len(out.goals) - (len(goals) - 1)]
                sorries.extend(ProofState((g,), env) for g in out.sorries)
                goals = run_alternatives(
                    out.goals, made, alternatives[1], lambda b, gs: _run_block(env, b, gs, sorries)
                )
                continue
            calc = split_calc(grp)
            if calc is not None:
                if not goals:
                    raise TacticFail("no goals to be proved")
                run_calc(goals[0], *calc, lambda b, gl: _prove_block(env, b, gl, sorries),
                         lambda t, gl: _prove_term(env, t, gl, sorries))
                goals = goals[1:]
                continue
            nested = split_nested_by(grp)
            if nested is not None:
                goals = _run_nested(env, runner, nested, goals, sorries)
                continue
            m_case, m_next = _CASE_RE.match(text), _NEXT_RE.match(text)
            if m_case or m_next:
                if m_case:
                    idx = _find_tag(goals, m_case.group(1))
                    if idx is None:
                        tags = ", ".join(g.tag for g in goals if g.tag) or "none"
                        raise TacticFail(f"Case tag '{m_case.group(1)}' not found.\n\nAvailable tags: {tags}")
                    names, inline = m_case.group(2).split(), m_case.group(3)
                else:
                    if not goals:
                        raise TacticFail("no goals to be proved")
                    idx, names, inline = 0, m_next.group(1).split(), m_next.group(2)  # type: ignore[union-attr]
                g = _rename_inaccessible(goals[idx], names)
                content = inline.strip()
                sub = ([(ln, c + len(text) - len(inline.lstrip()), content)] if content else []) + grp[1:]
                if not sub:
                    raise TacticFail("unexpected end of input; expected tactic")
                left = _run_block(env, sub, [Goal(g.hyps, g.target, None)], sorries)
                if left:
                    raise TacticFail("unsolved goals\n" + "\n\n".join(g.render() for g in left))
                goals = goals[:idx] + goals[idx + 1 :]
                continue
            tactic = " ".join(t for _, _, t in grp)
            out = runner.run(goals, tactic)
        except _Fail:
            raise
        except (TacticFail, SyntaxErr) as e:
            raise _Fail(str(e), ln, c) from None
        except RecursionError:
            raise _Fail(NESTING_MSG, ln, c) from None
        goals = out.goals
        sorries.extend(ProofState((g,), env) for g in out.sorries)
    return goals


def _prove_block(env: Env, items: list[Line], goal: Goal, sorries: list[ProofState]) -> None:
    left = _run_block(env, items, [goal], sorries)
    if left:
        raise TacticFail("unsolved goals\n" + "\n\n".join(g.render() for g in left))


def _prove_term(env: Env, text: str, goal: Goal, sorries: list[ProofState]) -> None:
    with term_scope() as scope:
        Elaborator(goal.hyps, env.globals).check(Parser_term(text), goal.target)
        met = scope.settle([])  # a proof term leaves no goals: any `?_` is an error
    sorries.extend(ProofState((g,), env) for g in met)


def _run_nested(
    env: Env, runner: Runner, nb: NestedBy, goals: list[Goal], sorries: list[ProofState]
) -> list[Goal]:
    """`have h : T := by …` (the block proves T, then the main goal goes on with h) and `suffices h : T
    by …` (the block proves the main goal with h, T stays to prove)."""
    out = runner.run(goals, nb.head)  # `have h : T`: [T, main goal with h, other goals]
    sorries.extend(ProofState((g,), env) for g in out.sorries)
    if not nb.block:
        raise _Fail("unexpected end of input; expected tactic", nb.line, nb.column)
    fact, main, rest = out.goals[0], out.goals[1], out.goals[2:]
    proved, kept = (fact, main) if nb.kind == "have" else (main, fact)
    left = _run_block(env, nb.block, [proved], sorries)
    if left:
        raise _Fail("unsolved goals\n" + "\n\n".join(g.render() for g in left), nb.line, nb.column)
    return [kept, *rest]


__all__ = [
    "ElabError",
    "ElabResult",
    "Env",
    "Message",
    "ProofState",
    "TacticError",
    "apply_tactic",
    "elaborate",
    "initial_env",
]
