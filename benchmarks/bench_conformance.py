"""minilean conformance on public Lean 4 proofs of MiniF2F test theorems:
`python -m benchmarks.bench_conformance [--limit N]`.

Runs `minilean.conformance` (every proof through the LeanTree protocol against a real minilean
server) and reports accepted / statable with the most frequent rejection reasons. The proofs live in the
shared data folder; without it the benchmark says "not measured" instead of failing.
"""

from __future__ import annotations

import argparse
import json
import time

from benchmarks.common import BenchResult, log
from minilean import conformance

TOP_REASONS = 12


def run(quick: bool = False, limit: int | None = None) -> BenchResult:
    t0 = time.perf_counter()
    title = "minilean conformance: public proofs of MiniF2F test theorems"
    target = "report (accepted / statable)"
    path = conformance.default_jsonl()
    if not path.is_file():
        return BenchResult(name="conformance", title=title, target=target, columns=[], rows=[], met=None,
                           summary=f"not measured (no proofs file at {path})",
                           seconds=time.perf_counter() - t0)
    log(f"conformance: {path}")
    results = conformance.measure(path, limit=limit)
    s = conformance.summarize(results)
    share = s.statable / s.total if s.total else 0.0
    rows: list[list] = [["accepted / statable", f"{s.accepted} / {s.statable}", f"{100 * s.rate:.1f}%"],
                        ["statable / total", f"{s.statable} / {s.total}", f"{100 * share:.1f}%"]]
    rows.append(["soundness probe: accepted proofs that also prove their negated conclusion",
                 f"{s.flips_accepted} / {s.flips_checked}", "must be 0"])
    rows.append(["soundness probe: negation also accepted, but z3 refutes the hypotheses (vacuous)",
                 f"{s.flips_vacuous} / {s.flips_checked}", ""])
    rows += [[f"rejected: {why}", n, ""] for why, n in s.reasons.most_common(TOP_REASONS)]
    return BenchResult(
        name="conformance", title=title, target=target, columns=["what", "count", "share"], rows=rows,
        ratio=s.rate, met=None,
        summary=f"{s.accepted}/{s.statable} statable proofs accepted ({100 * s.rate:.1f}%)",
        notes=["A statement is statable when minilean starts a proof of it (`/proof_from_sorry`); a proof is "
               "accepted when the whole file passes `/command` with no error and no sorry. Reasons name the "
               "first failing construct of each rejected statable proof.",
               "Soundness probe: each accepted proof whose conclusion is one relation is re-run with that "
               "relation negated (= to ≠, ≤ to >, …); the proof must then be rejected (unless its hypotheses "
               "are contradictory).",
               "The proofs are evaluation material only (never used for training)."],
        seconds=time.perf_counter() - t0,
        extra={"total": s.total, "statable": s.statable, "accepted": s.accepted,
               "flips_checked": s.flips_checked, "flips_accepted": s.flips_accepted,
               "flips_vacuous": s.flips_vacuous,
               "reasons": dict(s.reasons.most_common())},
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args(argv)
    r = run(limit=args.limit)
    print(json.dumps({"summary": r.summary, "rows": r.rows}, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
