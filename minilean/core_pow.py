"""`rw`'s closing `rfl` and ℕ powers a core lemma put into the goal (round 22d).

`rw rules` ends with `with_reducible rfl`. At reducible transparency Lean's `isDefEq` evaluates closed ℕ
arithmetic on literals (`Nat.reduceBinNatOp` through `reduceNat?` in `Lean/Meta/WHNF.lean`, and `evalNat`
in `Lean/Meta/Offset.lean`), but a power only when it is `Nat.pow` behind the core instance
(`instHPow ℕ ℕ instPowNat`: `isInstHPowNat` in `Lean/Meta/NatInstTesters.lean` is a structural test in the
cores the proofs were checked with). A `^` the user writes in a Mathlib file is elaborated with Mathlib's
`Monoid.Pow ℕ` instead, which the reducible check does not evaluate: public proofs checked by Lean go on
after `rw` leaves `8 = 2 ^ 3` or a closed `129 ^ 34 % 11` (round 3 made `rw`'s `rfl` skip every `^`).

A lemma stated in Lean core (or in Mathlib's algebra-free `Data/Nat` files) carries the core instance into
the goal it rewrites: `Nat.pow_mod (a b n : ℕ) : a ^ b % n = (a % n) ^ b % n` turns `2 ^ 2010 % 2 = 0`
into `(2 % 2) ^ 2010 % 2 = 0`, which the closing `rfl` then evaluates (a public proof Lean checked relies on
it). minilean keeps no instance on its terms, so the `^` subterms such a rewrite introduces are recorded
for the one `rw` call (later rewrites of the same call rewrite the recorded terms too) and only those are
evaluated by its `rfl`. Not modelled: the instance outlives the `rw` call in Lean, so a later `rw [h]`
that turns `(m % 6) ^ 9 % 6 = 1` into `1 ^ 9 % 6 = 1` closes the goal there, while minilean leaves it
(a following `norm_num` is then accepted by minilean and fails in Lean with "no goals"). Only
`Nat.pow_mod` is listed: it is the one table lemma whose home (core `Init/Data/Nat/Lemmas.lean`, earlier
Mathlib `Data/Nat/Defs.lean`, neither of which has Mathlib's `Monoid` instances) was checked here.
"""

from __future__ import annotations

from collections.abc import Callable

from minilean.kmatch import eval_nat
from minilean.syntax import NAT, EApp, EBin, ECast, ENeg, ENum, Expr, PBin, PNot, PRel, Prop

# (proposition, lhs, rhs, type, sorts) -> (rewritten proposition, instances)
Rewriter = Callable[[Prop, Expr, Expr, str, dict], tuple[Prop, int]]

CORE_POW_RULES = frozenset({"Nat.pow_mod"})
_MAX_BITS = 4096  # larger values stay unevaluated (weaker), as the other literal evaluators do


def rule_name(item: str) -> str:
    """The lemma an `rw` item names: `← Nat.pow_mod 2 5 3` -> `Nat.pow_mod`."""
    text = item.removeprefix("←").removeprefix("<-").strip()
    return text.split()[0].strip("()") if text else ""


def pows_in(e: Expr, out: set[Expr]) -> set[Expr]:
    """Every `^` subterm of `e` (the side of an instantiated rule that replaces the matched one)."""
    if isinstance(e, EBin):
        if e.op == "^":
            out.add(e)
        pows_in(e.lhs, out)
        pows_in(e.rhs, out)
    elif isinstance(e, ENeg | ECast):
        pows_in(e.arg, out)
    elif isinstance(e, EApp):
        for a in e.args:
            pows_in(a, out)
    return out


def track(core: set[Expr], introduced: list[tuple[Expr, Expr, str]], rule: str, sorts: dict,
          abstract: Rewriter) -> set[Expr]:
    """The recorded core powers after one rewrite of the target: each rewritten as the target was, plus
    the powers of the replacing side when the rule is a core lemma. `abstract` is rw's own
    `rewrite.abstract_everywhere` (passed in: `rewrite` reads this module's record when it closes by rfl)."""

    def rw(e: Expr, lhs: Expr, rhs: Expr) -> Expr:
        return abstract(PRel("=", e, e, NAT), lhs, rhs, NAT, sorts)[0].lhs  # type: ignore[union-attr]

    out: set[Expr] = set()
    for pw in core:
        for lhs, rhs, ty in introduced:
            if ty != NAT or not isinstance(pw, EBin):
                continue
            inside = EBin("^", rw(pw.lhs, lhs, rhs), rw(pw.rhs, lhs, rhs))
            # the power itself rewritten away: what replaces it carries the rule's instance, not core's
            pw = inside if rw(pw, lhs, rhs) == inside else None  # type: ignore[assignment]
        if pw is not None:
            out.add(pw)
    if rule in CORE_POW_RULES:
        for _, rhs, _ty in introduced:
            pows_in(rhs, out)
    return out


def _value(e: Expr, core: frozenset[Expr]) -> int | None:
    if isinstance(e, EBin) and e.op == "^" and e in core:
        b, n = _value(e.lhs, core), _value(e.rhs, core)
        if b is None or n is None or b.bit_length() * n > _MAX_BITS:
            return None
        return b**n
    if isinstance(e, EBin) and e.op in ("+", "∸", "*", "÷", "%"):
        a, b = _value(e.lhs, core), _value(e.rhs, core)
        if a is None or b is None:
            return None
        return eval_nat(EBin(e.op, ENum(a), ENum(b)))
    return eval_nat(e)


def _fold(e: Expr, core: frozenset[Expr]) -> Expr:
    v = _value(e, core)
    if v is not None:
        return ENum(v)
    if isinstance(e, EBin):
        return EBin(e.op, _fold(e.lhs, core), _fold(e.rhs, core))
    return e


def fold_core_pows(p: Prop, core: frozenset[Expr]) -> Prop:
    """`p` with the closed ℕ terms that contain a recorded core `^` replaced by their values."""
    if not core:
        return p
    if isinstance(p, PRel) and p.ty == NAT:
        return PRel(p.op, _fold(p.lhs, core), _fold(p.rhs, core), p.ty)
    if isinstance(p, PNot):
        return PNot(fold_core_pows(p.arg, core))
    if isinstance(p, PBin):
        return PBin(p.op, fold_core_pows(p.lhs, core), fold_core_pows(p.rhs, core))
    return p


__all__ = ["CORE_POW_RULES", "fold_core_pows", "pows_in", "rule_name", "track"]
