"""`intro z` on `∀ z, … ∀ z, …`: the new local is `z`, and the inner bound `z` is another variable.

Lean's binders are de Bruijn indices, so the inner `∀ z` can never capture the new local; only the display
name coincides. minilean's goals are named terms, and the rest of minilean relies on a variable of the
context never also being a binder name of the goal, so the inner binder is alpha-renamed first to a fresh
inaccessible `z✝`, `z✝¹`, … (a name no source text can write). Meaning is unchanged (alpha-equivalence);
the renaming re-check reads such a binder back through its base name (engine._with_shadowed)."""

from __future__ import annotations

from minilean.syntax import EVar, PBin, PNot, PQuant, Prop, binder_names, prop_vars, subst_prop

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def rename_inner_binders(p: Prop, name: str, used: set[str]) -> Prop:
    """`p` with every `∀ name` / `∃ name` binder (under ¬ ∧ ∨ → ↔ and quantifiers) renamed to a fresh
    `name✝…` not in `used` (which is extended with each fresh name)."""
    used |= prop_vars(p) | binder_names(p)

    def fresh() -> str:
        k, out = 0, f"{name}✝"
        while out in used:
            k += 1
            out = f"{name}✝{str(k).translate(_SUPERSCRIPT)}"
        used.add(out)
        return out

    def go(q: Prop) -> Prop:
        if isinstance(q, PQuant):
            if q.var == name:
                new = fresh()
                return PQuant(q.q, new, q.sort, go(subst_prop(q.body, name, EVar(new))), q.implicit)
            return PQuant(q.q, q.var, q.sort, go(q.body), q.implicit)
        if isinstance(q, PNot):
            return PNot(go(q.arg))
        if isinstance(q, PBin):
            return PBin(q.op, go(q.lhs), go(q.rhs))
        return q

    return go(p)
