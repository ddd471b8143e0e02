"""`Nat.ModEq` / `Int.ModEq` (`a ≡ b [MOD n]`, `a ≡ b [ZMOD n]`): the tactics that are told to unfold it.

Mathlib defines `Nat.ModEq n a b := a % n = b % n` (and `Int.ModEq` with `Int.emod`) as a plain `def`.
Automation that works up to reducible unfolding (omega's `whnfR`, linarith's preprocessing, simp's
matching, ring) does not see through it; the elaborator's defeq checks (`exact`, `rfl`, `assumption`)
do (goals.defeq). The tactics that unfold it on request are handled here:

- `simp [Nat.ModEq]`, `simp only [Nat.ModEq]`, `norm_num [Nat.ModEq]` (and `Int.ModEq`): the equation
  lemma `Nat.ModEq n a b = (a % n = b % n)` as a simp rule (`definition_rule`);
- `rw [Nat.ModEq]` (`← Nat.ModEq` folds): the same equation as a rewrite rule (kabstract: the first
  instance fixes `n a b`, its copies are rewritten);
- `unfold Nat.ModEq (at h …)`: every occurrence, at the named locations (`unfold_tactic`).

Nothing else (`delta`, `dsimp [Nat.ModEq]`, `unfold` of other names) is modelled.
"""

from __future__ import annotations

from minilean.goals import Goal, Hyp, TacticFail
from minilean.syntax import (
    INT,
    NAT,
    EMeta,
    PBin,
    PCoprime,
    PModEq,
    PNot,
    PQuant,
    Prop,
)

HEADS = {"Nat.ModEq": NAT, "Int.ModEq": INT}
# `unfold Nat.Coprime` (a plain def, `Nat.gcd m n = 1`): only for `unfold`, keyed apart from the ModEq types
# (rw/simp with `Nat.Coprime` are not modelled: def_type stays None for it)
COPRIME = "Nat.Coprime"
_META = 70_000  # metavariable indices of the equation lemma (disjoint from the other rule builders')


def def_type(name: str, g: Goal) -> str | None:
    """The type (ℕ / ℤ) when `name` is the global `Nat.ModEq` / `Int.ModEq` (not shadowed by a local)."""
    name = name.strip()
    if name in HEADS and g.lookup(name.split(".")[0]) is None:
        return HEADS[name]
    return None


def equation(ty: str) -> tuple[PModEq, Prop]:
    """The equation lemma's two sides, with pattern variables for `n a b`."""
    pat = PModEq(EMeta(_META, ty), EMeta(_META + 1, ty), EMeta(_META + 2, ty), ty)
    return pat, pat.unfolded()


def definition_rule(ty: str) -> Prop:
    """`Nat.ModEq n a b ↔ a % n = b % n` (simp reads a Prop-valued equation as an iff rule)."""
    lhs, rhs = equation(ty)
    return PBin("↔", lhs, rhs)


def unfold_all(p: Prop, ty: str) -> tuple[Prop, int]:
    """Every `ModEq` of type `ty` in `p` replaced by its definition, and how many there were."""
    if isinstance(p, PModEq):
        return (p.unfolded(), 1) if p.ty == ty else (p, 0)
    if isinstance(p, PCoprime):
        return (p.unfolded(), 1) if ty == COPRIME else (p, 0)
    if isinstance(p, PNot):
        a, n = unfold_all(p.arg, ty)
        return PNot(a), n
    if isinstance(p, PBin):
        a, n = unfold_all(p.lhs, ty)
        b, m = unfold_all(p.rhs, ty)
        return PBin(p.op, a, b), n + m
    if isinstance(p, PQuant):
        body, n = unfold_all(p.body, ty)
        return PQuant(p.q, p.var, p.sort, body), n
    return p, 0  # atoms: no ModEq inside a term (it is a Prop)


def unfold_tactic(g: Goal, rest: str) -> Goal:
    """`unfold Nat.ModEq [Int.ModEq …] [at h₁ h₂ ⊢]`: refused for any other name (not modelled); an
    error when a location has nothing to unfold, as Lean's `unfold` reports."""
    words = rest.split()
    if "at" in words:
        i = words.index("at")
        names, locs = words[:i], words[i + 1 :]
        if not locs:
            raise TacticFail("unexpected end of input; expected location")
    else:
        names, locs = words, ["⊢"]
    if not names:
        raise TacticFail("unexpected end of input; expected identifier")
    tys = []
    for nm in names:
        ty = COPRIME if nm.strip() == COPRIME and g.lookup("Nat") is None else def_type(nm, g)
        if ty is None:
            raise TacticFail(
                f"minilean: `unfold {nm}` is not supported (only Nat.ModEq, Int.ModEq and Nat.Coprime)"
            )
        tys.append(ty)
    hyps, target = list(g.hyps), g.target
    for loc in locs:
        if loc == "⊢":
            new, count = target, 0
            for ty in tys:
                new, c = unfold_all(new, ty)
                count += c
            if count == 0:
                raise TacticFail(f"unfold failed to unfold '{' '.join(names)}' at\n  the goal")
            target = new
            continue
        h = g.lookup(loc)
        if h is None or h.is_var:
            raise TacticFail(f"unknown hypothesis '{loc}'")
        ty_h, count = h.ty, 0
        for ty in tys:
            ty_h, c = unfold_all(ty_h, ty)  # type: ignore[arg-type]
            count += c
        if count == 0:
            raise TacticFail(f"unfold failed to unfold '{' '.join(names)}' at\n  {loc}")
        hyps = [Hyp(x.name, ty_h, x.accessible, x.value) if x is h else x for x in hyps]
    return Goal(tuple(hyps), target, g.tag)


__all__ = ["HEADS", "def_type", "definition_rule", "equation", "unfold_all", "unfold_tactic"]
