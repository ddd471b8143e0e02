"""Run-config values checked before an asset does any work: a wrong one fails the step with one line
naming the field, the value and what is accepted (Dagster checks only the types of run config).

One rule per field name, shared by every asset config class (``EvalConfig``, ``EvalSweepConfig``,
``RLEvalConfig``, ``WholeProofConfig``, ...), so a new config field of a known name is checked for free.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import dagster as dg

Rule = tuple[Callable[[Any], bool], str]

_positive_or_none: Rule = (lambda v: v is None or v >= 1, "an integer >= 1, or null for the default")
RULES: dict[str, Rule] = {
    "max_theorems": (lambda v: v is None or v >= 1, "an integer >= 1, or null for the whole eval split"),
    "num_simulations": _positive_or_none,
    "concurrency": _positive_or_none,
    "k": _positive_or_none,
    "repeats": (lambda v: v >= 1, "an integer >= 1"),
    "seed": (lambda v: v >= 0, "an integer >= 0"),
    "checkpoint": (lambda v: v is None or bool(v.strip()), "a checkpoint file or models:/... URI, or null"),
    "checkpoints": (lambda v: v is None or (bool(v) and all(c.strip() for c in v)),
                    'a non-empty list of "sft", "rl/iteration=K" or models:/... URIs, or null'),
}


def config_errors(config: dg.Config) -> list[str]:
    """Every out-of-range field of ``config``, one message each."""
    name = type(config).__name__
    errors = []
    for field, (ok, rule) in RULES.items():
        if field in type(config).model_fields and not ok(value := getattr(config, field)):
            errors.append(f"{name}.{field} must be {rule}, got {value!r}")
    return errors


def check_config(config: dg.Config) -> None:
    """Fail the step (``dg.Failure``, one line) on the first out-of-range field."""
    errors = config_errors(config)
    if errors:
        raise dg.Failure(description=errors[0])
