"""`Nat.le_induction (m := a) (P := fun k hk => body)` as a term (`apply`, `refine`, `exact`).

Mathlib (`Mathlib/Order/Basic.lean`, later `Mathlib/Data/Nat/Init.lean`):

    @[elab_as_elim]
    theorem Nat.le_induction {m : ℕ} {P : ∀ n, m ≤ n → Prop} (base : P m m.le_refl)
        (succ : ∀ n hmn, P n hmn → P (n + 1) (le_succ_of_le hmn)) : ∀ n hmn, P n hmn

With the motive given as a named argument Lean elaborates the application with the ordinary app
elaborator (`elab_as_elim` steps aside when the motive is explicit), and the binder types are instantiated
with the `fun`, whose application is beta-reduced there (`Expr.instantiate` reduces a substituted head
`fun`). So the term has the type

    body[k := a] → (∀ (n : ℕ) (hmn : a ≤ n), body[k := n] → body[k := n + 1]) →
      ∀ (n : ℕ) (hmn : a ≤ n), body[k := n]

and `apply` unifies `body[k := ?n]` with the goal, leaving the goals `base`, `succ` and `a ≤ n` in that order
(`MVarId.apply`'s non-dependent-first order is the binder order here). minilean builds exactly this
declaration; the principle is Mathlib's theorem instantiated at the given motive, so nothing is assumed.

Only a motive `fun k hk => body` (or `fun k _ => body`) whose body is a proposition minilean states and does
not use the proof `hk` is taken; without `(P := …)` the motive would be elaborated by `elab_as_elim` from the
goal, which is refused with a message (use `induction n, hn using Nat.le_induction`, `induction_using.py`).
"""

from __future__ import annotations

from collections.abc import Mapping

from minilean.decls import Binder, Decl
from minilean.goals import TacticFail
from minilean.syntax import (
    NAT,
    EBin,
    ENum,
    EVar,
    PBin,
    PQuant,
    PRel,
    Prop,
    SyntaxErr,
    _Typer,
    expr_vars,
    subst_prop,
    to_prop,
)

NAME = "Nat.le_induction"
_N, _HMN = "n", "hmn"  # Mathlib's binder names (`∀ n hmn, …`), shown in the `succ` goal


def _free_names(p: Prop) -> set[str]:
    """Every variable name in `p` (a superset of the free ones is enough for the capture check)."""
    out: set[str] = set()

    def walk(x: object) -> None:
        if isinstance(x, EVar):
            out.add(x.name)
        for f in getattr(x, "__dataclass_fields__", {}):
            v = getattr(x, f)
            for y in v if isinstance(v, tuple) else (v,):
                if hasattr(y, "__dataclass_fields__"):
                    walk(y)

    walk(p)
    return out


def le_induction_decl(args: list, sorts: Mapping[str, str]) -> Decl:
    """The declaration of `Nat.le_induction (m := a) (P := fun k hk => body)` (see the module docstring)."""
    named = {a[1]: a[2] for a in args if isinstance(a, tuple) and a and a[0] == "named"}
    if len(named) != len(args) or "P" not in named:
        raise TacticFail(
            "minilean: Nat.le_induction as a term is supported with its motive given, "
            "`Nat.le_induction (m := a) (P := fun n hn => …)` "
            "(or use `induction n, hn using Nat.le_induction`)"
        )
    if set(named) - {"m", "P"}:
        bad = sorted(set(named) - {"m", "P"})[0]
        raise TacticFail(f"invalid argument name '{bad}' for 'Nat.le_induction'")
    fun = named["P"]
    if not (fun[0] == "fun" and len(fun[1]) == 2):
        raise TacticFail("minilean: the motive of Nat.le_induction must be a two-argument `fun n hn => …`")
    (k, k_ann), (hk, _) = fun[1]
    if k_ann is not None and k_ann != ("id", NAT) and k_ann != ("id", "Nat"):
        raise TacticFail("minilean: the motive's first argument of Nat.le_induction is a ℕ")
    try:
        body = to_prop(fun[2], {**sorts, k: NAT})
        m = _Typer(sorts).tree(named["m"], NAT)[0] if "m" in named else None
    except SyntaxErr as e:
        raise TacticFail(str(e)) from None
    if m is None:
        raise TacticFail("minilean: Nat.le_induction as a term needs its lower bound `(m := a)`")
    if hk != "_" and hk in _free_names(body):  # the proof argument (it shadows any outer `hk`)
        raise TacticFail("minilean: a motive of Nat.le_induction that uses its proof is not supported")
    outer = (_free_names(body) - {k}) | expr_vars(m, set())
    if {_N, _HMN} & outer:
        # the `succ` goal's `∀ n hmn` would capture an outer `n`: Lean renames it in the display, not modelled
        raise TacticFail("minilean: Nat.le_induction's motive mentions an outer 'n' (rename it first)")
    n = EVar(_N)

    def at(e: object) -> Prop:
        return subst_prop(body, k, e)  # type: ignore[arg-type]

    step = PQuant(
        "∀", _N, NAT, PBin("→", PRel("≤", m, n, NAT), PBin("→", at(n), at(EBin("+", n, ENum(1)))))
    )
    binders = (
        Binder("base", at(m)),
        Binder("succ", step),
        Binder(_N, NAT),
        Binder(_HMN, PRel("≤", m, n, NAT)),
    )
    return Decl(NAME, binders, at(n))


__all__ = ["NAME", "le_induction_decl"]
