"""Talking to Lean: the LeanTree protocol client, goal text, the slot pool, the tactic sanitizer and the
local minilean launcher."""
