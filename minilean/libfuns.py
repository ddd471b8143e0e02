"""Mathlib functions and constants minilean can state: their signatures, in one table.

A library function is an `EApp` whose name is listed here. Polymorphic Mathlib functions (`Int.floor`
on ℚ, ℝ or ℤ, …) get one monomorphic entry per argument type: `Int.floor` is the ℝ instance and
`Int.floor@ℚ` the ℚ one (the suffix is not printed). Their meaning (closed evaluation, z3 encoding with
the facts Mathlib proves) lives in `minilean.libsem`; nothing here invents a meaning.
"""

from __future__ import annotations

_N, _Z, _Q, _R = "ℕ", "ℤ", "ℚ", "ℝ"

LIB_FUNS: dict[str, tuple[tuple[str, ...], str]] = {
    "Nat.gcd": ((_N, _N), _N),
    "Nat.lcm": ((_N, _N), _N),
    "Nat.factorial": ((_N,), _N),
    "Nat.choose": ((_N, _N), _N),
    "Nat.sqrt": ((_N,), _N),
    "Nat.succ": ((_N,), _N),
    # Mathlib `Nat.fib : ℕ → ℕ` (Data/Nat/Fib/Basic.lean; nat_fib.py)
    "Nat.fib": ((_N,), _N),
    # Mathlib `Nat.totient : ℕ → ℕ` (Data/Nat/Totient.lean; nat_totient.py)
    "Nat.totient": ((_N,), _N),
    "Int.natAbs": ((_Z,), _N),
    # `Int.emod`/`Int.ediv` written as functions (`a.emod b`): the same values as `a % b` / `a / b` on ℤ
    # (their instances), but not the same term for `rw`/`simp` (int_divmod.py)
    "Int.emod": ((_Z, _Z), _Z),
    "Int.ediv": ((_Z, _Z), _Z),
    "Int.toNat": ((_Z,), _N),
    "Real.sqrt": ((_R,), _R),
    "Real.exp": ((_R,), _R),
    "Real.log": ((_R,), _R),
    "Real.logb": ((_R, _R), _R),
    "Real.sin": ((_R,), _R),
    "Real.cos": ((_R,), _R),
    "Real.tan": ((_R,), _R),
    "Real.pi": ((), _R),
    "Complex.I": ((), "ℂ"),
    "Complex.re": (("ℂ",), _R),
    "Complex.im": (("ℂ",), _R),
    "Complex.normSq": (("ℂ",), _R),
    # x⁻¹ in a field (0⁻¹ = 0), one entry per type
    "Inv.inv": ((_R,), _R),
    "Inv.inv@ℚ": ((_Q,), _Q),
    "Inv.inv@ℂ": (("ℂ",), "ℂ"),
    # `x ^ y` with a non-ℕ exponent: Real.rpow (ℝ exponent), zpow (ℤ exponent, in a division ring)
    "Real.rpow": ((_R, _R), _R),
    "zpow": ((_R, _Z), _R),
    "zpow@ℚ": ((_Q, _Z), _Q),
    "zpow@ℂ": (("ℂ", _Z), "ℂ"),
    # floors and ceilings, one entry per argument type (Lean picks the instance from the argument)
    "Int.floor": ((_R,), _Z),
    "Int.floor@ℚ": ((_Q,), _Z),
    "Int.floor@ℤ": ((_Z,), _Z),
    "Int.ceil": ((_R,), _Z),
    "Int.ceil@ℚ": ((_Q,), _Z),
    "Int.ceil@ℤ": ((_Z,), _Z),
    "Nat.floor": ((_R,), _N),
    "Nat.floor@ℚ": ((_Q,), _N),
    "Nat.floor@ℕ": ((_N,), _N),
    # Mathlib's `discrim [Ring α] (a b c : α) : α := b ^ 2 - 4 * a * c`, a plain `def`: only unfolding
    # (`rw [discrim]`, `simp [discrim]`, `unfold discrim`, see discrim.py) and the z3 oracle see its body
    "discrim": ((_R, _R, _R), _R),
    "discrim@ℚ": ((_Q, _Q, _Q), _Q),
    "discrim@ℤ": ((_Z, _Z, _Z), _Z),
    "discrim@ℂ": (("ℂ", "ℂ", "ℂ"), "ℂ"),
}

# name as written -> argument types it accepts (the first listed is the unsuffixed entry)
POLYMORPHIC: dict[str, tuple[str, ...]] = {
    "Int.floor": (_R, _Q, _Z),
    "Int.ceil": (_R, _Q, _Z),
    "Nat.floor": (_R, _Q, _N),
    "Inv.inv": (_R, _Q, "ℂ"),
    "discrim": (_R, _Q, _Z, "ℂ"),  # the type of its three arguments (no `Ring ℕ`)
}

# field notation on a variable: (its sort, field) -> function
FIELD_FUNS = {
    ("ℂ", "re"): "Complex.re",
    ("ℂ", "im"): "Complex.im",
    (_N, "succ"): "Nat.succ",
    # `a.natAbs` / `a.toNat` with `a : ℤ`: Lean resolves the field in the namespace `Int` of the type head
    (_Z, "natAbs"): "Int.natAbs",
    (_Z, "toNat"): "Int.toNat",
}

# notations: `π` is `Real.pi` (Mathlib's `Real.pi` notation, opened by the MiniF2F header's `open Real`)
CONSTANT_ALIASES = {"π": "Real.pi", "Real.pi": "Real.pi", "Complex.I": "Complex.I"}


# (base type, exponent type) -> the power function Mathlib's `HPow` instance resolves to
POWERS = {(_R, _R): "Real.rpow", (_R, _Z): "zpow", (_Q, _Z): "zpow@ℚ", ("ℂ", _Z): "zpow@ℂ"}
POWER_FUNS = frozenset(POWERS.values())


def instance_name(name: str, arg_ty: str) -> str | None:
    """The table entry of polymorphic `name` applied to an argument of type `arg_ty`, if Mathlib has it."""
    allowed = POLYMORPHIC[name]
    if arg_ty not in allowed:
        return None
    return name if arg_ty == allowed[0] else f"{name}@{arg_ty}"


def display_name(fn: str) -> str:
    return fn.split("@", 1)[0]


__all__ = [
    "CONSTANT_ALIASES",
    "FIELD_FUNS",
    "LIB_FUNS",
    "POLYMORPHIC",
    "POWERS",
    "POWER_FUNS",
    "display_name",
    "instance_name",
]
