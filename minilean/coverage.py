"""`python -m minilean.coverage [--baseline]`: how much of MiniF2F minilean can state (and prove).

Prints statable/total for the valid and test splits with the most frequent refusal reasons (`--top 0`:
all of them); `--list` also prints every statement still not statable with its reason; with
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


def refusals(split: str) -> list[tuple[str, str]]:
    """(theorem id, reason) for every statement of `split` minilean cannot state, in file order."""
    out = []
    for r in minif2f.load(split):
        good, why = minif2f.statable(r["statement"], r["header"])
        if not good:
            out.append((r["id"], why))
    return out


def coverage(split: str) -> tuple[int, int, Counter]:
    total = len(minif2f.load(split))
    bad = refusals(split)
    reasons: Counter = Counter(_reason_key(why) for _, why in bad)
    return total - len(bad), total, reasons


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--top", type=int, default=12, help="refusal reasons to list per split (0: all)")
    ap.add_argument("--list", action="store_true", help="also list every unstatable statement and why")
    ap.add_argument("--baseline", action="store_true", help="also run the automation baseline")
    args = ap.parse_args(argv)
    for split in minif2f.SPLITS:
        ok, total, reasons = coverage(split)
        print(f"{split}: statable {ok}/{total}")
        for why, n in reasons.most_common(args.top or None):
            print(f"  {n:4d}  {why}")
        if args.list:
            for thm, why in refusals(split):
                print(f"    {split} {thm}: {_reason_key(why)}")
    if args.baseline:
        from minilean.baseline import print_baseline

        print_baseline()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
