"""Layout of tactic blocks: nested `by` blocks in `have`/`suffices`, and lines continued inside brackets.

Lean reads `have h : T := by tac₁ …` as a new goal `T` proved by the nested block (everything after
`by` on that line, then the lines indented under the `have`), followed by the main goal with `h`.
`suffices h : T by tac …` is the mirror image: the block proves the main goal from `h`, and `T` is
left to prove. Inside brackets, line breaks and columns carry no meaning, so a line that leaves a
bracket open continues on the next line whatever that line's column is.

Lines are `(line, column, text)` items as the engine splits them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from minilean.by_in_brackets import _CLOSE, _OPEN, Line, bracket_depth, join_by_blocks
from minilean.syntax import SORT_ALIASES

__all__ = ["Line", "NestedBy", "bracket_depth", "merge_open_brackets", "split_nested_by"]

_HAVE_HEAD = re.compile(r"^(have|haveI)\b")
_SUFFICES_HEAD = re.compile(r"^suffices\b")


def merge_open_brackets(items: list[Line]) -> list[Line]:
    """Join each line that leaves a bracket open with the lines that close it."""
    out: list[Line] = []
    depth = 0
    for it in join_by_blocks(items):
        if out and depth > 0:
            ln, c, text = out[-1]
            out[-1] = (ln, c, text + " " + it[2])
        else:
            out.append(it)
        depth = bracket_depth(out[-1][2])
    return out


@dataclass(frozen=True)
class NestedBy:
    kind: str  # "have" (the block proves the new fact) or "suffices" (the block proves the main goal)
    head: str  # the tactic that makes the goals, e.g. `have h : T`
    block: list[Line]  # the nested tactic block (may be empty: an error for the caller)
    line: int  # position of `by`, for errors
    column: int


def _find_top(text: str, pattern: re.Pattern[str]) -> re.Match[str] | None:
    """First match of `pattern` starting at bracket depth 0."""
    depth = 0
    for k, ch in enumerate(text):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
        elif depth == 0:
            m = pattern.match(text, k)
            if m:
                return m
    return None


_ASSIGN_BY = re.compile(r":=\s*by\b")
_BY = re.compile(r"(?<![\w.'])by\b")
# `suffices h : T from e` is `suffices h : T by exact e` (both elaborate `e` against the main goal with h)
_BY_OR_FROM = re.compile(r"(?<![\w.'])(?:by|from)\b")


# `have h : T` / `have h (x : ℕ) : T` / `have : T` (a name, or nothing, before the colon)
_NAMED = re.compile(r"^have\s*(?::|[^\W\d][\w'.!?₀-₉]*\s*[:({\[])")


def _from_by(content: str, rest: list[Line]) -> tuple[str, list[Line]] | None:
    """The tactics of `from by …` (`by` on the `from` line or alone starting the next one), or None."""
    if content == "by" or content.startswith("by "):
        return content[2:].strip(), rest
    if not content and rest and (rest[0][2].strip() == "by" or rest[0][2].strip().startswith("by ")):
        return rest[0][2].strip()[2:].strip(), rest[1:]
    return None


def lift_binders(head: str) -> tuple[str, list[str]] | None:
    """`have f (x y : ℝ) (h : P) : Q` as `have f : ∀ (x y : ℝ), P → Q` and the names to introduce;
    `{a b : ℕ}` (implicit numbers) as `∀ {a b : ℕ}, …` (Lean's `intro` introduces implicit binders too)."""
    m = re.match(r"^(have|haveI)\s+([^\s(:{\[]+)\s*[({]", head)
    if m is None:
        return None
    i, parts, names = m.end() - 1, [], []
    while i < len(head) and head[i] in "({":
        depth, j = 0, i
        while j < len(head):
            depth += head[j] in _OPEN
            depth -= head[j] in _CLOSE
            if depth == 0:
                break
            j += 1
        binder_names, colon, ty = head[i + 1 : j].partition(":")
        if not colon or not binder_names.split():
            return None
        ty = ty.strip()
        if head[i] == "{":
            if ty not in SORT_ALIASES:  # an implicit proof or instance binder: not modelled
                return None
            parts.append(f"∀ {{{binder_names.strip()} : {ty}}}, ")
        elif ty in SORT_ALIASES:
            parts.append(f"∀ ({binder_names.strip()} : {ty}), ")
        else:
            parts.append(f"({ty}) → " * len(binder_names.split()))
        names.extend(binder_names.split())
        i = j + 1
        while i < len(head) and head[i] == " ":
            i += 1
    if not head[i:].startswith(":") or head[i:].startswith(":="):
        return None
    # the conclusion is one term: `(h : A) : B ↔ C` is `A → (B ↔ C)` (`↔` binds looser than `→`)
    return f"{m.group(1)} {m.group(2)} : {''.join(parts)}({head[i + 1 :].strip()})", names


def split_nested_by(group: list[Line]) -> NestedBy | None:
    """`have … := by …` / `suffices … by …` split into the goal-making head and the nested block;
    None for any other tactic (including `have … := term`)."""
    first = group[0][2]
    if _HAVE_HEAD.match(first):
        kind, pattern = "have", _ASSIGN_BY
    elif _SUFFICES_HEAD.match(first):
        kind, pattern = "suffices", _BY_OR_FROM
    else:
        return None
    head_parts: list[str] = []
    depth = 0
    for j, (ln, c, text) in enumerate(group):
        m = _find_top(text, pattern) if depth == 0 else None
        if m is None:
            head_parts.append(text)
            depth += bracket_depth(text)
            continue
        head_parts.append(text[: m.start()])
        by_col = c + m.end() - 2
        inline = text[m.end() :]
        content = inline.strip()
        block: list[Line] = []
        from_by = _from_by(content, group[j + 1 :]) if m.group().startswith("from") else None
        if from_by is not None:  # `from by tac …` (the `by` maybe on the next line) is `by tac …`
            if from_by[0]:
                block.append((ln, c, from_by[0]))
            block.extend(from_by[1])
        elif m.group().startswith("from"):  # the term runs to the end of the group: one `exact` line
            term = " ".join([content, *(t.strip() for _, _, t in group[j + 1 :])]).strip()
            if term:
                block.append((ln, c + m.start(), "exact " + term))
        elif content:
            block.append((ln, c + m.end() + len(inline) - len(inline.lstrip()), content))
        if not m.group().startswith("from"):
            block.extend(group[j + 1 :])
        head = " ".join(p.strip() for p in head_parts if p.strip())
        lifted = lift_binders(head) if kind == "have" else None
        if lifted is not None:  # `have f (x : ℕ) : P x := by tac` = `have f : ∀ x, P x := by intro x; tac`
            head, names = lifted
            ln0, c0 = (block[0][0], block[0][1]) if block else (ln, by_col)
            block.insert(0, (ln0, c0, "intro " + " ".join(names)))
        if kind == "suffices":
            head = "have" + head[len("suffices") :]
            if not _NAMED.match(head):  # `suffices T by …` names the new hypothesis `this`
                head = "have : " + head[len("have") :].strip()
        elif head.startswith("haveI"):
            head = "have" + head[len("haveI") :]
        return NestedBy(kind, head, block, ln, by_col)
    return None


__all__ = ["NestedBy", "bracket_depth", "merge_open_brackets", "split_nested_by"]
