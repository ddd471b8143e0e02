"""field_simp's side condition `↑(k !) ≠ 0` when the call names `Nat.factorial_ne_zero`.

Mathlib's `field_simp [h…]` is simp with the default set, `field_simps` and the arguments, under the
discharger `FieldSimp.discharge`, whose last step simplifies the side condition with that same simp set:
`(↑(k !) : α) ≠ 0` becomes `¬ k ! = 0` by `Nat.cast_ne_zero` (@[simp, norm_cast], any char-zero α), and
the argument `Nat.factorial_ne_zero : n ! ≠ 0` closes it. Without the argument the discharger's
positivity step might still prove it (a factorial extension exists in recent Mathlib), but whether it
did at every pinned version was not settled, so minilean then refuses (weaker)."""

from __future__ import annotations

from minilean.syntax import EApp, EBin, ECast, ENeg, ENum, Expr, PBin, PNot, PRel, Prop

HINT = "Nat.factorial_ne_zero"


def _casts(e: Expr, out: list[tuple[Expr, str]]) -> None:
    if isinstance(e, ECast) and e.src == "ℕ" and isinstance(e.arg, EApp) and e.arg.fn == "Nat.factorial":
        out.append((e, e.dst))
    if isinstance(e, EBin):
        _casts(e.lhs, out)
        _casts(e.rhs, out)
    elif isinstance(e, ENeg):
        _casts(e.arg, out)
    elif isinstance(e, EApp):
        for a in e.args:
            _casts(a, out)
    elif isinstance(e, ECast):
        _casts(e.arg, out)


def factorial_side_facts(hints: list[str], props: list[Prop]) -> list[Prop]:
    """`↑(k !) ≠ 0` for every cast factorial in `props`, when `hints` names `Nat.factorial_ne_zero`
    (bare: the lemma itself, not an instance or a projection of it)."""
    if HINT not in [h.strip() for h in hints]:
        return []
    found: list[tuple[Expr, str]] = []

    def walk(p: Prop) -> None:
        if isinstance(p, PRel):
            _casts(p.lhs, found)
            _casts(p.rhs, found)
        elif isinstance(p, PBin):
            walk(p.lhs)
            walk(p.rhs)
        elif isinstance(p, PNot):
            walk(p.arg)

    for p in props:
        walk(p)
    return [PRel("≠", e, ENum(0), ty) for e, ty in dict.fromkeys(found)]
