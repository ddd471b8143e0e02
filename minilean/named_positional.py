"""Named arguments of table lemmas given by explicit binder: `Real.rpow_natCast_mul h (n := 2) (z := e)`.

Lean's application elaborator fills each named binder with its value and the remaining explicit binders,
in order, with the positional arguments. `lemmas.resolve` reads its arguments by position (exponent
binders must be numerals, the others fix the type), so a use whose named arguments leave no explicit
binder unfilled before them is rewritten into the positional list Lean would have built. Any other use
(a gap before a named binder, which Lean answers with a function still waiting for that argument) is
left as written, and the table machinery refuses it as before.
"""

from __future__ import annotations


def _named(a: object) -> bool:
    return isinstance(a, tuple) and len(a) in (3, 4) and a[0] == "named"


def to_positional(binders: list[tuple[str, str]], args: list) -> list:
    """`binders`: the lemma's explicit binders (name, kind) in order. The argument list with the named
    arguments of those binders placed at their positions, or `args` unchanged when that is not possible."""
    names = [b for b, _ in binders]
    named = {a[1]: a[2] for a in args if _named(a)}
    if not named or any(n not in names for n in named) or len(named) != sum(1 for a in args if _named(a)):
        return args  # none, an unknown name or a repeated one: left to the usual errors
    positional = [a for a in args if not _named(a)]
    out: list = []
    used = 0
    for b in names:
        if b in named:
            out.append(named[b])
            used += 1
        elif positional:
            out.append(positional.pop(0))
        else:
            break
    if used != len(named):
        return args  # a named binder after an unfilled explicit one
    return out + positional
