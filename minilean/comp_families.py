"""Competition-style statement families at MiniF2F's level, each with a reference proof in real Lean's style.

A family draws one problem from a seeded `random.Random`: binders, goal, and the proof lines a published
prover would write (intermediate `have … := by nlinarith [sq_nonneg (a - b)]`, `norm_num at h ⊢`,
`interval_cases`, `omega`, `field_simp`, …). `minilean.comp_pool` checks every statement and proof with
minilean and z3 and splits them into an RL pool (statements only) and SFT rows (with the proofs).

Families (the key is the `family` column): algebra (`linsys`, `linsys_prod`, `quadratic`, `poly_eval`,
`lin_fit`, `recip`, `ring_id`, `fun_comp`, `lin_diff`), inequalities (`amgm`, `amgm3`, `cauchy`,
`sq_shift`), number theory (`mod_lin`, `mod_sq`, `divisib`, `gcd_lcm`, `digits`, `digits_mod`,
`prime_range`), sums (`sum_range`, `sum_icc`) and functional
equations (`fe_step`, `fe_swap`, `fe_rec`, `fe_affine`). The RL-only families shaped like the MiniF2F-lite
theorems the prover misses live in `minilean.comp_shaped`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Problem:
    binders: str
    goal: str
    proof: tuple[str, ...]  # tactic lines (a nested `by` stays on its line)


Family = Callable[[random.Random], Problem]


def _nz(rng: random.Random, lo: int, hi: int) -> int:
    while True:
        v = rng.randint(lo, hi)
        if v:
            return v


def _lit(q: Fraction | int) -> str:
    """A rational literal as Lean reads it: `3`, `-3`, `7 / 2`, `-7 / 2` (a top-level term)."""
    q = Fraction(q)
    if q.denominator == 1:
        return str(q.numerator)
    return f"{q.numerator} / {q.denominator}"


def _arg(q: Fraction | int) -> str:
    """A literal in argument position (`f (-3)`, `f (7 / 2)`)."""
    s = _lit(q)
    return s if s.lstrip("-").isdigit() and not s.startswith("-") else f"({s})"


def _tidy(s: str) -> str:
    return s.replace("+ -", "- ").replace("- -", "+ ")


def _lin(coefs: list[int], names: list[str]) -> str:
    """`a * x + b * y` with unit coefficients written bare and signs folded."""
    parts = []
    for c, n in zip(coefs, names, strict=True):
        if c == 0:
            continue
        term = n if abs(c) == 1 else f"{abs(c)} * {n}"
        parts.append(("- " if c < 0 else "+ ") + term)
    text = " ".join(parts)
    return text[2:] if text.startswith("+ ") else "-" + text[2:]


# ------------------------------------------------------------------------------------------------ algebra
def linsys(rng: random.Random) -> Problem:
    """Two linear equations; the goal pins one unknown or a combination (linarith)."""
    x, y = rng.randint(-9, 9), rng.randint(-9, 9)
    while True:
        a, b, c, d = (_nz(rng, -7, 7) for _ in range(4))
        if a * d - b * c:
            break
    ty = rng.choice(["ℝ", "ℚ", "ℤ"])
    binders = f"(x y : {ty}) (h₀ : {_lin([a, b], ['x', 'y'])} = {a * x + b * y}) " \
              f"(h₁ : {_lin([c, d], ['x', 'y'])} = {c * x + d * y})"
    p, q = rng.randint(1, 5), _nz(rng, -5, 5)
    form = rng.randrange(3)
    if form == 0:
        return Problem(binders, f"x = {x} ∧ y = {y}", (f"have hx : x = {x} := by linarith",
                                                       f"have hy : y = {y} := by linarith",
                                                       "exact ⟨hx, hy⟩"))
    if form == 1:
        return Problem(binders, f"{_lin([p, q], ['x', 'y'])} = {p * x + q * y}", ("linarith",))
    return Problem(binders, f"y = {y}", ("linarith",))


def linsys_prod(rng: random.Random) -> Problem:
    """Solve a linear system, then evaluate a nonlinear expression of the solution."""
    x, y = _nz(rng, -6, 6), _nz(rng, -6, 6)
    while True:
        a, b, c, d = (_nz(rng, -5, 5) for _ in range(4))
        if a * d - b * c:
            break
    ty = rng.choice(["ℝ", "ℚ", "ℤ"])
    binders = f"(x y : {ty}) (h₀ : {_lin([a, b], ['x', 'y'])} = {a * x + b * y}) " \
              f"(h₁ : {_lin([c, d], ['x', 'y'])} = {c * x + d * y})"
    goal, value = rng.choice([("x * y", x * y), ("x ^ 2 + y ^ 2", x * x + y * y), ("x ^ 2 * y", x * x * y)])
    return Problem(binders, f"{goal} = {value}", (f"have hx : x = {x} := by linarith",
                                                  f"have hy : y = {y} := by linarith",
                                                  "rw [hx, hy]", "norm_num"))


def quadratic(rng: random.Random) -> Problem:
    """A root of a monic quadratic with two integer roots, the other root excluded by a bound."""
    r1 = rng.randint(-8, 7)
    r2 = rng.randint(r1 + 1, 9)
    mid = Fraction(r1 + r2, 2)
    s, p = r1 + r2, r1 * r2
    poly = _tidy(f"x ^ 2 - {s} * x + {p}") if s else _tidy(f"x ^ 2 + {p}")
    poly = poly.replace("- 1 * x", "- x").replace("+ 1 * x", "+ x")
    if rng.random() < 0.5:
        binders, goal, pos = f"(x : ℝ) (h₀ : {poly} = 0) (h₁ : {_lit(mid)} < x)", f"x = {r2}", f"x - {r1}"
        other = f"x - {r2}"
    else:
        binders, goal, pos = f"(x : ℝ) (h₀ : {poly} = 0) (h₁ : x < {_lit(mid)})", f"x = {r1}", f"{r2} - x"
        other = f"x - {r1}"
    factored = _tidy(f"(x - {r1}) * (x - {r2})")
    return Problem(binders, goal, (f"have h : {factored} = 0 := by linarith",
                                   f"have h₂ : {_tidy(pos)} > 0 := by linarith",
                                   f"nlinarith [h, h₂, sq_nonneg ({_tidy(other)})]"))


def poly_eval(rng: random.Random) -> Problem:
    """Evaluate a polynomial function given by `∀ x, f x = …` (rewrite with it, then norm_num)."""
    a, b, c = _nz(rng, -5, 5), rng.randint(-9, 9), rng.randint(-9, 9)
    ty = rng.choice(["ℝ", "ℤ", "ℚ"])
    deg = rng.choice([2, 2, 3])
    body = f"{a} * x ^ {deg} + {b} * x + {c}"
    k = rng.randint(-5, 5)
    value = a * k**deg + b * k + c
    tac = rng.choice([("rw [h₀]", "norm_num"), ("simp only [h₀]", "norm_num"), ("norm_num [h₀]",)])
    return Problem(f"(f : {ty} → {ty}) (h₀ : ∀ x, f x = {_tidy(body)})", f"f {_arg(k)} = {value}", tac)


def lin_fit(rng: random.Random) -> Problem:
    """An affine function with unknown coefficients, known at two points: its value at a third."""
    a, b = _nz(rng, -6, 6), rng.randint(-9, 9)
    p1, p2, p3 = rng.sample(range(-5, 8), 3)
    ty = rng.choice(["ℝ", "ℚ"])
    binders = f"(a b : {ty}) (f : {ty} → {ty}) (h₀ : ∀ x, f x = a * x + b) " \
              f"(h₁ : f {_arg(p1)} = {a * p1 + b}) (h₂ : f {_arg(p2)} = {a * p2 + b})"
    return Problem(binders, f"f {_arg(p3)} = {a * p3 + b}", (
        f"have h₃ := h₀ {_arg(p1)}", f"have h₄ := h₀ {_arg(p2)}", f"have h₅ := h₀ {_arg(p3)}", "linarith"))


def _poly(terms: list[tuple[int, str]]) -> str:
    """`c₁ * m₁ + c₂ * m₂ …` from (coefficient, monomial) pairs; "" is the constant monomial, unit
    coefficients are written bare and zero terms dropped."""
    parts = []
    for c, m in terms:
        if c == 0:
            continue
        t = str(abs(c)) if not m else m if abs(c) == 1 else f"{abs(c)} * {m}"
        parts.append(("- " if c < 0 else "+ ") + t)
    if not parts:
        return "0"
    text = " ".join(parts)
    return text[2:] if text.startswith("+ ") else "-" + text[2:]


def ring_id(rng: random.Random) -> Problem:
    """A polynomial identity over ℂ, ℝ or ℤ (a product of linear factors expanded, a square, a difference
    of squares): `ring` alone, which no automation tactic of the baseline replaces over ℂ."""
    ty = rng.choice(["ℂ", "ℂ", "ℝ", "ℤ"])
    u, w = rng.sample(["a", "b", "c", "x", "y", "z", "e", "r", "p", "q", "s", "t"], 2)
    form = rng.randrange(4)
    if form == 0:  # (u + m)(u + n) = u² + (m + n) u + mn
        m, n = _nz(rng, -12, 12), _nz(rng, -12, 12)
        lhs = _tidy(f"({u} + {m}) * ({u} + {n})")
        rhs = _poly([(1, f"{u} ^ 2"), (m + n, u), (m * n, "")])
        binders = f"({u} : {ty})"
    elif form == 1:  # (k u + l w)² = k² u² + 2kl (u w) + l² w²
        k, l_ = rng.randint(1, 4), _nz(rng, -4, 4)
        lhs = _tidy(f"({_poly([(k, u)])} + {_poly([(l_, w)])}) ^ 2")
        rhs = _poly([(k * k, f"{u} ^ 2"), (2 * k * l_, f"({u} * {w})"), (l_ * l_, f"{w} ^ 2")])
        binders = f"({u} {w} : {ty})"
    elif form == 2:  # (k u + l w)(k u - l w) = k² u² - l² w²
        k, l_ = rng.randint(1, 5), rng.randint(1, 5)
        a, b = _poly([(k, u)]), _poly([(l_, w)])
        lhs = f"({a} + {b}) * ({a} - {b})"
        rhs = _poly([(k * k, f"{u} ^ 2"), (-l_ * l_, f"{w} ^ 2")])
        binders = f"({u} {w} : {ty})"
    else:  # k (m u + n) + j u = (km + j) u + kn
        k, m, n, j = _nz(rng, 2, 9), _nz(rng, -6, 6), _nz(rng, -9, 9), _nz(rng, -9, 9)
        lhs = _tidy(f"{k} * ({_poly([(m, u), (n, '')])}) + {_poly([(j, u)])}")
        rhs = _poly([(k * m + j, u), (k * n, "")])
        binders = f"({u} : {ty})"
    if rng.random() < 0.5:
        lhs, rhs = rhs, lhs
    return Problem(binders, f"{lhs} = {rhs}", ("ring",))


def fun_comp(rng: random.Random) -> Problem:
    """Two functions given by `∀ x, …`; a composition at a literal (simplify with both equations)."""
    ty = rng.choice(["ℝ", "ℚ", "ℤ"])
    a, b = _nz(rng, -5, 5), rng.randint(-9, 9)
    c, d = _nz(rng, -3, 3), rng.randint(-9, 9)
    k = rng.randint(-4, 4)
    f = _poly([(a, "x"), (b, "")])
    g = _poly([(c, "x ^ 2"), (d, "")])
    if rng.random() < 0.5:
        goal, value = f"f (g {_arg(k)})", a * (c * k * k + d) + b
    else:
        goal, value = f"g (f {_arg(k)})", c * (a * k + b) ** 2 + d
    proof = rng.choice([("norm_num [h₀, h₁]",), ("simp only [h₀, h₁]", "norm_num"),
                        ("rw [h₀, h₁]", "norm_num")])
    return Problem(f"(f g : {ty} → {ty}) (h₀ : ∀ x, f x = {f}) (h₁ : ∀ x, g x = {g})",
                   f"{goal} = {value}", proof)


def lin_diff(rng: random.Random) -> Problem:
    """An affine function with unknown coefficients and one known difference of values: another
    difference (unfold the definition in the hypothesis and the goal, then linarith)."""
    a, _b = _nz(rng, -6, 6), rng.randint(-9, 9)  # b cancels in every difference
    p1, p2, p3, p4 = rng.sample(range(-4, 13), 4)
    ty = rng.choice(["ℝ", "ℚ"])
    binders = f"(a b : {ty}) (f : {ty} → {ty}) (h₀ : ∀ x, f x = a * x + b) " \
              f"(h₁ : f {_arg(p1)} - f {_arg(p2)} = {a * (p1 - p2)})"
    proof = rng.choice([("simp only [h₀] at h₁ ⊢", "linarith"), ("norm_num [h₀] at h₁ ⊢", "linarith")])
    return Problem(binders, f"f {_arg(p3)} - f {_arg(p4)} = {a * (p3 - p4)}", proof)


def recip(rng: random.Random) -> Problem:
    """A linear equation in 1/x: clear the denominator (field_simp), then linarith."""
    k, n = _nz(rng, 1, 9), _nz(rng, 1, 9)
    x = Fraction(k, n)
    return Problem(f"(x : ℝ) (h₀ : x ≠ 0) (h₁ : {k} / x = {n})", f"x = {_lit(x)}",
                   ("field_simp at h₁ ⊢", "linarith"))


# ----------------------------------------------------------------------------------------- inequalities
def amgm(rng: random.Random) -> Problem:
    """Two-variable AM-GM shapes; the square hint is given, or a `have` of it first."""
    s = rng.randint(1, 30)
    k = rng.randint(1, 4)
    form = rng.randrange(6)
    if form == 0:
        binders, goal = f"(a b : ℝ) (h₀ : a + b = {2 * s})", f"a * b ≤ {s * s}"
    elif form == 4:  # a² + b² ≥ (a + b)² / 2
        t = rng.randint(1, 40)
        binders, goal = f"(a b : ℝ) (h₀ : a + b = {t})", f"{_lit(Fraction(t * t, 2))} ≤ a ^ 2 + b ^ 2"
    elif form == 5:  # xy ≤ (x + y)² / 4 with positive variables
        t = rng.randint(1, 40)
        binders = f"(a b : ℝ) (h₀ : 0 < a) (h₁ : 0 < b) (h₂ : a + b = {t})"
        goal = f"a * b ≤ {_lit(Fraction(t * t, 4))}"
    elif form == 1:
        binders, goal = "(a b : ℝ)", f"{2 * k} * (a * b) ≤ {k} * (a ^ 2 + b ^ 2)"
    elif form == 2:
        binders, goal = f"(a b : ℝ) (h₀ : 0 < a) (h₁ : 0 < b) (h₂ : a * b = {s * s})", f"{2 * s} ≤ a + b"
    else:
        binders, goal = "(a b : ℝ)", "(a + b) ^ 2 ≤ 2 * (a ^ 2 + b ^ 2)"
    if form == 2:  # √(ab) ≤ (a+b)/2 needs the positive factor too
        proof: tuple[str, ...] = (
            "have h₃ : 0 ≤ (a - b) ^ 2 := sq_nonneg (a - b)",
            f"nlinarith [h₃, sq_nonneg (a + b - {2 * s}), mul_pos h₀ h₁]")
    elif rng.random() < 0.5:
        proof = ("nlinarith [sq_nonneg (a - b)]",)
    else:
        proof = ("have h : 0 ≤ (a - b) ^ 2 := sq_nonneg (a - b)", "nlinarith [h]")
    return Problem(binders, goal, proof)


def amgm3(rng: random.Random) -> Problem:
    """Three-variable sums of squares (a² + b² + c² ≥ ab + bc + ca and scaled variants)."""
    k = rng.randint(1, 3)
    names = rng.choice([("a", "b", "c"), ("x", "y", "z")])
    a, b, c = names
    binders = f"({a} {b} {c} : ℝ)"
    form = rng.randrange(4)
    s = rng.randint(1, 30)
    if form == 0:
        goal = f"{k} * ({a} * {b} + {b} * {c} + {c} * {a}) ≤ {k} * ({a} ^ 2 + {b} ^ 2 + {c} ^ 2)"
        if k == 1:
            goal = f"{a} * {b} + {b} * {c} + {c} * {a} ≤ {a} ^ 2 + {b} ^ 2 + {c} ^ 2"
    elif form == 1:
        goal = f"({a} + {b} + {c}) ^ 2 ≤ 3 * ({a} ^ 2 + {b} ^ 2 + {c} ^ 2)"
    elif form == 2:  # with the sum fixed: ab + bc + ca ≤ (a + b + c)² / 3
        binders += f" (h₀ : {a} + {b} + {c} = {3 * s})"
        goal = f"{a} * {b} + {b} * {c} + {c} * {a} ≤ {3 * s * s}"
    else:  # with the sum fixed: a² + b² + c² ≥ (a + b + c)² / 3
        binders += f" (h₀ : {a} + {b} + {c} = {3 * s})"
        goal = f"{3 * s * s} ≤ {a} ^ 2 + {b} ^ 2 + {c} ^ 2"
    hints = f"sq_nonneg ({a} - {b}), sq_nonneg ({b} - {c}), sq_nonneg ({c} - {a})"
    return Problem(binders, goal, (f"nlinarith [{hints}]",))


def cauchy(rng: random.Random) -> Problem:
    """Cauchy–Schwarz in two dimensions, optionally with the constraint values plugged in."""
    form = rng.randrange(2)
    if form == 0:
        return Problem("(a b x y : ℝ)", "(a * x + b * y) ^ 2 ≤ (a ^ 2 + b ^ 2) * (x ^ 2 + y ^ 2)",
                       ("nlinarith [sq_nonneg (a * y - b * x)]",))
    p, q = rng.randint(1, 5), rng.randint(1, 5)
    s = rng.randint(1, 6)
    # (p x + q y)² ≤ (p² + q²)(x² + y²) = (p² + q²) s²
    goal = f"({p} * x + {q} * y) ^ 2 ≤ {(p * p + q * q) * s * s}"
    return Problem(f"(x y : ℝ) (h₀ : x ^ 2 + y ^ 2 = {s * s})", goal,
                   (f"have h : 0 ≤ ({q} * x - {p} * y) ^ 2 := sq_nonneg ({q} * x - {p} * y)",
                    "nlinarith [h, h₀]"))


def sq_shift(rng: random.Random) -> Problem:
    """A quadratic bounded below by completing the square (nlinarith [sq_nonneg (x - c)])."""
    c = _nz(rng, -9, 9)
    d = rng.randint(-9, 9)
    m = rng.randint(1, 3)
    # m (x - c)² + d = m x² - 2mc x + mc² + d ≥ d
    goal = _tidy(f"{d} ≤ {m} * x ^ 2 - {2 * m * c} * x + {m * c * c + d}").replace("≤ 1 * x", "≤ x")
    return Problem("(x : ℝ)", goal, (f"nlinarith [sq_nonneg ({_tidy(f'x - {c}')})]",))


# ---------------------------------------------------------------------------------------- number theory
def mod_lin(rng: random.Random) -> Problem:
    """Remainders of linear expressions from a remainder hypothesis (omega)."""
    m = rng.randint(3, 13)
    r, k, c = rng.randrange(m), rng.randint(2, 9), rng.randint(0, 30)
    ty = rng.choice(["ℕ", "ℤ"])
    if rng.random() < 0.5:
        return Problem(f"(n : {ty}) (h₀ : n % {m} = {r})", f"({k} * n + {c}) % {m} = {(k * r + c) % m}",
                       ("omega",))
    m2 = m * rng.randint(2, 3)
    r2 = rng.randrange(m2)
    return Problem(f"(n : {ty}) (h₀ : n % {m2} = {r2})", f"n % {m} = {r2 % m}", ("omega",))


def mod_sq(rng: random.Random) -> Problem:
    """Remainder of n * n + c from n's remainder: rewrite with Nat.add_mod/Nat.mul_mod, then evaluate."""
    m = rng.randint(3, 11)
    r, c = rng.randrange(m), rng.randint(0, 9)
    value = (r * r + c) % m
    if c == 0:
        return Problem(f"(n : ℕ) (h₀ : n % {m} = {r})", f"n * n % {m} = {value}", ("rw [Nat.mul_mod, h₀]",))
    return Problem(f"(n : ℕ) (h₀ : n % {m} = {r})", f"(n * n + {c}) % {m} = {value}",
                   ("rw [Nat.add_mod, Nat.mul_mod, h₀]",))


