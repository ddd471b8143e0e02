"""How often minilean's tactics decide as Mathlib's do, per tactic, on our own examples.

`data/tactic_agreement.jsonl` holds short theorems written for this measurement in the spirit of
Mathlib's tactic tests (MathlibTest/*.lean): each names the tactic under test, the test file and case it
mirrors, and whether Lean + Mathlib accepts the proof (`fail_if_success` cases became expected
rejections, as did proofs of non-theorems). An example agrees when minilean accepts exactly the
expected ones. A false accept (an expected rejection accepted) is a fidelity or soundness bug; a false
reject is a missing capability.

Run: `python -m minilean.mathlib_agreement` (prints a table; `--json` for machine output).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path

from minilean.engine import elaborate, initial_env

DATA = "tactic_agreement.jsonl"


@dataclass(frozen=True)
class Example:
    tactic: str
    expect: str  # "accept" | "reject"
    mirrors: str
    source: str


@dataclass(frozen=True)
class Verdict:
    example: Example
    accepted: bool
    seconds: float
    message: str

    @property
    def agrees(self) -> bool:
        return self.accepted == (self.example.expect == "accept")


def load(path: Path | None = None) -> list[Example]:
    src = path if path else resources.files("minilean").joinpath("data", DATA)
    text = src.read_text()
    out = []
    for no, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if row.get("expect") not in ("accept", "reject"):
            raise ValueError(f"{DATA}:{no}: expect must be 'accept' or 'reject'")
        out.append(Example(row["tactic"], row["expect"], row["mirrors"], row["source"]))
    return out


def judge(ex: Example) -> Verdict:
    t0 = time.perf_counter()
    res = elaborate(initial_env(), ex.source)
    accepted = not res.has_errors and not res.sorries
    msg = next((m.data for m in res.messages if m.severity == "error"), "")
    return Verdict(ex, accepted, time.perf_counter() - t0, str(msg).split("\n")[0])


def summary(verdicts: list[Verdict]) -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = defaultdict(
        lambda: {"n": 0, "agree": 0, "false_accept": 0, "false_reject": 0}
    )
    for v in verdicts:
        row = table[v.example.tactic]
        row["n"] += 1
        row["agree"] += v.agrees
        if not v.agrees:
            row["false_accept" if v.accepted else "false_reject"] += 1
    return dict(sorted(table.items()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--data", type=Path, default=None)
    args = ap.parse_args(argv)
    verdicts = [judge(ex) for ex in load(args.data)]
    table = summary(verdicts)
    if args.json:
        print(
            json.dumps(
                {
                    "per_tactic": table,
                    "disagreements": [
                        {**asdict(v.example), "accepted": v.accepted, "message": v.message}
                        for v in verdicts
                        if not v.agrees
                    ],
                },
                ensure_ascii=False,
                indent=1,
            )
        )
        return 0
    print(f"{'tactic':<16}{'n':>4}{'agree':>7}{'rate':>8}{'false+':>8}{'false-':>8}")
    for tac, row in table.items():
        rate = row["agree"] / row["n"]
        print(
            f"{tac:<16}{row['n']:>4}{row['agree']:>7}{rate:>8.0%}{row['false_accept']:>8}{row['false_reject']:>8}"
        )
    total = sum(r["n"] for r in table.values())
    agree = sum(r["agree"] for r in table.values())
    print(f"{'all':<16}{total:>4}{agree:>7}{agree / total:>8.0%}")
    for v in verdicts:
        if not v.agrees:
            what = "ACCEPTED (expected reject)" if v.accepted else f"rejected: {v.message}"
            print(f"- [{v.example.tactic}] {v.example.mirrors}: {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
