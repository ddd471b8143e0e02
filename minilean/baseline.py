"""Automation baseline on the statable MiniF2F statements: each of norm_num, linarith, nlinarith, omega,
decide and positivity tried alone at the root (`python -m minilean.coverage --baseline`)."""

from __future__ import annotations

import time

from minilean import minif2f
from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env

TACTICS = ("norm_num", "linarith", "nlinarith", "omega", "decide", "positivity")


def root_state(statement: str) -> ProofState:
    res = elaborate(initial_env(), statement)
    if res.has_errors or len(res.sorries) != 1:
        raise ValueError("not statable")
    return res.sorries[0]


def baseline(split: str, timeout_ms: int = 2000) -> dict:
    """{"statable": n, "proved": {tactic: [ids]}, "any": [ids], "seconds": s} for one split."""
    rows = minif2f.statable_rows(split)
    proved: dict[str, list[str]] = {t: [] for t in TACTICS}
    t0 = time.perf_counter()
    for r in rows:
        state = root_state(r["statement"])
        for tac in TACTICS:
            try:
                if apply_tactic(state, tac, timeout_ms=timeout_ms) == []:
                    proved[tac].append(r["id"])
            except TacticError:
                pass
    any_ = sorted({i for ids in proved.values() for i in ids})
    return {"statable": len(rows), "proved": proved, "any": any_, "seconds": time.perf_counter() - t0}


def print_baseline() -> None:
    for split in minif2f.SPLITS:
        b = baseline(split)
        per = ", ".join(f"{t} {len(ids)}" for t, ids in b["proved"].items())
        print(f"{split}: automation baseline on {b['statable']} statable: {per}; any {len(b['any'])}")
        print(f"  proved by some tactic: {' '.join(b['any'])}")


__all__ = ["TACTICS", "baseline", "print_baseline", "root_state"]
