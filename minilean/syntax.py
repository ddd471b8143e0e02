"""Terms of the minilean fragment: tokenizer, Pratt parser (Lean 4 precedences), typed ASTs and printer.

Propositions are built from Prop variables, True/False, ¬ ∧ ∨ → ↔ and linear arithmetic atoms over ℕ/ℤ
variables. The raw parser produces untyped `Node`s (also used for proof terms); `to_prop` / `to_expr`
resolve names against a typing context and reject what the fragment cannot represent soundly.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from minilean.cdot_fun import as_fun, cdot_binders
from minilean.explicit_apps import BigAppError, as_bigop, as_cast
from minilean.libfuns import (
    CONSTANT_ALIASES,
    FIELD_FUNS,
    LIB_FUNS,
    POLYMORPHIC,
    POWER_FUNS,
    POWERS,
    display_name,
    instance_name,
)
from minilean.open_names import resolve_app as resolve_open
from minilean.prop_eq import prop_shaped

# ---------------------------------------------------------------------------------------------- errors


class SyntaxErr(Exception):
    """A parse or typing error; the message is Lean-like."""


# ---------------------------------------------------------------------------------------------- typed AST

NAT = "ℕ"
INT = "ℤ"
RAT = "ℚ"
REAL = "ℝ"
COMPLEX = "ℂ"  # a field without order: no <, ≤, |·| on it (Mathlib's order on ℂ is scoped, not opened)
NUMERIC = (NAT, INT, RAT, REAL, COMPLEX)  # in coercion order: ℕ → ℤ → ℚ → ℝ → ℂ
SORTS = ("Prop", NAT, INT, RAT, REAL, COMPLEX)
SORT_ALIASES = {
    "Prop": "Prop",
    "ℕ": NAT,
    "Nat": NAT,
    "ℤ": INT,
    "Int": INT,
    "ℚ": RAT,
    "Rat": RAT,
    "ℝ": REAL,
    "Real": REAL,
    "ℂ": COMPLEX,
    "Complex": COMPLEX,
}


def fun_sort(sort: str) -> tuple[list[str], str] | None:
    """`"ℕ → ℕ → ℝ"` -> (["ℕ", "ℕ"], "ℝ"); None for a non-function sort."""
    parts = sort.split(" → ")
    return (parts[:-1], parts[-1]) if len(parts) > 1 else None


@dataclass(frozen=True, slots=True)
class ENum:
    n: int  # always >= 0 (negative literals are ENeg(ENum))


@dataclass(frozen=True, slots=True)
class EVar:
    name: str


@dataclass(frozen=True, slots=True)
class EMeta:
    idx: int
    ty: str


@dataclass(frozen=True, slots=True)
class EBin:
    # "+", "-" (ring subtraction: ℤ ℚ ℝ), "∸" (ℕ truncated subtraction, printed "-"), "*",
    # "/" (field division ℚ ℝ, x / 0 = 0), "÷" (ℕ/ℤ division as Lean 4's Nat.div / Int.ediv, printed "/"),
    # "%" (Nat.mod / Int.emod), "^" (rhs is always an ENum exponent: Monoid.npow)
    op: str
    lhs: Expr
    rhs: Expr


@dataclass(frozen=True, slots=True)
class ENeg:
    arg: Expr


@dataclass(frozen=True, slots=True)
class ECast:
    """`↑arg`: the canonical coercion ℕ → ℤ → ℚ → ℝ (Nat.cast, Int.cast, Rat.cast)."""

    arg: Expr
    src: str
    dst: str


@dataclass(frozen=True, slots=True)
class EApp:
    """`f a b`: a function-typed variable, or Nat.gcd / Nat.lcm / abs (printed |a|)."""

    fn: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class ESum:
    """`∑ var ∈ Finset.range hi, body` (kind "range": var < hi) or `∑ var ∈ Finset.Icc lo hi, body`
    (kind "Icc": lo ≤ var ≤ hi, empty when lo > hi), `Nat.divisors hi` / `Nat.properDivisors hi`
    (kinds "divisors", "properDivisors": the d ∣ hi with 1 ≤ d ≤ hi, resp. d < hi); op "∏" for
    products, "card" for `Finset.card` (body 1). `guard`: `Finset.filter (fun var => guard)` around
    the set. `var` is bound in `body` and `guard`; `ity` is the index type (ℕ or ℤ), `ty` the type of
    the body and of the whole sum."""

    op: str
    var: str
    ity: str
    kind: str
    lo: Expr
    hi: Expr
    body: Expr
    ty: str
    guard: Prop | None = None


Expr = ENum | EVar | EMeta | EBin | ENeg | ECast | EApp | ESum


@dataclass(frozen=True, slots=True)
class PVar:
    name: str


@dataclass(frozen=True, slots=True)
class PMeta:
    idx: int


@dataclass(frozen=True, slots=True)
class PConst:
    value: bool  # True / False


@dataclass(frozen=True, slots=True)
class PNot:
    arg: Prop


@dataclass(frozen=True, slots=True)
class PBin:
    op: str  # "∧", "∨", "→", "↔", "=" (equality of propositions, prop_eq.py)
    lhs: Prop
    rhs: Prop


@dataclass(frozen=True, slots=True)
class PRel:
    op: str  # "=", "≠", "<", "≤", ">", "≥", "∣" (divisibility, ℕ/ℤ only)
    lhs: Expr
    rhs: Expr
    ty: str  # the type both sides have: ℕ ℤ ℚ ℝ


@dataclass(frozen=True, slots=True)
class PQuant:
    q: str  # "∀" | "∃"
    var: str
    sort: str  # ℕ ℤ ℚ ℝ
    body: Prop
    # `∀ {x : T}, P` (a local lemma `have f {x : T} … : P`): applying it infers x (terms.local_decl).
    # Binder info is not part of the type (Lean's isDefEq ignores it), hence compare=False.
    implicit: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class PPred:
    name: str  # "Even" | "Odd" | "Nat.Prime"
    arg: Expr
    ty: str


@dataclass(frozen=True, slots=True)
class PModEq:
    """`lhs ≡ rhs [MOD n]` (`Nat.ModEq n lhs rhs`, ty ℕ) or `lhs ≡ rhs [ZMOD n]` (`Int.ModEq`, ty ℤ).

    Mathlib defines both as `lhs % n = rhs % n`, but as a plain `def`: omega, linarith, ring and simp
    without the name do not see through it, so it is its own node kind rather than a `PRel` (a
    consumer that does not know it must refuse it, never read it as something else)."""

    n: Expr
    lhs: Expr
    rhs: Expr
    ty: str  # ℕ (MOD) | ℤ (ZMOD)

    def unfolded(self) -> PRel:
        """The definition's body, `lhs % n = rhs % n` (what `unfold Nat.ModEq` leaves)."""
        return PRel("=", EBin("%", self.lhs, self.n), EBin("%", self.rhs, self.n), self.ty)

    def terms(self) -> tuple[Expr, ...]:
        """The three terms in kabstract's traversal order (`Nat.ModEq n a b`: n, then a, then b)."""
        return (self.n, self.lhs, self.rhs)

    def map(self, f: Callable[[Expr], Expr]) -> PModEq:
        """The same congruence with `f` applied to its three terms (substitution, renaming, ...)."""
        return PModEq(f(self.n), f(self.lhs), f(self.rhs), self.ty)


@dataclass(frozen=True, slots=True)
class PCoprime:
    """`Nat.Coprime a b` (ℕ). Mathlib/Batteries define it as `Nat.gcd a b = 1`, a plain `def`: omega and
    linarith do not see through it, `rw`/`simp` match it as its own head, `exact`/`decide` unfold it. So it
    is its own node kind, as `PModEq` is: a consumer that does not know it refuses it."""

    a: Expr
    b: Expr
    ty: str = NAT  # always ℕ (the arguments' type), kept so generic code can read `p.ty`

    def unfolded(self) -> PRel:
        """The definition's body, `Nat.gcd a b = 1` (what `unfold Nat.Coprime` leaves)."""
        return PRel("=", EApp("Nat.gcd", (self.a, self.b)), ENum(1), NAT)

    def terms(self) -> tuple[Expr, ...]:
        return (self.a, self.b)

    def map(self, f: Callable[[Expr], Expr]) -> PCoprime:
        return PCoprime(f(self.a), f(self.b))


MEM_KINDS = ("Icc", "Ico", "Ioc", "Ioo", "range", "insert")  # insert: an explicit literal (finset_literal.py)


@dataclass(frozen=True, slots=True)
class PMem:
    """`x ∈ Finset.Icc lo hi` (also Ico, Ioc, Ioo; ℕ or ℤ) and `x ∈ Finset.range hi` (ℕ; `lo` unused).

    Membership in Mathlib is not definitionally the bounds: `Finset.mem_Icc : a ∈ Icc b c ↔ b ≤ a ∧ a ≤ c`
    and `Finset.mem_range : m ∈ range n ↔ m < n` are @[simp] lemmas, and omega/linarith do not see through
    `∈` until simp has rewritten it. So it is its own node kind: a consumer that does not know it refuses it
    (or leaves it alone), and only the full simp set rewrites it to `unfolded()`."""

    elem: Expr
    kind: str  # one of MEM_KINDS
    lo: Expr
    hi: Expr
    ty: str  # the element type: ℕ or ℤ (range: ℕ; insert: ℕ ℤ ℚ ℝ)
    elems: tuple[Expr, ...] = ()  # kind "insert": the literal `{a, b, c}`'s elements (lo/hi unused)

    def terms(self) -> tuple[Expr, ...]:
        """The terms written in the source, left to right (kabstract's order)."""
        if self.kind == "insert":
            return (self.elem, *self.elems)
        return (self.elem, self.hi) if self.kind == "range" else (self.elem, self.lo, self.hi)

    def map(self, f: Callable[[Expr], Expr]) -> PMem:
        if self.kind == "insert":
            return PMem(f(self.elem), self.kind, self.lo, self.hi, self.ty, tuple(f(e) for e in self.elems))
        lo = self.lo if self.kind == "range" else f(self.lo)  # range has no lower bound to rewrite
        return PMem(f(self.elem), self.kind, lo, f(self.hi), self.ty)

    def unfolded(self) -> Prop:
        """The right side of `Finset.mem_Icc` / `mem_Ico` / `mem_Ioc` / `mem_Ioo` / `mem_range`; for a literal
        `{a, b, c}` (`insert a (insert b {c})`) `Finset.mem_insert` then `mem_singleton`:
        `x = a ∨ x = b ∨ x = c`."""
        x = self.elem
        if self.kind == "insert":
            out: Prop = PRel("=", x, self.elems[-1], self.ty)
            for e in reversed(self.elems[:-1]):
                out = PBin("∨", PRel("=", x, e, self.ty), out)
            return out
        if self.kind == "range":
            return PRel("<", x, self.hi, self.ty)
        low = PRel("≤" if self.kind[1] == "c" else "<", self.lo, x, self.ty)
        high = PRel("≤" if self.kind[2] == "c" else "<", x, self.hi, self.ty)
        return PBin("∧", low, high)


