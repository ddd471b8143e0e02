"""Optimizers for the training stages.

``adamw`` (``core.profiles.AdamWSettings``): one AdamW over every parameter at its ``lr`` (no decay on
embeddings/vectors).

``muon_adamw`` (``core.profiles.MuonAdamWSettings``, the reference recipe): ``torch.optim.Muon`` for the
2-D block matrices (attention and MLP weights) and AdamW for the embedding, the LM head and scalar
parameters, each group with its own learning rate: embedding 0.3, unembedding 0.008 (0.004 after
pretraining), matrix 0.02, scalars 0.5; the AdamW rates are scaled by (d_model/768)^-0.5 (µP-style, so
one set of numbers serves d12..d26), and every rate by ``lr_scale`` (0.8 for midtrain/SFT, 0.02 for RL).
Both live in one ``MuonAdamW`` optimizer so Lightning's automatic optimization, gradient accumulation,
clipping, precision plugins, the LR scheduler and checkpointing see a single ``torch.optim.Optimizer``.

What differs from the reference: torch's Muon orthogonalizes with the classic 5-step Newton-Schulz
quintic (coefficients 3.4445, -4.775, 2.0315) rather than Polar Express, has no NorMuon variance reduction
and applies plain (not "cautious") decoupled weight decay.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import torch
from torch import nn

from core.profiles import OPTIMIZER_KINDS, AdamWSettings, MuonAdamWSettings, OptimizerSettings

OPTIMIZERS = tuple(OPTIMIZER_KINDS)


def split_params(model: nn.Module) -> dict[str, list[tuple[str, nn.Parameter]]]:
    """Parameters by role: ``matrix`` (2-D weights inside the blocks -> Muon), ``embedding``,
    ``unembedding`` and ``scalar`` (everything else: per-layer lambdas, gates -> AdamW)."""
    roles: dict[str, list[tuple[str, nn.Parameter]]] = {"matrix": [], "embedding": [], "unembedding": [],
                                                         "scalar": []}
    for name, p in model.named_parameters():
        if not p.requires_grad:
            continue
        if "wte" in name:
            roles["embedding"].append((name, p))
        elif "lm_head" in name:
            roles["unembedding"].append((name, p))
        elif p.ndim == 2 and ".h." in f".{name}":
            roles["matrix"].append((name, p))
        else:
            roles["scalar"].append((name, p))
    return roles


class MuonAdamW(torch.optim.Optimizer):
    """Muon over ``muon_groups`` + AdamW over ``adamw_groups`` as one optimizer.

    The two inner optimizers share this object's ``param_groups`` (Muon's first) and ``state`` (keyed by
    parameter, so the sets are disjoint); LR schedulers, gradient clipping, ``state_dict`` and
    ``load_state_dict`` therefore work on the union without special cases.
    """

    def __init__(self, muon_groups: list[dict[str, Any]], adamw_groups: list[dict[str, Any]], *,
                 momentum: float = 0.95, muon_weight_decay: float = 0.0,
                 adamw_eps: float = 1e-10, fused: bool | None = None) -> None:
        self.muon = torch.optim.Muon(muon_groups, lr=0.02, weight_decay=muon_weight_decay,
                                     momentum=momentum, nesterov=True)
        self.adamw = torch.optim.AdamW(adamw_groups, lr=1e-3, eps=adamw_eps, weight_decay=0.0, fused=fused)
        self.n_muon_groups = len(self.muon.param_groups)
        super().__init__([{"params": []}], {})  # placeholder; replaced by the shared groups below
        self.param_groups = self.muon.param_groups + self.adamw.param_groups
        self._link()

    def _link(self) -> None:
        self.muon.param_groups = self.param_groups[: self.n_muon_groups]
        self.adamw.param_groups = self.param_groups[self.n_muon_groups:]
        self.muon.state = self.adamw.state = self.state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        super().load_state_dict(state_dict)  # rebuilds self.state / self.param_groups: re-share them
        self._link()

    @torch.no_grad()
    def step(self, closure: Any = None) -> Any:
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        if self.muon.param_groups:
            self.muon.step()
        if self.adamw.param_groups:
            self.adamw.step()
        return loss


def _groups(pairs: Iterable[tuple[str, nn.Parameter]], **opts: Any) -> list[dict[str, Any]]:
    params = [p for _, p in pairs]
    return [{"params": params, **opts}] if params else []


def _scalar_opts(name: str, g: MuonAdamWSettings, adam: float) -> dict[str, Any]:
    """The reference's per-scalar settings: resid_lambdas at scalar_lr·0.01, x0_lambdas with betas
    (0.96, 0.95), the backout/smear lambdas at lr 0.2; anything else at scalar_lr."""
    if "resid_lambdas" in name:
        return {"lr": g.scalar_lr * 0.01 * adam, "betas": (0.8, 0.95), "role": "scalar"}
    if "x0_lambdas" in name:
        return {"lr": g.scalar_lr * adam, "betas": (0.96, 0.95), "role": "scalar"}
    if "backout" in name or "smear" in name:
        return {"lr": 0.2 * adam, "betas": (0.8, 0.95), "role": "scalar"}
    return {"lr": g.scalar_lr * adam, "betas": (0.8, 0.95), "role": "scalar"}


def build_optimizer(model: nn.Module, settings: OptimizerSettings, *, weight_decay: float,
                    d_model: int | None = None, allow_fused: bool = True) -> torch.optim.Optimizer:
    """The optimizer of a stage. Every group records its role in ``group["role"]`` (for logging and the
    Muon momentum schedule). AdamW runs fused on CUDA parameters unless ``allow_fused`` is False."""
    roles = split_params(model)
    params = [p for role in roles.values() for _, p in role]
    fused = allow_fused and bool(params) and all(p.is_cuda for p in params)
    if isinstance(settings, AdamWSettings):
        decay = roles["matrix"]
        no_decay = roles["embedding"] + roles["unembedding"] + roles["scalar"]
        groups = (_groups(decay, weight_decay=weight_decay, role="decay")
                  + _groups(no_decay, weight_decay=0.0, role="no_decay"))
        return torch.optim.AdamW(groups, lr=settings.lr, betas=(0.9, 0.95), eps=1e-8, fused=fused or None)
    if not isinstance(settings, MuonAdamWSettings):
        raise ValueError(f"unknown optimizer {settings!r}; expected settings of one of {OPTIMIZERS}")
    g = settings
    dmodel_scale = ((d_model or 768) / 768) ** -0.5
    adam = g.lr_scale * dmodel_scale
    adamw_groups = (
        _groups(roles["unembedding"], lr=g.unembedding_lr * adam, betas=(0.8, 0.96), role="unembedding")
        + _groups(roles["embedding"], lr=g.embedding_lr * adam, betas=(0.8, 0.995), role="embedding")
        + [grp for name, p in roles["scalar"] for grp in _groups([(name, p)], **_scalar_opts(name, g, adam))]
    )
    muon_groups = _groups(roles["matrix"], lr=g.matrix_lr * g.lr_scale, role="matrix")
    return MuonAdamW(muon_groups, adamw_groups, muon_weight_decay=weight_decay, fused=fused or None)


def muon_momentum(step: int, total: int, warmdown_frac: float, *, start: float = 0.85, peak: float = 0.97,
                  end: float = 0.90, ramp_steps: int = 400) -> float:
    """Reference Muon momentum: start -> peak linearly over the first ``ramp_steps`` steps, then
    peak -> end linearly over the warmdown."""
    if step < ramp_steps:
        return start + (peak - start) * step / ramp_steps
    warmdown = round(warmdown_frac * max(1, total))
    if warmdown and step > total - warmdown:
        frac = min(1.0, (step - (total - warmdown)) / warmdown)
        return peak + (end - peak) * frac
    return peak
