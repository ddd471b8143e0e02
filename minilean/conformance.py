"""`python -m minilean.conformance [--jsonl PATH] [--json OUT] [--limit N] [--name T ...] [--top K]`:
how many public Lean 4 proofs of MiniF2F test theorems minilean accepts, and why it rejects the others.

Every proof goes through the LeanTree protocol against a real minilean server (a subprocess on loopback,
or `--url`), exactly as a whole-proof check would:

* *statable*: the proof's own theorem statement, after the file's `open` lines, with `:= by sorry`,
  starts a proof (`/proof_from_sorry`) — minilean represents the statement;
* *accepted*: the whole file, `import` lines blanked (a LeanTree server has its imports loaded before
  any command), runs through `/command` with no error and no `sorry`.

A row whose `lean` holds only a tactic body (no `theorem`/`lemma`) is completed with the shipped MiniF2F
statement of the same name. Each check gets a fresh lease, so declarations never leak between rows.
The proofs are read from the shared data folder and never copied into the repository.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from core.atomic import atomic_write_text
from lean_io.client import LeanClient, LeanProcess
from lean_io.errors import LeanBusinessError, LeanServerError
from minilean.comment_mask import blank_comments

_DATA_REL = Path("..") / "shared" / "data" / "minif2f_proofs" / "test_public_proofs.jsonl"
_DECL_RE = re.compile(r"^(?:@\[[^\]]*\]\s*)?(?:private\s+|protected\s+)?(theorem|lemma)\s+([^\s(:{\[]+)")
_ERRORS_PREFIX = "REPL returned error messages: "


def repo_root() -> Path:
    """The checkout holding this package (the folder with pyproject.toml), wherever the package sits."""
    here = Path(__file__).resolve()
    for p in here.parents:
        if (p / "pyproject.toml").is_file():
            return p
    return here.parents[2]


def default_jsonl() -> Path:
    return repo_root() / _DATA_REL


def load_rows(path: Path) -> list[dict]:
    if not path.is_file():
        raise FileNotFoundError(f"conformance: proofs file not found: {path} (pass --jsonl PATH)")
    rows = []
    with open(path, encoding="utf-8") as fh:
        for no, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            row = json.loads(line)
            if not isinstance(row, dict) or not isinstance(row.get("lean"), str) or "name" not in row:
                raise ValueError(f"conformance: {path}:{no}: expected an object with 'name' and 'lean'")
            rows.append(row)
    return rows


# ---------------------------------------------------------------------------------------------- sources


@dataclass(frozen=True)
class Prepared:
    source: str  # what /command receives (line numbers kept: imports are blanked, not removed)
    statement: str | None  # `opens + theorem … := by sorry`, or None when no theorem was found
    flipped: str | None = None  # `source` with the conclusion's one relation negated (soundness probe)


_FLIP = {"=": "≠", "≠": "=", "≤": ">", ">": "≤", "<": "≥", "≥": "<"}


def flip_conclusion(header: str) -> str | None:
    """`header` (a theorem up to its `:=`) with its conclusion's relation replaced by the opposite one,
    when the conclusion is a single relation without connectives; None otherwise."""
    depth, colon = 0, -1
    for k, ch in enumerate(header):
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
        elif ch == ":" and depth == 0 and not header.startswith(":=", k):
            colon = k
    if colon < 0:
        return None
    concl = header[colon + 1 :]
    if re.search(r"[∀∃∧∨↔→¬∣]|\b(fun|if)\b", concl):
        return None
    ops = list(re.finditer(r"≤|≥|≠|<|>|=", concl))
    if len(ops) != 1:
        return None
    m = ops[0]
    return header[: colon + 1] + concl[: m.start()] + _FLIP[m.group()] + concl[m.end() :]


def _statement_end(code: str, start: int) -> int:
    """Index of the top-level `:=` that ends the declaration header starting at `start` (-1: none)."""
    depth = 0
    for k in range(start, len(code)):
        ch = code[k]
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
        elif depth == 0 and code.startswith(":=", k):
            return k
    return -1


def prepare(lean: str, name: str, statements: dict[str, dict] | None = None) -> Prepared:
    """The source to check and the statement to state, from one dataset row's Lean text."""
    source = "\n".join("" if ln.startswith("import ") else ln for ln in lean.split("\n"))
    code = blank_comments(source)  # same length and positions as `source`
    code_lines = code.split("\n")
    decls: list[tuple[int, str]] = []  # (line index, name)
    for i, cl in enumerate(code_lines):
        m = _DECL_RE.match(cl)
        if m:
            decls.append((i, m.group(2)))
    if not decls:
        row = (statements or {}).get(name)
        if row is None:
            return Prepared(lean, None)
        stmt = row["statement"].rstrip()
        if not stmt.endswith("sorry"):
            raise ValueError(f"conformance: MiniF2F statement of {name!r} does not end in sorry")
        head = (row.get("header") or "").rstrip("\n")
        head = "\n".join(ln for ln in head.split("\n") if not ln.startswith("import "))
        body = "\n".join(("  " + ln) if ln.strip() else ln for ln in lean.rstrip().split("\n"))
        source = (head + "\n" if head else "") + stmt[: -len("sorry")].rstrip() + "\n" + body + "\n"
        return prepare(source, name, None)
    main = next((d for d in decls if d[1] in (name, name.split(".")[-1])), decls[-1])
    # the statement: the `open` lines before the theorem, then the theorem header up to its `:=`
    opens = [code_lines[i] for i in range(main[0]) if re.match(r"^open\s", code_lines[i])]
    opens = [o for o in opens if not re.search(r"\bin\s*$", o)]
    offset = sum(len(cl) + 1 for cl in code_lines[: main[0]])
    end = _statement_end(code, offset)
    if end < 0:
        return Prepared(source, None)
    header = code[offset:end].rstrip()
    statement = "\n".join([*opens, header + " := by sorry"]) + "\n"
    flipped_code = flip_conclusion(code[offset:end])  # comments masked: same positions as `source`
    flipped = None
    if flipped_code is not None:
        k = next(i for i, (a, b) in enumerate(zip(flipped_code, code[offset:end], strict=False)) if a != b)
        old_op = re.match(r"≤|≥|≠|<|>|=", code[offset + k :])
        new_op = re.match(r"≤|≥|≠|<|>|=", flipped_code[k:])
        assert old_op is not None and new_op is not None
        flipped = source[: offset + k] + new_op.group() + source[offset + k + len(old_op.group()) :]
    return Prepared(source, statement, flipped)


