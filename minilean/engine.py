"""minilean's prover engine: the API the HTTP server is built on (see contracts, "minilean engine API").

Pure Python, deterministic, immutable states. `elaborate` checks whole sources (theorems with tactic
blocks, `·` bullets, `case tag =>` / `next =>` blocks, `sorry`), `apply_tactic` runs one tactic on a proof
state. Soundness rests on the term elaborator (terms.py), the tactics (tactics.py) and omega (arith.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from minilean import apply_metas, lemmas, open_names, recheck
from minilean.alternatives import continues_alternatives, run_alternatives, split_alternatives
from minilean.brace_blocks import unbrace
from minilean.calc import run_calc, split_calc
from minilean.combinator_blocks import run_combinator_block, split_combinator_block
from minilean.commands import (
    CommandError,
    count_declarations,
    ends_with_in,
    opened_namespaces,
    split_prefix,
    unterminated_comment,
)
from minilean.comment_mask import blank_comments
from minilean.conv import is_conv
from minilean.decls import Env, initial_env
from minilean.goals import Goal, TacticFail
from minilean.names import check_well_formed, rename_hyp
from minilean.nested import NestedBy, merge_open_brackets, split_nested_by
from minilean.noop_commands import is_no_op, print_axioms_target
from minilean.statements import _Fail, _statement
from minilean.syntax import (
    Parser,
    SyntaxErr,
    binder_names,
    prop_vars,
)
from minilean.tactics import Outcome, Runner
from minilean.terms import BUILTINS, Elaborator, term_scope

# names Lean's prelude already declares (and the special terms minilean knows): redeclaring one is an error
RESERVED_DECLS = frozenset(BUILTINS) | {"rfl", "Eq.refl", "Eq.symm", "Ne.symm", "Eq", "Ne", "Or", "And",
                                        "Iff", "Not", "True", "False", "absurd", "id", "trivial"}
NESTING_MSG = "minilean: maximum nesting depth exceeded"
# Python refuses to print (or parse) an int of more than 4300 digits; Lean prints any numeral. A step that
# makes one (e.g. `norm_num` on `k ^ 4` with `k = 2 ^ 2008`) is refused instead of crashing the server.
HUGE_NUMERAL_MSG = "minilean: a numeral of more than 4300 digits arose; not modelled"


def is_huge_numeral_error(e: BaseException) -> bool:
    return isinstance(e, ValueError) and "integer string conversion" in str(e)
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


def apply_tactic(state: ProofState, tactic: str, timeout_ms: int = 1000) -> list[ProofState]:
    """Apply `tactic` to the main goal; [] means every goal is closed. Never mutates `state`."""
    if not state.goals:
        raise TacticError("no goals to be proved")
    ms = max(1, int(timeout_ms))
    runner = Runner(state.env.globals, steps=ms * STEPS_PER_MS, z3_ms=ms)
    try:
        out = runner.run(list(state.goals), tactic)
        if recheck.enabled():  # a sound step cannot depend on the names: re-run it renamed
            _recheck_step(runner, list(state.goals), tactic, out)
    except (TacticFail, SyntaxErr) as e:
        raise TacticError(str(e)) from None
    except RecursionError:
        raise TacticError(NESTING_MSG) from None
    except ValueError as e:
        if not is_huge_numeral_error(e):
            raise
        raise TacticError(HUGE_NUMERAL_MSG) from None
    return [ProofState((g,), state.env) for g in out.goals] + [
        ProofState((g,), state.env) for g in out.sorries
    ]


def _recheck_step(runner: Runner, goals: list[Goal], tactic: str, out: Outcome) -> None:
    """Run the step again with every hypothesis name renamed to a fresh one (in the goals and the tactic
    text): renamed back, its outcome must be exactly the same goals."""
    fwd = recheck.goal_mapping(goals, tactic)
    # an inaccessible `x✝` made by shadowing follows its base name, so a later shadowing picks the same
    # suffix in both runs (`x✝¹` / `r0_x✝¹`)
    fwd = {n: (fwd[n.partition("✝")[0]] + "✝" + n.partition("✝")[2] if "✝" in n
               and n.partition("✝")[0] in fwd else new) for n, new in fwd.items()}
    back = {new: old for old, new in fwd.items()}
    renamed_goals = [recheck.uniform_goal(g, fwd) for g in goals]
    renamed_tactic = recheck.rename_text(tactic, fwd)
    try:
        again = runner.run(renamed_goals, renamed_tactic)
        back = _with_shadowed(back, [*again.goals, *again.sorries])
        same = [recheck.uniform_goal(g, back) for g in again.goals] == out.goals and [
            recheck.uniform_goal(g, back) for g in again.sorries
        ] == out.sorries
        detail = "" if same else "different resulting goals"
    except (TacticFail, SyntaxErr) as e:
        detail = str(e) or "failed"
    if detail:
        before = "\n\n".join(g.render() for g in goals) + "\n" + tactic
        after = "\n\n".join(g.render() for g in renamed_goals) + "\n" + renamed_tactic
        raise TacticFail(recheck.report("tactic", before, after, detail))


def _with_shadowed(back: dict[str, str], goals: list[Goal]) -> dict[str, str]:
    """`back` extended to the inaccessible names a step made from renamed ones: a shadowed variable `x`
    becomes `x✝` (names.shadow_vars), so the renamed run's `r0_x✝` reads back as `x✝`."""
    out = dict(back)
    for g in goals:
        # binder names too: an inner binder alpha-renamed by `intro` (inner_binders.py) is `x✝`
        names = {h.name for h in g.hyps} | prop_vars(g.target) | binder_names(g.target)
        for h in g.hyps:
            if not h.is_var:
                names |= prop_vars(h.ty) | binder_names(h.ty)  # type: ignore[arg-type]
        for n in names:
            base, mark, rest = n.partition("✝")
            if mark and base in back and n not in out:
                out[n] = back[base] + mark + rest
    return out


