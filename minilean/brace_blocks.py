"""`{ tac; … }` tactic blocks (Lean core `tacticSeqBracketed`, `Elab/Tactic/BuiltinTactic.lean`).

What Lean does: `evalTacticSeqBracketed` runs the tactics under `closeUsingOrAdmit`, i.e. it focuses on the
main goal, runs the sequence, and fails ("unsolved goals") unless that goal is closed; the other goals wait,
exactly as `· tacs` does (Lean's own comment: `·` is an adjusted copy of it). The tactics inside are
separated by newlines or `;` and may sit at any column (the braces delimit them).

Modelled here, as a rewrite of the block's lines before the engine groups them:

* a tactic that starts with `{` (at the block's column) up to the line where its braces balance becomes a
  `·` block: `{ t1` / `t2 }` → `· t1` / `t2`, a lone `{` or `}` line disappears;
* a tactic line ending in `by {` (the block of `have … := by {`): `by { tacs }` is `by tacs`, since a
  `by` block starts with its one goal and must close it either way; the `{` is dropped, the tactics become
  that `by`'s nested block and the closing `}` disappears.

The inner lines keep their layout relative to each other; when they sit left of the line that opened the
braces (allowed in Lean, not in minilean's column-based grouping) they are shifted right as a whole, which
changes only the columns error messages report. Braces that never balance leave the lines as written
(the engine then refuses `{` as before).
"""

from __future__ import annotations

import re

Line = tuple[int, int, str]  # (line, column, text), as the engine splits a block

_BY_BRACE = re.compile(r"\bby\s*\{$")


def _balance(text: str) -> int:
    return text.count("{") - text.count("}")


def _close(items: list[Line], start: int, depth: int) -> int | None:
    """Index of the item where the braces opened at `start` (net `depth` there) balance, or None."""
    for j in range(start + 1, len(items)):
        depth += _balance(items[j][2])
        if depth == 0:
            return j if items[j][2].endswith("}") else None
        if depth < 0:
            return None
    return None


def _inner(items: list[Line], lo: int, hi: int, first: str, col: int) -> list[Line]:
    """The items `lo..hi` with the closing `}` stripped, shifted right of column `col` when needed;
    `first` (the text after `{` on the opening line) leads when not empty."""
    body = list(items[lo:hi + 1])
    ln_last, c_last, t_last = body[-1]
    body[-1] = (ln_last, c_last, t_last[:-1].rstrip())
    body = [it for it in body if it[2]]
    if body:
        shift = max(0, col + 1 - min(c for _, c, _ in body))
        body = [(ln, c + shift, t) for ln, c, t in body]
    return ([(items[lo - 1][0], col + 2, first)] if first else []) + body


def unbrace(items: list[Line]) -> list[Line]:
    """The block's lines with its `{ … }` tactic blocks rewritten as described above."""
    if not items:
        return items
    base = items[0][1]
    out: list[Line] = []
    i = 0
    while i < len(items):
        ln, c, text = items[i]
        if c == base and text.startswith("{"):
            depth = _balance(text)
            if depth == 0 and text.endswith("}"):  # `{ t1; t2 }` on one line
                inner = text[1:-1].strip()
                out.append((ln, c, "· " + inner if inner else "·"))
                i += 1
                continue
            j = _close(items, i, depth) if depth > 0 else None
            if j is not None:
                first = text[1:].strip()
                body = _inner(items, i + 1, j, "", c)
                out.append((ln, c, "· " + first if first else "·"))
                out.extend(body)
                i = j + 1
                continue
        if c == base and _BY_BRACE.search(text):
            j = _close(items, i, _balance(text))
            if j is not None:
                out.append((ln, c, text[:-1].rstrip()))
                out.extend(_inner(items, i + 1, j, "", c))
                i = j + 1
                continue
        out.append(items[i])
        i += 1
    return out


__all__ = ["unbrace"]
