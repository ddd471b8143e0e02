"""A stated type made only of numerals takes its number type from the expected type (round 22d).

`show T from e` / `show T by tac` (Lean core `elabShow`, `Lean/Elab/BuiltinNotation.lean`) elaborates `T`
inside `withSynthesize (postpone := .yes)` and then runs `isDefEq expectedType T` before the value: with
postponement, default instances are not applied, so the numerals of `0 < 2` stay `OfNat ?β _` and the
unification with the expected type assigns `?β`. A type ascription `(e : T)` (`elabTypeAscription`)
elaborates `T` the same way and its result type is then unified with the binder type by the application
elaborator. Only when nothing has fixed `?β` by the end does the default instance make it ℕ (so in a
`linarith [show 0 ≤ 2 by norm_num]` hint list, elaborated without an expected type, it is ℕ).

So when a relation of the stated type has only numeral leaves (no variable, cast, function or ascription
that fixes its type) and the expected type has a relation of the same kind at that position, the
relation is elaborated at the expected relation's type; otherwise at ℕ, as before. The caller still
checks the proof against the stated type and the stated type against the expected one: the hint only
chooses how numerals are read, it never admits anything.
"""

from __future__ import annotations

from collections.abc import Mapping

from minilean.syntax import INT, NAT, NUMERIC, PBin, PNot, PRel, Prop, _tree_leaves, to_prop

_REL_OPS = ("=", "≠", "<", ">", "≤", "≥", "∣")
# `>`/`≥` are reducible notations for the swapped `<`/`≤`: isDefEq unfolds them and still unifies
_FAMILY = {"=": "=", "≠": "≠", "<": "<", ">": "<", "≤": "≤", "≥": "≤", "∣": "∣"}
_CONNECTIVES = ("∧", "∨", "→", "↔")


def _only_numerals(node: tuple) -> bool:
    return all(lf[0] == "num" for lf in _tree_leaves(node, []))


def has_open_numerals(node: tuple) -> bool:
    """Whether some relation in the stated type `node` has only numeral leaves (its type is open)."""
    if not isinstance(node, tuple) or not node:
        return False
    if node[0] == "bin" and node[1] in _REL_OPS:
        return _only_numerals(node[2]) and _only_numerals(node[3])
    if node[0] == "bin" and node[1] in _CONNECTIVES:
        return has_open_numerals(node[2]) or has_open_numerals(node[3])
    if node[0] == "not":
        return has_open_numerals(node[1])
    return False


def _typed(node: tuple, hint: Prop | None) -> tuple:
    """`node` with each open relation's left side ascribed the type `hint` gives at that position."""
    if node[0] == "bin" and node[1] in _REL_OPS:
        if not (_only_numerals(node[2]) and _only_numerals(node[3])):
            return node
        if not (isinstance(hint, PRel) and _FAMILY[hint.op] == _FAMILY[node[1]] and hint.ty in NUMERIC):
            return node
        if node[1] == "∣" and hint.ty not in (NAT, INT):
            return node
        return ("bin", node[1], ("ascr", node[2], ("id", hint.ty)), node[3])
    if node[0] == "bin" and node[1] in _CONNECTIVES:
        same = isinstance(hint, PBin) and hint.op == node[1]
        lh = hint.lhs if same else None  # type: ignore[union-attr]
        rh = hint.rhs if same else None  # type: ignore[union-attr]
        return ("bin", node[1], _typed(node[2], lh), _typed(node[3], rh))
    if node[0] == "not":
        return ("not", _typed(node[1], hint.arg if isinstance(hint, PNot) else None))
    return node


def stated_prop(node: tuple, ctx: Mapping[str, str], hint: Prop | None) -> Prop:
    """The proposition `node` states, its numeral-only relations read at the types `hint` has there."""
    if hint is None or not has_open_numerals(node):
        return to_prop(node, ctx)
    return to_prop(_typed(node, hint), ctx)


__all__ = ["has_open_numerals", "stated_prop"]
