"""Differential check of the new statement constructs: on random closed instances, `decide`, `norm_num`
and the z3 encoding must agree with a direct Python computation (never prove a false instance)."""

from __future__ import annotations

import math
import random

from minilean import smt
from minilean.engine import elaborate, initial_env
from minilean.syntax import parse_prop


def _proves(stmt: str, tactic: str) -> bool:
    return not elaborate(initial_env(), f"theorem t : {stmt} := by\n  {tactic}").has_errors


def _cases(rng: random.Random) -> list[tuple[str, int]]:
    """(lhs term, its value) for random closed big operators and library functions over ℕ/ℤ."""
    a, b, m, n = rng.randint(0, 6), rng.randint(0, 9), rng.randint(2, 5), rng.randint(0, 12)
    lo, hi = rng.randint(-4, 3), rng.randint(-4, 5)
    return [
        (f"(∑ k ∈ Finset.range {n}, (k * {a} + {b}))", sum(k * a + b for k in range(n))),
        (f"(∑ k ∈ Finset.range {n}, (k - {b}))", sum(max(k - b, 0) for k in range(n))),  # ℕ truncation
        (f"(∑ k ∈ Finset.Icc ({lo} : ℤ) ({hi}), k * k)", sum(k * k for k in range(lo, hi + 1))),
        (f"(∏ k ∈ Finset.Icc 1 {a}, (k + {b}))", math.prod(k + b for k in range(1, a + 1))),
        (
            f"Finset.card (Finset.filter (fun x => x % {m} = {b % m}) (Finset.range {n}))",
            sum(1 for x in range(n) if x % m == b % m),
        ),
        (f"(∑ k ∈ Nat.divisors {n}, k)", sum(d for d in range(1, n + 1) if n % d == 0)),
        (f"Nat.factorial {a} % {m + 5}", math.factorial(a) % (m + 5)),
        (f"Nat.choose {n} {a}", math.comb(n, a)),
        (f"Int.natAbs ({lo} - {hi})", abs(lo - hi)),
    ]


def test_closed_instances_agree_with_python() -> None:
    rng = random.Random(20261124)
    checked = 0
    for _ in range(6):
        for term, value in _cases(rng):
            wrong = value + rng.choice([1, 2, 7])
            ty = "ℤ" if "ℤ" in term or "natAbs" in term else "ℕ"
            true, false = f"{term} = ({value} : {ty})", f"{term} = ({wrong} : {ty})"
            assert _proves(true, "decide"), true
            assert not _proves(false, "decide"), false
            assert not _proves(false, "norm_num"), false
            sorts: dict[str, str] = {}
            assert smt.valid([], parse_prop(true, sorts), sorts, 3000) is True, true
            assert smt.valid([], parse_prop(false, sorts), sorts, 3000) is False, false
            checked += 1
    assert checked == 54
