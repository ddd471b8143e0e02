"""The error of the z3 encoding (smt.py), in its own module: the library functions' encoders
(libsem.py), which smt.py imports, raise it too."""

from __future__ import annotations


class Untranslatable(Exception):
    """The proposition uses something the z3 encoding does not cover."""


__all__ = ["Untranslatable"]
