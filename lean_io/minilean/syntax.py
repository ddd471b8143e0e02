"""Terms of the minilean fragment: tokenizer, Pratt parser (Lean 4 precedences), typed ASTs and printer.

Propositions are built from Prop variables, True/False, ¬ ∧ ∨ → ↔ and linear arithmetic atoms over ℕ/ℤ
variables. The raw parser produces untyped `Node`s (also used for proof terms); `to_prop` / `to_expr`
resolve names against a typing context and reject what the fragment cannot represent soundly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------- errors


class SyntaxErr(Exception):
    """A parse or typing error; the message is Lean-like."""


# ---------------------------------------------------------------------------------------------- typed AST

NAT = "ℕ"
INT = "ℤ"
SORTS = ("Prop", NAT, INT)
SORT_ALIASES = {"Prop": "Prop", "ℕ": NAT, "Nat": NAT, "ℤ": INT, "Int": INT}


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
    op: str  # "+", "-", "*"
    lhs: Expr
    rhs: Expr


@dataclass(frozen=True, slots=True)
class ENeg:
    arg: Expr


Expr = ENum | EVar | EMeta | EBin | ENeg


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
    op: str  # "∧", "∨", "→", "↔"
    lhs: Prop
    rhs: Prop


@dataclass(frozen=True, slots=True)
class PRel:
    op: str  # "=", "≠", "<", "≤", ">", "≥"
    lhs: Expr
    rhs: Expr
    ty: str  # NAT or INT


Prop = PVar | PMeta | PConst | PNot | PBin | PRel

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
    ],
    key=len,
    reverse=True,
)
_SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉ₐₑₒₓₔₕₖₗₘₙₚₛₜᵢᵣᵤᵥⱼ"
_ID_START = r"[A-Za-z_α-κμ-ωΑ-Ωℓℕℤ]"
_ID_CONT = rf"[A-Za-z0-9_'!?α-κμ-ωΑ-Ωℓ{_SUBSCRIPTS}]"
_IDENT_RE = re.compile(rf"{_ID_START}{_ID_CONT}*(?:\.(?:{_ID_START}{_ID_CONT}*|[0-9]+))*")
_NUM_RE = re.compile(r"[0-9]+")
KEYWORDS = {"fun", "by", "with", "at", "theorem", "lemma", "example", "have", "show", "from", "sorry"}


@dataclass(frozen=True, slots=True)
class Tok:
    kind: str  # "id", "num", "sym", "eof"
    text: str
    pos: int


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
            toks.append(Tok("id", word, i))
            i = m.end()
            continue
        for s in _SYMBOLS:
            if text.startswith(s, i):
                toks.append(Tok("sym", _ASCII.get(s, s), i))
                i += len(s)
                break
        else:
            raise SyntaxErr(f"unexpected token '{c}'")
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
            break
        return left

    def _starts_arg(self) -> bool:
        t = self.peek()
        if t.kind == "num":
            return True
        if t.kind == "id":
            return t.text not in KEYWORDS or t.text == "sorry"
        return t.kind == "sym" and t.text in ("(", "⟨", "?_")

    def _leading(self) -> tuple[Node, int]:
        t = self.peek()
        if t.kind == "sym" and t.text == "¬":
            self.next()
            return ("not", self.term(40)), MAX_PREC
        if t.kind == "sym" and t.text == "-":
            self.next()
            return ("neg", self.term(75)), 75
        if t.kind == "id" and t.text == "fun":
            self.next()
            binders: list[tuple[str, Node | None]] = []
            while not self.at("=>"):
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
            return ("app", head, tuple(args)), MAX_PREC
        return head, MAX_PREC

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
        else:
            raise SyntaxErr(f"unexpected token '{t.text or 'end of input'}'; expected term")
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


def _expr_type_hint(node: Node, ctx: Mapping[str, str]) -> str | None:
    """The numeric type of a raw expression if a variable fixes it."""
    kind = node[0]
    if kind == "id":
        s = ctx.get(node[1])
        return s if s in (NAT, INT) else None
    if kind == "bin":
        return _expr_type_hint(node[2], ctx) or _expr_type_hint(node[3], ctx)
    if kind == "neg":
        return _expr_type_hint(node[1], ctx)
    if kind == "ascr" and node[2][0] == "id":
        return SORT_ALIASES.get(node[2][1])
    return None


def _closed_value(e: Expr) -> int | None:
    if isinstance(e, ENum):
        return e.n
    if isinstance(e, EBin):
        a, b = _closed_value(e.lhs), _closed_value(e.rhs)
        if a is None or b is None:
            return None
        return a + b if e.op == "+" else a - b if e.op == "-" else a * b
    if isinstance(e, ENeg):
        a = _closed_value(e.arg)
        return None if a is None else -a
    return None


def to_expr(node: Node, ctx: Mapping[str, str], ty: str) -> Expr:
    kind = node[0]
    if kind == "num":
        return ENum(node[1])
    if kind == "id":
        name = node[1]
        sort = ctx.get(name)
        if sort is None:
            raise SyntaxErr(f"unknown identifier '{name}'")
        if sort != ty:
            raise SyntaxErr(
                f"type mismatch\n  {name}\nhas type\n  {sort}\nbut is expected to have type\n  {ty}"
            )
        return EVar(name)
    if kind == "ascr":
        if node[2][0] != "id" or SORT_ALIASES.get(node[2][1]) != ty:
            raise SyntaxErr("type ascription mismatch")
        return to_expr(node[1], ctx, ty)
    if kind == "neg":
        if ty == NAT:
            raise SyntaxErr("failed to synthesize\n  Neg ℕ")
        return ENeg(to_expr(node[1], ctx, ty))
    if kind == "bin" and node[1] in ("+", "-", "*"):
        op = node[1]
        if op == "-" and ty == NAT:
            raise SyntaxErr("minilean: natural-number subtraction (truncating) is not supported")
        lhs, rhs = to_expr(node[2], ctx, ty), to_expr(node[3], ctx, ty)
        if op == "*" and _closed_value(lhs) is None and _closed_value(rhs) is None:
            raise SyntaxErr("minilean: only linear arithmetic is supported (multiply by a numeral)")
        return EBin(op, lhs, rhs)
    raise SyntaxErr(f"type mismatch: expected a term of type {ty}")


def to_prop(node: Node, ctx: Mapping[str, str]) -> Prop:
    """Resolve a raw node into a proposition; `ctx` maps variable names to their sort."""
    kind = node[0]
    if kind == "id":
        name = node[1]
        if name == "True":
            return TRUE
        if name == "False":
            return FALSE
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
    if kind == "ascr" and node[2] == ("id", "Prop"):
        return to_prop(node[1], ctx)
    if kind == "bin":
        op = node[1]
        if op in ("∧", "∨", "→", "↔"):
            return PBin(op, to_prop(node[2], ctx), to_prop(node[3], ctx))
        if op in ("=", "≠", "<", ">", "≤", "≥"):
            hl, hr = _expr_type_hint(node[2], ctx), _expr_type_hint(node[3], ctx)
            if hl and hr and hl != hr:
                raise SyntaxErr(f"type mismatch: cannot relate {hl} and {hr} (minilean has no coercions)")
            ty = hl or hr or NAT
            return PRel(op, to_expr(node[2], ctx, ty), to_expr(node[3], ctx, ty), ty)
    raise SyntaxErr(
        "type expected: minilean propositions use Prop variables, True, False, ¬ ∧ ∨ → ↔ and "
        "linear (in)equalities"
    )


def parse_prop(text: str, ctx: Mapping[str, str]) -> Prop:
    return to_prop(parse_term(text), ctx)


# ---------------------------------------------------------------------------------------------- printing

_PROP_PREC = {"↔": (20, 21, 21), "→": (25, 26, 25), "∨": (30, 31, 30), "∧": (35, 36, 35)}


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
    p, lp, rp = _BINOPS[e.op]
    s = f"{show_expr(e.lhs, lp)} {e.op} {show_expr(e.rhs, rp)}"
    return f"({s})" if prec > p else s


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
        if p.ty == INT and not expr_vars(p.lhs, set()) and not expr_vars(p.rhs, set()):
            lhs = f"({show_expr(p.lhs)} : ℤ)"  # closed: numerals would default to ℕ when read back
        s = f"{lhs} {p.op} {show_expr(p.rhs, 51)}"
        return f"({s})" if prec > 50 else s
    q, lp, rp = _PROP_PREC[p.op]
    s = f"{show_prop(p.lhs, lp)} {p.op} {show_prop(p.rhs, rp)}"
    return f"({s})" if prec > q else s


# ---------------------------------------------------------------------------------------------- utilities


def prop_vars(p: Prop, acc: set[str] | None = None) -> set[str]:
    """Names of Prop and numeric variables occurring in `p`."""
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
    return acc


def expr_vars(e: Expr, acc: set[str]) -> set[str]:
    if isinstance(e, EVar):
        acc.add(e.name)
    elif isinstance(e, EBin):
        expr_vars(e.lhs, acc)
        expr_vars(e.rhs, acc)
    elif isinstance(e, ENeg):
        expr_vars(e.arg, acc)
    return acc


def has_prop_var(p: Prop) -> bool:
    if isinstance(p, PVar | PMeta):
        return True
    if isinstance(p, PNot):
        return has_prop_var(p.arg)
    if isinstance(p, PBin):
        return has_prop_var(p.lhs) or has_prop_var(p.rhs)
    return False


def eval_expr(e: Expr, env: Mapping[str, int]) -> int:
    if isinstance(e, ENum):
        return e.n
    if isinstance(e, EVar):
        return env[e.name]
    if isinstance(e, ENeg):
        return -eval_expr(e.arg, env)
    if isinstance(e, EBin):
        a, b = eval_expr(e.lhs, env), eval_expr(e.rhs, env)
        return a + b if e.op == "+" else a - b if e.op == "-" else a * b
    raise ValueError("cannot evaluate a metavariable")


_REL = {
    "=": lambda a, b: a == b,
    "≠": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    ">": lambda a, b: a > b,
    "≤": lambda a, b: a <= b,
    "≥": lambda a, b: a >= b,
}


def eval_prop(p: Prop, env: Mapping[str, object]) -> bool:
    """Classical truth value under an assignment of Prop variables (bool) and numeric ones (int)."""
    if isinstance(p, PConst):
        return p.value
    if isinstance(p, PVar):
        return bool(env[p.name])
    if isinstance(p, PNot):
        return not eval_prop(p.arg, env)
    if isinstance(p, PRel):
        return _REL[p.op](eval_expr(p.lhs, env), eval_expr(p.rhs, env))  # type: ignore[arg-type]
    if isinstance(p, PBin):
        a = eval_prop(p.lhs, env)
        if p.op == "∧":
            return a and eval_prop(p.rhs, env)
        if p.op == "∨":
            return a or eval_prop(p.rhs, env)
        if p.op == "→":
            return (not a) or eval_prop(p.rhs, env)
        return a == eval_prop(p.rhs, env)
    raise ValueError("cannot evaluate a metavariable")
