"""What is a perfect critic worth to the 64-simulation search? (docs/RL_EXPERIMENTS.md)

    .venv/bin/python -m experiments.critic_probe --home H --seeds 0,1,2 CKPT [CKPT ...]

Searches the fixed eval set twice per checkpoint and search seed: with the checkpoint's own critic, and
with an oracle in its place wherever the state is decidably hopeless. A state is hopeless when one of its
goals has a countermodel (minilean's parser reads the goal, z3 decides `hyps → target`); the oracle then
reports the largest proof depth (64), the value a critic trained on dead ends would aim for. Elsewhere the
checkpoint's value is kept. The gap between the two runs bounds what critic training can add at this
search budget; `--learned` also prints the checkpoint's own mean predicted depth on the hopeless and the
provable states the oracle saw, i.e. whether its critic tells them apart at all.

Offline-only: the oracle needs minilean's decision procedures, which real Lean states do not have.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from experiments.common import statements

HOPELESS_DEPTH = 64.0
_INACCESSIBLE = re.compile(r"[✝¹²³⁴⁵⁶⁷⁸⁹⁰]")


def goal_validity(goal_text: str) -> bool | None:
    """One rendered goal (`case` line, `names : type` lines, `⊢ target`): True when `hyps → target` is
    valid, False when it has a countermodel, None when minilean cannot read it or z3 cannot decide."""
    from minilean import smt
    from minilean.engine import elaborate, initial_env

    binders: list[str] = []
    target = None
    for i, line in enumerate(goal_text.splitlines()):
        if not line.strip() or line.startswith("case "):
            continue
        if line.startswith("⊢ "):
            target = line[2:]
            continue
        names, sep, ty = line.partition(" : ")
        if not sep:
            return None
        # inaccessible names (h✝) cannot be written back; no type mentions a hypothesis, so rename them
        fresh = [f"_h{i}_{j}" if _INACCESSIBLE.search(n) else n for j, n in enumerate(names.split())]
        binders.append(f"({' '.join(fresh)} : {ty})")
    if target is None:
        return None
    res = elaborate(initial_env(), f"theorem critic_probe {' '.join(binders)} : {target} := by\n  sorry")
    if res.has_errors or len(res.sorries) != 1:
        return None
    goal = res.sorries[0].goals[0]
    hyps = [h.ty for h in goal.hyps if not h.is_var]
    try:
        return smt.valid(hyps, goal.target, goal.sorts(), timeout_ms=500)
    except smt.Untranslatable:
        return None


def state_validity(state_text: str) -> bool | None:
    """False when any goal of the state is refutable (the state cannot be proved), True when every goal
    is valid, None otherwise."""
    answers = [goal_validity(g) for g in state_text.split("\n\n") if g.strip()]
    if any(a is False for a in answers):
        return False
    return True if answers and all(a is True for a in answers) else None


class OracleCritic:
    """A policy whose value is `HOPELESS_DEPTH` on refutable states and the inner policy's elsewhere;
    tactics and their log-probabilities are the inner policy's, unchanged."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.model_version = getattr(inner, "model_version", None)
        self.learned: dict[bool, list[float]] = {True: [], False: []}  # validity -> inner's depths

    def __call__(self, states: Sequence[str], seeds: Sequence[int] | None = None) -> list[Any]:
        from search.policy import SampleOutput

        outputs = self.inner(states, seeds)
        result = []
        for state, out in zip(states, outputs, strict=True):
            verdict = state_validity(state)
            if verdict is not None:
                self.learned[verdict].append(float(out.value))
            value = HOPELESS_DEPTH if verdict is False else out.value
            result.append(SampleOutput(out.tactics, out.logprobs, value))
        return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("checkpoints", type=Path, nargs="+")
    ap.add_argument("--home", type=Path, required=True, help="the foundation's artifacts directory")
    ap.add_argument("--seeds", default="0", help="search seeds, comma-separated")
    ap.add_argument("--simulations", type=int, default=64)
    ap.add_argument("--eval-dataset", default="minilean")
    ap.add_argument("--learned", action="store_true", help="also search with the checkpoint's own critic")
    ap.add_argument("--out", type=Path, help="per-theorem outcomes as JSON")
    args = ap.parse_args(argv)

    import torch

    from core.profiles import get_profile
    from lean_io.local import minilean_servers
    from lean_io.pool import SlotPool
    from models.sampler import SamplingSettings
    from search.batching import BatchingPolicy
    from search.policy import SamplerPolicy
    from search.runner import prove_many

    torch.set_num_threads(1)
    valid = [r for r in statements(args.home / "corpora" / "benchmark_statements.parquet", "valid")
             if r["dataset"] == args.eval_dataset]
    tokenizer = args.home / "tokenizer" / "tokenizer.json"
    results: dict[str, dict[str, list[bool]]] = {}
    with minilean_servers(2, 4) as servers:
        for ckpt in args.checkpoints:
            for seed in [int(s) for s in args.seeds.split(",")]:
                search = get_profile("smoke").search.replace(num_simulations=args.simulations,
                                                             time_budget_s=600.0, seed=seed)
                for critic in (["learned", "oracle"] if args.learned else ["oracle"]):
                    inner = SamplerPolicy.from_checkpoint(
                        ckpt, tokenizer, SamplingSettings(num_samples=search.num_samples, max_new_tokens=24),
                        device="cpu", seed=0)
                    policy = OracleCritic(inner) if critic == "oracle" else inner
                    pool = SlotPool(servers)
                    with BatchingPolicy(policy, max_batch=8) as batched:
                        attempts = prove_many(valid, pool, batched, search, 8, model_version=str(ckpt))
                    pool.close()
                    solved = [a.outcome == "proven" for a in attempts]
                    results.setdefault(str(ckpt), {})[f"{critic}-{seed}"] = solved
                    line = f"{ckpt} seed {seed} {critic} critic: {sum(solved)} / {len(solved)}"
                    if isinstance(policy, OracleCritic):
                        hopeless, fine = policy.learned[False], policy.learned[True]
                        line += (f"; its own critic's mean depth on {len(hopeless)} refutable states "
                                 f"{sum(hopeless) / max(1, len(hopeless)):.2f}, on {len(fine)} valid ones "
                                 f"{sum(fine) / max(1, len(fine)):.2f}")
                    print(line, flush=True)
    if args.out:
        args.out.write_text(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
