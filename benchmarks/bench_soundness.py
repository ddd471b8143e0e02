"""minilean soundness: false-theorem fuzzing and the cost of the renaming re-check.

`python -m benchmarks.bench_soundness [--quick] [--mutants N] [--budget S] [--seed K]`

* Fuzz: refutable mutants of the shipped true theorems (z3 finds a countermodel), attacked with real proof
  scripts, closers and attack idioms through the three paths (try_apply_tactic, is_valid_source and
  /command, whole-proof scripts); see lean_io/minilean/soundness_fuzz.py. Target: 0 accepted.
* Re-check cost: every accepted source and every goal-closing tactic step is checked again with its
  identifiers renamed. Measured with the re-check on and off (MINILEAN_RENAMING_RECHECK=0) on the shipped
  reference proofs (whole sources) and on the closing tactics of bench_minilean (per step); a reference
  proof refused only with the re-check on would be a false refusal (counted).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter
from contextlib import contextmanager
from typing import Any

from benchmarks.bench_minilean import CASES
from benchmarks.common import BenchResult, fmt, log
from lean_io.minilean import recheck, soundness_fuzz
from lean_io.minilean.engine import apply_tactic, elaborate, initial_env
from lean_io.minilean.theorems import full_proof_source


@contextmanager
def recheck_switch(on: bool) -> Any:
    old = os.environ.get(recheck.ENV_SWITCH)
    os.environ[recheck.ENV_SWITCH] = "1" if on else "0"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(recheck.ENV_SWITCH, None)
        else:
            os.environ[recheck.ENV_SWITCH] = old


def source_cost(rows: list[dict], reps: int) -> dict[str, Any]:
    """Median per-source elaboration time of the reference proofs, re-check off and on."""
    sources = [full_proof_source(r) for r in rows]
    out: dict[str, Any] = {}
    accepted: dict[bool, set[int]] = {}
    for on in (False, True):
        with recheck_switch(on):
            times: list[float] = []
            ok: set[int] = set()
            for _ in range(reps):
                for i, src in enumerate(sources):
                    t = time.perf_counter()
                    res = elaborate(initial_env(), src)
                    times.append(time.perf_counter() - t)
                    if not res.has_errors:
                        ok.add(i)
            out["on" if on else "off"] = {"median_ms": statistics.median(times) * 1000, "total_s": sum(times)}
            accepted[on] = ok
    out["sources"] = len(sources)
    out["accepted_off"] = len(accepted[False])
    out["false_refusals"] = sorted(rows[i]["id"] for i in accepted[False] - accepted[True])
    return out


def replay_cost(rows: list[dict]) -> dict[str, Any]:
    """Reference proofs replayed step by step through try_apply_tactic (in process), re-check off and on:
    total time, proofs closed, and the share of steps that close a goal (only those are re-checked)."""
    paths = soundness_fuzz.Paths()
    out: dict[str, Any] = {}
    for on in (False, True):
        with recheck_switch(on):
            closed = 0
            t = time.perf_counter()
            for r in rows:
                m = soundness_fuzz.Mutant(r["id"], r.get("header") or "", r["statement"], "true", r["proof"])
                closed += paths.tactics_close(m, r["proof"])
            out["on" if on else "off"] = {"seconds": time.perf_counter() - t, "closed": closed}
    out["proofs"] = len(rows)
    return out


def tactic_cost(reps: int) -> list[dict[str, Any]]:
    """Median apply_tactic time of bench_minilean's cases (all close their goal), re-check off and on."""
    rows = []
    for label, stmt, tactic in CASES:
        res = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry")
        state = res.sorries[0]
        med = {}
        for on in (False, True):
            with recheck_switch(on):
                apply_tactic(state, tactic, timeout_ms=5000)  # warm-up
                times = []
                for _ in range(reps):
                    t = time.perf_counter()
                    apply_tactic(state, tactic, timeout_ms=5000)
                    times.append(time.perf_counter() - t)
                med[on] = statistics.median(times) * 1000
        rows.append({"tactic": label, "off_ms": med[False], "on_ms": med[True]})
    return rows


