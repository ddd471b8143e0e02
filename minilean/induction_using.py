"""`induction n, hn using Nat.le_induction with | base => … | succ k hk ih => …`.

Mathlib: `theorem Nat.le_induction {m : ℕ} {P : ∀ n, m ≤ n → Prop} (base : P m m.le_refl)
(succ : ∀ n hmn, P n hmn → P (n + 1) (le_succ_of_le hmn)) : ∀ n hmn, P n hmn`. The targets are the
variable `n` and the proof `hn : m ≤ n`; `induction` generalizes the other hypotheses that mention
`n` (they enter the motive and come back in each case). Cases: `base` (n := m) and `succ` with the new
`n`, `hmn : m ≤ n` and the induction hypothesis, inaccessible until named by the alternative.

Only `hn : m ≤ n` / `hn : n ≥ m` with `m` free of `n` is taken: with `hn : 0 < n` Lean unifies
`?m ≤ n` against `Nat.lt 0 n` through `Nat.le (0 + 1) n`, and how the base case then prints was not
settled, so minilean refuses it.

`induction z using Int.induction_on with | hz => … | hp i ih => … | hn i ih => …` (int_induction below):
Mathlib's `protected theorem Int.induction_on {p : ℤ → Prop} (i : ℤ) (hz : p 0)
(hp : ∀ i : ℕ, p ↑i → p (↑i + 1)) (hn : ∀ i : ℕ, p (-↑i) → p (-↑i - 1)) : p i`, the statement (and case
names) of the Mathlib the 2024 proofs were checked with; a later rename of the cases is not modelled (the
alternatives must then say `hz`/`hp`/`hn`, else they are refused: weaker). The new variable is a ℕ.

`induction n using Nat.strong_induction_on with | h n ih => …` (also `Nat.strongInductionOn`, whose case is
`ind`): `Nat.strong_induction_on {p : ℕ → Prop} (n : ℕ) (h : ∀ n, (∀ m, m < n → p m) → p n) : p n`
(Mathlib writes the hypothesis `∀ m < n, p m`, the same term). One case: the new `n`, and
`ih : ∀ m, m < n → P m` with the generalized hypotheses inside `P`.

Other `using` eliminators (`Nat.strongRecOn`, `Nat.twoStepInduction`, `Nat.case_strong_induction_on`, …)
are refused: their case names differ between versions.
"""

from __future__ import annotations

import re

from minilean.goals import Goal, Hyp, TacticFail
from minilean.syntax import (
    INT,
    NAT,
    EBin,
    ECast,
    ENeg,
    ENum,
    EVar,
    Expr,
    PBin,
    PQuant,
    PRel,
    Prop,
    SyntaxErr,
    expr_vars,
    subst_prop,
)

_LE_IND = re.compile(r"^(\S+)\s*,\s*(\S+)\s+using\s+Nat\.le_induction\s*$")
_INT_IND = re.compile(r"^(\S+)\s+using\s+Int\.induction_on\s*$")
_STRONG = re.compile(r"^(\S+)\s+using\s+Nat\.(strong_induction_on|strongInductionOn)\s*$")
_STRONG_CASE = {"strong_induction_on": "h", "strongInductionOn": "ind"}


def is_using(rest: str) -> bool:
    return re.search(r"\busing\b", rest) is not None


def _lower_bound(ty: Prop, n: str) -> Expr | None:
    """`m` from `m ≤ n` or `n ≥ m` (ℕ), where `m` does not mention `n`."""
    if not (isinstance(ty, PRel) and ty.ty == NAT):
        return None
    if ty.op == "≤" and ty.rhs == EVar(n):
        m = ty.lhs
    elif ty.op == "≥" and ty.lhs == EVar(n):
        m = ty.rhs
    else:
        return None
    return None if n in expr_vars(m, set()) else m


def _generalize(g: Goal, var: Hyp, skip: tuple[Hyp, ...]) -> tuple[list[Hyp], tuple[Hyp, ...], Prop]:
    """`induction` reverts the hypotheses that mention the target variable: they enter the motive and come
    back in each case. Returns (those hypotheses, the rest, the motive's body)."""
    n = var.name
    if sum(1 for h in g.hyps if h.is_var and h.name == n) != 1:
        raise TacticFail(f"minilean: another variable is also called '{n}'; rename it first")
    if any(h.is_var and h is not var and n in _vars_of_value(h) for h in g.hyps):
        raise TacticFail("minilean: a let value mentions the induction variable; not modelled")
    deps = [
        h for h in g.hyps
        if h is not var and not any(h is k for k in skip) and not h.is_var and n in _vars(h.ty)  # type: ignore[arg-type]
    ]
    kept = tuple(
        h for h in g.hyps if h is not var and not any(h is k for k in skip) and not any(h is d for d in deps)
    )
    motive: Prop = g.target
    for d in reversed(deps):
        motive = PBin("→", d.ty, motive)  # type: ignore[arg-type]
    return deps, kept, motive


