"""Local lemmas with implicit binders: `have f {a b : ℕ} (hb : 1 ≤ b) : P a b := …` used as `f hb`.

Lean elaborates an application of such a local by inserting a metavariable for each implicit binder
and solving it by unification, exactly as for a library lemma. minilean does the same by reading the
hypothesis `f : ∀ {a b : ℕ}, 1 ≤ b → P a b` as a declaration (binders, conclusion) and applying it with
the library lemmas' machinery (terms.Elaborator.start_app / finish_app): `f 1 2 hb` is then an error,
as in Lean, and `f hb` infers `b` from `hb`'s type.

The declaration's binders are the ∀/→ chain of the type. It is only built when the binder names are
distinct and none of them also occurs free elsewhere in the type (an outer variable of the same name
would be substituted along with the binder); otherwise minilean refuses the application.
"""

from __future__ import annotations

from minilean.decls import Binder, Decl
from minilean.syntax import PBin, PQuant, Prop, prop_vars


def has_implicit(p: Prop) -> bool:
    """Does the ∀/→ chain of `p` have an implicit binder?"""
    while True:
        if isinstance(p, PQuant) and p.q == "∀":
            if p.implicit:
                return True
            p = p.body
        elif isinstance(p, PBin) and p.op == "→":
            p = p.rhs
        else:
            return False


def local_decl(name: str, ty: Prop) -> Decl | None:
    """`ty`'s ∀/→ chain as a declaration named `name`; None when the binder names cannot be kept."""
    binders: list[Binder] = []
    seen: set[str] = set()
    outer = _free_outside_binders(ty)
    p = ty
    k = 0
    while True:
        if isinstance(p, PQuant) and p.q == "∀":
            if p.var in seen or p.var in outer:
                return None
            seen.add(p.var)
            binders.append(Binder(p.var, p.sort, implicit=p.implicit))
            p = p.body
        elif isinstance(p, PBin) and p.op == "→":
            k += 1
            binders.append(Binder(f"a✝{k}", p.lhs))  # an anonymous premise (no user can name it)
            p = p.rhs
        else:
            return Decl(name, tuple(binders), p)


# field notation on a local lemma: Lean consumes its leading implicit arguments first (consumeImplicits),
# so `f.mp` is `Iff.mp (f (x := ?x))`; the projection is taken under the binders
_FIELDS = {"↔": {"mp": 0, "1": 0, "mpr": 1, "2": 1}, "∧": {"left": 2, "1": 2, "right": 3, "2": 3}}


def project_under_binders(ty: Prop, field: str) -> Prop | None:
    """`∀ {x}, A ↔ B` with field `mp` as `∀ {x}, A → B` (`mpr`: `B → A`; `∧`: `left`/`right`); only
    through leading implicit binders, None for anything else."""
    if isinstance(ty, PQuant) and ty.q == "∀" and ty.implicit:
        body = project_under_binders(ty.body, field)
        return None if body is None else PQuant(ty.q, ty.var, ty.sort, body, True)
    if not (isinstance(ty, PBin) and ty.op in _FIELDS and field in _FIELDS[ty.op]):
        return None
    k = _FIELDS[ty.op][field]
    return [PBin("→", ty.lhs, ty.rhs), PBin("→", ty.rhs, ty.lhs), ty.lhs, ty.rhs][k]


def _free_outside_binders(ty: Prop) -> set[str]:
    """Names free in `ty` (outer variables): a binder of the same name cannot be substituted alone."""
    return prop_vars(ty)


__all__ = ["has_implicit", "local_decl", "project_under_binders"]
