"""RL-update specifics on top of ``models.train.run_stage`` (reference-nanoproof.md §3d, §5).

- ``OptimizerStateCarry``: the reference keeps one optimizer for the whole RL run; a Lightning fit per
  iteration would start a fresh AdamW every time (zero moments → Adam's first steps are full-size,
  sign-like steps in whatever direction the small replay batch points). The callback loads the previous
  iteration's optimizer state (moments and step counts) at the start of training and saves it at the end,
  next to the checkpoint, as a weights-only ``torch.save`` of tensors.
- ``ReplayFIFO``: the reference replay buffer is a FIFO of *transitions* (250k), not a window of
  iterations; ``fifo_transitions`` keeps the newest ``capacity`` transitions over all iterations so far,
  deduplicated on (state, tactic) keeping the newest (a theorem proven in every iteration must not
  crowd out the rest).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import lightning as L
import torch
from lightning.pytorch.callbacks import Callback

OPTIMIZER_FILE = "optimizer.pt"


class OptimizerStateCarry(Callback):
    """Load ``load_from`` (if it exists) into the first optimizer when training starts; write its state
    to ``save_to`` when training ends. A state whose parameter groups do not match is ignored (a fresh
    optimizer, with a warning in ``self.loaded``) rather than failing the update."""

    def __init__(self, load_from: str | Path | None, save_to: str | Path) -> None:
        self.load_from = Path(load_from) if load_from else None
        self.save_to = Path(save_to)
        self.loaded: str = "fresh"

    def on_train_start(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        if self.load_from is None or not self.load_from.is_file():
            return
        optimizer = trainer.optimizers[0]
        state = torch.load(self.load_from, map_location="cpu", weights_only=True)
        # this fit's LR (and schedule base) stay: only the moments and step counts are carried over
        keep = [{k: g[k] for k in ("lr", "initial_lr") if k in g} for g in optimizer.param_groups]
        try:
            optimizer.load_state_dict(state)
        except (ValueError, KeyError) as exc:
            self.loaded = f"fresh (previous state did not fit: {exc})"
            return
        for g, kept in zip(optimizer.param_groups, keep, strict=True):
            g.update(kept)
        self.loaded = f"carried from {self.load_from}"

    def on_train_end(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        if not trainer.is_global_zero:
            return
        self.save_to.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.save_to.with_name(f".{self.save_to.name}.tmp")
        torch.save(trainer.optimizers[0].state_dict(), tmp)
        os.replace(tmp, self.save_to)


def fifo_transitions(rows: Iterable[Mapping[str, Any]], capacity: int) -> list[dict[str, Any]]:
    """The newest ``capacity`` replay rows (``iteration``, ``state``, ``tactic``, ...), one per distinct
    (state, tactic) — the newest occurrence — in chronological order."""
    if capacity < 1:
        raise ValueError(f"replay capacity must be >= 1, got {capacity}")
    ordered = sorted(enumerate(rows), key=lambda ir: (int(ir[1].get("iteration") or 0), ir[0]))
    newest: dict[tuple[str, str], dict[str, Any]] = {}
    for _, r in ordered:
        key = (str(r["state"]), str(r["tactic"]))
        newest.pop(key, None)  # re-insert so dict order = order of last occurrence
        newest[key] = dict(r)
    kept = list(newest.values())
    return kept[-capacity:]
