"""models.runtime: torch threads for sampling processes and for training."""

from __future__ import annotations

import pytest
import torch

from core.profiles import ComputeSettings
from models.runtime import set_cpu_threads


@pytest.fixture(autouse=True)
def _restore_threads():
    before = torch.get_num_threads()
    yield
    torch.set_num_threads(before)


def test_training_uses_train_threads_and_sampling_num_threads() -> None:
    compute = ComputeSettings(num_threads=1, train_threads=2)
    set_cpu_threads(compute, training=True)
    assert torch.get_num_threads() == 2
    set_cpu_threads(compute)
    assert torch.get_num_threads() == 1
    set_cpu_threads(ComputeSettings(num_threads=1), training=True)  # unset: training as sampling
    assert torch.get_num_threads() == 1


@pytest.mark.parametrize("field", ["train_threads", "sampler_workers"])
def test_thread_settings_refuse_zero(field: str) -> None:
    with pytest.raises(ValueError, match=field):
        ComputeSettings(**{field: 0})
