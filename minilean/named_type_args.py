"""Named type arguments of table lemmas: `(Nat.cast_le (α := ℤ)).mpr h`.

The lemma tables state every lemma over one type variable spelled `α`, whatever Mathlib calls it. A named
argument must use Mathlib's own binder name (Lean rejects any other name: "invalid argument name"), so
only lemmas whose type variable's name was read in Mathlib's source are listed here; for any other table
lemma a named type argument stays refused (weaker than Lean, never more permissive).
"""

from __future__ import annotations

from minilean.goals import TacticFail

# lemma -> the name of its type variable in Mathlib (Mathlib/Data/Nat/Cast/Order/Basic.lean:
# `variable {α β : Type*}` … `theorem cast_le : (m : α) ≤ n ↔ m ≤ n`, `cast_lt` likewise)
TYPE_PARAM: dict[str, str] = {
    "Nat.cast_le": "α",
    "Nat.cast_lt": "α",
}


def take_type_arg(base: str, args: list) -> tuple[str | None, list]:
    """The type a named argument `(α := T)` of the table lemma `base` fixes (None when there is none),
    and the arguments without it. A named argument that is not the type variable is left in place (the
    application machinery binds it to a variable binder or reports Lean's error)."""
    from minilean.syntax import NUMERIC, sort_of_node

    param = TYPE_PARAM.get(base)
    ty: str | None = None
    rest: list = []
    for a in args:
        if isinstance(a, tuple) and len(a) >= 3 and a[0] == "named" and isinstance(a[2], tuple):
            if param is not None and a[1] == param:
                if ty is not None:
                    raise TacticFail(f"argument '{param}' was already set")
                got = sort_of_node(a[2])  # type: ignore[arg-type]
                if got not in NUMERIC:
                    raise TacticFail(f"minilean: the type argument of '{base}' must be ℕ, ℤ, ℚ or ℝ")
                ty = got
                continue
            if param is None and a[1] == "α" and sort_of_node(a[2]) is not None:  # type: ignore[arg-type]
                raise TacticFail(f"minilean: named type arguments of '{base}' are not supported")
        rest.append(a)
    return ty, rest


__all__ = ["TYPE_PARAM", "take_type_arg"]
