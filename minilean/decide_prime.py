"""`decide` on closed propositions that mention `Nat.Prime n` for a small numeral `n`.

Mathlib's `Decidable (Nat.Prime p)` instance is meant to reduce in the kernel for small `p`. Two
versions matter here: up to late 2024 the global instance went through `Nat.minFac`, whose helper
`Nat.minFacAux` (well-founded recursion) is marked `@[semireducible]` precisely so that `decide` works
(the 2023–24 provers' `decide` proofs of `Nat.Prime 127` / `Nat.Prime 157` were checked that way); since
mathlib4 PR #19240 (merged 2024-12) the instance is `decidable_of_iff' _ prime_def_lt'`, a trial division by
every `2 ≤ m < p` (structural recursion, one kernel-accelerated `Nat.mod` per step; the compiler uses the
`minFac` one through `@[csimp]`). Both reduce for three-digit `p`; where either one gives up is not known
exactly, so only arguments up to `PRIME_DECIDE_BOUND` (200, a few hundred linear steps at most) are
evaluated; beyond it minilean refuses (weaker than Lean)."""

from __future__ import annotations

from minilean.syntax import NotEvaluable, PBin, PConst, PNot, PPred, Prop, prop_vars

PRIME_DECIDE_BOUND = 200


class _Refuse(Exception):
    pass


def _replace_primes(p: Prop) -> Prop:
    """`p` with each `Nat.Prime n` atom (closed, `n ≤ PRIME_DECIDE_BOUND`) replaced by its truth value."""
    if isinstance(p, PPred) and p.name == "Nat.Prime":
        from minilean.closers import eval_num

        try:
            n = int(eval_num(p.arg, p.ty))
        except NotEvaluable:
            raise _Refuse from None
        if not 0 <= n <= PRIME_DECIDE_BOUND:
            raise _Refuse
        return PConst(n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1)))
    if isinstance(p, PNot):
        return PNot(_replace_primes(p.arg))
    if isinstance(p, PBin):
        return PBin(p.op, _replace_primes(p.lhs), _replace_primes(p.rhs))
    return p


def decide_with_primes(p: Prop) -> bool | None:
    """The truth `decide` computes for a closed proposition whose `Nat.Prime` atoms have small numeral
    arguments (other atoms as `closers.decide_bounded` evaluates them); None: not decided here."""
    from minilean.closers import decide_bounded

    if prop_vars(p):
        return None
    try:
        q = _replace_primes(p)
    except _Refuse:
        return None
    if q == p:
        return None
    return decide_bounded(q)