Prop = PVar | PMeta | PConst | PNot | PBin | PRel | PQuant | PPred | PModEq | PCoprime | PMem

TRUE = PConst(True)
FALSE = PConst(False)

# ---------------------------------------------------------------------------------------------- tokens

_ASCII = {
    "/\\": "∧",
    "\\/": "∨",
    "->": "→",
    "<->": "↔",
    "<=": "≤",
    ">=": "≥",
    "!=": "≠",
    "λ": "fun",
    "↦": "=>",
}
_SYMBOLS = sorted(
    [
        "<->",
        "/\\",
        "\\/",
        "->",
        "<=",
        ">=",
        ":=",
        "=>",
        "?_",
        "<;>",
        "(",
        ")",
        "⟨",
        "⟩",
        ",",
        ":",
        "∧",
        "∨",
        "→",
        "↔",
        "¬",
        "=",
        "≠",
        "<",
        ">",
        "≤",
        "≥",
        "+",
        "-",
        "*",
        "/",
        "%",
        "^",
        "∣",
        "↑",
        "√",
        "∀",
        "∃",
        "|",
        "·",
        ";",
        "{",
        "}",
        "[",
        "]",
        "↦",
        "λ",
        "⊢",
        ".",
        "∑",
        "∏",
        "∈",
        "!",
        "⁻¹",
        "≡",
        "▸",
    ],
    key=len,
    reverse=True,
)
_SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉ₐₑₒₓₔₕₖₗₘₙₚₛₜᵢᵣᵤᵥⱼ"
_ID_START = r"[A-Za-z_α-κμ-ωΑ-Ωℓℕℤℚℝℂ]"
_ID_CONT = rf"[A-Za-z0-9_'!?α-κμ-ωΑ-Ωℓ{_SUBSCRIPTS}]"
_IDENT_RE = re.compile(rf"{_ID_START}{_ID_CONT}*(?:\.(?:{_ID_START}{_ID_CONT}*|[0-9]+))*")
_NUM_RE = re.compile(r"[0-9]+")
# tactics (and binders) whose syntax holds a `:` of their own, so a term-level `by` block containing
# one is not ended by that colon
_COLON_TACTICS = frozenset(
    {"have", "show", "obtain", "suffices", "let", "set", "replace", "change", "fun", "∀", "∃", "calc"}
    | {"haveI", "letI", "rcases", "rintro", "intro", "generalize", "specialize", "by_cases", "lift", "cases"}
)
KEYWORDS = {"fun", "by", "with", "at", "theorem", "lemma", "example", "have", "show", "from", "sorry"}


@dataclass(frozen=True, slots=True)
class Tok:
    kind: str  # "id", "num", "sym", "eof"
    text: str
    pos: int


# Brackets that open a valid Lean term minilean has no model of: Lean parses these (a `List` literal,
# a `Set`/`Finset` literal or set-builder, a structure instance), so "unexpected token" would misstate
# why the term is refused.
_OUTSIDE_TERMS = {
    "[": "minilean: list literals `[a, b, …]` (List) are outside the fragment",
    "{": "minilean: `{…}` terms (Set/Finset literals, set-builder, structures) are outside the fragment",
}
# Set/Finset operators Lean parses (Mathlib notation) that minilean's tokenizer does not know.
_OUTSIDE_SYMBOLS = {
    c: f"minilean: `{c}` (Set/Finset {what}) is outside the fragment"
    for c, what in (("⊆", "inclusion"), ("⊂", "strict inclusion"), ("∪", "union"), ("∩", "intersection"))
}


def tokenize(text: str) -> list[Tok]:
    toks: list[Tok] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        m = _NUM_RE.match(text, i)
        if m:
            toks.append(Tok("num", m.group(), i))
            i = m.end()
            continue
        if c == "λ":
            toks.append(Tok("id", "fun", i))
            i += 1
            continue
        m = _IDENT_RE.match(text, i)
        if m:
            word = m.group()
            if word == "forall":  # Lean 4's ASCII spelling of `∀` (`unicodeSymbol "∀" "forall"`)
                toks.append(Tok("sym", "∀", i))
                i = m.end()
                continue
            toks.append(Tok("id", word, i))
            i = m.end()
            continue
        for s in _SYMBOLS:
            if text.startswith(s, i):
                toks.append(Tok("sym", _ASCII.get(s, s), i))
                i += len(s)
                break
        else:
            raise SyntaxErr(_OUTSIDE_SYMBOLS.get(c, f"unexpected token '{c}'"))
    toks.append(Tok("eof", "", n))
    return toks


# ---------------------------------------------------------------------------------------------- raw nodes
# Node kinds: ("id", name) ("num", n) ("app", f, args) ("bin", op, l, r) ("not", x) ("neg", x)
# ("anon", items) ("fun", binders, body) ("hole",) ("wild",) ("sorry",) ("proj", x, field)
# ("ascr", x, ty) ; binders are (name, type_node | None)
Node = tuple

# (precedence, lhs precedence, rhs precedence) as in Lean 4's notation declarations
_BINOPS: dict[str, tuple[int, int, int]] = {
    "↔": (20, 21, 21),
    "→": (25, 26, 25),
    "∨": (30, 31, 30),
    "∧": (35, 36, 35),
    "=": (50, 51, 51),
    "≠": (50, 51, 51),
    "<": (50, 51, 51),
    ">": (50, 51, 51),
    "≤": (50, 51, 51),
    "≥": (50, 51, 51),
    "+": (65, 65, 66),
    "-": (65, 65, 66),
    "*": (70, 70, 71),
    "/": (70, 70, 71),
    "%": (70, 70, 71),
    "^": (75, 76, 75),
    "∣": (50, 51, 51),
    "∈": (50, 51, 51),
}
MAX_PREC = 1024
MAX_DEPTH = 200  # nesting limit of terms: deeper input is a clear error, never a RecursionError


def node_depth(node: Node) -> int:
    """Nesting depth of a raw node (iterative, so it is safe on any input)."""
    best, stack = 0, [(node, 1)]
    while stack:
        n, d = stack.pop()
        best = max(best, d)
        for child in n[1:]:
            if isinstance(child, tuple):
                if child and isinstance(child[0], str):
                    stack.append((child, d + 1))
                else:  # a tuple of nodes (arguments, items) or of binders
                    for c in child:
                        if isinstance(c, tuple) and c and isinstance(c[0], str):
                            stack.append((c, d + 1))
                        elif isinstance(c, tuple):
                            stack.extend((x, d + 1) for x in c if isinstance(x, tuple) and x)
    return best


class Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.i = 0

    # -- helpers
    def peek(self, k: int = 0) -> Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def next(self) -> Tok:
        t = self.toks[self.i]
        if t.kind != "eof":
            self.i += 1
        return t

    def at(self, text: str) -> bool:
        t = self.peek()
        return t.kind in ("sym", "id") and t.text == text

    def expect(self, text: str) -> Tok:
        t = self.next()
        if t.text != text or t.kind not in ("sym", "id"):
            found = t.text or "end of input"
            raise SyntaxErr(f"unexpected token '{found}'; expected '{text}'")
        return t

    def at_eof(self) -> bool:
        return self.peek().kind == "eof"

    def expect_eof(self) -> None:
        if not self.at_eof():
            raise SyntaxErr(f"unexpected token '{self.peek().text}'; expected command")

    # -- grammar
    def term(self, min_prec: int = 0) -> Node:
        self._depth = getattr(self, "_depth", 0) + 1
        try:
            if self._depth > MAX_DEPTH:
                raise SyntaxErr(f"minilean: maximum nesting depth exceeded (more than {MAX_DEPTH} levels)")
            node = self._term(min_prec)
        finally:
            self._depth -= 1
        if self._depth == 0 and node_depth(node) > MAX_DEPTH:
            raise SyntaxErr(f"minilean: maximum nesting depth exceeded (more than {MAX_DEPTH} levels)")
        return node

    def _term(self, min_prec: int = 0) -> Node:
        left, left_prec = self._leading()
        while True:
            t = self.peek()
            if t.kind == "sym" and t.text in _BINOPS:
                prec, lhs_prec, rhs_prec = _BINOPS[t.text]
                if prec < min_prec or left_prec < lhs_prec:
                    break
                self.next()
                right = self.term(rhs_prec)
                left, left_prec = ("bin", t.text, left, right), prec
                continue
            if t.kind == "sym" and t.text == "≡" and min_prec <= 50 and left_prec >= 51:
                left, left_prec = self._modeq(left), 50
                continue
            if t.kind == "sym" and t.text == "▸" and min_prec <= 75:  # Lean's `trailing_parser:75 " ▸ "`
                self.next()
                right = self.term(75)
                if self.at("▸") or right[0] == "subst":
                    raise SyntaxErr("minilean: chained `▸` is not supported; write one `h ▸ e` at a time")
                left, left_prec = ("subst", left, right), 75
                continue
            break
        return left

    def _modeq(self, lhs: Node) -> Node:
        """`a ≡ b [MOD n]` / `a ≡ b [ZMOD n]` (Mathlib's `notation:50`): ("modeq", "MOD"|"ZMOD", a, b, n)."""
        self.expect("≡")
        rhs = self.term(51)
        self.expect("[")
        kind = self.next()
        if kind.kind != "id" or kind.text not in ("MOD", "ZMOD"):
            raise SyntaxErr(f"unexpected token '{kind.text}'; expected 'MOD' or 'ZMOD'")
        n = self.term(0)
        self.expect("]")
        return ("modeq", kind.text, lhs, rhs, n)

    def _starts_arg(self) -> bool:
        t = self.peek()
        if t.kind == "num":
            return True
        if t.kind == "id":
            return t.text not in KEYWORDS or t.text == "sorry"
        return t.kind == "sym" and t.text in ("(", "⟨", "?_", "↑", "√")

    def _leading(self) -> tuple[Node, int]:
        t = self.peek()
        if t.kind == "sym" and t.text == "¬":
            self.next()
            return ("not", self.term(40)), MAX_PREC
        if t.kind == "sym" and t.text == "-":
            self.next()
            return ("neg", self.term(75)), 75
        if t.kind == "sym" and t.text in ("∀", "∃"):
            self.next()
            return self._binder_term(t.text), 0
        if t.kind == "id" and t.text == "by":  # a tactic block as a term: ("by", tactic text)
            self.next()
            return ("by", self._raw_tactic()), 0
        if t.kind == "id" and t.text == "show":  # `show T from e`, `show T by tac`: e (or tac) at type T
            self.next()
            ty = self.term(0)
            if self.at("from"):
                self.next()
                return ("ascr", self.term(0), ty), 0
            if self.at("by"):
                self.next()
                return ("ascr", ("by", self._raw_tactic()), ty), 0
            found = self.peek().text or "end of input"
            raise SyntaxErr(f"unexpected token '{found}'; expected 'by' or 'from'")
        if t.kind == "sym" and t.text in ("∑", "∏"):
            self.next()
            return self._big_operator(t.text), MAX_PREC
        if t.kind == "id" and t.text == "fun":
            self.next()
            binders: list[tuple[str, Node | None]] = []
            while not self.at("=>"):
                if self.at(":") and binders and all(ty is None for _, ty in binders):  # `fun x y : T =>`
                    self.next()
                    ty = self.term(0)
                    binders = [(nm, ty) for nm, _ in binders]
                    break
                b = self.next()
                if b.kind == "id" and b.text not in KEYWORDS:
                    binders.append((b.text, None))
                elif b.kind == "sym" and b.text == "(":
                    names = []
                    while self.peek().kind == "id" and not self.at(":"):
                        names.append(self.next().text)
                    self.expect(":")
                    ty = self.term(0)
                    self.expect(")")
                    if not names:
                        raise SyntaxErr("expected binder name")
                    binders.extend((nm, ty) for nm in names)
                else:
                    raise SyntaxErr(f"unexpected token '{b.text}'; expected '=>'")
            if not binders:
                raise SyntaxErr("unexpected token '=>'; expected term")
            self.expect("=>")
            return ("fun", tuple(binders), self.term(0)), 0
        head = self._arg()
        args = []
        while self._starts_arg():
            args.append(self._arg())
        if args:
            try:  # `Finset.sum s (fun k => f k)`: the term behind `∑ k ∈ s, f k` (explicit_apps.py)
                big = as_bigop(head, tuple(args))
            except BigAppError as e:
                raise SyntaxErr(str(e)) from None
            if big is not None:
                return big, MAX_PREC
            if (cast := as_cast(head, tuple(args))) is not None:  # `Rat.cast q`: the coercion `↑q`
                return cast, MAX_PREC
            return ("app", head, tuple(args)), MAX_PREC
        return head, MAX_PREC

    def _raw_tactic(self) -> str:
        """The text of a term-level `by` block: it runs to the closing bracket or `,` that ends the
        enclosing term (Lean's block extends as far as it can)."""
        start = self.peek().pos
        depth = 0
        binds_colon = False  # a tactic whose own syntax has ` : T` (`have h : T`) keeps its colon
        while True:
            t = self.peek()
            if t.kind == "eof":
                break
            if depth == 0 and t.kind == "id" and t.text in _COLON_TACTICS:
                binds_colon = True
            if depth == 0 and t.kind == "sym" and t.text == ":" and not binds_colon:
                break  # `(by norm_num : 0 < 11)`: the colon starts the ascription of the whole block
            if t.kind == "sym" and t.text in ("(", "[", "{", "⟨"):
                depth += 1
            elif t.kind == "sym" and t.text in (")", "]", "}", "⟩", ","):
                if depth == 0:
                    break
                if t.text != ",":
                    depth -= 1
            self.next()
        text = self.text[start : self.peek().pos].strip()
        if not text:
            raise SyntaxErr("unexpected end of input; expected tactic")
        return text

    def _binder_term(self, q: str) -> Node:
        """`∀ x y, P` `∀ x : T, P` `∀ (x : T) (y : U), P` `∀ n ≥ 5, P` (binder predicate), same for ∃."""
        binders: list[tuple[str, Node | None]] = []
        implicit: set[str] = set()
        pred: tuple[str, Node] | None = None
        if self.at("(") or (self.at("{") and q == "∀"):  # `{x : T}`: an implicit binder (∀ only)
            while self.at("(") or (self.at("{") and q == "∀"):
                close = ")" if self.next().text == "(" else "}"
                names = []
                while self.peek().kind == "id" and not self.at(":"):
                    names.append(self.next().text)
                self.expect(":")
                ty = self.term(0)
                self.expect(close)
                if not names:
                    raise SyntaxErr("expected binder name")
                binders.extend((nm, ty) for nm in names)
                if close == "}":
                    implicit.update(names)
        else:
            names = []
            while self.peek().kind == "id" and self.peek().text not in KEYWORDS:
                names.append(self.next().text)
            if not names:
                raise SyntaxErr(f"unexpected token '{self.peek().text}'; expected binder name")
            ty: Node | None = None
            if self.at(":"):
                self.next()
                ty = self.term(26)  # a type: stops before `,`
            elif self.peek().kind == "sym" and self.peek().text in ("≥", ">", "≤", "<", "≠", "∈"):
                if len(names) != 1:
                    raise SyntaxErr("minilean: binder predicates take one variable")
                op = self.next().text
                pred = (op, self.term(51))
            binders.extend((nm, ty) for nm in names)
        self.expect(",")
        body = self.term(0)
        if pred is not None:
            body = ("bin", "→" if q == "∀" else "∧", ("bin", pred[0], ("id", binders[0][0]), pred[1]), body)
        for nm, ty in reversed(binders):
            body = ("quant", q, nm, ty, body, True) if nm in implicit else ("quant", q, nm, ty, body)
        return body

    def _big_operator(self, op: str) -> Node:
        """`∑ k ∈ s, body` (also the older `∑ k in s, body`); the body is parsed at precedence 67, as
        Mathlib's notation does, so `∑ k ∈ s, f k + 1` is `(∑ k ∈ s, f k) + 1`."""
        v = self.next()
        if v.kind != "id" or v.text in KEYWORDS:
            raise SyntaxErr(f"unexpected token '{v.text}'; expected binder name")
        if not (self.at("∈") or self.at("in")):
            raise SyntaxErr(f"minilean: only `{op} x ∈ s, f x` big operators are supported")
        self.next()
        dom = self.term(0)
        self.expect(",")
        return ("bigop", op, v.text, dom, self.term(67))

    def _arg(self) -> Node:
        t = self.next()
        if t.kind == "num":
            node: Node = ("num", int(t.text))
        elif t.kind == "id":
            if t.text == "sorry":
                node = ("sorry",)
            elif t.text == "_":
                node = ("wild",)
            elif t.text in KEYWORDS:
                raise SyntaxErr(f"unexpected token '{t.text}'; expected term")
            else:
                node = ("id", t.text)
        elif t.kind == "sym" and t.text == "?_":
            node = ("hole",)
        elif t.kind == "sym" and t.text == "↑":
            node = ("coe", self._arg())
        elif t.kind == "sym" and t.text == "√":  # Mathlib's `prefix:max "√" => Real.sqrt`: `√x⁻¹` is `√(x⁻¹)`
            node = ("app", ("id", "Real.sqrt"), (self._arg(),))
        elif t.kind == "sym" and t.text == "|":
            inner = self.term(0)
            self.expect("|")
            node = ("app", ("id", "abs"), (inner,))
        elif t.kind == "sym" and t.text == "(" and self.peek().kind == "id" and self.peek(1).text == ":=":
            name = self.next().text  # `(x := e)`: a named argument, bound by the application (terms.py)
            self.next()
            value = self.term(0)
            self.expect(")")
            node = ("named", name, value)
        elif t.kind == "sym" and t.text == "(" and (cdots := cdot_binders(self.toks, self.i)):
            node = as_fun(cdots, self.term(0))  # `(4 * ·)`: Lean's `·` function notation (cdot_fun.py)
            self.expect(")")
        elif t.kind == "sym" and t.text == "(" and self.at("{"):
            node = _hook("finset_literal")(self)  # `({a, b} : Finset T)` (finset_literal.py)
        elif t.kind == "sym" and t.text == "(":
            inner = self.term(0)
            if self.at(":"):
                self.next()
                ty = self.term(0)
                self.expect(")")
                node = ("ascr", inner, ty)
            else:
                self.expect(")")
                node = inner
        elif t.kind == "sym" and t.text == "⟨":
            items = []
            if not self.at("⟩"):
                items.append(self.term(0))
                while self.at(","):
                    self.next()
                    items.append(self.term(0))
            self.expect("⟩")
            node = ("anon", tuple(items))
        elif t.kind == "sym" and t.text in _OUTSIDE_TERMS:  # valid Lean terms that minilean does not model
            raise SyntaxErr(_OUTSIDE_TERMS[t.text])
        else:
            raise SyntaxErr(f"unexpected token '{t.text or 'end of input'}'; expected term")
        while self.at("!") or self.at("⁻¹"):  # `n !` / `7!`: Nat.factorial (open Nat); `x⁻¹`
            fn = "Nat.factorial" if self.next().text == "!" else "Inv.inv"
            node = ("app", ("id", fn), (node,))
        # field projections directly after a closing bracket: (hn h).elim, ⟨a, b⟩.1
        while self.at(".") and t.kind == "sym":
            self.next()
            f = self.next()
            if f.kind not in ("id", "num"):
                raise SyntaxErr("invalid field notation")
            for part in f.text.split("."):
                node = ("proj", node, part)
        return node


