"""`((5 : ℕ) : ℝ)` and `(5 : ℝ)` are the same term up to unfolding an instance: Mathlib's numeral
instance for literals ≥ 2 (`instOfNat [NatCast R] [Nat.AtLeastTwo n]`) IS `Nat.cast (OfNat.ofNat n)`
(`Nat.cast_ofNat` is proved by `rfl`), and ℤ's literals are `Int.ofNat n`, its ℕ cast. So the type checks
of `exact` / `have … := e` (isDefEq at default transparency) identify them.

Only for `goals.defeq`: simp's and rw's matchers keep telling them apart (what Lean's keyed matching does
with them was not settled; weaker). Literals 0 and 1 go through `Zero`/`One` instances, not the cast, so
they are left alone (weaker as well); casts from ℤ are not unfolded either.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace

from minilean.syntax import COMPLEX, INT, NAT, RAT, REAL, ECast, ENum

_TARGETS = (INT, RAT, REAL, COMPLEX)


def uncast_numerals(x: object) -> object:
    """`x` with every `((n : ℕ) : T)`, n ≥ 2, replaced by the literal `n` (at T)."""
    if isinstance(x, ECast):
        if isinstance(x.arg, ENum) and x.src == NAT and x.dst in _TARGETS and x.arg.n >= 2:
            return x.arg
        return replace(x, arg=uncast_numerals(x.arg))
    if isinstance(x, tuple):
        return tuple(uncast_numerals(i) for i in x)
    if is_dataclass(x) and not isinstance(x, type):
        changes = {f.name: uncast_numerals(getattr(x, f.name)) for f in fields(x)}
        return replace(x, **changes)
    return x


Matcher = Callable[[object, object, dict], dict | None]


def match_uncast(match: Matcher, pat: object, ty: object, subst: dict) -> dict | None:
    """`match(pat, ty, subst)` retried with the numeral casts unfolded on both sides (round 18c): an
    argument checked against its binder while the binder still has metavariables (`Eq.trans h₂.symm h`
    with `h₂.symm : (a + b) / ↑2 = x` against `(a + b) / 2 = ?b`) is unified at default transparency in
    Lean's elaborator, which identifies `((2 : ℕ) : ℝ)` with `(2 : ℝ)` as `goals.defeq` does for ground
    types. `match` is passed in (goals imports this module)."""
    ua, ub = uncast_numerals(pat), uncast_numerals(ty)
    if (ua, ub) == (pat, ty):
        return None
    return match(ua, ub, subst)


__all__ = ["match_uncast", "uncast_numerals"]