def divisib(rng: random.Random) -> Problem:
    """Divisibility: coprime divisors combine (omega), closed facts (norm_num / decide)."""
    form = rng.randrange(3)
    if form == 0:
        p, q = rng.sample([2, 3, 4, 5, 7, 9, 11], 2)
        if math.gcd(p, q) != 1:
            q = 1 if p != 1 else 2
        ty = rng.choice(["ℕ", "ℤ"])
        return Problem(f"(n : {ty}) (h₀ : {p} ∣ n) (h₁ : {q} ∣ n)", f"{p * q} ∣ n", ("omega",))
    if form == 1:
        d, q = rng.randint(2, 30), rng.randint(2, 60)
        return Problem("", f"{d} ∣ {d * q}", ("norm_num",))
    a, e, m = rng.randint(2, 9), rng.randint(2, 7), rng.randint(2, 9)
    v = (a**e) % m
    return Problem("", f"({a} ^ {e} - {v}) % {m} = 0" if a**e >= v else f"{a} ^ {e} % {m} = {v}",
                   ("norm_num",))


def gcd_lcm(rng: random.Random) -> Problem:
    """gcd and lcm: closed values (norm_num), or the gcd·lcm product identity with a hypothesis."""
    g = rng.randint(2, 15)
    a, b = g * rng.randint(1, 12), g * rng.randint(1, 12)
    if rng.random() < 0.5:
        fn, val = rng.choice([("Nat.gcd", math.gcd(a, b)), ("Nat.lcm", math.lcm(a, b))])
        return Problem("", f"{fn} {a} {b} = {val}", ("norm_num",))
    return Problem(f"(n : ℕ) (h₀ : n = Nat.gcd {a} {b})", f"n * {math.lcm(a, b)} = {a * b}",
                   ("rw [h₀]", "norm_num"))