# ---------------------------------------------------------------------------------------------- reasons


def first_error(error_text: str) -> tuple[str, int, int]:
    """(message, line, column) of the first error in a server error text."""
    if error_text.startswith(_ERRORS_PREFIX):
        try:
            msgs = json.loads(error_text[len(_ERRORS_PREFIX) :])
        except ValueError:
            msgs = []
        if msgs:
            m = msgs[0]
            pos = m.get("pos") or {}
            return str(m.get("data", "")), int(pos.get("line", 1)), int(pos.get("column", 0))
    return error_text, 1, 0


_LEMMA_MSG = re.compile(r"unknown (?:identifier|constant) '([^']+)'")
_TACTIC_MSG = re.compile(r"unknown tactic '([^']+)'")
_COMMAND_MSG = re.compile(r"unsupported command '([^']+)'")
_FUNC_MSG = re.compile(r"unsupported function '([^']+)'")


def _first_word(text: str) -> str:
    m = re.match(r"\s*([A-Za-z_][\w'?!.]*|·|<;>|\S+)", text)
    return m.group(1) if m else ""


def classify(message: str, line_text: str) -> str:
    """A short, countable reason: the failing construct and the kind of failure."""
    msg = message.strip()
    line = line_text.strip()
    first = msg.split("\n")[0]
    if m := _COMMAND_MSG.search(first):
        words = line.split()
        two = m.group(1) in ("noncomputable", "set_option")
        return "command: " + " ".join(words[:2] if two else words[:1])
    if "nested `by`" in first:
        return "nested by in have"
    if first.startswith("minilean: only `simp only") or re.match(r"^simp\b", line):
        head = "simp"
    else:
        head = _first_word(line) or "?"
    if head in ("·", ".", "case", "next"):
        head = head + " " + _first_word(line[len(head) :].lstrip("· ").lstrip())
    if m := _LEMMA_MSG.search(first):
        return f"lemma as term: {m.group(1)}"
    if m := _TACTIC_MSG.search(first):
        return f"tactic: {m.group(1)}"
    if m := _FUNC_MSG.search(first):
        return f"statement function: {m.group(1)}"
    if "<;>" in line:
        return f"<;> ({head})"
    if "unsolved goals" in first:
        return f"unsolved goals after {head}"
    if "timed out" in first:
        return f"timeout: {head}"
    kind = re.sub(r"'([^']{13,})'", "'…'", first)  # short quotes (tokens) say what failed; keep them
    kind = re.sub(r"\d+", "N", kind)
    return f"{head}: {kind[:70]}"


