"""`python -m minilean.coverage [--baseline]`: how much of MiniF2F minilean can state (and prove).

Prints statable/total for the valid and test splits with the most frequent refusal reasons; with
`--baseline`, also how many statable statements each automation tactic proves alone at the root.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from minilean import minif2f


def _reason_key(reason: str) -> str:
    # group "unsupported function 'Real.sqrt'" and friends by their kind, keep the name visible
    return re.sub(r"\s+", " ", reason)[:90]


def coverage(split: str) -> tuple[int, int, Counter]:
    rows = minif2f.load(split)
    reasons: Counter = Counter()
    ok = 0
    for r in rows:
        good, why = minif2f.statable(r["statement"], r["header"])
        if good:
            ok += 1
        else:
            reasons[_reason_key(why)] += 1
    return ok, len(rows), reasons


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--top", type=int, default=12, help="refusal reasons to list per split")
    ap.add_argument("--baseline", action="store_true", help="also run the automation baseline")
    args = ap.parse_args(argv)
    for split in minif2f.SPLITS:
        ok, total, reasons = coverage(split)
        print(f"{split}: statable {ok}/{total}")
        for why, n in reasons.most_common(args.top):
            print(f"  {n:4d}  {why}")
    if args.baseline:
        from minilean.baseline import print_baseline

        print_baseline()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
