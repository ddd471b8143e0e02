"""Declarations (theorems usable by name) and the environment of those elaborated so far: shared by
the term elaborator (terms.py), the statement parser (statements.py) and the lemma table (lemmas.py),
below all of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from minilean.syntax import Prop, show_prop


@dataclass(frozen=True, slots=True)
class Binder:
    name: str
    ty: Prop | str  # sort for variable binders, proposition for hypothesis binders
    implicit: bool = False


@dataclass(frozen=True, slots=True)
class Decl:
    """A theorem usable by name: binders then conclusion."""

    name: str
    binders: tuple[Binder, ...]
    concl: Prop

    def statement_type(self) -> str:
        parts = []
        for b in self.binders:
            ty = b.ty if isinstance(b.ty, str) else show_prop(b.ty)
            parts.append(("{%s : %s}" if b.implicit else "(%s : %s)") % (b.name, ty))
        return " ".join(parts) + " : " + show_prop(self.concl)


@dataclass(frozen=True)
class Env:
    """Declarations elaborated so far (immutable; extending returns a new Env)."""

    decls: tuple[Decl, ...] = ()
    _index: MappingProxyType = field(default_factory=lambda: MappingProxyType({}), compare=False, repr=False)

    @staticmethod
    def of(decls: tuple[Decl, ...]) -> Env:
        return Env(decls, MappingProxyType({d.name: d for d in decls}))

    def get(self, name: str) -> Decl | None:
        return self._index.get(name)

    def extend(self, decl: Decl) -> Env:
        return Env.of((*self.decls, decl))

    @property
    def globals(self) -> MappingProxyType:
        return self._index


def initial_env() -> Env:
    return Env.of(())


__all__ = ["Binder", "Decl", "Env", "initial_env"]
