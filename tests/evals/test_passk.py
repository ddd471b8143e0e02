"""The unbiased pass@k estimator against brute-force enumeration of k-subsets, and its edge cases."""

from __future__ import annotations

import itertools
import math

import pytest

from evals.passk import default_ks, mean_pass_at_k, pass_at_k, pass_at_k_curve


def _brute(n: int, c: int, k: int) -> float:
    """The share of k-subsets of n samples (c correct) holding at least one correct sample."""
    samples = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(range(n), k))
    return sum(any(samples[i] for i in s) for s in subsets) / len(subsets)


@pytest.mark.parametrize("n", range(1, 9))
def test_matches_brute_force_enumeration(n: int) -> None:
    for c in range(n + 1):
        for k in range(1, n + 1):
            assert pass_at_k(n, c, k) == pytest.approx(_brute(n, c, k), abs=1e-12), (n, c, k)


def test_edge_cases() -> None:
    assert pass_at_k(10, 0, 1) == 0.0 and pass_at_k(10, 0, 10) == 0.0  # nothing correct
    assert pass_at_k(10, 10, 1) == 1.0  # everything correct
    assert pass_at_k(10, 3, 8) == 1.0  # k > n − c: every 8-subset holds a correct one
    assert pass_at_k(10, 3, 7) < 1.0  # k = n − c: one subset is all wrong
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)  # pass@1 = c / n
    for bad in ((5, 6, 1), (5, -1, 1), (5, 2, 0), (5, 2, 6)):
        with pytest.raises(ValueError):
            pass_at_k(*bad)


def test_stable_for_large_n() -> None:
    """No binomial is formed: n in the thousands stays finite and equals the log-gamma form."""
    n, c, k = 5000, 10, 100
    exact = 1 - math.exp(math.lgamma(n - c + 1) - math.lgamma(n - c - k + 1)
                         - math.lgamma(n + 1) + math.lgamma(n - k + 1))
    assert pass_at_k(n, c, k) == pytest.approx(exact, rel=1e-9)


def test_mean_and_curve() -> None:
    counts = [(4, 0), (4, 1), (4, 4)]
    assert mean_pass_at_k(counts, 1) == pytest.approx((0 + 0.25 + 1) / 3)
    curve = pass_at_k_curve(counts, [1, 2, 4])
    assert list(curve) == [1, 2, 4] and curve[4] == pytest.approx(2 / 3)
    assert all(a <= b for a, b in itertools.pairwise(curve.values()))  # pass@k never falls with k
    assert mean_pass_at_k([], 1) == 0.0
    assert default_ks(8) == [1, 2, 4, 8] and default_ks(6) == [1, 2, 4, 6] and default_ks(1) == [1]
