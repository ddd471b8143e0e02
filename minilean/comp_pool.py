"""The competition pool: seeded competition-style statements for RL (no proofs) and Lean-style SFT rows.

`python -m minilean.comp_pool` draws problems from `minilean.comp_families` and keeps a statement when
- minilean states it and its reference proof checks (`gen_theorems._prove`: replayed tactic by tactic, then
  the whole source elaborated), so every pool statement is provable in the fragment;
- z3 does not refute it (`smt.valid` of hypotheses → goal is not False; proved or undecided is kept);
- its alpha-normal key (`comp_canon`) is new: no duplicate up to renaming, never a MiniF2F statement
  (valid or test) nor one of minilean's shipped theorem sets (minilean, minilean_comp).

Each statement gets a difficulty `level`: 1 = one automation tactic alone (norm_num, linarith, nlinarith,
omega, decide, positivity) closes it at the root; otherwise 2 = a one-line reference proof (a hinted
nlinarith, interval_cases …, a rewrite chain), 3 = two or three lines, 4 = four or more. A seeded hash of
the key sends ~30 % of the statements to the SFT side (with proofs) and the rest to the RL pool
(statements only), so no SFT statement is ever an RL pool statement. The RL-only families
(`minilean.comp_shaped`) go to the RL pool whole.

Files (minilean/data): comp_pool.jsonl (RL, dataset `minilean_comp_pool`), comp_sft.jsonl (SFT
statements and proofs, dataset `minilean_comp_sft`) and comp_sft_leantree.jsonl (the SFT proofs in the
LeanTree format the SFT loader reads).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.atomic import atomic_write_text
from minilean import smt
from minilean.comp_canon import goal_key, minif2f_keys, statement_key
from minilean.comp_families import FAMILIES, Problem
from minilean.comp_shaped import RL_ONLY, SHAPED
from minilean.engine import ProofState, TacticError, apply_tactic, elaborate, initial_env
from minilean.goals import goal_sorts_all

SEED = 20261124
POOL_DATASET = "minilean_comp_pool"
SFT_DATASET = "minilean_comp_sft"
BASELINE = ("norm_num", "linarith", "nlinarith", "omega", "decide", "positivity")
SFT_SHARE = 0.3
ALL_FAMILIES = {**FAMILIES, **SHAPED}  # the shaped families after the others: their rows do not move
_DATA = Path(__file__).resolve().parent / "data"


def pool_path() -> Path:
    return _DATA / "comp_pool.jsonl"


def sft_path() -> Path:
    return _DATA / "comp_sft.jsonl"


def sft_leantree_path() -> Path:
    return _DATA / "comp_sft_leantree.jsonl"


@dataclass(frozen=True)
class Checked:
    key: str
    statement_state: ProofState
    z3: str  # "valid", "unknown" (undecided or untranslatable); refuted statements never get here


def z3_verdict(state: ProofState, timeout_ms: int = 1000) -> str:
    """"valid", "refuted" or "unknown": z3 on hypotheses → goal of the root goal."""
    g = state.goals[0]
    hyps = [h.ty for h in g.hyps if not h.is_var]
    try:
        verdict = smt.valid(hyps, g.target, goal_sorts_all(g), timeout_ms)  # type: ignore[arg-type]
    except smt.Untranslatable:
        return "unknown"
    return "valid" if verdict is True else "refuted" if verdict is False else "unknown"


def baseline_closers(state: ProofState, timeout_ms: int = 500) -> list[str]:
    """The automation tactics that close the root goal alone."""
    out = []
    for tac in BASELINE:
        try:
            if apply_tactic(state, tac, timeout_ms=timeout_ms) == []:
                out.append(tac)
        except TacticError:
            pass
    return out


def level(closers: list[str], proof_lines: int) -> int:
    if closers:
        return 1
    return 2 if proof_lines <= 1 else 3 if proof_lines <= 3 else 4


def _shipped_keys() -> set[str]:
    """Keys of minilean's own theorem sets, which train or evaluate elsewhere."""
    from minilean.gen_comp import load_comp
    from minilean.theorems import load_theorems

    keys = set()
    for r in [*load_theorems(), *load_comp()]:
        k = statement_key(r["statement"], r.get("header", ""))
        if k is not None:
            keys.add(k)
    return keys


def is_sft(key: str, seed: int) -> bool:
    h = int(hashlib.sha256(f"{seed}/{key}".encode()).hexdigest()[:8], 16)
    return h < SFT_SHARE * 0x1_0000_0000


