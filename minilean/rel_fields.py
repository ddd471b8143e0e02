"""Field notation on a proof of a relation (`h.le`, `h.ne'`, `h.trans_le h'`, `(foo a).not_lt`).

Lean resolves `h.f` for `h : a < b` as `LT.lt.f h` (the head constant of the type names the namespace);
when that declaration does not exist it unfolds the head once and tries again, so `h : a > b` finds
`GT.gt.lt` directly but `h.le` through `GT.gt a b := b < a` as `LT.lt.le`. The declarations are the
z3-checked rows of `lemma_table4.py` (and `Eq.symm` / `Eq.trans` of batch 2), admitted at the type of
the relation. A field that is not a row stays an error ("invalid field"), as in Lean."""

from __future__ import annotations

from minilean.decls import Decl
from minilean.syntax import PRel

_NAMESPACE = {
    "<": "LT.lt", "≤": "LE.le", "=": "Eq", "≠": "Ne", ">": "GT.gt", "≥": "GE.ge", "∣": "Dvd.dvd"
}
# `a > b` unfolds to `b < a`, `a ≥ b` to `b ≤ a` (reducible notations); `a ≠ b` unfolds to a function
# type (`a = b → False`), whose namespace minilean does not model
_UNFOLDED = {">": "LT.lt", "≥": "LE.le"}


def field_name(ty: PRel, field: str) -> str | None:
    """The table lemma that `h.field` names for `h : ty`, or None."""
    from minilean.lemmas import BY_NAME

    for ns in (_NAMESPACE.get(ty.op), _UNFOLDED.get(ty.op)):
        if ns is not None and f"{ns}.{field}" in BY_NAME:
            return f"{ns}.{field}"
    return None


def field_decl(ty: PRel, field: str) -> Decl | None:
    """`h.field` as a declaration admitted at the relation's type (None: not a field minilean has, or a
    type where the lemma does not apply, such as ℂ for the order lemmas)."""
    from minilean.lemmas import BY_NAME, admitted

    name = field_name(ty, field)
    if name is None or ty.ty not in BY_NAME[name].types:
        return None
    return admitted(name, ty.ty)


def split_lemma_field(name: str) -> tuple[str, list[str]] | None:
    """`Nat.zero_lt_two.trans_le` -> ("Nat.zero_lt_two", ["trans_le"]): the longest prefix that is a
    table lemma, and the fields applied to it (None when no prefix is one)."""
    from minilean.lemmas import BY_NAME

    parts = name.split(".")
    for i in range(len(parts) - 1, 0, -1):
        prefix = ".".join(parts[:i])
        if prefix in BY_NAME:
            return prefix, parts[i:]
    return None


__all__ = ["field_decl", "field_name", "split_lemma_field"]
