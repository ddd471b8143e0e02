"""Explicit finite sets: `x ∈ ({a, b, c} : Finset T)` for T in ℕ ℤ ℚ ℝ.

Lean/Mathlib: `{a, b, c}` is notation for `insert a (insert b (singleton c))` (`Insert`/`Singleton`,
whose element type is an outParam, so it is only known from the ascription `: Finset T`). Membership is
not definitionally a disjunction for `Finset` (it goes through `Multiset`/`List.Mem`), so the statement is
its own node (`PMem` kind "insert") and is rewritten only by Mathlib's @[simp] lemmas
`Finset.mem_insert : a ∈ insert b s ↔ a = b ∨ a ∈ s` and `Finset.mem_singleton : a ∈ {b} ↔ a = b`
(both `[DecidableEq α]`, the same statements at the 2024 pin and now): `simp`/`norm_num` give
`x = a ∨ x = b ∨ x = c`, and z3 sees that disjunction (`PMem.unfolded`), never a set.

Refused on purpose (weaker than Lean, never stronger):
* a literal without its `: Finset T` ascription (Lean often cannot infer `T`), `Set` literals (Set membership
  *is* definitionally a disjunction, so `rcases`/`exact Or.inl rfl` behave differently: not modelled), `∅`;
* a literal anywhere but on the right of `∈` (`Finset.card`, equalities of finsets: dedup not modelled);
* elements or a member whose own leaves have another type than `T` (where Lean's coercion placement
  depends on elaboration order).
`decide` evaluates closed ℕ/ℤ membership (`Finset.decidableMem` reduces in the kernel for these types;
ℚ/ℝ: refused). `rcases`/`obtain` on the membership itself are left to the generic code, which refuses a
`PMem` (Lean whnf's it to `List.Mem`, not an `Or`: its patterns would differ).
"""

from __future__ import annotations

from collections.abc import Mapping

from minilean.syntax import (
    INT,
    NAT,
    NUMERIC,
    ENum,
    Node,
    PBin,
    PMem,
    PNot,
    PRel,
    Prop,
    SyntaxErr,
    _has_typed_leaf,
    _Typer,
    closed_truth,
    mentions_atom,
    register_hook,
    sort_of_node,
)

_TYPES = tuple(t for t in NUMERIC if t != "ℂ")  # ℕ ℤ ℚ ℝ


def parse_literal(parser) -> Node:
    """After `(` with `{` next: `({e₁, …, eₙ} : Finset T)` → ("finlit", T-node, elems). Anything else
    that starts this way (set-builder, untyped literal, `Set`) keeps the outside-the-fragment refusal."""
    outside = SyntaxErr(
        "minilean: `{…}` terms (Set/Finset literals, set-builder, structures) are outside the fragment"
    )
    parser.expect("{")
    if parser.at("}"):
        raise outside  # `{}`: Lean's `∅`-like `EmptyCollection`, not modelled
    elems = [parser.term(0)]
    while parser.at(","):
        parser.next()
        elems.append(parser.term(0))
    if not parser.at("}"):
        raise outside  # set-builder `{x | p x}`, `{x ∈ s | …}`, structure instances
    parser.next()
    if not parser.at(":"):
        raise outside
    parser.next()
    ty = parser.term(0)
    parser.expect(")")
    if not (ty[0] == "app" and ty[1] == ("id", "Finset") and len(ty[2]) == 1):
        raise outside
    return ("finlit", ty[2][0], tuple(elems))


def literal_mem(x: Node, s: Node, ctx: Mapping[str, str]) -> PMem:
    """`x ∈ ({a, …} : Finset T)`: every term elaborated at T; typed leaves of another type are refused."""
    ty = sort_of_node(s[1])
    if ty not in _TYPES:
        raise SyntaxErr("minilean: explicit Finset literals are only supported over ℕ, ℤ, ℚ and ℝ")
    typer = _Typer(ctx)
    parts = [x, *s[2]]
    for node in parts:
        if _has_typed_leaf(node) and typer.tree_type([node], None) != ty:
            raise SyntaxErr(f"minilean: an element of a `Finset {ty}` literal must have type {ty} itself")
    built = [typer.build(node, ty) for node in parts]
    return PMem(built[0], "insert", ENum(0), ENum(0), ty, tuple(built[1:]))


def _unfold_literals(p: Prop) -> Prop:
    if isinstance(p, PMem) and p.kind == "insert":
        return p.unfolded()
    if isinstance(p, PNot):
        return PNot(_unfold_literals(p.arg))
    if isinstance(p, PBin):
        return PBin(p.op, _unfold_literals(p.lhs), _unfold_literals(p.rhs))
    return p


def mentions_literal(p: Prop) -> bool:
    return mentions_atom(p, lambda q: isinstance(q, PMem) and q.kind == "insert")


def decide_literal(p: Prop) -> bool | None:
    """`decide` on a closed proposition built from ℕ/ℤ literal memberships (¬ ∧ ∨ → ↔ around them): the
    `Decidable` instances evaluate each membership as its disjunction of numeral equalities."""
    if not mentions_literal(p) or not _only_exact_types(p):
        return None
    return closed_truth(_unfold_literals(p))


def _only_exact_types(p: Prop) -> bool:
    if isinstance(p, PMem) and p.kind == "insert":
        return p.ty in (NAT, INT)
    if isinstance(p, PNot):
        return _only_exact_types(p.arg)
    if isinstance(p, PBin):
        return _only_exact_types(p.lhs) and _only_exact_types(p.rhs)
    return True


# simp lemma names this module gives a meaning to (simp_tactics / simp.py consult it)
INSERT_LEMMAS = ("Finset.mem_insert", "Finset.mem_singleton")


def simp_literal(p: PMem, defaults: bool, named: frozenset[str]) -> Prop:
    """What simp leaves of `x ∈ {a, b, c}`: with the default set (or both lemmas named) the full
    disjunction; `Finset.mem_insert` alone peels every `insert`, leaving `x ∈ {c}`; `mem_singleton` alone
    only rewrites a singleton."""
    ins = defaults or "Finset.mem_insert" in named
    sing = defaults or "Finset.mem_singleton" in named
    if ins and sing:
        return p.unfolded()
    if ins and len(p.elems) > 1:
        last = PMem(p.elem, "insert", p.lo, p.hi, p.ty, p.elems[-1:])
        out: Prop = last
        for e in reversed(p.elems[:-1]):
            out = PBin("∨", PRel("=", p.elem, e, p.ty), out)
        return out
    if sing and len(p.elems) == 1:
        return p.unfolded()
    return p


register_hook("finset_literal", parse_literal)
register_hook("finset_literal_mem", literal_mem)

__all__ = ["INSERT_LEMMAS", "decide_literal", "literal_mem", "parse_literal", "simp_literal"]
