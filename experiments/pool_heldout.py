"""Does RL learn anything that carries over inside its own distribution? (docs/RL_EXPERIMENTS.md)

    .venv/bin/python -m experiments.pool_heldout --home H --per-level 40 --seeds 0,1,2 \\
        --out OUT.json H/checkpoints/sft/model.pt H/checkpoints/rl/iteration=8/model.pt

The competition pool (`minilean/data/comp_pool.jsonl`) holds thousands of statements; an RL run attempts
a few hundred. The statements of levels 2–4 that the run in ``--home`` never attempted (its `attempts`
table, read through DuckDB) are held-out problems from the very distribution RL trained on. A seeded
sample of ``--per-level`` of them per level is searched by each checkpoint at the eval budget (64
simulations, one search per seed, no wall-clock limit), and the per-level counts are printed: if RL beats
SFT here but not on MiniF2F-lite, the gap is the distance between the pool and MiniF2F; if not even here,
the RL update itself carries nothing to unseen statements.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from experiments.common import solved


def heldout(home: Path, pool: Path, levels: tuple[int, ...], per_level: int, seed: int,
            families: tuple[str, ...] = ()) -> list[dict]:
    """``per_level`` pool statements per level that the run in ``home`` never attempted (only of
    ``families`` when given, e.g. the ones an arm's ``rl.comp_pool_families`` drew from)."""
    from pipelines.query import connect

    con = connect(home)
    tried = {r[0] for r in con.execute("SELECT DISTINCT theorem_id FROM attempts").fetchall()}
    con.close()
    rows = [json.loads(line) for line in pool.read_text().splitlines() if line.strip()]
    rng = random.Random(seed)
    picked: list[dict] = []
    for level in levels:
        fresh = sorted((r for r in rows if r["level"] == level and r["id"] not in tried
                        and (not families or r["family"] in families)),
                       key=lambda r: r["id"])
        picked += rng.sample(fresh, min(per_level, len(fresh)))
    return picked


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("checkpoints", type=Path, nargs="+")
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--pool", type=Path, default=Path(__file__).resolve().parents[1] / "minilean" / "data"
                    / "comp_pool.jsonl")
    ap.add_argument("--levels", default="2,3,4")
    ap.add_argument("--per-level", type=int, default=40)
    ap.add_argument("--families", default="", help="comma list; default every family")
    ap.add_argument("--sample-seed", type=int, default=0)
    ap.add_argument("--seeds", default="0,1,2", help="search seeds")
    ap.add_argument("--simulations", type=int, default=64)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)

    import torch

    from core.atomic import atomic_write_text
    from core.profiles import get_profile
    from lean_io.local import minilean_servers

    torch.set_num_threads(1)
    levels = tuple(int(x) for x in args.levels.split(","))
    families = tuple(f for f in args.families.split(",") if f)
    rows = heldout(args.home, args.pool, levels, args.per_level, args.sample_seed, families)
    theorems = [{k: r[k] for k in ("dataset", "id", "split", "header", "statement")} for r in rows]
    tokenizer = args.home / "tokenizer" / "tokenizer.json"
    results: dict = json.loads(args.out.read_text()) if args.out.is_file() else {}
    results["theorems"] = [{"id": r["id"], "level": r["level"], "family": r["family"]} for r in rows]
    with minilean_servers(2, 4) as servers:
        for ckpt in args.checkpoints:
            runs = results.setdefault(str(ckpt), {})
            for seed in (int(s) for s in args.seeds.split(",")):
                if str(seed) not in runs:
                    search = get_profile("smoke").search.replace(num_simulations=args.simulations,
                                                                 time_budget_s=600.0, seed=seed)
                    runs[str(seed)] = solved(theorems, ckpt, tokenizer, search, servers)
                    atomic_write_text(args.out, json.dumps(results))  # a killed run keeps finished seeds
                outcomes = list(zip(runs[str(seed)], rows, strict=True))
                per_level = {lv: sum(ok for ok, r in outcomes if r["level"] == lv) for lv in levels}
                print(f"{ckpt} seed {seed}: {sum(runs[str(seed)])} / {len(rows)} "
                      f"(by level {' / '.join(str(per_level[lv]) for lv in levels)})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
