"""Lean comments blanked out of a source text, keeping every line and column where it was."""

from __future__ import annotations


def blank_comments(src: str) -> str:
    """`--` line comments and nested `/- … -/` block comments replaced by spaces (newlines kept)."""
    out: list[str] = []
    i, n, depth = 0, len(src), 0
    while i < n:
        if src.startswith("/-", i):
            depth += 1
            out.append("  ")
            i += 2
        elif depth and src.startswith("-/", i):
            depth -= 1
            out.append("  ")
            i += 2
        elif depth:
            out.append("\n" if src[i] == "\n" else " ")
            i += 1
        elif src.startswith("--", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        else:
            out.append(src[i])
            i += 1
    return "".join(out)


__all__ = ["blank_comments"]
