"""Mathlib's `Nat.fib` (`Mathlib/Data/Nat/Fib/Basic.lean`): values, and what `simp` may do with it.

Mathlib: `def fib (n : ℕ) : ℕ := ((fun p : ℕ × ℕ => (p.snd, p.fst + p.snd))^[n] (0, 1)).fst`, so
`fib 0 = 0`, `fib 1 = 1`, `fib (n + 2) = fib n + fib (n + 1)` (`fib_zero`, `fib_one`, `fib_add_two`).

- Closed values: the definition is structural recursion through `Nat.iterate`, so the kernel reduces it
  (`decide`, `rfl`), and `Mathlib/Tactic/NormNum/NatFib.lean` (2023, present at every version the
  proofs were checked with) evaluates `Nat.fib` of a numeral for `norm_num`. Both give `fib_value`.
  `decide` (mid-2024) first reduces the instance with `Meta.whnf`, where the lazily built pairs nest about
  `n` additions deep (a recursion-depth limit could stop it), so `decide`/`rfl` are capped at `MAX_DECIDE`,
  a bound where Lean surely finishes (past it minilean refuses: weaker; `norm_num` is not capped).
- `simp`'s default set: `fib_zero`, `fib_one`, `fib_two` are `@[simp]` (every version read) and are
  applied to literal arguments (`simp_fib_term`). `fib_add_two` is not `@[simp]` (read in the 2023
  port and now), so `simp` does not unfold `fib 5`. Current Mathlib also has `@[simp] fib_eq_zero :
  fib n = 0 ↔ n = 0` and `@[simp] fib_pos : 0 < fib n ↔ 0 < n`, while the 2023 port's `fib_pos` took
  `0 < n` as a hypothesis and was not `@[simp]`: which applies at a given version was not settled, so a
  `simp` that meets `fib x` compared with `0` is refused (`simp_fib_rel`).
- z3 (`libsem`): a recursive function with exactly this definition on n ≥ 0 (as `Nat.factorial`);
  linarith and omega see `fib x` as an atom, as Mathlib's do.
"""

from __future__ import annotations

from minilean.syntax import EApp, ENum, Expr, NotEvaluable

NAME = "Nat.fib"
MAX_DECIDE = 30  # `decide`/`rfl`: arguments for which minilean is sure Lean's evaluation finishes


def fib_value(n: int, for_norm_num: bool = False) -> int:
    """`Nat.fib n` for a literal `n ≥ 0`."""
    if n < 0:
        raise NotEvaluable("fib of a negative number")
    if n > MAX_DECIDE and not for_norm_num:
        raise NotEvaluable("fib argument too large for kernel evaluation")
    if n > 20_000:  # the value would pass syntax.MAX_BITS anyway
        raise NotEvaluable("fib too large")
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def is_fib(e: Expr) -> bool:
    return isinstance(e, EApp) and e.fn == NAME and len(e.args) == 1


def simp_fib_term(e: Expr) -> Expr | None:
    """`fib_zero` / `fib_one` / `fib_two` (@[simp]) on a literal argument; None when none applies."""
    if is_fib(e) and isinstance(e.args[0], ENum) and e.args[0].n in (0, 1, 2):  # type: ignore[union-attr]
        return ENum(0 if e.args[0].n == 0 else 1)  # type: ignore[union-attr]
    return None


def simp_fib_rel(a: Expr, b: Expr) -> str | None:
    """A refusal message when `simp`'s default set would meet `fib x` compared with `0` (the
    version-dependent `fib_eq_zero` / `fib_pos`), else None."""
    zero = ENum(0)
    if (is_fib(a) and b == zero) or (is_fib(b) and a == zero):
        return ("minilean: simp on `Nat.fib _` compared with 0 (`Nat.fib_eq_zero` / `Nat.fib_pos` are "
                "@[simp] only in later Mathlib) is not modelled")
    return None


__all__ = ["MAX_DECIDE", "NAME", "fib_value", "is_fib", "simp_fib_rel", "simp_fib_term"]
