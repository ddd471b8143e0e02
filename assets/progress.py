"""Progress lines from long steps: ``[progress] …`` in the step's Dagster log, at most every few seconds.

`proofmill run` polls the run's event log and prints them under the step (pipelines/launch.py); in the UI
they are ordinary log lines of the step. Two sources: proof attempts (evals, rollouts: theorems done /
total, proven so far) through ``search``'s ``on_attempt`` hook, and training steps through a Lightning
logger (``TrainingProgress``), so neither the search nor the trainer knows about Dagster.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

PREFIX = "[progress] "


class AttemptProgress:
    """Counts finished attempts of ``total`` theorems; thread-safe (searches finish on worker threads)."""

    def __init__(self, log: Any, label: str, total: int, every_s: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.log, self.label, self.total, self.every_s, self.clock = log, label, total, every_s, clock
        self.done = self.proven = 0
        self._lock = threading.Lock()
        self._last = clock()

    def line(self) -> str:
        rate = f" ({self.proven / self.done:.0%})" if self.done else ""
        return f"{PREFIX}{self.label}: {self.done}/{self.total} theorems, {self.proven} proven{rate}"

    def __call__(self, attempt: Any) -> None:
        with self._lock:
            self.done += 1
            self.proven += getattr(attempt, "outcome", None) == "proven"
            now = self.clock()
            if now - self._last < self.every_s and self.done < self.total:
                return
            self._last = now
            text = self.line()
        self.log.info(text)


def training_progress(log: Any, label: str, max_steps: int | None, every_s: float = 10.0) -> Any:
    """A Lightning logger that writes ``[progress] label: step s/max, <loss>`` at most every ``every_s``."""
    from lightning.pytorch.loggers import Logger
    from lightning.pytorch.utilities import rank_zero_only

    class TrainingProgress(Logger):
        def __init__(self) -> None:
            super().__init__()
            self._last = time.monotonic()

        @property
        def name(self) -> str:
            return "proofmill-progress"

        @property
        def version(self) -> str:
            return "0"

        @rank_zero_only
        def log_hyperparams(self, params: Any, *args: Any, **kwargs: Any) -> None:
            return None

        @rank_zero_only
        def log_metrics(self, metrics: dict[str, float], step: int | None = None) -> None:
            now = time.monotonic()
            if now - self._last < every_s:
                return
            self._last = now
            losses = ", ".join(f"{k} {float(v):.3f}" for k, v in sorted(metrics.items()) if "loss" in k)
            of = f"/{max_steps}" if max_steps else ""
            log.info(f"{PREFIX}{label}: step {step}{of}" + (f", {losses}" if losses else ""))

    return TrainingProgress()
