"""What one tactic step returns, and the top-level splitting of tactic text: shared by the tactic runner
(tactics.py) and the tactic families it delegates to (simp_tactics.py), which it imports."""

from __future__ import annotations

from dataclasses import dataclass, field

from minilean.goals import Goal


@dataclass
class Outcome:
    goals: list[Goal]
    sorries: list[Goal] = field(default_factory=list)


def _split_top(text: str, sep: str) -> list[str]:
    """Split at top-level occurrences of `sep` (outside brackets)."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "([⟨{":
            depth += 1
        elif c in ")]⟩}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            if sep == ";" and text.startswith("<;>", i - 1):
                i += 1
                continue
            parts.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


__all__ = ["Outcome"]
