"""Seeded generator of the shipped smoke corpora: math exposition (markdown + LaTeX) and Lean exercises.

The output is committed under ``assets/smoke_data/`` so the smoke pipeline never runs this; a test
regenerates it and compares, so the shipped files cannot drift from the generator. Regenerate with
``python -m assets.sources.mathgen``. Every computed fact is computed here, so the text is correct.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from pathlib import Path

from core.atomic import atomic_write_text

SMOKE_DIR = Path(__file__).resolve().parent.parent / "smoke_data"
MATH_FILE = SMOKE_DIR / "pretrain" / "generated.jsonl"
LEAN_FILE = SMOKE_DIR / "lean" / "generated.jsonl"
N_MATH_DOCS = 320
N_LEAN_DOCS = 48
SEED = 0


def _factorize(n: int) -> list[tuple[int, int]]:
    out, p = [], 2
    while p * p <= n:
        k = 0
        while n % p == 0:
            n, k = n // p, k + 1
        if k:
            out.append((p, k))
        p += 1
    if n > 1:
        out.append((n, 1))
    return out


def _multiplication(rng: random.Random) -> str:
    a, b = rng.randint(12, 99), rng.randint(12, 99)
    tens, ones = b - b % 10, b % 10
    return (
        f"## Multiplying {a} by {b}\n\n"
        f"To compute ${a} \\times {b}$ we split the second factor as ${b} = {tens} + {ones}$ and use "
        f"distributivity:\n\n$$ {a} \\times {b} = {a} \\times {tens} + {a} \\times {ones} = "
        f"{a * tens} + {a * ones} = {a * b}. $$\n\n"
        f"As a check, the product is {'even' if a * b % 2 == 0 else 'odd'} because "
        f"{'at least one factor is even' if a * b % 2 == 0 else 'both factors are odd'}, and its last "
        f"digit is "
        f"${(a % 10) * (b % 10) % 10}$, the last digit of ${a % 10} \\times {b % 10} = "
        f"{(a % 10) * (b % 10)}$.\n"
    )


def _linear(rng: random.Random) -> str:
    a = rng.choice([2, 3, 4, 5, 6, 7, 8, 9])
    x = rng.randint(-20, 20)
    b = rng.randint(-30, 30)
    c = a * x + b
    sign = "+" if b >= 0 else "-"
    return (
        f"### Solving a linear equation\n\n"
        f"**Problem.** Find every real number $x$ with ${a}x {sign} {abs(b)} = {c}$.\n\n"
        f"**Solution.** Subtracting ${b}$ from both sides gives ${a}x = {c - b}$. Since ${a} \\neq 0$ we may "
        f"divide by ${a}$, so $x = \\frac{{{c - b}}}{{{a}}} = {x}$. Conversely, substituting $x = {x}$ gives "
        f"${a} \\cdot ({x}) {sign} {abs(b)} = {a * x} {sign} {abs(b)} = {c}$, so the unique solution is "
        f"$x = {x}$. $\\blacksquare$\n"
    )


def _quadratic(rng: random.Random) -> str:
    r, s = rng.randint(-9, 9), rng.randint(-9, 9)
    p, q = -(r + s), r * s
    poly = f"x^2 {'+' if p >= 0 else '-'} {abs(p)}x {'+' if q >= 0 else '-'} {abs(q)}"
    roots = f"$x = {r}$" if r == s else f"$x = {min(r, s)}$ and $x = {max(r, s)}$"
    return (
        f"## Factoring ${poly}$\n\n"
        f"We look for two numbers whose sum is ${-p}$ and whose product is ${q}$. The pair ${r}$ and ${s}$ "
        f"works, since ${r} + ({s}) = {r + s}$ and ${r} \\cdot ({s}) = {q}$. Hence\n\n"
        f"$$ {poly} = (x - ({r}))(x - ({s})). $$\n\n"
        f"A product of real numbers vanishes exactly when one factor does, so the roots are {roots}. "
        f"This agrees with Vieta's formulas: the roots sum to $-({p}) = {r + s}$ and multiply to ${q}$. "
        f"The discriminant is $({p})^2 - 4 \\cdot {q} = {p * p - 4 * q} = ({r} - ({s}))^2$.\n"
    )


def _euclid(rng: random.Random) -> str:
    g = rng.randint(2, 30)
    a, b = g * rng.randint(5, 60), g * rng.randint(2, 40)
    if a < b:
        a, b = b, a
    steps, x, y = [], a, b
    while y:
        steps.append(f"${x} = {x // y} \\cdot {y} + {x % y}$")
        x, y = y, x % y
    gcd = x
    lcm = a * b // gcd
    lines = "\n".join(f"{i + 1}. {s}" for i, s in enumerate(steps))
    return (
        f"## The Euclidean algorithm on {a} and {b}\n\n"
        f"The algorithm replaces $(a, b)$ by $(b, a \\bmod b)$ until the remainder is zero:\n\n{lines}\n\n"
        f"The last nonzero remainder is $\\gcd({a}, {b}) = {gcd}$. Every common divisor of ${a}$ and ${b}$ "
        f"divides each remainder, and ${gcd}$ divides both numbers, which proves the claim. Consequently "
        f"$\\operatorname{{lcm}}({a}, {b}) = \\frac{{{a} \\cdot {b}}}{{{gcd}}} = {lcm}$.\n"
    )


def _modpow(rng: random.Random) -> str:
    a, m = rng.randint(2, 12), rng.choice([5, 7, 9, 11, 13, 17])
    k = rng.randint(5, 40)
    powers, cur, e = [], a % m, 1
    while e <= k:
        powers.append(f"{a}^{{{e}}} \\equiv {cur}")
        cur, e = cur * cur % m, e * 2
    joined = ", \\quad ".join(powers)
    return (
        f"### Computing ${a}^{{{k}}} \\bmod {m}$\n\n"
        f"Write ${k}$ in binary: ${k} = "
        f"{' + '.join(str(1 << i) for i in range(k.bit_length()) if k >> i & 1)}$. "
        f"Repeated squaring modulo ${m}$ gives\n\n$$ {joined} \\pmod{{{m}}}. $$\n\n"
        f"Multiplying the powers that appear in the binary expansion, we get "
        f"${a}^{{{k}}} \\equiv {pow(a, k, m)} \\pmod{{{m}}}$.\n"
    )


def _sum_formula(rng: random.Random) -> str:
    n = rng.randint(5, 60)
    return (
        f"## The sum $1 + 2 + \\dots + {n}$\n\n"
        f"**Claim.** For every natural number $n$, $\\sum_{{i=1}}^{{n}} i = \\frac{{n(n+1)}}{{2}}$.\n\n"
        f"*Proof by induction.* For $n = 0$ both sides are $0$. If the formula holds for $n$, then "
        f"$\\sum_{{i=1}}^{{n+1}} i = \\frac{{n(n+1)}}{{2}} + (n + 1) = \\frac{{(n+1)(n+2)}}{{2}}$, "
        f"which is the "
        f"formula for $n + 1$. $\\square$\n\n"
        f"For $n = {n}$ this gives $\\frac{{{n} \\cdot {n + 1}}}{{2}} = {n * (n + 1) // 2}$. Pairing "
        f"the first "
        f"and last terms shows the same thing: there are ${n // 2}$ pairs summing to ${n + 1}$"
        + (f", plus the middle term ${(n + 1) // 2}$." if n % 2 else ".")
        + "\n"
    )


def _factorization(rng: random.Random) -> str:
    n = rng.randint(60, 5000)
    fac = _factorize(n)
    tex = " \\cdot ".join(f"{p}^{{{k}}}" if k > 1 else str(p) for p, k in fac)
    divisors = math.prod(k + 1 for _, k in fac)
    prime = len(fac) == 1 and fac[0][1] == 1
    counts = " \\cdot ".join(str(k + 1) for _, k in fac)
    return (
        f"### Prime factorization of {n}\n\n"
        f"Trial division by the primes up to $\\sqrt{{{n}}} \\approx {math.isqrt(n)}$ gives ${n} = {tex}$"
        + (", so $" + str(n) + "$ is prime." if prime else ".")
        + f" By the divisor-counting formula, ${n}$ has ${divisors}$ positive divisors, "
        f"namely $\\prod (k_i + 1) = {counts}$.\n"
    )


def _logic(rng: random.Random) -> str:
    p, q = rng.sample(["P", "Q", "R", "S", "A", "B"], 2)
    law = rng.choice(["and", "or", "imp", "forall"])
    if law == "and":
        body = (
            f"De Morgan's law states $\\neg({p} \\land {q}) \\iff (\\neg {p} \\lor \\neg {q})$. "
            f"Checking all four "
            f"rows of the truth table:\n\n| ${p}$ | ${q}$ | $\\neg({p} \\land {q})$ | $\\neg {p} \\lor "
            f"\\neg {q}$ |\n"
            f"|---|---|---|---|\n| T | T | F | F |\n| T | F | T | T |\n| F | T | T | T |\n| F | F | T | "
            f"T |\n\n"
            f"The last two columns agree in every row, so the equivalence is a tautology."
        )
    elif law == "or":
        body = (
            f"The dual law $\\neg({p} \\lor {q}) \\iff (\\neg {p} \\land \\neg {q})$ holds because "
            f"${p} \\lor {q}$ is false exactly when both ${p}$ and ${q}$ are false."
        )
    elif law == "imp":
        body = (
            f"An implication ${p} \\to {q}$ is equivalent to its contrapositive $\\neg {q} \\to \\neg {p}$: "
            f"assume ${p} \\to {q}$ and $\\neg {q}$; if ${p}$ held we would get ${q}$, a contradiction, so "
            f"$\\neg {p}$. It is *not* equivalent to its converse ${q} \\to {p}$: take ${p}$ false and "
            f"${q}$ true."
        )
    else:
        body = (
            f"Negating a quantifier swaps it: $\\neg \\forall x, {p}(x) \\iff \\exists x, \\neg {p}(x)$. "
            f'For instance, "not every natural number is even" means "some natural number is odd", '
            f"witnessed by $x = {rng.choice([1, 3, 5, 7])}$."
        )
    return f"## A law of logic\n\n{body}\n"


def _amgm(rng: random.Random) -> str:
    a, b = rng.randint(1, 12) ** 2, rng.randint(1, 12) ** 2
    ra, rb = math.isqrt(a), math.isqrt(b)
    return (
        f"### AM–GM for ${a}$ and ${b}$\n\n"
        f"For nonnegative reals, $\\frac{{a + b}}{{2}} \\ge \\sqrt{{ab}}$, because "
        f"$a + b - 2\\sqrt{{ab}} = (\\sqrt a - \\sqrt b)^2 \\ge 0$. With $a = {a}$ and $b = {b}$: the "
        f"arithmetic "
        f"mean is $\\frac{{{a + b}}}{{2}} = {(a + b) / 2:g}$, the geometric mean is $\\sqrt{{{a * b}}} "
        f"= {ra * rb}$, "
        f"and the gap is $\\frac{{({ra} - {rb})^2}}{{2}} = {(ra - rb) ** 2 / 2:g}$. "
        + ("Equality holds since $a = b$." if a == b else "The inequality is strict since $a \\ne b$.")
        + "\n"
    )


def _divisibility(rng: random.Random) -> str:
    n = rng.randint(2, 40)
    return (
        f"## Why $6 \\mid n^3 - n$\n\n"
        f"Factor $n^3 - n = (n - 1) n (n + 1)$: a product of three consecutive integers. Among them one is "
        f"divisible by $3$ and at least one is even, so $6$ divides the product. For $n = {n}$: "
        f"${n}^3 - {n} = {n**3 - n} = 6 \\cdot {(n**3 - n) // 6}$.\n"
    )


def _sets(rng: random.Random) -> str:
    a = sorted(rng.sample(range(1, 20), rng.randint(3, 7)))
    b = sorted(rng.sample(range(1, 20), rng.randint(3, 7)))
    union, inter = sorted(set(a) | set(b)), sorted(set(a) & set(b))

    def fmt(xs: list[int]) -> str:
        return "\\{" + ", ".join(map(str, xs)) + "\\}" if xs else "\\emptyset"

    return (
        f"### Inclusion–exclusion\n\n"
        f"Let $A = {fmt(a)}$ and $B = {fmt(b)}$. Then $A \\cup B = {fmt(union)}$ and $A \\cap B = "
        f"{fmt(inter)}$. "
        f"Inclusion–exclusion predicts $|A \\cup B| = |A| + |B| - |A \\cap B| = {len(a)} + {len(b)} - "
        f"{len(inter)} "
        f"= {len(union)}$, which matches the listing.\n"
    )


def _functions(rng: random.Random) -> str:
    a, b = rng.randint(2, 9), rng.randint(-9, 9)
    c, d = rng.randint(2, 9), rng.randint(-9, 9)
    return (
        f"## Composing affine maps\n\n"
        f"Let $f(x) = {a}x + ({b})$ and $g(x) = {c}x + ({d})$. Then $(f \\circ g)(x) = {a}({c}x + "
        f"({d})) + ({b}) "
        f"= {a * c}x + ({a * d + b})$, while $(g \\circ f)(x) = {c * a}x + ({c * b + d})$. "
        + (
            "The two compositions agree."
            if a * d + b == c * b + d
            else "The compositions differ, so composition is not commutative."
        )
        + f" Since ${a} \\ne 0$, $f$ is a bijection with inverse $f^{{-1}}(y) = \\frac{{y - "
        f"({b})}}{{{a}}}$.\n"
    )


TOPICS: tuple[Callable[[random.Random], str], ...] = (
    _multiplication,
    _linear,
    _quadratic,
    _euclid,
    _modpow,
    _sum_formula,
    _factorization,
    _logic,
    _amgm,
    _divisibility,
    _sets,
    _functions,
)


def _lean_exercise(rng: random.Random, k: int) -> str:
    kind = rng.randrange(8)
    if kind == 0:
        a, b = rng.randint(2, 99), rng.randint(2, 99)
        return f"theorem mul_fact_{k} : ({a} : ℕ) * {b} = {a * b} := by\n  norm_num"
    if kind == 1:
        a, x, b = rng.randint(2, 9), rng.randint(-20, 20), rng.randint(-30, 30)
        return (
            f"theorem linear_{k} (x : ℚ) (h : {a} * x + {b} = {a * x + b}) : x = {x} := by\n  linarith"
        ).replace("+ -", "- ")
    if kind == 2:
        g = rng.randint(2, 12)
        a, b = g * rng.randint(2, 30), g * rng.randint(2, 30)
        return f"theorem gcd_fact_{k} : Nat.gcd {a} {b} = {math.gcd(a, b)} := by\n  decide"
    if kind == 3:
        a, e, m = rng.randint(2, 9), rng.randint(2, 12), rng.choice([5, 7, 11, 13])
        return f"theorem pow_mod_{k} : {a} ^ {e} % {m} = {pow(a, e, m)} := by\n  norm_num"
    if kind == 4:
        n = rng.randint(3, 20)
        return f"theorem range_sum_{k} : ∑ i ∈ Finset.range {n + 1}, i = {n * (n + 1) // 2} := by\n  decide"
    if kind == 5:
        p, q = rng.sample(["p", "q", "r"], 2)
        return (
            f"theorem and_swap_{k} ({p} {q} : Prop) (h{p} : {p}) (h{q} : {q}) : {q} ∧ {p} := by\n"
            f"  constructor\n  · exact h{q}\n  · exact h{p}"
        )
    if kind == 6:
        a = rng.randint(1, 50)
        return (
            f"theorem lt_succ_{k} (n : ℕ) (h : n < {a}) : n < {a + 1} := by\n"
            f"  have h' : {a} < {a + 1} := by norm_num\n  exact lt_trans h h'"
        )
    a, b = rng.randint(1, 30), rng.randint(1, 30)
    return (
        f"theorem sq_nonneg_sum_{k} (x y : ℝ) : 0 ≤ ({a} * x - {b} * y) ^ 2 + (x + y) ^ 2 := by\n  positivity"
    )


def math_documents(n: int = N_MATH_DOCS, seed: int = SEED) -> list[dict[str, str]]:
    rng = random.Random(seed)
    docs = []
    for i in range(n):
        parts = [rng.choice(TOPICS)(rng) for _ in range(rng.randint(1, 3))]
        docs.append({"text": "\n".join(parts), "url": f"smoke://pretrain/generated/{i}"})
    return docs


def lean_documents(n: int = N_LEAN_DOCS, seed: int = SEED) -> list[dict[str, str]]:
    rng = random.Random(seed + 1)
    docs = []
    for i in range(n):
        exercises = "\n\n".join(_lean_exercise(rng, i * 100 + j) for j in range(rng.randint(4, 10)))
        text = (
            f"import Mathlib\n\nopen Nat Real\n\nnamespace Exercises{i}\n\n{exercises}\n\nend Exercises{i}\n"
        )
        docs.append({"text": text, "url": f"smoke://lean/generated/{i}"})
    return docs


def to_jsonl(docs: list[dict[str, str]]) -> str:
    return "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs)


def main() -> None:
    atomic_write_text(MATH_FILE, to_jsonl(math_documents()))
    atomic_write_text(LEAN_FILE, to_jsonl(lean_documents()))
    print(f"wrote {MATH_FILE} and {LEAN_FILE}")


if __name__ == "__main__":
    main()