def int_induction(g: Goal, z: str) -> list[Goal]:
    """`induction z using Int.induction_on`: cases `hz` (z := 0), `hp` (z := ↑i + 1, ih at ↑i) and `hn`
    (z := -↑i - 1, ih at -↑i), with `i : ℕ` and ih inaccessible until an alternative names them."""
    var = g.lookup(z)
    if var is None or not var.is_var or var.ty != INT:
        raise TacticFail(f"minilean: Int.induction_on needs a ℤ variable, got '{z}'")
    deps, kept, motive = _generalize(g, var, ())
    # the new ℕ variable takes the old name (the ℤ one is gone), so no other variable is captured
    cast: Expr = ECast(EVar(z), NAT, INT)

    def at(value: Expr, p: Prop) -> Prop:
        try:
            return subst_prop(p, z, value)
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None

    def case(value: Expr) -> tuple[Hyp, ...]:
        return tuple(Hyp(d.name, at(value, d.ty), d.accessible) for d in deps)  # type: ignore[arg-type]

    def tag(t: str) -> str:
        return f"{g.tag}.{t}" if g.tag else t

    succ = EBin("+", cast, ENum(1))
    neg = ENeg(cast)
    pred = EBin("-", ENeg(cast), ENum(1))
    new_var = Hyp(z, NAT, accessible=False)
    return [
        Goal((*kept, *case(ENum(0))), at(ENum(0), g.target), tag("hz")),
        Goal(
            (*kept, new_var, Hyp("ih", at(cast, motive), accessible=False), *case(succ)),
            at(succ, g.target),
            tag("hp"),
        ),
        Goal(
            (*kept, new_var, Hyp("ih", at(neg, motive), accessible=False), *case(pred)),
            at(pred, g.target),
            tag("hn"),
        ),
    ]


def strong_induction(g: Goal, n: str, case: str) -> list[Goal]:
    """`induction n using Nat.strong_induction_on`: one case, the new `n` and `ih : ∀ m, m < n → P m`."""
    from minilean.syntax import binder_names, prop_vars

    var = g.lookup(n)
    if var is None or not var.is_var or var.ty != NAT:
        raise TacticFail(f"minilean: strong induction needs a ℕ variable, got '{n}'")
    deps, kept, motive = _generalize(g, var, ())
    # the bound variable: Lean's `m`, or a name no source can write when `m` is taken (display only)
    taken = prop_vars(motive) | binder_names(motive) | {h.name for h in g.hyps}
    m, k = "m", 0
    while m in taken:
        k += 1
        m = f"m✝{k}"
    try:
        body = PBin("→", PRel("<", EVar(m), EVar(n), NAT), subst_prop(motive, n, EVar(m)))
    except SyntaxErr as e:
        raise TacticFail(str(e)) from None
    ih = Hyp("ih", PQuant("∀", m, NAT, body), accessible=False)
    new_var = Hyp(n, NAT, accessible=False)
    tag = f"{g.tag}.{case}" if g.tag else case
    return [Goal((*kept, new_var, ih, *deps), g.target, tag)]


def induction_using(g: Goal, rest: str) -> list[Goal]:
    mi = _INT_IND.match(rest.strip())
    if mi is not None:
        return int_induction(g, mi.group(1))
    ms = _STRONG.match(rest.strip())
    if ms is not None:
        return strong_induction(g, ms.group(1), _STRONG_CASE[ms.group(2)])
    mt = _LE_IND.match(rest.strip())
    if mt is None:
        raise TacticFail(
            "minilean: `induction … using` is supported for `Nat.le_induction`, `Int.induction_on` and "
            "`Nat.strong_induction_on` only "
            f"({rest.strip()})"
        )
    n, hn_name = mt.group(1), mt.group(2)
    var = g.lookup(n)
    hn = g.lookup(hn_name)
    if var is None or not var.is_var or var.ty != NAT:
        raise TacticFail(f"minilean: Nat.le_induction needs a ℕ variable, got '{n}'")
    if sum(1 for h in g.hyps if h.is_var and h.name == n) != 1:
        raise TacticFail(f"minilean: another variable is also called '{n}'; rename it first")
    if hn is None or hn.is_var:
        raise TacticFail(f"unknown hypothesis '{hn_name}'")
    m = _lower_bound(hn.ty, n)  # type: ignore[arg-type]
    if m is None:
        raise TacticFail(f"minilean: Nat.le_induction needs `{hn_name} : m ≤ {n}` (other forms not modelled)")
    deps = [h for h in g.hyps if h is not var and h is not hn and not h.is_var and n in _vars(h.ty)]  # type: ignore[arg-type]
    if any(h.is_var and h is not var and n in _vars_of_value(h) for h in g.hyps):
        raise TacticFail("minilean: a let value mentions the induction variable; not modelled")
    kept = tuple(h for h in g.hyps if h is not var and h is not hn and not any(h is d for d in deps))
    motive: Prop = g.target
    for d in reversed(deps):
        motive = PBin("→", d.ty, motive)  # type: ignore[arg-type]

    def at(value: Expr) -> tuple[tuple[Hyp, ...], Prop]:
        try:
            hyps = tuple(Hyp(d.name, subst_prop(d.ty, n, value), d.accessible) for d in deps)  # type: ignore[arg-type]
            return hyps, subst_prop(g.target, n, value)
        except SyntaxErr as e:
            raise TacticFail(str(e)) from None

    base_hyps, base_target = at(m)
    succ_hyps, succ_target = at(EBin("+", EVar(n), ENum(1)))

    def tag(t: str) -> str:
        return f"{g.tag}.{t}" if g.tag else t

    new_var = Hyp(n, NAT, accessible=False)
    hmn = Hyp("hmn", PRel("≤", m, EVar(n), NAT), accessible=False)
    ih = Hyp("ih", motive, accessible=False)  # P n hmn: the motive at the new n
    return [
        Goal((*kept, *base_hyps), base_target, tag("base")),
        Goal((*kept, new_var, hmn, ih, *succ_hyps), succ_target, tag("succ")),
    ]


def _vars(p: Prop) -> set[str]:
    from minilean.syntax import prop_vars

    return prop_vars(p)


def _vars_of_value(h: Hyp) -> set[str]:
    v = h.value
    if v is None:
        return set()
    return v.free_vars() if hasattr(v, "free_vars") else expr_vars(v, set())  # type: ignore[arg-type]
