"""RL minus SFT over several RL seeds × search seeds, paired over the theorems: the issue's bar as a command.

    .venv/bin/python -m experiments.seed_delta RUN.json [RUN.json ...] [--sft-suffix sft/model.pt]

Each RUN.json is what `experiments.eval_seeds` wrote for one RL seed (one pipeline run): its SFT checkpoint
and its RL checkpoint, each searched with the same search seeds. Per theorem, the RL policy's proof rate
over that run's search seeds minus its own SFT's is averaged over the runs; the interval is a paired
bootstrap over the theorems (resampling theorems keeps every seed's pairing). One RL seed is one run, so
one file measures search noise only; two or more measure the RL seed's noise too.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from evals.spread import Interval, paired_delta


def _rates(runs: dict[str, list[bool]]) -> np.ndarray:
    """Per theorem, the fraction of search seeds that proved it."""
    rows = [np.asarray(v, dtype=np.float64) for v in runs.values()]
    if not rows or len({r.size for r in rows}) != 1:
        raise ValueError("every search seed of a checkpoint must cover the same theorems")
    return np.mean(rows, axis=0)


def split_run(results: dict[str, dict[str, list[bool]]], sft_suffix: str) -> tuple[str, str]:
    """(SFT key, RL key) of one eval_seeds file: the checkpoint path ending in ``sft_suffix`` and the one
    other checkpoint."""
    sft = [k for k in results if k.endswith(sft_suffix)]
    rl = [k for k in results if not k.endswith(sft_suffix)]
    if len(sft) != 1 or len(rl) != 1:
        raise ValueError(f"expected one SFT checkpoint (*{sft_suffix}) and one RL checkpoint, "
                         f"got {sorted(results)}")
    if sorted(results[sft[0]]) != sorted(results[rl[0]]):
        raise ValueError(f"SFT and RL were searched with different seeds: {sorted(results[sft[0]])} vs "
                         f"{sorted(results[rl[0]])}")
    return sft[0], rl[0]


def pooled(files: list[dict[str, dict[str, list[bool]]]], sft_suffix: str = "sft/model.pt",
           samples: int = 10_000) -> dict[str, object]:
    """Mean proved theorems per policy and the paired RL − SFT difference (in theorems) over all runs."""
    sft_rates, rl_rates, per_run = [], [], []
    for results in files:
        sft_key, rl_key = split_run(results, sft_suffix)
        s, r = _rates(results[sft_key]), _rates(results[rl_key])
        sft_rates.append(s)
        rl_rates.append(r)
        per_run.append({"sft": sft_key, "rl": rl_key, "seeds": sorted(results[sft_key]),
                        "sft_mean": float(s.sum()), "rl_mean": float(r.sum())})
    if len({s.size for s in sft_rates}) != 1:
        raise ValueError("the runs were evaluated on different theorem sets")
    s, r = np.mean(sft_rates, axis=0), np.mean(rl_rates, axis=0)
    delta: Interval = paired_delta(r, s, samples=samples)
    n = delta.n
    return {
        "theorems": n,
        "runs": per_run,
        "sft_mean": float(s.sum()),
        "rl_mean": float(r.sum()),
        "delta_theorems": [delta.mean * n, delta.low * n, delta.high * n],
        "rl_only": int(((r > 0) & (s == 0)).sum()),  # proved by some RL seed, by no SFT seed
        "sft_only": int(((s > 0) & (r == 0)).sum()),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", type=Path, nargs="+", help="eval_seeds output files, one per RL seed")
    ap.add_argument("--sft-suffix", default="sft/model.pt", help="how the SFT checkpoint's path ends")
    ap.add_argument("--out", type=Path, default=None, help="also write the summary as JSON")
    args = ap.parse_args(argv)
    from core.atomic import atomic_write_text

    files = []
    for path in args.runs:
        if not path.is_file():
            raise SystemExit(f"seed_delta: no such file: {path}")
        files.append(json.loads(path.read_text()))
    try:
        out = pooled(files, args.sft_suffix)
    except ValueError as e:
        raise SystemExit(f"seed_delta: {e}") from None
    for run in out["runs"]:  # type: ignore[union-attr]
        print(f"{run['rl']}: SFT {run['sft_mean']:.1f}, RL {run['rl_mean']:.1f} "
              f"(mean over seeds {run['seeds']})")
    d = out["delta_theorems"]
    print(f"{len(files)} RL seed(s), {out['theorems']} theorems: SFT {out['sft_mean']:.1f}, "
          f"RL {out['rl_mean']:.1f}, "
          f"RL − SFT {d[0]:+.1f} theorems [{d[1]:+.1f}, {d[2]:+.1f}] (paired 95 %); "
          f"{out['rl_only']} proved only by RL, {out['sft_only']} only by SFT")
    if args.out:
        atomic_write_text(args.out, json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
