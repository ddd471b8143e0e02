"""`decide` on closed propositions that mention `Nat.Prime n` for a small numeral `n`.

Mathlib's `Decidable (Nat.Prime p)` instance goes through `Nat.minFac`, whose helper `Nat.minFacAux` is
defined by well-founded recursion but marked `@[semireducible]` precisely so that `decide` can settle
primality of small numbers (the docstring of `minFacAux` in `Mathlib/Data/Nat/Prime/Defs.lean` says so).
How far kernel reduction goes before it times out is not known exactly, so only arguments up to
`PRIME_DECIDE_BOUND` are evaluated; beyond it minilean refuses (weaker than Lean)."""

from __future__ import annotations

from minilean.syntax import NotEvaluable, PBin, PConst, PNot, PPred, Prop, prop_vars

PRIME_DECIDE_BOUND = 100


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