def digits(rng: random.Random) -> Problem:
    """Two-digit numbers with a digit condition: case split on the digits (interval_cases), then omega."""
    k = rng.randint(2, 9)
    sols = [10 * a + b for a in range(1, 10) for b in range(10) if 10 * a + b == k * (a + b)]
    if not sols:
        c = rng.randint(1, 8)
        sols = [10 * a + b for a in range(1, 10) for b in range(10) if b == a + c]
        cond = f"(h₂ : b = a + {c})"
    else:
        cond = f"(h₂ : 10 * a + b = {k} * (a + b))"
    goal = " ∨ ".join(f"10 * a + b = {s}" for s in sols)
    return Problem(f"(a b : ℕ) (h₀ : 1 ≤ a ∧ a ≤ 9) (h₁ : b ≤ 9) {cond}", goal,
                   ("obtain ⟨ha, ha'⟩ := h₀", "interval_cases a <;> omega"))


def digits_mod(rng: random.Random) -> Problem:
    """Decimal digits through `/` and `%`: a digit sum of a given number, or a number from its digits."""
    if rng.random() < 0.5:
        n = rng.randint(100, 9999)
        places = [1000, 100, 10, 1] if n >= 1000 else [100, 10, 1]
        terms = [f"n / {p} % 10" if p > 1 and p < places[0] else f"n / {p}" if p > 1 else "n % 10"
                 for p in places]
        total = sum(int(c) for c in str(n))
        return Problem(f"(n : ℕ) (h₀ : n = {n})", f"{' + '.join(terms)} = {total}", ("subst h₀", "norm_num"))
    h, t, u = rng.randint(1, 9), rng.randint(0, 9), rng.randint(0, 9)
    return Problem(f"(n : ℕ) (h₀ : 100 ≤ n) (h₁ : n < 1000) (h₂ : n % 10 = {u}) (h₃ : n / 100 = {h}) "
                   f"(h₄ : n / 10 % 10 = {t})", f"n = {100 * h + 10 * t + u}", ("omega",))


