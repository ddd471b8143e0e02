"""The search settings: ``SearchConfig`` is declared once, in ``core.profiles`` (a profile's ``search``
section), and named here for the prover's modules."""

from __future__ import annotations

from core.profiles import SearchConfig

__all__ = ["SearchConfig"]