def parse_term(text: str) -> Node:
    p = Parser(text)
    if p.at_eof():
        raise SyntaxErr("unexpected end of input; expected term")
    node = p.term(0)
    p.expect_eof()
    return node


# ---------------------------------------------------------------------------------------------- typing
# Numeric terms follow Lean 4's `binop%`/`binrel%` elaborator: the leaves of a tree of + - * / % (and the
# base of ^) are elaborated on their own, the tree's type is the largest of their types (and of the
# expected type) in ℕ → ℤ → ℚ → ℝ, and leaves of a smaller type get a coercion `↑`. Numerals take the
# tree's type (ℕ by default). Anything minilean cannot type exactly as Lean does is refused.

_ORDER = {NAT: 0, INT: 1, RAT: 2, REAL: 3, COMPLEX: 4}
_TREE_OPS = ("+", "-", "*", "/", "%")
_LIB_FUNS: dict[str, tuple[tuple[str, ...], str]] = LIB_FUNS  # Nat.gcd, Real.sqrt, … (libfuns.py)
MAX_EXPONENT = 4096


def sort_of_node(node: Node) -> str | None:
    """The sort a binder type denotes: Prop, ℕ ℤ ℚ ℝ, or a function sort `ℕ → ℝ` (numeric parts only)."""
    if node[0] == "id":
        return SORT_ALIASES.get(node[1])
    if node[0] == "bin" and node[1] == "→":
        dom, cod = sort_of_node(node[2]), sort_of_node(node[3])
        if dom in NUMERIC and cod is not None and (cod in NUMERIC or fun_sort(cod)):
            return f"{dom} → {cod}"
    return None


def _tree_leaves(node: Node, out: list[Node]) -> list[Node]:
    kind = node[0]
    if kind == "bin" and node[1] in _TREE_OPS:
        _tree_leaves(node[2], out)
        _tree_leaves(node[3], out)
    elif kind == "bin" and node[1] == "^":
        _tree_leaves(node[2], out)  # `rightact%`: only the base takes part in the coercion analysis
    elif kind == "neg":
        _tree_leaves(node[1], out)
    else:
        out.append(node)
    return out


def _tree_has_neg(node: Node) -> bool:
    """A unary minus in the arithmetic tree (the part `_tree_leaves` walks): Lean core's
    `@[default_instance mid] instance : Neg Int` then fixes an otherwise undetermined type to ℤ before
    the numerals' `OfNat ℕ` default (prio low) applies, so `-1 + 1 = 0` with no ascription is over ℤ."""
    kind = node[0]
    if kind == "neg":
        return True
    if kind == "bin" and node[1] in _TREE_OPS:
        return _tree_has_neg(node[2]) or _tree_has_neg(node[3])
    if kind == "bin" and node[1] == "^":
        return _tree_has_neg(node[2])
    return False


# Big operators (bigops.py) elaborate through _Typer, and library functions (libsem.py) evaluate through
# eval_int: both modules register their entry points here when imported (minilean/__init__.py imports
# them), so this module never imports them back.
_HOOKS: dict[str, Callable] = {}


def register_hook(name: str, fn: Callable) -> None:
    """Set the function `name` ("elab_bigop", "elab_card" or "eval_lib_int") of a module above this one."""
    _HOOKS[name] = fn


def _hook(name: str) -> Callable:
    if name not in _HOOKS:
        raise RuntimeError(f"minilean.syntax: no '{name}' registered (import minilean.bigops / libsem)")
    return _HOOKS[name]


# binary functions reached by field notation on a variable or a bracketed term: field -> receiver type
_METHODS = {"gcd": NAT, "lcm": NAT, "emod": INT, "ediv": INT}
_NS = {NAT: "Nat", INT: "Int"}


