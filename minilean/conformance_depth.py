"""`python -m minilean.conformance_depth [--jsonl PATH] [--json OUT] [--names A,B]`: how far each rejected
public proof is from being accepted.

`minilean.conformance` stops at a proof's first error, so its reasons say where proofs start to fail, not
how many more failures wait behind that one. Here each rejected, statable proof is re-checked with its
failing block admitted: the failing line becomes `sorry` and the lines after it that are indented at
least as deep (the rest of that tactic block, which would run on a closed goal) are dropped. This repeats
until the file has no error left but its `sorry`s, or until an error cannot be placed on a line that can
be admitted (then the row is `stuck`).

A row's *depth* is the number of blocks admitted; rows of depth 1 are one construct away from acceptance
(the rest of their proof already checks), so they are where a fidelity fix flips proofs. The admitted
line count says how much of the proof a fix must also carry. Depths are lower bounds: an admitted block
can hide failures of its own.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from core.atomic import atomic_write_text
from lean_io.client import LeanClient
from lean_io.errors import LeanServerError
from minilean.conformance import (
    _lease,
    _statement_rows,
    check_row,
    classify,
    default_jsonl,
    first_error,
    load_rows,
    prepare,
)

MAX_ROUNDS = 12  # a proof failing in more places than this is far from acceptance; stop there


@dataclass
class Depth:
    name: str
    source: str
    depth: int  # blocks admitted before the file checked (modulo `sorry`), or before it got stuck
    stuck: bool  # an error that admitting a line cannot remove (statement, line 0, the same line again)
    admitted_lines: int  # proof lines replaced or dropped in all
    reasons: list[str] = field(default_factory=list)  # the classified error of each admitted block


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def admit_block(lines: list[str], ln: int, closed: bool = False) -> tuple[list[str], int] | None:
    """`lines` with line `ln` (1-based) replaced by `sorry` at its indentation and the following lines
    indented at least as deep dropped; None when that line cannot be admitted (blank, or the theorem
    header at indentation 0). `closed`: the goal is already closed there (Lean's "no goals"), so the lines
    are dropped and no `sorry` stands in for them. Returns the new lines and how many non-blank proof
    lines were replaced or dropped."""
    if not 0 < ln <= len(lines):
        return None
    text = lines[ln - 1]
    ind = _indent(text)
    if not text.strip() or ind == 0:
        return None
    nxt = lines[ln] if ln < len(lines) else ""
    if text.rstrip().endswith("by") and nxt.strip() and _indent(nxt) > ind:
        # the error sits on a block's opener (Lean puts "unsolved goals" there): admit the block's body
        kept = lines[:ln]
        rest = admit_block(lines, ln + 1, closed)
        return None if rest is None else (kept + rest[0][ln:], rest[1])
    end = ln
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) >= ind):
        end += 1
    n = sum(1 for t in lines[ln - 1 : end] if t.strip())
    return [*lines[: ln - 1], *([] if closed else [" " * ind + "sorry"]), *lines[end:]], n


_DECL_RE = re.compile(r"^(?:theorem|lemma|example)\b")


def admit_proof_body(lines: list[str], ln: int) -> tuple[list[str], int] | None:
    """Line `ln` is the last line of a declaration header that spans several lines and ends in `by` (Lean
    puts "unsolved goals" for the whole proof there): its proof body becomes one `sorry`. The body's
    first line is indented like the header's continuation, so `admit_block` would drop the header's own
    last line (and report the theorem as an unexpected end of input). None when `ln` is no such line."""
    if not 0 < ln < len(lines) or not lines[ln - 1].rstrip().endswith("by"):
        return None
    start = ln - 1
    while start > 0 and _indent(lines[start]) > 0:
        start -= 1
        if lines[start].rstrip().endswith("by"):
            return None  # a `by` block opens above: line `ln` is inside a proof, not the header
    if not _DECL_RE.match(lines[start]) or start == ln - 1:
        return None
    body = [t for t in lines[ln:] if t.strip()]
    if not body or _indent(body[0]) == 0:
        return None
    ind = _indent(body[0])
    end = ln
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > 0):
        end += 1
    n = sum(1 for t in lines[ln:end] if t.strip())
    return [*lines[:ln], " " * ind + "sorry", *lines[end:]], n


def admit_have(lines: list[str], ln: int) -> tuple[list[str], int] | None:
    """A failing `have h : T := …` keeps its statement and the lines after it: its proof becomes
    `sorry` (the term or nested `by` block after `:=` is dropped). None when line `ln` is no such `have`."""
    if not 0 < ln <= len(lines):
        return None
    text = lines[ln - 1]
    m = re.match(r"^(\s*(?:have|replace)\s[^\n]*?\s):=\s", text + " ")
    if m is None or "·" in text[: m.end()]:
        return None
    ind = _indent(text)
    end = ln
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > ind):
        end += 1
    n = sum(1 for t in lines[ln - 1 : end] if t.strip())
    return [*lines[: ln - 1], m.group(1) + ":= sorry", *lines[end:]], n


def depth_of(client: LeanClient, row: dict, statements: dict[str, dict]) -> Depth:
    """Admit failing blocks of one (rejected) row until only `sorry`s are left or it is stuck."""
    name, src = str(row["name"]), str(row.get("source", ""))
    lines = prepare(row["lean"], name, statements).source.split("\n")
    out = Depth(name, src, 0, False, 0)
    last_have = 0  # the line whose `have` proof the previous round admitted
    for _ in range(MAX_ROUNDS):
        with _lease(client) as proc:
            try:
                proc.command("\n".join(lines))
                return out  # only sorries (or nothing) left
            except LeanServerError as e:
                if e.status != 500:
                    raise
                msg, ln, _col = first_error(e.error)
        text = lines[ln - 1] if 0 < ln <= len(lines) else ""
        admitted = None
        closed = msg.startswith("no goals")
        if ln == last_have and text.rstrip().endswith(":= sorry"):
            # the `have`'s statement itself fails: one failure, admitted with its block
            out.depth -= 1
            out.reasons.pop()
            out.admitted_lines -= 1  # its line was counted with its proof, and is counted again below
            admitted = admit_block(lines, ln)
            last_have = 0
        elif msg.startswith("unsolved goals") and (body := admit_proof_body(lines, ln)) is not None:
            lines, n = body  # the proof as a whole leaves a goal: one block, the whole body
            out.depth += 1
            out.admitted_lines += n
            out.reasons.append("unsolved goals at the end of the proof")
            last_have = 0
            continue
        elif text.strip() != "sorry":  # an error on an admitted line cannot be admitted away
            admitted = None if closed else admit_have(lines, ln)
            last_have = ln if admitted is not None else 0
            admitted = admitted or admit_block(lines, ln, closed)
        if admitted is None:
            out.stuck = True
            out.reasons.append(classify(msg, text))
            return out
        lines, n = admitted
        out.depth += 1
        out.admitted_lines += n
        out.reasons.append(classify(msg, text))
    out.stuck = True
    return out


def run(url: str, rows: list[dict], statements: dict[str, dict] | None = None) -> list[Depth]:
    """Depths of the statable rows `url`'s minilean rejects (accepted and unstatable rows are skipped)."""
    statements = _statement_rows() if statements is None else statements
    out = []
    with LeanClient(url) as client:
        for row in rows:
            first = check_row(client, row, statements)
            if first.statable and not first.accepted:
                out.append(depth_of(client, row, statements))
    return out


def report(depths: list[Depth]) -> str:
    by_depth = Counter("stuck" if d.stuck else d.depth for d in depths)
    lines = [f"rejected statable proofs: {len(depths)}; by blocks to admit: "
             + ", ".join(f"{k}: {by_depth[k]}" for k in sorted(by_depth, key=str))]
    near = sorted((d for d in depths if not d.stuck and d.depth <= 2),
                  key=lambda d: (d.depth, d.admitted_lines))
    lines.append("one or two blocks from acceptance (name, source, admitted lines, reasons):")
    lines += [f"  {d.name} [{d.source}] {d.admitted_lines}: " + " | ".join(d.reasons) for d in near]
    blocking = Counter(r for d in depths if not d.stuck and d.depth <= 2 for r in d.reasons)
    lines.append("reasons in those rows (a fix of one flips up to this many proofs):")
    lines += [f"  {n:4d}  {why}" for why, n in blocking.most_common(30)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m minilean.conformance_depth",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--jsonl", type=Path, default=None, help="proofs (default: as minilean.conformance)")
    ap.add_argument("--json", type=Path, default=None, help="write the per-row depths here")
    ap.add_argument("--names", default=None, help="only these theorem names (comma-separated)")
    ap.add_argument("--url", default=None, help="use this minilean server instead of starting one")
    args = ap.parse_args(argv)
    try:
        rows = load_rows(args.jsonl or default_jsonl())
    except (FileNotFoundError, ValueError) as e:
        print(str(e), file=sys.stderr)
        return 2
    if args.names:
        wanted = {n.strip() for n in args.names.split(",") if n.strip()}
        rows = [r for r in rows if r["name"] in wanted]
    if args.url is not None:
        depths = run(args.url, rows)
    else:
        from lean_io.local import minilean_servers

        with minilean_servers(1, max_processes=2) as urls:
            depths = run(urls[0], rows)
    print(report(depths))
    if args.json is not None:
        text = json.dumps([asdict(d) for d in depths], ensure_ascii=False, indent=1)
        atomic_write_text(args.json, text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
