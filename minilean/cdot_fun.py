"""Lean's `·` function notation inside parentheses: `((4 : ℝ) * ·)` is `fun x => (4 : ℝ) * x`.

Lean (`Lean.Elab.Term.expandCDot?`, the macro of `Term.paren`): when the syntax inside a pair of
parentheses contains `·` (not counting the inside of nested parentheses, which expand on their own), the
parentheses become `fun x₁ … xₙ => e` with one fresh binder per `·`, left to right. So the `·` belongs
to the nearest enclosing `( … )`.

Modelled on the token list of `syntax.Parser`, before the parenthesised term is parsed: the `·` tokens at
the parentheses' own depth are renamed to fresh binder names and the caller builds the `fun`. Weaker than
Lean, left as parse errors: a `·` inside other brackets (`⟨ ⟩`, `[ ]`, `{ }`) under these
parentheses, a `·` next to a `:` ascription at this depth (`(· + 1 : ℝ)`: the ascription form's handling
differs across Lean versions), and parentheses that also contain `by`, `fun` or `λ` (a tactic bullet `·` is
another syntax kind; a `fun` body's `·` would need the nesting of both binders).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

_OPEN = {"(": ")", "[": "]", "{": "}", "⟨": "⟩"}
_CLOSE = set(_OPEN.values())
_BLOCKERS = {"by", "fun", "λ"}
_PREFIX = "x✝·"  # `✝` cannot occur in a user's identifier, so the binders are fresh


class _Tok(Protocol):
    kind: str
    text: str
    pos: int


def cdot_binders(toks: list, start: int) -> list[str] | None:
    """Rename the `·` tokens of the parentheses whose content starts at `toks[start]` (just after the `(`)
    to fresh binder names, in place; return those names, or None (nothing renamed) when these parentheses
    are no `·` function or one of the refused layouts."""
    depth = 0
    hits: list[int] = []
    nested_cdot = ascribed = False
    i = start
    while i < len(toks):
        t: _Tok = toks[i]
        if t.kind == "eof":
            return None
        if t.kind == "id" and t.text in _BLOCKERS:
            return None
        if t.kind == "sym" and t.text in _OPEN:
            depth += 1
        elif t.kind == "sym" and t.text in _CLOSE:
            if depth == 0:
                break
            depth -= 1
        elif t.kind == "sym" and t.text == "·":
            if depth == 0:
                hits.append(i)
            elif not _inside_parens(toks, start, i):
                nested_cdot = True
        elif t.kind == "sym" and t.text == ":" and depth == 0:
            ascribed = True
        i += 1
    if not hits or nested_cdot or ascribed:
        return None
    names = [f"{_PREFIX}{k}" for k in range(len(hits))]
    for k, j in enumerate(hits):
        toks[j] = replace(toks[j], kind="id", text=names[k])
    return names


def _inside_parens(toks: list, start: int, at: int) -> bool:
    """Whether the token `at` sits inside nested round parentheses only (those expand on their own), as
    opposed to inside some other bracket kind."""
    stack: list[str] = []
    for t in toks[start:at]:
        if t.kind == "sym" and t.text in _OPEN:
            stack.append(t.text)
        elif t.kind == "sym" and t.text in _CLOSE and stack:
            stack.pop()
    return bool(stack) and stack[-1] == "("


def as_fun(names: list[str], body: tuple) -> tuple:
    """The node `fun x₁ … xₙ => body` (binders without types, as `fun x => …` parses)."""
    return ("fun", tuple((nm, None) for nm in names), body)


__all__ = ["as_fun", "cdot_binders"]
