"""Commands that change nothing minilean checks: options, anonymous sections and `#print axioms`.

Lean runs them without touching the meaning of any later statement or proof in our fragment: linter
and resource options (minilean's budgets are its own), `section`/`noncomputable section` (a file may
leave them open at its end; names are unaffected), and `#print axioms c` (information only, but an
error when `c` is not declared).
"""

from __future__ import annotations

import re

_OPTION = re.compile(
    r"^set_option\s+(?:linter\.[\w.]+|maxHeartbeats|maxRecDepth|synthInstance\.maxHeartbeats|"
    r"tactic\.hygienic|pp\.[\w.]+)\s+(?:true|false|\d+)\s*$"
)
_SECTION = re.compile(r"^(?:noncomputable\s+)?section(?:\s+[A-Za-z_][\w.]*)?\s*$")
_PRINT_AXIOMS = re.compile(r"^#print\s+axioms\s+(\S+)\s*$")


def is_no_op(text: str) -> bool:
    """A one-line option or section opener that leaves the environment as it is."""
    return bool(_OPTION.match(text) or _SECTION.match(text))


def print_axioms_target(text: str) -> str | None:
    """The constant of a `#print axioms c` command, or None for any other command."""
    m = _PRINT_AXIOMS.match(text)
    return m.group(1) if m else None


__all__ = ["is_no_op", "print_axioms_target"]
