"""Reachability: search again, at a larger budget, the eval theorems a checkpoint failed.

    .venv/bin/python -m experiments.reach --home H --checkpoint H/checkpoints/sft/model.pt \\
        --solved OUT/sft-eval-minilean-64.json --simulations 512

`--solved` is a JSON list of per-theorem outcomes on the fixed eval set, in its order (one seed's list
from `experiments.eval_seeds`' output). Prints each failure's outcome and proof at the new budget: what a
policy that distilled this much search into its prior could prove (docs/RL_EXPERIMENTS.md).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from experiments.common import prove, statements


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--checkpoint", type=Path, required=True)
    ap.add_argument("--solved", type=Path, required=True)
    ap.add_argument("--simulations", type=int, default=512)
    ap.add_argument("--samples", type=int, default=6, help="tactics sampled per expansion")
    ap.add_argument("--eval-dataset", default="minilean")
    args = ap.parse_args(argv)

    import torch

    from core.profiles import get_profile
    from lean_io.local import minilean_servers

    torch.set_num_threads(1)
    solved = json.loads(args.solved.read_text())
    valid = [r for r in statements(args.home / "corpora" / "benchmark_statements.parquet", "valid")
             if r["dataset"] == args.eval_dataset]
    if len(solved) != len(valid):
        raise SystemExit(f"--solved has {len(solved)} outcomes, the eval set {len(valid)} theorems")
    fails = [r for r, ok in zip(valid, solved, strict=True) if not ok]
    config = get_profile("smoke").search.replace(num_simulations=args.simulations, time_budget_s=900.0,
                                                 num_samples=args.samples)
    with minilean_servers(2, 4) as servers:
        attempts = prove(fails, args.checkpoint, args.home / "tokenizer" / "tokenizer.json", config,
                         servers, seed=0)
    for row, attempt in zip(fails, attempts, strict=True):
        print(row["id"], attempt.outcome, (attempt.proof or "").replace("\n", " ; ")[:160])
    print(f"proven {sum(a.outcome == 'proven' for a in attempts)} of {len(fails)} at {args.simulations} "
          "simulations")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
