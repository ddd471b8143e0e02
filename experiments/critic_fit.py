"""Can the `tiny` model's critic learn refutability at all, given plenty of perfect labels?
(docs/RL_EXPERIMENTS.md, session 9)

    .venv/bin/python -m experiments.critic_fit collect --home H --checkpoint CKPT --iterations 1,2 --out C
    .venv/bin/python -m experiments.critic_fit fit --home H --checkpoint CKPT --out DIR C [C ...]
    .venv/bin/python -m experiments.critic_probe --home H --seeds 0 --learned DIR/model.pt

`collect` searches frontier statements (`rl.frontier`, the driver's arm-V settings: levels 3-4,
families 0.7 / 0 / 0.3) at 256 simulations and keeps, per search, the proof's transitions and every
unproven OR node it visited, each labelled by the oracle of `experiments.critic_probe` (z3 finds a
countermodel: refutable; valid; or undecided). `fit` trains the checkpoint further on the proven
searches' tactic and value rows, plus one value row per labelled unproven state: refutable states at
`--hopeless-depth`, valid ones at the checkpoint's own predicted depth (`--anchor`, so the critic is
taught to separate the two instead of pushing every unfamiliar state far away). The labels are the upper
bound of what search-tree labels (dead ends) could teach: they need minilean's decision procedures.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from experiments.critic_probe import HOPELESS_DEPTH


def critic_rows(records: Iterable[dict[str, Any]], tokenizer: Any, *, seq_len: int,
                hopeless_depth: int = int(HOPELESS_DEPTH),
                anchor: Callable[[Sequence[str]], Sequence[float]] | None = None
                ) -> tuple[list[Any], list[Any]]:
    """(transitions of the proven searches, value rows of the labelled unproven states).

    ``records``: what `collect` writes, one per search: ``outcome``, ``transitions`` (state, tactic,
    value_target) and ``unproven`` ([state, True | False | None]). A refutable state (False) is taught
    ``hopeless_depth``; a valid one (True) the depth ``anchor`` predicts for it, or nothing without an
    anchor; an undecided one (None) nothing. Each state is taught once, even if several searches met it.
    """
    from training.data import SFTRow, transitions_from_replay

    records = list(records)
    transitions = transitions_from_replay(t for r in records if r["outcome"] == "proven"
                                          for t in r["transitions"])
    labels: dict[str, bool] = {}
    for r in records:
        for state, verdict in r["unproven"]:
            if verdict is not None:
                labels.setdefault(state, bool(verdict))
    refutable = [s for s, ok in labels.items() if not ok]
    valid = [s for s, ok in labels.items() if ok] if anchor is not None else []
    depths = [float(hopeless_depth)] * len(refutable) + (list(anchor(valid)) if valid else [])
    rows = []
    for state, depth in zip(refutable + valid, depths, strict=True):
        ids, mask = tokenizer.value_row(state, round(depth))
        if len(ids) <= seq_len + 1:
            rows.append(SFTRow(list(ids), list(mask), True))
    return transitions, rows


def _collect(args: argparse.Namespace) -> None:
    from core.atomic import atomic_write_text
    from core.profiles import get_profile
    from experiments.critic_probe import state_validity
    from lean_io.local import minilean_servers
    from lean_io.pool import SlotPool
    from rl import frontier
    from search.batching import BatchingPolicy
    from search.config import SearchConfig
    from search.policy import SamplerPolicy
    from search.runner import prove_many

    fcfg = frontier.FrontierConfig(per_iteration=48, levels=(3, 4), family_weights=(0.7, 0.0, 0.3), seed=0)
    rows = [r for i in args.iterations.split(",") for r in frontier.generate(int(i), fcfg)]
    for r in rows:
        r["num_simulations"] = args.simulations
    search = SearchConfig.from_profile(get_profile("smoke"), num_simulations=args.simulations,
                                       time_budget_s=600.0, hard_state_visits=1, hard_state_limit=64)
    policy = SamplerPolicy.from_checkpoint(args.checkpoint, args.home / "tokenizer" / "tokenizer.json",
                                           num_samples=search.num_samples, max_new_tokens=24, device="cpu",
                                           seed=0)
    with minilean_servers(2, 4) as servers:
        pool = SlotPool(servers)
        with BatchingPolicy(policy, max_batch=8) as batched:
            attempts = prove_many(rows, pool, batched, search, 8)
        pool.close()
    records = [{"outcome": a.outcome,
                "transitions": [{"state": t.state, "tactic": t.tactic, "value_target": t.value_target}
                                for t in a.transitions],
                "unproven": [[s, state_validity(s)] for s in a.hard_states]} for a in attempts]
    atomic_write_text(args.out, json.dumps(records))
    unproven = [u for r in records for u in r["unproven"]]
    proven = sum(r["outcome"] == "proven" for r in records)
    refutable, valid = sum(u[1] is False for u in unproven), sum(u[1] is True for u in unproven)
    print(f"{proven} proven of {len(records)}; {len(unproven)} unproven states: {refutable} refutable, "
          f"{valid} valid")


def _fit(args: argparse.Namespace) -> None:
    from core.profiles import StageSettings, get_profile
    from models.tokenizer import ProofTokenizer
    from search.policy import SamplerPolicy
    from training.data import SFTDataset
    from training.train import run_stage

    tokenizer_path = args.home / "tokenizer" / "tokenizer.json"
    tokenizer = ProofTokenizer.load(tokenizer_path)
    anchor = None
    if args.anchor:
        old = SamplerPolicy.from_checkpoint(args.checkpoint, tokenizer_path, num_samples=1, max_new_tokens=4,
                                            device="cpu", seed=0)

        def anchor(states: Sequence[str]) -> list[float]:
            return [o.value for i in range(0, len(states), 32) for o in old(states[i:i + 32])]

    records = [r for f in args.collected for r in json.loads(f.read_text())]
    transitions, rows = critic_rows(records, tokenizer, seq_len=256, hopeless_depth=args.hopeless_depth,
                                    anchor=anchor)
    data = SFTDataset(transitions, tokenizer, 256, extra_rows=rows)
    print(f"{len(transitions)} transitions, {len(rows)} labelled unproven states, {len(data.rows)} rows")
    settings = StageSettings(max_steps=args.steps, batch_size=8, seq_len=256, lr=1e-4, warmdown_frac=0.0,
                             value_weight=1.0)
    result = run_stage("rl", tokenizer=tokenizer, train_data=data, val_data=None, settings=settings,
                       compute=get_profile("smoke").compute, out_dir=args.out,
                       init_checkpoint=args.checkpoint, seed=0, greedy_eval=[], enable_progress_bar=False)
    print("checkpoint", result.checkpoint_path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    collect = sub.add_parser("collect", help="search frontier statements, label their unproven states")
    collect.add_argument("--iterations", default="1,2", help="frontier iterations, comma-separated")
    collect.add_argument("--simulations", type=int, default=256)
    collect.add_argument("--out", type=Path, required=True)
    fit = sub.add_parser("fit", help="train the checkpoint's critic on collected labels")
    fit.add_argument("collected", type=Path, nargs="+")
    fit.add_argument("--out", type=Path, required=True, help="output directory (model.pt)")
    fit.add_argument("--steps", type=int, default=400)
    fit.add_argument("--hopeless-depth", type=int, default=16)
    fit.add_argument("--anchor", action=argparse.BooleanOptionalAction, default=True,
                     help="teach valid unproven states the checkpoint's own depth")
    for p in (collect, fit):
        p.add_argument("--home", type=Path, required=True, help="the foundation's artifacts directory")
        p.add_argument("--checkpoint", type=Path, required=True)
    args = ap.parse_args(argv)

    import torch

    torch.set_num_threads(1)
    _collect(args) if args.command == "collect" else _fit(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
