"""Does a checkpoint split cases on the right proposition? (docs/RL_EXPERIMENTS.md)

    .venv/bin/python -m experiments.split_probe --home H CKPT [CKPT ...]

The eval theorems that need classical reasoning are those whose minilean `autoprove` proof uses
`by_cases` (it tries a case split only when no constructive step closes the goal). At the state of each
one's first split, this scores, teacher-forced, the log-probability of autoprove's split and of the same
split on each other propositional variable of the state, and prints per checkpoint the means and how
often the right split beats the best wrong one, and where the right split ranks among the tactics the
checkpoint samples at that state for the search (6, as at an expansion; the search tries them in this
order, so only rank 1 is followed first).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from experiments.common import statements


def split_states(statements: list[str]) -> list[tuple[int, str, str, list[str]]]:
    """(index, state, autoprove's split, the same split on the other variables) per classical theorem."""
    from minilean.autoprove import ProofTree, Prover
    from minilean.engine import elaborate, initial_env

    def first_split(tree: ProofTree) -> ProofTree | None:
        if tree.tactic.startswith("by_cases"):
            return tree
        return next((f for c in tree.children if (f := first_split(c)) is not None), None)

    out = []
    for i, statement in enumerate(statements):
        res = elaborate(initial_env(), statement)
        tree = Prover().prove(res.sorries[0]) if not res.has_errors and len(res.sorries) == 1 else None
        split = first_split(tree) if tree is not None else None
        if split is None:
            continue
        state = split.state.render()
        name, var = split.tactic.split()[1], split.tactic.rsplit(":", 1)[1].strip()
        others = [f"by_cases {name} : {v}" for v in "pqrs" if v != var and f"\n{v} : Prop" in f"\n{state}"]
        if others:
            out.append((i, state, split.tactic, others))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("checkpoints", type=Path, nargs="+")
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--eval-dataset", default="minilean")
    args = ap.parse_args(argv)

    import torch
    import torch.nn.functional as F

    from models.sampler import SamplingSettings
    from models.tokenizer import ProofTokenizer
    from registry.checkpoint import load_checkpoint
    from search.policy import SamplerPolicy

    tokenizer = ProofTokenizer.load(args.home / "tokenizer" / "tokenizer.json")
    valid = [r for r in statements(args.home / "corpora" / "benchmark_statements.parquet", "valid")
             if r["dataset"] == args.eval_dataset]
    cases = split_states([r["statement"] for r in valid])
    print(f"{len(cases)} of {len(valid)} eval theorems need a case split:",
          ", ".join(valid[i]["id"] for i, *_ in cases))

    def logprob(model: torch.nn.Module, state: str, tactic: str) -> float:
        ids, mask = tokenizer.tactic_row(state, tactic)
        x = torch.tensor([ids])
        with torch.no_grad():
            logp = F.log_softmax(model(x[:, :-1]).float(), dim=-1)[0, torch.arange(len(ids) - 1), x[0, 1:]]
        return float(logp[torch.tensor(mask[1:], dtype=torch.bool)].sum())

    for ckpt in args.checkpoints:
        model, _ = load_checkpoint(str(ckpt), tokenizer, map_location="cpu")
        model.eval()
        right = [logprob(model, s, t) for _, s, t, _ in cases]
        wrong = [max(logprob(model, s, w) for w in ws) for _, s, _, ws in cases]
        wins = sum(a > b for a, b in zip(right, wrong, strict=True))
        sampled = SamplerPolicy.from_checkpoint(ckpt, args.home / "tokenizer" / "tokenizer.json",
                                                SamplingSettings(num_samples=6, max_new_tokens=24),
                                                device="cpu", seed=0)
        outputs = sampled([s for _, s, _, _ in cases], list(range(len(cases))))
        ranks = [1 + sum(lp > r for tac, lp in zip(o.tactics, o.logprobs, strict=True) if tac != t)
                 for (_, _, t, _), r, o in zip(cases, right, outputs, strict=True)]
        print(f"{ckpt}: log p right split {sum(right) / len(right):.2f}, best wrong split "
              f"{sum(wrong) / len(wrong):.2f}, right > wrong {wins} / {len(cases)}; right split's rank "
              f"among 6 samples {sum(ranks) / len(ranks):.1f} (first in {ranks.count(1)})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