class _Typer:
    def __init__(self, ctx: Mapping[str, str]) -> None:
        self.ctx = ctx
        self.cache: dict[int, tuple[Expr, str]] = {}

    def leaf(self, node: Node) -> tuple[Expr, str] | None:
        """Elaborate a leaf on its own: (expr, type), or None for numerals and `↑e` (they adapt)."""
        if node[0] in ("num", "coe"):
            return None
        if node[0] == "bigop" and not _has_typed_leaf(node[4]):  # `∑ k ∈ s, 2 ^ k`: adapts like a numeral
            return None
        if node[0] == "app" and node[1] == ("id", "Inv.inv") and not _has_typed_leaf(node[2][0]):
            return None  # `8⁻¹`: the numeral takes the tree's type
        if _is_discrim(node, self.ctx) and not any(_has_typed_leaf(a) for a in node[2]):
            return None  # `discrim 1 1 (-1)`: α is the tree's type (as for a numeral)
        key = id(node)
        if key not in self.cache:
            self.cache[key] = self._leaf(node)
        return self.cache[key]

    def _leaf(self, node: Node) -> tuple[Expr, str]:
        kind = node[0]
        if kind == "id":
            name = node[1]
            if name in CONSTANT_ALIASES and name not in self.ctx:  # Real.pi (π), Complex.I
                return EApp(CONSTANT_ALIASES[name], ()), _LIB_FUNS[CONSTANT_ALIASES[name]][1]
            base, _, field = name.rpartition(".")
            method = FIELD_FUNS.get((self.ctx.get(base, ""), field))
            if method is not None:  # z.re, z.im (z : ℂ), k.succ (k : ℕ)
                return EApp(method, (EVar(base),)), _LIB_FUNS[method][1]
            if "." in name and name.split(".")[-1] not in _METHODS:
                raise SyntaxErr(f"minilean: unsupported term '{name}'")
            sort = self.ctx.get(name)
            if sort is None:
                if name in ("True", "False"):
                    raise SyntaxErr(f"type mismatch: {name} is a proposition, not a number")
                raise SyntaxErr(f"unknown identifier '{name}'")
            if sort not in NUMERIC:
                if fun_sort(sort):
                    raise SyntaxErr(f"minilean: function '{name}' must be applied to all its arguments")
                raise SyntaxErr(
                    f"type mismatch\n  {name}\nhas type\n  {sort}\nbut is expected to have a numeric type"
                )
            return EVar(name), sort
        if kind == "finlit":  # a Finset is not a number: only `x ∈ ({…} : Finset T)` is stated
            raise SyntaxErr(_OUTSIDE_TERMS["{"])
        if kind == "ascr":
            sort = sort_of_node(node[2])
            if sort not in NUMERIC:
                ty = node[2]
                if ty[0] == "app" and ty[1] == ("id", "ZMod"):  # a precise refusal (round 20a)
                    raise SyntaxErr("minilean: `ZMod n` is not supported (no modular-arithmetic type)")
                raise SyntaxErr("minilean: type ascriptions must name ℕ, ℤ, ℚ, ℝ or ℂ")
            return self.tree(node[1], sort)
        if kind == "app" and node[1][0] == "id":
            return self._app(node[1][1], node[2])
        if kind == "bigop":
            return _hook("elab_bigop")(self, node)
        if kind == "app" and node[1][0] == "proj" and node[1][2] in _METHODS:  # `(a + 1).gcd b`
            if not _has_typed_leaf(node[1][1]):
                raise SyntaxErr("minilean: field notation on a numeral (its type is not known yet)")
            recv, s = self.tree(node[1][1], None)
            return self._nat_method(recv, s, node[1][2], node[2])
        if kind == "proj" and any(f == node[2] for _, f in FIELD_FUNS):  # `(a - b).natAbs`, `(k + 1).succ`
            if not _has_typed_leaf(node[1]):
                raise SyntaxErr("minilean: field notation on a numeral (its type is not known yet)")
            recv, s = self.tree(node[1], None)
            method = FIELD_FUNS.get((s, node[2]))
            if method is None:
                raise SyntaxErr(f"minilean: unsupported term '_.{node[2]}' on {s}")
            return EApp(method, (recv,)), _LIB_FUNS[method][1]
        if kind == "proj" and node[2] == "card":  # (Finset.filter p s).card
            return _hook("elab_card")(self, node[1])
        if kind in ("hole", "sorry", "wild"):
            raise SyntaxErr("minilean: holes are not allowed inside propositions")
        if kind == "bin" and node[1] == "→":
            raise SyntaxErr("minilean: unexpected function type in a term")
        raise SyntaxErr(
            f"type expected: minilean cannot state the term {node_head(node)} (terms use ℕ ℤ ℚ ℝ ℂ "
            "numerals and variables, + - * / % ^, |·|, ↑ casts, ∑/∏, library functions and function "
            "variables)"
        )

    def _app(self, name: str, args: tuple) -> tuple[Expr, str]:
        sort = self.ctx.get(name)
        if sort is not None:
            fs = fun_sort(sort)
            if fs is None:
                raise SyntaxErr(f"function expected\n  {name}\nterm has type\n  {sort}")
            doms, cod = fs
            if len(args) != len(doms):
                raise SyntaxErr(f"minilean: '{name}' must be applied to exactly {len(doms)} argument(s)")
            return EApp(name, tuple(self.tree(a, d)[0] for a, d in zip(args, doms, strict=True))), cod
        if name == "Finset.card" and len(args) == 1:
            return _hook("elab_card")(self, args[0])
        base, _, field = name.rpartition(".")
        if field in _METHODS and base in self.ctx:  # `a.gcd b`: generalized field notation on `a`
            return self._nat_method(EVar(base), self.ctx[base], field, args)
        if name in POLYMORPHIC and len(args) == 1:  # Int.floor x: the instance follows x's type
            e, s = self.tree(args[0], None)
            inst = instance_name(name, s)
            if inst is None:
                raise SyntaxErr(f"failed to synthesize an instance for {name} on {s}")
            return EApp(inst, (e,)), _LIB_FUNS[inst][1]
        if name == "discrim":
            return self.discrim(args, None)
        if name in _LIB_FUNS and _LIB_FUNS[name][0]:
            doms, cod = _LIB_FUNS[name]
            if len(args) != len(doms):
                raise SyntaxErr(f"minilean: '{name}' takes {len(doms)} arguments")
            return EApp(name, tuple(self.tree(a, d)[0] for a, d in zip(args, doms, strict=True))), cod
        if name == "abs" and len(args) == 1:
            e, s = self.tree(args[0], None)
            if s == NAT:
                raise SyntaxErr("failed to synthesize\n  Lattice ℕ / AddGroup ℕ (abs of a natural number)")
            if s == COMPLEX:
                raise SyntaxErr("failed to synthesize\n  Lattice ℂ (|z| on ℂ; Complex.abs is not supported)")
            return EApp("abs", (e,)), s
        # `log x` under `open Real` (open_names.py: Lean's overload resolution)
        res = resolve_open(self, name, args, SyntaxErr, _has_typed_leaf) if "." not in name else None
        if res is not None:
            return res
        raise SyntaxErr(f"minilean: unsupported function '{name}'")

    def _nat_method(self, recv: Expr, sort: str, field: str, args: tuple) -> tuple[Expr, str]:
        """`x.gcd y` / `x.lcm y` with `x : ℕ` is `Nat.gcd x y` / `Nat.lcm x y`, `x.emod y` / `x.ediv y` with
        `x : ℤ` is `Int.emod x y` / `Int.ediv x y` (Lean resolves the field in the namespace of `x`'s type
        head). `Int.gcd` (x : ℤ, a ℕ result) and other pairs are not represented."""
        ns = _METHODS[field]
        if sort != ns:
            where = " and ".join(f"{t} ({_NS[t]}.{field})" for t in (ns,))
            raise SyntaxErr(f"minilean: `_.{field} _` is only supported on {where}, not on {sort}")
        if len(args) != 1:
            raise SyntaxErr(f"minilean: `_.{field}` takes one explicit argument")
        return EApp(f"{_NS[ns]}.{field}", (recv, self.tree(args[0], ns)[0])), ns

    def tree_type(self, nodes: list[Node], expected: str | None) -> str:
        types = {lf[1] for n in nodes for leaf in _tree_leaves(n, []) if (lf := self.leaf(leaf))}
        if expected is not None:
            types.add(expected)
        if types:
            t = max(types, key=_ORDER.__getitem__)
        else:  # no typed leaf: Lean's default instances decide (`Neg ℤ` at prio mid beats `OfNat ℕ` at low)
            t = INT if any(_tree_has_neg(n) for n in nodes) else NAT
        if expected is not None and t != expected:
            raise SyntaxErr(f"type mismatch: a term of type {t} where {expected} is expected")
        return t

    def tree(self, node: Node, expected: str | None) -> tuple[Expr, str]:
        t = self.tree_type([node], expected)
        return self.build(node, t), t

    def build(self, node: Node, t: str) -> Expr:
        kind = node[0]
        if kind == "num":
            return ENum(node[1])
        if kind == "neg":
            if t == NAT:
                raise SyntaxErr("failed to synthesize\n  Neg ℕ")
            return ENeg(self.build(node[1], t))
        if kind == "bin" and node[1] in _TREE_OPS:
            op = node[1]
            if op == "-" and t == NAT:
                op = "∸"
            elif op == "/" and t in (NAT, INT):
                op = "÷"
            elif op == "%" and t not in (NAT, INT):
                raise SyntaxErr(f"failed to synthesize\n  HMod {t} {t} ?")
            return EBin(op, self.build(node[2], t), self.build(node[3], t))
        if kind == "bin" and node[1] == "^":
            ex, et = self._exponent(node[3])
            base = self.build(node[2], t)
            if et == NAT:
                return EBin("^", base, ex)
            if (t, et) not in POWERS:  # e.g. an ℕ base with a real exponent: no HPow instance
                raise SyntaxErr(f"failed to synthesize\n  HPow {t} {et} {t}")
            return EApp(POWERS[(t, et)], (base, ex))
        if kind == "coe":
            e, s = self.tree(node[1], None)
            if len(node) == 3 and s == t:  # `(Nat.cast n : ℕ)`: a real application, not `n` (explicit_apps)
                raise SyntaxErr(f"minilean: `{node[2]}` into its own type {t} is not modelled")
            return _coerce(e, s, t)
        if kind == "bigop" and self.leaf(node) is None:
            return _hook("elab_bigop")(self, node, t)[0]
        if _is_discrim(node, self.ctx) and self.leaf(node) is None:
            return self.discrim(node[2], t)[0]
        if kind == "app" and node[1] == ("id", "Inv.inv") and self.leaf(node) is None:
            inst = instance_name("Inv.inv", t)
            if inst is None:
                raise SyntaxErr(f"failed to synthesize\n  Inv {t}")
            return EApp(inst, (self.build(node[2][0], t),))
        lf = self.leaf(node)
        assert lf is not None
        return _coerce(lf[0], lf[1], t)

    def discrim(self, args: tuple, t: str | None) -> tuple[Expr, str]:
        """`discrim a b c` (one type α for the three): α is fixed by the arguments that have a type of their
        own; they must agree (Lean fixes α from the first and would coerce the others, or fail: minilean
        refuses instead of guessing), numerals adapt; `t` is the surrounding tree's type when none does."""
        if len(args) != 3:
            raise SyntaxErr("minilean: 'discrim' takes 3 arguments")
        typed = {self.tree_type([a], None) for a in args if _has_typed_leaf(a)}
        if len(typed) > 1:
            raise SyntaxErr(f"minilean: discrim's arguments have different types: {', '.join(sorted(typed))}")
        ty = typed.pop() if typed else t
        if ty is None:
            raise SyntaxErr("minilean: cannot infer the type of discrim's arguments (annotate one)")
        inst = instance_name("discrim", ty)
        if inst is None:
            raise SyntaxErr(f"failed to synthesize\n  Ring {ty}")
        return EApp(inst, tuple(self.tree(a, ty)[0] for a in args)), ty

    def _exponent(self, node: Node) -> tuple[Expr, str]:
        """The exponent is elaborated on its own (`rightact%`): ℕ (numerals default to ℕ) is
        `Monoid.npow`; ℝ and ℤ exponents select Real.rpow / zpow (see `POWERS`)."""
        if node[0] == "num" and node[1] > MAX_EXPONENT:
            raise SyntaxErr(f"minilean: exponent larger than {MAX_EXPONENT}")
        return self.tree(node, None)


def _is_discrim(node: Node, ctx: Mapping[str, str]) -> bool:
    return node[0] == "app" and node[1] == ("id", "discrim") and "discrim" not in ctx


def _coerce(e: Expr, src: str, dst: str) -> Expr:
    if src == dst:
        return e
    if _ORDER[src] < _ORDER[dst]:
        return ECast(e, src, dst)
    raise SyntaxErr(f"type mismatch: cannot coerce a term of type {src} to {dst}")


def to_expr(node: Node, ctx: Mapping[str, str], ty: str) -> Expr:
    """Elaborate `node` as a term of numeric type `ty`."""
    return _Typer(ctx).tree(node, ty)[0]


