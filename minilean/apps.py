"""Pick the app for a LeanTree protocol generation (``current`` or the older ``legacy`` one).

Apart from ``minilean.server`` so the legacy app, which builds on the server's classes, is not imported
back by the server.
"""

from __future__ import annotations

from typing import Any

from minilean.legacy_protocol import LegacyMiniLeanApp
from minilean.server import MiniLeanApp

PROTOCOLS = ("current", "legacy")


def make_app(protocol: str = "current", **kwargs: Any) -> MiniLeanApp:
    """The app for a protocol generation: ``current`` or ``legacy`` (minilean/legacy_protocol.py)."""
    if protocol == "legacy":
        return LegacyMiniLeanApp(**kwargs)
    if protocol != "current":
        raise ValueError(f"unknown protocol {protocol!r}; expected one of {PROTOCOLS}")
    return MiniLeanApp(**kwargs)
