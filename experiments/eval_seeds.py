"""The fixed eval of `experiments.rl_loop`, repeated over search seeds, for several checkpoints.

    .venv/bin/python -m experiments.eval_seeds --home H --seeds 0,1,2 --out OUT.json CKPT [CKPT ...]

One search seed is not a measurement of an RL policy (docs/RL_EXPERIMENTS.md, session 4: SFT's outcome
moves by ±1 between seeds, an RL policy's by up to 6 points). Each checkpoint is searched on minilean
`valid` at 64 simulations with `SearchConfig.seed` = each seed, no wall-clock limit; prints and writes the
per-seed rates, their mean and the per-theorem outcomes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from experiments.rl_loop import _eval, _statements


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("checkpoints", type=Path, nargs="+")
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--simulations", type=int, default=64)
    ap.add_argument("--eval-dataset", default="minilean")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)

    import torch

    from core.atomic import atomic_write_text
    from core.profiles import get_profile
    from lean_io.local import minilean_servers
    from search.config import SearchConfig

    torch.set_num_threads(1)
    valid = [r for r in _statements(args.home / "corpora" / "benchmark_statements.parquet", "valid")
             if r["dataset"] == args.eval_dataset]
    seeds = [int(s) for s in args.seeds.split(",")]
    tokenizer = args.home / "tokenizer" / "tokenizer.json"
    results: dict[str, dict] = json.loads(args.out.read_text()) if args.out.is_file() else {}
    with minilean_servers(2, 4) as servers:
        for ckpt in args.checkpoints:
            runs = results.setdefault(str(ckpt), {})
            for seed in seeds:
                if str(seed) in runs:
                    continue
                search = SearchConfig.from_profile(get_profile("smoke"), num_simulations=args.simulations,
                                                   time_budget_s=600.0, seed=seed)
                runs[str(seed)] = _eval(valid, ckpt, tokenizer, search, servers, concurrency=8)
                atomic_write_text(args.out, json.dumps(results))  # a killed run keeps finished seeds
            rates = [100 * sum(runs[str(s)]) / len(valid) for s in seeds]
            print(f"{ckpt}: seeds {seeds} -> {' / '.join(f'{r:.0f}' for r in rates)} "
                  f"(mean {sum(rates) / len(rates):.1f})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
