"""False-theorem fuzzer: real proof scripts and known attack idioms against refutable statements.

Mutants are made from the shipped true theorems that have reference proofs: flip a numeral of the goal,
flip its relation, negate it, or drop a hypothesis; a mutant is kept only when z3 finds a countermodel
(so it is really false) and minilean states it exactly. Each mutant is then attacked through the three
ways a proof reaches minilean: tactic by tactic (`try_apply_tactic`, what the search does), as a whole
source (`is_valid_source` and `/command`), and as a whole-proof script (stp.whole_proof's source).

Scripts are the true theorem's own proof, single closers, and attack idioms: user names equal to the
names solvers use internally (current and former patterns), renaming an inaccessible variable with
`case … =>` / `next … =>` after `cases`/`obtain`/bare `intro` and then capturing it with `intro`, and
declarations hidden behind `open … in`, `set_option … in`, indented lines or other commands. A sound
minilean accepts none of them: `accepted` must stay empty.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from benchmarks.soundness_closed import CLOSED_CLOSERS, false_closed
from benchmarks.soundness_surface import SURFACE_SCRIPTS, false_statements, surface_rows
from minilean import smt
from minilean.engine import elaborate, initial_env
from minilean.goals import Goal
from minilean.names import rename_hyp
from minilean.syntax import (
    EBin,
    ECast,
    ENeg,
    ENum,
    Expr,
    PBin,
    PNot,
    PRel,
    Prop,
    show_prop,
)
from minilean.theorems import full_proof_source

# z3 constant names minilean's solvers generate now (never identifiers) and used to generate (identifiers)
INTERNAL_NAMES = (
    smt.internal_name("atom", 0),
    smt.internal_name("atom", 1),
    smt.internal_name("mono", 0),
    smt.internal_name("bound", 0, "x"),
    "atom0",
    "atom1",
    "atom2",
    "m0",
    "m1",
    "x!0",
    "x!1",
    "n!0",
)

_FLIP = {"=": "≠", "≠": "=", "<": "≥", "≤": ">", ">": "≤", "≥": "<"}
_CLOSERS = (
    "omega",
    "linarith",
    "nlinarith",
    "norm_num",
    "positivity",
    "decide",
    "simp",
    "trivial",
    "assumption",
    "rfl",
    "intros\nomega",
    "intros\nlinarith",
    "exfalso\nomega",
    "exfalso\nlinarith",
    "nlinarith [sq_nonneg (x - y), sq_nonneg (x + y)]",
)


WRAPPED_SCRIPTS = ("original proof", "closer omega", "closer norm_num", "closer decide", "closer rfl")


@dataclass(frozen=True)
class Mutant:
    id: str
    header: str
    statement: str  # `theorem … := by\n  sorry`
    how: str
    proof: str  # the original (true) theorem's proof script


@dataclass
class Report:
    mutants: int = 0
    tried: dict[str, int] = field(default_factory=dict)  # path -> attacks tried
    accepted: list[tuple[str, str, str, str]] = field(default_factory=list)  # (path, mutant, kind, text)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        return sum(self.tried.values())


# ---------------------------------------------------------------------------------------------- mutants


def _numerals(e: Expr) -> int:
    if isinstance(e, ENum):
        return 1
    if isinstance(e, EBin):
        return _numerals(e.lhs) + (_numerals(e.rhs) if e.op != "^" else 0)
    if isinstance(e, ENeg | ECast):
        return _numerals(e.arg)
    return 0


def _bump(e: Expr, k: int) -> tuple[Expr, int]:
    """Add 1 to the `k`-th numeral of `e` (exponents untouched); returns the new term and the k left."""
    if isinstance(e, ENum):
        return (ENum(e.n + 1), -1) if k == 0 else (e, k - 1)
    if isinstance(e, EBin):
        lhs, k = _bump(e.lhs, k)
        if e.op == "^" or k < 0:
            return EBin(e.op, lhs, e.rhs), k
        rhs, k = _bump(e.rhs, k)
        return EBin(e.op, lhs, rhs), k
    if isinstance(e, ENeg):
        a, k = _bump(e.arg, k)
        return ENeg(a), k
    if isinstance(e, ECast):
        a, k = _bump(e.arg, k)
        return ECast(a, e.src, e.dst), k
    return e, k


def _target_mutations(t: Prop, rng: random.Random) -> list[tuple[str, Prop]]:
    out: list[tuple[str, Prop]] = [("negate", PNot(t))]
    if isinstance(t, PRel) and t.op in _FLIP:
        out.append(("flip-relation", PRel(_FLIP[t.op], t.lhs, t.rhs, t.ty)))
        n = _numerals(t.lhs) + _numerals(t.rhs)
        if n:
            k = rng.randrange(n)
            lhs, k2 = _bump(t.lhs, k)
            rhs, _ = _bump(t.rhs, k2) if k2 >= 0 else (t.rhs, -1)
            out.append(("bump-constant", PRel(t.op, lhs, rhs, t.ty)))
    if isinstance(t, PBin) and t.op == "∧":
        out.append(("flip-conjunct", PBin("∧", t.lhs, PNot(t.rhs))))
    return out


def _statement(name: str, g: Goal) -> str | None:
    parts = []
    for h in g.hyps:
        if not h.accessible:
            return None
        ty = h.ty if isinstance(h.ty, str) else show_prop(h.ty)
        parts.append(f"({h.name} : {ty})")
    return f"theorem {name} {' '.join(parts)} : {show_prop(g.target)} := by\n  sorry"


def _root_goal(header: str, statement: str) -> Goal | None:
    res = elaborate(initial_env(), (header + "\n" if header else "") + statement)
    if res.has_errors or len(res.sorries) != 1:
        return None
    return res.sorries[0].goals[0]


def _refutable(g: Goal) -> bool:
    sorts = {h.name: h.ty for h in g.hyps if h.is_var}
    hyps = [h.ty for h in g.hyps if not h.is_var]
    try:
        return smt.valid(hyps, g.target, sorts, timeout_ms=2000) is False  # type: ignore[arg-type]
    except smt.Untranslatable:
        return False


def mutants(rows: list[dict], rng: random.Random, limit: int) -> Iterator[Mutant]:
    """Up to `limit` refutable mutants of `rows` (true theorems with proofs), in a seeded order."""
    order = list(range(len(rows)))
    rng.shuffle(order)
    made = 0
    for i in order:
        if made >= limit:
            return
        row = rows[i]
        header = row.get("header") or ""
        g = _root_goal(header, row["statement"])
        if g is None:
            continue
        cands = [(how, Goal(g.hyps, t, None)) for how, t in _target_mutations(g.target, rng)]
        proof_hyps = [k for k, h in enumerate(g.hyps) if not h.is_var]
        if proof_hyps:
            k = rng.choice(proof_hyps)
            cands.append(("drop-hypothesis", Goal(g.hyps[:k] + g.hyps[k + 1 :], g.target, None)))
        rng.shuffle(cands)
        for how, mg in cands:
            name = f"{row['id']}_false"
            st = _statement(name, mg)
            if st is None or not _refutable(mg):
                continue
            back = _root_goal(header, st)
            if back is None or back.target != mg.target:
                continue
            made += 1
            yield Mutant(name, header, st, how, row["proof"])
            break


def with_internal_names(m: Mutant) -> Mutant | None:
    """The mutant with its variables renamed to solver-internal-looking identifiers."""
    g = _root_goal(m.header, m.statement)
    if g is None:
        return None
    legal = [n for n in INTERNAL_NAMES if not n.startswith(smt.INTERNAL_MARK)]
    for k, n in zip([i for i, h in enumerate(g.hyps) if h.is_var], legal, strict=False):
        try:
            g = rename_hyp(g, k, n)
        except Exception:  # a name that would be captured: keep the original one
            continue
    st = _statement(m.id + "_internal", g)
    # the statement is re-read from its display, which (as Lean's) omits numeral types: `Int.ceil (-(3 : ℝ)
    # / 2)` displays as `Int.ceil (-3 / 2)`, which reads back over ℤ, a different (true) theorem. Keep the
    # variant only when it reads back as the goal it was rendered from, as `mutants` does.
    back = _root_goal(m.header, st) if st is not None else None
    if back is None or back.target != g.target:
        return None
    return Mutant(m.id + "_internal", m.header, st, m.how + "+internal-names", m.proof)


# ---------------------------------------------------------------------------------------------- scripts


def attack_scripts() -> list[tuple[str, str]]:
    """Scripts that try to prove any goal by first proving a false lemma `key`."""
    out: list[tuple[str, str]] = []
    for nm in INTERNAL_NAMES:
        for op, ty in (("*", "ℤ"), ("*", "ℕ"), ("%", "ℤ"), ("/", "ℕ")):
            out.append(
                (
                    f"internal-name {nm} {op} {ty}",
                    f"have key : ∀ {nm} x : {ty}, x {op} x = {nm}\n"
                    f"· intro {nm} x\n  omega\nhave k2 : (1 : {ty}) {op} 1 = 2 := key 2 1\nexfalso\nomega",
                )
            )
        out.append(
            (
                f"internal-name {nm} linarith",
                f"have key : ∀ {nm} x : ℝ, x * x = {nm}\n"
                f"· intro {nm} x\n  nlinarith\nhave k2 : (1 : ℝ) * 1 = 2 := key 2 1\nexfalso\nlinarith",
            )
        )
    rename_tail = "have k2 : 1 = 0 := key ⟨0, rfl⟩ 1\nexfalso\nomega"
    out += [
        (
            "case-rename after cases ∃",
            "have key : (∃ x : ℕ, x = 0) → ∀ x : ℕ, x = 0\n"
            "· intro h\n  cases h\n  case intro y hy =>\n    intro x\n    exact hy\n" + rename_tail,
        ),
        (
            "next-rename after obtain ∃",
            "have key : (∃ x : ℕ, x = 0) → ∀ x : ℕ, x = 0\n"
            "· intro h\n  obtain ⟨_, hy⟩ := h\n  next y =>\n    intro x\n    exact hy\n" + rename_tail,
        ),
        (
            "next-rename after rcases ∃",
            "have key : (∃ x : ℕ, x = 0) → ∀ x : ℕ, x = 0\n"
            "· intro h\n  rcases h with ⟨_, hy⟩\n  next y _ =>\n    intro x\n    exact hy\n" + rename_tail,
        ),
        (
            "next-rename after bare intro",
            "have key : ∀ x : ℕ, x = 0 → ∀ y : ℕ, y = 0\n"
            "· intro\n  intro h\n  next z =>\n    intro x\n    exact h\n"
            "have k2 : 1 = 0 := key 0 rfl 1\nexfalso\nomega",
        ),
        (
            "case-rename to an existing inaccessible name",
            "have key : ∀ x : ℕ, ∀ y : ℕ, x = y\n"
            "· intro\n  intro\n  next x =>\n    rfl\n"
            "have k2 : 0 = 1 := key 0 1\nexfalso\nomega",
        ),
    ]
    return out


def _wrap(statement: str, script: str) -> str:
    body = statement.rstrip()[: -len("sorry")].rstrip(" ")
    return body + "\n".join("  " + ln for ln in script.split("\n"))


def source_wrappers(m: Mutant, script: str) -> list[tuple[str, str]]:
    """Whole sources hiding the mutant (with `script` as its proof) behind commands minilean skipped."""
    thm = _wrap(m.statement, script)
    indented = "\n".join("  " + ln for ln in thm.split("\n"))
    hdr = (m.header + "\n") if m.header else ""
    return [
        ("plain", hdr + thm),
        ("open-in same line", hdr + "open Nat in " + thm),
        ("open-in next line", hdr + "open Nat Real in\n" + thm),
        ("indented under open", "open BigOperators Real Nat Topology Rat\n" + indented),
        ("indented under set_option", "set_option maxHeartbeats 400000\n" + indented),
        ("set_option-in", hdr + "set_option maxHeartbeats 400000 in\n" + thm),
        ("set_option other", "set_option linter.unusedVariables false\n" + indented),
        ("namespace block", hdr + "namespace Foo\n" + thm + "\nend Foo"),
        ("section block", hdr + "section\n" + thm + "\nend"),
        ("under a term proof", hdr + "theorem ok_first : True := trivial\n" + indented),
        ("under a tactic proof", hdr + "theorem ok_first : True := by\n  trivial\n" + indented),
        ("attribute", hdr + "@[simp] " + thm),
        ("private", hdr + "private " + thm),
        ("after a stray open in", hdr + "open Nat in\nopen Real in\n" + thm),
    ]


def scripts_for(m: Mutant) -> list[tuple[str, str]]:
    out = [("original proof", m.proof)] if m.proof.strip() else []
    out += [(f"closer {c.splitlines()[-1]}", c) for c in _CLOSERS]
    out += attack_scripts()
    out += [(f"surface {s.splitlines()[0]}", s) for s in SURFACE_SCRIPTS]
    return [(k, s) for k, s in out if "sorry" not in s]


# ---------------------------------------------------------------------------------------------- paths


class Paths:
    """The three ways a proof reaches minilean, in process (the HTTP layer adds only transport)."""

    def __init__(self) -> None:
        from minilean.server import HttpError, MiniLeanApp

        self.app = MiniLeanApp(max_processes=1)
        self.HttpError = HttpError
        pid = self.app.get_process({"blocking": True, "timeout": 5})["process_id"]
        self.entry = self.app.pool.begin(pid)

    def _fresh(self) -> None:
        self.entry.env = initial_env()
        self.entry.branches.clear()

    def source_valid(self, source: str) -> bool:
        self._fresh()
        return self.app.is_valid_source(self.entry, source)

    def command_ok(self, source: str) -> bool:
        self._fresh()
        try:
            resp = self.app.command(self.entry, source)
        except self.HttpError:
            return False
        return not any("sorry" in msg["data"] for msg in resp["messages"])

    def whole_proof_ok(self, m: Mutant, script: str) -> bool:
        from stp.whole_proof import proof_source, script_problem

        if script_problem(script) is not None:
            return False
        self._fresh()
        row = {"id": m.id, "statement": m.statement, "header": m.header}
        return self.app.is_valid_source(self.entry, proof_source(row, script))

    def tactics_close(self, m: Mutant, script: str, prefix: str = "") -> bool:
        """Drive `script` line by line through proof_from_sorry + try_apply_tactic on the first open
        branch (bullets and `case`/`next` headers are not tactics: their inner tactic is sent)."""
        self._fresh()
        src = prefix + (m.header + "\n" if m.header else "") + m.statement.replace(
            f"theorem {m.id} ", "example ", 1
        )
        got = self.app.proof_from_sorry(self.entry, src)
        if "value" not in got:
            return False
        branches = [got["value"]["branch_id"]]
        steps: list[str] = []
        for raw in script.split("\n"):
            if steps and raw.strip().startswith("_ "):  # a calc step belongs to the `calc` above it
                steps[-1] += "\n  " + raw.strip()
            elif raw.strip().startswith("| ") and steps:  # `induction … with | zero => t`: as the search
                steps[-1] = steps[-1].rstrip().removesuffix(" with")  # sends it, `induction …` then
                steps.append("case " + raw.strip()[2:])  # `case zero => t`
            else:
                steps.append(raw)
        for raw in steps:
            tac = raw.strip().lstrip("·").strip()
            if tac.startswith(("case ", "next")) and "=>" in tac:
                tac = tac.split("=>", 1)[1].strip()
            if not tac:
                continue
            if not branches:
                return False
            branch = self.entry.branches[branches[0]]
            res = self.app.try_apply_tactic(self.entry, branch, tac, 1000)
            if "value" not in res:
                return False
            branches = [b["branch_id"] for b in res["value"]] + branches[1:]
        return not branches


def run(
    rows: list[dict],
    seed: int,
    n_mutants: int,
    budget_s: float,
    paths: tuple[str, ...] = ("tactic", "source", "command", "whole_proof"),
    wrappers: bool = True,
    progress: Callable[[str], None] | None = None,
    surface: tuple[int, int, int] = (0, 0, 0),
) -> Report:
    """Attack `n_mutants` refutable mutants (seeded); stops early when `budget_s` is spent. `surface`
    = (hand-written false statements, mutants of the new-surface theorems, random false closed
    statements) attacked first; the closed ones only with CLOSED_CLOSERS, on the tactic and source
    paths (they have no hypotheses for the other scripts to use)."""
    rng = random.Random(seed)
    rep = Report()
    t0 = time.monotonic()
    p = Paths()

    def attempt(path: str, mid: str, kind: str, text: str, fn: Callable[[], bool]) -> None:
        rep.tried[path] = rep.tried.get(path, 0) + 1
        if fn():
            rep.accepted.append((path, mid, kind, text))

    for name, st in false_closed(rng, surface[2]):
        if time.monotonic() - t0 > budget_s:
            break
        if _root_goal("", st) is None:
            continue
        rep.mutants += 1
        cm = Mutant(name, "", st, "closed", "")
        for c in CLOSED_CLOSERS:
            src = _wrap(st, c)
            if "tactic" in paths:
                attempt("tactic", name, f"closed {c}", c, lambda m=cm, s=c: p.tactics_close(m, s))
            if "source" in paths:
                attempt("source", name, f"closed {c}", src, lambda s=src: p.source_valid(s))
    first = list(hand_mutants(rng, surface[0])) + list(mutants(surface_rows(), rng, surface[1]))
    for m0 in itertools.chain(first, mutants(rows, rng, n_mutants)):
        for m in (m0, with_internal_names(m0)):
            if m is None or time.monotonic() - t0 > budget_s:
                continue
            rep.mutants += 1
            if progress:
                progress(f"{m.id} ({m.how})")
            for kind, script in scripts_for(m):
                if time.monotonic() - t0 > budget_s:
                    break
                src = _wrap(m.statement, script)
                if m.header:
                    src = m.header + "\n" + src
                if "tactic" in paths:
                    attempt("tactic", m.id, kind, script, lambda m=m, s=script: p.tactics_close(m, s))
                if "whole_proof" in paths:
                    attempt("whole_proof", m.id, kind, script, lambda m=m, s=script: p.whole_proof_ok(m, s))
                if "source" in paths:
                    attempt("source", m.id, kind, src, lambda s=src: p.source_valid(s))
                if "command" in paths:
                    attempt("command", m.id, kind, src, lambda s=src: p.command_ok(s))
            if not wrappers:
                continue
            # the hiding commands do not depend on the script: a few scripts suffice
            for kind, script in [s for s in scripts_for(m) if s[0] in WRAPPED_SCRIPTS]:
                for wk, src in source_wrappers(m, script)[1:]:
                    if time.monotonic() - t0 > budget_s:
                        break
                    if "source" in paths:
                        attempt("source", m.id, f"{kind} / {wk}", src, lambda s=src: p.source_valid(s))
                    if "command" in paths:
                        attempt("command", m.id, f"{kind} / {wk}", src, lambda s=src: p.command_ok(s))
                if "tactic" in paths:  # a proof started behind `open … in` / `set_option … in`
                    for prefix in ("open Nat in\n", "set_option maxHeartbeats 400000 in\n"):
                        attempt(
                            "tactic",
                            m.id,
                            f"{kind} / {prefix.strip()}",
                            prefix + script,
                            lambda m=m, s=script, pre=prefix: p.tactics_close(m, s, pre),
                        )
    rep.seconds = time.monotonic() - t0
    return rep


def hand_mutants(rng: random.Random, limit: int) -> Iterator[Mutant]:
    """Up to `limit` of the hand-written false statements (seeded sample), those minilean states."""
    rows = false_statements()
    for name, st in rng.sample(rows, min(limit, len(rows))):
        if _root_goal("", st) is not None:
            yield Mutant(name, "", st, "hand-written", "")


def corpus(minif2f: bool = True) -> list[dict]:
    """Mutation sources: the shipped theorems with reference proofs (minilean and competition sets) and,
    with `minif2f`, the MiniF2F statements minilean states (no proof: attacked with the other scripts;
    MiniF2F proofs are never read)."""
    import json
    from pathlib import Path

    import minilean

    data = Path(minilean.__file__).resolve().parent / "data"
    rows = []
    for name in ("theorems.jsonl", "comp_theorems.jsonl"):
        with open(data / name, encoding="utf-8") as fh:
            rows += [r for r in (json.loads(x) for x in fh if x.strip()) if r.get("proof")]
    for r in rows:
        full_proof_source(r)  # a malformed row is an error here, not a silent skip
    if minif2f:
        from minilean import minif2f as mf

        rows += [dict(r, proof="") for split in mf.SPLITS for r in mf.statable_rows(split)]
    return rows


def reference_proofs() -> list[dict]:
    """The shipped theorems with reference proofs only."""
    return corpus(minif2f=False)


__all__ = [
    "INTERNAL_NAMES",
    "Mutant",
    "Paths",
    "Report",
    "attack_scripts",
    "corpus",
    "hand_mutants",
    "mutants",
    "reference_proofs",
    "run",
]
