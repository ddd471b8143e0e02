"""How much an eval number can move by chance: bootstrap over the theorems of the eval set.

On 100 theorems a success rate near 75 % has a standard error of about 4 points, so a 2-point change
between two policies is noise. ``bootstrap_rate`` gives the interval of one policy's rate; ``paired_delta``
the interval of the difference between two policies evaluated on the *same* theorems (resampling
theorems keeps the pairing, which is much tighter than comparing two independent intervals).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float  # percentile bootstrap, (1 - level) / 2
    high: float
    std: float  # bootstrap standard error
    n: int

    def to_dict(self) -> dict[str, float]:
        return asdict(self)

    def __str__(self) -> str:
        return f"{100 * self.mean:.1f} % [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def _interval(values: np.ndarray, point: float, level: float, n: int) -> Interval:
    lo, hi = np.quantile(values, [(1 - level) / 2, (1 + level) / 2])
    return Interval(float(point), float(lo), float(hi), float(values.std(ddof=1)), n)


def bootstrap_rate(solved: Sequence[bool], *, samples: int = 2000, level: float = 0.95,
                   seed: int = 0) -> Interval:
    """Success rate of one run with a percentile-bootstrap interval over theorems."""
    x = np.asarray(solved, dtype=np.float64)
    if x.size == 0:
        raise ValueError("bootstrap_rate needs at least one theorem")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, x.size, size=(samples, x.size))
    return _interval(x[idx].mean(axis=1), float(x.mean()), level, int(x.size))


def paired_delta(a: Sequence[bool], b: Sequence[bool], *, samples: int = 2000, level: float = 0.95,
                 seed: int = 0) -> Interval:
    """rate(a) - rate(b) on the same theorems (same order), with a paired bootstrap interval."""
    x = np.asarray(a, dtype=np.float64)
    y = np.asarray(b, dtype=np.float64)
    if x.shape != y.shape or x.size == 0:
        raise ValueError(f"paired_delta needs two equally long, non-empty runs, got {x.size} and {y.size}")
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, x.size, size=(samples, x.size))
    d = x - y
    return _interval(d[idx].mean(axis=1), float(d.mean()), level, int(x.size))