def _prime(n: int) -> bool:
    return n > 1 and all(n % d for d in range(2, math.isqrt(n) + 1))


def prime_range(rng: random.Random) -> Problem:
    """The prime in a small range with a remainder condition (interval_cases, norm_num at …)."""
    while True:
        lo = rng.randint(2, 60)
        hi = lo + rng.randint(4, 12)
        m = rng.choice([3, 4, 5, 6])
        for r in range(m):
            ps = [n for n in range(lo, hi + 1) if _prime(n) and n % m == r]
            # at least one non-prime candidate too, so the primality hypothesis is needed
            if len(ps) == 1 and sum(n % m == r for n in range(lo, hi + 1)) >= 2:
                hyps = f"(h₀ : {lo} ≤ n) (h₁ : n ≤ {hi}) (h₂ : Nat.Prime n) (h₃ : n % {m} = {r})"
                proof = ("interval_cases n <;> norm_num at h₂ h₃ ⊢",)
                return Problem(f"(n : ℕ) {hyps}", f"n = {ps[0]}", proof)


# ------------------------------------------------------------------------------------------------- sums
def sum_range(rng: random.Random) -> Problem:
    n = rng.randint(3, 15)
    a, b = rng.randint(1, 5), rng.randint(0, 6)
    body = rng.choice([(f"({a} * k + {b})", lambda k: a * k + b), ("k ^ 2", lambda k: k * k),
                       (f"(k * (k + {b}))", lambda k: k * (k + b))])
    total = sum(body[1](k) for k in range(n))
    return Problem("", f"∑ k in Finset.range {n}, {body[0]} = {total}", (rng.choice(["decide", "rfl"]),))