# ---------------------------------------------------------------------------------------------- sources

_COMMAND_RE = re.compile(
    r"^(theorem|lemma|example|open|import|namespace|section|end|def|abbrev|instance|variable|"
    r"set_option|universe|noncomputable|private|protected|attribute)\b|^(@\[|#\w)"
)
_CASE_RE = re.compile(r"^case\s+([^\s=]+)((?:\s+[^\s=]+)*)\s*=>(.*)$", re.S)
_NEXT_RE = re.compile(r"^next((?:\s+[^\s=]+)*)\s*=>(.*)$", re.S)


def elaborate(env: Env, source: str) -> ElabResult:
    """Elaborate `source`; an accepted source is accepted again with its identifiers renamed (recheck)."""
    result = _elaborate_source(env, source)
    if result.has_errors or not recheck.enabled():
        return result
    renamed = recheck.renamed_source(source, env.globals)
    if renamed == source:
        return result
    other = _elaborate_source(env, renamed)
    if other.has_errors or len(other.sorries) != len(result.sorries):
        detail = next((m.data for m in other.messages if m.severity == "error"), "a different sorry count")
        msg = recheck.report("source", source, renamed, detail)
        return ElabResult(env, (*result.messages, Message("error", msg, 1, 0)), result.sorries)
    return result


Line = tuple[int, int, str]  # (1-based line number, column, text from that column)


def _elaborate_source(env: Env, source: str) -> ElabResult:
    # `open` commands hold for this source only; so do metavariables `apply` leaves (apply_metas.py)
    with open_names.source_scope(), apply_metas.scope():
        return _elaborate_source_in_scope(env, source)


