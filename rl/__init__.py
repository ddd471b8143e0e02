"""Reinforcement learning: rollouts, replay, the matchmaker's frontier, statement checks, the update."""