def sum_icc(rng: random.Random) -> Problem:
    lo = rng.randint(0, 3)
    hi = lo + rng.randint(2, 12)
    e = rng.randint(1, 3)
    body = "k" if e == 1 else f"k ^ {e}"
    total = sum(k**e for k in range(lo, hi + 1))
    if rng.random() < 0.5:
        return Problem("", f"∑ k in Finset.Icc {lo} {hi}, {body} = {total}", ("decide",))
    return Problem(f"(s : ℕ) (h₀ : s = ∑ k in Finset.Icc {lo} {hi}, {body})", f"s % 10 = {total % 10}",
                   ("rw [h₀]", "decide"))


# ---------------------------------------------------------------------------------- functional equations
def fe_step(rng: random.Random) -> Problem:
    """One instantiation of a functional equation (the step below fe_rec / fe_affine): `have h := h₀ k`,
    normalise its arguments, then linarith."""
    ty = rng.choice(["ℤ", "ℝ", "ℚ"])
    k, c = rng.randint(0, 6), rng.randint(-9, 9)
    form = rng.randrange(3)
    if form == 0:  # f (x + 1) = f x + d
        d = _nz(rng, -7, 7)
        eq, goal, inst = f"∀ x, f (x + 1) = {_tidy(f'f x + {d}')}", f"f {k + 1} = {c + d}", f"h₀ {k}"
    elif form == 1:  # f (m x) = j f x
        m, j = rng.randint(2, 3), _nz(rng, -4, 4)
        k = rng.randint(1, 6)
        eq, goal, inst = f"∀ x, f ({m} * x) = {j} * f x", f"f {m * k} = {j * c}", f"h₀ {k}"
    else:  # Cauchy's equation at (k, k)
        k = rng.randint(1, 6)
        eq, goal, inst = "∀ x y, f (x + y) = f x + f y", f"f {2 * k} = {2 * c}", f"h₀ {k} {k}"
    return Problem(f"(f : {ty} → {ty}) (h₀ : {eq}) (h₁ : f {k} = {c})", goal,
                   (f"have h₂ := {inst}", "norm_num at h₂", "linarith"))


