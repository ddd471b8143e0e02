"""Filters for third-party console noise, by message (warnings we have read and judged harmless here).

Only the listed messages are dropped; every other warning and log record still shows. ``install`` runs
in the CLI and, through pipelines/definitions.py, in every step process (the forkserver preloads the
definitions, so the filters are inherited). ``PROOFMILL_VERBOSE=1`` (``proofmill run -v``) turns them off.
"""

from __future__ import annotations

import logging
import os
import re
import warnings

# Python warnings: (message regex, why it is noise here)
WARNING_MESSAGES: tuple[tuple[str, str], ...] = (
    (r".*does not have many workers which may be a bottleneck", "tiny in-memory datasets: workers cost more"),
    (r".*is smaller than the logging interval", "smoke stages are shorter than Lightning's log interval"),
    (r".*Checkpoint directory .* exists and is not empty", "stage directories are rewritten on purpose"),
    (r".*You are using the legacy TorchScript-based ONNX export", "the ONNX export chooses the tracer"),
    (r".*Converting a tensor to a Python (boolean|index|integer)", "shape checks during ONNX tracing"),
    (r".*Failed to load image Python extension", "torchvision's image ops are not used"),
    (r".*is currently in (beta|preview)", "Dagster marks APIs we use knowingly"),
    (r".*`isinstance\(treespec, LeafSpec\)` is deprecated", "inside Lightning's own pytree helper"),
    (r".*The axis name: \w+ will not be used, since it shares the same shape constraints",
     "ONNX export: equal dynamic axes are merged, as intended"),
    (r".*Please use `?tokenizer_path`? instead", "library-internal deprecation"),
)
# Log records (any logger): Lightning's start-up banner and tips.
LOG_MESSAGES: tuple[str, ...] = (
    r"(GPU|TPU|HPU|IPU) available: ",
    r"💡 Tip:",
    r"LOCAL_RANK: \d+ - CUDA_VISIBLE_DEVICES",
    r"`Trainer\.fit` stopped: `max_steps=\d+` reached",
    r"\s*\|\s*Name\s*\|\s*Type\s*\|",  # the model summary table
    r"You are using a CUDA device .* that has Tensor Cores",
    r"Creating initial MLflow database tables",
    r"Updating database tables",
    r"torchvision is not installed\. Skipping torchvision::",  # ONNX export: vision ops we never use
)
# Loggers that emit the messages above, filtered at the source (works before the library is imported).
EMITTING_LOGGERS = (
    "mlflow.store.db.utils", "alembic.runtime.migration", "torch.onnx._internal.exporter._registration",
)
_LOG_RE = re.compile("|".join(f"(?:{m})" for m in LOG_MESSAGES))


class NoiseFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        try:
            return _LOG_RE.match(record.getMessage()) is None
        except Exception:  # a record whose args do not format: let its handler report it
            return True


_FILTER = NoiseFilter()


def verbose() -> bool:
    return os.environ.get("PROOFMILL_VERBOSE", "") not in ("", "0")


def install(*, verbose: bool | None = None) -> None:
    """Install the filters (idempotent); with ``verbose`` set, record it for step processes instead."""
    if verbose is not None:
        os.environ["PROOFMILL_VERBOSE"] = "1" if verbose else "0"
    if globals()["verbose"]():
        return
    for message, _why in WARNING_MESSAGES:
        warnings.filterwarnings("ignore", message=message)
    # tqdm bars for local artifact copies during registration: a setting, not a filter
    os.environ.setdefault("MLFLOW_ENABLE_ARTIFACTS_PROGRESS_BAR", "false")
    for name in EMITTING_LOGGERS:
        if _FILTER not in logging.getLogger(name).filters:
            logging.getLogger(name).addFilter(_FILTER)
    # Lightning adds its own handler at import (propagate=False), so import it first and filter that
    # handler; records of its child loggers only meet handler filters. (In step processes this import
    # happens once, in the forkserver that preloads the definitions.)
    try:
        import lightning.pytorch  # noqa: F401
    except ImportError:
        pass
    for name in ("", "lightning.pytorch", "lightning.fabric", "pytorch_lightning"):
        logger = logging.getLogger(name)
        for handler in logger.handlers:
            if _FILTER not in handler.filters:
                handler.addFilter(_FILTER)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
