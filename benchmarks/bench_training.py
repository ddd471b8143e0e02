"""Training: step time of ``lightning.Trainer`` + ``training.lightning_modules.CausalLMModule`` vs a raw
PyTorch loop doing the same work (same model init, batches, AdamW param groups, LR schedule, gradient
clipping), so the difference is what Lightning adds per step.

Both sides timestamp the end of every optimizer step; the per-step time is the median of consecutive
differences after a few warm-up steps (robust to a noisy, shared machine). The two sides alternate
(raw, Lightning, raw, Lightning) so slow phases of the machine hit both. Lightning's one-off cost
(``fit`` setup and teardown) is reported separately. Headline: Lightning/raw median step time − 1
(target <= 5%).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import logging
import time
import warnings
from typing import Any

import lightning as L
import torch
from lightning.pytorch.callbacks import Callback
from torch.utils.data import DataLoader

from benchmarks import models_fixture
from benchmarks.common import BenchResult, fmt, log, median
from core.profiles import AdamWSettings, StageSettings, get_profile
from models.gpt import GPT
from training.lightning_modules import CausalLMModule, lr_multiplier

TARGET = 0.05


class StepTimes(Callback):
    """perf_counter at the end of every training batch and at the start of the first."""

    def __init__(self) -> None:
        self.ends: list[float] = []
        self.first_start = 0.0

    def on_train_batch_start(self, trainer: L.Trainer, pl_module: L.LightningModule, batch: Any,
                             batch_idx: int) -> None:
        if not self.first_start:
            self.first_start = time.perf_counter()

    def on_train_batch_end(self, trainer: L.Trainer, pl_module: L.LightningModule, outputs: Any,
                           batch: Any, batch_idx: int) -> None:
        self.ends.append(time.perf_counter())


def batches(n: int, batch_size: int, seq_len: int, vocab: int,
            seed: int = 0) -> list[tuple[torch.Tensor, ...]]:
    """``n`` (inputs, targets) pairs of random tokens: step cost does not depend on the text."""
    g = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(n):
        row = torch.randint(0, vocab, (batch_size, seq_len + 1), generator=g)
        out.append((row[:, :-1].contiguous(), row[:, 1:].contiguous()))
    return out


def _loader(data: list[tuple[torch.Tensor, ...]]) -> DataLoader:
    return DataLoader(data, batch_size=None, shuffle=False, num_workers=0)  # pre-batched, as-is


def raw_loop(model: GPT, data: list[tuple[torch.Tensor, ...]], settings: StageSettings) -> list[float]:
    """The plain PyTorch equivalent of what the Trainer runs; returns step end times."""
    # the parameter groups, optimizer and schedule of _GPTModule.configure_optimizers
    decay = [p for n, p in model.named_parameters() if p.ndim >= 2 and "wte" not in n]
    no_decay = [p for n, p in model.named_parameters() if p.ndim < 2 or "wte" in n]
    opt = torch.optim.AdamW(
        [{"params": decay, "weight_decay": settings.weight_decay}, {"params": no_decay, "weight_decay": 0.0}],
        lr=settings.optimizer.lr, betas=(0.9, 0.95), eps=1e-8)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, functools.partial(
        lr_multiplier, total=len(data), warmup_frac=settings.warmup_frac,
        warmdown_frac=settings.warmdown_frac, final_lr_frac=0.0))
    model.train()
    ends = []
    for idx, targets in _loader(data):
        loss = model.loss(idx, targets)
        loss.backward()
        if settings.grad_clip:
            torch.nn.utils.clip_grad_norm_(model.parameters(), settings.grad_clip)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        ends.append(time.perf_counter())
    return ends


def lightning_loop(model: GPT, data: list[tuple[torch.Tensor, ...]],
                   settings: StageSettings) -> tuple[list[float], float]:
    """``trainer.fit`` with no logger, progress bar, checkpointing or validation; returns step end
    times and fit's seconds outside the steps (setup before the first batch, teardown after the last)."""
    timer = StepTimes()
    trainer = L.Trainer(
        accelerator="cpu", devices=1, precision="32-true", max_steps=len(data), max_epochs=-1,
        gradient_clip_val=settings.grad_clip or None, logger=False, enable_progress_bar=False,
        enable_checkpointing=False, enable_model_summary=False, num_sanity_val_steps=0,
        limit_val_batches=0, callbacks=[timer], deterministic=False,
    )
    model.train()  # as training.train.run_stage does; Lightning keeps the modules' mode
    t0 = time.perf_counter()
    trainer.fit(CausalLMModule(model, settings), _loader(data))
    wall = time.perf_counter() - t0
    return timer.ends, wall - (timer.ends[-1] - timer.first_start)


