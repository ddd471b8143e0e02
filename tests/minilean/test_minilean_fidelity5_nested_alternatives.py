"""`| inr h => cases h with` whose own alternatives follow on the next lines, indented less than `cases`:
Lean parses a `cases … with` tactic's alternatives with `withPosition((colGe inductionAlt)+)`, positioned at
their first `|`, so the column of the tactic sequence `cases` starts does not bound them."""

from __future__ import annotations

import minilean.engine as engine
from minilean.decls import initial_env

HEAD = (
    "theorem t (p q r : Prop) (h : p ∨ q ∨ r) : r ∨ q ∨ p := by\n"
    "  cases h with\n  | inl hp => exact Or.inr (Or.inr hp)\n"
)


def _errors(src: str) -> list[str]:
    res = engine._elaborate_source(initial_env(), src)
    return [m.data for m in res.messages if m.severity == "error"]


def test_inner_alternatives_below_the_inline_cases() -> None:
    src = HEAD + (
        "  | inr h2 => cases h2 with\n"
        "    | inl hq => exact Or.inr (Or.inl hq)\n"
        "    | inr hr => exact Or.inl hr\n"
    )
    assert _errors(src) == []


def test_inner_alternative_body_on_its_own_line() -> None:
    src = HEAD + (
        "  | inr h2 => cases h2 with\n"
        "    | inl hq =>\n"
        "      exact Or.inr (Or.inl hq)\n"
        "    | inr hr => exact Or.inl hr\n"
    )
    assert _errors(src) == []


def test_wrong_inner_proof_refused() -> None:
    src = HEAD + (
        "  | inr h2 => cases h2 with\n"
        "    | inl hq => exact Or.inr (Or.inr hq)\n"
        "    | inr hr => exact Or.inl hr\n"
    )
    assert _errors(src)


def test_missing_inner_alternative_refused() -> None:
    src = HEAD + "  | inr h2 => cases h2 with\n    | inl hq => exact Or.inr (Or.inl hq)\n"
    errs = _errors(src)
    assert errs and "'inr' has not been provided" in errs[0]


def test_other_lines_left_of_the_block_still_refused() -> None:
    # a plain tactic line left of its block's column is still a parse error when no `with` head precedes it
    src = "theorem t (p q : Prop) (h : p ∧ q) : q := by\n  have h2 : p := by exact h.1\n    exact h.2\n"
    assert _errors(src)

