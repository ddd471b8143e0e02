"""State-specific proposals for the RL rollouts' exploration: the steps a competition proof takes that a
fixed closer vocabulary cannot name, computed from the goal and hypotheses of one state.

Why: the MiniF2F-lite theorems the trained policy misses but minilean's fragment proves in a few lines
need a term the statement does not spell out (docs/RL_EXPERIMENTS.md): the square that
certifies a quadratic inequality (`nlinarith [sq_nonneg (a - c - 2)]`), the nonzero denominator that
`field_simp` needs (`have h : x - 3 ≠ 0 := sub_ne_zero.mpr h₀`), the residue case split behind a
remainder of a power (`have h : a % 3 = 0 ∨ … := by omega` then `rcases h with … <;> simp [pow_two, …]`).
Each is computed here from the state text alone (never from a proof), so rollouts can find such proofs
and the update can teach them to the policy; the eval's search never sees them.

* `square_hints`: complete the square of `rhs - lhs` of a quadratic inequality (an LDLᵀ split of its
  Gram matrix over the variables and 1, exact rationals) into `nlinarith [sq_nonneg (L₁), …]`.
* `nonzero_haves`: `have hN : A - B ≠ 0 := sub_ne_zero.mpr h` for a hypothesis `h : A ≠ B`, and
  `field_simp_at`: `field_simp at h` for a hypothesis with a division.
* `residue_splits`: the `% m` case split of an integer variable, and its `rcases … <;> simp` follow-up.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

__all__ = ["Poly", "field_simp_at", "nonzero_haves", "parse_poly", "residue_splits", "shaped_proposals",
           "square_hints"]

Monomial = tuple[str, ...]  # sorted variable names, repeated for powers; () is the constant
Poly = dict[Monomial, Fraction]

_TOKEN = re.compile(r"\s*(?:(?P<num>\d+)|(?P<name>[^\W\d][\w'₀-₉]*)|(?P<op>[-+*/^()]))")
MAX_DEGREE = 2
MAX_VARS = 3


class _Unsupported(ValueError):
    """The text is not a polynomial of the shape this module completes squares for."""


def _mul(p: Poly, q: Poly) -> Poly:
    out: Poly = {}
    for m1, c1 in p.items():
        for m2, c2 in q.items():
            m = tuple(sorted(m1 + m2))
            if len(m) > MAX_DEGREE:
                raise _Unsupported("degree above 2")
            out[m] = out.get(m, Fraction(0)) + c1 * c2
    return {m: c for m, c in out.items() if c}


def _add(p: Poly, q: Poly, sign: int = 1) -> Poly:
    out = dict(p)
    for m, c in q.items():
        out[m] = out.get(m, Fraction(0)) + sign * c
    return {m: c for m, c in out.items() if c}


class _Parser:
    """Recursive descent over + - * / ^ ( ), numerals and identifiers; division by a nonzero constant only.
    A parser of our own, so no text from a Lean server is ever evaluated as code."""

    def __init__(self, text: str) -> None:
        self.tokens: list[str] = []
        pos = 0
        text = text.strip()
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if not m or m.end() == pos:
                raise _Unsupported(f"unexpected text at {text[pos:pos + 10]!r}")
            self.tokens.append(m.group(m.lastgroup or "op"))
            pos = m.end()
        self.i = 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        tok = self.peek()
        if tok is None:
            raise _Unsupported("unexpected end")
        self.i += 1
        return tok

    def expr(self) -> Poly:
        p = self.term()
        while self.peek() in ("+", "-"):
            sign = 1 if self.take() == "+" else -1
            p = _add(p, self.term(), sign)
        return p

    def term(self) -> Poly:
        p = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()
            q = self.unary()
            if op == "*":
                p = _mul(p, q)
            else:
                if set(q) - {()} or not q:
                    raise _Unsupported("division by a non-constant")
                p = {m: c / q[()] for m, c in p.items()}
        return p

    def unary(self) -> Poly:
        if self.peek() == "-":
            self.take()
            return {m: -c for m, c in self.unary().items()}
        return self.power()

    def power(self) -> Poly:
        base = self.atom()
        if self.peek() == "^":
            self.take()
            exp = self.take()
            if not exp.isdigit() or int(exp) > MAX_DEGREE:
                raise _Unsupported("exponent")
            out: Poly = {(): Fraction(1)}
            for _ in range(int(exp)):
                out = _mul(out, base)
            return out
        return base

    def atom(self) -> Poly:
        tok = self.take()
        if tok == "(":
            p = self.expr()
            if self.take() != ")":
                raise _Unsupported("unbalanced")
            return p
        if tok.isdigit():
            return {(): Fraction(int(tok))} if int(tok) else {}
        if re.fullmatch(r"[^\W\d][\w'₀-₉]*", tok):
            return {(tok,): Fraction(1)}
        raise _Unsupported(f"token {tok!r}")


def parse_poly(text: str) -> Poly:
    """A polynomial of degree ≤ 2 from Lean term text, or ValueError."""
    parser = _Parser(text)
    p = parser.expr()
    if parser.peek() is not None:
        raise _Unsupported("trailing text")
    return p


_REL = re.compile(r"^(?P<lhs>.+?)\s*(?P<rel>≤|<|≥|>)\s*(?P<rhs>.+)$")


def _nonneg_side(goal: str) -> Poly | None:
    """`rhs - lhs` for `lhs ≤ rhs` / `lhs < rhs` (flipped for ≥ / >), or None when not a polynomial
    inequality of degree 2 in at most 3 variables."""
    m = _REL.match(goal.strip())
    if not m or any(r in m["rhs"] for r in ("≤", "<", "≥", ">", "∧", "∨", "→", "↔")):
        return None
    lo, hi = (m["lhs"], m["rhs"]) if m["rel"] in ("≤", "<") else (m["rhs"], m["lhs"])
    try:
        diff = _add(parse_poly(hi), parse_poly(lo), -1)
    except ValueError:
        return None
    names = {v for mono in diff for v in mono}
    if not names or len(names) > MAX_VARS or max(len(mono) for mono in diff) != 2:
        return None
    return diff


def _linear_text(coefs: dict[str, Fraction], const: Fraction, order: Sequence[str]) -> str:
    """`2 * b - a - 1` from rational coefficients scaled to coprime integers (the square's sign and scale
    do not matter to sq_nonneg)."""
    den = lcm(*(c.denominator for c in [*coefs.values(), const]))
    ints = {v: int(c * den) for v, c in coefs.items()}
    k = int(const * den)
    parts = []
    for v in order:
        c = ints.get(v, 0)
        if c:
            body = v if abs(c) == 1 else f"{abs(c)} * {v}"
            parts.append(("- " if c < 0 else "+ ") + body)
    if k:
        parts.append(("- " if k < 0 else "+ ") + str(abs(k)))
    text = " ".join(parts)
    return text[2:] if text.startswith("+ ") else "-" + text[2:]


def square_hints(goal: str) -> list[str]:
    """`nlinarith [sq_nonneg (L₁), …]` from an LDLᵀ split of `rhs - lhs` over (variables, 1): each pivot
    row is one linear form whose square the difference is a nonnegative combination of, when the matrix
    is positive semidefinite. Empty when the goal is not such an inequality or no square certifies it."""
    diff = _nonneg_side(goal)
    if diff is None:
        return []
    order = sorted({v for mono in diff for v in mono})
    basis: list[str | None] = [*order, None]  # None is the constant 1
    n = len(basis)

    def coef(i: int, j: int) -> Fraction:
        mono = tuple(sorted(b for b in (basis[i], basis[j]) if b is not None))
        c = diff.get(mono, Fraction(0))
        return c if i == j or len(mono) == 0 else c / 2

    mat = [[coef(i, j) if not (i == j == n - 1) else diff.get((), Fraction(0)) for j in range(n)]
           for i in range(n)]
    hints: list[str] = []
    for p in range(n):
        piv = mat[p][p]
        if piv < 0:
            return []
        row = mat[p][p:]
        if piv == 0:
            if any(row[1:]):
                return []  # a zero pivot with a nonzero off-diagonal: indefinite
            continue
        if basis[p] is None:
            break  # the constant's own pivot is a nonnegative number, no square needed
        coefs = {basis[p + j]: row[j] / piv for j in range(len(row)) if basis[p + j] is not None}
        const = next((row[j] / piv for j in range(len(row)) if basis[p + j] is None), Fraction(0))
        coefs = {v: c for v, c in coefs.items() if c}
        if len(coefs) + bool(const) > 1:  # a lone variable's square is nlinarith's own product
            hints.append(f"sq_nonneg ({_linear_text(coefs, const, order)})")
        for i in range(p + 1, n):
            f = mat[i][p] / piv
            for j in range(p + 1, n):
                mat[i][j] -= f * mat[p][j]
    if not hints:
        return []
    return [f"nlinarith [{', '.join(hints)}]"]


_NE = re.compile(r"^(?P<a>.+?)\s*≠\s*(?P<b>.+)$")


def nonzero_haves(hyps: Sequence[tuple[str, str]], fresh: str) -> list[str]:
    """`have fresh : A - B ≠ 0 := sub_ne_zero.mpr h` for each `h : A ≠ B` with B not 0 (field_simp needs
    the difference, which is the denominator competition statements write)."""
    out = []
    for name, typ in hyps:
        m = _NE.match(typ)
        if not m or m["b"].strip() == "0" or any(s in typ for s in ("∧", "∨", "→", "↔", "=")):
            continue
        a, b = m["a"].strip(), m["b"].strip()
        if re.fullmatch(r"-\d+", b):  # `x ≠ -2`: field_simp meets the denominator as `x + 2`
            out.append(f"have {fresh} : {a} + {b[1:]} ≠ 0 := by intro {fresh}'; apply {name}; linarith")
            continue
        b_text = f"({b})" if any(op in b for op in "+-") else b
        out.append(f"have {fresh} : {a} - {b_text} ≠ 0 := sub_ne_zero.mpr {name}")
    return out


def field_simp_at(hyps: Sequence[tuple[str, str]]) -> list[str]:
    """`field_simp at h` for each hypothesis with a division (clearing it is the step after the nonzero
    facts above)."""
    return [f"field_simp at {name}" for name, typ in hyps if "/" in typ and "∀" not in typ]


_MOD = re.compile(r"%\s*(\d+)")
_SPLIT = re.compile(r"^(?P<v>[^\W\d][\w'₀-₉]*) % (?P<m>\d+) = 0( ∨ (?P=v) % (?P=m) = \d+)+$")
MAX_MODULUS = 9


def residue_splits(goal: str, hyps: Sequence[tuple[str, str]], fresh: str) -> list[str]:
    """For each ℕ/ℤ variable and each modulus `% m` (m ≤ 9) in the goal: `have fresh : v % m = 0 ∨ … ∨ v %
    m = m - 1 := by omega`; for each hypothesis already of that shape: `rcases h with h | … <;> simp
    [pow_two, pow_succ, mul_emod, add_emod, h]` (Int.* or Nat.* lemmas by the variable's sort)."""
    sorts = dict(hyps)
    out = []
    moduli = sorted({int(m) for m in _MOD.findall(goal) if 2 <= int(m) <= MAX_MODULUS})
    for v, s in hyps:
        if s not in ("ℕ", "ℤ") or not re.search(rf"(?<![\w']){re.escape(v)}(?![\w'])", goal):
            continue
        for m in moduli:
            cases = " ∨ ".join(f"{v} % {m} = {r}" for r in range(m))
            out.append(f"have {fresh} : {cases} := by omega")
    for name, typ in hyps:
        sm = _SPLIT.match(typ)
        if not sm or sorts.get(sm["v"]) not in ("ℕ", "ℤ"):
            continue
        lib = "Int" if sorts[sm["v"]] == "ℤ" else "Nat"
        lemmas = ("Int.mul_emod, Int.add_emod" if lib == "Int" else "Nat.mul_mod, Nat.add_mod")
        pats = " | ".join(["h"] * (typ.count("∨") + 1))
        out.append(f"rcases {name} with {pats} <;> simp [pow_two, pow_succ, {lemmas}, h]")
    return out


def shaped_proposals(goal: str, hyps: Sequence[tuple[str, str]], fresh: str) -> list[str]:
    """Every proposal above for one goal (its target text and its (name, type) hypotheses)."""
    return [*square_hints(goal), *nonzero_haves(hyps, fresh), *field_simp_at(hyps),
            *residue_splits(goal, hyps, fresh)]
