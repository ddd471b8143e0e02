"""Reach of short scripts: which eval theorems a two-line proof from a fixed vocabulary closes in minilean.

    .venv/bin/python -m experiments.short_scripts --split valid --out OUT.json

The vocabulary is what the competition SFT rows teach (docs/RL_EXPERIMENTS.md): one automation call,
optionally with the statement's hypotheses or square hints (`nlinarith [sq_nonneg (a - b), …]`), after
at most one preparing step (`norm_num at h ⊢`, `field_simp`, `subst`, `constructor`, `interval_cases`,
`rw [h]`, `have := h k` is not tried: it needs a term the statement does not name). Every script is built
from the statement alone, never from a proof. The count says how much of MiniF2F-lite a policy that
learned this vocabulary perfectly could prove: the ceiling for RL on short proofs, beside the automation
baseline (one tactic alone) and the policy's own numbers.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from minilean import minif2f
from minilean.baseline import TACTICS, root_state
from minilean.engine import ProofState, TacticError, apply_tactic
from search.explore import closer_vocabulary

NUMERIC = ("ℕ", "ℤ", "ℚ", "ℝ", "ℂ")


def _context(state: ProofState) -> tuple[list[str], list[tuple[str, str]], list[tuple[str, str]]]:
    """(hypothesis names, numeric variables with their sort, equations `name, lhs-var` usable by subst)."""
    goal = state.goals[0]
    lines = goal.render().splitlines()
    hyps, nums, eqs = [], [], []
    for h in goal.hyps:
        if not h.accessible:
            continue
        if isinstance(h.ty, str):
            if h.ty in NUMERIC:
                nums.append((h.name, h.ty))
        else:
            hyps.append(h.name)
            line = next((ln for ln in lines if ln.startswith(f"{h.name} : ")), "")
            lhs = line[len(h.name) + 3 :].split(" = ", 1)[0].strip()
            if " = " in line and lhs.isidentifier():
                eqs.append((h.name, lhs))
    return hyps, nums, eqs


def finishers(state: ProofState) -> list[str]:
    """One-line closers: automation alone, with the hypotheses, with square hints over variable pairs (the
    vocabulary the RL rollouts explore with, `search.explore.closer_vocabulary`)."""
    hyps, nums, _ = _context(state)
    return closer_vocabulary(hyps, nums)


def preparers(state: ProofState) -> list[str]:
    """First lines that change the goal's shape without closing it."""
    hyps, nums, eqs = _context(state)
    out = ["norm_num", "field_simp", "constructor", "intro x", "push_cast", "ring_nf"]
    if hyps:
        names = " ".join(hyps)
        commas = ", ".join(hyps)
        out += [f"norm_num at {names} ⊢", f"field_simp at {names} ⊢", f"ring_nf at {names} ⊢",
                f"norm_num [{commas}] at {names} ⊢", f"simp only [{commas}] at *"]
    if eqs:
        out.append("subst_vars")
    out += [f"subst {v}" for _, v in eqs]
    out += [f"rw [{h}]" for h, _ in eqs]
    out += [f"interval_cases {v}" for v, s in nums if s in ("ℕ", "ℤ")]
    return out


def _closes(state: ProofState, tactic: str, ms: int) -> list[ProofState] | None:
    try:
        return apply_tactic(state, tactic, timeout_ms=ms)
    except TacticError:
        return None


def _close_all(goals: list[ProofState], ms: int) -> list[str] | None:
    """A finisher for every goal (each may differ, as `<;> first | …` would pick), or None."""
    used = []
    for g in goals:
        hit = next((t for t in finishers(g) if _closes(g, t, ms) == []), None)
        if hit is None:
            return None
        used.append(hit)
    return used


def shortest(statement: str, ms: int = 1000, max_goals: int = 12) -> list[str] | None:
    """The first script of ≤ 2 lines (a preparer then per-goal finishers) that closes `statement`."""
    root = root_state(statement)
    for t in finishers(root):
        if _closes(root, t, ms) == []:
            return [t]
    for p in preparers(root):
        goals = _closes(root, p, ms)
        if not goals or len(goals) > max_goals:
            continue
        fin = _close_all(goals, ms)
        if fin is not None:
            return [p, *fin]
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", default="valid", choices=list(minif2f.SPLITS))
    ap.add_argument("--timeout-ms", type=int, default=1000)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    rows = minif2f.statable_rows(args.split)
    t0, found = time.perf_counter(), {}
    for r in rows:
        found[r["id"]] = shortest(r["statement"], ms=args.timeout_ms)
    one = [i for i, s in found.items() if s and len(s) == 1 and s[0] in TACTICS]
    any_ = [i for i, s in found.items() if s]
    first = Counter(s[0].split(" ")[0].split("[")[0] for s in found.values() if s)
    report = {"split": args.split, "statable": len(rows), "automation_alone": len(one),
              "short_script": len(any_), "two_line": sum(1 for s in found.values() if s and len(s) > 1),
              "first_tactic": dict(first.most_common()), "seconds": round(time.perf_counter() - t0, 1),
              "scripts": found}
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text(json.dumps(report, indent=1, ensure_ascii=False))
    tmp.replace(args.out)
    print(f"{args.split}: {len(any_)} of {len(rows)} statable closed by a script of ≤ 2 lines "
          f"({report['two_line']} need 2 lines); automation alone {len(one)}; {report['seconds']} s")
    print("first tactic:", ", ".join(f"{k} {v}" for k, v in first.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