def _binder_sort(name: str, body: Node, ctx: Mapping[str, str]) -> str:
    """The type Lean's unifier gives an untyped bound variable: the domain of a function whose argument
    (tree) it is a leaf of; else the type of the other typed leaves of a relation it appears in; else ℕ
    (numeral default). Anything ambiguous is refused rather than guessed."""
    from_fun: set[str] = set()
    from_rel: set[str] = set()
    x = ("id", name)
    # Lean assigns the binder's type at its first constraining use, elaborating `A → B`, `A ∧ B`, …
    # left to right: `∀ p, Nat.Prime p → f p = p` makes p : ℕ (then `f ↑p`). Only `Nat.Prime x` is
    # tracked in that order (its argument type is fixed); every other use goes through the sets below.
    first: list[str] = []

    def walk(n: Node) -> None:
        if not isinstance(n, tuple) or not n:
            return
        kind = n[0]
        if kind == "quant" and n[2] == name:
            return  # shadowed
        if kind == "bigop" and n[2] == name:  # shadowed in the summand, not in the index set
            walk(n[3])
            return
        if kind == "app" and n[1] == ("id", "Nat.Prime") and n[2] == (x,) and not (from_fun or from_rel):
            first.append(NAT)
        if kind == "app" and n[1][0] == "id":
            sort = ctx.get(n[1][1])
            fs = fun_sort(sort) if sort else None
            doms = fs[0] if fs else _LIB_FUNS.get(n[1][1], ((), ""))[0]
            for i, a in enumerate(n[2]):
                if i < len(doms) and x in _tree_leaves(a, []):
                    from_fun.add(doms[i])
        if kind == "bin" and n[1] == "∈" and n[2] == x:
            s = n[3]
            if s[0] == "app" and s[1] == ("id", "Finset.range") and not (from_fun or from_rel):
                first.append(NAT)  # `Finset.range n : Finset ℕ` fixes the element type
            elif s[0] == "app" and s[1][0] == "id" and s[1][1] in _MEM_HEADS:
                for a in s[2]:
                    walk(("bin", "=", x, a))  # the element has the bounds' type
            return
        if kind == "bin" and n[1] in ("=", "≠", "<", ">", "≤", "≥", "∣"):
            leaves = _tree_leaves(n[2], []) + _tree_leaves(n[3], [])
            if x in leaves:
                for lf in leaves:
                    if lf[0] == "id" and lf[1] != name and ctx.get(lf[1]) in NUMERIC:
                        from_rel.add(ctx[lf[1]])
                    elif lf[0] == "ascr" and sort_of_node(lf[2]) in NUMERIC:
                        from_rel.add(sort_of_node(lf[2]))  # type: ignore[arg-type]
                    elif lf[0] == "id" and lf[1] in CONSTANT_ALIASES and lf[1] not in ctx:
                        from_rel.add(_LIB_FUNS[CONSTANT_ALIASES[lf[1]]][1])
                    elif lf[0] == "app" and lf[1][0] == "id" and lf[1][1] not in ctx and (
                        lf[1][1] in _LIB_FUNS and lf[1][1] not in POLYMORPHIC
                    ):
                        from_rel.add(_LIB_FUNS[lf[1][1]][1])  # a library function's result type
                    elif lf[0] == "app" and lf[1][0] == "id" and (fs := fun_sort(ctx.get(lf[1][1]) or "")):
                        from_rel.add(fs[1])  # a function variable's codomain (`f z : ℤ` for f : ℤ → ℤ)
                    elif lf[0] not in ("num", "id", "coe"):
                        from_rel.add("?")  # an application: its type is not worked out here
        for c in n[1:]:
            if isinstance(c, tuple):
                if c and isinstance(c[0], str):
                    walk(c)
                else:
                    for y in c:
                        walk(y)

    walk(body)
    if first:
        return first[0]
    if len(from_fun) == 1:
        return from_fun.pop()
    if from_fun or len(from_rel) > 1 or "?" in from_rel:
        raise SyntaxErr(f"minilean: cannot infer the type of the bound variable '{name}'")
    return from_rel.pop() if from_rel else NAT


_PREDS = {"Even": (NAT, INT), "Odd": (NAT, INT), "Nat.Prime": (NAT,)}


def to_prop(node: Node, ctx: Mapping[str, str]) -> Prop:
    """Resolve a raw node into a proposition; `ctx` maps variable names to their sort."""
    kind = node[0]
    if kind == "id":
        name = node[1]
        if name == "True":
            return TRUE
        if name == "False":
            return FALSE
        if name.endswith(".Prime") and ctx.get(name[: -len(".Prime")]) == NAT:
            return PPred("Nat.Prime", EVar(name[: -len(".Prime")]), NAT)
        sort = ctx.get(name)
        if sort is None:
            raise SyntaxErr(f"unknown identifier '{name}'")
        if sort != "Prop":
            raise SyntaxErr(f"type expected, got\n  ({name} : {sort})")
        return PVar(name)
    if kind == "not":
        return PNot(to_prop(node[1], ctx))
    if kind == "app" and node[1] == ("id", "Not") and len(node[2]) == 1:
        return PNot(to_prop(node[2][0], ctx))
    if kind == "app" and node[1][0] == "id" and node[1][1] in _PREDS and len(node[2]) == 1:
        name, allowed = node[1][1], _PREDS[node[1][1]]
        typer = _Typer(ctx)
        e, t = typer.tree(node[2][0], NAT if allowed == (NAT,) else None)
        if t not in allowed:
            raise SyntaxErr(f"minilean: {name} is only supported on {' and '.join(allowed)}")
        return PPred(name, e, t)
    if kind == "app" and node[1][0] == "id" and node[1][1] == "Nat.Coprime":
        if len(node[2]) != 2:
            raise SyntaxErr("minilean: Nat.Coprime must be applied to its two arguments")
        typer = _Typer(ctx)
        return PCoprime(typer.tree(node[2][0], NAT)[0], typer.tree(node[2][1], NAT)[0])
    if (kind == "app" and node[1][0] == "id" and node[1][1].endswith(".Coprime") and len(node[2]) == 1
            and ctx.get(node[1][1][: -len(".Coprime")]) == NAT):
        # `m.Coprime n` with `m : ℕ` is `Nat.Coprime m n` (generalized field notation)
        typer = _Typer(ctx)
        return PCoprime(EVar(node[1][1][: -len(".Coprime")]), typer.tree(node[2][0], NAT)[0])
    if kind == "modeq":
        return _modeq_prop(NAT if node[1] == "MOD" else INT, node[4], node[2], node[3], ctx)
    if kind == "app" and node[1][0] == "id" and node[1][1] in _MODEQ_HEADS:
        if len(node[2]) != 3:
            raise SyntaxErr(f"minilean: {node[1][1]} must be applied to its three arguments")
        return _modeq_prop(_MODEQ_HEADS[node[1][1]], *node[2], ctx)
    if kind == "ascr" and node[2] == ("id", "Prop"):
        return to_prop(node[1], ctx)
    if kind == "quant":
        _, q, name, ty_node, body = node[:5]
        implicit = len(node) > 5 and bool(node[5])  # `∀ {x : T}, P`
        if ty_node is None:
            sort = _binder_sort(name, body, ctx)
        else:
            sort = sort_of_node(ty_node)  # type: ignore[assignment]
            if sort not in NUMERIC:
                raise SyntaxErr("minilean: quantified variables must range over ℕ, ℤ, ℚ or ℝ")
        if not _NAME_OK.match(name) or name in KEYWORDS:
            raise SyntaxErr(f"invalid binder name '{name}'")
        return PQuant(q, name, sort, to_prop(body, {**ctx, name: sort}), implicit)
    if kind == "bin":
        op = node[1]
        if op in ("∧", "∨", "→", "↔"):
            return PBin(op, to_prop(node[2], ctx), to_prop(node[3], ctx))
        if op == "=" and (prop_shaped(node[2], ctx) or prop_shaped(node[3], ctx)):
            return PBin("=", to_prop(node[2], ctx), to_prop(node[3], ctx))  # `P = Q` on Prop (prop_eq.py)
        if op in ("=", "≠", "<", ">", "≤", "≥"):
            typer = _Typer(ctx)
            ty = typer.tree_type([node[2], node[3]], None)
            if ty == COMPLEX and op not in ("=", "≠"):
                raise SyntaxErr(f"failed to synthesize\n  {'LT' if op in ('<', '>') else 'LE'} ℂ")
            return PRel(op, typer.build(node[2], ty), typer.build(node[3], ty), ty)
        if op == "∈":
            return _mem_prop(node[2], node[3], ctx)
        if op == "∣":
            typer = _Typer(ctx)
            lt = typer.tree_type([node[2]], None) if _has_typed_leaf(node[2]) else None
            rt = typer.tree_type([node[3]], None) if _has_typed_leaf(node[3]) else None
            ty = lt or rt or NAT
            if ty not in (NAT, INT):
                raise SyntaxErr("minilean: divisibility is only supported on ℕ and ℤ")
            return PRel("∣", typer.tree(node[2], ty)[0], typer.tree(node[3], ty)[0], ty)
    raise SyntaxErr(
        f"type expected: minilean cannot state the proposition {node_head(node)} (propositions use "
        "Prop variables, True, False, ¬ ∧ ∨ → ↔ ∀ ∃, (in)equalities and ∣ over ℕ ℤ ℚ ℝ ℂ, Even/Odd, "
        "Nat.Prime and Nat.Coprime)"
    )


_MODEQ_HEADS = {"Nat.ModEq": NAT, "Int.ModEq": INT}
_MEM_HEADS = {"Finset.Icc": "Icc", "Finset.Ico": "Ico", "Finset.Ioc": "Ioc", "Finset.Ioo": "Ioo"}


def _mem_prop(x: Node, s: Node, ctx: Mapping[str, str]) -> PMem:
    """`x ∈ Finset.range n` (ℕ) or `x ∈ Finset.Icc a b` (and Ico/Ioc/Ioo): the element and the bounds are
    elaborated together (`Membership α (Finset α)`), as one relation's sides are. Intervals of ℚ/ℝ are not
    finite sets (no `LocallyFiniteOrder`), other sets are not represented: both refused."""
    if s[0] == "app" and s[1] == ("id", "Finset.range") and len(s[2]) == 1:
        typer = _Typer(ctx)
        return PMem(typer.tree(x, NAT)[0], "range", ENum(0), typer.tree(s[2][0], NAT)[0], NAT)
    if s[0] == "app" and s[1][0] == "id" and s[1][1] in _MEM_HEADS and len(s[2]) == 2:
        typer = _Typer(ctx)
        ty = typer.tree_type([x, s[2][0], s[2][1]], None)
        if ty not in (NAT, INT):
            raise SyntaxErr(f"minilean: {s[1][1]} is only supported on ℕ and ℤ (a finite interval)")
        lo, hi = typer.build(s[2][0], ty), typer.build(s[2][1], ty)
        return PMem(typer.build(x, ty), _MEM_HEADS[s[1][1]], lo, hi, ty)
    if s[0] == "finlit":
        return _hook("finset_literal_mem")(x, s, ctx)
    raise SyntaxErr(
        f"minilean: membership is only supported in Finset.range / Icc / Ico / Ioc / Ioo, not {node_head(s)}"
    )


