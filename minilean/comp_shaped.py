"""Competition families shaped like the MiniF2F-lite valid theorems the trained prover misses although
minilean's fragment proves them in a few lines (docs/RL_EXPERIMENTS.md): quadratic inequalities
certified by one square with offsets and scales, rational equations whose denominator is `x - b`, residues
of powers by a case split, and a value found then substituted.

These families are RL-only (`RL_ONLY`): `minilean.comp_pool` sends every statement to the RL pool and none
to SFT, so whatever the policy learns of these shapes it learns from its own rollouts (with
`rl.explore_shaped`, `search.explore_shapes` proposes the steps). The reference proofs only certify that
each statement is provable in the fragment; no training set reads them.
"""

from __future__ import annotations

import random
from fractions import Fraction

from minilean.comp_families import Family, Problem, _lit, _nz, _poly

Monomial = tuple[str, ...]


def _expand_square(coefs: dict[str, int], const: int, scale: int) -> dict[Monomial, int]:
    """scale * (Σ cᵥ v + const)² as monomial → integer coefficient."""
    terms: list[tuple[Monomial, int]] = [((v,), c) for v, c in coefs.items() if c]
    if const:
        terms.append(((), const))
    out: dict[Monomial, int] = {}
    for m1, c1 in terms:
        for m2, c2 in terms:
            m = tuple(sorted(m1 + m2))
            out[m] = out.get(m, 0) + scale * c1 * c2
    return {m: c for m, c in out.items() if c}


def _mono_text(m: Monomial) -> str:
    """`a ^ 2`, `a * b`, `a`; "" for the constant (comp_families._poly's convention)."""
    if len(m) == 2 and m[0] == m[1]:
        return f"{m[0]} ^ 2"
    return " * ".join(m)


def _side(terms: list[tuple[Monomial, int]]) -> str:
    return _poly([(c, _mono_text(m)) for m, c in terms])


def _linear(coefs: dict[str, int], const: int) -> str:
    return _poly([*((c, v) for v, c in coefs.items()), (const, "")])


def sq_hint(rng: random.Random) -> Problem:
    """k·L² + d ≥ 0 with L = p·u + q·v + r, expanded and its monomials spread over both sides of `≤`:
    `nlinarith [sq_nonneg (L)]`."""
    names = rng.choice([("a", "b"), ("x", "y"), ("a", "c"), ("b", "z"), ("x",), ("a",)])
    while True:
        coefs = {names[0]: rng.randint(1, 4)}
        if len(names) == 2:
            coefs[names[1]] = _nz(rng, -4, 4)
        const = rng.randint(-6, 6)
        if len([c for c in coefs.values() if c]) + bool(const) >= 2:
            break
    scale = rng.randint(1, 3)
    slack = rng.choice([0, 0, 0, rng.randint(1, 9)])
    poly = _expand_square(coefs, const, scale)
    if slack:
        poly[()] = poly.get((), 0) + slack
    lhs: list[tuple[Monomial, int]] = []
    rhs: list[tuple[Monomial, int]] = []
    for m, c in sorted(poly.items(), key=lambda mc: (-len(mc[0]), mc[0])):
        # squares stay on the big side; mixed and linear terms move across (negated) at random
        if (len(m) == 2 and m[0] == m[1]) or rng.random() < 0.4:
            rhs.append((m, c))
        else:
            lhs.append((m, -c))
    ty = rng.choice(["ℝ", "ℝ", "ℚ"])
    binders = f"({' '.join(names)} : {ty})"
    hint = f"nlinarith [sq_nonneg ({_linear(coefs, const)})]"
    return Problem(binders, f"{_side(lhs)} ≤ {_side(rhs)}", (hint,))


def rat_shift(rng: random.Random) -> Problem:
    """(p·x + q) / (x - b) = c with x ≠ b: state the denominator nonzero, clear it, solve."""
    while True:
        v, b, p, c = _nz(rng, -9, 9), rng.randint(-9, 9), rng.randint(1, 5), _nz(rng, -6, 6)
        if v != b and c != p and b:
            break
    q = c * (v - b) - p * v
    num = _linear({"x": p}, q)
    name = rng.choice(["x", "n", "t"])
    num = num.replace("x", name)
    if b > 0:
        den, have = f"{name} - {b}", f"have h : {name} - {b} ≠ 0 := sub_ne_zero.mpr h₀"
    else:
        den, have = f"{name} + {-b}", f"have h : {name} + {-b} ≠ 0 := by intro h'; apply h₀; linarith"
    return Problem(f"({name} : ℝ) (h₀ : {name} ≠ {b}) (h₁ : ({num}) / ({den}) = {c})", f"{name} = {v}",
                   (have, "field_simp at h₁", "linarith"))


def _residues(m: int, e: int, c: int) -> list[int]:
    return sorted({(r ** e + c) % m for r in range(m)})


def mod_cases(rng: random.Random) -> Problem:
    """The remainders a power can leave: split on the variable's residue (omega), then simp evaluates."""
    while True:
        m, e, c = rng.randint(3, 9), rng.choice([2, 2, 3]), rng.choice([0, 0, rng.randint(1, 5)])
        res = _residues(m, e, c)
        if len(res) < m:
            break
    ty = rng.choice(["ℤ", "ℕ"])
    v = rng.choice(["a", "n", "x"])
    term = f"{v} ^ {e}" if not c else f"({v} ^ {e} + {c})"
    if rng.random() < 0.5:
        goal = " ∨ ".join(f"{term} % {m} = {r}" for r in res)
    else:
        goal = f"{term} % {m} ≠ {rng.choice([r for r in range(m) if r not in res])}"
    lib = "Int.mul_emod, Int.add_emod" if ty == "ℤ" else "Nat.mul_mod, Nat.add_mod"
    cases = " ∨ ".join(f"{v} % {m} = {r}" for r in range(m))
    pats = " | ".join(["h"] * m)
    return Problem(f"({v} : {ty})", goal, (f"have h : {cases} := by omega",
                                           f"rcases h with {pats} <;> simp [pow_two, pow_succ, {lib}, h]"))


def solve_eval(rng: random.Random) -> Problem:
    """A linear condition pins the variable; a power of it is then a number (have, subst, norm_num)."""
    val = Fraction(_nz(rng, -9, 9), rng.choice([1, 1, 2, 3, 5]))
    p = _nz(rng, -9, 9) * val.denominator
    q = p * val
    e, k = rng.choice([2, 3]), _nz(rng, -5, 5)
    v = rng.choice(["d", "x", "t"])
    coef = "" if p == 1 else "-" if p == -1 else f"{p} * "
    goal_value = k * val ** e
    lhs = f"{v} ^ {e}" if k == 1 else f"{k} * {v} ^ {e}"
    return Problem(f"({v} : ℝ) (h₀ : {coef}{v} = {_lit(q)})", f"{lhs} = {_lit(goal_value)}",
                   (f"have h : {v} = {_lit(val)} := by linarith", "subst h", "norm_num"))


SHAPED: dict[str, tuple[str, Family]] = {  # family -> (area, generator)
    "sq_hint": ("inequality", sq_hint),
    "rat_shift": ("algebra", rat_shift),
    "mod_cases": ("number_theory", mod_cases),
    "solve_eval": ("algebra", solve_eval),
}
RL_ONLY = frozenset(SHAPED)
