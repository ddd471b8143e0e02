"""Unqualified library names under `open`: Lean's scoping and overload resolution, for a few functions.

Lean resolves an identifier `log` to every declaration `N.log` of a namespace `N` opened so far (plus a
root `log`, if any). More than one candidate makes the application overloaded: Lean elaborates each
alternative and keeps the ones that succeed; exactly one success is used, none is an error, more than one
is the error "ambiguous, possible interpretations" (`Lean.Elab.App.elabAppAux`). With the MiniF2F header
`open … Nat Real …`, `log (5 : ℝ)` is `Real.log 5` (`Nat.log : ℕ → ℕ → ℕ` cannot take a real), while
`log 5` is ambiguous (both alternatives elaborate).

Scoping as minilean's command grammar has it: `open A B` holds for the rest of the source (minilean has
no `end`/`namespace` command, so a section-level `open` also runs to the end of the file), `open A in cmd`
for that command only. The state lives in a context variable that `engine` sets per source; a tactic
request that arrives later through the protocol sees no `open` (unqualified names are then refused:
weaker, never more).

Only the names in `ALTERNATIVES` are resolved, and only when every opened namespace is one whose members
of those names are listed here (`KNOWN_NAMESPACES`): an unknown opened namespace might declare one more
alternative, so the name is refused. Alternatives minilean does not model (`Nat.log`, `Complex.log`, …)
are kept by their first explicit argument's type: one that argument's type can reach by coercion (along
ℕ → ℤ → ℚ → ℝ → ℂ) "could typecheck", and the use is refused as ambiguous instead of guessed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar

_N, _Z, _Q, _R, _C = "ℕ", "ℤ", "ℚ", "ℝ", "ℂ"
_ORDER = {_N: 0, _Z: 1, _Q: 2, _R: 3, _C: 4}

# short name -> namespace -> (full name, modelled by minilean?, first explicit argument's type)
# Checked against Mathlib: `Real.log/logb/sqrt/exp`, `Nat.log (b : ℕ) : ℕ → ℕ` (not protected),
# `Nat.sqrt : ℕ → ℕ`, `Complex.log/exp : ℂ → ℂ`, `Int.log (b : ℕ) (r : R) : ℤ`, `Int.sqrt : ℤ → ℤ`.
# No `logb` outside `Real` in these namespaces; no `log`/`sqrt`/`exp` in Polynomial, Classical,
# BigOperators, ComplexConjugate, Topology, Filter or Finset.
ALTERNATIVES: dict[str, dict[str, tuple[str, bool, str]]] = {
    "log": {
        "Real": ("Real.log", True, _R),
        "Nat": ("Nat.log", False, _N),
        "Complex": ("Complex.log", False, _C),
        "Int": ("Int.log", False, _N),
    },
    "logb": {"Real": ("Real.logb", True, _R)},
    "exp": {"Real": ("Real.exp", True, _R), "Complex": ("Complex.exp", False, _C)},
    "sqrt": {"Real": ("Real.sqrt", True, _R), "Nat": ("Nat.sqrt", True, _N), "Int": ("Int.sqrt", False, _Z)},
    # `Nat.fib : ℕ → ℕ`; an `Int.fib : ℤ → ℤ` exists in some libraries: listed unmodelled, so `open Int`
    # makes `fib` refused (ambiguous) rather than guessed
    "fib": {"Nat": ("Nat.fib", True, _N), "Int": ("Int.fib", False, _Z)},
    # `Nat.succ : ℕ → ℕ` (a constructor); Mathlib's `Int.succ (a : ℤ) := a + 1` is not modelled, so under
    # `open Int` a bare `succ` is refused unless its argument is typed ℕ (then ℤ still could take it:
    # refused as ambiguous, as Lean's overload resolution would have to pick by elaboration)
    "succ": {"Nat": ("Nat.succ", True, _N), "Int": ("Int.succ", False, _Z)},
}
# namespaces whose members named as in ALTERNATIVES are all listed there (no root `log`/`logb`/`exp`/
# `sqrt` exists in Mathlib either); `NNReal` (its `sqrt` takes `ℝ≥0`, a type minilean lacks) is not one
KNOWN_NAMESPACES = frozenset(
    {"Real", "Nat", "Complex", "Int", "Polynomial", "Classical", "BigOperators", "ComplexConjugate",
     "Topology", "Filter", "Finset"}
)

_OPENED: ContextVar[tuple[str, ...] | None] = ContextVar("minilean_opened", default=None)


class AmbiguousName(Exception):
    """Lean would reject the use (ambiguous, or an alternative minilean cannot model might apply)."""


@contextlib.contextmanager
def source_scope() -> Iterator[None]:
    """A fresh scope for one source: nothing opened at its start."""
    token = _OPENED.set(())
    try:
        yield
    finally:
        _OPENED.reset(token)


def open_rest(names: tuple[str, ...]) -> None:
    """`open A B` as a command: the namespaces stay opened for the rest of the current source."""
    cur = _OPENED.get()
    if cur is not None:
        _OPENED.set((*cur, *names))


@contextlib.contextmanager
def open_in(names: tuple[str, ...]) -> Iterator[None]:
    """`open A B in cmd`: the namespaces are opened for `cmd` only."""
    cur = _OPENED.get()
    token = _OPENED.set(None if cur is None else (*cur, *names))
    try:
        yield
    finally:
        _OPENED.reset(token)


def opened() -> tuple[str, ...]:
    return _OPENED.get() or ()


def candidates(short: str) -> list[tuple[str, bool, str]] | None:
    """The alternatives an unqualified `short` resolves to under the current `open`s, or None when the
    name is not resolved by this module (not listed, nothing relevant opened, or an unknown namespace
    opened, which might hold another alternative)."""
    table = ALTERNATIVES.get(short)
    if table is None:
        return None
    ns = opened()
    if any(n not in KNOWN_NAMESPACES for n in ns):
        raise AmbiguousName(f"minilean: '{short}' under `open {' '.join(ns)}`: an opened namespace is not "
                            "one minilean knows the members of")
    seen: list[str] = []
    for n in ns:
        if n in table and n not in seen:
            seen.append(n)
    if not seen:
        return None
    return [table[n] for n in seen]


def could_take(arg_type: str | None, dom: str) -> bool:
    """Could an argument of type `arg_type` (None: a numeral or another term that adapts) elaborate
    against `dom`? Lean inserts the coercions ℕ → ℤ → ℚ → ℝ → ℂ, never downwards."""
    if arg_type is None or arg_type not in _ORDER:
        return True
    return _ORDER[arg_type] <= _ORDER[dom]


def resolve_app(typer: object, short: str, args: tuple, error: type[Exception],
                has_typed_leaf: Callable[[object], bool]) -> tuple | None:
    """Elaborate `short args` as Lean's overloaded application does, through `typer` (a `syntax._Typer`):
    (expr, type) of the single alternative that elaborates, None when `short` is not resolved here.
    Raises `error` (syntax.SyntaxErr) when Lean would fail: no alternative elaborates, more than one
    does, or an alternative minilean does not model could elaborate. `syntax` passes its error class and
    its typed-leaf test in, so this module does not import `syntax` back (it is called from there)."""
    try:
        alts = candidates(short)
    except AmbiguousName as e:
        raise error(str(e)) from None
    if alts is None:
        return None
    ok: list[tuple[str, tuple]] = []
    errors: list[str] = []
    for full, modelled, dom in alts:
        if modelled:
            try:
                ok.append((full, typer._app(full, args)))  # type: ignore[attr-defined]
            except error as e:
                errors.append(f"{full}: {e}")
            continue
        arg_ty: str | None = None
        if args and has_typed_leaf(args[0]):
            try:
                arg_ty = typer.tree(args[0], None)[1]  # type: ignore[attr-defined]
            except error:
                arg_ty = None
        if not args or could_take(arg_ty, dom):
            raise error(
                f"minilean: ambiguous '{short}': {full} (not modelled) could elaborate here too; "
                "qualify the name"
            )
    if len(ok) > 1:
        raise error(
            "ambiguous, possible interpretations\n  " + "\n  ".join(full for full, _ in ok)
        )
    if not ok:
        raise error("overloaded, errors\n  " + "\n  ".join(errors))
    return ok[0][1]


__all__ = [
    "ALTERNATIVES",
    "KNOWN_NAMESPACES",
    "AmbiguousName",
    "candidates",
    "could_take",
    "open_in",
    "open_rest",
    "opened",
    "resolve_app",
    "source_scope",
]