def _elaborate_source_in_scope(env: Env, source: str) -> ElabResult:
    if unterminated_comment(source):
        return ElabResult(env, (Message("error", "unterminated comment", 1, 0),), ())
    lines = blank_comments(source).split("\n")
    commands: list[list[Line]] = []
    for no, raw in enumerate(lines, start=1):
        text = raw.rstrip()
        if not text.strip():
            continue
        col = len(text) - len(text.lstrip())
        item = (no, col, text[col:])
        starts = bool(col == 0 and _COMMAND_RE.match(text)) or not commands
        if starts and commands and ends_with_in(" ".join(t for _, _, t in commands[-1])):
            starts = False  # `open A in` / `set_option … in` on its own line: its command follows
        if starts:
            commands.append([item])
        else:
            commands[-1].append(item)
    messages: list[Message] = []
    sorries: list[ProofState] = []
    cur = env
    checked = [0]  # declarations that reached elaboration
    for cmd in commands:
        try:
            cur = _command(cur, cmd, messages, sorries, checked)
        except _Fail as e:
            messages.append(Message("error", e.msg, e.line, e.col))
        except RecursionError:  # belt and braces behind the parser's nesting limit: a business error
            messages.append(Message("error", NESTING_MSG, cmd[0][0], cmd[0][1]))
    written = count_declarations("\n".join(lines))
    if written != checked[0]:  # never accept a source in which some declaration was not checked
        messages.append(
            Message("error", f"minilean: {written - checked[0]} declaration(s) were not elaborated", 1, 0)
        )
    if any(m.severity == "error" for m in messages):
        cur = env
    return ElabResult(cur, tuple(messages), tuple(sorries))


def _command(
    env: Env, cmd: list[Line], messages: list[Message], sorries: list[ProofState], checked: list[int]
) -> Env:
    no, col, text = cmd[0]
    word = text.split()[0]
    if word == "import":
        raise _Fail("invalid 'import' command, it must be used in the beginning of the file", no, col)
    if len(cmd) == 1 and is_no_op(text):  # options, sections: nothing minilean checks changes
        return env
    if len(cmd) == 1 and (target := print_axioms_target(text)) is not None:
        if env.get(target) is None:
            raise _Fail(f"unknown constant '{target}'", no, col)
        # Lean lists the axioms used; minilean does not track them, and says so
        messages.append(Message("info", f"'{target}': axioms are not tracked by minilean", no, col))
        return env
    flat: list[tuple[int, int, str]] = []  # (line, col, char)
    for ln, c, t in cmd:
        flat.extend((ln, c + k, ch) for k, ch in enumerate(t))
        flat.append((ln, c + len(t), "\n"))
    chars = "".join(ch for _, _, ch in flat)
    if word in ("open", "set_option"):  # parsed in full (MiniF2F headers): never skipped by first word
        try:
            _, inner = split_prefix(chars)
        except CommandError as e:
            raise _Fail(str(e), no, col) from None
        names = opened_namespaces(chars)  # open_names.py: the scope of unqualified library names
        if inner is None:
            open_names.open_rest(names)
            return env
        with open_names.open_in(names):
            return _command(env, _block_lines(flat, inner, len(chars)), messages, sorries, checked)
    if word not in ("theorem", "lemma", "example"):
        raise _Fail(f"minilean: unsupported command '{word}'", no, col)
    checked[0] += 1
    # locate the top-level `:=` that ends the statement
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


def _rename_inaccessible(g: Goal, names: list[str]) -> Goal:
    """`case tag h1 h2 =>`: give names to the most recent inaccessible hypotheses, in order. Renaming a
    variable is a substitution over the whole goal (names.rename_hyp), never a relabelling."""
    if not names:
        return g
    idx = [i for i, h in enumerate(g.hyps) if not h.accessible]
    if len(names) > len(idx):
        raise TacticFail("too many variable names provided")
    for i, nm in zip(idx[len(idx) - len(names) :], names, strict=True):
        if nm == "_":
            continue
        g = rename_hyp(g, i, nm)
    check_well_formed(g)
    return g


def _find_tag(goals: list[Goal], tag: str) -> int | None:
    for pred in (lambda t: t == tag, lambda t: t.endswith("." + tag), lambda t: t.startswith(tag + ".")):
        for i, g in enumerate(goals):
            if g.tag and pred(g.tag):
                return i
    return None