def step_times(ends: list[float], warmup: int) -> list[float]:
    return [b - a for a, b in zip(ends[warmup:], ends[warmup + 1 :], strict=False)]


def run(quick: bool = False, *, steps: int | None = None, rounds: int | None = None, warmup: int = 2,
        preset: str = "tiny", settings: StageSettings | None = None) -> BenchResult:
    """``settings`` (default: the smoke profile's pretrain stage) give batch size, length, LR, clipping."""
    t_start = time.perf_counter()
    # AdamW on both sides (smoke pretrains with Muon+AdamW; this measures Lightning's overhead only)
    smoke = get_profile("smoke").pretrain
    settings = settings or dataclasses.replace(smoke, optimizer=AdamWSettings(lr=3e-3))
    n_steps = steps if steps is not None else (8 if quick else 10)
    n_rounds = rounds if rounds is not None else (2 if quick else 3)
    template = models_fixture.model(preset, sequence_len=settings.seq_len)
    data = batches(n_steps, settings.batch_size, settings.seq_len, template.config.vocab_size)
    raw_steps: list[float] = []
    pl_steps: list[float] = []
    raw_round_medians: list[float] = []
    fit_overheads: list[float] = []
    logging.getLogger("lightning.pytorch").setLevel(logging.WARNING)  # no "GPU available" chatter
    for i in range(n_rounds):
        log(f"training: round {i + 1}/{n_rounds}, {n_steps} steps raw, then Lightning")
        raw = step_times(raw_loop(copy.deepcopy(template), data, settings), warmup)
        raw_steps += raw
        raw_round_medians.append(median(raw))
        with warnings.catch_warnings():  # "no val_dataloader" and library deprecations: expected here
            warnings.simplefilter("ignore")
            ends, outside = lightning_loop(copy.deepcopy(template), data, settings)
        pl_steps += step_times(ends, warmup)
        fit_overheads.append(outside)
    raw_ms, pl_ms = 1000 * median(raw_steps), 1000 * median(pl_steps)
    overhead = pl_ms / raw_ms - 1
    by_min = min(pl_steps) / min(raw_steps) - 1
    # the same raw loop, round against round: differences below this are the machine, not Lightning
    noise = max(raw_round_medians) / min(raw_round_medians) - 1 if len(raw_round_medians) > 1 else None
    tokens = settings.batch_size * settings.seq_len
    rows = [
        ["raw PyTorch loop", fmt(raw_ms), fmt(1000 * min(raw_steps)), fmt(tokens / raw_ms * 1000), "-"],
        ["Lightning Trainer + CausalLMModule", fmt(pl_ms), fmt(1000 * min(pl_steps)),
         fmt(tokens / pl_ms * 1000), f"{100 * overhead:+.1f}%"],
    ]
    notes = [
        f"Model `{preset}` ({template.num_params():,} parameters), smoke pretrain settings: batch "
        f"{settings.batch_size} x {settings.seq_len} tokens, AdamW lr {settings.optimizer.lr}, grad clip "
        f"{settings.grad_clip}, fp32 on CPU, torch threads {torch.get_num_threads()}; {n_rounds} x "
        f"{n_steps} steps per side, first {warmup} of each run not timed.",
        f"Robustness: by the fastest step of each side the overhead is {100 * by_min:+.1f}%; the raw loop's "
        f"median step differed by "
        + (f"{100 * noise:.0f}%" if noise is not None else "n/a (one round)")
        + " between its own rounds, the noise floor of this measurement on this machine.",
        f"Lightning's one-off cost per `fit` (setup + teardown, outside the steps): "
        f"{median(fit_overheads):.2f} s — it matters only for very short stages such as the RL "
        f"updates (a few steps each).",
    ]
    return BenchResult(
        name="training",
        title="Training: Lightning step time vs a raw PyTorch loop",
        target=f"Lightning per-step overhead <= {100 * TARGET:.0f}%",
        columns=["loop", "median step ms", "min step ms", "tokens/s", "overhead"],
        rows=rows,
        ratio=overhead,
        met=overhead <= TARGET,
        summary=f"{100 * overhead:+.1f}% per step (target <= {100 * TARGET:.0f}%)",
        notes=notes,
        seconds=time.perf_counter() - t_start,
        extra={"raw_ms": raw_ms, "lightning_ms": pl_ms, "fit_overhead_s": fit_overheads,
               "overhead_by_min": by_min, "raw_round_noise": noise},
    )


if __name__ == "__main__":
    import json

    print(json.dumps(run(quick=True).to_dict(), indent=2, default=str))
