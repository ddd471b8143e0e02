"""`Finset.mem_Icc`, `mem_Ico`, `mem_Ioc`, `mem_Ioo`, `mem_range` named in a simp set
(`simp [Finset.mem_Icc]`, `simp only [Finset.mem_range] at h`, `norm_num [...]`).

They are the rules the default simp set already applies to a membership (`PMem`, see syntax.py); named, they
also act in `simp only`. Statements as in Mathlib (Mathlib/Order/Interval/Finset/Defs.lean,
Mathlib/Data/Finset/Range.lean): `Finset.mem_Icc {a b x : α} : x ∈ Icc a b ↔ a ≤ x ∧ x ≤ b` over a
`LocallyFiniteOrder` (here ℕ and ℤ, the only ones minilean states), `Finset.mem_range {n m : ℕ} :
m ∈ range n ↔ m < n`. Each is stated once per type as a ∀-closed iff; tests check them valid with z3."""

from __future__ import annotations

from minilean.syntax import INT, NAT, Prop, parse_prop

_STATEMENTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "Finset.mem_Icc": ("x ∈ Finset.Icc a b ↔ a ≤ x ∧ x ≤ b", (NAT, INT)),
    "Finset.mem_Ico": ("x ∈ Finset.Ico a b ↔ a ≤ x ∧ x < b", (NAT, INT)),
    "Finset.mem_Ioc": ("x ∈ Finset.Ioc a b ↔ a < x ∧ x ≤ b", (NAT, INT)),
    "Finset.mem_Ioo": ("x ∈ Finset.Ioo a b ↔ a < x ∧ x < b", (NAT, INT)),
    "Finset.mem_range": ("m ∈ Finset.range n ↔ m < n", (NAT,)),
}


def mem_facts(name: str) -> list[Prop] | None:
    """The lemma's statement at each type it is used at here, ∀-closed; None for any other name."""
    entry = _STATEMENTS.get(name.strip())
    if entry is None:
        return None
    text, tys = entry
    out = []
    for ty in tys:
        binders = "(m n : ℕ)" if "range" in text else f"(a b x : {ty})"
        out.append(parse_prop(f"∀ {binders}, {text}", {}))
    return out


__all__ = ["mem_facts"]
