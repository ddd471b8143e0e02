"""A `(by` term argument whose tactic block spans lines inside brackets:

    rw [Nat.sub_add_cancel (by
      have h : P := by linarith
      exact foo h
    )]

Inside brackets line breaks carry no meaning to `nested.merge_open_brackets`, which would join the block's
tactics into one line. Lean reads the block after `by` as a tactic sequence laid out by column. The block
is rewritten into the one-line sequence `(by (t₁); (t₂); …)` that Lean reads the same way: a parenthesised
tactic sequence keeps each tactic, and whatever `by` it ends with, from swallowing the next one.

Only the simple layout is handled: every line of the block at one column, each line's brackets balanced,
and the `)` that closes the term alone at the start of the next line. Anything else (a tactic continued on
deeper lines, a nested block) is left as written and refused as before.

The bracket primitives the layout code shares (`Line`, `bracket_depth`) live here too, so that
`nested` imports this module and not the other way round.
"""

from __future__ import annotations

import re

Line = tuple[int, int, str]  # (line, column, text), as the engine splits a block

_OPEN, _CLOSE = "([{⟨", ")]}⟩"


def bracket_depth(text: str) -> int:
    depth = 0
    for ch in text:
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
    return depth


_OPEN_BY = re.compile(r"\(by\s*$")


def _chain_ok(items: list[Line], i: int, col: int, tactic_col: int | None) -> bool:
    """May line `i` (at `col`) open a `(by` block? A line beginning with `)` continues the term of an
    earlier opener on this tactic (`rw [f (by …) (by …)]`); it is joined only when it lies deeper than the
    tactic line that opened the brackets. Lean's brackets clear the saved position (`withoutPosition`),
    so Lean may accept shallower layouts too; we did not settle which, and stay weaker there."""
    if not items[i][2].startswith(")"):
        return True
    return tactic_col is not None and col > tactic_col


def join_by_blocks(items: list[Line]) -> list[Line]:
    out: list[Line] = []
    i = 0
    tactic_col: int | None = None  # column of the tactic line whose `(by` chain is being read
    while i < len(items):
        ln, col, text = items[i]
        if not text.startswith(")"):
            tactic_col = None
        if _OPEN_BY.search(text) and _chain_ok(items, i, col, tactic_col):
            j = i + 1
            block: list[str] = []
            while j < len(items) and not items[j][2].startswith(")"):
                block.append(items[j][2])
                j += 1
            cols = {items[k][1] for k in range(i + 1, j)}
            # The block's first tactic fixes its column (`sepByIndent`); after a chained `) (by` the
            # block may sit at that line's own column, as it is no tactic of the enclosing sequence.
            chained = text.startswith(")")
            simple = (
                j < len(items)
                and block
                and len(cols) == 1
                and (min(cols) >= col if chained else min(cols) > col)
                and all(bracket_depth(t) == 0 for t in block)
            )
            if simple:
                if not chained:
                    tactic_col = col
                out.append((ln, col, text + " " + "; ".join(f"({t})" for t in block)))
                i = j
                continue
        out.append(items[i])
        i += 1
    return out