def _plain(grp: list[Line]) -> bool:
    """One tactic line that is none of the block constructs (alternatives, calc, combinator blocks,
    nested `by`, `case`/`next`): the runner handles it, goals with apply's metavariables included."""
    text = grp[0][2]
    return (len(grp) == 1 and split_alternatives(grp) is None and split_calc(grp) is None
            and split_combinator_block(grp) is None and split_nested_by(grp) is None
            and not _CASE_RE.match(text) and not _NEXT_RE.match(text))


def _run_block(env: Env, items: list[Line], goals: list[Goal], sorries: list[ProofState]) -> list[Goal]:
    items = merge_open_brackets(unbrace(items))  # `{ … }` tactic blocks first: brace_blocks.py
    base = items[0][1]
    groups: list[list[Line]] = []
    for it in items:
        # `| alt =>` and `<;> tac` lines, and lines after a trailing `<;>`, continue the tactic before
        joins = it[2].startswith(("|", "<;>")) or (groups and groups[-1][-1][2].endswith("<;>"))
        # a `<;>` line left of the block still continues its last tactic (trailing parsers in Lean's
        # Pratt loop check no column); the enclosing block handed it down to this innermost one
        if it[1] < base and not (groups and it[2].startswith("<;>")):
            if not (groups and continues_alternatives(groups[-1], it)):
                raise _Fail("expected command", it[0], it[1])
            groups[-1].append(it)  # `… => cases h with` + its alternatives below (alternatives.py)
            continue
        if (it[1] == base and not joins) or not groups:
            groups.append([it])
        else:
            groups[-1].append(it)
    runner = Runner(env.globals, steps=5000 * STEPS_PER_MS, z3_ms=5000)
    gi = 0
    while gi < len(groups):
        grp = groups[gi]
        gi += 1
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
                goals = [apply_metas.instantiate_goal(g) for g in goals[1:]]  # what the block assigned
                continue
            if any(apply_metas.has_metas(g) for g in goals) and not _plain(grp):
                raise TacticFail(apply_metas.REFUSED + " (not with this construct)")
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
            comb = split_combinator_block(grp)  # `all_goals` + an indented block (combinator_blocks.py)
            if comb is not None:

                def block_runner(b: list[Line], gs: list[Goal]) -> list[Goal]:
                    mark = len(sorries)
                    try:
                        return _run_block(env, b, gs, sorries)
                    except (_Fail, TacticFail, SyntaxErr):
                        del sorries[mark:]  # a failed attempt (`try`, `any_goals`) leaves nothing behind
                        raise

                fails = (_Fail, TacticFail, SyntaxErr)
                goals = run_combinator_block(comb[0], comb[1], goals, block_runner, fails)
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
                if not content and len(grp) == 1 and gi < len(groups):
                    # `case tag =>` ending its line with the next tactics at its own column: Lean's
                    # `" => " tacticSeq` fixes the body's column at its first tactic, so every later
                    # tactic of this block belongs to the body (greedy; `case`/`next` in Init/Tactics)
                    grp = grp + [it for rest in groups[gi:] for it in rest]
                    gi = len(groups)
                sub = ([(ln, c + len(text) - len(inline.lstrip()), content)] if content else []) + grp[1:]
                if not sub:
                    raise TacticFail("unexpected end of input; expected tactic")
                left = _run_block(env, sub, [Goal(g.hyps, g.target, None)], sorries)
                if left:
                    raise TacticFail("unsolved goals\n" + "\n\n".join(g.render() for g in left))
                goals = goals[:idx] + goals[idx + 1 :]
                continue
            tactic = ("\n" if is_conv(text) else " ").join(t for _, _, t in grp)  # conv reads its lines
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



def _accepts(source: str) -> bool:
    res = elaborate(initial_env(), source)
    return not res.has_errors and not res.sorries


lemmas.register_proof_checker(_accepts)

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