def fe_swap(rng: random.Random) -> Problem:
    """f x + c·f (s - x) = a x + b: instantiate at k and s - k, then solve the 2×2 system (linarith)."""
    c = rng.choice([2, 3, -2, -3])
    s = rng.randint(0, 3)
    a, b = _nz(rng, -5, 5), rng.randint(-6, 6)
    k = rng.randint(-4, 6)
    # f(k) + c f(s-k) = ak + b; f(s-k) + c f(k) = a(s-k) + b  =>  f(k)(1 - c²) = ak + b - c(a(s-k) + b)
    fk = Fraction(a * k + b - c * (a * (s - k) + b), 1 - c * c)
    ty = rng.choice(["ℝ", "ℚ"])
    lhs = f"f x + {c} * f ({s} - x)" if s else f"f x + {c} * f (-x)"
    other = f"({s} - {_arg(k)})" if s else f"(-{_arg(k)})"
    return Problem(f"(f : {ty} → {ty}) (h₀ : ∀ x, {_tidy(lhs)} = {_tidy(f'{a} * x + {b}')})",
                   f"f {_arg(k)} = {_lit(fk)}",
                   (f"have h₁ := h₀ {_arg(k)}", f"have h₂ := h₀ {other}", "norm_num at h₁ h₂", "linarith"))


