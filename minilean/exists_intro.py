"""`Exists.intro w h` as a term: Lean elaborates it against the expected type `Exists ?p`, unfolding a
def that is an `∃` underneath (`a ∣ b` is `∃ c, b = a * c` on ℕ/ℤ, `Even n`, `Odd n`) as the anonymous
constructor `⟨w, h⟩` does; `?p` comes from the expected type only. So with an expected `∃` (after that
unfolding) it is exactly `⟨w, h⟩` with two components; with any other expected type (an `∧`, an order)
Lean's unifier fails, and so do we.
"""

from __future__ import annotations

from minilean.goals import TacticFail
from minilean.syntax import PQuant, Prop, show_prop
from minilean.unfold_defs import unfold_exists

HEAD = ("id", "Exists.intro")


def as_anonymous(node: tuple, expected: Prop) -> tuple:
    """`("app", Exists.intro, [w, h])` -> `("anon", [w, h])`, or TacticFail when Lean's elaboration fails."""
    args = list(node[2])
    if len(args) != 2:
        raise TacticFail(f"minilean: 'Exists.intro' takes a witness and a proof, got {len(args)} arguments")
    target = unfold_exists(expected) or expected
    if not (isinstance(target, PQuant) and target.q == "∃"):
        raise TacticFail(
            f"type mismatch\n  Exists.intro\nhas type\n  Exists ?p : Prop\nbut is expected to have type\n"
            f"  {show_prop(expected)} : Prop"
        )
    return ("anon", args)
