"""Evaluations and reports: eval sets searched by policies, spreads, pass@k, curves."""