def fe_rec(rng: random.Random) -> Problem:
    """A recurrence on ℕ → ℕ or ℤ: instantiate a few steps, normalise the arguments, then linarith."""
    d = rng.randint(1, 7)
    c0 = rng.randint(0, 9)
    n = rng.randint(2, 4)
    ty = rng.choice(["ℕ", "ℤ"])
    mul = rng.choice([1, 2])
    vals = [c0]
    for _ in range(n):
        vals.append(mul * vals[-1] + d)
    step = f"f n + {d}" if mul == 1 else f"2 * f n + {d}"
    haves = [f"have h{chr(0x2082 + i)} := h₀ {i}" for i in range(n)]
    names = " ".join(f"h{chr(0x2082 + i)}" for i in range(n))
    return Problem(f"(f : ℕ → {ty}) (h₀ : ∀ n, f (n + 1) = {step}) (h₁ : f 0 = {c0})", f"f {n} = {vals[-1]}",
                   (*haves, f"norm_num at {names}", "linarith"))


def fe_affine(rng: random.Random) -> Problem:
    """f (x + y) = f x + f y style: f at small integers from f 1 (instantiate, then linarith)."""
    v = _nz(rng, -9, 9)
    ty = rng.choice(["ℤ", "ℝ", "ℚ"])
    k = rng.randint(2, 4)
    haves = [f"have h{chr(0x2082 + i)} := h₀ {i} 1" for i in range(1, k)]
    names = " ".join(f"h{chr(0x2082 + i)}" for i in range(1, k))
    return Problem(f"(f : {ty} → {ty}) (h₀ : ∀ x y, f (x + y) = f x + f y) (h₁ : f 1 = {v})",
                   f"f {k} = {k * v}", (*haves, f"norm_num at {names}", "linarith"))


