"""`calc` blocks in tactic mode: a chain of relation steps, each with its proof, composed by transitivity.

    calc a = b := by tac        calc
      _ ≤ c := proof              a = b := by
      _ < d := by                   tac
        tac                       _ < c := h

`_` stands for the previous step's right-hand side. Steps compose as Lean's `Trans` instances do:
`=` with any relation gives that relation; `<`/`≤` chains give `<` if any step is strict, else `≤`
(likewise `>`/`≥`); `≠` composes only with `=`; anything else is an error. The composed relation must
be the goal (up to the unfolding of `>`/`≥`), and every step must be proved by its own proof.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from minilean.goals import Goal, TacticFail, defeq, expr_defeq, parse_in
from minilean.nested import bracket_depth
from minilean.syntax import Parser, PRel, Prop, SyntaxErr, show_prop

Line = tuple[int, int, str]
_RELS = ("=", "≠", "<", ">", "≤", "≥")


@dataclass(frozen=True)
class Step:
    relation: str  # the step's relation text (may start with `_`)
    proof_by: list[Line] | None  # the nested block after `:= by`, or None for a term proof
    proof_term: str
    line: int
    column: int


def _find_assign(text: str) -> int:
    depth = 0
    for k, ch in enumerate(text):
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
        elif depth == 0 and text.startswith(":=", k):
            return k
    return -1


def split_calc(group: list[Line]) -> tuple[str | None, list[Step]] | None:
    """(starting term or None, steps) for a group whose first line is `calc …`; None otherwise."""
    ln0, c0, first = group[0]
    m = re.match(r"^calc\b\s*", first)
    if m is None:
        return None
    lines: list[Line] = []
    if first[m.end() :].strip():
        lines.append((ln0, c0 + m.end(), first[m.end() :].strip()))
    lines.extend(group[1:])
    if not lines:
        raise TacticFail("unexpected end of input; expected calc steps")
    step_col = next((c for _, c, t in lines if t.startswith("_")), lines[0][1])
    chunks: list[list[Line]] = []
    for it in lines:
        open_ = bool(chunks) and bracket_depth(" ".join(t for _, _, t in chunks[-1])) > 0
        if chunks and (open_ or it[1] > step_col):
            chunks[-1].append(it)
        elif chunks and it[1] < step_col:
            raise TacticFail("expected command")
        else:
            chunks.append([it])
    start: str | None = None
    steps: list[Step] = []
    for k, chunk in enumerate(chunks):
        head_parts: list[str] = []
        found = None
        for j, (ln, c, text) in enumerate(chunk):
            pos = _find_assign(" ".join([*head_parts, text])) if not found else -1
            if pos < 0:
                head_parts.append(text)
                continue
            joined = " ".join([*head_parts, text])
            found = (joined[:pos].strip(), joined[pos + 2 :].strip(), j, ln, c)
            break
        if found is None:
            if k == 0 and len(chunks) > 1:  # `calc a` then `_ = b := …` steps
                start = " ".join(head_parts)
                continue
            raise TacticFail("unexpected end of input; expected ':='")
        rel, after, j, ln, c = found
        rest = chunk[j + 1 :]
        bm = re.match(r"^by\b", after)
        if bm:
            inline = after[bm.end() :].strip()
            block = ([(ln, c + 1, inline)] if inline else []) + rest
            steps.append(Step(rel, block, "", chunk[0][0], chunk[0][1]))
        else:
            steps.append(Step(rel, None, " ".join([after, *(t for _, _, t in rest)]).strip(), chunk[0][0],
                              chunk[0][1]))
    if not steps:
        raise TacticFail("unexpected end of input; expected calc steps")
    return start, steps


def _compose(ops: list[str]) -> str:
    core = {o for o in ops if o != "="}
    if not core:
        return "="
    if core == {"≠"}:
        if ops.count("≠") > 1:
            raise TacticFail("invalid 'calc' step, failed to synthesize `Trans` instance for ≠ and ≠")
        return "≠"
    if core <= {"<", "≤"}:
        return "<" if "<" in core else "≤"
    if core <= {">", "≥"}:
        return ">" if ">" in core else "≥"
    pair = " and ".join(sorted(core))
    raise TacticFail(f"invalid 'calc' step, failed to synthesize `Trans` instance for {pair}")


def _relation(g: Goal, text: str, prev_rhs: tuple | None, prev_ty: str | None) -> tuple[PRel, tuple]:
    """The step's relation; `_` on the left is the previous right-hand side, at its type."""
    try:
        p = Parser(text)
        node = p.term(0)
        p.expect_eof()
    except SyntaxErr as e:
        raise TacticFail(str(e)) from None
    if not (node[0] == "bin" and node[1] in _RELS):
        raise TacticFail(f"invalid 'calc' step, relation expected\n  {text}")
    lhs = node[2]
    if lhs == ("wild",):
        if prev_rhs is None:
            raise TacticFail("invalid 'calc' step, the first step cannot start with `_`")
        lhs = prev_rhs if prev_ty is None else ("ascr", prev_rhs, ("id", prev_ty))
    prop = parse_in(g, ("bin", node[1], lhs, node[3]))
    if not isinstance(prop, PRel):
        raise TacticFail(f"invalid 'calc' step, relation expected\n  {text}")
    return prop, node[3]


def run_calc(
    g: Goal,
    start: str | None,
    steps: list[Step],
    prove_block: Callable[[list[Line], Goal], None],
    prove_term: Callable[[str, Goal], None],
) -> None:
    """Prove every step and check that the composed relation is the goal `g` (else TacticFail)."""
    prev_rhs: tuple | None = None
    if start is not None:
        try:
            p = Parser(start)
            prev_rhs = p.term(0)
            p.expect_eof()
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None
    first: PRel | None = None
    last: PRel | None = None
    ops: list[str] = []
    for st in steps:
        rel, prev_rhs = _relation(g, st.relation, prev_rhs, last.ty if last is not None else None)
        if last is not None and (rel.ty != last.ty or not expr_defeq(rel.lhs, last.rhs, rel.ty)):
            raise TacticFail(
                f"invalid 'calc' step, left-hand side is\n  {show_prop(rel)}\nbut previous right-hand side is"
                f"\n  {show_prop(last)}"
            )
        step_goal = Goal(g.hyps, rel, None)
        if st.proof_by is not None:
            if not st.proof_by:
                raise TacticFail("unexpected end of input; expected tactic")
            prove_block(st.proof_by, step_goal)
        else:
            if not st.proof_term:
                raise TacticFail("unexpected end of input; expected term")
            prove_term(st.proof_term, step_goal)
        first = first or rel
        last = rel
        ops.append(rel.op)
    assert first is not None and last is not None
    result: Prop = PRel(_compose(ops), first.lhs, last.rhs, first.ty)
    if not defeq(result, g.target):
        raise TacticFail(
            f"invalid 'calc' step, the relation\n  {show_prop(result)}\ndoes not match the goal\n  "
            f"{show_prop(g.target)}"
        )


__all__ = ["Step", "run_calc", "split_calc"]
