"""minilean soundness: false-theorem fuzzing and the cost of the renaming re-check.

`python -m benchmarks.bench_soundness [--quick] [--mutants N] [--budget S] [--seed K]`

* Fuzz: refutable mutants of the shipped true theorems (z3 finds a countermodel), attacked with real proof
  scripts, closers and attack idioms through the three paths (try_apply_tactic, is_valid_source and
  /command, whole-proof scripts); see benchmarks/soundness_fuzz.py. Target: 0 accepted.
* Re-check cost: every accepted source and every successful tactic step is checked again with its
  identifiers renamed. Measured with the re-check on and off (MINILEAN_RENAMING_RECHECK=0) on the shipped
  reference proofs (whole sources and step-by-step replays) and on bench_minilean's tactics (per step);
  a reference proof refused only with the re-check on would be a false refusal (counted).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter
from contextlib import contextmanager
from typing import Any

from benchmarks import soundness_fuzz
from benchmarks.bench_minilean import CASES
from benchmarks.common import BenchResult, fmt, log
from benchmarks.soundness_surface import FALSE_STATEMENTS, SURFACE_ROWS
from minilean import recheck
from minilean.engine import apply_tactic, elaborate, initial_env
from minilean.theorems import full_proof_source


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


Timings = dict[bool, list[float]]


def _interleaved(items: list[Any], fn: Any, rounds: int) -> tuple[Timings, dict[bool, set[int]]]:
    """Time `fn(item)` with the re-check off and on, interleaved per item (order alternating by round),
    so drift in the machine's load hits both modes alike. Returns per-mode times and accepted indices."""
    times: dict[bool, list[float]] = {False: [], True: []}
    ok: dict[bool, set[int]] = {False: set(), True: set()}
    for rnd in range(rounds):
        for i, item in enumerate(items):
            for on in (False, True) if rnd % 2 == 0 else (True, False):
                with recheck_switch(on):
                    t = time.perf_counter()
                    good = fn(item)
                    times[on].append(time.perf_counter() - t)
                if good:
                    ok[on].add(i)
    return times, ok


def source_cost(rows: list[dict], rounds: int = 3) -> dict[str, Any]:
    """Whole-source elaboration of the reference proofs, re-check off vs on, and the sources refused only
    with it on (false refusals)."""
    sources = [full_proof_source(r) for r in rows]
    times, ok = _interleaved(sources, lambda src: not elaborate(initial_env(), src).has_errors, rounds)
    return {
        "sources": len(sources),
        "off": {"median_ms": statistics.median(times[False]) * 1000, "total_s": sum(times[False])},
        "on": {"median_ms": statistics.median(times[True]) * 1000, "total_s": sum(times[True])},
        "accepted_off": len(ok[False]),
        "false_refusals": sorted(rows[i]["id"] for i in ok[False] - ok[True]),
    }


def replay_cost(rows: list[dict], rounds: int = 3) -> dict[str, Any]:
    """Reference proofs replayed step by step through proof_from_sorry + try_apply_tactic (in process),
    re-check off vs on: total time and proofs closed."""
    paths = soundness_fuzz.Paths()

    def replay(r: dict) -> bool:
        m = soundness_fuzz.Mutant(r["id"], r.get("header") or "", r["statement"], "true", r["proof"])
        return paths.tactics_close(m, r["proof"])

    times, ok = _interleaved(rows, replay, rounds)
    return {"proofs": len(rows), "off": {"seconds": sum(times[False]), "closed": len(ok[False])},
            "on": {"seconds": sum(times[True]), "closed": len(ok[True])}}


def tactic_cost(reps: int) -> list[dict[str, Any]]:
    """Median apply_tactic time of bench_minilean's cases, re-check off vs on, interleaved per repetition."""
    rows = []
    for label, stmt, tactic in CASES:
        state = elaborate(initial_env(), f"theorem t {stmt} := by\n  sorry").sorries[0]
        apply_tactic(state, tactic, timeout_ms=5000)  # warm-up
        times, _ = _interleaved([state] * reps, lambda st, tac=tactic: bool(apply_tactic(st, tac, 5000)), 1)
        rows.append({"tactic": label, "off_ms": statistics.median(times[False]) * 1000,
                     "on_ms": statistics.median(times[True]) * 1000})
    return rows


def run(quick: bool = False, *, mutants: int | None = None, budget_s: float | None = None,
        seed: int = 1) -> BenchResult:
    n = mutants if mutants is not None else (6 if quick else 60)
    budget = budget_s if budget_s is not None else (40.0 if quick else 200.0)
    corpus = soundness_fuzz.corpus()
    log(f"soundness: fuzzing {n} mutants (budget {budget:.0f} s, seed {seed})")
    # the new surface first: every hand-written false statement, every surface theorem's mutant, and
    # random false closed statements (quick: a few of each)
    surface = (6, 6, 60) if quick else (len(FALSE_STATEMENTS), len(SURFACE_ROWS), 1500)
    rep = soundness_fuzz.run(corpus, seed=seed, n_mutants=n, budget_s=budget, surface=surface)
    kinds = Counter(kind.split(" / ")[-1] if " / " in kind else kind.split(" ")[0]
                    for _, _, kind, _ in rep.accepted)
    log("soundness: re-check cost on reference proofs and single tactics")
    refs = soundness_fuzz.reference_proofs()
    src = source_cost(refs if not quick else refs[:120], rounds=1 if quick else 3)
    tac = tactic_cost(reps=5 if quick else 15)
    rep_cost = replay_cost(refs if not quick else refs[:120], rounds=1 if quick else 3)
    replay_ratio = rep_cost["on"]["seconds"] / rep_cost["off"]["seconds"]
    tac_ratio = statistics.median(r["on_ms"] / r["off_ms"] for r in tac)
    src_ratio = src["on"]["total_s"] / src["off"]["total_s"]
    rows: list[list[Any]] = [[path, rep.tried[path], sum(1 for a in rep.accepted if a[0] == path)]
                             for path in sorted(rep.tried)]
    rows.append(["all paths", rep.total, len(rep.accepted)])
    notes = [
        f"Fuzz: seed {seed}, {rep.mutants} false statements (surface {surface}; mutants each also "
        f"with its variables renamed to solver-"
        f"internal-looking names), {rep.total:,} attacks in {rep.seconds:.0f} s; accepted by kind: "
        f"{dict(kinds) or 'none'}.",
        "Costs: re-check off and on interleaved per item, order alternating by round (3 rounds), summed.",
        f"Re-check, whole sources: {src['sources']} reference proofs ({src['accepted_off']} accepted "
        f"without it); median {fmt(src['off']['median_ms'])} ms off vs {fmt(src['on']['median_ms'])} ms "
        f"on; total {src_ratio:.2f}x; false refusals: {src['false_refusals'] or 'none'}.",
        f"Re-check, search path: {rep_cost['proofs']} reference proofs replayed step by step through "
        f"try_apply_tactic: {rep_cost['off']['seconds']:.2f} s off vs {rep_cost['on']['seconds']:.2f} s on "
        f"({replay_ratio:.2f}x); proofs closed {rep_cost['off']['closed']} off, "
        f"{rep_cost['on']['closed']} on.",
        "Re-check, per successful tactic step (failing steps are not re-run):\n\n"
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
        f"{tac_ratio:.2f}x per successful step (median)",
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