FAMILIES: dict[str, tuple[str, Family]] = {  # family -> (area, generator)
    "linsys": ("algebra", linsys),
    "linsys_prod": ("algebra", linsys_prod),
    "quadratic": ("algebra", quadratic),
    "poly_eval": ("algebra", poly_eval),
    "lin_fit": ("algebra", lin_fit),
    "recip": ("algebra", recip),
    "ring_id": ("algebra", ring_id),
    "fun_comp": ("algebra", fun_comp),
    "lin_diff": ("algebra", lin_diff),
    "amgm": ("inequality", amgm),
    "amgm3": ("inequality", amgm3),
    "cauchy": ("inequality", cauchy),
    "sq_shift": ("inequality", sq_shift),
    "mod_lin": ("number_theory", mod_lin),
    "mod_sq": ("number_theory", mod_sq),
    "divisib": ("number_theory", divisib),
    "gcd_lcm": ("number_theory", gcd_lcm),
    "digits": ("number_theory", digits),
    "digits_mod": ("number_theory", digits_mod),
    "prime_range": ("number_theory", prime_range),
    "sum_range": ("sums", sum_range),
    "sum_icc": ("sums", sum_icc),
    "fe_step": ("functional", fe_step),
    "fe_swap": ("functional", fe_swap),
    "fe_rec": ("functional", fe_rec),
    "fe_affine": ("functional", fe_affine),
}
