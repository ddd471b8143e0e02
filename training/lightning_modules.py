"""LightningModules for the training stages.

- ``CausalLMModule``: pretrain / midtrain, next-token CE over packed rows.
- ``SFTModule``: SFT and RL updates over tactic + value rows; loss = Σ w·CE / #supervised tokens where
  w = 1 on tactic rows and ``value_weight`` on value rows (the critic is trained through the LM head, so a
  small weight keeps the value bins from dominating the policy's gradient).

The optimizer is ``settings.optimizer``, one of two settings classes (``training.optim``): ``adamw``
(one AdamW, no weight decay on embeddings and vectors) or ``muon_adamw`` (the reference: Muon for block
matrices, AdamW with per-group learning rates for embedding/head/scalars, Muon momentum schedule). Every
group follows the reference LR schedule: linear warmup -> flat -> linear warmdown to ``final_lr_frac``,
stepped every optimizer step.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import lightning as L
import torch
import torch.nn.functional as F
from torch import Tensor
from torchmetrics import MeanMetric, SumMetric

from core.profiles import StageSettings
from models.gpt import GPT
from training.optim import MuonAdamW, build_optimizer, muon_momentum


def lr_multiplier(
    step: int, total: int, warmup_frac: float, warmdown_frac: float, final_lr_frac: float
) -> float:
    """Reference ``get_lr_multiplier``: linear warmup, flat, linear warmdown to ``final_lr_frac``."""
    total = max(1, total)
    warmup = round(warmup_frac * total)
    warmdown = round(warmdown_frac * total)
    if step < warmup:
        return (step + 1) / warmup
    if step <= total - warmdown or warmdown == 0:
        return 1.0
    progress = max(0.0, (total - step) / warmdown)
    return progress + (1.0 - progress) * final_lr_frac


class _GPTModule(L.LightningModule):
    def __init__(self, model: GPT, settings: StageSettings, *, final_lr_frac: float | None = None) -> None:
        super().__init__()
        self.model = model
        self.weight_decay = float(settings.weight_decay)
        self.warmup_frac = float(settings.warmup_frac)
        self.warmdown_frac = float(settings.warmdown_frac)
        self.final_lr_frac = float(
            final_lr_frac if final_lr_frac is not None else getattr(settings, "final_lr_frac", 0.0)
        )
        self.optimizer_settings = settings.optimizer
        self.tokens_seen = 0  # input tokens this rank trained on (× world size for the global count)

    def forward(self, idx: Tensor) -> Tensor:
        return self.model(idx)

    def configure_optimizers(self) -> dict[str, Any]:
        trainer = self.trainer
        # Lightning's mixed-precision plugin refuses to clip the gradients of an optimizer that unscales
        # them itself (a fused AdamW), even under bf16 where nothing is scaled: found on a GPU at the RL
        # policy stage (grad_clip 1.0). Clipping stages therefore get the foreach kernels instead.
        optimizer = build_optimizer(self.model, self.optimizer_settings, weight_decay=self.weight_decay,
                                    d_model=self.model.config.n_embd,
                                    allow_fused=not trainer.gradient_clip_val)
        total = trainer.max_steps if trainer.max_steps > 0 else trainer.estimated_stepping_batches
        schedule = functools.partial(
            lr_multiplier,
            total=int(total),
            warmup_frac=self.warmup_frac,
            warmdown_frac=self.warmdown_frac,
            final_lr_frac=self.final_lr_frac,
        )
        scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, schedule)
        return {"optimizer": optimizer, "lr_scheduler": {"scheduler": scheduler, "interval": "step"}}

    def _total_steps(self) -> int:
        t = self.trainer
        return int(t.max_steps if t.max_steps > 0 else t.estimated_stepping_batches)

    def on_before_optimizer_step(self, optimizer: torch.optim.Optimizer) -> None:
        if isinstance(optimizer, MuonAdamW):
            m = muon_momentum(self.trainer.global_step, self._total_steps(), self.warmdown_frac)
            for group in optimizer.muon.param_groups:
                group["momentum"] = m

    def on_train_batch_end(self, outputs: Any, batch: Any, batch_idx: int) -> None:
        opt = self.optimizers()
        if not isinstance(opt, list):
            self.log("lr", opt.param_groups[0]["lr"], on_step=True, on_epoch=False)


class CausalLMModule(_GPTModule):
    """Pretrain / midtrain: batches are (inputs [B, T], targets [B, T])."""

    def training_step(self, batch: Sequence[Tensor], batch_idx: int) -> Tensor:
        idx, targets = batch
        loss = self.model.loss(idx, targets)
        self.tokens_seen += idx.numel()
        self.log("train_loss", loss, on_step=True, on_epoch=False, prog_bar=True, batch_size=idx.shape[0])
        return loss

    def validation_step(self, batch: Sequence[Tensor], batch_idx: int) -> None:
        idx, targets = batch
        loss = self.model.loss(idx, targets)
        self.log("val_loss", loss, on_epoch=True, prog_bar=True, sync_dist=True, batch_size=idx.shape[0])


class SFTModule(_GPTModule):
    """SFT / RL: batches from ``training.data.collate_sft`` (idx, targets, is_value, weight).

    Validation metrics (epoch means over the validation set, DDP-synced):
    ``val_loss`` (the training objective), ``val_tactic_loss``, ``val_value_loss``,
    ``val_tactic_acc`` (teacher-forced: every tactic token and EOS argmax-correct),
    ``val_first_token_acc`` and ``val_value_mae`` (|E[bin] - true depth| with the softmax restricted
    to the 64 bin tokens, as the search reads the value).
    """

    def __init__(
        self,
        model: GPT,
        settings: StageSettings,
        *,
        bin_ids: Sequence[int],
        value_weight: float | None = None,
        final_lr_frac: float | None = None,
        reference: GPT | None = None,
    ) -> None:
        super().__init__(model, settings, final_lr_frac=final_lr_frac)
        # RL only: a frozen reference policy (SFT) for the KL term; never optimized (the optimizer is
        # built from self.model's parameters only)
        self.kl_weight = float(getattr(settings, "kl_weight", 0.0))
        if self.kl_weight > 0 and reference is None:
            raise ValueError("kl_weight > 0 needs a reference model")
        # kept out of the module tree (a tuple, not a submodule): not in Lightning's checkpoints, not put
        # in train mode by fit; moved to the training device in on_fit_start
        frozen = None if reference is None else reference.eval().requires_grad_(False)
        self._reference: tuple[GPT, ...] = () if frozen is None else (frozen,)
        self.value_weight = float(value_weight if value_weight is not None else settings.value_weight)
        # reference --unlikelihood-weight: rows with weight < 0 are tactics Lean rejected (RL only)
        self.unlikelihood_weight = float(getattr(settings, "unlikelihood_weight", 0.0))
        self.register_buffer("bin_ids", torch.tensor(list(bin_ids), dtype=torch.long), persistent=False)
        self._sums = torch.nn.ModuleDict(
            {k: SumMetric() for k in ("wloss", "n_tok", "tac_loss", "tac_tok", "val_loss", "val_tok")}
        )
        self._means = torch.nn.ModuleDict(
            {k: MeanMetric() for k in ("tactic_acc", "first_token_acc", "value_mae")}
        )

    def weighted_loss_terms(
        self, per_token: Tensor, targets: Tensor, is_value: Tensor, weight: Tensor
    ) -> tuple[Tensor, Tensor]:
        """(Σ w·CE, #supervised tokens) over positive rows (weight > 0); the loss is their ratio."""
        supervised = (targets != -1) & (weight > 0)[:, None]
        row_w = torch.where(is_value, self.value_weight, 1.0) * weight.clamp(min=0)
        w = supervised.float() * row_w[:, None]
        return (per_token * w).sum(), supervised.sum()

    def sft_loss(self, per_token: Tensor, targets: Tensor, is_value: Tensor, weight: Tensor) -> Tensor:
        num, den = self.weighted_loss_terms(per_token, targets, is_value, weight)
        return num / den.clamp(min=1)

    def unlikelihood_loss(self, per_token: Tensor, targets: Tensor, weight: Tensor) -> Tensor:
        """Mean over negative rows (weight < 0) of the per-row mean of −log(1 − p(token)) over the
        rejected tactic's tokens and EOS (reference: unlikelihood on tactics Lean rejected)."""
        neg = (targets != -1) & (weight < 0)[:, None]
        rows = neg.any(-1)
        if not bool(rows.any()):
            return per_token.new_zeros(())
        p = torch.exp(-per_token).clamp(max=1.0 - 1e-6)
        ul = -torch.log1p(-p) * neg
        per_row = ul.sum(-1)[rows] / neg.sum(-1)[rows]
        return per_row.mean()

    def kl_to_reference(self, logits: Tensor, batch: dict[str, Tensor]) -> Tensor:
        """Mean over supervised tactic tokens of positive rows of KL(reference ‖ policy): the policy pays
        for dropping probability the SFT prior gives (forward KL keeps breadth; the reverse would not)."""
        assert self._reference, "no reference model"
        targets, weight = batch["targets"], batch["weight"]
        mask = (targets != -1) & ((weight > 0) & ~batch["is_value"])[:, None]
        if not bool(mask.any()):
            return logits.new_zeros(())
        with torch.no_grad():
            ref_logp = F.log_softmax(self._reference[0](batch["idx"])[mask].float(), dim=-1)
        logp = F.log_softmax(logits[mask].float(), dim=-1)
        return (ref_logp.exp() * (ref_logp - logp)).sum(-1).mean()

    def on_fit_start(self) -> None:
        if self._reference:
            self._reference[0].to(self.device)

    def training_step(self, batch: dict[str, Tensor], batch_idx: int) -> Tensor:
        if self.kl_weight > 0:
            logits = self.model(batch["idx"])
            per_token = F.cross_entropy(logits.view(-1, logits.size(-1)), batch["targets"].reshape(-1),
                                        ignore_index=-1, reduction="none").view_as(batch["targets"])
        else:
            per_token = self.model.loss(batch["idx"], batch["targets"], reduction="none")
        loss = self.sft_loss(per_token, batch["targets"], batch["is_value"], batch["weight"])
        if self.kl_weight > 0:
            kl = self.kl_to_reference(logits, batch)
            self.log("train_kl", kl, on_step=True, on_epoch=False, batch_size=batch["idx"].shape[0])
            loss = loss + self.kl_weight * kl
        if self.unlikelihood_weight > 0:
            loss = loss + self.unlikelihood_weight * self.unlikelihood_loss(
                per_token, batch["targets"], batch["weight"])
        self.tokens_seen += batch["idx"].numel()
        self.log("train_loss", loss, on_step=True, on_epoch=False, prog_bar=True,
                 batch_size=batch["idx"].shape[0])
        return loss

    def on_validation_epoch_start(self) -> None:
        for m in (*self._sums.values(), *self._means.values()):
            m.reset()

    def validation_step(self, batch: dict[str, Tensor], batch_idx: int) -> None:
        idx, targets, is_value, weight = batch["idx"], batch["targets"], batch["is_value"], batch["weight"]
        logits = self.model(idx)
        per_token = F.cross_entropy(
            logits.view(-1, logits.size(-1)), targets.reshape(-1), ignore_index=-1, reduction="none"
        ).view_as(targets)
        supervised = targets != -1
        num, den = self.weighted_loss_terms(per_token, targets, is_value, weight)
        self._sums["wloss"].update(num)
        self._sums["n_tok"].update(den)
        tac_tok = supervised & ~is_value[:, None]
        val_tok = supervised & is_value[:, None]
        self._sums["tac_loss"].update((per_token * tac_tok).sum())
        self._sums["tac_tok"].update(tac_tok.sum())
        self._sums["val_loss"].update((per_token * val_tok).sum())
        self._sums["val_tok"].update(val_tok.sum())

        pred = logits.argmax(-1)
        first = supervised.float().argmax(-1)  # first supervised position of each row
        rows = torch.arange(idx.shape[0], device=idx.device)
        tac_rows = ~is_value & supervised.any(-1)
        if tac_rows.any():
            correct = (pred == targets) | ~supervised
            self._means["tactic_acc"].update(correct.all(-1)[tac_rows].float())
            first_ok = pred[rows, first] == targets[rows, first]
            self._means["first_token_acc"].update(first_ok[tac_rows].float())
        val_rows = is_value & supervised.any(-1)
        if val_rows.any():
            bin_logits = logits[rows, first][:, self.bin_ids]  # [B, 64]
            depths = torch.arange(1, len(self.bin_ids) + 1, device=idx.device, dtype=torch.float32)
            expected = (bin_logits.softmax(-1) * depths).sum(-1)
            true_bin = (targets[rows, first][:, None] == self.bin_ids[None]).float().argmax(-1) + 1
            self._means["value_mae"].update((expected - true_bin.float()).abs()[val_rows])

    def on_validation_epoch_end(self) -> None:
        s = {k: m.compute() for k, m in self._sums.items()}
        metrics = {
            "val_loss": s["wloss"] / s["n_tok"].clamp(min=1),
            "val_tactic_loss": s["tac_loss"] / s["tac_tok"].clamp(min=1),
            "val_value_loss": s["val_loss"] / s["val_tok"].clamp(min=1),
        }
        for k, m in self._means.items():
            if m.update_count:  # nothing to report when no row of that kind was validated
                metrics[f"val_{k}"] = m.compute()
        # already synced across ranks by torchmetrics
        self.log_dict(metrics, sync_dist=False)
