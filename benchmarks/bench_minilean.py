"""minilean per-tactic latency, z3 calls included: `python -m benchmarks.bench_minilean [--reps N]`.

Each tactic runs in-process through `engine.apply_tactic` (what the server does per request, minus
HTTP) on a representative goal, `reps` times; we report the median wall time, its ratio to `intro`
(a purely structural step, the floor) and the share of the time spent inside z3 (the calls are timed
by wrapping the solver entry points for the duration of the benchmark only).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from contextlib import contextmanager
from typing import Any

from benchmarks.common import BenchResult
from minilean import linarith as lin_mod
from minilean import smt
from minilean.engine import ProofState, apply_tactic, elaborate, initial_env

# (label, statement, tactic)
CASES: list[tuple[str, str, str]] = [
    ("intro", "(p q : Prop) : p → q → p", "intro hp"),
    ("exact", "(p q : Prop) (hp : p) (hq : q) : p ∧ q", "exact ⟨hp, hq⟩"),
    ("decide", ": (2005 ^ 2 + 2005 ^ 5) % 100 = 50", "decide"),
    ("norm_num", ": (2 : ℝ) / 4 + 1 / 3 = 5 / 6", "norm_num"),
    ("positivity", "(x y : ℝ) (hx : 0 < x) : 0 < 3 * x ^ 2 + y ^ 2 + x", "positivity"),
    ("omega (FM fast path)", "(a b : ℕ) (h : a < b) (h2 : b < 10) : a + 1 < 10", "omega"),
    ("omega (z3: ℕ %)", "(n : ℕ) (h : n % 5 = 3) : 2 * n % 5 = 1", "omega"),
    ("linarith", "(x y : ℝ) (h₀ : 3 * x + 2 * y = 7) (h₁ : x - y = -1) : x = 1", "linarith"),
    ("nlinarith [hint]", "(a b : ℝ) : 2 * a * b ≤ a ^ 2 + b ^ 2", "nlinarith [sq_nonneg (a - b)]"),
    ("nlinarith (products)", "(x : ℝ) (h : x ^ 2 = 4) (hx : x > 0) : x = 2", "nlinarith"),
    ("use", ": ∃ x : ℕ, 3 * x + 1 = 10", "use 3"),
    # the simp family, normal forms and the lemma table (the table's z3 check is cached per lemma and
    # type after the warm-up; `rw [Nat.mul_mod]` checks its instance with z3 on every use)
    ("simp [h]", "(x y : ℕ) (h : x = y) : x + 0 + 1 = y + 1", "simp [h]"),
    ("simp_all", "(x y : ℕ) (h1 : x = 2) (h2 : y = x) : y = 2", "simp_all"),
    ("simpa using", "(x : ℝ) (h : x * 3 = 0) : x = 0", "simpa using h"),
    ("norm_num [h]", "(x : ℝ) (h : x = 5) : x ^ 2 - 1 = 24", "norm_num [h]"),
    ("norm_num at h", "(x : ℝ) (h : (3 : ℝ) / 2 = 1) : x = 7", "norm_num at h"),
    ("ring_nf at h", "(x y : ℝ) (h : (x + y) ^ 2 = x * 2 + 1) : x = 2", "ring_nf at h"),
    ("field_simp at h", "(a b : ℝ) (hb : b ≠ 0) (h : a / b + 1 = 2) : a = b", "field_simp at h"),
    ("push_neg", "(a : ℝ) : ¬ ∀ x : ℝ, x < a → ∃ y : ℝ, y < a ∧ x = y", "push_neg"),
    ("push_cast at h", "(n : ℕ) (h : ((n + 1 : ℕ) : ℝ) = 4) : (n : ℝ) = 3", "push_cast at h"),
    ("exact lemma", "(a b : ℝ) (ha : 0 < a) (hb : 0 < b) : 0 < a * b", "exact mul_pos ha hb"),
    ("rw [lemma]", "(a b c : ℝ) : a * b * c = c * (a * b)", "rw [mul_comm]"),
    ("rw [Nat.mul_mod]", "(n : ℕ) (h₀ : n % 5 = 3) : 2 * n % 5 = 1", "rw [Nat.mul_mod, h₀]"),
    ("ring", "(a : ℂ) : (a - 10) * (a + 12) = a ^ 2 + 2 * a - 120", "ring"),
    ("linear_combination", "(x y : ℝ) (h₀ : x + y = 5) (h₁ : x - y = 1) : x = 3",
     "linear_combination (h₀ + h₁) / 2"),
    ("conv_lhs => rw", "(a b : ℝ) (h : a = b) : a + 0 = b", "conv_lhs => rw [h]"),
    ("tauto", "(p q r : Prop) (hp : p) (hq : q) : (p ∧ q) ∨ r", "tauto"),
    ("interval_cases", "(n : ℕ) (h₀ : n < 4) (h₁ : 2 < n) : n = 3", "interval_cases n <;> omega"),
]


@contextmanager
def _z3_timer() -> Any:
    spent = [0.0]
    originals: list[tuple[Any, str, Callable]] = [
        (smt, "valid", smt.valid),
        (lin_mod, "_z3_refutes", lin_mod._z3_refutes),
    ]

    def wrap(f: Callable) -> Callable:
        def timed(*a: Any, **k: Any) -> Any:
            t = time.perf_counter()
            try:
                return f(*a, **k)
            finally:
                spent[0] += time.perf_counter() - t

        return timed

    for mod, name, f in originals:
        setattr(mod, name, wrap(f))
    try:
        yield spent
    finally:
        for mod, name, f in originals:
            setattr(mod, name, f)


def _root(stmt: str) -> ProofState:
    res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
    assert not res.has_errors, res.messages
    return res.sorries[0]


def measure(reps: int = 30) -> list[dict]:
    rows = []
    for label, stmt, tactic in CASES:
        state = _root(stmt)
        apply_tactic(state, tactic, timeout_ms=5000)  # warm-up (imports, z3 context)
        times = []
        with _z3_timer() as z3_spent:
            for _ in range(reps):
                t = time.perf_counter()
                apply_tactic(state, tactic, timeout_ms=5000)
                times.append(time.perf_counter() - t)
        total = sum(times)
        rows.append(
            {
                "tactic": label,
                "median_ms": statistics.median(times) * 1000,
                "z3_share": z3_spent[0] / total if total else 0.0,
            }
        )
    floor = rows[0]["median_ms"]
    for r in rows:
        r["x_intro"] = r["median_ms"] / floor
    return rows


def run(quick: bool = False) -> BenchResult:
    """The latency table for BENCHMARKS.md (a report: no target, the ratio is to `intro`)."""
    rows = measure(reps=8 if quick else 30)
    slowest = max(rows, key=lambda r: r["median_ms"])
    return BenchResult(
        name="minilean",
        title="minilean: per-tactic latency, z3 included",
        target="report (median per tactic; × intro is the ratio to a purely structural step)",
        columns=["tactic", "median ms", "× intro", "z3 share"],
        rows=[[r["tactic"], f"{r['median_ms']:.2f}", f"{r['x_intro']:.0f}", f"{r['z3_share']:.0%}"]
              for r in rows],
        summary=f"{len(rows)} tactics; slowest {slowest['tactic']} at {slowest['median_ms']:.1f} ms median",
        notes=["In-process through `engine.apply_tactic` (what the server does per request, minus HTTP), "
               "after one warm-up call each; the renaming re-check is included (it runs on every "
               "successful step)."],
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--reps", type=int, default=30)
    args = ap.parse_args(argv)
    print("| tactic | median ms | × intro | z3 share |")
    print("|---|---:|---:|---:|")
    for r in measure(args.reps):
        print(f"| {r['tactic']} | {r['median_ms']:.2f} | {r['x_intro']:.0f} | {r['z3_share']:.0%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
