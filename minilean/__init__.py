"""minilean: the embedded Lean server: a sound prover for a Lean 4 fragment behind the LeanTree protocol."""

# syntax.py elaborates big operators and evaluates library functions through these two modules, which
# register themselves there when imported: importing them with the package makes them always present.
from minilean import bigops, finset_literal, libsem

__all__ = ["bigops", "finset_literal", "libsem"]
