"""`discrim a b c` (Mathlib's `def discrim [Ring α] (a b c : α) := b ^ 2 - 4 * a * c`) unfolded on request.

A plain `def`: ring, linarith, nlinarith, positivity, norm_num and simp without the name treat
`discrim a b c` as an opaque atom (minilean: a library function with no closed evaluation and no facts
for the automation; only the z3 oracle sees its body). The tactics that name it unfold it with its
equation lemma `discrim.eq_1 : discrim a b c = b ^ 2 - 4 * a * c`:

- `rw [discrim]` (`← discrim` folds), `rw [discrim] at h`: the first instance fixes `a b c`;
- `simp [discrim]`, `simp only [discrim]`, `norm_num [discrim]`: a simp rule;
- `unfold discrim (at h …)`: every instance at the named locations.
"""

from __future__ import annotations

from minilean.goals import Goal
from minilean.libfuns import POLYMORPHIC, instance_name
from minilean.syntax import EApp, EBin, EMeta, ENum, Expr, PRel

NAME = "discrim"
_META = 71_000  # metavariable indices of the equation lemma
MAX_UNFOLDS = 64


def is_def(name: str, g: Goal) -> bool:
    """`name` is Mathlib's `discrim` (not a local of that name)."""
    return name.strip() == NAME and g.lookup(NAME) is None


def equation(ty: str) -> tuple[Expr, Expr]:
    """`discrim a b c` and `b ^ 2 - 4 * a * c` at type `ty`, with pattern variables for `a b c`."""
    a, b, c = (EMeta(_META + i, ty) for i in range(3))
    inst = instance_name(NAME, ty)
    assert inst is not None
    body = EBin("-", EBin("^", b, ENum(2)), EBin("*", EBin("*", ENum(4), a), c))
    return EApp(inst, (a, b, c)), body


def types() -> tuple[str, ...]:
    return POLYMORPHIC[NAME]


def simp_facts() -> list[PRel]:
    """The equation lemma at every type `discrim` is stated at (simp instantiates it where it matches)."""
    return [PRel("=", *equation(ty), ty) for ty in types()]


__all__ = ["MAX_UNFOLDS", "NAME", "equation", "is_def", "simp_facts", "types"]
