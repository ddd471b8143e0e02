"""Goals and proof-state text in LeanTree's format (docs/PROTOCOL.md §3: ``Goal`` JSON, state text).

A goal renders as::

    case <tag>                          (only if there is a tag)
    <user_name> : <type>[ := <value>]   (one line per hypothesis, in order)
    ⊢ <type>

and a state is its goals joined by a blank line. Multi-line types keep Lean's layout: every
continuation line is indented, which is what lets :func:`parse_state` find where an item ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

TURNSTILE = "⊢"
_OPEN = "([{⟨⦃⟦⟪"
_CLOSE = ")]}⟩⦄⟧⟫"


@dataclass(frozen=True)
class Hypothesis:
    type: str
    user_name: str
    value: str | None = None

    def to_json(self) -> dict[str, str]:
        d = {"type": self.type, "user_name": self.user_name}
        if self.value:
            d["value"] = self.value
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Hypothesis:
        if (
            not isinstance(d, dict)
            or not isinstance(d.get("type"), str)
            or not isinstance(d.get("user_name"), str)
        ):
            raise ValueError(f"not a hypothesis: {d!r}")
        value = d.get("value")
        if value is not None and not isinstance(value, str):
            raise ValueError(f"hypothesis value is not a string: {d!r}")
        return cls(type=d["type"], user_name=d["user_name"], value=value or None)

    def __str__(self) -> str:
        text = f"{self.user_name} : {self.type}"
        return f"{text} := {self.value}" if self.value else text


@dataclass(frozen=True)
class Goal:
    type: str
    hypotheses: tuple[Hypothesis, ...] = ()
    tag: str | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "hypotheses": [h.to_json() for h in self.hypotheses]}
        if self.tag:
            d["tag"] = self.tag
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Goal:
        if not isinstance(d, dict) or not isinstance(d.get("type"), str):
            raise ValueError(f"not a goal: {d!r}")
        hyps = d.get("hypotheses", [])
        if not isinstance(hyps, list):
            raise ValueError(f"goal hypotheses are not a list: {d!r}")
        tag = d.get("tag")
        if tag is not None and not isinstance(tag, str):
            raise ValueError(f"goal tag is not a string: {d!r}")
        return cls(type=d["type"], hypotheses=tuple(Hypothesis.from_json(h) for h in hyps), tag=tag or None)

    def __str__(self) -> str:
        lines = [f"case {self.tag}"] if self.tag else []
        lines.extend(str(h) for h in self.hypotheses)
        lines.append(f"{TURNSTILE} {self.type}")
        return "\n".join(lines)


def render_state(goals: Sequence[Goal]) -> str:
    """LeanTree's ``LeanProofState.__str__``: goals joined by a blank line; no goals -> ``""``."""
    return "\n\n".join(str(g) for g in goals)


def _split_value(text: str) -> tuple[str, str | None]:
    """Split ``type := value`` at the first `` := `` outside brackets (``{ x := 1 }`` stays in the type)."""
    depth = 0
    i = 0
    while i < len(text):
        c = text[i]
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0 and text.startswith(" := ", i):
            return text[:i], text[i + 4 :]
        i += 1
    return text, None


def _parse_goal(block: str) -> Goal:
    lines = block.split("\n")
    tag: str | None = None
    if lines and lines[0].startswith("case "):
        tag = lines[0][len("case ") :].strip() or None
        lines = lines[1:]
    # Group lines into items: an unindented line starts an item, indented lines continue it.
    items: list[str] = []
    for line in lines:
        if line[:1] in (" ", "\t") and items:
            items[-1] += "\n" + line
        elif line.strip():
            items.append(line)
    goal_items = [i for i, item in enumerate(items) if item.startswith(TURNSTILE)]
    if len(goal_items) != 1:
        raise ValueError(
            f"a goal needs exactly one line starting with {TURNSTILE}, got {len(goal_items)}: {block!r}"
        )
    if goal_items[0] != len(items) - 1:
        raise ValueError(f"the {TURNSTILE} line must come last in a goal: {block!r}")
    target = items[-1][len(TURNSTILE) :]
    target = target[1:] if target.startswith(" ") else target
    hyps = []
    for item in items[:-1]:
        name, sep, rest = item.partition(" : ")
        if not sep or not name.strip():
            raise ValueError(f"not a hypothesis line (expected 'name : type'): {item!r}")
        typ, value = _split_value(rest)
        hyps.append(Hypothesis(type=typ, user_name=name, value=value or None))
    return Goal(type=target, hypotheses=tuple(hyps), tag=tag)


def parse_state(text: str) -> list[Goal]:
    """Inverse of :func:`render_state` (LeanTree's ``LeanGoal.from_string`` over ``"\\n\\n"`` blocks).

    Raises ``ValueError`` on text that is not a rendered state. Limits: a type containing a blank
    line, or a top-level `` := `` inside a hypothesis type, cannot be told apart from the separators.
    """
    text = text.strip("\n")
    if not text.strip():
        return []
    return [_parse_goal(block) for block in text.split("\n\n")]
