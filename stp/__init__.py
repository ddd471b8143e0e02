"""Self-play theorem proving: whole-proof sampling and conjecturing."""
