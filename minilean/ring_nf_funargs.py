"""`ring_nf` inside the arguments of the context's own functions: `f (-↑z - 1 + 1)` becomes `f (-↑z)`.

Mathlib's `ring_nf` (RingNF, `recursive := true`) normalizes every maximal subterm of a commutative
(semi)ring type, the arguments of atoms included; an application `f a` of a local function is an atom
whose argument `a` is such a subterm. normal_forms only knows the library functions' domains, so the
domains of the local functions (`f : ℤ → ℤ`) are handed in through a context variable set by the tactic.

Faithfulness limit: the printed order of several atoms inside an argument follows Mathlib's atom
numbering, which minilean reproduces only for the atoms of the whole proposition; an argument whose normal
form has two or more atoms is therefore left as it was (the behaviour before this module), and one with
at most one atom (`-↑z`, `x + 2`, a numeral) is normalized, its printed form being the same in any order."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from minilean.goals import Hyp
from minilean.syntax import EApp, EBin, ENeg, ENum, Expr

_RING_SORTS = ("ℕ", "ℤ", "ℚ", "ℝ", "ℂ")
_DOMAINS: ContextVar[dict[str, tuple[str, ...]] | None] = ContextVar("ring_nf_fun_domains", default=None)
# set while deciding whether ring_nf closes an equation: there only equality of the two normal forms
# matters, not their printed order, so every argument is normalized (see `normalize_every_argument`)
_EVERY: ContextVar[bool] = ContextVar("ring_nf_every_argument", default=False)


def _domains(hyps: tuple[Hyp, ...]) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for h in hyps:
        if h.is_var and h.value is None and "→" in h.ty:  # type: ignore[operator]
            parts = [p.strip() for p in h.ty.split("→")]  # type: ignore[union-attr]
            if all(p in _RING_SORTS for p in parts):
                out[h.name] = tuple(parts[:-1])
    return out


def has_local_functions() -> bool:
    return bool(_DOMAINS.get())


@contextmanager
def normalize_every_argument() -> Iterator[None]:
    """Normalize local functions' arguments whatever their number of atoms. Both sides of an equation
    are normalized with one atom order, so `f (m + (k + 1)) = f (m + k + 1)` becomes `f A = f A` in
    Lean whatever `A`'s printed order is, and ring_nf closes it (`eq_self`)."""
    token = _EVERY.set(True)
    try:
        yield
    finally:
        _EVERY.reset(token)


@contextmanager
def local_fun_domains(hyps: tuple[Hyp, ...]) -> Iterator[None]:
    token = _DOMAINS.set(_domains(hyps))
    try:
        yield
    finally:
        _DOMAINS.reset(token)


def _atom_count(e: Expr, acc: set) -> set:
    if isinstance(e, EBin) and e.op in ("+", "-", "*"):
        _atom_count(e.lhs, acc)
        _atom_count(e.rhs, acc)
    elif isinstance(e, EBin) and e.op == "^":  # a symbolic exponent's atoms are printed in order too
        _atom_count(e.lhs, acc)
        _atom_count(e.rhs, acc)
    elif isinstance(e, ENeg):
        _atom_count(e.arg, acc)
    elif not isinstance(e, ENum):
        acc.add(e)
    return acc


def normalize_fun_args(e: Expr, order: list, ring_normal: Callable[[Expr, str, list], Expr]) -> Expr:
    """`e` with the arguments of a local function application ring-normalized (see the module note)."""
    doms = _DOMAINS.get()
    if not doms or not isinstance(e, EApp) or e.fn not in doms or len(doms[e.fn]) != len(e.args):
        return e
    from minilean.linarith import NotLinear

    args = []
    for a, d in zip(e.args, doms[e.fn], strict=True):
        try:
            n = ring_normal(a, d, order)
        except NotLinear:
            n = a
        args.append(n if _EVERY.get() or len(_atom_count(n, set())) <= 1 else a)
    return EApp(e.fn, tuple(args))
