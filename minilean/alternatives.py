"""`induction n with | zero => … | succ k ih => …` and `cases h with | inl h => … | inr h => …`.

The head tactic (without `with`) makes tagged goals; each alternative names the goal's inaccessible
hypotheses (the newest ones, in order) and must close it with its block; every goal needs its
alternative and every alternative its goal, as in Lean. Alternatives start with `|`, at any column
(commonly the column of the tactic itself); a body may continue on the lines indented under it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from minilean.goals import Goal, Hyp, TacticFail, check_name
from minilean.names import shadow_vars
from minilean.syntax import EVar, SyntaxErr, prop_vars, subst_prop

Line = tuple[int, int, str]
_HEAD = re.compile(r"^(induction|cases)\s+(.+?)\s+with\s*$")
_ALT = re.compile(r"^\|\s*([A-Za-z_][\w.']*)((?:\s+[^\s=]+)*)\s*=>(.*)$", re.S)


@dataclass(frozen=True)
class Alternative:
    tag: str
    names: list[str]
    block: list[Line]
    line: int
    column: int


_ONE_LINE = re.compile(r"^(induction|cases)\s+(.+?)\s+with\s+(\|.*)$", re.S)
_ALT_START = re.compile(r"\|\s*[A-Za-z_][\w.']*(?:\s+[^\s=|]+)*\s*=>")


def _one_line(group: list[Line]) -> list[Line] | None:
    """`induction n with | zero => t₁ | succ k ih => t₂` on one line, as the usual layout: the head line,
    then one line per alternative (all at the column of the first `|`). A `|` starts an alternative
    only outside brackets, after a space, when `tag names =>` follows (so `|x|` never does). Lines
    after it are only accepted when they continue with `<;>`; otherwise None (the caller refuses)."""
    ln, col, text = group[0]
    m = _ONE_LINE.match(text)
    if m is None or any(not it[2].startswith("<;>") for it in group[1:]):
        return None
    tail_at = m.start(3)
    starts, depth = [], 0
    for k in range(tail_at, len(text)):
        ch = text[k]
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
        elif ch == "|" and depth == 0 and text[k - 1].isspace() and _ALT_START.match(text, k):
            starts.append(k)
    if not starts or starts[0] != tail_at:
        return None
    alt_col = col + tail_at
    lines = [(ln, col, text[:tail_at].rstrip())]
    for a, b in zip(starts, [*starts[1:], len(text)], strict=True):
        lines.append((ln, alt_col, text[a:b].strip()))
    return lines + group[1:]


def continues_alternatives(group: list[Line], it: Line) -> bool:
    """Does line `it`, left of its block's column, still belong to `group`? Only when `group` is a
    `cases … with` / `induction … with` head whose alternatives start on the next lines: Lean parses
    them with `withPosition((colGe inductionAlt)+)`, positioned at the first `|`, so the column of
    the enclosing tactic sequence does not bound them (`| inr h => cases h with` with its inner
    alternatives below, indented less than `cases`). The first such line must be a `|`; later ones
    are further alternatives at that column or their bodies, indented deeper."""
    if _HEAD.match(group[0][2]) is None:
        return False
    if len(group) == 1:
        return it[2].startswith("|")
    alt_col = group[1][1]
    return (it[2].startswith("|") and it[1] == alt_col) or it[1] > alt_col


def split_alternatives(group: list[Line]) -> tuple[str, list[Alternative]] | None:
    """(`induction n`, alternatives) for a `… with | … => …` group; None for anything else."""
    one = _one_line(group)
    if one is not None:
        group = one
    m = _HEAD.match(group[0][2])
    if m is None or len(group) < 2 or not group[1][2].startswith("|"):
        return None
    alts: list[Alternative] = []
    alt_col = group[1][1]
    cur: list[Line] = []
    head_line: Line | None = None

    def close() -> None:
        if head_line is None:
            return
        am = _ALT.match(head_line[2])
        if am is None:
            raise TacticFail("unexpected token; expected '| tag names => tactics'")
        inline = am.group(3)
        block = ([(head_line[0], head_line[1] + len(head_line[2]) - len(inline.lstrip()), inline.strip())]
                 if inline.strip() else []) + cur
        alts.append(Alternative(am.group(1), am.group(2).split(), block, head_line[0], head_line[1]))

    for it in group[1:]:
        if it[2].startswith("|") and it[1] == alt_col:
            close()
            head_line, cur = it, []
        elif head_line is not None and it[2].startswith("<;>"):
            # `<;>` is a trailing parser with no column check: Lean's Pratt loop applies it to the
            # innermost tactic parsed last, i.e. the last tactic of the last alternative's body
            cur.append(it)
        elif head_line is None or it[1] <= alt_col:
            raise TacticFail("unexpected token; expected '|'")
        else:
            cur.append(it)
    close()
    return f"{m.group(1)} {m.group(2)}", alts


def rename_newest(g: Goal, names: list[str]) -> Goal:
    """Name the newest inaccessible hypotheses; a renamed variable is renamed where it is used."""
    idx = [i for i, h in enumerate(g.hyps) if not h.accessible]
    if len(names) > len(idx):
        raise TacticFail("too many variable names provided")
    hyps, target = list(g.hyps), g.target
    for i, nm in zip(idx[len(idx) - len(names) :], names, strict=True):
        if nm == "_":
            continue
        check_name(nm)
        old = hyps[i]
        # names stand for variables in propositions: an older variable of that name is shadowed as in
        # Lean, renamed `nm✝` everywhere first (names.shadow_vars), so the two never merge
        if any(j != i and h.is_var and h.name == nm for j, h in enumerate(hyps)):
            shadowed, target, _ = shadow_vars(tuple(hyps), target, [nm])
            hyps = list(shadowed)
        used = prop_vars(target).union(*(prop_vars(h.ty) for h in hyps if not h.is_var))  # type: ignore[arg-type]
        if old.is_var and nm != old.name and nm in used:
            raise TacticFail(f"minilean: the name '{nm}' is already used; choose a fresh one")
        for j, h in enumerate(hyps):  # the new name shadows an accessible one
            if j != i and h.accessible and h.name == nm:
                hyps[j] = Hyp(h.name, h.ty, accessible=False)
        hyps[i] = Hyp(nm, old.ty)
        if old.is_var and old.name != nm:
            try:
                for j in range(i + 1, len(hyps)):
                    if not hyps[j].is_var:
                        ty = subst_prop(hyps[j].ty, old.name, EVar(nm))  # type: ignore[arg-type]
                        hyps[j] = Hyp(hyps[j].name, ty, hyps[j].accessible)
                target = subst_prop(target, old.name, EVar(nm))
            except SyntaxErr as e:
                raise TacticFail(str(e)) from None
    return Goal(tuple(hyps), target, g.tag)


def _tag_is(tag: str | None, name: str) -> bool:
    return bool(tag) and (tag == name or tag.endswith("." + name))  # type: ignore[union-attr]


def run_alternatives(
    goals: list[Goal],
    made: list[Goal],
    alts: list[Alternative],
    run_block: Callable[[list[Line], list[Goal]], list[Goal]],
) -> list[Goal]:
    """Close each goal `made` by the head tactic (the first ones of `goals`) with its alternative."""
    rest = goals[len(made) :]
    pending = list(made)
    for alt in alts:
        k = next((i for i, g in enumerate(pending) if _tag_is(g.tag, alt.tag)), None)
        if k is None:
            raise TacticFail(f"invalid alternative name '{alt.tag}'")
        g = rename_newest(pending.pop(k), alt.names)
        if not alt.block:
            raise TacticFail("unexpected end of input; expected tactic")
        left = run_block(alt.block, [Goal(g.hyps, g.target, None)])
        if left:
            raise TacticFail("unsolved goals\n" + "\n\n".join(x.render() for x in left))
    if pending:
        tag = (pending[0].tag or "").split(".")[-1]
        raise TacticFail(f"alternative '{tag}' has not been provided")
    return rest


__all__ = ["Alternative", "continues_alternatives", "rename_newest", "run_alternatives", "split_alternatives"]
