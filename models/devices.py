"""Where compute goes: validation of a profile's compute settings before a stage starts, and the device
of a mapped rollout/eval op."""

from __future__ import annotations

import os
from typing import Any

import torch

STRATEGIES = ("auto", "single_device", "ddp", "ddp_spawn", "ddp_fork", "fsdp")
ACCELERATORS = ("auto", "cpu", "gpu", "cuda")
PRECISIONS = ("32-true", "32", "bf16-mixed", "bf16-true", "16-mixed", "16-true")
LAUNCHER_ENV = ("TORCHELASTIC_RUN_ID", "SLURM_NTASKS", "LOCAL_RANK")


def validate_compute(compute: Any, *, cuda_count: int | None = None, bf16_ok: bool | None = None,
                     launched: bool | None = None) -> None:
    """Raise ValueError (one line naming the field) when the compute settings cannot run here, before any
    data or model is loaded. ``cuda_count``/``bf16_ok``/``launched`` default to this machine's facts."""
    if cuda_count is None:
        cuda_count = torch.cuda.device_count() if torch.cuda.is_available() else 0
    if bf16_ok is None:
        bf16_ok = cuda_count > 0 and torch.cuda.is_bf16_supported()
    if launched is None:
        launched = any(k in os.environ for k in LAUNCHER_ENV)
    acc, strategy, precision = str(compute.accelerator), str(compute.strategy), str(compute.precision)
    if acc not in ACCELERATORS:
        raise ValueError(f"compute.accelerator={acc!r}: expected one of {ACCELERATORS}")
    if strategy not in STRATEGIES:
        raise ValueError(f"compute.strategy={strategy!r}: expected one of {STRATEGIES}")
    if precision not in PRECISIONS:
        raise ValueError(f"compute.precision={precision!r}: expected one of {PRECISIONS}")
    gpu = acc in ("gpu", "cuda") or (acc == "auto" and cuda_count > 0)
    if acc in ("gpu", "cuda") and cuda_count == 0:
        raise ValueError(f"compute.accelerator={acc!r} but no CUDA device is visible on this machine")
    devices = compute.devices
    if devices != "auto":
        n = int(devices)
        if n < 1:
            raise ValueError(f"compute.devices={devices!r}: expected >= 1 or 'auto'")
        if gpu and n > cuda_count:
            raise ValueError(f"compute.devices={n} but only {cuda_count} CUDA device(s) are visible")
    if strategy == "fsdp" and not gpu:
        raise ValueError("compute.strategy='fsdp' needs GPUs (use 'ddp' or 'ddp_spawn' on CPU)")
    if precision.startswith("bf16") and gpu and not bf16_ok:
        raise ValueError(f"compute.precision={precision!r} but this GPU has no bf16 support (use '16-mixed')")
    if precision.startswith("16") and not gpu:
        raise ValueError(f"compute.precision={precision!r} needs a GPU (use '32-true' or 'bf16-mixed')")
    if int(compute.num_nodes) > 1 and not launched:
        raise ValueError(f"compute.num_nodes={compute.num_nodes} needs a launcher (torchrun or SLURM): run "
                         "`python -m training.train` under it (see training/train.py)")


def op_device(op_index: int, cuda_count: int | None = None) -> str:
    """Device of the ``op_index``-th mapped rollout/eval op: ``cuda:{i mod #GPUs}`` when GPUs exist (so the
    dynamic fan-out spreads the policy copies over the GPUs), else ``cpu``."""
    if op_index < 0:
        raise ValueError(f"op_index must be >= 0, got {op_index}")
    if cuda_count is None:
        cuda_count = torch.cuda.device_count() if torch.cuda.is_available() else 0
    return f"cuda:{op_index % cuda_count}" if cuda_count > 0 else "cpu"