def _modeq_prop(ty: str, n: Node, a: Node, b: Node, ctx: Mapping[str, str]) -> PModEq:
    """`Nat.ModEq n a b` takes three ℕ arguments, `Int.ModEq` three ℤ ones: each is elaborated on its own
    at that type (ℕ terms under `[ZMOD]` are cast, as Lean's coercion inserts `↑`; ℤ terms under `[MOD]`
    are a type error)."""
    typer = _Typer(ctx)
    return PModEq(typer.tree(n, ty)[0], typer.tree(a, ty)[0], typer.tree(b, ty)[0], ty)


def node_head(node: Node) -> str:
    """A short name for what a raw node is, for refusal messages (`'Function.Injective _'`)."""
    kind = node[0]
    if kind == "id":
        return f"'{node[1]}'"
    if kind == "app" and node[1][0] == "id":
        return f"'{node[1][1]} _'"
    if kind == "app" and node[1][0] == "proj":
        return f"'_.{node[1][2]} _'"
    if kind == "proj":
        return f"'_.{node[2]}'"
    if kind == "bin":
        return f"'_ {node[1]} _'"
    return f"({kind})"


_NAME_OK = re.compile(rf"^{_ID_START}{_ID_CONT}*$")


def _has_typed_leaf(node: Node) -> bool:
    return any(lf[0] not in ("num", "coe") for lf in _tree_leaves(node, []))


def parse_prop(text: str, ctx: Mapping[str, str]) -> Prop:
    return to_prop(parse_term(text), ctx)


# ---------------------------------------------------------------------------------------------- printing

_PROP_PREC = {"↔": (20, 21, 21), "→": (25, 26, 25), "∨": (30, 31, 30), "∧": (35, 36, 35), "=": (50, 51, 51)}
_SHOW_OP = {"∸": "-", "÷": "/"}


def show_expr(e: Expr, prec: int = 0) -> str:
    if isinstance(e, ENum):
        return str(e.n)
    if isinstance(e, EVar):
        return e.name
    if isinstance(e, EMeta):
        return f"?m.{e.idx}"
    if isinstance(e, ENeg):
        inner = show_expr(e.arg, 76 if isinstance(e.arg, ENeg) else 75)
        s = "-" + inner
        return f"({s})" if prec > 75 else s
    if isinstance(e, ECast):
        return "↑" + show_expr(e.arg, MAX_PREC)
    if isinstance(e, EApp):
        if e.fn == "abs":
            return f"|{show_expr(e.args[0])}|"
        if not e.args:
            return e.fn
        if display_name(e.fn) == "Inv.inv":
            return f"{show_expr(e.args[0], MAX_PREC)}⁻¹"
        if e.fn in POWER_FUNS:
            ex = show_expr(e.args[1], 75)
            if not _typed_leaf(e.args[1]):  # a bare `3 / 2` would read back as an ℕ exponent
                ex = f"({show_expr(e.args[1])} : {LIB_FUNS[e.fn][0][1]})"
            s = f"{show_expr(e.args[0], 76)} ^ {ex}"
            return f"({s})" if prec > 75 else s
        s = " ".join([display_name(e.fn), *(show_expr(a, MAX_PREC) for a in e.args)])
        return f"({s})" if prec >= MAX_PREC else s
    if isinstance(e, ESum):
        dom = {
            "range": f"Finset.range {show_expr(e.hi, MAX_PREC)}",
            "Icc": f"Finset.Icc ({show_expr(e.lo)} : {e.ity}) {show_expr(e.hi, MAX_PREC)}",
            "divisors": f"Nat.divisors {show_expr(e.hi, MAX_PREC)}",
            "properDivisors": f"Nat.properDivisors {show_expr(e.hi, MAX_PREC)}",
        }[e.kind]
        if e.guard is not None:
            dom = f"Finset.filter (fun {e.var} => {show_prop(e.guard)}) ({dom})"
        if e.op == "card":
            s = f"Finset.card ({dom})"
            return f"({s})" if prec >= MAX_PREC else s
        s = f"{e.op} {e.var} ∈ {dom}, {show_expr(e.body, 67)}"
        return f"({s})" if prec > 0 else s
    op = _SHOW_OP.get(e.op, e.op)
    p, lp, rp = _BINOPS[op]
    s = f"{show_expr(e.lhs, lp)} {op} {show_expr(e.rhs, rp)}"
    return f"({s})" if prec > p else s


def _typed_leaf(e: Expr) -> bool:
    """Does `e` contain a variable or application that fixes its type when read back?"""
    if isinstance(e, ESum):
        return _typed_leaf(e.body)
    if isinstance(e, EApp) and (e.fn in POWER_FUNS or display_name(e.fn) == "Inv.inv"):
        return _typed_leaf(e.args[0])  # as for `^`: the base fixes the type
    if isinstance(e, EApp) and display_name(e.fn) == "discrim":
        return any(_typed_leaf(a) for a in e.args)
    if isinstance(e, EVar | EApp | EMeta):
        return True
    if isinstance(e, EBin):
        return _typed_leaf(e.lhs) or _typed_leaf(e.rhs) if e.op != "^" else _typed_leaf(e.lhs)
    if isinstance(e, ENeg):
        return _typed_leaf(e.arg)
    return False


def show_prop(p: Prop, prec: int = 0) -> str:
    if isinstance(p, PVar):
        return p.name
    if isinstance(p, PConst):
        return "True" if p.value else "False"
    if isinstance(p, PMeta):
        return f"?p.{p.idx}"
    if isinstance(p, PNot):
        return "¬" + show_prop(p.arg, 40)
    if isinstance(p, PRel):
        lhs = show_expr(p.lhs, 51)
        if p.ty != NAT and not _typed_leaf(p.lhs) and not _typed_leaf(p.rhs):
            lhs = f"({show_expr(p.lhs)} : {p.ty})"  # numerals would default to ℕ when read back
        s = f"{lhs} {p.op} {show_expr(p.rhs, 51)}"
        return f"({s})" if prec > 50 else s
    if isinstance(p, PPred):
        arg = show_expr(p.arg, MAX_PREC)
        if p.ty != NAT and not _typed_leaf(p.arg):
            arg = f"({show_expr(p.arg)} : {p.ty})"
        s = f"{p.name} {arg}"
        return f"({s})" if prec >= MAX_PREC else s
    if isinstance(p, PQuant):
        s = f"{p.q} {'{'}{p.var} : {p.sort}{'}'}, {show_prop(p.body)}" if p.implicit else (
            f"{p.q} ({p.var} : {p.sort}), {show_prop(p.body)}")
        return f"({s})" if prec > 0 else s
    if isinstance(p, PModEq):
        lhs = show_expr(p.lhs, 51)
        if p.ty == INT and not _typed_leaf(p.lhs) and not _typed_leaf(p.rhs):
            lhs = f"({show_expr(p.lhs)} : {p.ty})"
        s = f"{lhs} ≡ {show_expr(p.rhs, 51)} [{'MOD' if p.ty == NAT else 'ZMOD'} {show_expr(p.n)}]"
        return f"({s})" if prec > 50 else s
    if isinstance(p, PMem) and p.kind == "insert":  # Lean prints the literal without its ascription
        s = f"{show_expr(p.elem, 51)} ∈ {{{', '.join(show_expr(e) for e in p.elems)}}}"
        return f"({s})" if prec > 50 else s
    if isinstance(p, PMem):
        dom = f"Finset.range {show_expr(p.hi, MAX_PREC)}" if p.kind == "range" else (
            f"Finset.{p.kind} {show_expr(p.lo, MAX_PREC)} {show_expr(p.hi, MAX_PREC)}")
        elem = show_expr(p.elem, 51)
        if p.ty != NAT and not _typed_leaf(p.elem) and not _typed_leaf(p.lo) and not _typed_leaf(p.hi):
            elem = f"({show_expr(p.elem)} : {p.ty})"
        s = f"{elem} ∈ {dom}"
        return f"({s})" if prec > 50 else s
    if isinstance(p, PCoprime):
        s = f"Nat.Coprime {show_expr(p.a, MAX_PREC)} {show_expr(p.b, MAX_PREC)}"
        return f"({s})" if prec >= MAX_PREC else s
    q, lp, rp = _PROP_PREC[p.op]
    s = f"{show_prop(p.lhs, lp)} {p.op} {show_prop(p.rhs, rp)}"
    return f"({s})" if prec > q else s


# ---------------------------------------------------------------------------------------------- utilities


def prop_vars(p: Prop, acc: set[str] | None = None) -> set[str]:
    """Names of the free Prop, numeric and function variables occurring in `p`."""
    acc = set() if acc is None else acc
    if isinstance(p, PVar):
        acc.add(p.name)
    elif isinstance(p, PNot):
        prop_vars(p.arg, acc)
    elif isinstance(p, PBin):
        prop_vars(p.lhs, acc)
        prop_vars(p.rhs, acc)
    elif isinstance(p, PRel):
        expr_vars(p.lhs, acc)
        expr_vars(p.rhs, acc)
    elif isinstance(p, PPred):
        expr_vars(p.arg, acc)
    elif isinstance(p, PModEq):
        for e in (p.n, p.lhs, p.rhs):
            expr_vars(e, acc)
    elif isinstance(p, PCoprime):
        expr_vars(p.a, acc)
        expr_vars(p.b, acc)
    elif isinstance(p, PMem):
        for e in p.terms():
            expr_vars(e, acc)
    elif isinstance(p, PQuant):
        inner = prop_vars(p.body, set())
        inner.discard(p.var)
        acc |= inner
    return acc


def expr_vars(e: Expr, acc: set[str]) -> set[str]:
    if isinstance(e, EVar):
        acc.add(e.name)
    elif isinstance(e, EBin):
        expr_vars(e.lhs, acc)
        expr_vars(e.rhs, acc)
    elif isinstance(e, ENeg | ECast):
        expr_vars(e.arg, acc)
    elif isinstance(e, EApp):
        if e.fn not in ("abs", *_LIB_FUNS):
            acc.add(e.fn)
        for a in e.args:
            expr_vars(a, acc)
    elif isinstance(e, ESum):
        expr_vars(e.lo, acc)
        expr_vars(e.hi, acc)
        inner = expr_vars(e.body, set())
        if e.guard is not None:
            prop_vars(e.guard, inner)
        acc |= inner - {e.var}
    return acc


