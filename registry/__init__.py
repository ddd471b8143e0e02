"""Checkpoints and their MLflow registry versions."""
