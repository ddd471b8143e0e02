"""pass@k: the chance that at least one of k samples is correct, estimated without bias from n ≥ k samples.

With n samples of which c are correct, pass@k = 1 − C(n−c, k) / C(n, k) (Chen et al. 2021, "Evaluating
Large Language Models Trained on Code"): the probability that a k-subset drawn without replacement from
the n samples holds a correct one. Computed as the product 1 − Π_{i=n−c+1}^{n} (1 − k/i), which never
forms the binomials (C(n, k) overflows floats for n in the thousands). A benchmark's pass@k is the mean
over its theorems.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k of one problem with ``n`` samples, ``c`` of them correct (needs 1 ≤ k ≤ n)."""
    if not 0 <= c <= n:
        raise ValueError(f"need 0 <= c <= n, got n={n}, c={c}")
    if not 1 <= k <= n:
        raise ValueError(f"need 1 <= k <= n, got n={n}, k={k}")
    if n - c < k:  # every k-subset holds a correct sample
        return 1.0
    prob_all_wrong = 1.0
    for i in range(n - c + 1, n + 1):
        prob_all_wrong *= 1.0 - k / i
    return 1.0 - prob_all_wrong


def mean_pass_at_k(counts: Iterable[tuple[int, int]], k: int) -> float:
    """Mean pass@k over problems given as (n, c) pairs (0.0 for no problems)."""
    values = [pass_at_k(n, c, k) for n, c in counts]
    return sum(values) / len(values) if values else 0.0


def pass_at_k_curve(counts: Sequence[tuple[int, int]], ks: Iterable[int]) -> dict[int, float]:
    """{k: mean pass@k} for every k in ``ks`` (each must be ≤ the smallest n)."""
    return {k: mean_pass_at_k(counts, k) for k in ks}


def default_ks(n: int) -> list[int]:
    """1, 2, 4, ... up to n, and n itself."""
    ks, k = [], 1
    while k <= n:
        ks.append(k)
        k *= 2
    if not ks or ks[-1] != n:
        ks.append(n)
    return ks