# ---------------------------------------------------------------------------------------------- checking


@dataclass
class RowResult:
    name: str
    source: str
    statable: bool
    accepted: bool
    reason: str  # "" when accepted
    detail: str  # the first error message (first line), or why the statement was refused
    line: int = 0
    flip_accepted: bool | None = None  # accepted proofs only: does the proof also "prove" the negation?
    # ... and if it does: z3 refutes the statement's hypotheses, so proving anything is right (vacuous)
    flip_vacuous: bool | None = None


def _lease(client: LeanClient) -> LeanProcess:
    proc = client.get_process(timeout=60.0)
    if proc is None:
        raise RuntimeError("conformance: no minilean process became free within 60 s")
    return proc


def check_row(client: LeanClient, row: dict, statements: dict[str, dict] | None = None) -> RowResult:
    name, src = str(row["name"]), str(row.get("source", ""))
    prep = prepare(row["lean"], name, statements)
    statable, why_not = False, "no theorem statement found"
    if prep.statement is not None:
        with _lease(client) as proc:
            try:
                proc.proof_from_sorry(prep.statement)
                statable, why_not = True, ""
            except LeanBusinessError as e:
                why_not = first_error(str(getattr(e, "error", e)))[0].split("\n")[0]
    lines = prep.source.split("\n")
    with _lease(client) as proc:
        try:
            resp = proc.command(prep.source)
        except LeanServerError as e:
            if e.status != 500:
                raise
            msg, ln, _col = first_error(e.error)
            text = lines[ln - 1] if 0 < ln <= len(lines) else ""
            return RowResult(name, src, statable, False, classify(msg, text), msg.split("\n")[0], ln)
    if resp.get("sorries") or any("sorry" in str(m.get("data", "")) for m in resp.get("messages", [])):
        return RowResult(name, src, statable, False, "proof uses sorry", "declaration uses 'sorry'")
    flip_accepted = None
    if prep.flipped is not None:  # soundness probe: the same proof must not also prove the negation
        with _lease(client) as proc:
            try:
                flipped = proc.command(prep.flipped)
                flip_accepted = not flipped.get("sorries")
            except LeanServerError as e:
                if e.status != 500:
                    raise
                flip_accepted = False
    vacuous = hypotheses_refuted(prep.statement) if flip_accepted and prep.statement else None
    if not statable:  # accepted as a whole but its statement alone was refused: report, never hide
        return RowResult(name, src, statable, True, "", f"statement refused: {why_not}", 0, flip_accepted,
                         vacuous)
    return RowResult(name, src, statable, True, "", "", 0, flip_accepted, vacuous)


def hypotheses_refuted(statement: str, timeout_ms: int = 10_000) -> bool:
    """Does z3 alone refute the hypotheses of `statement` (`… := by sorry`)?

    A proof that also "proves" its negated conclusion is a soundness bug unless the hypotheses contradict
    each other (MiniF2F has such statements: `(11:ℝ)^(1 / 4)` is `11 ^ 0` in Lean). The check asks z3,
    not minilean's tactics, so a tactic bug cannot excuse itself."""
    from minilean import smt
    from minilean.engine import elaborate, initial_env
    from minilean.goals import goal_sorts_all
    from minilean.syntax import FALSE

    res = elaborate(initial_env(), statement)
    if res.has_errors or len(res.sorries) != 1 or len(res.sorries[0].goals) != 1:
        return False
    g = res.sorries[0].goals[0]
    hyps = [h.ty for h in g.hyps if not h.is_var]
    try:
        return smt.valid(hyps, FALSE, goal_sorts_all(g), timeout_ms=timeout_ms) is True
    except smt.Untranslatable:
        return False


def _statement_rows() -> dict[str, dict]:
    """MiniF2F statements by id, both splits (their ids are disjoint), so a body-only proof of a valid
    theorem is checked against the valid statement just as a test one is."""
    from minilean import minif2f

    return {r["id"]: r for split in ("test", "valid") for r in minif2f.load(split)}


def run_rows(url: str, rows: Iterable[dict], statements: dict[str, dict] | None = None) -> list[RowResult]:
    """Check `rows` on the server at `url`; body-only rows take their statement from `statements`
    (id -> MiniF2F row; default: the shipped MiniF2F statements, test and valid)."""
    statements = _statement_rows() if statements is None else statements
    with LeanClient(url) as client:
        return [check_row(client, r, statements) for r in rows]