def has_prop_var(p: Prop) -> bool:
    if isinstance(p, PVar | PMeta):
        return True
    if isinstance(p, PNot):
        return has_prop_var(p.arg)
    if isinstance(p, PBin):
        return has_prop_var(p.lhs) or has_prop_var(p.rhs)
    if isinstance(p, PQuant):
        return has_prop_var(p.body)
    return False


class NotEvaluable(ValueError):
    """The expression has no computable integer value here (metavariable, function, field, too big)."""


MAX_BITS = 4096  # closed evaluation gives up beyond this (Lean's kernel would still compute; we refuse)


def _ediv(a: int, b: int) -> int:
    """Lean 4's `Int.ediv` / `Nat.div`: x / 0 = 0, remainder always ≥ 0."""
    if b == 0:
        return 0
    q = a // b if b > 0 else -(a // -b)
    return q


def _emod(a: int, b: int) -> int:
    return a if b == 0 else a - b * _ediv(a, b)


def eval_int(e: Expr, env: Mapping[str, int]) -> int:
    """The value of an ℕ/ℤ expression under Lean 4's semantics (truncated ∸, ediv/emod, x / 0 = 0)."""
    if isinstance(e, ENum):
        return e.n
    if isinstance(e, EVar):
        if e.name not in env:
            raise NotEvaluable(e.name)
        return env[e.name]
    if isinstance(e, ENeg):
        return -eval_int(e.arg, env)
    if isinstance(e, ECast) and e.dst == INT:  # Int.ofNat: the same integer
        return eval_int(e.arg, env)
    if isinstance(e, ESum | EApp) and not (isinstance(e, EApp) and e.fn in ("abs", "Nat.gcd", "Nat.lcm")):
        return _hook("eval_lib_int")(e, env)
    if isinstance(e, EApp) and e.fn in ("abs", "Nat.gcd", "Nat.lcm"):
        vals = [eval_int(a, env) for a in e.args]
        if e.fn == "abs":
            return abs(vals[0])
        g = math.gcd(vals[0], vals[1])
        return g if e.fn == "Nat.gcd" else (0 if g == 0 else vals[0] * vals[1] // g)
    if isinstance(e, EBin):
        a, b = eval_int(e.lhs, env), eval_int(e.rhs, env)
        op = e.op
        if op == "+":
            r = a + b
        elif op == "-":
            r = a - b
        elif op == "∸":
            r = max(a - b, 0)
        elif op == "*":
            r = a * b
        elif op == "÷":
            r = _ediv(a, b)
        elif op == "%":
            r = _emod(a, b)
        elif op == "^":
            if a.bit_length() * b > MAX_BITS:
                raise NotEvaluable("too large")
            r = a**b
        else:
            raise NotEvaluable(op)  # field division
        if r.bit_length() > MAX_BITS:
            raise NotEvaluable("too large")
        return r
    raise NotEvaluable(type(e).__name__)


def _closed_value(e: Expr) -> int | None:
    """The integer value of a closed ℕ/ℤ expression (callers only use it on ℕ/ℤ terms), else None."""
    try:
        return eval_int(e, {})
    except NotEvaluable:
        return None


def eval_expr(e: Expr, env: Mapping[str, int]) -> int:
    return eval_int(e, env)


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n > 10**12:
        raise NotEvaluable("prime too large")
    return all(n % d for d in range(2, math.isqrt(n) + 1))


_REL = {
    "=": lambda a, b: a == b,
    "≠": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "≤": lambda a, b: a <= b,
    "≥": lambda a, b: a >= b,
    "∣": lambda a, b: b == 0 if a == 0 else b % a == 0,
}


def eval_prop(p: Prop, env: Mapping[str, object]) -> bool:
    """Truth value under an assignment of Prop variables (bool) and ℕ/ℤ ones (int); raises NotEvaluable
    for what has no computable value (quantifiers, ℚ/ℝ, function variables)."""
    if isinstance(p, PConst):
        return p.value
    if isinstance(p, PVar):
        return bool(env[p.name])
    if isinstance(p, PNot):
        return not eval_prop(p.arg, env)
    if isinstance(p, PRel):
        if p.ty not in (NAT, INT):
            raise NotEvaluable(p.ty)
        return _REL[p.op](eval_int(p.lhs, env), eval_int(p.rhs, env))  # type: ignore[arg-type]
    if isinstance(p, PPred):
        v = eval_int(p.arg, env)  # type: ignore[arg-type]
        if p.name == "Even":
            return v % 2 == 0
        if p.name == "Odd":
            return v % 2 == 1
        return _is_prime(v)
    if isinstance(p, PModEq):  # the definition: both sides' remainders (Nat.mod / Int.emod) agree
        n = eval_int(p.n, env)  # type: ignore[arg-type]
        return _emod(eval_int(p.lhs, env), n) == _emod(eval_int(p.rhs, env), n)  # type: ignore[arg-type]
    if isinstance(p, PCoprime):  # the definition; `Nat.gcd` is kernel-accelerated, so `decide` reduces it
        return math.gcd(eval_int(p.a, env), eval_int(p.b, env)) == 1  # type: ignore[arg-type]
    if isinstance(p, PBin):
        a = eval_prop(p.lhs, env)
        if p.op == "∧":
            return a and eval_prop(p.rhs, env)
        if p.op == "∨":
            return a or eval_prop(p.rhs, env)
        if p.op == "→":
            return (not a) or eval_prop(p.rhs, env)
        return a == eval_prop(p.rhs, env)
    raise NotEvaluable(type(p).__name__)


def mentions_atom(p: Prop, atom: Callable[[Prop], bool]) -> bool:
    """Some atom of ``p`` under its connectives (¬ ∧ ∨ → ↔) satisfies ``atom``."""
    if isinstance(p, PNot):
        return mentions_atom(p.arg, atom)
    if isinstance(p, PBin):
        return mentions_atom(p.lhs, atom) or mentions_atom(p.rhs, atom)
    return atom(p)


def _mentions_prime(p: Prop) -> bool:
    return mentions_atom(p, lambda q: isinstance(q, PPred) and q.name == "Nat.Prime")


def closed_truth(p: Prop) -> bool | None:
    """The truth value of a closed, decidable ℕ/ℤ proposition (what `decide` evaluates), else None.
    `Nat.Prime` is excluded: Mathlib's instance (via `minFac`, well-founded recursion) does not reduce
    in the kernel, so Lean's `decide` fails on it (`norm_num` proves primality instead)."""
    if prop_vars(p) or _mentions_prime(p):
        return None
    try:
        return eval_prop(p, {})
    except NotEvaluable:
        return None


def subst_prop(p: Prop, name: str, value: Expr) -> Prop:
    """Replace the free variable `name` by `value`. Under a quantifier binding a free variable of `value`
    the bound variable is renamed first; under a big-operator index that case is refused (SyntaxErr)."""
    free = expr_vars(value, set())

    def ex(e: Expr) -> Expr:
        if isinstance(e, EVar):
            return value if e.name == name else e
        if isinstance(e, EBin):
            return EBin(e.op, ex(e.lhs), ex(e.rhs))
        if isinstance(e, ENeg):
            return ENeg(ex(e.arg))
        if isinstance(e, ECast):
            return ECast(ex(e.arg), e.src, e.dst)
        if isinstance(e, EApp):
            return EApp(e.fn, tuple(ex(a) for a in e.args))
        if isinstance(e, ESum):
            body, guard = e.body, e.guard
            if e.var != name:
                inner = expr_vars(body, set()) | (prop_vars(guard) if guard is not None else set())
                if e.var in free and name in inner:
                    raise SyntaxErr(f"minilean: substitution would capture '{e.var}' (rename the index)")
                body = ex(body)
                guard = go(guard) if guard is not None else None
            return ESum(e.op, e.var, e.ity, e.kind, ex(e.lo), ex(e.hi), body, e.ty, guard)
        return e

    def go(q: Prop) -> Prop:
        if isinstance(q, PNot):
            return PNot(go(q.arg))
        if isinstance(q, PBin):
            return PBin(q.op, go(q.lhs), go(q.rhs))
        if isinstance(q, PRel):
            return PRel(q.op, ex(q.lhs), ex(q.rhs), q.ty)
        if isinstance(q, PPred):
            return PPred(q.name, ex(q.arg), q.ty)
        if isinstance(q, PModEq | PCoprime | PMem):
            return q.map(ex)
        if isinstance(q, PQuant):
            if q.var == name:
                return q  # shadowed
            if q.var in free and name in prop_vars(q.body):
                # capture-avoiding, as instantiating a de Bruijn binder is: the bound variable is renamed
                # to a fresh `y✝` (a name no source text can write) before substituting under it
                taken = free | prop_vars(q.body) | binder_names(q.body) | {name}
                fresh, k = f"{q.var}✝", 0
                while fresh in taken:
                    k += 1
                    fresh = f"{q.var}✝{k}"
                body = subst_prop(q.body, q.var, EVar(fresh))
                return PQuant(q.q, fresh, q.sort, go(body), q.implicit)
            return PQuant(q.q, q.var, q.sort, go(q.body), q.implicit)
        return q

    return go(p)


def binder_names(p: Prop, acc: set[str] | None = None) -> set[str]:
    acc = set() if acc is None else acc
    if isinstance(p, PQuant):
        acc.add(p.var)
        binder_names(p.body, acc)
    elif isinstance(p, PNot):
        binder_names(p.arg, acc)
    elif isinstance(p, PBin):
        binder_names(p.lhs, acc)
        binder_names(p.rhs, acc)
    return acc
