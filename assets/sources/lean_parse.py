"""Split a Lean 4 source file into theorem records with their proofs replaced by ``sorry``.

Used for MiniF2F (``Valid.lean``/``Test.lean``) and any other benchmark shipped as Lean files. The
parser is lexical, not a Lean elaborator, but it understands exactly what decides where a theorem
starts and where its proof starts:

* comments (``--``, nested ``/- … -/``, docstrings ``/-- … -/``), string and char literals are
  masked before any structural decision, so ``--`` in a string or ``theorem`` in a comment is inert;
* a command starts at column 0 with a command keyword (or ``@[``/a docstring); prefixes such as
  ``@[simp]``, a docstring, ``open Foo in``, ``set_option … in`` or ``private`` glue onto the
  declaration that follows them;
* the proof starts at the first ``:=`` outside brackets that is not consumed by a ``let``/``have``
  in the statement itself (``(h : f = fun x => x := …)`` binder defaults sit inside brackets);
  equation-style theorems (``| 0 => …``) are handled too.

A theorem's ``header`` is every preceding non-theorem command of the file (``open``, ``namespace``,
``variable``, ``def`` …) without imports, ``#``-commands or comments, so ``header + "\\n\\n" +
statement`` elaborates in the same context as the original file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SORRY_BODY = "by\n  sorry"

# Commands that can start at column 0 (modifiers included: they start a declaration).
_COMMAND_KEYWORDS = frozenset(
    """
    theorem lemma def example abbrev instance structure inductive class axiom opaque
    open namespace section end variable universe set_option import attribute export
    noncomputable private protected partial unsafe nonrec mutual
    notation infix infixl infixr prefix postfix macro macro_rules syntax elab elab_rules
    local scoped declare_syntax_cat initialize builtin_initialize deriving omit include
    """.split()
)
_MODIFIERS = frozenset({"noncomputable", "private", "protected", "partial", "unsafe", "nonrec"})
_THEOREM_KINDS = frozenset({"theorem", "lemma"})
_SCOPED_PREFIXES = frozenset({"open", "set_option", "variable", "omit", "include"})  # `… in <decl>`
_OPENERS = "([{⦃⟨⟦⁅⟪"
_CLOSERS = ")]}⦄⟩⟧⁆⟫"
_BINDS_ASSIGN = frozenset({"let", "have", "letI", "haveI"})  # `let x := v` inside a statement
_IDENT_CHAR = re.compile(r"[\w'!?.₀-₉ₐ-ₜᵢ-ᵪ]")
_WORD = re.compile(r"[^\W\d][\w'!?₀-₉ₐ-ₜᵢ-ᵪ]*(?:\.[\w'!?₀-₉ₐ-ₜᵢ-ᵪ]+)*|«[^»]*»")
_CHAR_LITERAL = re.compile(r"'(?:\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)|[^\\'\n])'")


@dataclass(frozen=True)
class TheoremRecord:
    name: str
    header: str  # preceding opens/namespaces/variables/defs of the file, no imports, no comments
    statement: str  # attributes/docstring … `:=` + " by\n  sorry"
    kind: str  # "theorem" | "lemma"
    had_proof: bool  # the file contained a real proof (not just `sorry`)
    dataset: str = ""
    split: str = ""


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    kind: str  # "line_comment" | "block_comment" | "doc_comment" | "string" | "char"


def lex_spans(text: str) -> list[_Span]:
    """Comment, string and char-literal spans of ``text`` in order (unterminated ones run to EOF)."""
    spans: list[_Span] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("--", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            spans.append(_Span(i, j, "line_comment"))
            i = j
        elif text.startswith("/-", i):
            kind = (
                "doc_comment"
                if text.startswith("/--", i) and not text.startswith("/--/", i)
                else ("block_comment")
            )
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/-", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("-/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            spans.append(_Span(i, j, kind))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            spans.append(_Span(i, j, "string"))
            i = j
        elif c == "'" and (i == 0 or not _IDENT_CHAR.match(text[i - 1])):
            m = _CHAR_LITERAL.match(text, i)
            if m:
                spans.append(_Span(i, m.end(), "char"))
                i = m.end()
            else:
                i += 1
        else:
            i += 1
    return spans


def mask(text: str, spans: list[_Span]) -> str:
    """``text`` with every comment/string/char character replaced by a space (newlines kept)."""
    chars = list(text)
    for s in spans:
        for k in range(s.start, s.end):
            if chars[k] != "\n":
                chars[k] = " "
    return "".join(chars)


def strip_comments(text: str) -> str:
    """Drop comments (keep strings), trailing spaces and blank lines."""
    out, last = [], 0
    for s in lex_spans(text):
        if s.kind.endswith("comment"):
            out.append(text[last : s.start])
            last = s.end
    out.append(text[last:])
    lines = [line.rstrip() for line in "".join(out).split("\n")]
    return "\n".join(line for line in lines if line.strip())


@dataclass
class _Command:
    start: int
    end: int
    doc_only: bool = False  # a docstring on its own: glue onto the next command


def _first_word(masked: str, pos: int) -> str:
    m = _WORD.match(masked, pos)
    return m.group(0) if m else ""


def _commands(text: str, masked: str, spans: list[_Span]) -> list[_Command]:
    """Top-level commands: from one column-0 command start to the next."""
    starts: list[tuple[int, bool]] = []
    doc_starts = {s.start for s in spans if s.kind == "doc_comment"}
    pos = 0
    for line in text.split("\n"):
        if pos in doc_starts:
            starts.append((pos, True))
        else:
            word = _first_word(masked, pos)
            if word in _COMMAND_KEYWORDS or masked.startswith("@[", pos) or masked.startswith("#", pos):
                starts.append((pos, False))
        pos += len(line) + 1
    commands = []
    for k, (start, doc) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(text)
        commands.append(_Command(start, end, doc_only=doc))
    return commands


def _skip_ws(masked: str, i: int, end: int) -> int:
    while i < end and masked[i].isspace():
        i += 1
    return i


def _match_bracket(masked: str, i: int, end: int) -> int:
    """Index just past the bracket group opened at ``masked[i]`` (or ``end`` if unbalanced)."""
    depth = 0
    while i < end:
        c = masked[i]
        if c in _OPENERS:
            depth += 1
        elif c in _CLOSERS:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return end


def _is_prefix_only(masked: str, cmd: _Command) -> bool:
    """A command that only prefixes the next one: attributes, modifiers, `open … in`, `set_option … in`."""
    body = masked[cmd.start : cmd.end].strip()
    if not body:
        return False
    if re.search(r"(?<![\w'!?.])in$", body):
        return True
    i = 0
    while i < len(body):
        i = _skip_ws(body, i, len(body))
        if i >= len(body):
            return True
        if body.startswith("@[", i):
            i = _match_bracket(body, i + 1, len(body))
            continue
        word = _first_word(body, i)
        if word in _MODIFIERS:
            i += len(word)
            continue
        return False
    return True


def _declaration_keyword(masked: str, start: int, end: int) -> tuple[str, int]:
    """Skip prefixes (attributes, modifiers, `open … in`) and return (keyword, its end index)."""
    i = start
    while True:
        i = _skip_ws(masked, i, end)
        if i >= end:
            return "", i
        if masked.startswith("@[", i):
            i = _match_bracket(masked, i + 1, end)
            continue
        word = _first_word(masked, i)
        if word in _MODIFIERS:
            i += len(word)
            continue
        if word in _SCOPED_PREFIXES:
            m = re.compile(r"(?<![\w'!?.])in(?![\w'!?])").search(masked, i, end)
            nl = masked.find("\n", i, end)
            # `open Foo in` may span one line; a plain `open Foo` is a command of its own.
            if m and (nl < 0 or m.start() < nl or masked[nl : m.start()].strip() == ""):
                i = m.end()
                continue
        return word, i + len(word)


def _proof_start(masked: str, i: int, end: int) -> tuple[int, int] | None:
    """(start, end) of the `:=` that begins the proof, or of a leading `|` equation line; else None."""
    depth = 0
    pending = 0  # `let`/`have` in the statement whose own `:=` is still to come
    at_line_start = False
    while i < end:
        c = masked[i]
        if c == "\n":
            at_line_start = True
            i += 1
            continue
        if c in _OPENERS:
            depth += 1
        elif c in _CLOSERS:
            depth = max(0, depth - 1)
        elif depth == 0 and masked.startswith(":=", i):
            if pending:
                pending -= 1
            else:
                return i, i + 2
            i += 2
            at_line_start = False
            continue
        elif depth == 0 and c == "|" and at_line_start and _is_equation_line(masked, i, end):
            return i, i
        elif (c.isalpha() or c == "_") and (i == 0 or not _IDENT_CHAR.match(masked[i - 1])):
            word = _first_word(masked, i)
            if word in _BINDS_ASSIGN and depth == 0:
                pending += 1
            if word:
                i += len(word)
                at_line_start = False
                continue
        if not c.isspace():
            at_line_start = False
        i += 1
    return None


def _is_equation_line(masked: str, i: int, end: int) -> bool:
    """`| pat => rhs` (equation compiler) rather than an absolute value `|x| ≤ …` at a line start."""
    nl = masked.find("\n", i, end)
    line = masked[i : end if nl < 0 else nl]
    return line[1:2].isspace() and "=>" in line


def _is_trivial_proof(body: str) -> bool:
    tokens = strip_comments(body).split()
    return tokens in ([], ["by"], ["sorry"], ["by", "sorry"], ["by", "{", "sorry", "}"])


def parse_lean_file(text: str, *, dataset: str = "", split: str = "") -> list[TheoremRecord]:
    """Every `theorem`/`lemma` of a Lean 4 file, with its context and its proof replaced by `sorry`."""
    text = text.replace("\r\n", "\n")
    spans = lex_spans(text)
    masked = mask(text, spans)
    commands = _commands(text, masked, spans)

    # Glue docstrings and prefix-only commands onto the command that follows them.
    merged: list[_Command] = []
    carry: int | None = None
    for cmd in commands:
        start = cmd.start if carry is None else carry
        if cmd.doc_only or _is_prefix_only(masked, cmd):
            carry = start
            continue
        merged.append(_Command(start, cmd.end))
        carry = None
    if carry is not None:
        merged.append(_Command(carry, len(text)))

    records: list[TheoremRecord] = []
    header_parts: list[str] = []
    for cmd in merged:
        keyword, kw_end = _declaration_keyword(masked, cmd.start, cmd.end)
        if keyword in _THEOREM_KINDS:
            name_start = _skip_ws(masked, kw_end, cmd.end)
            m = re.compile(r"[^\s(\[{⦃⟨:]+").match(masked, name_start)
            name = m.group(0) if m else ""
            found = _proof_start(masked, m.end() if m else name_start, cmd.end)
            if found is None:  # no body at all (a bare declaration): nothing was proven
                sig_end, had_proof = cmd.end, False
            elif found[0] == found[1]:  # equation-style proof `| 0 => …`
                sig_end, had_proof = found[0], True
            else:
                sig_end, had_proof = found[0], not _is_trivial_proof(text[found[1] : cmd.end])
            # Trailing comments of the signature are masked: cut them so `:=` is not commented out.
            sig_len = len(masked[cmd.start : sig_end].rstrip())
            signature = text[cmd.start : cmd.start + sig_len]
            records.append(
                TheoremRecord(
                    name=name,
                    header="\n".join(header_parts),
                    statement=f"{signature} := {SORRY_BODY}",
                    kind=keyword,
                    had_proof=had_proof,
                    dataset=dataset,
                    split=split,
                )
            )
        elif keyword in ("import", "example") or masked[cmd.start : cmd.end].lstrip().startswith("#"):
            continue  # imports are server-side; examples and #-commands add nothing to the context
        else:
            part = strip_comments(text[cmd.start : cmd.end])
            if part:
                header_parts.append(part)
    return records
