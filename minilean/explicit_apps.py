"""Functions written out that minilean otherwise reads as notation: `Finset.sum`/`Finset.prod` (behind
`∑`/`∏`) and the casts `Nat.cast`/`Int.cast`/`Rat.cast` (behind `↑`).

Casts. `↑(q : ℚ) : ℝ` elaborates to `@Rat.cast ℝ _ q` (`Mathlib/Data/Rat/Cast/Defs.lean`: the `RatCast`
coercion is `Rat.cast`), `↑(n : ℕ)` to `Nat.cast`, `↑(z : ℤ)` to `Int.cast`: so `Rat.cast x` is the
coercion of `x` elaborated at ℚ, into the type the surrounding term gives it. It is parsed as a `coe`
node over `(x : ℚ)` that remembers its function: the one place the two differ is a cast into its own
type (`(Nat.cast n : ℕ)` is a real `Nat.cast` application, only propositionally `n` via `Nat.cast_id`,
while `↑n : ℕ` inserts nothing), which minilean refuses (`syntax._Typer.build`). A cast downwards
(`(Rat.cast q : ℤ)`: no `RatCast ℤ`) fails as any coercion downwards does.

Big operators.

Mathlib's `∑ k ∈ s, f k` is notation for `Finset.sum s (fun k ↦ f k)` (`Mathlib/Algebra/BigOperators/
Group/Finset/Defs.lean`, the `bigsum` macro), and the delaborator prints such an application back as
`∑ k ∈ s, f k`. So an explicit application whose function is a one-binder `fun` is the same term as the
notation and is parsed into the same `bigop` node. A binder type (`fun k : ℕ => …`) fixes the index
type: over `Finset.range`/`Nat.divisors`/`Nat.properDivisors` it must be ℕ (anything else is Lean's type
mismatch), over `Finset.Icc a b` it is put on the lower bound as an ascription, as Lean's unifier
propagates `Finset T` into the bounds. Other shapes (a function variable `f` without `fun`, several
binders, a partial application) are left as applications, which minilean does not state.
"""

from __future__ import annotations

from typing import Any

Node = Any  # syntax.Node (a parse tree tuple); not imported: syntax imports this module

BIG_FUNS = {"Finset.sum": "∑", "Finset.prod": "∏"}
# cast function -> the type its argument is elaborated at
CAST_FUNS = {"Nat.cast": "ℕ", "Int.cast": "ℤ", "Rat.cast": "ℚ"}
_NAT_ONLY = ("Finset.range", "Nat.divisors", "Nat.properDivisors")


class BigAppError(Exception):
    """The application is ill-typed in Lean; the parser reports it as its SyntaxErr."""


def _is_nat_type(ty: Node) -> bool:
    return ty in (("id", "ℕ"), ("id", "Nat"))


def _typed_domain(dom: Node, ty: Node) -> Node:
    """`dom` with the index type `ty` made explicit where minilean reads index types (the Icc bounds)."""
    if dom[0] == "app" and dom[1][0] == "id":
        name, args = dom[1][1], dom[2]
        if name in _NAT_ONLY:
            if not _is_nat_type(ty):
                raise BigAppError(f"type mismatch: the index of {name} has type ℕ, not the binder's type")
            return dom
        if name == "Finset.Icc" and len(args) == 2:
            return ("app", dom[1], (("ascr", args[0], ty), args[1]))
        if name == "Finset.filter" and len(args) == 2:
            return ("app", dom[1], (args[0], _typed_domain(args[1], ty)))
    return dom  # an index set minilean does not know: bigops refuses it with its own message


def as_cast(head: Node, args: tuple) -> Node | None:
    """`Rat.cast x` as the node `("coe", (x : ℚ), "Rat.cast")`, or None for other applications."""
    if head[0] != "id" or head[1] not in CAST_FUNS or len(args) != 1:
        return None
    return ("coe", ("ascr", args[0], ("id", CAST_FUNS[head[1]])), head[1])


def as_bigop(head: Node, args: tuple) -> Node | None:
    """The `bigop` node of `Finset.sum s (fun k => body)` / `Finset.prod …`, or None for other shapes."""
    if head[0] != "id" or head[1] not in BIG_FUNS or len(args) != 2:
        return None
    dom, fn = args
    if fn[0] != "fun" or len(fn[1]) != 1:
        return None
    var, ty = fn[1][0]
    if ty is not None:
        dom = _typed_domain(dom, ty)
    return ("bigop", BIG_FUNS[head[1]], var, dom, fn[2])


__all__ = ["BIG_FUNS", "CAST_FUNS", "BigAppError", "as_bigop", "as_cast"]
