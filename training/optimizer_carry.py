"""One optimizer across RL updates, on top of ``training.train.run_stage``.

The reference keeps one optimizer for the whole RL run; a Lightning fit per iteration would start a fresh
AdamW every time (zero moments → Adam's first steps are full-size, sign-like steps in whatever direction
the small replay batch points). ``OptimizerStateCarry`` loads the previous iteration's optimizer state
(moments and step counts) when training starts and saves it when it ends, next to the checkpoint, as a
weights-only ``torch.save`` of tensors.
"""

from __future__ import annotations

from pathlib import Path

import lightning as L
import torch
from lightning.pytorch.callbacks import Callback

from core.atomic import atomic_file

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
        try:
            state = torch.load(self.load_from, map_location="cpu", weights_only=True)
        except Exception as exc:  # torch raises RuntimeError, EOFError, UnpicklingError... for a bad file
            from registry.checkpoint import CheckpointError

            reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise CheckpointError(
                f"{self.load_from}: the carried optimizer state cannot be read ({reason}); delete it "
                "(the update then starts a fresh optimizer) or re-materialize the previous policy"
            ) from exc
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
        with atomic_file(self.save_to) as fh:
            torch.save(trainer.optimizers[0].state_dict(), fh)
