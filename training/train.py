"""Run one training stage (pretrain, midtrain, sft, rl) with ``lightning.Trainer``.

``run_stage`` builds the LightningModule, runs validation before and after training (so every stage
reports how far it moved the model), trains for ``settings.max_steps`` optimizer steps (or
``settings.epochs`` passes for SFT), writes the final weights as a proofmill checkpoint
(``registry.checkpoint``; weights only, atomic), plots the loss curve and, for SFT/RL, measures greedy
tactic accuracy on the validation transitions (exact string match of the decoded tactic).

Launching on GPUs
-----------------
The compute settings map 1:1 onto the Trainer: ``accelerator``, ``devices``, ``num_nodes``,
``precision`` (``bf16-mixed`` on GPUs) and ``strategy``.

* One GPU: ``accelerator="gpu", devices=1, precision="bf16-mixed"``; nothing else to do.
* Several GPUs on one machine, from inside a Dagster run: ``strategy="ddp_spawn"`` (or ``"fsdp"``,
  which spawns the same way when not under a launcher). Plain ``"ddp"`` re-executes the current
  command line for every extra rank, which is right for a script but not for a Dagster run worker.
* Several GPUs or several nodes with a launcher: run this module's CLI under ``torchrun`` or SLURM;
  Lightning detects the environment (``TorchElasticEnvironment`` / ``SLURMEnvironment``) and does not
  spawn anything itself::

      torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint HOST:29500 \\
          -m training.train sft --data artifacts/corpora/sft_transitions.parquet \\
          --tokenizer artifacts/tokenizer/tokenizer.json --init models:/proofmill@midtrain \\
          --settings stage.json --out artifacts/checkpoints/sft

      # SLURM (one task per GPU; Lightning reads SLURM_* variables):
      #SBATCH --nodes=2 --ntasks-per-node=8 --gpus-per-node=8
      srun python -m training.train sft ... (same arguments)

  ``stage.json`` = ``{"stage": {StageSettings fields}, "compute": {ComputeSettings fields}}`` (e.g.
  ``dataclasses.asdict`` of a profile's sections, with ``devices=8, num_nodes=2, strategy="ddp"``).
  Register the result afterwards (``registry.registry.log_stage_run``) or materialize the Dagster asset.

Every rank reads a disjoint part of the data (DistributedSampler for SFT, rank striding for packed
text); only global rank 0 writes the checkpoint and the plot.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
import zipfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import lightning as L
import torch
from lightning.pytorch.callbacks import Callback, ModelCheckpoint
from torch.utils.data import DataLoader, Dataset, IterableDataset

from core.atomic import atomic_file
from core.profiles import ComputeSettings, StageSettings
from models.devices import validate_compute
from models.gpt import GPT, Block, GPTConfig
from models.runtime import set_cpu_threads
from models.sampler import Sampler, SamplingSettings
from models.tokenizer import ProofTokenizer
from registry.checkpoint import load_checkpoint, save_checkpoint
from training.augment import augment_rows
from training.data import PackedTextDataset, SFTDataset, Transition, read_transitions
from training.lightning_modules import CausalLMModule, SFTModule

LM_STAGES = ("pretrain", "midtrain")
SFT_STAGES = ("sft", "rl")


@dataclass
class StageResult:
    stage: str
    checkpoint_path: Path
    metrics: dict[str, float]
    loss_curve_path: Path | None
    history: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    model_config: dict[str, Any] = field(default_factory=dict)


# ------------------------------------------------------------------------------------ loss history
class LossHistory(Callback):
    """Collects (optimizer step, value) of train_loss (mean over the accumulated micro-batches) and of
    every ``val_*`` metric, for the loss-curve plot and the MLflow step metrics.

    ``spill``: rank 0 also writes what it saw to this JSON file at the end of fit, because under
    ``ddp_spawn`` training runs in child processes and the launching process gets only the weights back.
    """

    def __init__(self, spill: Path | None = None) -> None:
        self.history: dict[str, list[tuple[int, float]]] = defaultdict(list)
        self._pending: list[float] = []
        self._pending_step = 0
        self.start_step = 0  # global step when fit started (> 0 after a resume)
        self.end_step = 0
        self.tokens_seen = 0  # per rank
        self.spill = spill

    def recover_spilled(self) -> bool:
        """Adopt the record rank 0 spilled (when fit ran in spawned processes); False if there is none."""
        if self.spill is None or not self.spill.exists():
            return False
        rec = json.loads(self.spill.read_text())
        self.history = defaultdict(list, {k: [tuple(x) for x in v] for k, v in rec["history"].items()})
        self.start_step, self.end_step = rec["start_step"], rec["end_step"]
        self.tokens_seen = rec["tokens_seen"]
        return True

    def on_train_start(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        self.start_step = trainer.global_step

    def _flush(self) -> None:
        if self._pending:
            self.history["train_loss"].append((self._pending_step, sum(self._pending) / len(self._pending)))
            self._pending = []

    def on_train_batch_end(self, trainer: L.Trainer, pl_module: L.LightningModule, outputs: Any,
                           batch: Any, batch_idx: int) -> None:
        loss = trainer.callback_metrics.get("train_loss")
        if loss is None:
            return
        step = trainer.global_step  # already advanced when this micro-batch completed an optimizer step
        if self._pending and step != self._pending_step:
            self._flush()
        self._pending_step = step
        self._pending.append(float(loss))

    def on_train_end(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        self._flush()
        self.end_step = trainer.global_step
        self.tokens_seen = int(getattr(pl_module, "tokens_seen", 0))
        if self.spill is not None and trainer.is_global_zero:
            with atomic_file(self.spill) as fh:
                fh.write(json.dumps({"history": self.history, "start_step": self.start_step,
                                     "end_step": self.end_step, "tokens_seen": self.tokens_seen}).encode())

    def on_validation_end(self, trainer: L.Trainer, pl_module: L.LightningModule) -> None:
        if trainer.sanity_checking:
            return
        for k, v in trainer.callback_metrics.items():
            if k.startswith("val_"):
                self.history[k].append((trainer.global_step, float(v)))


def plot_history(history: dict[str, list[tuple[int, float]]], path: Path, title: str) -> Path:
    """Train loss (light: per step, dark: moving average) and validation loss; accuracies on the right."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    train = history.get("train_loss", [])
    if train:
        steps, values = zip(*train, strict=True)
        ax.plot(steps, values, color="tab:blue", alpha=0.3, lw=1)
        k = max(1, len(values) // 20)
        smooth = [sum(values[max(0, i - k + 1): i + 1]) / len(values[max(0, i - k + 1): i + 1])
                  for i in range(len(values))]
        ax.plot(steps, smooth, color="tab:blue", lw=2, label="train loss")
    val = history.get("val_loss", [])
    if val:
        steps, values = zip(*val, strict=True)
        ax.plot(steps, values, "o-", color="tab:orange", lw=2, label="val loss")
    ax.set_xlabel("optimizer step")
    ax.set_ylabel("cross-entropy")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    acc_keys = [k for k in ("val_tactic_acc", "val_first_token_acc") if history.get(k)]
    if acc_keys:
        ax2 = ax.twinx()
        for key, color in zip(acc_keys, ("tab:green", "tab:olive"), strict=False):
            steps, values = zip(*history[key], strict=True)
            ax2.plot(steps, values, "s--", color=color, label=key.removeprefix("val_"))
        ax2.set_ylabel("teacher-forced accuracy")
        ax2.set_ylim(0, 1)
        ax2.legend(loc="center right")
    ax.legend(loc="upper right")
    fig.tight_layout()
    with atomic_file(path) as fh:
        fig.savefig(fh, format="png")
    plt.close(fig)
    return path


# --------------------------------------------------------------------------------- greedy decoding
def greedy_tactics(
    model: GPT,
    tokenizer: ProofTokenizer,
    states: Sequence[str],
    *,
    max_new_tokens: int = 24,
    max_prompt_len: int = 512,
    batch_size: int = 32,
) -> list[str]:
    """Argmax tactic per state, decoded exactly as the search samples (``models.sampler.Sampler`` at
    temperature 0 with one sample: same prompt truncation, token masks and stopping)."""
    was_training = model.training
    device = next(model.parameters()).device
    sampling = SamplingSettings(num_samples=1, temperature=0.0, first_token_cap=1,
                                max_new_tokens=max_new_tokens, max_prompt_len=max_prompt_len)
    sampler = Sampler(model.eval(), tokenizer, sampling, device=device)
    out: list[str] = []
    for start in range(0, len(states), batch_size):
        for sample in sampler(states[start:start + batch_size]):
            out.append(sample.tactics[0] if sample.tactics else "")
    model.train(was_training)
    return out


def greedy_tactic_accuracy(model: GPT, tokenizer: ProofTokenizer, transitions: Sequence[Transition],
                           **kwargs: Any) -> float:
    """Fraction of transitions whose greedy tactic equals the recorded one (whitespace-trimmed)."""
    if not transitions:
        return float("nan")
    preds = greedy_tactics(model, tokenizer, [t.state for t in transitions], **kwargs)
    return sum(p == t.tactic.strip() for p, t in zip(preds, transitions, strict=True)) / len(transitions)


# -------------------------------------------------------------------------------------- datasets
def build_datasets(
    stage: str,
    data_path: str | Path,
    tokenizer: ProofTokenizer,
    seq_len: int,
    *,
    seed: int = 0,
    val_frac: float = 0.05,
    max_val_rows: int | None = 256,
    augment: bool = False,
) -> tuple[Dataset, Dataset]:
    """(train, val) datasets of a stage from its corpus file.

    pretrain: best-fit packed text; midtrain: stream-packed text (validation: the last ``val_frac`` of
    the documents); sft: the transitions parquet's ``train`` and ``valid`` splits (``augment``: the train
    states get ``training.augment``'s goal/hypothesis shuffle and bound-variable renaming).
    """
    if stage in LM_STAGES:
        packing = "best_fit" if stage == "pretrain" else "stream"
        train = PackedTextDataset(data_path, tokenizer, seq_len, split="train", packing=packing,
                                  val_frac=val_frac, seed=seed)
        val = PackedTextDataset(data_path, tokenizer, seq_len, split="val", packing=packing,
                                val_frac=val_frac, max_rows=max_val_rows, seed=seed)
        return train, val
    if stage in SFT_STAGES:
        train_t = read_transitions(data_path, "train")
        val_t = read_transitions(data_path, "valid")
        if not train_t:
            raise ValueError(f"{data_path} has no 'train' transitions")
        if augment:  # once, when the list is built (as the reference): every epoch sees the same rows
            states = augment_rows([t.state for t in train_t], [t.tactic for t in train_t], seed)
            train_t = [dataclasses.replace(t, state=s) for t, s in zip(train_t, states, strict=True)]
        return SFTDataset(train_t, tokenizer, seq_len), SFTDataset(val_t[:max_val_rows], tokenizer, seq_len)
    raise ValueError(f"unknown stage {stage!r}")


def _loader(ds: Dataset, batch_size: int, *, train: bool, seed: int, pin: bool) -> DataLoader:
    collate = getattr(ds, "collate", None)
    if isinstance(ds, IterableDataset):
        return DataLoader(ds, batch_size=batch_size, num_workers=0, pin_memory=pin)
    gen = torch.Generator().manual_seed(seed)
    return DataLoader(ds, batch_size=batch_size, shuffle=train, generator=gen, collate_fn=collate,
                      num_workers=0, pin_memory=pin, drop_last=False)


def _strategy(name: str) -> Any:
    if name == "fsdp":
        from lightning.pytorch.strategies import FSDPStrategy

        # shard per transformer block; gather a full state dict on rank 0 for the final save
        return FSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full")
    return name


# ------------------------------------------------------------------------------------- resume
RESUME_DIR = "lightning"


def _checkpoint_step(path: Path) -> int:
    return int(path.stem.removeprefix("step"))


def newest_resumable(folder: Path) -> Path | None:
    """The highest-step ``step*.ckpt`` in ``folder`` whose zip directory is complete (torch.save writes a
    zip whose central directory comes last, so a file torn by a kill mid-write fails this check)."""
    if not folder.is_dir():
        return None
    for path in sorted(folder.glob("step*.ckpt"), key=_checkpoint_step, reverse=True):
        try:
            with zipfile.ZipFile(path) as zf:
                if zf.namelist():
                    return path
        except (zipfile.BadZipFile, OSError):
            continue
    return None


# ------------------------------------------------------------------------------------- run_stage
@dataclass(frozen=True)
class StageData:
    """What a stage trains and validates on."""

    tokenizer: ProofTokenizer  # must match the init checkpoint's
    train: Dataset  # training rows
    val: Dataset | None = None  # validation rows (None: no validation)
    limit_val_batches: int | float | None = None  # validation batches per check (None: all)
    # SFT/RL: transitions decoded greedily after training (None: the validation transitions)
    greedy_eval: Sequence[Transition] | None = None
    greedy_eval_max: int = 200  # at most this many of them


@dataclass(frozen=True)
class StageRun:
    """Where a stage starts from, where it writes and what it reports to."""

    out_dir: str | Path  # <out_dir>/model.pt, loss_curve.png and the resumable checkpoints
    model_config: GPTConfig | None = None  # a fresh model of this shape (when init_checkpoint is None)
    init_checkpoint: str | Path | None = None  # path or models:/ URI to start from
    reference_checkpoint: str | Path | None = None  # RL: the frozen policy of the KL term
    seed: int = 0  # data order and initialisation
    meta: dict[str, Any] | None = None  # extra checkpoint metadata
    logger: Any = False  # False, or a Lightning logger (e.g. MLFlowLogger) for live metrics
    enable_progress_bar: bool | None = None  # None: when stderr is a terminal
    callbacks: Sequence[Callback] = ()  # added to the Trainer's (e.g. OptimizerStateCarry)


def run_stage(
    stage: str, data: StageData, settings: StageSettings, compute: ComputeSettings, run: StageRun
) -> StageResult:
    """Train one stage and write ``<run.out_dir>/model.pt`` (+ ``loss_curve.png``).

    The model comes from ``run.init_checkpoint`` (the tokenizer must match) or is freshly initialised
    from ``run.model_config``. ``settings.checkpoint_every`` keeps a resumable Lightning checkpoint every
    that many optimizer steps (``<out_dir>/lightning/step*.ckpt``, the two newest, with optimizer,
    scheduler and loop state); with ``settings.resume`` a re-run continues from the newest readable one,
    so re-running a killed stage picks up at its last saved step (``metrics["resumed_from_step"]``).
    Mid-epoch resumes restart the epoch's data order (the loaders are not stateful).
    """
    tokenizer, train_data, val_data = data.tokenizer, data.train, data.val
    seed, out_dir, callbacks = run.seed, run.out_dir, run.callbacks
    if stage not in LM_STAGES + SFT_STAGES:
        raise ValueError(f"unknown stage {stage!r}; expected one of {LM_STAGES + SFT_STAGES}")
    validate_compute(compute)
    checkpoint_every_n_steps = settings.checkpoint_every or None
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    L.seed_everything(seed, workers=True, verbose=False)
    set_cpu_threads(compute, training=True)

    if run.init_checkpoint is not None:
        model, init_meta = load_checkpoint(str(run.init_checkpoint), tokenizer=tokenizer)
        parent = {"init_checkpoint": str(run.init_checkpoint), "init_stage": init_meta.get("stage")}
    elif run.model_config is not None:
        model, parent = GPT(run.model_config), {"init_checkpoint": None}
    else:
        raise ValueError("run_stage needs model_config (fresh model) or init_checkpoint")
    model.train()  # load_checkpoint returns eval mode
    if model.config.vocab_size != tokenizer.vocab_size:
        raise ValueError(f"model vocab {model.config.vocab_size} != tokenizer vocab {tokenizer.vocab_size}")

    is_sft = stage in SFT_STAGES
    if is_sft:
        reference = None
        if float(getattr(settings, "kl_weight", 0.0)) > 0:
            if run.reference_checkpoint is None:
                raise ValueError(f"{stage}: kl_weight > 0 needs reference_checkpoint (the SFT policy)")
            reference = load_checkpoint(str(run.reference_checkpoint), tokenizer=tokenizer)[0]
        module: L.LightningModule = SFTModule(model, settings, bin_ids=tokenizer.bin_ids, reference=reference)
    else:
        module = CausalLMModule(model, settings)

    accum = max(1, int(settings.accumulate_grad_batches))
    spill = out / ".fit_record.json"
    spill.unlink(missing_ok=True)
    history = LossHistory(spill)
    all_callbacks: list[Callback] = [history, *callbacks]
    if checkpoint_every_n_steps:
        # The two newest full-state checkpoints (weights + optimizer + schedulers + loop progress): a kill
        # while one is being written leaves the previous one intact (``newest_resumable`` skips torn files).
        all_callbacks.append(ModelCheckpoint(dirpath=out / RESUME_DIR, filename="step{step:09d}",
                                         auto_insert_metric_name=False, monitor="step", mode="max",
                                         save_top_k=2, every_n_train_steps=checkpoint_every_n_steps))
    if getattr(settings, "epochs", None):  # SFT: whole passes over the data
        max_steps, max_epochs = -1, int(settings.epochs)
    else:
        max_steps, max_epochs = int(settings.max_steps), -1
    has_val = val_data is not None and (not hasattr(val_data, "__len__") or len(val_data) > 0)
    trainer = L.Trainer(
        accelerator=compute.accelerator,
        devices=compute.devices,
        num_nodes=compute.num_nodes,
        strategy=_strategy(compute.strategy),
        precision=compute.precision,
        max_steps=max_steps,
        max_epochs=max_epochs,
        accumulate_grad_batches=accum,
        gradient_clip_val=settings.grad_clip or None,
        val_check_interval=max(1, int(settings.val_check_interval)) * accum if has_val else None,
        check_val_every_n_epoch=None,
        limit_val_batches=data.limit_val_batches if has_val else 0,
        num_sanity_val_steps=0,
        logger=run.logger,
        log_every_n_steps=max(1, min(50, (max_steps if max_steps > 0 else 1000) // 50)),
        callbacks=all_callbacks,
        enable_checkpointing=bool(checkpoint_every_n_steps),
        enable_progress_bar=(sys.stderr.isatty() if run.enable_progress_bar is None
                             else run.enable_progress_bar),
        enable_model_summary=False,
        default_root_dir=str(out),
        deterministic=False,
    )
    pin = compute.accelerator in ("gpu", "cuda")
    train_loader = _loader(train_data, settings.batch_size, train=True, seed=seed, pin=pin)
    val_loader = _loader(val_data, settings.batch_size, train=False, seed=seed, pin=pin) if has_val else None

    metrics: dict[str, float] = {}
    if val_loader is not None:  # the starting point, so every stage shows what it changed
        initial = trainer.validate(module, val_loader, verbose=False)[0]
        metrics.update({f"initial_{k}": float(v) for k, v in initial.items()})
    resume_from = newest_resumable(out / RESUME_DIR) if settings.resume else None
    t0 = time.perf_counter()
    trainer.fit(module, train_loader, val_loader, ckpt_path=str(resume_from) if resume_from else None)
    if resume_from is not None:
        metrics["resumed_from_step"] = float(_checkpoint_step(resume_from))
    metrics["train_seconds"] = time.perf_counter() - t0
    if trainer.global_step == 0 and trainer.is_global_zero:
        history.recover_spilled()  # fit ran in spawned processes (ddp_spawn): adopt rank 0's record
    if val_loader is not None:
        final = trainer.validate(module, val_loader, verbose=False)[0]
        metrics.update({k: float(v) for k, v in final.items()})

    # Full weights (FSDP gathers on rank 0); keys are "model.*" inside the LightningModule.
    full_state = trainer.strategy.lightning_module_state_dict()
    train_losses = [v for _, v in history.history.get("train_loss", [])]
    tail = train_losses[-max(1, len(train_losses) // 10):]
    metrics.update(
        steps=float(history.end_step),
        steps_this_run=float(history.end_step - history.start_step),
        tokens_seen=float(history.tokens_seen * trainer.world_size),
        params=float(model.num_params()),
        final_train_loss=sum(tail) / len(tail) if tail else float("nan"),
    )
    if "val_loss" in metrics:
        metrics["final_val_loss"] = metrics["val_loss"]

    ckpt = out / "model.pt"
    curve: Path | None = None
    if trainer.is_global_zero:
        final_model = GPT(model.config)
        final_model.load_state_dict({k.removeprefix("model."): v for k, v in full_state.items()
                                     if k.startswith("model.")})
        if is_sft:
            evalset = list(data.greedy_eval if data.greedy_eval is not None
                           else getattr(val_data, "transitions", []))
            if evalset:
                final_model.to(module.device if compute.accelerator != "cpu" else "cpu")
                metrics["greedy_tactic_acc"] = greedy_tactic_accuracy(
                    final_model, tokenizer, evalset[:data.greedy_eval_max])
                metrics["greedy_eval_n"] = float(min(len(evalset), data.greedy_eval_max))
                final_model.cpu()
        stage_meta = {"stage": stage, "seed": seed, **parent, **(run.meta or {}),
                      "metrics": {k: v for k, v in metrics.items() if math.isfinite(v)}}
        save_checkpoint(ckpt, final_model, tokenizer.fingerprint(), stage_meta)
        curve = plot_history(history.history, out / "loss_curve.png", f"{stage}: loss")
    trainer.strategy.barrier()
    if trainer.is_global_zero:  # finished: nothing left to resume, and a rerun must start over
        for stale in (out / RESUME_DIR).glob("step*.ckpt"):
            stale.unlink(missing_ok=True)
    return StageResult(stage=stage, checkpoint_path=ckpt, metrics=metrics, loss_curve_path=curve,
                       history=dict(history.history), model_config=model.config.to_dict())


# -------------------------------------------------------------------------------------------- CLI
def cli_settings(profile: str, stage: str, raw: dict[str, Any]) -> tuple[Any, Any]:
    """(stage settings, compute settings) of ``profile`` with the overrides of a ``--settings`` file; the
    same values the pipeline uses for the stage (rl: the profile's ``rl.update``)."""
    from core.profiles import get_profile

    overrides: dict[str, Any] = {}
    if "stage" in raw:
        overrides.update({"rl": {"update": raw["stage"]}} if stage == "rl" else {stage: raw["stage"]})
    if "compute" in raw:
        overrides["compute"] = raw["compute"]
    chosen = get_profile(profile, overrides)
    return (chosen.rl.update if stage == "rl" else getattr(chosen, stage)), chosen.compute


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m training.train STAGE --data ... --tokenizer ... --out ... [--init URI | --model tiny]``
    (for torchrun/SLURM launches; see the module docstring)."""
    p = argparse.ArgumentParser(prog="python -m training.train", description=__doc__.split("\n")[0])
    p.add_argument("stage", choices=LM_STAGES + SFT_STAGES)
    p.add_argument("--data", required=True, help="corpus parquet (text) or transitions parquet (SFT)")
    p.add_argument("--tokenizer", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--init", help="checkpoint path or models:/proofmill@alias to start from")
    p.add_argument("--model", default=None, help="GPT preset for a fresh model (default: compute.model)")
    p.add_argument("--profile", default="smoke", help="profile whose stage/compute settings are the defaults")
    p.add_argument("--settings", help='JSON file {"stage": {...}, "compute": {...}} overriding the profile')
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--checkpoint-every", type=int, default=0,
                   help="full-state Lightning checkpoint every N optimizer steps (0 = none)")
    p.add_argument("--no-resume", action="store_true",
                   help="start over even if <out>/lightning has a checkpoint")
    args = p.parse_args(argv)
    raw = json.loads(Path(args.settings).read_text()) if args.settings else {}
    settings, compute = cli_settings(args.profile, args.stage, raw)
    tokenizer = ProofTokenizer.load(args.tokenizer)
    train, val = build_datasets(args.stage, args.data, tokenizer, settings.seq_len, seed=args.seed,
                                augment=bool(getattr(settings, "augment", False)))
    config = None if args.init else GPTConfig.preset(args.model or compute.model, tokenizer.vocab_size,
                                                     settings.seq_len)
    settings = dataclasses.replace(
        settings, checkpoint_every=args.checkpoint_every or settings.checkpoint_every,
        resume=settings.resume and not args.no_resume)
    result = run_stage(args.stage, StageData(tokenizer, train, val), settings, compute,
                       StageRun(args.out, model_config=config, init_checkpoint=args.init, seed=args.seed))
    dist = torch.distributed
    if not (dist.is_available() and dist.is_initialized()) or dist.get_rank() == 0:
        print(json.dumps({"checkpoint": str(result.checkpoint_path), **result.metrics}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
