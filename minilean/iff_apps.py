"""`(foo a b).mp h` / `(foo a b).mpr`: one direction of an applied `↔` lemma.

Lean elaborates `foo a b : P ↔ Q` with the lemma's implicit arguments left as metavariables, takes
`Iff.mp : (P ↔ Q) → P → Q`, and solves those metavariables when it meets `h`. The same happens here by
reading the whole term as one application of `foo` whose conclusion is the chosen implication, so the
arguments given after the projection fix what the arguments before it left open."""

from __future__ import annotations

from typing import Any

from minilean.syntax import PBin
from minilean.terms import Decl

# the field, and whether it reads the `↔` right to left
IFF_DIRECTIONS = {"mp": False, "1": False, "mpr": True, "2": True}


def applied_iff(el: Any, node: tuple, outer: list) -> tuple[Decl, list] | None:
    """For `node` = ("proj", ("app", ("id", foo), args), field) with `foo` a global or table lemma whose
    statement is an `↔`: the lemma as an implication and every argument in order; None otherwise (the
    caller's general path then handles the term)."""
    if node[0] != "proj" or node[2] not in IFF_DIRECTIONS:
        return None
    inner = node[1]
    if inner[0] != "app" or inner[1][0] != "id":
        return None
    name, args = inner[1][1], list(inner[2])
    if el._local(name.split(".")[0]) is not None:
        return None
    decl = el._global(name)
    if decl is None:
        from minilean.lemmas import resolve, split_name

        parts = split_name(name)
        if parts is None or parts[1] is not None:
            return None
        found = resolve(el, name, args, None)
        if found is None:
            return None
        decl, args = found
    concl = decl.concl
    if not (isinstance(concl, PBin) and concl.op == "↔"):
        return None
    lhs, rhs = (concl.rhs, concl.lhs) if IFF_DIRECTIONS[node[2]] else (concl.lhs, concl.rhs)
    return Decl(f"{decl.name}.{node[2]}", decl.binders, PBin("→", lhs, rhs)), [*args, *outer]


__all__ = ["IFF_DIRECTIONS", "applied_iff"]