def run(quick: bool = False, *, mutants: int | None = None, budget_s: float | None = None,
        seed: int = 1) -> BenchResult:
    n = mutants if mutants is not None else (6 if quick else 60)
    budget = budget_s if budget_s is not None else (40.0 if quick else 200.0)
    corpus = soundness_fuzz.corpus()
    log(f"soundness: fuzzing {n} mutants (budget {budget:.0f} s, seed {seed})")
    rep = soundness_fuzz.run(corpus, seed=seed, n_mutants=n, budget_s=budget)
    kinds = Counter(kind.split(" / ")[-1] if " / " in kind else kind.split(" ")[0]
                    for _, _, kind, _ in rep.accepted)
    log("soundness: re-check cost on reference proofs and closing tactics")
    src = source_cost(corpus if not quick else corpus[:120], reps=1)
    tac = tactic_cost(reps=5 if quick else 15)
    rep_cost = replay_cost(corpus if not quick else corpus[:120])
    replay_ratio = rep_cost["on"]["seconds"] / rep_cost["off"]["seconds"]
    tac_ratio = statistics.median(r["on_ms"] / r["off_ms"] for r in tac)
    src_ratio = src["on"]["total_s"] / src["off"]["total_s"]
    rows: list[list[Any]] = [[path, rep.tried[path], sum(1 for a in rep.accepted if a[0] == path)]
                             for path in sorted(rep.tried)]
    rows.append(["all paths", rep.total, len(rep.accepted)])
    notes = [
        f"Fuzz: seed {seed}, {rep.mutants} mutants (each also with its variables renamed to solver-"
        f"internal-looking names), {rep.total:,} attacks in {rep.seconds:.0f} s; accepted by kind: "
        f"{dict(kinds) or 'none'}.",
        f"Re-check, whole sources: {src['sources']} reference proofs ({src['accepted_off']} accepted "
        f"without it); median {fmt(src['off']['median_ms'])} ms off vs {fmt(src['on']['median_ms'])} ms "
        f"on; total {src_ratio:.2f}x; false refusals: {src['false_refusals'] or 'none'}.",
        f"Re-check, search path: {rep_cost['proofs']} reference proofs replayed step by step through "
        f"try_apply_tactic: {rep_cost['off']['seconds']:.2f} s off vs {rep_cost['on']['seconds']:.2f} s on "
        f"({replay_ratio:.2f}x); proofs closed {rep_cost['off']['closed']} off, "
        f"{rep_cost['on']['closed']} on.",
        "Re-check, per tactic step (it runs only when a step closes a goal; these all do):\n\n"
        + "\n".join(["| tactic | off ms | on ms | × |", "|---|---:|---:|---:|"]
                    + [f"| {r['tactic']} | {r['off_ms']:.2f} | {r['on_ms']:.2f} | "
                       f"{r['on_ms'] / r['off_ms']:.2f} |" for r in tac]),
    ]
    return BenchResult(
        name="soundness",
        title="minilean soundness: false theorems accepted under fuzzing",
        target="0 false theorems accepted",
        columns=["path", "attacks tried", "accepted"],
        rows=rows,
        ratio=float(len(rep.accepted)),
        met=not rep.accepted,
        summary=f"{len(rep.accepted)} accepted of {rep.total:,} attacks on {rep.mutants} false mutants; "
        f"re-check cost {src_ratio:.2f}x per source, {replay_ratio:.2f}x per replayed proof, "
        f"{tac_ratio:.2f}x per closing step (median)",
        notes=notes,
        extra={"tried": rep.tried, "accepted": [a[:3] for a in rep.accepted[:50]], "source_cost": src,
               "tactic_cost": tac, "replay_cost": rep_cost},
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--mutants", type=int, default=None)
    ap.add_argument("--budget", type=float, default=None, help="fuzzing seconds")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    r = run(args.quick, mutants=args.mutants, budget_s=args.budget, seed=args.seed)
    print(r.summary)
    print("| " + " | ".join(r.columns) + " |")
    for row in r.rows:
        print("| " + " | ".join(str(x) for x in row) + " |")
    for note in r.notes:
        print("\n" + note)
    return 0 if r.met else 1


if __name__ == "__main__":
    raise SystemExit(main())
