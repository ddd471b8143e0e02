"""Tactic sanitizer: refuse anything that runs code, changes the trust base or escapes the proof.

Tactics come from a language model and end up inside a Lean file (``is_valid_source``) or a REPL
command, so every tactic passes here before it leaves the process (``Branch.try_apply_tactic``).

Decisions (conservative: a false refusal costs one search edge, a false pass can forge a proof):

* Matching is on whole identifier tokens (Lean's identifier characters, including ``'``, ``!``,
  ``?`` and dotted names), never on substrings: ``h_sorry_free`` and ``simpa using h`` pass,
  ``sorry`` and ``Foo.sorry`` do not. Exceptions are whole families matched by their shape:
  components starting with ``unsafe``/``Unsafe`` or ``dbg``, and ``declare_*``/``register_*``.
* Every dotted component is checked, and names rooted in ``IO``, ``System``, ``Lean`` (meta code,
  ``Lean.ofReduceBool``), ``EIO``, ``BaseIO`` or ``ST`` are refused.
* Text inside string literals is scanned like any other text (``trace "sorry"`` is refused).
* ``open Foo in <tactic>`` is allowed (scoped to that one tactic); a bare ``open`` and every
  ``set_option`` (it can switch kernel checks off) are refused.
* Search/suggestion tactics (``apply?``, ``exact?``, ``rw?``, ``simp?``, ``aesop?``, ...) are
  refused: every identifier without a dot that ends in ``?`` or ``?!`` (``List.get?`` passes).
* ``?_`` (a named hole that becomes a goal) is only accepted in tactics that turn it into a goal
  (``refine``, ``refine'``, ``apply``, ``have``, ``specialize``); anywhere else Lean would leave it
  unsolved, so the tactic is refused before any prover sees it (belt and braces behind minilean's
  own check).
* Comments (``--``, ``/-``), tabs, control characters, NUL, lone surrogates, ``«»`` quoted names,
  syntax quotations and unbalanced brackets are refused. A multi-line tactic must indent every
  continuation line, so it can never start a new command at column 0.
"""

from __future__ import annotations

import re

from lean_io.errors import UnsafeTacticError

MAX_TACTIC_CHARS = 2000

# Commands and keywords that only make sense outside a proof (or change what is trusted).
_BANNED_WORDS: frozenset[str] = frozenset(
    {
        # proof holes and unsound shortcuts
        "sorry",
        "admit",
        "stop",
        "sorryAx",
        "native_decide",
        "native",
        "ofReduceBool",
        "ofReduceNat",
        "reduceBool",
        "reduceNat",
        "trustCompiler",
        "implemented_by",
        "extern",
        "lcProof",
        "lcCast",
        "lcUnreachable",
        "lcErased",
        "lcAny",
        "decide!",
        # metaprogramming / code execution
        "run_tac",
        "run_cmd",
        "run_elab",
        "run_meta",
        "by_elab",
        "elab",
        "elab_rules",
        "macro",
        "macro_rules",
        "syntax",
        "notation",
        "infix",
        "infixl",
        "infixr",
        "prefix",
        "postfix",
        "unsafe",
        "partial",
        "initialize",
        "builtin_initialize",
        "dbg_trace",
        "dbgTrace",
        "polyrith",
        "hint",
        "library_search",
        "rw_search",
        "says",
        # top-level commands
        "import",
        "set_option",
        "theorem",
        "lemma",
        "def",
        "abbrev",
        "example",
        "instance",
        "axiom",
        "axioms",
        "opaque",
        "structure",
        "class",
        "inductive",
        "coinductive",
        "attribute",
        "namespace",
        "section",
        "end",
        "variable",
        "universe",
        "export",
        "local",
        "scoped",
        "mutual",
        "deriving",
        "noncomputable",
        "private",
        "protected",
        "omit",
        "include",
        "builtin",
    }
)
_BANNED_ROOTS: frozenset[str] = frozenset({"IO", "System", "Lean", "EIO", "BaseIO", "ST", "IO.Process"})
_BANNED_PREFIXES: tuple[str, ...] = ("unsafe", "Unsafe", "dbg", "declare_", "register_")

_PAIRS = {")": "(", "]": "[", "}": "{", "⟩": "⟨", "⦄": "⦃", "⟧": "⟦", "⟫": "⟪"}
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff]")


def _is_id_start(c: str) -> bool:
    return c.isalpha() or c == "_"


def _is_id_rest(c: str) -> bool:
    return c.isalnum() or c in "_'!?" or "\u2080" <= c <= "\u209c"  # subscripts as in Lean


def identifiers(tactic: str) -> list[str]:
    """Dotted identifier tokens of ``tactic`` (``#cmd`` tokens keep their ``#``)."""
    out: list[str] = []
    i, n = 0, len(tactic)
    while i < n:
        c = tactic[i]
        if _is_id_start(c) or (c == "#" and i + 1 < n and _is_id_start(tactic[i + 1])):
            start = i
            i += 1
            while i < n and (
                _is_id_rest(tactic[i]) or (tactic[i] == "." and i + 1 < n and _is_id_start(tactic[i + 1]))
            ):
                i += 1
            out.append(tactic[start:i])
        elif c.isdigit():  # numeric literals (and `2.5`, `h.1`-style projections) are not names
            while i < n and (tactic[i].isalnum() or tactic[i] in "._"):
                i += 1
        else:
            i += 1
    return out


