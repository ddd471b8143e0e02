"""The fixed eval (minilean `valid`), repeated over search seeds, for several checkpoints.

    .venv/bin/python -m experiments.eval_seeds --home H --seeds 0,1,2 --out OUT.json CKPT [CKPT ...]

One search seed is not a measurement of an RL policy: SFT's outcome moves by ±1 between seeds, an RL
policy's by up to 6 points (docs/RL_EXPERIMENTS.md). Each checkpoint is searched on minilean
`valid` at 64 simulations with `SearchConfig.seed` = each seed, no wall-clock limit; prints and writes the
per-seed rates, their mean and the per-theorem outcomes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from experiments.common import solved, statements


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("checkpoints", type=Path, nargs="+")
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--simulations", type=int, default=64)
    ap.add_argument("--eval-dataset", default="minilean")
    ap.add_argument("--split", default="valid", choices=["valid", "test"],
                    help="test is reported, never tuned on")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--device", default="cpu", help="where the policy runs: cpu, cuda, cuda:N")
    ap.add_argument("--servers", type=int, default=2, help="local minilean servers")
    ap.add_argument("--processes", type=int, default=4, help="Lean processes per minilean server")
    ap.add_argument("--concurrency", type=int, default=None,
                    help="searches in flight (default: the smoke profile's)")
    args = ap.parse_args(argv)

    import torch

    from core.atomic import atomic_write_text
    from core.profiles import get_profile
    from lean_io.local import minilean_servers

    torch.set_num_threads(1)
    valid = [r for r in statements(args.home / "corpora" / "benchmark_statements.parquet", args.split)
             if r["dataset"] == args.eval_dataset]
    seeds = [int(s) for s in args.seeds.split(",")]
    tokenizer = args.home / "tokenizer" / "tokenizer.json"
    results: dict[str, dict] = json.loads(args.out.read_text()) if args.out.is_file() else {}
    with minilean_servers(args.servers, args.processes) as servers:
        for ckpt in args.checkpoints:
            runs = results.setdefault(str(ckpt), {})
            for seed in seeds:
                if str(seed) in runs:
                    continue
                search = get_profile("smoke").search.replace(num_simulations=args.simulations,
                                                             time_budget_s=600.0, seed=seed)
                if args.concurrency:
                    search = search.replace(concurrency=args.concurrency)
                runs[str(seed)] = solved(valid, ckpt, tokenizer, search, servers, device=args.device)
                atomic_write_text(args.out, json.dumps(results))  # a killed run keeps finished seeds
            rates = [100 * sum(runs[str(s)]) / len(valid) for s in seeds]
            print(f"{ckpt}: seeds {seeds} -> {' / '.join(f'{r:.0f}' for r in rates)} "
                  f"(mean {sum(rates) / len(rates):.1f})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
