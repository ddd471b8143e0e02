"""`(foo a b).mp h` / `(foo a b).mpr`: one direction of an applied `↔` lemma.

Lean elaborates `foo a b : P ↔ Q` with the lemma's implicit arguments left as metavariables, takes
`Iff.mp : (P ↔ Q) → P → Q`, and solves those metavariables when it meets `h`. The elaborator does the
same by reading the whole term as one application of `foo` whose conclusion is the chosen implication,
so the arguments given after the projection fix what the arguments before it left open. This module
holds the two syntactic halves of that reading; the elaborator resolves `foo` in between."""

from __future__ import annotations

from minilean.syntax import PBin, Prop

# the field, and whether it reads the `↔` right to left
IFF_DIRECTIONS = {"mp": False, "1": False, "mpr": True, "2": True}


def iff_projection(node: tuple) -> tuple[str, list, str] | None:
    """(`foo`, its arguments, the field) for `node` = ("proj", ("app", ("id", foo), args), field) or
    ("proj", ("id", foo), field) with an `↔` field; None for any other term."""
    if node[0] != "proj" or node[2] not in IFF_DIRECTIONS:
        return None
    inner = node[1]
    if inner[0] == "id":  # `(foo).mp`: the parentheses change nothing
        return inner[1], [], node[2]
    if inner[0] != "app" or inner[1][0] != "id":
        return None
    return inner[1][1], list(inner[2]), node[2]


def iff_direction(concl: Prop, field: str) -> Prop | None:
    """`P → Q` (`.mp`) or `Q → P` (`.mpr`) for `concl` = `P ↔ Q`; None when `concl` is not an `↔`."""
    if not (isinstance(concl, PBin) and concl.op == "↔"):
        return None
    lhs, rhs = (concl.rhs, concl.lhs) if IFF_DIRECTIONS[field] else (concl.lhs, concl.rhs)
    return PBin("→", lhs, rhs)


__all__ = ["IFF_DIRECTIONS", "iff_direction", "iff_projection"]
