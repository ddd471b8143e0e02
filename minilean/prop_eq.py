"""Equality of propositions, `P = Q` (`@Eq Prop P Q`), as `PBin("=", P, Q)`.

Lean states it like any equation; by `propext` it holds exactly when `P ↔ Q` does, so its meaning (closed
evaluation, the z3 encoding) is that of `↔`. The tactics that see it as Lean's do:
- `decide`: core's `instance [Decidable (p ↔ q)] : Decidable (p = q)` (`Init/Core.lean`) evaluates both
  sides, so a closed `Even 9 = False` is decided;
- `rw [h]` with `h : P = Q` rewrites `P` to `Q` (an equation, whose motive is a proposition: the same
  abstraction as a rewrite with `P ↔ Q`, which Lean's `rw` turns into an equation by `propext`);
- `simp`: `eq_iff_iff : (a = b) ↔ (a ↔ b)` is `@[simp]` (`Init/SimpLemmas.lean`), so simp first makes it
  an `↔`; a hypothesis `h : P = Q` given to simp rewrites `P` to `Q`.
Everything else treats it as an opaque connective: it is not an `Iff` (`h.1`, `constructor`, `Iff.intro`
do not apply to it in Lean), and `tauto`, `push_neg` and friends leave it alone (weaker where Lean's
unfold it).

`P = Q` is read as a proposition equality when one side is written as a proposition (a connective, a
relation, `True`/`False`, `¬`, a quantifier, `Even`/`Odd`/`Nat.Prime`/`Nat.Coprime`, a `Prop`
variable); `syntax.to_prop` asks `prop_shaped`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Node = Any  # syntax.Node; not imported (syntax imports this module)

_PROP_BINS = ("∧", "∨", "→", "↔", "=", "≠", "<", ">", "≤", "≥", "∣", "∈", "∉")
_PROP_FUNS = ("Even", "Odd", "Nat.Prime", "Nat.Coprime", "Not", "Prime")


def prop_shaped(node: Node, ctx: Mapping[str, str]) -> bool:
    """`node` is written as a proposition (so `node = e` is an equation between propositions)."""
    kind = node[0]
    if kind == "id":
        name = node[1]
        if name in ("True", "False") and name not in ctx:
            return True
        if name.endswith(".Prime") and ctx.get(name[: -len(".Prime")]) == "ℕ":
            return True
        return ctx.get(name) == "Prop"
    if kind in ("not", "quant", "modeq"):
        return True
    if kind == "bin":
        return node[1] in _PROP_BINS
    if kind == "app" and node[1][0] == "id":
        f = node[1][1]
        return f in _PROP_FUNS or (f.endswith(".Coprime") and ctx.get(f[: -len(".Coprime")]) == "ℕ")
    if kind == "ascr":
        return node[2] == ("id", "Prop")
    return False


__all__ = ["prop_shaped"]
