"""Two-sided first-order unification for a postponed lemma argument (`mt add_eq_zero_iff_eq_neg.mp h`).

`goals.match` is one-sided (the target is ground). An argument such as `add_eq_zero_iff_eq_neg.mp`
whose implicit variables no explicit argument fixes has a type with metavariables, and the binder it
fills (`a → b` of `mt`) may still have metavariables of its own once the later arguments have fixed what
they can. Lean unifies the two; this module does the same structurally (no unfolding besides the
reducible notations `≠`, `>`, `≥`, `¬`), so it may fail where Lean succeeds (weaker), never the other
way: the caller still checks the instantiated, ground type with `goals.match`."""

from __future__ import annotations

import dataclasses

from minilean.goals import Subst, unfold
from minilean.syntax import EMeta, ESum, PMeta, PQuant


def _walk(x: object, s: Subst) -> object:
    while isinstance(x, PMeta | EMeta) and x.idx in s:
        x = s[x.idx]
    return x


def _occurs(idx: int, x: object, s: Subst) -> bool:
    x = _walk(x, s)
    if isinstance(x, PMeta | EMeta):
        return x.idx == idx
    if dataclasses.is_dataclass(x):
        return any(_occurs(idx, getattr(x, f.name), s) for f in dataclasses.fields(x))
    if isinstance(x, tuple):
        return any(_occurs(idx, y, s) for y in x)
    return False


def unify(a: object, b: object, s: Subst) -> Subst | None:
    """A substitution extending `s` under which `a` and `b` are syntactically equal, or None."""
    a, b = _walk(a, s), _walk(b, s)
    if a == b:
        return s
    if isinstance(a, PQuant | ESum) or isinstance(b, PQuant | ESum):
        # a metavariable assigned under a binder could capture the bound variable: equal or nothing
        return s if resolved(a, s) == resolved(b, s) else None
    for x, y in ((a, b), (b, a)):
        if isinstance(x, PMeta | EMeta):
            if isinstance(x, EMeta) and isinstance(y, EMeta) and x.ty != y.ty:
                return None
            if _occurs(x.idx, y, s):
                return None
            return {**s, x.idx: y}  # type: ignore[dict-item]
    if type(a) is type(b) and dataclasses.is_dataclass(a):
        out: Subst | None = s
        for f in dataclasses.fields(a):
            out = unify(getattr(a, f.name), getattr(b, f.name), out)  # type: ignore[arg-type]
            if out is None:
                break
        if out is not None:
            return out
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        out = s
        for x, y in zip(a, b, strict=True):
            out = unify(x, y, out)  # type: ignore[arg-type]
            if out is None:
                return None
        return out
    ua = unfold(a) if not isinstance(a, tuple | str | int) else None  # type: ignore[arg-type]
    if ua is not None:
        return unify(ua, b, s)
    ub = unfold(b) if not isinstance(b, tuple | str | int) else None  # type: ignore[arg-type]
    if ub is not None:
        return unify(a, ub, s)
    return None


def resolved(x: object, s: Subst) -> object:
    """`x` with every assigned metavariable replaced, transitively."""
    x = _walk(x, s)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        parts = {f.name: resolved(getattr(x, f.name), s) for f in dataclasses.fields(x)}
        return dataclasses.replace(x, **parts)  # type: ignore[type-var]
    if isinstance(x, tuple):
        return tuple(resolved(y, s) for y in x)
    return x


__all__ = ["resolved", "unify"]