@dataclass(frozen=True)
class Summary:
    total: int
    statable: int
    accepted: int  # accepted among statable
    accepted_any: int  # accepted, statable or not
    reasons: Counter  # reason -> count, over statable rows that were rejected
    flips_checked: int = 0  # accepted proofs whose conclusion could be negated
    flips_accepted: int = 0  # ... and whose negation was accepted too (a soundness bug; must be 0)
    flips_vacuous: int = 0  # negation accepted, but z3 refutes the hypotheses (not counted above)

    @property
    def rate(self) -> float:
        return self.accepted / self.statable if self.statable else 0.0


def summarize(results: list[RowResult]) -> Summary:
    st = [r for r in results if r.statable]
    return Summary(
        total=len(results),
        statable=len(st),
        accepted=sum(r.accepted for r in st),
        accepted_any=sum(r.accepted for r in results),
        reasons=Counter(r.reason for r in st if not r.accepted),
        flips_checked=sum(r.flip_accepted is not None for r in results),
        flips_accepted=sum(bool(r.flip_accepted) and not r.flip_vacuous for r in results),
        flips_vacuous=sum(bool(r.flip_accepted) and bool(r.flip_vacuous) for r in results),
    )


def measure(
    jsonl: Path | None = None,
    limit: int | None = None,
    url: str | None = None,
    statements: dict[str, dict] | None = None,
    names: set[str] | None = None,
) -> list[RowResult]:
    rows = load_rows(jsonl or default_jsonl())
    if names:
        # A fix is checked on the rows it targets first; the whole set is re-run before merging.
        rows = [r for r in rows if r.get("name") in names]
        if not rows:
            raise ValueError(f"no row is named {sorted(names)}")
    if limit is not None:
        rows = rows[:limit]
    if url is not None:
        return run_rows(url, rows, statements)
    from lean_io.local import minilean_servers

    with minilean_servers(1, max_processes=2) as urls:
        return run_rows(urls[0], rows, statements)


def report(s: Summary, top: int = 20) -> str:
    out = [
        f"accepted/statable: {s.accepted}/{s.statable} ({100 * s.rate:.1f} %); total proofs {s.total}; "
        f"accepted overall {s.accepted_any}",
        f"soundness probe: {s.flips_checked} accepted proofs re-run with the conclusion's relation negated, "
        f"{s.flips_accepted} still accepted (must be 0); {s.flips_vacuous} more whose hypotheses z3 refutes "
        f"(vacuous: any conclusion follows)",
        f"top rejection reasons (statable rows, first failing construct), "
        f"{sum(s.reasons.values())} rejected:",
    ]
    out += [f"  {n:4d}  {why}" for why, n in s.reasons.most_common(top)]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m minilean.conformance", description=__doc__.split("\n")[0]
    )
    ap.add_argument(
        "--jsonl", type=Path, default=None, help=f"proofs (default <repo>/{_DATA_REL.as_posix()})"
    )
    ap.add_argument("--json", type=Path, default=None, help="write per-row results and the summary here")
    ap.add_argument("--limit", type=int, default=None, help="check only the first N rows")
    ap.add_argument("--top", type=int, default=20, help="rejection reasons to list")
    ap.add_argument(
        "--name", action="append", default=None, help="check only rows of this theorem (repeatable)"
    )
    ap.add_argument("--url", default=None, help="use this minilean server instead of starting one")
    args = ap.parse_args(argv)
    if args.limit is not None and args.limit <= 0:
        ap.error(f"--limit must be > 0, got {args.limit}")
    try:
        results = measure(args.jsonl, args.limit, args.url, names=set(args.name or ()))
    except (FileNotFoundError, ValueError) as e:
        print(str(e), file=sys.stderr)
        return 2
    s = summarize(results)
    print(report(s, args.top))
    if args.json is not None:
        payload = {
            "total": s.total,
            "statable": s.statable,
            "accepted": s.accepted,
            "accepted_any": s.accepted_any,
            "flips_checked": s.flips_checked,
            "flips_accepted": s.flips_accepted,
            "flips_vacuous": s.flips_vacuous,
            "reasons": dict(s.reasons.most_common()),
            "rows": [asdict(r) for r in results],
        }
        atomic_write_text(args.json, json.dumps(payload, ensure_ascii=False, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
