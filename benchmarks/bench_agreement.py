"""Agreement with Mathlib's tactic tests, per tactic: `python -m minilean.mathlib_agreement` as a benchmark.

The examples (minilean/data/tactic_agreement.jsonl) are our own, each labelled with the Mathlib test case
it mirrors and whether Mathlib accepts it (its `fail_if_success` cases are the expected rejections). A
false accept is a tactic stronger than Mathlib's; a false reject one weaker.
"""

from __future__ import annotations

from benchmarks.common import BenchResult
from minilean import mathlib_agreement as agreement


def run(quick: bool = False) -> BenchResult:
    table = agreement.summary([agreement.judge(ex) for ex in agreement.load()])
    rows = [[t, r["n"], r["agree"], f"{r['agree'] / r['n']:.0%}", r["false_accept"], r["false_reject"]]
            for t, r in table.items()]
    n, agree = sum(r["n"] for r in table.values()), sum(r["agree"] for r in table.values())
    false_accepts = sum(r["false_accept"] for r in table.values())
    return BenchResult(
        name="agreement",
        title="minilean: agreement with Mathlib's tactic tests",
        target="no false accept (a tactic never closes what Mathlib's refuses)",
        columns=["tactic", "examples", "agree", "rate", "false accepts", "false rejects"],
        rows=rows, ratio=agree / n if n else None, met=false_accepts == 0,
        summary=f"{agree}/{n} agree over {len(table)} tactics; {false_accepts} false accepts",
        notes=["The examples are written by us in the spirit of Mathlib's MathlibTest files; they measure "
               "documented behaviour, not an independent sample."],
    )
