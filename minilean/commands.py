"""The command grammar around declarations: `open … in`, `set_option … in`, and the no-skipping rule.

minilean elaborates `theorem` / `lemma` / `example` and accepts a few commands without effect on its
fragment (`open A B`, `set_option maxHeartbeats N`). Those are parsed completely, never skipped by their
first word: a prefix form `open A in <command>` / `set_option maxHeartbeats N in <command>` elaborates the
command after `in`, and anything else after an `open`/`set_option` (a declaration on an indented line, a
stray token) is an error. As a last line of defence, `unchecked_declarations` compares the declaration
keywords written in the source with the declarations actually elaborated: a source where one of them was
not elaborated is refused as a whole.
"""

from __future__ import annotations

import re

from minilean.syntax import _IDENT_RE, KEYWORDS

# every Lean keyword that starts a declaration (all are reserved words in Lean, never identifiers)
DECL_KEYWORDS = (
    "theorem",
    "lemma",
    "example",
    "def",
    "abbrev",
    "instance",
    "axiom",
    "opaque",
    "structure",
    "inductive",
    "class",
)
_DECL_RE = re.compile(rf"(?<![\w'!?])(?:{'|'.join(DECL_KEYWORDS)})(?![\w'!?])")
_OPEN_IN_RE = re.compile(rf"^open((?:\s+{_IDENT_RE.pattern})+?)\s+in(?=\s)")
_OPEN_RE = re.compile(rf"^open((?:\s+{_IDENT_RE.pattern})+)\s*$")
_OPTION_IN_RE = re.compile(r"^set_option\s+maxHeartbeats\s+\d+\s+in(?=\s)")
_OPTION_RE = re.compile(r"^set_option\s+maxHeartbeats\s+\d+\s*$")
_NOT_NAMESPACES = set(KEYWORDS) | set(DECL_KEYWORDS) | {"in", "open", "set_option"}


class CommandError(Exception):
    """The command is not in the grammar minilean checks."""


def count_declarations(text: str) -> int:
    """How many declaration keywords occur in `text` (comments already blanked out)."""
    return len(_DECL_RE.findall(text))


def unterminated_comment(src: str) -> bool:
    """Does a `/-` block comment (they nest) run to the end of `src`? Lean rejects that source; treating
    the rest as a comment would hide whatever it contains from the checker's verdict."""
    i, n, depth = 0, len(src), 0
    while i < n:
        if src.startswith("/-", i):
            depth += 1
            i += 2
        elif depth and src.startswith("-/", i):
            depth -= 1
            i += 2
        elif not depth and src.startswith("--", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        else:
            i += 1
    return depth > 0


def ends_with_in(text: str) -> bool:
    """Does a prefix command (`open … in`, `set_option … in`) end here, its command on the next line?"""
    return bool(re.match(r"^(open|set_option)\b", text)) and bool(re.search(r"\sin\s*$", text))


def split_prefix(text: str) -> tuple[bool, int | None]:
    """For a command starting with `open` or `set_option`: (valid, offset of the command after `in`).

    (True, None): a complete standalone command; (True, k): a prefix, the inner command starts at `k`;
    raises CommandError otherwise.
    """
    for with_in, alone in ((_OPEN_IN_RE, _OPEN_RE), (_OPTION_IN_RE, _OPTION_RE)):
        m = with_in.match(text)
        if m is not None:
            if with_in is _OPEN_IN_RE:
                _check_namespaces(m.group(1))
            rest = text[m.end() :]
            if not rest.strip():
                raise CommandError("unexpected end of input; expected command after 'in'")
            return True, m.end() + (len(rest) - len(rest.lstrip()))
        m = alone.match(text)
        if m is not None:
            if alone is _OPEN_RE:
                _check_namespaces(m.group(1))
            return True, None
    word = text.split()[0] if text.split() else ""
    if word == "set_option":
        raise CommandError("minilean: only `set_option maxHeartbeats N` (optionally `… in`) is supported")
    raise CommandError(f"minilean: unsupported '{word}' command (expected `open A B` or `open A B in …`)")


def opened_namespaces(text: str) -> tuple[str, ...]:
    """The namespaces an `open A B` / `open A B in …` command (already validated by split_prefix) names;
    () for a `set_option` command."""
    m = _OPEN_IN_RE.match(text) or _OPEN_RE.match(text)
    return tuple(m.group(1).split()) if m is not None else ()


def _check_namespaces(names: str) -> None:
    for nm in names.split():
        if nm in _NOT_NAMESPACES:
            raise CommandError(f"unexpected token '{nm}'; expected identifier")


__all__ = [
    "DECL_KEYWORDS",
    "CommandError",
    "count_declarations",
    "ends_with_in",
    "opened_namespaces",
    "split_prefix",
    "unterminated_comment",
]
