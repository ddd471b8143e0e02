"""Where a model runs: the torch device for an accelerator setting and the CPU thread count.

The one home for both, used by training (``training.train``), the RL update and the batch prover, so a
profile's ``compute`` settings mean the same everywhere.
"""

from __future__ import annotations

from core.profiles import ComputeSettings


def device_for(accelerator: str) -> str:
    """ "cuda" for a GPU accelerator when one is visible, else "cpu"."""
    if accelerator in ("gpu", "cuda"):
        import torch

        return "cuda" if torch.cuda.is_available() else "cpu"
    return "cpu"


def set_cpu_threads(compute: ComputeSettings, *, training: bool = False) -> None:
    """Cap torch's intra-op threads on CPU runs: ``compute.num_threads`` for sampling processes, whose
    model shares the cores with Lean servers, or ``compute.train_threads`` (when set) for training, which
    has the machine to itself."""
    threads = compute.train_threads if training and compute.train_threads else compute.num_threads
    if compute.accelerator == "cpu" and threads:
        import torch

        torch.set_num_threads(int(threads))
