"""Per-instance lemmas (`lemmas.PER_INSTANCE`) applied to explicit arguments that are not numerals (round 24).

`PER_INSTANCE` rows are admitted only for the numerals a use gives (`Nat.mul_mod a b 7`) or for the instance
read off the goal (`lemmas._goal_instance`), because z3 cannot prove most of their schemas (nonlinear ℕ/ℤ
`/` and `%` with a variable modulus). Some of them it does prove, quickly and whatever the variable names
(`Nat.div_add_mod (m k : ℕ) : k * (m / k) + m % k = m`, `Nat.mod_add_div`): a use that gives every explicit
argument as a term (`Nat.div_add_mod (x - 1) (2 ^ (k + 3))`) is then admitted: the schema holds for every
value of its variables and so for those terms. Lean accepts each such use, so minilean is not stronger.

The instance itself is not what is checked: z3's verdict on an instance with atoms such as `2 ^ k` can change
with the variable names (seen: proved as `x`, `k`, unknown as `r2_x`, `r0_k`), which the rename check would
rightly refuse; the schema's verdict does not depend on the use.
"""

from __future__ import annotations

from collections.abc import Callable

from minilean.decls import Decl


def args_instance(
    name: str, ty: str, decl: Decl, args: list, schema_valid: Callable[[str, str], bool]
) -> bool:
    """May the per-instance row `name` (its unchecked declaration `decl` at `ty`) be applied to the explicit
    terms `args`? Only for rows without hypotheses whose schema z3 proves (see the module docstring);
    `schema_valid` (from `minilean.lemmas`, which imports this module) asks z3 about the schema."""
    explicit = [b for b in decl.binders if isinstance(b.ty, str) and not b.implicit]
    if any(not isinstance(b.ty, str) for b in decl.binders) or len(args) != len(explicit):
        return False
    return schema_valid(name, ty)


__all__ = ["args_instance"]
