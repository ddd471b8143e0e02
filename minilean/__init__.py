"""minilean: the embedded Lean server: a sound prover for a Lean 4 fragment behind the LeanTree protocol."""