def _check_token(token: str) -> str | None:
    if token.startswith("#"):
        return f"'{token}' is a command, not a tactic"
    if token in _BANNED_WORDS:
        return f"'{token}' is not allowed in a tactic"
    parts = token.split(".")
    if parts[0] in _BANNED_ROOTS or token.startswith("IO.Process"):
        return f"'{token}' refers to the {parts[0]} namespace (code execution or metaprogramming)"
    for part in parts:
        stem = part.rstrip("!?")
        if part in _BANNED_WORDS or stem in _BANNED_WORDS:
            return f"'{token}' contains the forbidden name '{part}'"
        if part.startswith(_BANNED_PREFIXES):
            return f"'{token}' uses a forbidden name ('{part}')"
        if part == "IO" or (part.startswith("IO") and part[2:3].isupper()):
            return f"'{token}' refers to IO"
    if len(parts) == 1 and token.rstrip("!").endswith("?"):
        return f"search/suggestion tactic '{token}' is not allowed"
    return None


def _check_brackets(tactic: str) -> str | None:
    stack: list[str] = []
    for c in tactic:
        if c in _PAIRS.values():
            stack.append(c)
        elif c in _PAIRS:
            if not stack or stack[-1] != _PAIRS[c]:
                return f"unbalanced bracket '{c}'"
            stack.pop()
    return f"unclosed bracket '{stack[-1]}'" if stack else None


def unsafe_reason(tactic: object) -> str | None:
    """Why ``tactic`` must not be sent to Lean, or ``None`` when it is acceptable."""
    if not isinstance(tactic, str):
        return f"a tactic must be a string, not {type(tactic).__name__}"
    try:
        tactic.encode("utf-8")
    except UnicodeEncodeError:
        return "not valid UTF-8 (lone surrogate)"
    if len(tactic) > MAX_TACTIC_CHARS:
        return f"too long ({len(tactic)} > {MAX_TACTIC_CHARS} characters)"
    if "\t" in tactic:
        return "tab characters are not allowed (Lean rejects them)"
    if "\r" in tactic:
        return "carriage returns are not allowed"
    m = _CONTROL.search(tactic)
    if m:
        return f"control character U+{ord(m.group()):04X} is not allowed"
    text = tactic.strip()
    if not text:
        return "empty tactic"
    for line in text.split("\n")[1:]:
        if line.strip() and not line.startswith(" "):
            return "a continuation line starts at column 0 (it would end the proof block)"
    if "--" in text or "/-" in text or "-/" in text:
        return "comments are not allowed in a tactic"
    if "«" in text or "»" in text:
        return "quoted names «…» are not allowed"
    if "@[" in text:
        return "attributes '@[...]' are not allowed"
    if re.search(r"`\(|`\[|`\{|\$\(|\$\w", text):
        return "syntax quotations / antiquotations are not allowed"
    if re.search(r"(^|[^\w.])#(?![\[(])", text):
        return "'#' commands are not allowed"
    reason = _check_brackets(text)
    if reason:
        return reason
    tokens = identifiers(text)
    for token in tokens:
        reason = _check_token(token)
        if reason:
            return reason
    reason = _hole_reason(text)
    if reason:
        return reason
    if "open" in tokens:
        # `open A B in tac` is scoped to the tactic; a bare `open` is a command.
        idx = tokens.index("open")
        if "in" not in tokens[idx + 1 :]:
            return "'open' is only allowed as 'open … in <tactic>'"
    return None


# tactics that turn `?_` holes of their term into new goals
_HOLE_TACTICS = frozenset({"refine", "refine'", "apply", "have", "specialize"})
# combinators that run the tactic after them (stripped before looking at the tactic's own name)
_PREFIX_RE = re.compile(
    r"^(?:(?:try|all_goals|any_goals|repeat|focus|first|iterate\s+\d+|on_goal\s+\d+\s*=>|"
    r"case\s+[^=]*=>|next[^=]*=>)\b\s*|[·.(|]\s*)+"
)


def _hole_segments(text: str) -> list[str]:
    """Top-level pieces of a tactic: split at `;`, `<;>`, `|` (of `first`) and line breaks."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{⟨":
            depth += 1
        elif c in ")]}⟩":
            depth -= 1
        elif depth == 0 and (c in ";|" or (c == "\n" and not text[i + 1 : i + 2].isspace())):
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip().removeprefix(">").strip() for p in parts]


def _hole_reason(text: str) -> str | None:
    if "?_" not in text:
        return None
    for seg in _hole_segments(text):
        if "?_" not in seg:
            continue
        body = _PREFIX_RE.sub("", seg)
        word = re.match(r"[A-Za-z_][A-Za-z0-9_'!?]*", body)
        if word is None or word.group() not in _HOLE_TACTICS:
            return f"'?_' is only allowed in {', '.join(sorted(_HOLE_TACTICS))} (it would stay unsolved)"
    return None


def is_safe_tactic(tactic: str) -> bool:
    return unsafe_reason(tactic) is None


def sanitize_tactic(tactic: str) -> str:
    """Return ``tactic`` stripped of surrounding whitespace, or raise :class:`UnsafeTacticError`."""
    reason = unsafe_reason(tactic)
    if reason is not None:
        raise UnsafeTacticError(reason, tactic if isinstance(tactic, str) else repr(tactic))
    return tactic.strip()