def _check(problem: Problem, ident: str) -> tuple[dict[str, Any], str] | None:
    """The row of a problem (with proof and `_tree`) and why not (None) when it does not qualify."""
    from minilean.gen_theorems import _prove

    res = elaborate(initial_env(), f"theorem {ident} {problem.binders} : {problem.goal} := by\n  sorry")
    if res.has_errors or len(res.sorries) != 1:
        return None
    state = res.sorries[0]
    verdict = z3_verdict(state)
    if verdict == "refuted":
        return None
    try:
        proved = _prove(ident, problem.binders, problem.goal, list(problem.proof))
    except (ValueError, AssertionError, TacticError):
        return None
    if proved is None:
        return None
    statement, lines, tree, _tier = proved
    statement = statement.replace(f"theorem {ident}  :", f"theorem {ident} :", 1)  # no binders
    closers = baseline_closers(state)
    row = {
        "statement": statement,
        "proof": "\n".join(lines),
        "proof_steps": len(lines),
        "baseline": closers,
        "level": level(closers, len(lines)),
        "z3": verdict,
        "_tree": tree,
    }
    return row, goal_key(state.goals[0])


def generate(
    seed: int = SEED, per_family: int = 200, families: Iterable[str] | None = None
) -> dict[str, Any]:
    """{"pool": RL rows, "sft": SFT rows, "stats": counters}; same (seed, per_family, families) → same
    rows."""
    banned = set(minif2f_keys()) | _shipped_keys()
    seen: set[str] = set()
    drawn: set[str] = set()
    pool: list[dict[str, Any]] = []
    sft: list[dict[str, Any]] = []
    stats: Counter[str] = Counter()
    t0 = time.perf_counter()
    for fam in families or ALL_FAMILIES:
        area, make = ALL_FAMILIES[fam]
        rng = random.Random(f"{seed}/{fam}")
        made = 0
        for _ in range(per_family * 10):
            if made >= per_family:
                break
            problem = make(rng)
            text = f"{problem.binders} : {problem.goal}"
            if text in drawn:  # the same text again: skip the checks, the key is known
                stats["dropped_duplicate"] += 1
                continue
            drawn.add(text)
            out = _check(problem, "comp_candidate")
            if out is None:
                stats["dropped_check"] += 1
                continue
            row, key = out
            if key in banned:
                stats["dropped_banned"] += 1
                continue
            if key in seen:
                stats["dropped_duplicate"] += 1
                continue
            seen.add(key)
            made += 1
            side = "sft" if fam not in RL_ONLY and is_sft(key, seed) else "pool"
            ident = f"comp{side}_{hashlib.sha256(key.encode()).hexdigest()[:12]}"
            row["statement"] = row["statement"].replace("theorem comp_candidate ", f"theorem {ident} ", 1)
            full = {"dataset": SFT_DATASET if side == "sft" else POOL_DATASET, "id": ident, "split": "train",
                    "header": "", "family": fam, "area": area, **row}
            if side == "sft":
                sft.append(full)
            else:
                full.pop("proof")
                full.pop("_tree")
                pool.append(full)
    stats["seconds"] = round(time.perf_counter() - t0)
    return {"pool": pool, "sft": sft, "stats": dict(stats)}


def _public(rows: list[dict[str, Any]]) -> str:
    return "".join(
        json.dumps({k: v for k, v in r.items() if not k.startswith("_")}, ensure_ascii=False) + "\n"
        for r in rows
    )


def write(result: dict[str, Any], pool_file: Path, sft_file: Path, leantree_file: Path) -> None:
    from minilean.gen_theorems import leantree_files

    atomic_write_text(pool_file, _public(result["pool"]))
    atomic_write_text(sft_file, _public(result["sft"]))
    files = leantree_files(result["sft"])
    for f in files:
        f["path"] = f["path"].replace("Minilean/Train", "MinileanCompSFT/Train")
    atomic_write_text(leantree_file, "".join(json.dumps(f, ensure_ascii=False) + "\n" for f in files))


def _load(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_pool(levels: Iterable[int] | None = None) -> list[dict[str, Any]]:
    """RL pool rows (statements without proofs), optionally only the given difficulty levels."""
    keep = set(levels) if levels is not None else None
    return [r for r in _load(pool_path()) if keep is None or r["level"] in keep]


def load_sft() -> list[dict[str, Any]]:
    return _load(sft_path())


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts per family and level, the share of ≥ 2-step proofs and of the automation baseline."""
    n = max(1, len(rows))
    return {
        "rows": len(rows),
        "per_family_level": {f"{f}/L{lv}": c for (f, lv), c in sorted(Counter(
            (r["family"], r["level"]) for r in rows).items())},
        "per_level": dict(sorted(Counter(r["level"] for r in rows).items())),
        "multi_step_share": round(sum(r["proof_steps"] >= 2 for r in rows) / n, 3),
        "baseline_share": round(sum(bool(r["baseline"]) for r in rows) / n, 3),
        "z3": dict(Counter(r["z3"] for r in rows)),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--per-family", type=int, default=200)
    args = ap.parse_args(argv)
    result = generate(args.seed, args.per_family)
    write(result, pool_path(), sft_path(), sft_leantree_path())
    report = {"stats": result["stats"], "pool": summary(result["pool"]), "sft": summary(result["sft"])}
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
